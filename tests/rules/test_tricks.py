"""The shared strict follow rules (RULES.md C6) and trick winner (C5)."""

from game.cards import ZEHNER_ORDER, Suit, card, parse_cards
from game.rules.base import Move, parse_move
from game.rules.tricks import legal_follow, winning_index

S, H, C = Suit.SPADES, Suit.HEARTS, Suit.CLUBS


def follow(hand: str, trick: str, trump, **kw):
    return set(legal_follow(parse_cards(hand), parse_cards(trick), trump, **kw))


def test_s_ex3_plain_suit_lead():
    assert follow("AH QH JS TC", "KH", S) == set(parse_cards("AH"))
    assert follow("QH JH JS", "KH", S) == set(parse_cards("QH JH"))
    assert follow("JS TC AD", "KH", S) == set(parse_cards("JS"))
    assert follow("TC AD", "KH", S) == set(parse_cards("TC AD"))


def test_s_ex4_trump_lead():
    assert follow("AS KS AH", "TS", S) == set(parse_cards("AS"))
    assert follow("KS JS AH", "TS", S) == set(parse_cards("KS JS"))
    assert follow("AH TD", "TS", S) == set(parse_cards("AH TD"))


def test_b_ex5_overtrump_and_undertrump():
    # P1 leads KS, P2 trumps with TH; P3 void in spades cannot overtrump.
    assert follow("KH QH AD", "KS TH", H) == set(parse_cards("KH QH"))
    assert follow("KH QH AD", "KS TH", H, trump_only_if_wins=True) == set(parse_cards("KH QH AD"))
    # P4 can follow spades, so may not trump even though the trump would win.
    assert follow("AH JS TD", "KS TH", H) == set(parse_cards("JS"))
    # Following a trumped trick: must follow, no duty to head (following cannot win).
    assert follow("TS JS QH", "KS AH", H) == set(parse_cards("TS JS"))


def test_head_against_best_not_led():
    # The best card is the A, not the led J: holding K only must follow, cannot head.
    assert follow("KC QD", "JC AC", S) == set(parse_cards("KC"))


def test_zehnergang_order_winner():
    trick = parse_cards("KH AH")
    assert winning_index(trick, None, ZEHNER_ORDER) == 0
    assert winning_index(parse_cards("KH TH"), None, ZEHNER_ORDER) == 1


def test_trump_wins_plain_lead():
    assert winning_index(parse_cards("AH JS"), S) == 1
    assert winning_index(parse_cards("AH JS QS"), S) == 2
    assert winning_index(parse_cards("AH KD"), S) == 0


def test_move_notation_round_trip():
    for text in ["play QH", "exchange", "close", "meld H", "declare", "pass", "bid bettler",
                 "turn 2", "cut 7", "discard AS KH", "swap QH 7S", "swapall", "raise gang"]:
        assert str(parse_move(text)) == text
    assert parse_move("play QH") == Move("play", (card("QH"),))
