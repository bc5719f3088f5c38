"""The move log panel (Tab): the current deal's moves in words, nothing the player may not see."""

from __future__ import annotations

from random import Random
from types import SimpleNamespace

import pygame
import pytest

from game import i18n
from game.cards import parse_cards
from game.controller import MatchController
from game.rules import registry
from game.ui.app import App, AppConfig
from game.ui.scenes import move_log
from game.ui.scenes.table import TableScene

DT = 1 / 60
DECK = parse_cards("JH KS QS JD QD KD AH AS TS TD JC TH KH QH AD AC TC KC QC JS")


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(DT)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    frames(app, 2)


@pytest.fixture
def table():
    app = App(AppConfig(size=(1280, 720), persist=False, speed=0.0, bot_pause=0.0, use_processes=False, seed=1))
    ctrl = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=1,
                           bot_pause=0.0, use_processes=False, first_dealer=1)
    ctrl.state = registry.get("schnapsen").new_round(2, 1, Random(0), deck=DECK)
    scene = TableScene(app, "schnapsen", "beginner", controller=ctrl)
    app.push(scene)
    frames(app, 5)
    yield app, scene, ctrl
    app.shutdown()
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_tab_shows_every_move_of_the_deal_in_words(table, lang):
    app, scene, ctrl = table
    i18n.set_language(lang)
    key(app, pygame.K_TAB)
    assert move_log.is_open(scene) and move_log.entries(scene) == []
    # the human exchanges the trump jack (E), shows the marriage (M) and plays the king; the bot answers
    for k in (pygame.K_e, pygame.K_m):
        key(app, k)
    scene.perform(next(m for m in ctrl.legal_moves() if m.kind == "play"))
    for _ in range(200):
        if ctrl.awaiting_human and scene.presenter.idle:
            break
        frames(app, 1)
    lines = move_log.entries(scene)
    played = [m for r, _s, m in ctrl.move_log if r == ctrl.round_no]
    assert len(lines) == len(played) >= 4
    assert lines[0].what == i18n.t("move.exchange") and lines[0].who == i18n.t("seat.you")
    assert lines[1].what == f"{i18n.t('move.meld')}: {i18n.suit_name('S')}"
    assert lines[2].what == f"{i18n.t('move.play')}: {i18n.card_name(lines[2].cards[0])}"
    assert lines[3].who == scene.seat_name(1) and lines[3].cards  # the bot's answer, with its card
    frames(app, 2)  # the panel draws over the table
    key(app, pygame.K_TAB)
    assert not move_log.is_open(scene)


def _stub(game_id: str, log: list[tuple[int, int, str]], human: int = 0):
    names = {0: "You", 1: "Bot 2", 2: "Bot 3"}
    ctrl = SimpleNamespace(game_id=game_id, round_no=1, move_log=log, human_seat=human)
    return SimpleNamespace(controller=ctrl, seat_name=names.__getitem__,
                           app=SimpleNamespace(config=SimpleNamespace(deck_style="french")))


def test_cards_another_seat_hid_are_counted_not_named():
    log = [(0, 1, "play AS"), (1, 1, "discard AS KH"), (1, 0, "discard QS JS")]
    lines = move_log.entries(_stub("dreierschnapsen", log))
    assert len(lines) == 2  # only the current deal
    bot, mine = lines
    assert bot.cards == () and "ace" not in bot.what and bot.what.endswith("2 cards")
    assert mine.cards == parse_cards("QS JS") and "queen of spades" in mine.what
    swim = move_log.entries(_stub("schwimmen", [(1, 2, "pass2 7S 8H"), (1, 2, "knock 9S TD"), (1, 1, "swap QH 7S")]))
    assert [x.cards for x in swim[:2]] == [(), ()] and swim[2].cards == parse_cards("QH 7S")
    assert swim[0].what == f"{i18n.t('move.pass2')}: 2 cards"


def test_family_words_for_cut_knock_bids_and_trumps():
    log = [(1, 1, "knock"), (1, 2, "turn 2"), (1, 0, "bid bettler"), (1, 1, "trump H")]
    lines = move_log.entries(_stub("bauernschnapsen", log))
    assert [x.what for x in lines] == [
        i18n.t("move.knock_cut"), i18n.t("move.turn_n", n="2"),
        f"{i18n.t('move.bid')}: {i18n.contract_name('bettler')}", f"{i18n.t('move.trump')}: {i18n.suit_name('H')}"]
