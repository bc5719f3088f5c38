"""The new-game screen: players, a level per bot seat, the preset and every option, by clicks;
Deal opens the table with exactly those choices.  The menu offers all four games."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.rules.options import DESCRIBE, OPTIONS_BY_GAME, PRESETS
from game.ui.app import App, AppConfig
from game.ui.scenes import GAME_ORDER, has_table
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.newgame import NewGameScene, choices
from game.ui.scenes.table import TableScene
from game.ui.scenes.table_family_text import option_description, option_label

DT = 1 / 60


@pytest.fixture
def app():
    a = App(AppConfig(size=(1280, 720), persist=False, speed=0.0, bot_pause=0.0, use_processes=False, seed=2))
    yield a
    a.shutdown()


def click(app: App, action: str, button: int = 1) -> None:
    b = next(b for b in app.scene.buttons if b.action == action)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=button))
    app.step(DT)


def test_menu_lists_all_four_games_with_tables(app):
    assert GAME_ORDER == ("schnapsen", "dreierschnapsen", "bauernschnapsen", "schwimmen")
    assert all(has_table(g) for g in GAME_ORDER)
    menu = MenuScene(app)
    app.push(menu)
    app.step(DT)
    click(app, "game:3")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
    app.step(DT)
    assert isinstance(app.scene, NewGameScene) and app.scene.game_id == "schwimmen"


@pytest.mark.parametrize("game_id", GAME_ORDER)
def test_every_option_is_listed_with_its_explanation(app, game_id):
    scene = NewGameScene(app, game_id)
    app.push(scene)
    app.step(DT)
    fields = [f.name for f in dataclasses.fields(OPTIONS_BY_GAME[game_id])]
    assert [b.action for b in scene.buttons if b.action.startswith("opt:")] == [f"opt:{f}" for f in fields]
    assert {b.action for b in scene.buttons if b.action.startswith("preset:")} == {
        f"preset:{p}" for p in PRESETS[game_id]}
    for f in fields:
        assert f in DESCRIBE
        assert option_description(f) and option_description(f) != f"option.{f}.desc"
        assert option_label(f) != f"option.{f}"
    app.draw(app.screen)


def test_choices_reach_the_table(app):
    scene = NewGameScene(app, "schwimmen", "beginner")
    app.push(scene)
    app.step(DT)
    click(app, "players:9")
    assert scene.players == 9 and len([b for b in scene.buttons if b.action.startswith("level:")]) == 8
    click(app, "level:0")  # beginner -> player
    click(app, "level:1", button=3)  # right click: beginner -> expert
    click(app, "preset:big_table")
    assert scene.options.deck == "52"
    click(app, "opt:feuer")
    assert scene.options.feuer is False and scene.preset == ""
    assert choices("schwimmen", "closed_game") == (False, True)  # a house rule, offered (A-W5)
    click(app, "start")
    table = app.scene
    assert isinstance(table, TableScene) and table.game_id == "schwimmen"
    c = table.controller
    assert c.players == 9 and c.options.deck == "52" and c.options.feuer is False
    assert c.levels[:3] == ("human", "player", "expert") and c.levels[3] == "beginner"
    for _ in range(5):
        app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0, unicode="i"))
    app.step(DT)
    assert table.helper.show_rules  # the active rules overlay (I)
    app.draw(app.screen)


def test_keyboard_and_back(app):
    scene = NewGameScene(app, "bauernschnapsen")
    app.push(scene)
    app.step(DT)
    assert not any(b.action.startswith("players:") for b in scene.buttons)  # four players, fixed
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.step(DT)
    assert scene.levels[0] == "expert"  # the first bot's level cycled player -> expert
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(DT)
    assert isinstance(app.scene, MenuScene)
