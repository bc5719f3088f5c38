"""The app shell and the menu under the dummy video driver: scene lifecycle, window size memory,
minimum size, fullscreen toggle, keyboard navigation from the menu to the table."""

from __future__ import annotations

import json

import pygame

from game.ui.app import MIN_SIZE, App, AppConfig, Scene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene

DT = 1 / 60


class Probe(Scene):
    def __init__(self, app, log, name):
        super().__init__(app)
        self.log, self.name = log, name

    def enter(self):
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            self.log.append(f"key {self.name}")
            return True
        return False

    def update(self, dt):
        self.log.append(f"update {self.name} {dt:.3f}")


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(DT)


def test_scene_stack_lifecycle_and_dt_in_seconds(tmp_path):
    app = App(AppConfig(size=(1000, 700), settings_dir=tmp_path, persist=False))
    log: list[str] = []
    app.push(Probe(app, log, "a"))
    app.push(Probe(app, log, "b"))
    key(app, pygame.K_x)
    assert log == ["enter a", "enter b", "key b", "update b 0.017"]
    app.replace(Probe(app, log, "c"))
    assert log[-3:] == ["exit b", "exit a", "enter c"]
    app.step(5.0)  # a stall is clamped, so animations do not teleport
    assert log[-1] == "update c 0.100"
    app.shutdown()


def test_window_size_is_remembered_atomically_and_clamped(tmp_path):
    app = App(AppConfig(size=None, settings_dir=tmp_path, persist=True))
    app.push(Scene(app))
    app.on_resize(1100, 650)
    data = json.loads((tmp_path / "settings.json").read_text())
    assert data["window_size"] == [1100, 650]
    assert not list(tmp_path.glob("*.tmp"))
    app.on_resize(500, 300)  # below the minimum
    assert app.size == MIN_SIZE
    app.shutdown()
    again = App(AppConfig(size=None, settings_dir=tmp_path, persist=True))
    assert again.size == MIN_SIZE
    again.shutdown()


def test_f11_toggles_fullscreen(tmp_path):
    app = App(AppConfig(size=(1000, 700), settings_dir=tmp_path, persist=False))
    app.push(Scene(app))
    key(app, pygame.K_F11)
    assert app.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1000, 700)
    app.shutdown()


def test_menu_keyboard_to_table_and_coming_soon(tmp_path, monkeypatch):
    from game.ui import scenes

    # Only Schnapsen has a table in this test, whatever other games have meanwhile.
    monkeypatch.setattr(scenes, "TABLE_HELPERS", {"schnapsen": scenes.TABLE_HELPERS["schnapsen"]})
    config = AppConfig(size=(1280, 720), settings_dir=tmp_path, persist=False, speed=0.0, bot_pause=0.0,
                       use_processes=False, seed=4)
    app = App(config)
    menu = MenuScene(app)
    app.push(menu)
    app.step(DT)
    key(app, pygame.K_UP)  # to the difficulty row
    key(app, pygame.K_RIGHT)
    assert menu.level == "expert"
    key(app, pygame.K_UP)  # to the game row
    key(app, pygame.K_RIGHT)
    assert menu.game_id == "dreierschnapsen"
    key(app, pygame.K_RETURN)  # not ready yet: stays in the menu
    assert app.scene is menu
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, TableScene) and app.scene.level == "expert"
    assert app.scene.controller.levels == ("human", "expert")
    app.step(DT)
    key(app, pygame.K_ESCAPE)  # back to the menu
    assert isinstance(app.scene, MenuScene)
    key(app, pygame.K_ESCAPE)
    assert not app.running
    app.shutdown()


def test_menu_mouse_start(tmp_path):
    config = AppConfig(size=(1280, 720), settings_dir=tmp_path, persist=False, speed=0.0, bot_pause=0.0,
                       use_processes=False, seed=4)
    app = App(config)
    menu = MenuScene(app)
    app.push(menu)
    app.step(DT)
    start = next(b for b in menu.buttons if b.action == "start")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start.rect.center, button=1))
    app.step(DT)
    assert isinstance(app.scene, TableScene)
    app.shutdown()


def test_a_new_app_ignores_input_left_in_the_queue(tmp_path):
    pygame.init()
    pygame.display.set_mode((100, 100))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode=""))
    app = App(AppConfig(size=(1000, 700), settings_dir=tmp_path, persist=False))
    log: list[str] = []
    app.push(Probe(app, log, "a"))
    app.step(DT)
    assert log == ["enter a", "update a 0.017"]


def test_a_resting_app_wakes_for_input_and_keeps_it(tmp_path, monkeypatch):
    """rest() sleeps while nothing is busy; queued input ends the rest at once and stays queued
    for the frame that follows; with no input it returns after the wake interval."""
    from game.ui import app as app_mod

    app = App(AppConfig(size=(800, 600), settings_dir=tmp_path, persist=False))
    log: list[str] = []
    app.push(Probe(app, log, "a"))
    app.step(DT)  # the frame owed to the pushed scene
    assert not app.busy()
    monkeypatch.setattr(app_mod, "IDLE_WAKE_MS", 60)
    sleeps: list[float] = []
    real_sleep = app_mod.time.sleep
    monkeypatch.setattr(app_mod.time, "sleep", lambda s: (sleeps.append(s), real_sleep(s)))
    assert app.rest() is True and sleeps and max(sleeps) <= 0.01  # woke without input, in short naps
    sleeps.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x"))
    assert app.rest() is False and sleeps == []  # input: no nap at all
    app.step(DT)
    assert "key a" in log  # the key was not swallowed by the rest
    app.shutdown()


def test_the_type_scale_follows_the_window(tmp_path):
    """Text drawn without an explicit height (buttons, bubbles) grows with the window: the app
    tells the style module its height whenever the window changes."""
    from game.ui.style import type_px

    app = App(AppConfig(size=(1280, 720), settings_dir=tmp_path, persist=False))
    at_720 = type_px("body")
    app.on_resize(1920, 1080)
    assert type_px("body") == type_px("body", 1080) > at_720
    app.on_resize(1280, 720)
    assert type_px("body") == at_720
    app.shutdown()
