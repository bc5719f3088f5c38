"""Click through a whole Schnapsen deal with posted pygame events (dummy video driver).

A stacked deck gives the human (seat 0, non-dealer) the trump jack, the king and queen of
spades and the two top spades; the bot holds neither spades nor trumps.  The human exchanges
(E), closes (button click), melds 20 (M), has a wrong card refused, plays by drag, by click and by
the number keys, and declares 66 (button click).  After every step the engine state is checked.
Mouse positions come from the events themselves; nothing reads ``mouse.get_pos``.
"""

from __future__ import annotations

from random import Random

import pygame
import pytest

from game.cards import Suit, card, parse_cards
from game.controller import MatchController
from game.rules import registry
from game.ui.app import App, AppConfig
from game.ui.scenes.summary import SummaryScene
from game.ui.scenes.table import TableScene

DT = 1 / 60
# Index layout of RULES.md S3: non-dealer 0,1,2,7,8; dealer 3,4,5,9,10; turn-up 6; stock 11..19.
DECK = parse_cards("JH KS QS JD QD KD AH AS TS TD JC TH KH QH AD AC TC KC QC JS")


@pytest.fixture
def table():
    config = AppConfig(size=(1280, 720), persist=False, speed=0.0, bot_pause=0.0, use_processes=False, seed=1)
    app = App(config)
    ctrl = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=1,
                           bot_pause=0.0, use_processes=False, first_dealer=1)
    ctrl.state = registry.get("schnapsen").new_round(2, 1, Random(0), deck=DECK)  # the test hook: a stacked deal
    scene = TableScene(app, "schnapsen", "beginner", controller=ctrl)
    app.push(scene)
    frames(app, 5)
    yield app, scene, ctrl
    app.shutdown()


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(DT)


def post(event_type: int, **attrs) -> None:
    pygame.event.post(pygame.event.Event(event_type, **attrs))


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frames(app)


def press(app: App, key: int) -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode="")
    frames(app)


def button(scene: TableScene, action: str) -> pygame.Rect:
    for b in scene.buttons:
        if b.action == action:
            return b.rect
    raise AssertionError(f"no {action!r} button among {[b.action for b in scene.buttons]}")


def until_human(app: App, ctrl: MatchController, limit: int = 200) -> None:
    for _ in range(limit):
        if ctrl.awaiting_human or ctrl.round_over:
            frames(app, 2)
            return
        app.step(DT)
    raise AssertionError("the bot never gave the turn back")


def test_whole_deal_by_mouse_and_keys(table):
    app, scene, ctrl = table
    s = ctrl.state
    assert ctrl.awaiting_human and s.trump is Suit.HEARTS
    # Only legal buttons are shown: exchange, close, meld spades; no declare before a trick.
    assert {b.action for b in scene.buttons} == {"exchange", "close", "meld:S"}
    # The hand is sorted with trumps first.
    assert scene.presenter.hand_cards()[0] == card("JH")

    press(app, pygame.K_e)  # exchange the trump jack for the ace of hearts
    s = ctrl.state
    assert s.specials.exchanged_by == 0 and card("AH") in s.hands[0] and s.stock[-1] == card("JH")
    assert scene.presenter.zones["turnup"] == [card("JH")]
    assert "exchange" not in {b.action for b in scene.buttons}

    click(app, button(scene, "close").center)  # close the stock (zudrehen)
    s = ctrl.state
    assert s.specials.closed_by == 0 and s.specials.close_tricks == 0

    press(app, pygame.K_m)  # meld 20 in spades (pending: no trick yet)
    s = ctrl.state
    assert s.specials.marriages == ((Suit.SPADES, 0),) and s.melded >= 0
    assert "Meld" not in " ".join(b.label for b in scene.buttons)

    # The ace of spades is refused: the king or queen of the marriage must be led.
    click(app, scene.presenter.card_rect(card("AS")).center)
    assert card("AS") in ctrl.state.hands[0] and ctrl.state.trick == ()
    assert "king or queen" in scene.status.toast

    # Drag the king of spades onto the table.
    start = scene.presenter.card_rect(card("KS")).center
    target = scene.presenter.geometry.play_area.center
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    post(pygame.MOUSEMOTION, pos=(start[0], start[1] - 60), rel=(0, -60), buttons=(1, 0, 0))
    post(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=target, button=1)
    frames(app)
    assert card("KS") not in ctrl.state.hands[0]
    until_human(app, ctrl)
    s = ctrl.state
    assert s.tally.tricks == (1, 0) and s.score(0) >= 20 + 4  # the marriage is credited now

    # Key 1 plays the first card of the sorted hand: the ace of hearts (trumps first).
    assert scene.presenter.hand_cards()[0] == card("AH")
    press(app, pygame.K_1)
    assert card("AH") not in ctrl.state.hands[0]
    until_human(app, ctrl)

    # Play on by clicking cards until 66, then declare with the button.
    while ctrl.state.score(0) < 66:
        hand = scene.presenter.hand_cards()
        click(app, scene.presenter.card_rect(hand[0]).center)
        until_human(app, ctrl)
    assert "declare" in {b.action for b in scene.buttons}
    click(app, button(scene, "declare").center)
    s = ctrl.state
    assert s.specials.declared_by == 0
    assert ctrl.round_over and ctrl.round_result.points == (3, 0)  # 2.6 row 2: bot had no trick at closing
    assert ctrl.match.scores == (3, 0)

    frames(app, 5)
    assert isinstance(app.scene, SummaryScene)
    press(app, pygame.K_s)  # score sheet
    assert app.scene.sheet
    press(app, pygame.K_RETURN)  # next deal
    frames(app, 5)
    assert app.scene is scene and ctrl.round_no == 1 and not ctrl.round_over


def test_no_face_up_card_is_hidden_from_the_human(table):
    app, scene, ctrl = table
    for _ in range(14):
        obs = ctrl.observation()
        visible = set(obs.hand) | set(obs.trick) | ({obs.turnup} if obs.turnup else set())
        for c, view in scene.presenter.sprites.items():
            if view.flip >= 0.5 and c not in scene.presenter.zones.get("gone", []):
                assert c in visible or any(c in tr.cards for tr in obs.tricks), c
        if ctrl.round_over:
            break
        legal = ctrl.legal_moves()
        plays = [m for m in legal if m.kind == "play"]
        if not plays:  # after the last trick: Space passes or declares
            press(app, pygame.K_SPACE)
            assert ctrl.round_over
            break
        click(app, scene.presenter.card_rect(plays[0].cards[0]).center)
        until_human(app, ctrl)


def _scripted_bot(game_id, level, seat, obs, legal, seed):
    """A predictable bot for the refusal test: lead QH when it can, otherwise the first card."""
    plays = [m for m in legal if m.kind == "play"]
    for m in plays:
        if m.cards[0] == card("QH"):
            return m
    return plays[0] if plays else legal[0]


def test_illegal_follow_is_refused_with_the_reason():
    config = AppConfig(size=(1280, 720), persist=False, speed=0.0, bot_pause=0.0, use_processes=False)
    app = App(config)
    ctrl = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=1,
                           bot_pause=0.0, use_processes=False, first_dealer=1, think_fn=_scripted_bot)
    deck = parse_cards("JS AH KD AS TS KS AC QD JD QH JH TH KH TD AD QS KC QC JC TC")
    ctrl.state = registry.get("schnapsen").new_round(2, 1, Random(0), deck=deck)
    scene = TableScene(app, "schnapsen", "beginner", controller=ctrl)
    app.push(scene)
    frames(app, 5)
    try:
        press(app, pygame.K_c)  # close: the strict rules apply from this trick
        assert ctrl.state.specials.closed_by == 0
        click(app, scene.presenter.card_rect(card("JS")).center)  # the bot must head it with a higher spade
        until_human(app, ctrl)
        s = ctrl.state
        assert s.tally.tricks == (0, 1) and s.trick == (card("QH"),)
        assert scene.legal_cards() == {card("AH")}  # must follow and head the queen of hearts
        click(app, scene.presenter.card_rect(card("KD")).center)
        assert ctrl.state is s  # refused: nothing changed
        assert scene.status.toast.startswith("Not allowed") and "suit" in scene.status.toast
        press(app, pygame.K_SPACE)  # the only legal card is the default action
        assert ctrl.state.tally.tricks == (1, 1)
    finally:
        app.shutdown()


def test_draw_changes_nothing(table):
    app, scene, ctrl = table

    def snapshot():
        views = {c: (v.pos, v.angle, v.flip, v.z, v.w, v.lift) for c, v in scene.presenter.sprites.items()}
        return views, [(b.action, tuple(b.rect), b.enabled) for b in scene.buttons], dict(scene.presenter.zones)

    before = snapshot()
    state = ctrl.state
    app.draw(app.screen)
    scene.show_last_trick = True
    app.draw(app.screen)
    assert snapshot() == before and ctrl.state is state


def test_deal_is_animated_in_the_real_order(table):
    """RULES.md S3: 3 cards to the non-dealer, 3 to the dealer, the turn-up, 2 and 2, the stock."""
    app, scene, ctrl = table
    obs = ctrl.observation()
    assert obs.dealer == 1
    assert scene.helper.deal_plan(obs) == [("hand0", 3), ("hand1", 3), ("turnup", 1), ("hand0", 2),
                                           ("hand1", 2), ("stock", 9)]
    # After the deal every zone matches the observation: 5 + 5 cards, the turn-up, 9 in the stock.
    zones = scene.presenter.zones
    assert sorted(map(str, zones["hand0"])) == sorted(map(str, obs.hand))
    assert len(zones["hand1"]) == 5 and zones["turnup"] == [obs.turnup] and len(zones["stock"]) == 9
    assert all(scene.presenter.sprites[c].flip == 0.0 for c in zones["hand1"] + zones["stock"])
