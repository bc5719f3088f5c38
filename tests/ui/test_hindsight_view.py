""""Could I have won?" on the Schnapsen summary, through posted events (dummy video driver).

The analysis itself is tested in tests/ai/test_hindsight.py.  Here: the summary rebuilds the
finished deal from the match (so the analysis is of the deal just played), the button opens the
view, the analysis runs a decision per frame (inline: ``use_processes=False``), the finding is
said in words in each language, and Left/Right step through the better line on the open board.
To keep the exact search quick the view is given a deal that starts late (two tricks before the
stock runs out) through ``round_start``, the one seam between the summary and the finished deal.
"""

from __future__ import annotations

from random import Random

import pygame
import pytest

from ai.hindsight import Solver, final_state
from game import i18n
from game.controller import MatchController
from game.rules import registry
from game.rules.schnapsen import parse_move
from game.ui.app import App, AppConfig
from game.ui.scenes import hindsight_view
from game.ui.scenes.hindsight_view import HindsightScene, round_start
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene

DT = 1 / 60
RULES = registry.get("schnapsen")


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(DT)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    frames(app, 2)


def click(app: App, pos) -> None:
    for kind, kw in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}), (pygame.MOUSEBUTTONDOWN, {"button": 1}),
                     (pygame.MOUSEBUTTONUP, {"button": 1})):
        pygame.event.post(pygame.event.Event(kind, pos=pos, **kw))
    frames(app)


def finished_deal(seed: int = 4) -> MatchController:
    """A controller at the end of its first deal, the human seat played by a bot."""
    from ai.base import make_agent

    c = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=seed,
                        bot_pause=0.0, use_processes=False)
    me = make_agent("schnapsen", "beginner", 0)
    rng = Random(seed)
    while not c.round_over:
        if c.awaiting_human:
            c.submit(me.choose(c.observation(), c.legal_moves(), rng))
        else:
            c.tick()
    return c


def late_deal(seed: int, blunder: bool):
    """A deal from two tricks before the end of the stock; the human (seat to move) plays its
    worst move at its first real choice when ``blunder``, else best play throughout."""
    rng = Random(seed)
    state = RULES.new_round(2, seed % 2, rng)
    while len(state.stock) > 4:
        state, _ = RULES.apply(state, rng.choice([m for m in RULES.legal_moves(state) if m.kind == "play"]))
    start, human, solver = state, RULES.to_move(state), Solver()
    moves: list[str] = []
    erred = not blunder
    while not RULES.is_over(state):
        values = solver.values(RULES, state)
        pick = max(values, key=lambda k: values[k])
        plays = {k: v for k, v in values.items() if k.startswith("play")}
        if not erred and RULES.to_move(state) == human and len(set(plays.values())) > 1:
            pick, erred = min(plays, key=lambda k: plays[k]), True  # a card that costs points
        moves.append(pick)
        state, _ = RULES.apply(state, parse_move(pick))
    return start, moves, human


@pytest.fixture
def summary(monkeypatch):
    app = App(AppConfig(size=(1280, 720), persist=False, speed=0.0, bot_pause=0.0, use_processes=False, seed=4))
    ctrl = finished_deal()
    scene = TableScene(app, "schnapsen", "beginner", controller=ctrl)
    app.push(scene)
    frames(app, 5)
    assert isinstance(app.scene, SummaryScene)
    yield app, ctrl, monkeypatch
    app.shutdown()
    i18n.set_language("en")


def test_round_start_rebuilds_the_deal_just_played():
    c = finished_deal(7)
    for _ in range(2):  # the first deal, and one played after the score changed
        start, moves = round_start(c)
        assert moves == [m for r, _s, m in c.move_log if r == c.round_no] and moves
        assert RULES.result(final_state(RULES, start, moves)).points == c.round_result.points
        c.next_round()
        me = Random(1)
        while not c.round_over:
            if c.awaiting_human:
                c.submit(me.choice(c.legal_moves()))
            else:
                c.tick()
    c.close()


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_the_button_shows_the_costly_move_and_steps_through_the_better_line(summary, lang):
    app, ctrl, monkeypatch = summary
    i18n.set_language(lang)
    start, moves, human = late_deal(6, blunder=True)
    assert human == ctrl.human_seat == 0
    monkeypatch.setattr(hindsight_view, "round_start", lambda c: (start, moves))
    frames(app)
    button = next(b for b in app.scene.buttons if b.action == "hindsight")
    assert button.label == i18n.t("hindsight.button") != "hindsight.button"
    click(app, button.rect.center)
    view = app.scene
    assert isinstance(view, HindsightScene)
    for _ in range(100):
        if view.job.finished:
            break
        frames(app, 1)
    f = view.job.report.finding
    assert f is not None and f.lost > 0 and moves[f.index] == f.played
    words = " ".join(text for text, _ in view.lines())
    assert i18n.tn("hindsight.lost", f.lost) in words
    assert hindsight_view.move_words(f.best, "french") in words and hindsight_view.move_words(f.played, "french") in words
    assert "{" not in words
    # Right steps through the better line to its end, Left back; the board draws each position.
    n = len(f.line)
    assert view.step == 0 and view.step_text().startswith(i18n.tn("hindsight.step0", n)[:4])
    for k in range(1, n + 2):
        key(app, pygame.K_RIGHT)
        assert view.step == min(k, n)
    assert RULES.is_over(view._positions[view.step])
    key(app, pygame.K_LEFT)
    assert view.step == n - 1
    # Esc returns to the summary; the analysis is kept for a second look.
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, SummaryScene)
    key(app, pygame.K_w)
    assert isinstance(app.scene, HindsightScene) and app.scene.job is view.job and app.scene.job.finished


def test_best_play_is_praised_and_nothing_is_offered_to_step(summary):
    app, ctrl, monkeypatch = summary
    start, moves, human = late_deal(7, blunder=False)
    assert human == ctrl.human_seat == 0
    monkeypatch.setattr(hindsight_view, "round_start", lambda c: (start, moves))
    key(app, pygame.K_w)
    view = app.scene
    for _ in range(100):
        if view.job.finished:
            break
        frames(app, 1)
    assert view.job.report.finding is None and view.job.report.checked >= 1
    assert view.lines()[0][0] == i18n.t("hindsight.none")
    assert [b.action for b in view.buttons] == ["back"]


def test_no_button_for_other_games_or_a_sheet(summary):
    app, ctrl, _ = summary
    assert any(b.action == "hindsight" for b in app.scene.buttons)
    key(app, pygame.K_s)  # the score sheet has no analysis button
    assert not any(b.action == "hindsight" for b in app.scene.buttons)


def test_the_worker_process_gives_the_same_finding_as_the_inline_analysis():
    import time

    from ai.hindsight import analyse

    start, moves, human = late_deal(6, blunder=True)
    job = hindsight_view.HindsightJob(RULES, start, moves, human, use_processes=True)
    try:
        deadline = time.monotonic() + 120  # a safety net for a stuck worker, not a timing assertion
        while not job.finished and time.monotonic() < deadline:
            job.poll()
            time.sleep(0.01)
    finally:
        job.close()
    assert not job.failed and job.report is not None
    expected = analyse(RULES, start, moves, human)
    assert job.report.finding == expected.finding and job.report.points_actual == expected.points_actual
