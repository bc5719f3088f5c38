"""One place for each rule: Schnapsen's follow rule is the shared ``tricks.legal_follow`` and its
deal scoring is ``schnapsen_scoring.declared``/``undeclared``.  The implementations they replaced
are kept here as references, and seeded random deals (every option combination that changes
them) show that the new code decides exactly as the old one did."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from game.cards import Card
from game.rules import registry
from game.rules.options import SchnapsenOptions
from game.rules.schnapsen_scoring import SCHNEIDER, WIN, score_round
from game.rules.schnapsen_state import SI, STR, SchnapsenState, follow_cards

RULES = registry.get("schnapsen")


def old_follow_cards(s: SchnapsenState, hand: tuple[Card, ...]) -> list[Card] | tuple[Card, ...]:
    """schnapsen_state.follow_cards before it called tricks.legal_follow."""
    if s.specials.closed_by < 0 and s.stock:
        return hand
    led = s.trick[0]
    led_suit = SI[id(led)]
    same = [c for c in hand if SI[id(c)] == led_suit]
    if same:
        strength = STR[id(led)]
        higher = [c for c in same if STR[id(c)] > strength]
        return higher or same
    trump_i = s.setup.trump_i
    trumps = [c for c in hand if SI[id(c)] == trump_i]
    return trumps or hand


def old_score(s: SchnapsenState) -> tuple[tuple[int, int], str]:
    """The game points and row of schnapsen_scoring.score_round before the rows were shared."""
    sp, opts = s.specials, s.setup.options
    closer, x = sp.closed_by, sp.declared_by

    def tier(tricks: int, points: int) -> int:
        return 3 if tricks == 0 else 2 if points < SCHNEIDER else 1

    if x >= 0:
        y = 1 - x
        if s.score(x) >= WIN:
            winner = x
            if closer < 0:
                row, n = 1, tier(s.tally.tricks[y], s.score(y))
            elif closer == x:
                row, n = 2, tier(sp.close_tricks, sp.close_points)
            else:
                row, n = 3, 3 if sp.close_tricks == 0 else 2
        else:
            row, winner = 4, y
            y_tricks = sp.close_tricks if closer == x else s.tally.tricks[y]
            n = 3 if opts.false_claim_penalty == "pagat" and y_tricks == 0 else 2
    elif closer >= 0:
        row, winner = 5, 1 - closer
        n = 3 if opts.closed_no_claim_penalty == "pagat" and sp.close_tricks == 0 else 2
    else:
        row, winner, n = 6, s.last_winner(), 1
    gp = [0, 0]
    gp[winner] = n
    return (gp[0], gp[1]), f"2.6 row {row}"


def random_options(rng: Random) -> SchnapsenOptions:
    return replace(SchnapsenOptions(), false_claim_penalty=rng.choice(("seed", "pagat")),
                   closed_no_claim_penalty=rng.choice(("seed", "pagat")),
                   allow_claim_after_last_trick=rng.random() < 0.5)


def play_deals(seed: int, deals: int):
    """Seeded random deals; the moves lean to closing and declaring so that every row occurs."""
    rng = Random(seed)
    for _ in range(deals):
        s = RULES.new_round(2, rng.randrange(2), Random(rng.randrange(10**9)), random_options(rng))
        while not RULES.is_over(s):
            yield s
            legal = RULES.legal_moves(s)
            eager = [m for m in legal if m.kind in ("close", "declare")]
            moves = eager if eager and rng.random() < 0.3 else legal
            s, _ = RULES.apply(s, moves[rng.randrange(len(moves))])
        yield s


def test_the_follow_rule_decides_as_the_old_schnapsen_copy_did():
    strict = 0  # answers under the duty to follow (stock gone or closed)
    for s in play_deals(11, 1000):
        if RULES.is_over(s) or not s.trick:
            continue
        hand = s.hands[s.to_act]
        assert tuple(follow_cards(s, hand)) == tuple(old_follow_cards(s, hand))
        strict += s.specials.closed_by >= 0 or not s.stock
    assert strict > 500


def test_deal_scoring_decides_as_the_old_copy_did_on_every_row():
    rows = set()
    for s in play_deals(12, 1500):
        if not RULES.is_over(s):
            continue
        new = score_round(s)
        points, rule = old_score(s)
        assert (new.points, new.rule) == (points, rule)
        rows.add(rule)
    assert rows == {f"2.6 row {r}" for r in range(1, 7)}
