"""A whole Dreierschnapsen deal through posted pygame events only (dummy video driver).

The human (seat 0) sits right of the dealer (seat 1) and knocks with the K key; forehand (a
scripted bot) opens with the Normal game, the human overbids with Bettler in the bidding panel
(Up/Down and Enter, then a click), picks up the talon, clicks two cards and Discard, stays with a
click, answers the bots' Kontra with Rekontra (K) and plays by number keys until the deal ends.
The engine state is checked after every step.
"""

from __future__ import annotations

from random import Random

import pygame

from game.cards import deck20
from game.controller import MatchController
from game.rules import registry
from game.rules.base import Move
from game.ui.app import App, AppConfig
from game.ui.scenes.table import TableScene

DT = 1 / 60


def scripted(game: str, level: str, seat: int, obs, legal, seed: int) -> Move:
    """Bots: forehand opens Normal, everyone else passes, the first defender says Kontra."""
    if Move("bid", (), "normal") in legal:
        return Move("bid", (), "normal")
    if Move("kontra") in legal:
        return Move("kontra")
    if Move("pass") in legal:
        return Move("pass")
    return legal[0]


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(DT)


def post_key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    frames(app)


def click(app: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app)


def wait_for_human(app: App, scene, n: int = 600) -> None:
    for _ in range(n):
        if (scene.controller.awaiting_human or scene.controller.round_over) and scene.presenter.idle:
            return
        app.step(DT)


def test_knock_bid_talon_discard_rekontra_and_play():
    config = AppConfig(size=(1280, 720), persist=False, speed=0.0, bot_pause=0.0, use_processes=False, seed=2)
    app = App(config)
    ctrl = MatchController("dreierschnapsen", 3, human_seat=0, levels=["human", "beginner", "beginner"],
                           master_seed=2, bot_pause=0.0, use_processes=False, first_dealer=1, think_fn=scripted)
    deck = list(deck20())
    Random(4).shuffle(deck)
    ctrl.state = registry.get("dreierschnapsen").new_round(3, 1, Random(0), deck=deck)
    scene = TableScene(app, "dreierschnapsen", "beginner", controller=ctrl)
    app.push(scene)
    try:
        frames(app, 5)
        assert ctrl.state.phase.value == "cut" and ctrl.to_move == 0
        post_key(app, pygame.K_k)
        assert ctrl.state.mode == "knock" and len(ctrl.state.talon) == 2
        assert all(len(h) == 6 for h in ctrl.state.hands)

        wait_for_human(app, scene)
        assert ctrl.state.phase.value == "bid" and ctrl.state.high == "normal"
        # Up from the default (Pass) lands on the highest legal bid, Up again on the next lower one.
        enabled = [b.action for b in scene.buttons if b.enabled]
        assert enabled[-1] == "pass" and "bid:bettler" in enabled
        for _ in range(len(enabled) - enabled.index("bid:bettler") - 1):
            post_key(app, pygame.K_UP)
        default = next(b for b in scene.buttons if b.default)
        assert default.action == "bid:bettler"
        click(app, default.rect.center)
        assert ctrl.state.high == "bettler" and ctrl.state.high_seat == 0

        wait_for_human(app, scene)
        s = ctrl.state
        assert s.phase.value == "discard" and s.declarer == 0 and s.talon_taken and len(s.hands[0]) == 8
        assert len(scene.presenter.hand_cards()) == 8  # the talon flew into the hand
        two = [c for c in scene.presenter.hand_cards()][:2]
        discard_button = next(b for b in scene.buttons if b.action == "discard")
        assert not discard_button.enabled
        for c in two:
            click(app, scene.presenter.card_rect(c).center)
        assert scene.helper.selected == two
        discard_button = next(b for b in scene.buttons if b.action == "discard")
        assert discard_button.enabled
        click(app, discard_button.rect.center)
        s = ctrl.state
        assert set(s.discard) == set(two) and len(s.hands[0]) == 6
        assert sorted(scene.presenter.zones["discard"], key=str) == sorted(two, key=str)

        wait_for_human(app, scene)
        assert ctrl.state.phase.value == "raise"
        click(app, next(b for b in scene.buttons if b.action == "stay").rect.center)

        wait_for_human(app, scene)
        s = ctrl.state
        assert s.phase.value == "kontra" and s.multiplier == 2 and ctrl.to_move == 0
        post_key(app, pygame.K_k)
        assert ctrl.state.multiplier == 4

        for _ in range(6):
            wait_for_human(app, scene)
            if ctrl.round_over:
                break
            hand = scene.presenter.hand_cards()
            legal = {m.cards[0] for m in ctrl.legal_moves() if m.kind == "play"}
            n = next(i for i, c in enumerate(hand) if c in legal)
            post_key(app, pygame.K_1 + n)
            assert hand[n] not in ctrl.state.hands[0]
        wait_for_human(app, scene)
        assert ctrl.round_over
        d = ctrl.round_result.details
        assert d["contract"] == "bettler" and d["multiplier"] == 4 and d["declarer"] == 0
        app.draw(app.screen)
    finally:
        app.shutdown()
