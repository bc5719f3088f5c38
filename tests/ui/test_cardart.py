"""Card art: every card in every style at several sizes, at exactly the requested size."""

from __future__ import annotations

import pygame
import pytest

from game.cards import Rank, Suit, card, deck52
from game.ui.cardart import BACKS, STYLES, CardArt, card_height, rank_label


@pytest.fixture(scope="module")
def art() -> CardArt:
    pygame.init()
    return CardArt()


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("width", [40, 80, 150])
def test_every_card_renders_at_requested_size(art: CardArt, style: str, width: int) -> None:
    for c in deck52():
        surf = art.render_face(c, width, style)
        assert surf.get_size() == (width, card_height(width))
        # The corners are rounded, so the corner pixel is transparent and the centre is opaque.
        assert surf.get_at((0, 0)).a < 40
        assert surf.get_at((width // 2, card_height(width) // 2)).a == 255


@pytest.mark.parametrize("back", list(BACKS))
def test_backs_slot_and_glow(art: CardArt, back: str) -> None:
    for width in (40, 80, 150):
        assert art.render_back(width, back).get_size() == (width, card_height(width))
    pad = art.glow_pad(80)
    assert art.render_glow(80).get_size() == (80 + 2 * pad, 120 + 2 * pad)
    assert art.render_slot(80).get_size() == (80, 120)
    assert art.render_suit_icon(Suit.HEARTS, 24, "german").get_size() == (24, 24)


def _pixels(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGBA")


def test_different_cards_and_styles_differ(art: CardArt) -> None:
    for style in STYLES:
        faces = {_pixels(art.render_face(c, 80, style)) for c in deck52()}
        assert len(faces) == 52, style  # every card of a pack looks different
    for c in ("7D", "KC"):  # the four-colour pack recolours diamonds and clubs only
        assert _pixels(art.render_face(card(c), 80, "french")) != _pixels(art.render_face(card(c), 80, "french4"))
    assert _pixels(art.render_face(card("7H"), 80, "french")) != _pixels(art.render_face(card("7H"), 80, "german"))
    assert _pixels(art.render_back(80, "classic_red")) != _pixels(art.render_back(80, "classic_blue"))


def test_cache_returns_same_surface_and_rerenders_per_size(art: CardArt) -> None:
    a = art.render_face(card("QH"), 90, "french")
    assert art.render_face(card("QH"), 90, "french") is a
    b = art.render_face(card("QH"), 180, "french")
    assert b.get_size() == (180, 270)


def test_german_indices_and_colours(art: CardArt) -> None:
    assert [rank_label(r, "german") for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)] == \
        ["A", "10", "K", "O", "U"]
    assert rank_label(Rank.TEN, "french") == "10" and rank_label(Rank.QUEEN, "french") == "Q"
    # Four-colour pack: the diamonds index is blue, the hearts index red.
    def ink(c: str) -> pygame.Color:
        s = art.render_face(card(c), 120, "french4")
        px = [s.get_at((x, y)) for x in range(4, 24) for y in range(6, 34)]
        return min(px, key=lambda p: p.r + p.g + p.b)  # the darkest ink in the top-left index
    d, h = ink("7D"), ink("7H")
    assert d.b > d.r and h.r > h.b


def test_unknown_style_or_back_rejected(art: CardArt) -> None:
    with pytest.raises(ValueError):
        art.render_face(card("AS"), 80, "tarot")
    with pytest.raises(ValueError):
        art.render_back(80, "nope")
