"""Schwimmen after the player is out: the bots' deals run by themselves at a pace the player
changes, and "Skip to the end" plays the rest of the match and shows the final sheet.

Driven through posted pygame events (dummy video driver), like test_table_schwimmen.py.  The
human seat is played into elimination by a deliberately poor policy before the table opens.
"""

from __future__ import annotations

import pygame
import pytest

from game.controller import MatchController
from game.rules.base import Move
from game.ui.app import App, AppConfig
from game.ui.scenes.schwimmen_watch import DEAL_PAUSE, FastForward, watching
from game.ui.scenes.scoresheets_schwimmen import SchwimmenSummary
from game.ui.scenes.table import TableScene

DT = 1 / 60
SEED = 5
LEVELS = ["human", "beginner", "beginner", "beginner"]


def poor(legal: tuple[Move, ...]) -> Move:
    """Shove whenever possible: the human soon loses every life."""
    for kind in ("shove", "keep"):
        if Move(kind) in legal:
            return Move(kind)
    return legal[-1]


def knocked_out_controller() -> MatchController:
    """A 4-player match stopped at the summary of the deal that put the human out."""
    c = MatchController("schwimmen", 4, human_seat=0, levels=LEVELS, master_seed=SEED, bot_pause=0.0,
                        use_processes=False)
    while True:
        if c.round_over:
            if c.match.out[0]:
                break
            c.next_round()
        elif c.awaiting_human:
            c.submit(poor(c.legal_moves()))
        else:
            c.tick()
    assert not c.match_over and sum(c.match.active) >= 2  # the bots still have a match to play
    return c


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(DT)


def post(kind: int, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def press(app: App, key: int) -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode="")
    frames(app, 2)


def click(app: App, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app)


def until(app: App, cond, limit: int = 6000) -> int:
    for i in range(limit):
        if cond():
            return i
        app.step(DT)
    raise AssertionError("condition not reached")


@pytest.fixture
def table():
    config = AppConfig(size=(1280, 720), persist=False, speed=1.0, bot_pause=0.0, use_processes=False, seed=SEED)
    app = App(config)
    ctrl = knocked_out_controller()
    scene = TableScene(app, "schwimmen", "beginner", controller=ctrl)
    ctrl.drain_events()  # the earlier deals were played off screen
    app.push(scene)
    until(app, lambda: isinstance(app.scene, SchwimmenSummary), limit=600)
    yield app, scene, ctrl
    ctrl.close()


def test_bots_deals_run_by_themselves_at_the_chosen_pace_then_skip_to_the_end(table):
    app, scene, ctrl = table
    # The summary of the deal that put the player out waits for a click (no countdown).
    summary = app.scene
    assert isinstance(summary, SchwimmenSummary) and watching(ctrl)
    assert [b.action for b in summary.buttons] == ["skip", "slower", "faster", "sheet", "next"]
    round_no = ctrl.round_no
    frames(app, 600)  # ten seconds
    assert app.scene is summary and ctrl.round_no == round_no
    click(app, next(b for b in summary.buttons if b.action == "next").rect.center)
    assert app.scene is scene and ctrl.round_no == round_no + 1
    assert scene.presenter.anim.speed == 1.0  # normal pace

    # The bots' deal plays out and its summary opens with a countdown; "+" makes it faster.
    until(app, lambda: isinstance(app.scene, SchwimmenSummary))
    summary = app.scene
    assert summary.countdown == pytest.approx(DEAL_PAUSE, abs=0.1)
    press(app, pygame.K_PLUS)
    assert summary.watch.pace == 2 and summary.countdown <= DEAL_PAUSE / 2
    assert scene.presenter.anim.speed == 2.0
    next_round = ctrl.round_no + 1
    waited = until(app, lambda: ctrl.round_no == next_round, limit=400)
    assert waited <= (DEAL_PAUSE / 2) / DT + 5  # dealt on by itself, no click
    assert app.scene is scene and scene.presenter.anim.speed == 2.0

    # At the table the strip's "Slower" button slows the pace again.
    panel, buttons = scene.helper.watch.buttons(app.size)
    click(app, next(b for b in buttons if b.action == "slower").rect.center)
    assert scene.helper.watch.pace == 1 and scene.presenter.anim.speed == 1.0

    # E skips: the rest of the match is played without animation, then the final sheet shows.
    press(app, pygame.K_e)
    assert isinstance(app.scene, FastForward) or ctrl.match_over
    until(app, lambda: isinstance(app.scene, SchwimmenSummary) and ctrl.match_over, limit=2000)
    sheet = app.scene
    assert sheet.sheet and [b.action for b in sheet.buttons] == ["new", "menu"]
    assert ctrl.use_processes is False and ctrl.bot_pause == 0.0  # restored to the table's own values

    # The skipped match ends exactly as a match played move by move from the same point.
    ref = knocked_out_controller()
    while not ref.match_over:
        if ref.round_over:
            ref.next_round()
        else:
            ref.tick()
    assert ref.match.winners == ctrl.match.winners
    assert ref.match.history == ctrl.match.history
    assert [e for e in ref.move_log] == [e for e in ctrl.move_log]


def test_skip_from_the_knocked_out_summary_and_the_key_is_inert_while_still_playing(table):
    app, scene, ctrl = table
    summary = app.scene
    press(app, pygame.K_e)
    until(app, lambda: ctrl.match_over and isinstance(app.scene, SchwimmenSummary), limit=2000)
    assert app.scene is not summary and app.scene.sheet
    winners = ctrl.match.winners
    assert len(winners) == 1 and winners[0] != 0
    # A new match: the human plays again, nothing is being watched, E does nothing at the table.
    click(app, next(b for b in app.scene.buttons if b.action == "new").rect.center)
    new = scene.controller
    assert new is not ctrl and not watching(new)
    frames(app, 5)
    press(app, pygame.K_e)
    assert not isinstance(app.scene, FastForward)
    assert scene.presenter.anim.speed == 1.0
