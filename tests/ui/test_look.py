"""The visual style (docs/STYLE.md, issue 23): the cached cloth, one type scale, screens that
grow with the window with no two buttons on top of each other, an opaque rules overlay, seat
medallions, and the motion of an exchange, a close and a knock (dummy video driver)."""

from __future__ import annotations

from random import Random

import pygame
import pytest

from game.cards import parse_cards
from game.rules import events as ev
from game.ui import style
from game.ui.app import App, AppConfig
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.newgame import NewGameScene, draw_rules_overlay
from game.ui.scenes.table import TableScene
from game.ui.seats import initials
from game.ui.widgets import Button, layout_rows

DT = 1 / 60
SIZES = [(960, 600), (1280, 720), (1920, 1080), (2560, 1440)]


def make_app(size: tuple[int, int], game_id: str = "schnapsen", players: int | None = None) -> App:
    return App(AppConfig(size=size, persist=False, speed=0.0, bot_pause=0.0, use_processes=False, seed=3,
                         game_id=game_id, players=players))


def assert_apart(buttons: list[Button], size: tuple[int, int]) -> None:
    window = pygame.Rect(0, 0, *size)
    for b in buttons:
        assert window.contains(b.rect), f"{b.action} {b.rect} outside {size}"
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect), f"{a.action} {a.rect} overlaps {b.action} {b.rect} at {size}"


def test_the_cloth_is_made_once_per_size_and_lit_in_the_middle():
    pygame.init()
    a = style.cloth((1280, 720))
    assert style.cloth((1280, 720)) is a  # cached: a frame costs one blit
    assert a.get_size() == (1280, 720)
    centre = a.get_at((640, 330))
    corner = a.get_at((40, 40))
    assert sum(centre[:3]) > sum(corner[:3]) + 20  # light in the middle, darker towards the rim
    assert centre[1] > centre[0] and centre[1] > centre[2]  # green felt


@pytest.mark.parametrize("size", SIZES)
def test_every_text_size_lies_on_a_scale_of_four(size):
    style.set_window_height(size[1])
    steps = style.scale_sizes()
    assert len(set(steps)) == 4 and list(steps) == sorted(steps)
    for asked in range(6, 140):
        assert style.snap(asked) in steps
    assert style.type_px("small") >= 14  # the key help is readable, never 8 px
    style.set_window_height(720)


def test_the_scale_grows_with_the_window():
    small = [style.type_px(r, 600) for r in style.ROLES]
    big = [style.type_px(r, 2160) for r in style.ROLES]
    assert all(b >= 2.5 * s for s, b in zip(small, big, strict=True))


@pytest.mark.parametrize("size", SIZES)
def test_menu_and_new_game_buttons_never_overlap_and_grow(size):
    app = make_app(size)
    try:
        app.push(MenuScene(app))
        app.step(DT)
        assert_apart(app.scene.buttons, size)
        start = next(b for b in app.scene.buttons if b.action == "start")
        assert start.rect.width >= 280 * size[1] / 720 - 2  # the menu is not a small box in a corner
        app.replace(NewGameScene(app, "schwimmen"))
        app.step(DT)
        assert_apart(app.scene.buttons, size)
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id,players", [("schnapsen", 2), ("bauernschnapsen", 4), ("dreierschnapsen", 3),
                                             ("schwimmen", 9)])
def test_table_buttons_never_overlap(size, game_id, players):
    app = make_app(size, game_id, players)
    try:
        table = TableScene(app, game_id, "beginner")
        app.push(table)
        rng = Random(1)
        for _ in range(12):  # a few decisions: cut, trump, bidding, the first cards
            for _ in range(600):
                app.step(DT)
                if table.presenter.idle and table.controller.awaiting_human and table.buttons is not None:
                    break
            if not table.controller.awaiting_human:
                break
            assert_apart([b for b in table.buttons] + [table.menu_button], size)
            legal = table.controller.legal_moves()
            table.perform(legal[rng.randrange(len(legal))])
    finally:
        app.shutdown()


def test_bidding_panel_grows_with_the_window():
    from game.ui import bidding

    widths = []
    for size in ((1280, 720), (1920, 1080)):
        app = make_app(size, "bauernschnapsen", 4)
        try:
            table = TableScene(app, "bauernschnapsen", "beginner")
            app.push(table)
            app.step(DT)
            widths.append(bidding.panel_rect(table.presenter.geometry, size).width)
        finally:
            app.shutdown()
    assert widths[1] >= widths[0] * 1.4


def test_a_long_row_of_buttons_wraps_above_instead_of_running_over_the_seats():
    pygame.init()
    style.set_window_height(720)
    buttons = [Button(f"raise:{i}", f"Raise to contract number {i}", pygame.Rect(0, 0, 0, 0)) for i in range(8)]
    layout_rows(buttons, 640, 500, 36, max_width=800)
    assert all(140 <= b.rect.left and b.rect.right <= 1140 for b in buttons)
    assert max(b.rect.bottom for b in buttons) == 536 and min(b.rect.top for b in buttons) < 500
    assert_apart(buttons, (1280, 720))


def test_the_rules_overlay_is_opaque():
    from game.rules.options import OPTIONS_BY_GAME

    pygame.init()
    surface = pygame.Surface((1280, 720))
    surface.fill((255, 0, 255))  # a loud table under the overlay
    draw_rules_overlay(surface, "schnapsen", OPTIONS_BY_GAME["schnapsen"]())
    for x, y in ((200, 120), (640, 600), (1000, 360), (180, 590)):
        assert surface.get_at((x, y))[:3] != (255, 0, 255)
    # inside the panel the table does not show through at all
    inner = [surface.get_at((x, 650 // 2)) for x in range(300, 1000, 37)]
    assert all(c[0] < 120 and c[2] < 120 for c in inner)


def test_initials_for_the_seat_medallions():
    assert initials("Bot 3") == "B3"
    assert initials("Anna Berger") == "AB"
    assert initials("You") == "Y"
    assert initials("") == "?"


def _schnapsen_table(app: App, deck: str) -> TableScene:
    from game.controller import MatchController
    from game.rules import registry

    c = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=1, bot_pause=0.0,
                        use_processes=False, first_dealer=1)
    c.state = registry.get("schnapsen").new_round(2, 1, Random(0), deck=parse_cards(deck))
    table = TableScene(app, "schnapsen", "beginner", controller=c)
    app.push(table)
    for _ in range(400):
        app.step(DT)
        if table.presenter.idle and c.awaiting_human:
            break
    return table


def test_the_exchange_shows_the_turn_up_rising_before_the_jack_takes_its_place():
    app = make_app((1280, 720))
    app.config.speed = 1.0
    try:
        # forehand (seat 0) gets JC AH KD, the dealer AS TS KS, the turn-up is AC (clubs trumps)
        table = _schnapsen_table(app, "JC AH KD AS TS KS AC QD JD QH JH TH KH TD AD QS KC QC JS TC")
        p = table.presenter
        p.anim.speed = 1.0
        c = table.controller
        obs = c.observation()
        turnup = obs.turnup
        exchange = next(m for m in c.legal_moves() if m.kind == "exchange")  # the real move, by the table
        up0 = p.sprites[turnup].pos
        table.perform(exchange)
        jack = c.observation().turnup
        assert jack.rank.name == "JACK" and jack.suit == turnup.suit
        jack0 = p.sprites[jack].pos
        for _ in range(10):  # the first 0.17 s: the turn-up rises, the jack waits in the hand
            p.update(DT)
        assert p.sprites[turnup].pos[1] < up0[1] - 10
        assert p.sprites[jack].pos == jack0
        for _ in range(40):  # then the jack slides under the stock, where the turn-up lay
            p.update(DT)
        assert p.sprites[jack].pos[0] == pytest.approx(up0[0], abs=3)
        p.skip()
        assert turnup in p.zones[f"hand{c.human_seat}"]
    finally:
        app.shutdown()


def test_a_knock_shows_a_knuckle_mark_for_a_moment():
    app = make_app((1280, 720), "schwimmen", 4)
    try:
        table = TableScene(app, "schwimmen", "beginner")
        app.push(table)
        app.step(DT)
        table.presenter.skip()
        table.presenter.anim.speed = 1.0
        obs = table.controller.observation()
        table.presenter.present([ev.Announced(2, "knock")], obs)
        assert table.helper.knock is not None and table.helper.knock.seat == 2
        table.presenter.update(0.3)
        assert table.helper.knock.showing and not table.presenter.idle
        table.draw(app.screen)
        with_mark = pygame.image.tobytes(app.screen, "RGB")
        t = table.helper.knock.t
        table.helper.knock.t = 1.0  # the same frame without the mark
        table.draw(app.screen)
        assert pygame.image.tobytes(app.screen, "RGB") != with_mark
        table.helper.knock.t = t
        table.presenter.update(1.0)
        assert not table.helper.knock.showing
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 4])
def test_a_first_trick_shown_face_up_stays_on_its_own_pile(size, players):
    """``first_trick_visible``: the fanned first trick covers no other seat, trick slot or button."""
    from game.ui.scenes.table_family_geometry import GameGeometry

    pygame.init()
    g = GameGeometry(size, players, 0)
    for s in range(players):
        cards = []
        for i in range(players):
            x, y, _a, w = g.place(f"first{s}", i, players)
            r = pygame.Rect(0, 0, w, int(w * 1.5))
            r.center = (int(x), int(y))
            cards.append(r)
        fan = cards[0].unionall(cards[1:])
        assert pygame.Rect(0, 0, *size).contains(fan)
        assert fan.colliderect(g.pile_rect[s])
        for t in range(players):
            assert not fan.colliderect(g.trick_rect[t])
            if t != s:
                assert not fan.colliderect(g.seat_box(t)) and not fan.colliderect(g.hand_rect[t])
        assert not fan.colliderect(g.buttons_rect)
