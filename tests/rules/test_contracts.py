"""The contract table (RULES.md B7, D1): ranks, values, bidders, trumps, leads, holdings."""

from __future__ import annotations

from game.cards import Suit, parse_cards
from game.rules.contracts import (
    BY_ID,
    CONTRACTS,
    DREIER_ROLE_AS_BAUERN,
    IDS,
    Goal,
    Melds,
    eligible,
    holds,
    outbids,
)


def test_ten_contracts_in_row_order_with_their_values():
    assert IDS == ("normal", "bettler", "schnapser", "gang", "zehnergang", "kontraschnapser", "bauernschnapser",
                   "farbengang", "kontrabauernschnapser", "herrenschnapser")
    assert [c.rank for c in CONTRACTS] == list(range(1, 11))
    assert [c.gp for c in CONTRACTS] == [1, 4, 6, 9, 10, 12, 12, 18, 24, 24]


def test_who_may_bid_in_bauern_roles():
    p1, p2, p3, p4 = 0, 1, 2, 3
    table = {c.id: sorted(c.bidders) for c in CONTRACTS}
    assert table["normal"] == [p1] and table["herrenschnapser"] == [p1]
    assert table["schnapser"] == [p1, p3] == table["bauernschnapser"]
    assert table["kontraschnapser"] == [p2, p4] == table["kontrabauernschnapser"]
    assert table["farbengang"] == [p2, p3, p4]
    assert table["bettler"] == table["gang"] == table["zehnergang"] == [p1, p2, p3, p4]


def test_dreier_role_mapping_d1():
    f, m, d = (DREIER_ROLE_AS_BAUERN[r] for r in range(3))
    who = {c.id: [name for name, r in (("F", f), ("M", m), ("D", d)) if r in c.bidders] for c in CONTRACTS}
    assert who["schnapser"] == ["F"] and who["bauernschnapser"] == ["F"] and who["herrenschnapser"] == ["F"]
    assert who["kontraschnapser"] == ["M", "D"] and who["farbengang"] == ["M", "D"]
    assert who["gang"] == ["F", "M", "D"]


def test_trumps_leads_partner_melds_goals():
    no_trump = {c.id for c in CONTRACTS if not c.trumps}
    assert no_trump == {"bettler", "gang", "zehnergang", "farbengang"}
    assert all(c.declarer_leads == (not c.trumps) for c in CONTRACTS)
    assert [c.id for c in CONTRACTS if not c.partner_plays] == ["bettler"]
    assert BY_ID["normal"].melds is Melds.BOTH_SIDES
    assert {c.id for c in CONTRACTS if c.melds is Melds.DECLARER} == {"schnapser", "kontraschnapser"}
    assert BY_ID["bettler"].goal is Goal.LOSE_ALL and BY_ID["schnapser"].play_tricks == 3
    assert BY_ID["zehnergang"].zehner and not BY_ID["gang"].zehner
    assert {c.id for c in CONTRACTS if c.leader_option} == {"schnapser", "bauernschnapser"}


def test_holdings():
    whole = parse_cards("AC TC KC QC JC AH")
    assert holds(BY_ID["farbengang"], whole, Suit.HEARTS)
    assert not holds(BY_ID["farbengang"], parse_cards("AC TC KC QC AH JH"), None)
    assert holds(BY_ID["herrenschnapser"], whole, Suit.CLUBS)
    assert not holds(BY_ID["herrenschnapser"], whole, Suit.HEARTS)
    assert not eligible(BY_ID["farbengang"], 0, whole, None)  # forehand excluded
    assert eligible(BY_ID["farbengang"], 2, whole, None)


def test_outbids_equal_only_with_higher_priority():
    gang, zehner = BY_ID["gang"], BY_ID["zehnergang"]
    assert outbids(gang, 0, None, 99)
    assert outbids(gang, 0, gang, 1) and not outbids(gang, 2, gang, 1)
    assert outbids(zehner, 3, gang, 0) and not outbids(gang, 0, zehner, 3)
    # Same GP, different rank: Bauernschnapser outranks Kontra-Schnapser
    assert outbids(BY_ID["bauernschnapser"], 3, BY_ID["kontraschnapser"], 0)
