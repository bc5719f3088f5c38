"""Save and resume: a match saved mid-deal comes back exactly as it was (Schnapsen through the
real app scenes, the other games through SaveSlot + controller); truncated, garbage and
future-version save files produce the dialog, are kept aside and the app starts cleanly."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pygame
import pytest

from game.controller import MatchController
from game.persistence import SAVE_NAME, SaveSlot
from game.ui.app import App, AppConfig
from game.ui.scenes.dialog import DialogScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene
from game.ui.session import install, open_menu

DT = 1 / 60


def make_app(tmp: Path, seed: int = 3) -> App:
    config = AppConfig(size=(1280, 720), settings_dir=tmp / "config", persist=False, speed=0.0, bot_pause=0.0,
                       use_processes=False, seed=seed)
    config.extra["data_dir"] = tmp / "data"
    app = App(config)
    install(app, cli_lang="en")
    return app


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.step(DT)


def until_human(app: App, limit: int = 400) -> TableScene:
    for _ in range(limit):
        app.step(DT)
        table = app.scenes[0]
        if isinstance(table, TableScene) and app.scene is table and table.presenter.idle:
            c = table.controller
            if c.awaiting_human and not c.round_over:
                return table
    raise AssertionError("the human never got the turn")


def test_schnapsen_resumes_mid_deal_through_the_app(tmp_path):
    app = make_app(tmp_path)
    menu = open_menu(app, app.session.check_save())
    assert not any(b.action == "session:resume" for b in menu.buttons)  # nothing saved yet
    menu.start()
    rng = Random(5)
    for _ in range(3):
        table = until_human(app)
        legal = table.controller.legal_moves()
        assert table.perform(legal[rng.randrange(len(legal))])
    table = until_human(app)
    c = table.controller
    assert not c.round_over and len(c.move_log) >= 5
    state, log, hand = c.state, list(c.move_log), sorted(map(str, table.presenter.hand_cards()))
    saved = json.loads((tmp_path / "data" / SAVE_NAME).read_text(encoding="utf-8"))
    assert [tuple(m) for m in saved["moves"]] == log  # written after every move
    app.shutdown()

    app2 = make_app(tmp_path)
    assert app2.session.check_save() is None
    menu2 = open_menu(app2)
    assert any(b.action == "session:resume" for b in menu2.buttons)
    app2.step(DT)
    key(app2, pygame.K_r)  # Resume
    table2 = until_human(app2)
    c2 = table2.controller
    assert c2 is not c and c2.state == state and c2.move_log == log
    assert sorted(map(str, table2.presenter.hand_cards())) == hand
    assert c2.round_no == c.round_no and c2.match.scores == c.match.scores
    app2.shutdown()


def _play_until(c: MatchController, rng: Random, moves: int) -> None:
    """Bots and a random human until ``moves`` moves of the first deal are made."""
    now = 0.0
    while len(c.move_log) < moves and not c.round_over:
        now += 1.0
        if c.awaiting_human:
            legal = c.legal_moves()
            c.submit(legal[rng.randrange(len(legal))])
        else:
            c.tick(now)


@pytest.mark.parametrize("game,players,moves", [("schnapsen", 2, 7), ("dreierschnapsen", 3, 9),
                                                 ("bauernschnapsen", 4, 7), ("schwimmen", 4, 6)])
def test_every_game_resumes_to_an_identical_state(tmp_path, game, players, moves):
    c = MatchController(game, players, human_seat=0, levels=["human"] + ["beginner"] * (players - 1),
                        master_seed=77, bot_pause=0.0, use_processes=False)
    _play_until(c, Random(1), moves)
    assert not c.round_over and len(c.move_log) == moves
    slot = SaveSlot(tmp_path)
    assert slot.write(c)
    c2, problem = slot.resume(bot_pause=0.0, use_processes=False)
    assert problem is None and c2 is not None
    assert c2.state == c.state and c2.move_log == c.move_log and c2.options == c.options
    assert c2.observation() == c.observation() and c2.to_move == c.to_move
    c.close()
    c2.close()


def _valid_save(tmp: Path) -> str:
    c = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=9,
                        bot_pause=0.0, use_processes=False)
    _play_until(c, Random(2), 4)
    SaveSlot(tmp / "src").write(c)
    return (tmp / "src" / SAVE_NAME).read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", ["truncated", "garbage", "future"])
def test_bad_save_files_show_the_dialog_are_kept_aside_and_start_cleanly(tmp_path, kind):
    text = _valid_save(tmp_path)
    if kind == "truncated":
        content = text[: len(text) // 2]
    elif kind == "garbage":
        content = "\x00\x13garbage \u2603 not a save"
    else:
        data = json.loads(text)
        data["version"] = 99
        content = json.dumps(data)
    save = tmp_path / "data" / SAVE_NAME
    save.parent.mkdir(parents=True)
    save.write_text(content, encoding="utf-8")

    app = make_app(tmp_path)
    problem = app.session.check_save()
    assert problem
    open_menu(app, problem)
    app.step(DT)
    dialog = app.scene
    assert isinstance(dialog, DialogScene) and dialog.message == problem
    assert "newer version" in problem if kind == "future" else True
    aside = sorted(save.parent.glob("current_match.bad-*.json"))
    assert not save.exists() and len(aside) == 1
    assert aside[0].read_text(encoding="utf-8") == content  # kept as it was
    key(app, pygame.K_RETURN)  # close the dialog
    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert not any(b.action == "session:resume" for b in menu.buttons)
    menu.start()  # a clean new match
    until_human(app)
    assert save.exists() and json.loads(save.read_text(encoding="utf-8"))["master_seed"] == 3
    assert aside[0].read_text(encoding="utf-8") == content  # the new save did not touch it
    app.shutdown()
