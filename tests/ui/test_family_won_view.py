"""Bauern-/Dreierschnapsen: the view of one's own side's won cards and card points (RULES.md B13),
opened with W or the "Our tricks" button, closed with W or a click."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.cards import parse_cards
from game.rules.base import Move
from game.rules.family_state import TrickRecord
from game.ui.scenes import table_family_won as won
from tests.ui.test_table_bauern import DT, click, frames, make_table, wait_for_human


def _obs(players, seat, declarer, tricks, melds, own):
    recs = tuple(TrickRecord(w, (), parse_cards(c), 0) for w, c in tricks)
    return SimpleNamespace(players=players, seat=seat, declarer=declarer, tricks=recs, melds=melds,
                           own_side_won=parse_cards(own), phase="play")


def test_bauern_side_is_the_partnership_and_marriages_wait_for_a_trick():
    # seat 0 and partner seat 2; the partner showed 40, the side has no trick yet
    o = _obs(4, 0, 0, [(1, "AS TS KS QS")], ((2, "H", 40), (1, "S", 20)), "")
    side = won.own_side(o)
    assert side.card_points == 0 and side.melds_counted == 0 and side.melds_pending == 40
    assert won.own_side(o, marriage_needs_trick=False).total == 40
    o = _obs(4, 0, 0, [(1, "AS TS KS QS"), (2, "AH TH JS JH")], ((2, "H", 40),), "AH TH JS JH")
    side = won.own_side(o)
    assert (side.card_points, side.melds_counted, side.total) == (25, 40, 65)


def test_dreier_side_is_the_declarer_alone_or_both_defenders():
    o = _obs(3, 1, 0, [(2, "AS TS KS"), (0, "AH TH KH")], (), "AS TS KS")
    assert won.own_seats(o) == {1, 2} and won.own_side(o).card_points == 25
    o = _obs(3, 0, 0, [(2, "AS TS KS"), (0, "AH TH KH")], (), "AH TH KH")
    assert won.own_seats(o) == {0} and won.own_side(o).card_points == 25


def normal_game(game: str, level: str, seat: int, obs, legal, seed: int) -> Move:
    """Bots: forehand opens the Normal game, everyone else passes, then the first legal card."""
    if Move("bid", (), "normal") in legal:
        return Move("bid", (), "normal")
    return Move("pass") if Move("pass") in legal else legal[0]


def test_w_and_the_button_open_and_close_the_view(monkeypatch):
    import tests.ui.test_table_bauern as tb

    monkeypatch.setattr(tb, "scripted", normal_game)
    app, scene, ctrl = make_table(dealer=3)
    try:
        for _ in range(400):  # play on (first legal move) until a trick is down and it is our turn
            wait_for_human(app, scene)
            if ctrl.round_over:
                break
            obs = ctrl.observation()
            if obs.phase == "play" and obs.tricks:
                break
            legal = ctrl.legal_moves()
            scene.perform(next((m for m in legal if m.kind == "bid" and m.arg == "normal"),
                               next((m for m in legal if m.kind in ("play", "trump", "cut", "pass")), legal[0])))
            frames(app)
        obs = ctrl.observation()
        assert obs.phase == "play" and obs.tricks and not ctrl.round_over
        helper = scene.helper
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"))
        frames(app)
        assert helper.show_won
        app.draw(app.screen)  # the panel draws (cards, card points) without error
        click(app, (5, 5))  # any click closes it
        assert not helper.show_won
        rect = won.button_rect(scene.presenter.geometry, obs.seat, app.size)
        click(app, rect.center)
        assert helper.show_won
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w"))
        app.step(DT)
        assert not helper.show_won
    finally:
        app.shutdown()
