"""Watching the bots in Schwimmen with the player's session installed (settings applied live).

tests/ui/test_schwimmen_watch.py covers the pace, the countdown and "Skip to the end" without a
session.  Here the gap found by trying it with one: a settings change while watching (any, e.g.
the sound) re-applied the settings' bot pause and animation speed and so dropped the chosen pace
for the rest of the deal while the strip still named it.  Also: the deals go on with no input at
all, and the guided first deal is not offered on a match that is not at its first deal.
"""

from __future__ import annotations

import pygame

from game.ui.app import App, AppConfig
from game.ui.scenes.scoresheets_schwimmen import SchwimmenSummary
from game.ui.scenes.table import TableScene
from tests.ui.test_schwimmen_watch import click, knocked_out_controller, press, until


def test_a_settings_change_keeps_the_watching_pace_and_deals_run_without_input(tmp_path):
    from game.ui.session import install

    config = AppConfig(size=(1280, 720), settings_dir=tmp_path / "config", persist=False, use_processes=False)
    config.extra["data_dir"] = tmp_path / "data"
    app = App(config)
    session = install(app, cli_lang="en", state_folder=tmp_path / "state", record=False)
    ctrl = knocked_out_controller()
    table = TableScene(app, "schwimmen", "beginner", controller=ctrl)
    ctrl.drain_events()
    app.push(table)
    assert table.tour is None  # not the first deal of a match: no guide
    until(app, lambda: isinstance(app.scene, SchwimmenSummary), limit=2000)
    click(app, next(b for b in app.scene.buttons if b.action == "next").rect.center)
    start = ctrl.round_no
    press(app, pygame.K_PLUS)
    press(app, pygame.K_PLUS)  # fastest: four times the speed, a quarter of the pause
    watch = table.helper.watch
    pause, speed = session.settings.bot_pause, session.settings.animation_speed
    assert ctrl.bot_pause == pause / watch.factor and table.presenter.anim.speed == speed * watch.factor
    session.change(sound=False)  # any setting: the session applies them all to the table
    assert ctrl.bot_pause == pause / watch.factor and table.presenter.anim.speed == speed * watch.factor
    for _ in range(60 * 60):  # a minute with no input at all
        app.step(1 / 60)
        if ctrl.match_over:
            break
    assert ctrl.round_no >= start + 2 or ctrl.match_over
    app.shutdown()
