"""A whole Bauernschnapsen deal through posted pygame events only (dummy video driver).

The human (seat 0) sits right of the dealer (seat 1): it cuts with a button click, then the
bots (scripted through the controller's ``think_fn``) name trumps, open with the Normal game
and overbid with Bettler; the human passes in the bidding panel, says Kontra with a click,
and plays its cards by clicking until the Bettler deal is decided.  A second test has the human
as forehand turn up a blind card (Aufschlagen).  The engine state is checked after every step.
"""

from __future__ import annotations

from random import Random

import pygame
import pytest

from game.cards import deck20
from game.controller import MatchController
from game.rules import registry
from game.rules.base import Move
from game.ui.app import App, AppConfig
from game.ui.scenes.table import TableScene

DT = 1 / 60


def scripted(game: str, level: str, seat: int, obs, legal, seed: int) -> Move:
    """Bots: first legal trump, forehand opens Normal, the next bids Bettler, then all pass."""
    kinds = {m.kind for m in legal}
    if "bid" in kinds:
        for want in ("normal", "bettler"):
            m = Move("bid", (), want)
            if m in legal and not any(text == f"bid {want}" for _, text in obs.calls):
                return m
    if "pass" in kinds:
        return Move("pass")
    return legal[0]


def make_table(dealer: int, seed: int = 3):
    config = AppConfig(size=(1280, 720), persist=False, speed=0.0, bot_pause=0.0, use_processes=False, seed=seed)
    app = App(config)
    ctrl = MatchController("bauernschnapsen", 4, human_seat=0, levels=["human"] + ["beginner"] * 3,
                           master_seed=seed, bot_pause=0.0, use_processes=False, first_dealer=dealer,
                           think_fn=scripted)
    deck = list(deck20())
    Random(seed).shuffle(deck)
    ctrl.state = registry.get("bauernschnapsen").new_round(4, dealer, Random(0), deck=deck)
    scene = TableScene(app, "bauernschnapsen", "beginner", controller=ctrl)
    app.push(scene)
    frames(app, 5)
    return app, scene, ctrl


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(DT)


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


def button(scene, action: str):
    return next(b for b in scene.buttons if b.action == action)


@pytest.fixture
def cutter_table():
    app, scene, ctrl = make_table(dealer=1)
    yield app, scene, ctrl
    app.shutdown()


def test_cut_bid_kontra_and_play_a_bettler_deal(cutter_table):
    app, scene, ctrl = cutter_table
    assert ctrl.state.phase.value == "cut" and ctrl.to_move == 0
    actions = [b.action for b in scene.buttons]
    assert actions == ["cut:5", "cut:10", "cut:15", "knock"]
    click(app, button(scene, "cut:10").rect.center)
    assert ctrl.state.mode == "cut" and ctrl.state.calls[0] == (0, "cut 10")
    assert all(len(h) == 5 for h in ctrl.state.hands)

    wait_for_human(app, scene)
    assert ctrl.state.phase.value == "bid" and ctrl.state.high == "bettler"
    panel = {b.action: b for b in scene.buttons}
    assert set(panel) >= {"bid:normal", "bid:bettler", "bid:herrenschnapser", "pass"}
    assert not panel["bid:normal"].enabled and not panel["bid:bettler"].enabled  # cannot outbid P2's Bettler
    legal_bids = {m.arg for m in ctrl.legal_moves() if m.kind == "bid"}
    assert {a[4:] for a, b in panel.items() if b.enabled and a.startswith("bid:")} == legal_bids
    assert panel["pass"].default  # Enter passes rather than overbids
    # the callouts of the bots' bids are on the table (drawn without error)
    scene.draw(app.screen)
    click(app, panel["pass"].rect.center)
    assert (0, "pass") in ctrl.state.calls

    wait_for_human(app, scene)
    assert ctrl.state.phase.value == "kontra" and ctrl.state.contract == "bettler" and ctrl.state.declarer == 3
    click(app, button(scene, "kontra").rect.center)
    assert ctrl.state.multiplier == 2

    wait_for_human(app, scene)
    assert ctrl.state.phase.value == "play" and ctrl.state.sitting_out() == 1
    assert len(scene.presenter.zones.get("hand1", [])) == 5  # the sitting-out partner's cards lie there
    assert not scene.presenter.face_up("hand1")
    for _ in range(5):
        wait_for_human(app, scene)
        if ctrl.round_over:
            break
        before = len(ctrl.state.hands[0])
        card = next(m.cards[0] for m in ctrl.legal_moves() if m.kind == "play")
        click(app, scene.presenter.card_rect(card).center)
        assert len(ctrl.state.hands[0]) == before - 1 and card not in ctrl.state.hands[0]
    wait_for_human(app, scene)
    assert ctrl.round_over
    d = ctrl.round_result.details
    assert d["contract"] == "bettler" and d["multiplier"] == 2
    assert sum(ctrl.round_result.points) > 0
    frames(app, 200)
    from game.ui.scenes.scoresheets import FamilySummary

    assert isinstance(app.scene, FamilySummary)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s"))
    frames(app)
    assert app.scene.sheet
    app.draw(app.screen)


def test_forehand_turns_up_a_blind_card():
    app, scene, ctrl = make_table(dealer=3, seed=5)
    try:
        wait_for_human(app, scene)
        assert ctrl.state.phase.value == "trump" and ctrl.to_move == 0
        assert scene.presenter.geometry.blind == 2  # cut: forehand sees three cards
        turn = button(scene, "turn:2")
        click(app, turn.rect.center)
        s = ctrl.state
        assert s.turned == s.hands[0][4] and s.trump == s.turned.suit
        frames(app, 30)
        assert scene.presenter.geometry.blind == 0 and len(scene.presenter.hand_cards()) == 5
        app.draw(app.screen)
    finally:
        app.shutdown()
