"""Card sprites: flip midpoint, rotated hit tests, z order, and draw leaves the sprite alone."""

from __future__ import annotations

import pygame
import pytest

from game.cards import card
from game.ui.cardart import CardArt
from game.ui.sprites import CardSprite, SpriteGroup
from game.ui.tween import Animator, Tween, linear


@pytest.fixture(scope="module")
def art() -> CardArt:
    pygame.init()
    return CardArt()


def test_flip_swaps_side_at_midpoint_and_squeezes(art: CardArt) -> None:
    s = CardSprite(card("AH"), 100, 100, width=80)
    anim = Animator()
    anim.add(Tween(s, "face", 1.0, 1.0, linear))
    anim.update(0.4)
    assert not s.face_up and 0 < s.squeeze < 1
    pic_back = s.render(art)
    anim.update(0.2)
    assert s.face_up
    anim.update(0.4)
    assert s.face == 1.0 and s.squeeze == pytest.approx(1.0)
    assert pic_back is not None and pic_back.get_width() < 80
    assert s.render(art).get_size() == (80, 120)


def test_unknown_card_never_shows_a_face(art: CardArt) -> None:
    s = CardSprite(None, width=60, face_up=True)
    assert not s.face_up and s.face == 0.0
    s.face = 1.0
    assert not s.face_up
    assert s.render(art).get_size() == (60, 90)  # the back


def test_rotated_hit_test() -> None:
    s = CardSprite(card("KS"), 200, 200, width=80)  # 80 x 120
    assert s.contains(200 + 39, 200 + 59) and not s.contains(200 + 41, 200)
    s.angle = 90  # lying crosswise: 120 wide, 80 high
    assert s.contains(200 + 55, 200) and not s.contains(200, 200 + 50)
    assert s.bounds().size == (120, 80)
    s.visible = False
    assert not s.contains(200, 200)


def test_draw_does_not_change_state_and_group_orders_by_z(art: CardArt) -> None:
    screen = pygame.Surface((400, 300))
    a = CardSprite(card("AH"), 150, 150, width=80, face_up=True, z=2)
    b = CardSprite(card("TS"), 170, 150, width=80, face_up=True, z=1, angle=12.3)
    b.highlight, b.dimmed, b.alpha = True, True, 128
    before = [(s.x, s.y, s.angle, s.scale, s.face, s.z, s.highlight, s.alpha) for s in (a, b)]
    g = SpriteGroup([a, b])
    g.draw(screen, art)
    g.draw(screen, art)
    assert [(s.x, s.y, s.angle, s.scale, s.face, s.z, s.highlight, s.alpha) for s in (a, b)] == before
    assert g.ordered() == [b, a]
    assert g.sprite_at(165, 150) is a  # both cover it; a is on top
    b.z = 5
    assert g.sprite_at(165, 150) is b
    assert g.sprite_at(5, 5) is None
    assert screen.get_at((150, 150)) != pygame.Color(0, 0, 0)
