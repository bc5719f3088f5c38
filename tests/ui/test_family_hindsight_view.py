""""Could I have won?" on the Bauern-/Dreierschnapsen summary, through posted events (dummy video).

The analysis is tested in tests/ai/test_family_hindsight.py.  Here: the family summary rebuilds
the deal just played, the button (W) opens the view, the analysis runs inline a decision per
frame, the finding is said in words (the contract's result, not trick points) in each language,
and Right/Left step through the better line on the open board of every hand.  A deal with a
planted mistake of seat 0 is handed to the view through ``round_start``.
"""

from __future__ import annotations

from random import Random

import pygame
import pytest

from ai import family_hindsight as fh
from ai.base import make_agent
from game import i18n
from game.controller import MatchController
from game.rules import registry
from game.rules.base import parse_move
from game.rules.family_state import Phase
from game.ui.app import App, AppConfig
from game.ui.scenes import family_hindsight as view_mod
from game.ui.scenes.family_hindsight import FamilyHindsightScene, FamilyHindsightSummary, round_start
from game.ui.scenes.table import TableScene

DT = 1 / 60


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(DT)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    frames(app, 2)


def finished_deal(game: str, seed: int = 3) -> MatchController:
    n = registry.get(game).shape.players
    c = MatchController(game, n, human_seat=0, levels=["human"] + ["player"] * (n - 1), master_seed=seed,
                        bot_pause=0.0, use_processes=False)
    me = make_agent(game, "player", 0)
    rng = Random(seed)
    while not c.round_over:
        if c.awaiting_human:
            c.submit(me.choose(c.observation(), c.legal_moves(), rng))
        else:
            c.tick()
    return c


def planted(game: str, blunder: bool) -> tuple[object, list[str]]:
    """A whole deal: bots bid; from the first lead best play, except seat 0's worst move at its
    first decision that matters when ``blunder``."""
    rules = registry.get(game)
    n = rules.shape.players
    for seed in range(1, 40):
        rng = Random(seed)
        start = rules.new_round(n, seed % n, rng)
        agents = [make_agent(game, "player", s) for s in range(n)]
        state, moves = start, []
        while state.phase not in (Phase.PLAY, Phase.OVER):
            move = agents[state.turn].choose(rules.observe(state, state.turn), rules.legal_moves(state), rng)
            moves.append(str(move))
            state, _ = rules.apply(state, move)
        solver, erred = fh.Solver(), not blunder
        while not rules.is_over(state):
            values = solver.values(rules, state)
            pick = max(values, key=lambda k: values[k])
            if not erred and state.turn == 0 and len(set(values.values())) > 1:
                pick, erred = min(values, key=lambda k: values[k]), True
            moves.append(pick)
            state, _ = rules.apply(state, parse_move(pick))
        if erred and fh.decisions(rules, start, moves, 0):
            return start, moves
    raise AssertionError("no deal found")


@pytest.fixture(params=["bauernschnapsen", "dreierschnapsen"])
def summary(request, monkeypatch):
    game = request.param
    app = App(AppConfig(size=(1280, 720), persist=False, speed=0.0, bot_pause=0.0, use_processes=False, seed=3))
    ctrl = finished_deal(game)
    app.push(TableScene(app, game, "player", controller=ctrl))
    frames(app, 5)
    assert isinstance(app.scene, FamilyHindsightSummary)
    yield app, ctrl, monkeypatch, game
    app.shutdown()
    i18n.set_language("en")


def wait(app: App, view) -> None:
    for _ in range(200):
        if view.job.finished:
            return
        frames(app, 1)


def test_round_start_rebuilds_the_family_deal_just_played():
    c = finished_deal("bauernschnapsen", 5)
    start, moves = round_start(c)
    rules = c.rules
    assert tuple(rules.result(fh.final_state(rules, start, moves)).points) == tuple(c.round_result.points)
    c.close()


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_the_button_finds_the_planted_mistake_and_steps_through_the_better_line(summary, lang):
    app, ctrl, monkeypatch, game = summary
    i18n.set_language(lang)
    start, moves = planted(game, blunder=True)
    monkeypatch.setattr(view_mod, "round_start", lambda c: (start, moves))
    frames(app)
    button = next(b for b in app.scene.buttons if b.action == "hindsight")
    assert button.label == i18n.t("hindsight.button")
    key(app, pygame.K_w)
    view = app.scene
    assert isinstance(view, FamilyHindsightScene)
    wait(app, view)
    f = view.job.report.finding
    assert f is not None and f.lost > 0 and moves[f.index] == f.played
    words = " ".join(text for text, _ in view.lines())
    assert i18n.tn("hindsight.lost", f.lost) in words and "{" not in words
    # the measure is the contract's result: "made" or "failed" is said for both lines
    final = view.job.final
    contract = view_mod.contract_name(final.contract)
    assert i18n.t("fhind.made", contract=contract) in words or i18n.t("fhind.failed", contract=contract) in words
    n = len(f.line)
    for k in range(1, n + 2):
        key(app, pygame.K_RIGHT)
        assert view.step == min(k, n)
        app.draw(app.screen)  # the open board draws every step
    assert view._positions[view.step].phase is Phase.OVER
    key(app, pygame.K_LEFT)
    assert view.step == n - 1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, FamilyHindsightSummary)


def test_best_play_is_praised(summary):
    app, ctrl, monkeypatch, game = summary
    start, moves = planted(game, blunder=False)
    monkeypatch.setattr(view_mod, "round_start", lambda c: (start, moves))
    key(app, pygame.K_w)
    view = app.scene
    wait(app, view)
    assert view.job.report.finding is None and view.job.report.checked >= 1
    assert [text for text, _ in view.lines()][1] == i18n.t("hindsight.none")
    assert [b.action for b in view.buttons] == ["back"]


def test_no_button_on_the_score_sheet(summary):
    app, *_ = summary
    assert any(b.action == "hindsight" for b in app.scene.buttons)
    key(app, pygame.K_s)
    assert not any(b.action == "hindsight" for b in app.scene.buttons)


def test_the_worker_process_gives_the_same_finding_as_the_inline_analysis():
    import time

    game = "dreierschnapsen"
    rules = registry.get(game)
    start, moves = planted(game, blunder=True)
    job = view_mod.FamilyHindsightJob(rules, start, moves, 0, use_processes=True)
    try:
        deadline = time.monotonic() + 120  # a safety net for a stuck worker, not a timing assertion
        while not job.finished and time.monotonic() < deadline:
            job.poll()
            time.sleep(0.01)
    finally:
        job.close()
    assert not job.failed and job.report is not None
    expected = fh.analyse(rules, start, moves, 0)
    assert job.report.finding == expected.finding and job.report.points_actual == expected.points_actual
