"""Schwimmen at the table: a refused knock says why (in every language), and the closed-game
house rule (RULES.md W16 / A-W5) is playable with the mouse and keyboard (dummy video driver)."""

from __future__ import annotations

import dataclasses
from random import Random

import pytest

from game import i18n
from game.cards import deck32, parse_cards
from game.controller import MatchController
from game.rules.base import Move
from game.rules.messages import Reason
from game.rules.options import SchwimmenOptions
from game.ui import text
from game.ui.app import App, AppConfig
from game.ui.refusal_text import translate_refusal
from game.ui.scenes.table import TableScene
from tests.ui.test_table_schwimmen import click, frames, post, wait_for_human

# Human seat 0 is forehand (the dealer is seat 2): 7S 8H 9D is worth 9, far from 20.
LOW = parse_cards("7S 8H 9D 7H 8D 9C 7C 8S TD 9S TH JC")


def keep_or_shove(game: str, level: str, seat: int, obs, legal, seed: int) -> Move:
    for kind in ("keep", "shove"):
        if Move(kind) in legal:
            return Move(kind)
    return legal[0]


def knock_or_pass(game: str, level: str, seat: int, obs, legal, seed: int) -> Move:
    """Closed game bots: knock when allowed, else pass the first two cards."""
    return next((m for m in legal if m.kind == "knock"), legal[0])


def _table(opts: SchwimmenOptions, top, think) -> tuple[App, TableScene, MatchController]:
    config = AppConfig(size=(1280, 720), persist=False, speed=0.0, bot_pause=0.0, use_processes=False, seed=3)
    app = App(config)
    ctrl = MatchController("schwimmen", 3, human_seat=0, levels=["human", "beginner", "beginner"], options=opts,
                           master_seed=3, bot_pause=0.0, use_processes=False, first_dealer=2, think_fn=think)
    rest = [c for c in deck32() if c not in top]
    Random(1).shuffle(rest)
    ctrl.state = ctrl.rules.new_round(3, 2, Random(0), opts, deck=list(top) + rest)
    scene = TableScene(app, "schwimmen", "beginner", controller=ctrl)
    app.push(scene)
    return app, scene, ctrl


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_a_refused_knock_says_why_in_the_players_language(lang):
    import pygame

    i18n.set_language(lang)
    text.set_language(lang)
    app, scene, ctrl = _table(SchwimmenOptions(), LOW, keep_or_shove)
    try:
        frames(app, 5)
        wait_for_human(app, scene)
        assert ctrl.to_move == 0 and Move("knock") not in ctrl.legal_moves()
        # the Knock button is offered all the same, so that pressing it can answer
        assert "knock" in {b.action for b in scene.buttons}
        click(app, next(b for b in scene.buttons if b.action == "knock").rect.center)
        why = i18n.t("refusal.w.knock_20")
        assert scene.status.toast == i18n.t("status.refused", reason=translate_refusal(
            Reason("w.knock_20")))
        assert why in scene.status.toast and "20" in why
        if lang != "en":
            assert "knocking" not in scene.status.toast
        assert ctrl.state.knocker is None and ctrl.to_move == 0  # nothing happened
        scene.status.toast = ""
        post(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k")  # the key answers the same way
        frames(app)
        assert why in scene.status.toast and ctrl.state.knocker is None
    finally:
        app.shutdown()
        i18n.set_language("en")
        text.set_language("en")


def test_the_closed_game_is_played_at_the_table():
    import pygame

    opts = dataclasses.replace(SchwimmenOptions(), closed_game=True, knock_minimum_20=False)
    # forehand (seat 0) gets 7S 8H 9D and, after everyone's three, the two extra cards AS KS
    top = parse_cards("7S 8H 9D 7H 8D 9C 7C 8S TD AS KS")
    app, scene, ctrl = _table(opts, top, knock_or_pass)
    try:
        frames(app, 5)
        wait_for_human(app, scene)
        assert ctrl.to_move == 0 and ctrl.state.pending == parse_cards("AS KS")
        hand = scene.presenter.zones["hand0"]
        assert sorted(map(str, hand)) == sorted(["7S", "8H", "9D", "AS", "KS"])  # five cards to choose from
        assert {b.action for b in scene.buttons} >= {"pass2", "knock"}
        click(app, next(b for b in scene.buttons if b.action == "pass2").rect.center)
        assert i18n.t("swim.refuse.choose_two") in scene.status.toast  # choose the two cards first
        assert ctrl.to_move == 0
        for c in parse_cards("8H 9D"):
            click(app, scene.presenter.card_rect(c).center)
        assert sorted(map(str, scene.helper.sel_pass)) == ["8H", "9D"]
        click(app, next(b for b in scene.buttons if b.action == "pass2").rect.center)
        assert ctrl.state.hands[0] == parse_cards("7S AS KS") or set(ctrl.state.hands[0]) == set(
            parse_cards("7S AS KS"))
        # seat 1 knocks (passing two on), seat 2 plays its final turn, then the human's final turn
        wait_for_human(app, scene)
        assert ctrl.state.knocker == 1 and ctrl.to_move == 0 and len(ctrl.state.pending) == 2
        assert "knock" not in {b.action for b in scene.buttons}
        five = list(ctrl.state.hands[0] + ctrl.state.pending)
        give = sorted(five, key=lambda c: c.index)[:2]
        for c in give:
            click(app, scene.presenter.card_rect(c).center)
        post(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g")  # G passes the two chosen cards
        frames(app)
        wait_for_human(app, scene)
        assert ctrl.round_over and ctrl.round_result.details["ended_by"] == "knock"
        assert all(len(h) == 3 for h in ctrl.state.hands)
        assert not set(give) & set(ctrl.state.hands[0])
        frames(app, 200)
        app.draw(app.screen)
    finally:
        app.shutdown()
