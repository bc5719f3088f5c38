"""The high-DPI window of macOS (game.ui.screen), run here through its forcing switch: the app
opens a ``pygame.Window``, draws into its surface, follows its size events in points, and turns
mouse positions from points into the surface's pixels before a scene sees them."""

from __future__ import annotations

import json

import pygame
import pytest

from game.ui import screen
from game.ui.app import App, AppConfig, Scene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene

DT = 1 / 60


@pytest.fixture
def high_dpi(monkeypatch):
    monkeypatch.setenv("KARTENSTUBE_HIGH_DPI", "1")


def test_the_switch_and_the_default(monkeypatch):
    monkeypatch.setenv("KARTENSTUBE_HIGH_DPI", "0")
    assert not screen.wants_high_dpi()
    monkeypatch.setenv("KARTENSTUBE_HIGH_DPI", "1")
    assert screen.wants_high_dpi()
    monkeypatch.delenv("KARTENSTUBE_HIGH_DPI")
    monkeypatch.setattr(screen.sys, "platform", "darwin")
    pygame.display.init()
    assert not screen.wants_high_dpi()  # the dummy driver (tests, smoke runs) keeps the classic window
    monkeypatch.setattr(screen.pygame.display, "get_driver", lambda: "cocoa")
    assert screen.wants_high_dpi()
    monkeypatch.setattr(screen.sys, "platform", "linux")
    assert not screen.wants_high_dpi()


def test_a_pointer_event_is_scaled_to_pixels_and_others_pass_unchanged():
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 50), rel=(3, -2), buttons=(1, 0, 0))
    scaled = screen.scaled_pointer_event(motion, 2.0, 2.0)
    assert scaled.type == pygame.MOUSEMOTION and scaled.pos == (200, 100) and scaled.rel == (6, -4)
    assert scaled.buttons == (1, 0, 0) and motion.pos == (100, 50)  # the original is left alone
    press = screen.scaled_pointer_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(7, 9), button=1), 2.0, 1.5)
    assert press.pos == (14, 13) and press.button == 1


def test_the_app_draws_into_a_high_dpi_window(tmp_path, high_dpi):
    app = App(AppConfig(size=(1000, 700), settings_dir=tmp_path, persist=False))
    assert isinstance(app.display, screen.HighDpiScreen) and app.display.window is not None
    assert app.screen.get_size() == (1000, 700) == tuple(app.display.window.size)  # scale 1 here
    app.push(Scene(app))
    app.step(DT)
    assert app.frames == 1
    app.set_caption("Kartenstube")
    assert app.display.window.title == "Kartenstube"
    app.shutdown()


def test_size_events_in_points_resize_the_surface_and_are_remembered(tmp_path, high_dpi):
    app = App(AppConfig(size=None, settings_dir=tmp_path, persist=True))
    app.push(Scene(app))
    app.display.window.size = (1100, 650)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1100, y=650, window=app.display.window))
    app.step(DT)
    assert app.size == (1100, 650) and app.windowed_size == (1100, 650)
    assert json.loads((tmp_path / "settings.json").read_text())["window_size"] == [1100, 650]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    app.step(DT)
    assert app.fullscreen
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    app.step(DT)
    assert not app.fullscreen and app.size == (1100, 650)
    app.shutdown()


def test_on_a_retina_display_a_click_in_points_hits_the_button_drawn_in_pixels(tmp_path, high_dpi, monkeypatch):
    """The menu is drawn into the surface in pixels; the click arrives in points (half the
    pixels on a Retina display) and must land on the same button."""
    config = AppConfig(size=(1280, 720), settings_dir=tmp_path, persist=False, speed=0.0, bot_pause=0.0,
                       use_processes=False, seed=4)
    app = App(config)
    monkeypatch.setattr(screen.HighDpiScreen, "scale", lambda self: (2.0, 2.0))
    menu = MenuScene(app)
    app.push(menu)
    app.step(DT)
    start = next(b for b in menu.buttons if b.action == "start")
    x, y = start.rect.center
    # the same point in window coordinates is half-way there; unscaled it would miss the button
    # (the menu's buttons are centred well right of the window's middle: x/2 is off them)
    assert not start.rect.collidepoint(x // 2, y // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x // 2, y // 2), button=1))
    app.step(DT)
    assert isinstance(app.scene, TableScene)
    app.shutdown()
