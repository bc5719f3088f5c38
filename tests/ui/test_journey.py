"""A newcomer's journeys through the real app (issue 19): menus, new-game screens, tables, the
summary, quitting and coming back.  No match in progress is ever lost without the player saying
so, the keyboard's defaults never destroy anything, and an unexpected error is never silent."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pytest

from game.crash_report import MARKER
from game.ui.app import App, AppConfig
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.newgame import NewGameScene
from game.ui.scenes.table import TableScene
from game.ui.session import install, open_menu

DT = 1 / 60


def make_app(tmp: Path, seed: int = 3) -> App:
    config = AppConfig(size=(1280, 720), settings_dir=tmp / "config", persist=False, speed=0.0, bot_pause=0.0,
                       use_processes=False, seed=seed)
    config.extra["data_dir"] = tmp / "data"
    app = App(config)
    install(app, cli_lang="en", state_folder=tmp / "state")
    open_menu(app, app.session.check_save())
    app.step(DT)
    return app


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.shutdown()


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.step(DT)


def click(app: App, action: str) -> None:
    b = next(b for b in app.scene.buttons if b.action == action)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.rect.center, button=1))
    app.step(DT)


def table_of(app: App) -> TableScene:
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    return table


def until_human(app: App, limit: int = 600) -> TableScene:
    for _ in range(limit):
        app.step(DT)
        tables = [s for s in app.scenes if isinstance(s, TableScene)]
        if tables and app.scene is tables[0] and tables[0].presenter.idle:
            c = tables[0].controller
            if c.awaiting_human and not c.round_over:
                return tables[0]
    raise AssertionError("the human never got the turn")


def play_moves(app: App, n: int) -> TableScene:
    for _ in range(n):
        table = until_human(app)
        legal = table.controller.legal_moves()
        assert table.perform(next((m for m in legal if m.kind not in ("declare", "close")), legal[0]))
    return until_human(app)


def until_summary(app: App, limit: int = 3000) -> TableScene:
    for _ in range(limit):
        app.step(DT)
        table = table_of(app)
        if table.summary_open and app.scene is not table:
            return table
        if app.scene is table and table.presenter.idle and table.controller.awaiting_human:
            legal = table.controller.legal_moves()
            table.perform(next((m for m in legal if m.kind != "declare"), legal[0]))
    raise AssertionError("the deal never ended")


# --- crash 3: the new-game screen's player count belongs to its game ----------------------------------


def test_a_player_count_chosen_for_schwimmen_never_reaches_schnapsen(app):
    """New game: Schwimmen with 5 players, Deal, back to the menu, Schnapsen, Start (used to raise
    ValueError in game/rules/match.py and end the app)."""
    click(app, "game:3")
    click(app, "newgame")
    assert isinstance(app.scene, NewGameScene) and app.scene.game_id == "schwimmen"
    click(app, "players:5")
    click(app, "start")
    table = table_of(app)
    assert table.controller.players == 5 and table.controller.game_id == "schwimmen"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    click(app, "game:0")
    click(app, "start")
    assert isinstance(app.scene, DialogScene)  # the Schwimmen match in progress would be lost
    click(app, "ok")
    table = table_of(app)
    assert table.controller.game_id == "schnapsen" and table.controller.players == 2
    # and Schwimmen's new-game screen still remembers its own five players
    key(app, pygame.K_ESCAPE)
    click(app, "game:3")
    click(app, "newgame")
    assert app.scene.players == 5


# --- leaving, continuing, replacing, quitting ----------------------------------------------------------


def test_leaving_the_table_keeps_the_match_and_the_menu_continues_it_with_enter(app):
    app.scene.start()
    table = play_moves(app, 3)
    c, log = table.controller, list(table.controller.move_log)
    key(app, pygame.K_ESCAPE)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    label = next(b.label for b in menu.buttons if b.action == "session:resume")
    assert "Schnapsen" in label and "2 players" in label and "deal 1" in label and "you 0 : 0 Bot" in label
    key(app, pygame.K_RETURN)  # the keyboard's default continues; it never starts over
    table2 = table_of(app)
    assert table2.controller is c and c.move_log == log
    until_human(app)
    assert len(c.move_log) >= len(log)


def test_starting_a_new_match_over_one_in_progress_asks_and_enter_keeps_the_old_one(app):
    app.scene.start()
    table = play_moves(app, 2)
    c = table.controller
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_DOWN)  # focus from Continue to the game row: Enter there starts a new match
    key(app, pygame.K_RETURN)
    dialog = app.scene
    assert isinstance(dialog, DialogScene) and dialog.destructive
    assert "Schnapsen" in dialog.message
    key(app, pygame.K_RETURN)  # Enter on a destructive question is Cancel
    assert isinstance(app.scene, MenuScene) and app.session.resumable is c
    click(app, "start")
    click(app, "ok")  # a deliberate click gives the old match up
    assert table_of(app).controller is not c


def test_the_new_game_screen_asks_before_its_deal_replaces_a_match(app):
    app.scene.start()
    play_moves(app, 1)
    key(app, pygame.K_ESCAPE)
    click(app, "newgame")
    click(app, "start")
    assert isinstance(app.scene, DialogScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, NewGameScene) and app.session.resumable is not None


def test_escape_escape_from_the_summary_never_quits_and_the_match_stays(app):
    app.scene.start()
    table = until_summary(app)
    c = table.controller
    assert not c.match_over
    key(app, pygame.K_ESCAPE)  # the summary: back to the menu
    assert isinstance(app.scene, MenuScene)
    key(app, pygame.K_ESCAPE)  # the menu: asks before quitting
    assert isinstance(app.scene, DialogScene) and app.running
    key(app, pygame.K_ESCAPE)  # Esc on the question: stay
    assert app.running and isinstance(app.scene, MenuScene) and app.session.resumable is c
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # the match is saved: quitting is the default here
    assert not app.running


def test_closing_the_window_at_the_table_asks_first(app):
    app.scene.start()
    play_moves(app, 1)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(DT)
    assert app.running and isinstance(app.scene, DialogScene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # asked twice: the player means it
    app.step(DT)
    assert not app.running


def test_quitting_without_a_match_does_not_ask(app):
    key(app, pygame.K_ESCAPE)
    assert not app.running


def test_the_match_left_at_the_table_is_offered_again_after_a_restart(tmp_path):
    app = make_app(tmp_path)
    app.scene.start()
    table = play_moves(app, 2)
    log = list(table.controller.move_log)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert not app.running
    app.shutdown()
    again = make_app(tmp_path)
    try:
        menu = again.scene
        assert isinstance(menu, MenuScene) and ROWS_FOCUS(menu) == "continue"
        key(again, pygame.K_RETURN)
        assert table_of(again).controller.move_log == log
    finally:
        again.shutdown()


def ROWS_FOCUS(menu: MenuScene) -> str:
    from game.ui.scenes.menu import ROWS

    return ROWS[menu.focus]


# --- undo at the summary, the doubtful claim ------------------------------------------------------------


def test_ctrl_z_at_the_deal_summary_takes_the_deal_back(app):
    app.scene.start()
    table = until_summary(app)
    c = table.controller
    scores = c.match.scores
    stats = app.session.stats
    assert [d["round_no"] for d in stats.deals()] == [0]  # recorded when the deal ended
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert app.scene is table and not table.summary_open
    assert not c.round_over and c.awaiting_human and c.match.scores != scores
    assert stats.deals() == []  # the deal is being played again: its old end is taken back
    until_summary(app)
    assert [d["round_no"] for d in stats.deals()] == [0]  # and its new end recorded, once


def _table_where_declare_is_legal(app: App) -> TableScene:
    for _ in range(40):
        table = until_human(app)
        legal = table.controller.legal_moves()
        if any(m.kind == "declare" for m in legal) and table._obs.points < 66:
            return table
        assert table.perform(next((m for m in legal if m.kind == "play"), legal[0]))
    raise AssertionError("no chance to declare")


def test_a_claim_of_66_the_points_cannot_support_asks_first(app):
    app.scene.start()
    table = _table_where_declare_is_legal(app)
    moves = len(table.controller.move_log)
    key(app, pygame.K_d)
    dialog = app.scene
    assert isinstance(dialog, DialogScene) and str(table._obs.points) in dialog.message
    key(app, pygame.K_RETURN)  # Enter: Cancel
    assert app.scene is table and len(table.controller.move_log) == moves
    key(app, pygame.K_d)
    click(app, "ok")
    assert table.controller.move_log[-1][2] == "declare"


def test_purists_turn_the_claim_question_off(app):
    app.session.change(confirm_claims=False)
    app.scene.start()
    table = _table_where_declare_is_legal(app)
    key(app, pygame.K_d)
    assert table.controller.move_log[-1][2] == "declare"


# --- a crash is never silent ------------------------------------------------------------------------------


def test_an_error_in_a_frame_returns_to_the_menu_with_the_saved_match_and_says_so(app, caplog, monkeypatch):
    app.scene.start()
    table = play_moves(app, 2)
    log = list(table.controller.move_log)
    calls = {"n": 0}
    real_update = TableScene.update

    def failing_update(self, dt):
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("boom in the table")
        real_update(self, dt)

    monkeypatch.setattr(TableScene, "update", failing_update)
    at_end: list = []
    monkeypatch.setattr(app, "shutdown", lambda: at_end.extend(app.scenes))  # what run() leaves
    with caplog.at_level(logging.ERROR):
        assert app.run(max_frames=app.frames + 3) == 0  # the loop recovers instead of ending
    assert app.running
    assert "boom in the table" in caplog.text and "Traceback" in caplog.text
    dialog = at_end[-1]
    assert isinstance(dialog, DialogScene) and "log" in dialog.message.lower()
    assert isinstance(at_end[0], MenuScene)
    assert app.session.resumable is not None and app.session.resumable.move_log == log


def test_an_error_that_ends_the_app_is_said_at_the_next_start(tmp_path):
    from game.crash_report import write_marker

    assert write_marker(tmp_path / "state", "Traceback...\nRuntimeError: boom", tmp_path / "state" / "k.log")
    app = make_app(tmp_path)
    try:
        assert isinstance(app.scene, DialogScene) and "unexpected error" in app.scene.message
        assert not (tmp_path / "state" / MARKER).exists()  # said once
    finally:
        app.shutdown()
    again = make_app(tmp_path)
    try:
        assert isinstance(again.scene, MenuScene)
    finally:
        again.shutdown()


def test_a_new_match_at_the_same_table_gets_the_cards_of_its_own_options(tmp_path):
    """Found by the monkey with --options random: the next match at a Schwimmen table used a
    52-card pack while the table still held the 32 cards of the match before (KeyError)."""
    import dataclasses

    from game.rules.options import OPTIONS_BY_GAME

    cfg = AppConfig(size=(1280, 720), persist=False, speed=0.0, bot_pause=0.0, use_processes=False, seed=9)
    small = OPTIONS_BY_GAME["schwimmen"]()
    cfg.extra["match_setup"] = {"game_id": "schwimmen", "players": 3, "options": small, "levels": ["beginner"] * 2}
    app = App(cfg)
    try:
        table = TableScene(app, "schwimmen", "beginner")
        app.push(table)
        app.step(DT)
        cfg.extra["match_setup"] = {"game_id": "schwimmen", "players": 3, "levels": ["beginner"] * 2,
                                    "options": dataclasses.replace(small, deck="52")}
        c = table.controller
        c.match = dataclasses.replace(c.match, winners=(0,))  # this match is over
        assert c.match_over
        table.next_deal()
        for _ in range(200):
            app.step(DT)
        assert table.controller.options.deck == "52"
        assert len(table.presenter.sprites) == 52
    finally:
        app.shutdown()


def test_a_result_the_statistics_cannot_take_is_said_once_at_the_table(app, monkeypatch):
    """Issue 25's last gap: a full disk under the statistics kept the result in memory silently."""
    from game import stats as stats_mod

    def full(self, op):  # as Stats._write does when the database answers "disk full": keep it
        self._pending.append(op)
        return None

    monkeypatch.setattr(stats_mod.Stats, "_write", full)
    app.scene.start()
    table = until_summary(app)
    assert app.session.stats.waiting >= 1
    assert "statistics" in table.status.notice.lower()
    told = table.status.notice
    table.status.notice = ""
    app.session._record(table.controller)  # still waiting: not said again
    assert table.status.notice == "" and told
