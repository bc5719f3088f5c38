"""Table geometry: everything inside the window and no two regions overlapping, 2..9 seats."""

from __future__ import annotations

import pytest

from game.ui.layout import Rect, compute_layout, layout_problems, opponent_angles

SIZES = [(1280, 720), (1920, 1080), (960, 600)]


@pytest.mark.parametrize("focus", ["auto", "trick", "middle"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 10))
def test_no_overlap_and_inside_window(size: tuple[int, int], players: int, focus: str) -> None:
    for human in {0, players - 1}:
        lay = compute_layout(*size, players, human, focus)
        assert layout_problems(lay) == []
        window = Rect(0, 0, *size)
        rects = lay.named_rects()
        for name, r in rects.items():
            assert window.contains(r), name
            assert r.w > 0 and r.h > 0, name
        # Independent of layout_problems: seat boxes, hands, trick slots and the middle.
        regions = [("middle", lay.middle), ("stock", lay.stock), ("status", lay.status), ("buttons", lay.buttons)]
        regions += [(f"box{s.seat}", s.box) for s in lay.seats]
        regions += [(f"trick{s.seat}", s.trick_slot) for s in lay.seats]
        for i, (na, ra) in enumerate(regions):
            for nb, rb in regions[i + 1:]:
                assert not ra.intersects(rb), f"{na} overlaps {nb} at {size} with {players} players"
        for s in lay.seats:
            assert s.box.contains(s.hand) and s.box.contains(s.label) and s.box.contains(s.won_pile)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 10))
def test_hands_fit_their_boxes(size: tuple[int, int], players: int) -> None:
    lay = compute_layout(*size, players, 0)
    hand = lay.seats[0].hand
    for n in (1, 5, 10, 12):
        places = lay.hand_fan(n, raised=n - 1)
        xs = [p.x for p in places]
        assert xs == sorted(xs)
        for p in places:
            r = p.rect()
            assert hand.x - 1 <= r.x and r.right <= hand.right + 1 and hand.y <= r.y and r.bottom <= hand.bottom + 1
        mid = (hand.x + hand.right) / 2
        assert abs((places[0].x + places[-1].x) / 2 - mid) < 1.5  # centred
    for s in lay.seats[1:]:
        for p in lay.opponent_hand(s.seat, 10):
            assert s.hand.x - 1 <= p.rect().x and p.rect().right <= s.hand.right + 1


def test_human_bottom_partner_opposite_and_clockwise() -> None:
    lay = compute_layout(1280, 720, 4, human=2)
    assert lay.seats[2].side == "bottom"
    assert lay.seats[0].side == "top"  # partner opposite
    assert lay.seats[3].side == "left"  # next seat clockwise sits on the human's left
    assert lay.seats[1].side == "right"
    assert opponent_angles(2) == (270.0,)


def test_cards_scale_with_window() -> None:
    small, big = compute_layout(1280, 720, 2), compute_layout(1920, 1080, 2)
    assert small.card_w == 97 and big.card_w == 146  # min(w / 13, h / 7.4): docs/STYLE.md
    assert big.card_h == round(big.card_w * 1.5)


@pytest.mark.parametrize("players", [2, 3, 4, 9])
def test_card_width_grows_with_the_window_and_stays_the_largest_thing(players: int) -> None:
    sizes = [(960, 600), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)]
    lays = [compute_layout(w, h, players) for w, h in sizes]
    widths = [lay.card_w for lay in lays]
    assert widths == sorted(widths) and len(set(widths)) == len(widths)  # strictly growing
    assert widths[0] >= (70 if players <= 5 else 62)  # big enough at 960x600 for the court figures (tests/ui/test_cardart.py)
    for lay in lays:
        assert lay.card_w >= max(lay.table_w, lay.trick_w, lay.small_w)
        assert not layout_problems(lay)


def test_few_cards_do_not_overlap_and_bad_input_rejected() -> None:
    lay = compute_layout(1280, 720, 2)
    a, b = lay.hand_fan(2)
    assert b.x - a.x >= lay.card_w
    with pytest.raises(ValueError):
        compute_layout(1280, 720, 10)
    with pytest.raises(ValueError):
        compute_layout(1280, 720, 3, human=3)


def test_trick_focus_keeps_the_trick_together_and_middle_focus_centres_the_middle() -> None:
    lay = compute_layout(1280, 720, 4, focus="trick")
    xs = [s.trick_slot.center[0] for s in lay.seats]
    ys = [s.trick_slot.center[1] for s in lay.seats]
    assert max(xs) - min(xs) < 3 * lay.trick_w and max(ys) - min(ys) < 3 * lay.trick_h
    assert lay.stock.right <= min(s.trick_slot.x for s in lay.seats)
    for n in (3, 9):
        mid = compute_layout(1280, 720, n, focus="middle").middle
        assert abs(mid.center[0] - 640) <= 1
    with pytest.raises(ValueError):
        compute_layout(1280, 720, 4, focus="centre")
