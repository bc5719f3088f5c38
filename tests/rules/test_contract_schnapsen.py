"""Schnapsen joins the shared contract test, plus hypothesis playouts and scoring-row coverage."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import Card
from game.rules.schnapsen import RULES, SchnapsenState, parse_move, unseen_cards
from game.rules.schnapsen_state import WIN
from tools.contract import run_contract
from tools.contract_specs import SCHNAPSEN_SPEC as SPEC
from tools.contract_specs import schnapsen_observation_checks as _observation_checks


def test_contract_2000_seeds_and_every_scoring_row() -> None:
    rows = run_contract(SPEC, range(2000))
    assert set(rows) == {f"2.6 row {n}" for n in range(1, 7)}, rows


def _check_result(s: SchnapsenState) -> None:
    r = RULES.result(s)
    assert sorted(r.points)[0] == 0 and sum(r.points) in (1, 2, 3)
    d = r.details
    if d["declared_by"] is not None:
        x = d["declared_by"]
        assert d["correct"] == (s.score(x) >= WIN)
        assert (r.points[x] > 0) == d["correct"]
    if r.rule == "2.6 row 6":
        assert sum(r.points) == 1 and s.closed is False
    if r.rule == "2.6 row 5":
        pagat = s.options.closed_no_claim_penalty == "pagat" and s.specials.close_tricks == 0
        assert r.points[1 - s.specials.closed_by] == (3 if pagat else 2)


@settings(derandomize=True, deadline=None, max_examples=200)
@given(seed=st.integers(0, 2**32), dealer=st.integers(0, 1), choices=st.lists(st.integers(0, 99), max_size=40),
       pagat=st.booleans(), two=st.booleans(), last=st.booleans(), first=st.booleans())
def test_hypothesis_playouts(seed: int, dealer: int, choices: list[int], pagat: bool, two: bool, last: bool,
                             first: bool) -> None:
    from game.rules.options import SchnapsenOptions

    penalty = "pagat" if pagat else "seed"
    opts = SchnapsenOptions(false_claim_penalty=penalty, closed_no_claim_penalty=penalty,
                            allow_close_with_two_in_stock=two, allow_claim_after_last_trick=last,
                            allow_marriage_before_first_trick=first)
    s = RULES.new_round(2, dealer, Random(seed), opts)
    rng = Random(seed)
    i = 0
    while not RULES.is_over(s):
        legal = RULES.legal_moves(s)
        # prefer plays (longer deals) unless hypothesis picks a special move
        k = choices[i] if i < len(choices) else rng.randrange(100)
        i += 1
        plays = [m for m in legal if m.kind == "play"]
        m = legal[k % len(legal)] if k < 30 or not plays else plays[k % len(plays)]
        # the notation round-trips and a parsed move applies the same way
        again = parse_move(str(m))
        assert again == m
        s1, e1 = RULES.apply(s, m)
        s2, e2 = RULES.apply(s, again)
        assert s1 == s2 and e1 == e2
        if not last:
            assert s1.phase.name != "FINAL"
        if not two and m.kind == "close":
            assert len(s.stock) > 2
        if not first and not s.tally.history:
            assert all(x.kind != "meld" for x in legal)
        if s.tally.history and s.phase.name == "LEAD" and s.melded < 0:
            assert any(x.kind == "declare" for x in legal)  # the trick winner may declare (S12)
        s = s1
        _observation_checks(SPEC, s)
    _check_result(s)


def test_observation_turns_the_turnup_down_after_closing_but_both_seats_remember_it() -> None:
    """A close turns the turn-up face down onto the stock (S10): it is no longer face up, but
    both seats saw it, so it is remembered as lying in the stock and is not among the cards a
    seat has not located (a bot must not deal it into the opponent's hand)."""
    s = RULES.new_round(2, 0, Random(5))
    up: Card | None = s.turnup
    assert up is not None and RULES.observe(s, 1).turnup == up and RULES.observe(s, 1).closed_turnup is None
    s, _ = RULES.apply(s, parse_move("close"))
    for seat in (0, 1):
        obs = RULES.observe(s, seat)
        assert obs.turnup is None and obs.closed and obs.closed_by == 1 and obs.phase2
        assert obs.closed_turnup == up
        assert str(up) not in {str(c) for c in unseen_cards(obs)}
        assert len(unseen_cards(obs)) == 5 + 9  # the opponent's hand and the face-down stock
