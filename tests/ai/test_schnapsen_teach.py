"""Schnapsen hints that teach (ai.schnapsen_teach): each kind of move is explained from facts
the seat can see, on built positions."""

from __future__ import annotations

from ai.schnapsen_teach import why_from_knowledge
from game.cards import parse_cards
from game.rules.messages import Reason
from tests.ai.test_schnapsen_ai import kn, legal_of


def why(k, move: str, extra: tuple[str, ...] = (), cards: str | None = None) -> Reason:
    legal = legal_of(k, extra, cards)
    return why_from_knowledge(k, legal[move], tuple(legal.values()))


def test_close_names_the_trumps_the_points_and_what_is_missing():
    k = kn("AS TS KS KH QD", cards=(41, 20), played="AH TH AD TD")
    r = why(k, "close", ("close",))
    assert r == Reason("s.t.close_schneider", trumps=Reason("trumps.some", ranks="ATK"), points=41, opp=20, need=25)
    rich = kn("AS TS KS KH QD", cards=(41, 40), played="AH TH AD TD")
    assert why(rich, "close", ("close",)).id == "s.t.close" and why(rich, "close", ("close",)).get("opp") == 40


def test_exchange_names_the_jack_and_the_turn_up():
    k = kn("JS AH KD QC TC", turnup="AS")
    r = why(k, "exchange", ("exchange",))
    assert r == Reason("s.t.exchange", card=parse_cards("AS")[0], jack=parse_cards("JS")[0])


def test_marriage_counts_now_or_after_the_first_trick():
    k = kn("KH QH AS TD JC", cards=(30, 20))
    assert why(k, "meld H", ("meld H",)) == Reason("s.t.meld", suit="H", worth=20, total=50)  # spades are trumps
    first = kn("KS QS AH TD JC", cards=(0, 0), tricks=(0, 0))
    assert why(first, "meld S", ("meld S",)) == Reason("s.t.meld_later", suit="S", worth=40)


def test_declaring_says_whether_the_opponent_is_schneider():
    assert why(kn("AH", cards=(70, 40)), "declare", ("declare",)) == Reason("s.t.declare", points=70, opp=40)
    assert why(kn("AH", cards=(70, 20)), "declare", ("declare",)).id == "s.t.declare_schneider"
    assert why(kn("AH", cards=(50, 40)), "declare", ("declare",)) == Reason("s.t.give_up", points=50)


def test_leads_say_what_the_opponent_may_still_hold():
    # every higher spade and every trump (spades) already played: the ace of hearts is sure
    sure = kn("AH KD", played="AS TS KS QS JS TH")
    assert why(sure, "play AH").id == "s.t.lead_sure"
    open_ = kn("KH KD", played="AS")
    r = why(open_, "play KH")
    assert r.id == "s.t.lead" and r.get("higher") == 2 and r.get("n") == 4 and r.get("pts") == 4
    assert why(open_, "play KD", cards="KD").id == "s.t.lead"
    top = kn("AH KD", played="AS")  # no higher heart can be out; four trumps may be
    assert why(top, "play AH") == Reason("s.t.lead_top", card=parse_cards("AH")[0], pts=11, n=4)
    trump = kn("TS KD", played="AH")
    assert why(trump, "play TS") == Reason("s.t.lead_trump", card=parse_cards("TS")[0], n=4)


def test_follows_say_what_the_trick_brings_or_costs():
    k = kn("AH TS JD", led="TH", stage="follow", cards=(30, 20))
    take = why(k, "play AH")
    assert take == Reason("s.t.take", led=parse_cards("TH")[0], card=parse_cards("AH")[0], pts=21, total=51)
    assert why(k, "play TS").id == "s.t.trump"
    assert why(k, "play JD").id == "s.t.let_go" and why(k, "play JD").get("pts") == 2
    to66 = kn("AH JD", led="TH", stage="follow", cards=(50, 20))
    assert why(to66, "play AH").id == "s.t.take_66"
    poor = kn("JD QC", led="TH", stage="follow")
    assert why(poor, "play JD") == Reason("s.t.cannot_beat", led=parse_cards("TH")[0], card=parse_cards("JD")[0],
                                          pts=2)
