"""Bauernschnapsen bots: each named card-play heuristic on a built position, the bidding
evaluator and the expert's choices in clear positions, and legal moves over random deals."""

from __future__ import annotations

from random import Random

import pytest

from ai import family_cardplay as fc
from ai.base import make_agent
from ai.family_agent import FamilyAgent
from ai.family_eval import chance, kontra_chance
from ai.family_view import DECK, View
from game.cards import Suit, parse_cards
from game.rules.base import Move
from game.rules.bauernschnapsen import RULES as R
from game.rules.contracts import BY_ID
from game.rules.messages import Reason

SUIT = {x.value: x for x in Suit}


def mkview(contract: str, seat: int, declarer: int, hand: str, trick: tuple[tuple[int, str], ...] = (),
           trump: str | None = "H", played: str = "", players: int = 4, forehand: int = 0,
           scores: tuple[int, int] = (0, 0)) -> View:
    row = BY_ID[contract]
    h = parse_cards(hand)
    tr = tuple((q, parse_cards(c)[0]) for q, c in trick)
    pl = set(parse_cards(played)) | {c for _, c in tr}
    unseen = tuple(c for c in DECK if c not in h and c not in pl)
    named = SUIT[trump] if trump else None
    return View(seat=seat, players=players, trump=named if row.trumps else None, named_trump=named, row=row,
                declarer=declarer, hand=h, trick=tr, played=frozenset(pl), voids=(frozenset(),) * players,
                known=((),) * players, unseen=unseen, teams=players == 4,
                sitting_out=(declarer + 2) % 4 if contract == "bettler" and players == 4 else None,
                forehand=forehand, scores=scores, total_tricks=5 if players == 4 else 6)


def moves_for(v: View, cards: str, extra: tuple[Move, ...] = ()) -> tuple[Move, ...]:
    return tuple(Move("play", (c,)) for c in parse_cards(cards)) + extra


def card_of(choice: fc.Choice) -> str:
    assert choice is not None
    return str(choice[0].cards[0]) if choice[0].cards else choice[0].kind


def test_smear_partner_gives_points_without_overtaking():
    # Normal game, trumps hearts; my partner (seat 0) holds the trick with AS and I (seat 2)
    # play last, so I add my 10 of clubs rather than anything cheap.
    v = mkview("normal", 2, 0, "TC JD KS", trick=((3, "QS"), (0, "AS"), (1, "JS")))
    assert card_of(fc.smear_partner(v, moves_for(v, "KS"))) == "KS"
    v = mkview("normal", 2, 0, "TC JD QC", trick=((3, "QS"), (0, "AS"), (1, "JS")))
    assert card_of(fc.smear_partner(v, moves_for(v, "TC JD QC"))) == "TC"
    # An opponent holds the trick: no smearing.
    v = mkview("normal", 1, 0, "TC JD QC", trick=((3, "QS"), (0, "AS")))
    assert fc.smear_partner(v, moves_for(v, "TC JD QC")) is None


def test_take_trick_wins_cheaply_when_last():
    v = mkview("normal", 3, 0, "AD KD JH", trick=((0, "TD"), (1, "QD"), (2, "JD")))
    assert card_of(fc.take_trick(v, moves_for(v, "AD"))) == "AD"


def test_duck_gives_the_cheapest_loser():
    v = mkview("normal", 1, 0, "JS KS QC", trick=((0, "AS"),))
    assert card_of(fc.duck(v, moves_for(v, "JS KS"))) == "JS"


def test_lead_top_and_pull_trumps():
    v = mkview("normal", 0, 0, "AS JD QC KC JC", played="")
    assert card_of(fc.lead_top(v, moves_for(v, "AS JD QC KC JC"))) == "AS"
    v = mkview("normal", 0, 0, "AH TH JH QC JC")
    assert card_of(fc.pull_trumps(v, moves_for(v, "AH TH JH QC JC"))) == "AH"
    assert card_of(fc.lead_low(v, moves_for(v, "AH TH JH QC JC"))) == "JC"


def test_declarer_draws_trumps_then_cashes_winners():
    v = mkview("bauernschnapser", 0, 0, "AH TH AS AC AD")
    assert card_of(fc.declarer_lead(v, moves_for(v, "AH TH AS AC AD"))) == "AH"
    v = mkview("gang", 1, 1, "AS TS AC KD QD", trump=None)
    got = card_of(fc.declarer_lead(v, moves_for(v, "AS TS AC KD QD")))
    assert got in ("AS", "AC", "TS")


def test_declarer_follow_wins_with_a_safe_card():
    v = mkview("schnapser", 2, 2, "AS JS TH", trick=((0, "KS"), (1, "QS")))
    assert card_of(fc.declarer_follow(v, moves_for(v, "AS"))) == "AS"


def test_partner_never_overtakes_the_declarer():
    # Seat 2 is the partner of declarer 0 in a Gang; the declarer's KS leads; I may play QS
    # (under) and keep the 10 of clubs.
    v = mkview("gang", 2, 0, "QS TC JD", trick=((0, "KS"), (1, "JS")), trump=None)
    assert card_of(fc.partner_stays_low(v, moves_for(v, "QS"))) == "QS"
    v = mkview("gang", 2, 0, "TC JD QD", trick=((0, "KS"), (1, "JS")), trump=None)
    assert card_of(fc.partner_stays_low(v, moves_for(v, "TC JD QD"))) in ("TC", "JD", "QD")


def test_defender_takes_a_trick_to_sink_the_contract():
    v = mkview("bauernschnapser", 1, 0, "TH JS QC", trick=((0, "KH"),))
    # AH is still out (unseen): 10 of hearts is not safe but it is the only winner.
    assert card_of(fc.defender_take(v, moves_for(v, "TH"))) == "TH"


def test_bettler_declarer_leads_low_and_drops_high_cards_under():
    v = mkview("bettler", 1, 1, "JS QD KC JH TD", trump=None)
    assert card_of(fc.bettler_declarer(v, moves_for(v, "JS QD KC JH TD"))) in ("JS", "JH")
    v = mkview("bettler", 1, 1, "QS KC JH TD", trick=((0, "AS"),), trump=None)
    assert card_of(fc.bettler_declarer(v, moves_for(v, "QS"))) == "QS"
    v = mkview("bettler", 1, 1, "QS KS KC JH", trick=((0, "AD"),), trump=None)
    assert card_of(fc.bettler_declarer(v, moves_for(v, "QS KS KC JH"))) == "KS"


def test_bettler_defender_leads_low_and_stays_under_the_declarer():
    v = mkview("bettler", 0, 1, "JS AD KC", trump=None)
    assert card_of(fc.bettler_defender(v, moves_for(v, "JS AD KC"))) == "JS"
    v = mkview("bettler", 2, 1, "AS QS", trick=((0, "JS"), (1, "KS")), trump=None)
    assert card_of(fc.bettler_defender(v, moves_for(v, "AS QS"))) == "QS"


def test_declare_66_and_meld():
    decl = Move("declare")
    v = mkview("normal", 0, 0, "KH QH JS", scores=(70, 20))
    assert fc.declare_66(v, moves_for(v, "KH QH JS", (decl,))) == (decl, Reason("f.declare", points=70))
    v = mkview("normal", 0, 0, "KH QH JS", scores=(40, 20))
    assert fc.declare_66(v, moves_for(v, "KH QH JS", (decl,))) is None
    meld = Move("meld", (), "H")
    got = fc.meld_marriage(v, moves_for(v, "KH QH JS", (meld,)))
    assert got is not None and got[0] == meld


def test_evaluator_orders_hands_sensibly():
    assert chance("bettler", parse_cards("JS QS JH JD QC"), Suit.HEARTS, 4, 1) > 0.6
    assert chance("bettler", parse_cards("AS QS JH JD QC"), Suit.HEARTS, 4, 1) < 0.3
    assert chance("gang", parse_cards("AS TS AH AD AC"), None, 4, 1) > 0.9
    assert chance("gang", parse_cards("KS QS JH JD QC"), None, 4, 1) < 0.05
    assert chance("farbengang", parse_cards("AS TS KS QS JS"), Suit.HEARTS, 4, 1) == 1.0
    assert chance("schnapser", parse_cards("AH TH KH QH AS"), Suit.HEARTS, 4, 0) > 0.6


def _bid_obs(hand: str, seat: int, dealer: int, trump: str = "H"):
    """A real observation in the auction with ``hand`` stacked for ``seat``."""
    want = parse_cards(hand)
    rest = [c for c in DECK if c not in want]
    n = 4
    order = [(dealer + 1 + k) % n for k in range(n)]
    hands = {q: [] for q in range(n)}
    hands[seat] = list(want)
    for q in order:
        while len(hands[q]) < 5:
            hands[q].append(rest.pop())
    deck = [c for q in order for c in hands[q]]  # knock layout: 5 each, forehand first
    s = R.new_round(4, dealer, Random(1), deck=deck)
    s, _ = R.apply(s, Move("knock"))
    trumps = [m for m in R.legal_moves(s) if m.kind == "trump"]
    s, _ = R.apply(s, next((m for m in trumps if m.arg == trump), trumps[0]))
    while R.to_move(s) != seat:
        legal = R.legal_moves(s)
        s, _ = R.apply(s, next((m for m in legal if m.kind == "pass"), legal[0]))
    return s


def test_expert_bids_farbengang_with_a_whole_suit():
    s = _bid_obs("AC TC KC QC JC", seat=1, dealer=3)
    agent = FamilyAgent("expert", 1, budget_s=None)
    m = agent.choose(R.observe(s, 1), R.legal_moves(s), Random(3))
    assert m == Move("bid", (), "farbengang")


def test_expert_bidding_keeps_to_its_time_budget(monkeypatch):
    """Past the time budget the expert bids from the hand evaluator alone (no more played-out
    samples), as its card-play search stops sampling: a slow machine still gets an answer."""
    import ai.family_agent as fa

    calls: list[str] = []
    real = fa.bid_chance

    def counting(obs, cid, rng, samples):
        calls.append(cid)
        return real(obs, cid, rng, samples)

    monkeypatch.setattr(fa, "bid_chance", counting)
    s = _bid_obs("AC TC KC QC AH", seat=1, dealer=3)
    FamilyAgent("expert", 1, budget_s=None).choose(R.observe(s, 1), R.legal_moves(s), Random(3))
    assert calls  # without a budget the strong hand's contracts are played out
    calls.clear()
    m = FamilyAgent("expert", 1, budget_s=0.0).choose(R.observe(s, 1), R.legal_moves(s), Random(3))
    assert calls == [] and m in R.legal_moves(s)


def test_expert_does_not_kontra_a_hopeless_case():
    # Farbengang cannot be lost with four players: never Kontra it.
    assert kontra_chance("farbengang", parse_cards("AS TS KH QD JC"), Suit.HEARTS, 4) == 1.0
    # A Bettler against a hand of aces and tens: no low cards to lead under the declarer.
    p = kontra_chance("bettler", parse_cards("AS TS AH TH AD"), Suit.HEARTS, 4)
    assert p > 0.25


@pytest.mark.parametrize("level", ["beginner", "player", "expert"])
def test_only_legal_moves_over_random_deals(level):
    deals = 6 if level == "expert" else 30
    for d in range(deals):
        s = R.new_round(4, d % 4, Random(d))
        agents = [make_agent("bauernschnapsen", level, q) for q in range(4)]
        if level == "expert":
            agents = [FamilyAgent("expert", q, samples=6, bid_samples=6, budget_s=None) for q in range(4)]
        k = 0
        while not R.is_over(s):
            q = R.to_move(s)
            legal = R.legal_moves(s)
            m, why = agents[q].explain(R.observe(s, q), legal, Random(d * 100 + k))
            assert m in legal and why
            s, _ = R.apply(s, m)
            k += 1


def test_lead_after_meld_and_only_move():
    v = mkview("normal", 0, 0, "KH QH JS AC")
    got = fc.lead_after_meld(v, moves_for(v, "KH QH", (Move("declare"),)))
    assert card_of(got) == "KH"
    assert fc.lead_after_meld(v, moves_for(v, "KH QH JS AC")) is None
    assert card_of(fc.only_move(v, moves_for(v, "JS"))) == "JS"
    # In a trick contract the declarer shows a marriage only if its king will hold the trick.
    v = mkview("schnapser", 0, 0, "KS QS AH TH JC")
    assert fc.meld_marriage(v, moves_for(v, "KS QS AH TH JC", (Move("meld", (), "S"),))) is None
