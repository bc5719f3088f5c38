"""Card sprites: flip midpoint, hit boxes with lift, z order, shading, and drawing leaves the
sprite alone.  The presenter of every table draws its cards as these sprites."""

from __future__ import annotations

import pygame
import pytest

from game.cards import card
from game.ui.sprites import CardImages, CardSprite, SpriteLayers
from game.ui.tween import Animator, Tween, linear


@pytest.fixture(scope="module")
def images() -> CardImages:
    pygame.init()
    imgs = CardImages()
    imgs.canonical = {80}
    return imgs


def _never(_s: CardSprite) -> bool:
    return False


def _flat(_s: CardSprite) -> float:
    return 0.0


def test_flip_swaps_side_at_midpoint_and_squeezes(images: CardImages) -> None:
    s = CardSprite(card("AH"), (100.0, 100.0), 80.0)
    anim = Animator()
    anim.add(Tween(s, "flip", 1.0, 1.0, linear))
    anim.update(0.4)
    assert not s.face_up and 0 < s.squeeze < 1
    screen = pygame.Surface((200, 200))
    narrow = s.draw(screen, images)
    anim.update(0.2)
    assert s.face_up
    anim.update(0.4)
    assert s.flip == 1.0 and s.squeeze == pytest.approx(1.0)
    full = s.draw(screen, images)
    assert narrow.width < 80 and full.size == (80, 120)


def test_face_and_back_differ(images: CardImages) -> None:
    a = pygame.Surface((200, 200))
    b = pygame.Surface((200, 200))
    s = CardSprite(card("AH"), (100.0, 100.0), 80.0)
    s.draw(a, images)  # flip 0: the back
    s.flip = 1.0
    s.draw(b, images)
    assert any(a.get_at((x, 100)) != b.get_at((x, 100)) for x in range(70, 130))


def test_hit_box_follows_the_lift() -> None:
    s = CardSprite(card("KS"), (200.0, 200.0), 80.0)  # 80 x 120
    r = s.rect()
    assert r.size == (80, 120) and r.center == (200, 200)
    assert s.rect(30).center == (200, 170)


def test_draw_does_not_change_state_and_layers_order_by_z(images: CardImages) -> None:
    screen = pygame.Surface((400, 300))
    a = CardSprite(card("AH"), (150.0, 150.0), 80.0)
    b = CardSprite(card("TS"), (170.0, 150.0), 80.0)
    a.flip, a.z = 1.0, 2
    b.flip, b.z, b.angle = 1.0, 1, 12.0
    before = [(s.pos, s.angle, s.flip, s.z, s.w, s.lift) for s in (a, b)]
    layers = SpriteLayers([a, b])
    layers.draw(screen, images, hidden=_never, lift_px=_flat, shaded=_never)
    assert [(s.pos, s.angle, s.flip, s.z, s.w, s.lift) for s in (a, b)] == before
    assert layers.ordered() == [b, a]
    assert layers.top_at((165, 150), [a, b], _flat) is a  # both cover it; a is on top
    b.z = 5
    assert layers.top_at((165, 150), [a, b], _flat) is b
    assert layers.top_at((5, 5), [a, b], _flat) is None
    # the top card is drawn last: where both lie, the screen shows a alone drawn there
    alone = pygame.Surface((400, 300))
    a.draw(alone, images)
    screen2 = pygame.Surface((400, 300))
    b.z = 1
    layers.draw(screen2, images, hidden=_never, lift_px=_flat, shaded=_never)
    assert screen2.get_at((160, 150)) == alone.get_at((160, 150))


def test_hidden_sprites_are_not_drawn_and_shading_darkens(images: CardImages) -> None:
    s = CardSprite(card("QD"), (100.0, 100.0), 80.0)
    s.flip = 1.0
    layers = SpriteLayers([s])
    empty = pygame.Surface((200, 200))
    layers.draw(empty, images, hidden=lambda _s: True, lift_px=_flat, shaded=_never)
    assert empty.get_at((100, 100)) == pygame.Color(0, 0, 0)
    plain = pygame.Surface((200, 200))
    dark = pygame.Surface((200, 200))
    layers.draw(plain, images, hidden=_never, lift_px=_flat, shaded=_never)
    layers.draw(dark, images, hidden=_never, lift_px=_flat, shaded=lambda _s: True)
    p, d = plain.get_at((100, 70)), dark.get_at((100, 70))
    assert d.r + d.g + d.b < p.r + p.g + p.b


def test_images_are_cached_per_look(images: CardImages) -> None:
    one = images.get(card("9C"), 80.0, 5.0, 1.0)
    assert images.get(card("9C"), 80.0, 5.2, 1.0) is one  # same rounded angle: the cached picture
    assert images.get(card("9C"), 80.0, 30.0, 1.0) is not one
