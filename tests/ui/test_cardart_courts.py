"""Court cards: every king, queen and jack of the French pack has its own figure, at full size
and on the compact faces of small cards (the 960x600 window's table and trick cards)."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from game.cards import SUITS, Card, Rank, card
from game.ui.cardart import COMPACT_BELOW, CardArt, court_figure_box
from game.ui.cardart_personas import PERSONAS
from game.ui.layout import compute_layout

COURT_CARDS = [card(r.value + s.value) for r in (Rank.KING, Rank.QUEEN, Rank.JACK) for s in SUITS]


@pytest.fixture(scope="module")
def art() -> CardArt:
    pygame.init()
    return CardArt()


def _figure_pixels(art: CardArt, c: Card, width: int, style: str) -> list[tuple[int, int, int]]:
    """The figure area without any suit mark: the right 65 % of the picture box, and for a
    double-headed panel only its upper half (the pip sits top left, its mirror bottom right)."""
    face = art.render_face(c, width, style)
    box = court_figure_box(width)
    x0 = box.x + round(box.w * 0.35)
    y1 = box.y + (box.h // 2 if width >= COMPACT_BELOW else box.h)
    return [tuple(face.get_at((x, y)))[:3] for y in range(box.y + 1, y1 - 1) for x in range(x0, box.right - 1)]


def _differing_share(a: list[tuple[int, int, int]], b: list[tuple[int, int, int]]) -> float:
    diff = sum(1 for p, q in zip(a, b, strict=True) if sum(abs(u - v) for u, v in zip(p, q, strict=True)) > 48)
    return diff / len(a)


@pytest.mark.parametrize("style", ["french", "french4"])
@pytest.mark.parametrize("width", [54, 120])
def test_every_french_court_figure_differs(art: CardArt, style: str, width: int) -> None:
    figures = {c: _figure_pixels(art, c, width, style) for c in COURT_CARDS}
    for a, b in combinations(COURT_CARDS, 2):
        share = _differing_share(figures[a], figures[b])
        # Not just "some pixel differs": a visible part of the figure (robe, hair, held item).
        assert share > 0.04, f"{a} and {b} share their figure ({share:.1%} of it differs) at {width}px {style}"


def test_spade_and_club_courts_no_longer_share_art(art: CardArt) -> None:
    """The reported case: K/Q/J of spades and clubs were the same picture in another pip."""
    for rank in "KQJ":
        a = _figure_pixels(art, card(rank + "S"), 120, "french")
        b = _figure_pixels(art, card(rank + "C"), 120, "french")
        assert _differing_share(a, b) > 0.1


def test_every_persona_holds_its_own_item_within_a_rank() -> None:
    for rank in (Rank.KING, Rank.QUEEN, Rank.JACK):
        items = [PERSONAS[(rank, s)].item for s in SUITS]
        robes = [PERSONAS[(rank, s)].robe for s in SUITS]
        assert len(set(items)) == 4 and len(set(robes)) == 4, rank


def test_small_cards_at_960x600_show_a_figure_not_just_a_pip(art: CardArt) -> None:
    """At the smallest window the trick and table cards are compact faces; a king must still
    show a person: many colours in its picture box, where a pip card shows one."""
    lay = compute_layout(960, 600, 2)
    for width in {lay.trick_w, lay.table_w, lay.card_w}:
        face = art.render_face(card("KS"), width, "french")
        box = court_figure_box(width)
        colours = {tuple(face.get_at((x, y)))[:3] for y in range(box.y, box.bottom) for x in range(box.x, box.right)}
        quantised = {(r // 32, g // 32, b // 32) for r, g, b in colours}
        assert len(quantised) >= 12, (width, len(quantised))
