"""A whole Schwimmen deal through posted pygame events only (dummy video driver).

Three players, the human deals: it keeps packet A with a click, swaps by clicking a hand card
and then a middle card, swaps again by dragging a hand card onto a middle card, knocks with a
click, and the scripted bots shove until the final round ends the deal.  The engine state is
checked after every step; at the end every hand lies face up and the summary shows the lives.
"""

from __future__ import annotations

import dataclasses
from random import Random

import pygame

from game.cards import deck32, parse_cards
from game.controller import MatchController
from game.rules.base import Move
from game.rules.options import SchwimmenOptions
from game.ui.app import App, AppConfig
from game.ui.scenes.table import TableScene

DT = 1 / 60
# Seat 1 (forehand), seat 2, the dealer's packet A, packet B (the first middle), then the stock.
TOP = parse_cards("7S 8H 9D 7H 8D 9C 7C 8S TD 9S TH JC")


def shove(game: str, level: str, seat: int, obs, legal, seed: int) -> Move:
    return Move("shove") if Move("shove") in legal else legal[0]


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(DT)


def post(kind: int, **kw) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def click(app: App, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app)


def drag(app: App, start, end) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    frames(app)


def wait_for_human(app: App, scene, n: int = 600) -> None:
    for _ in range(n):
        if (scene.controller.awaiting_human or scene.controller.round_over) and scene.presenter.idle:
            return
        app.step(DT)


def test_keep_swap_drag_knock_and_reveal():
    config = AppConfig(size=(1280, 720), persist=False, speed=0.0, bot_pause=0.0, use_processes=False, seed=3)
    app = App(config)
    opts = dataclasses.replace(SchwimmenOptions(), knock_minimum_20=False)
    ctrl = MatchController("schwimmen", 3, human_seat=0, levels=["human", "beginner", "beginner"], options=opts,
                           master_seed=3, bot_pause=0.0, use_processes=False, first_dealer=0, think_fn=shove)
    rest = [c for c in deck32() if c not in TOP]
    Random(1).shuffle(rest)
    ctrl.state = ctrl.rules.new_round(3, 0, Random(0), opts, deck=list(TOP) + rest)
    scene = TableScene(app, "schwimmen", "beginner", controller=ctrl)
    app.push(scene)
    try:
        frames(app, 5)
        assert ctrl.state.phase.value == "choose" and ctrl.to_move == 0
        assert [b.action for b in scene.buttons] == ["keep", "reject"]
        click(app, next(b for b in scene.buttons if b.action == "keep").rect.center)
        assert ctrl.state.middle == parse_cards("9S TH JC") and ctrl.state.choice == "keep"

        wait_for_human(app, scene)
        assert ctrl.to_move == 0 and ctrl.state.shoves == 2
        assert {b.action for b in scene.buttons} == {"swapall", "shove", "knock"}
        hand_card, middle_card = parse_cards("7C 9S")
        click(app, scene.presenter.card_rect(hand_card).center)
        assert scene.helper.sel_hand == hand_card and ctrl.state.hands[0] == parse_cards("7C 8S TD")
        click(app, scene.presenter.card_rect(middle_card).center)
        s = ctrl.state
        assert middle_card in s.hands[0] and hand_card in s.middle and s.swaps[-1].seat == 0

        wait_for_human(app, scene)
        hand_card, middle_card = parse_cards("TD TH")
        drag(app, scene.presenter.card_rect(hand_card).center, scene.presenter.card_rect(middle_card).center)
        s = ctrl.state
        assert middle_card in s.hands[0] and hand_card in s.middle and len(s.swaps) == 2

        wait_for_human(app, scene)
        click(app, next(b for b in scene.buttons if b.action == "knock").rect.center)
        assert ctrl.state.knocker == 0 or ctrl.round_over

        wait_for_human(app, scene)
        assert ctrl.round_over and ctrl.round_result.details["ended_by"] == "knock"
        frames(app, 20)
        for seat in (1, 2):
            zone = scene.presenter.zones[f"hand{seat}"]
            assert sorted(zone, key=str) == sorted(ctrl.state.hands[seat], key=str)
            assert scene.presenter.face_up(f"hand{seat}")
        frames(app, 200)
        from game.ui.scenes.scoresheets_schwimmen import SchwimmenSummary

        assert isinstance(app.scene, SchwimmenSummary)
        app.draw(app.screen)
        assert sum(ctrl.match.lives) == 3 * 3 - sum(ctrl.round_result.points)
    finally:
        app.shutdown()
