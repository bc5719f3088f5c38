"""The guided first deal (game.ui.tour, game.ui.scenes.tour_overlay), driven headless.

A session with folders under tmp_path (never the user's): the guide appears on the first game of
a kind and is remembered in the settings file, not on the second game, not when turned off, and
F3 or its button skips it.  Played through a whole first deal of each game, every tip shows once,
in the guide's order, and its panel never covers the player's hand, label or buttons.
"""

from __future__ import annotations

from random import Random

import pygame
import pytest

from ai.base import make_agent
from game import i18n
from game import settings as sm
from game.controller import MatchController
from game.rules import registry
from game.ui import tour
from game.ui.app import App, AppConfig
from game.ui.scenes.table import TableScene
from game.ui.scenes.tour_overlay import SKIP_KEY, TourOverlay

DT = 1 / 60
PLAYERS = {"schnapsen": 2, "bauernschnapsen": 4, "dreierschnapsen": 3, "schwimmen": 4}


def make_app(tmp_path, size=(1280, 720), **changes):
    from game.ui.session import install

    config = AppConfig(size=size, settings_dir=tmp_path / "config", persist=False, speed=0.0, bot_pause=0.0,
                       use_processes=False)
    config.extra["data_dir"] = tmp_path / "data"
    app = App(config)
    session = install(app, cli_lang="en", state_folder=tmp_path / "state", record=False)
    session.change(animation_speed=0.0, trick_pause=0.0, bot_pause=0.0, **changes)  # no waiting
    return app, session


def open_table(app, game: str, seed: int = 2) -> TableScene:
    n = PLAYERS[game]
    ctrl = MatchController(game, n, human_seat=0, levels=["human"] + ["beginner"] * (n - 1), master_seed=seed,
                           bot_pause=0.0, use_processes=False)
    table = TableScene(app, game, "beginner", controller=ctrl)
    app.push(table)
    frames(app, 3)
    return table


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(DT)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    frames(app, 2)


def click(app: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def test_the_guide_appears_on_the_first_game_and_not_on_the_second(tmp_path):
    app, session = make_app(tmp_path)
    table = open_table(app, "schnapsen")
    assert isinstance(table.tour, TourOverlay) and table.tour.current == "sn_deal"
    assert session.settings.tours_seen == ("schnapsen",)
    assert sm.load(session.settings_path).tours_seen == ("schnapsen",)  # remembered on disk at once
    title = i18n.t("tour.sn_deal.title")
    assert title != "tour.sn_deal.title" and table.tour.texts()[0] == title
    app.shutdown()
    # the next start of the app, a second Schnapsen game: no guide; another game: its own guide
    app, session = make_app(tmp_path)
    assert open_table(app, "schnapsen", seed=3).tour is None
    other = open_table(app, "schwimmen")
    assert other.tour is not None and other.tour.current == "sw_deal"
    assert session.settings.tours_seen == ("schnapsen", "schwimmen")
    app.shutdown()


def test_no_guide_when_turned_off_in_the_settings(tmp_path):
    app, session = make_app(tmp_path, tour=False)
    assert open_table(app, "bauernschnapsen").tour is None
    assert session.settings.tours_seen == ()  # not offered, so still offered once turned on again
    app.shutdown()


def test_turning_it_off_while_playing_ends_it(tmp_path):
    app, session = make_app(tmp_path)
    table = open_table(app, "schnapsen")
    assert table.tour.current is not None
    session.change(tour=False)
    frames(app, 2)
    assert not table.tour.active and table.tour.current is None
    app.shutdown()


def test_the_skip_key_ends_the_guide_and_does_not_reach_the_table(tmp_path):
    app, _ = make_app(tmp_path)
    table = open_table(app, "dreierschnapsen")
    assert table.tour.current == "fam_deal"
    moves = len(table.controller.move_log)
    key(app, SKIP_KEY)
    assert not table.tour.active and table.tour.current is None
    frames(app, 5)
    assert table.tour.current is None  # no later tip either
    assert len([e for e in table.controller.move_log[moves:] if e[1] == 0]) == 0
    app.shutdown()


def test_the_buttons_put_a_tip_away_and_skip_the_guide(tmp_path):
    app, _ = make_app(tmp_path)
    table = open_table(app, "schnapsen")
    ok = next(b for b in table.tour.buttons if b.action == "tour_ok")
    assert ok.label == i18n.t("tour.ok")
    click(app, ok.rect.center)
    assert "sn_deal" in table.tour.seen and table.tour.current != "sn_deal"
    for _ in range(300):  # the bot may lead first; then the player's first lead has its tip
        if table.tour.current is not None:
            break
        frames(app)
    assert table.tour.current == "sn_phase1"
    skip = next(b for b in table.tour.buttons if b.action == "tour_skip")
    click(app, skip.rect.center)
    assert not table.tour.active
    app.shutdown()


def play_first_deal(app, table, check) -> list[str]:
    """Play the first deal with a bot in the human seat, calling ``check`` on every frame where a
    tip shows; returns the tips in the order they appeared."""
    agent = make_agent(table.game_id, "beginner", 0)
    rng = Random(5)
    order: list[str] = [table.tour.current] if table.tour.current else []
    c = table.controller
    waited = 0  # frames the player has been to move: a person reads before acting
    for _ in range(3000):
        frames(app)
        t = table.tour
        if t.current is not None:
            if not order or order[-1] != t.current:
                order.append(t.current)
            check(table)
        if c.round_over:
            break
        ready = c.awaiting_human and table.presenter.idle
        waited = waited + 1 if ready else 0
        if ready and waited > 2 and (t.current is None or rng.random() < 0.3):
            table.perform(agent.choose(c.observation(), c.legal_moves(), rng))
            waited = 0
    return order


def no_cover(table) -> None:
    r = table.tour.rect
    geo = table.presenter.geometry
    me = table.human_seat
    assert not r.colliderect(geo.hand_rect[me]), (table.tour.current, r, geo.hand_rect[me])
    assert not r.colliderect(geo.label[me])
    for b in table.buttons:
        assert not r.colliderect(b.rect), (table.tour.current, b.action)
    assert table.app.screen.get_rect().contains(r)


@pytest.mark.parametrize("game", list(PLAYERS))
@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_a_whole_first_deal_shows_each_tip_once_beside_the_hand(tmp_path, game, size):
    app, _ = make_app(tmp_path, size=size)
    table = open_table(app, game)
    order = play_first_deal(app, table, no_cover)
    assert len(order) == len(set(order)) >= 2, order  # each tip once; more than the first
    assert all(tip in tour.TIPS[game] for tip in order)
    assert order[0] == tour.TIPS[game][0]
    app.shutdown()


def test_the_tips_follow_the_observation_only():
    """A tip is due from what the player may see: a marriage tip only with a marriage to meld."""
    from game.rules.base import Move

    rules = registry.get("schnapsen")
    state = rules.new_round(2, 1, Random(1))
    obs = rules.observe(state, 0)
    assert "sn_marriage" not in tour.due("schnapsen", obs, [Move("play", ())], 0)
    assert "sn_marriage" in tour.due("schnapsen", obs, [Move("meld", (), "H")], 0)
    assert tour.next_tip("schnapsen", obs, [], 0, {"sn_deal"}) is None  # a bot's turn: nothing new


def test_the_panel_keeps_clear_of_the_opponents_last_action(tmp_path):
    """Seed 2: the bot opens with a marriage; its bubble beside the bot's seat stays readable."""
    app, _session = make_app(tmp_path)
    table = open_table(app, "schnapsen", seed=2)
    frames(app, 60)
    box = table.helper.call_box
    assert box is not None and table.tour is not None and table.tour.current is not None
    assert not table.tour.rect.colliderect(box)
    app.shutdown()
