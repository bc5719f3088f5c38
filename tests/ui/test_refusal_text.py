"""A refused move is explained in the player's language (game.ui.refusal_text).

Every reason the rules can give for a refused move (a structured message) is collected by
trying, on seeded random states of every game (and the option sets that change the refusals),
every move of a superset of candidates that is not legal; each refusal id must have a catalogue
entry in en, de and ja with exactly its parameters as placeholders, and come out German and
Japanese with none of the English left.  Then a German player clicks a wrong card at the real
table and reads the German reason in the status line.
"""

from __future__ import annotations

import itertools
import re
from functools import cache
from random import Random

import pygame
import pytest

from game import i18n
from game.cards import Suit, deck20, deck32, parse_cards
from game.controller import MatchController
from game.rules import registry
from game.rules.base import IllegalMove, Move
from game.rules.contracts import IDS
from game.rules.messages import ENGLISH, Reason
from game.rules.options import OPTIONS_BY_GAME
from game.ui.refusal_text import REFUSAL, translate_refusal

DT = 1 / 60
SEEDS = tuple(range(10))
#: (game, players, option overrides, seeds): the defaults and every option that changes a
#: refusal.  Overtrumping needs a third player who trumped before you, a void and two trumps of
#: your own: deal 32 of Bauernschnapsen is the first seed whose walk gets there.
CONFIGS = [
    ("schnapsen", 2, {}, SEEDS),
    ("schnapsen", 2, {"allow_close_with_two_in_stock": False, "allow_marriage_before_first_trick": False}, SEEDS),
    ("bauernschnapsen", 4, {}, (*SEEDS, 32)),
    ("bauernschnapsen", 4, {"follow_rules": "wikibooks"}, SEEDS),
    ("dreierschnapsen", 3, {}, SEEDS),
    ("schwimmen", 4, {}, SEEDS),
    ("schwimmen", 3, {"no_passing": True}, SEEDS),
    ("schwimmen", 2, {"deck": "2x32"}, SEEDS),
    ("schwimmen", 5, {"deck": "52", "knock_minimum_20": False}, SEEDS),
]
#: Moves a random walk takes more often than its share, so that their refusals come up.
RARE = ("meld", "exchange", "kontra", "rekontra")


def _pack(game_id: str, deck: str) -> list:
    if game_id != "schwimmen":
        return list(deck20())
    if deck == "52":
        return list(parse_cards(" ".join(r + s for r in "AKQJT98765432" for s in "SHDC")))
    return list(deck32())


def candidates(s, rules, pack: list) -> list[Move]:
    """More than any player could try: every card, every verb, every argument, discards of
    hand cards, swaps of hand and middle cards, and malformed moves."""
    out = [Move("play", (c,)) for c in pack] + [Move("play", ()), Move("play", tuple(pack[:2]))]
    out += [Move(k) for k in ("exchange", "close", "declare", "pass", "knock", "kontra", "rekontra", "subkontra",
                              "stay", "keep", "reject", "swapall", "shove")]
    out += [Move("meld", (), x) for x in ("S", "H", "D", "C", None, "X")]
    out += [Move("trump", (), x) for x in "SHDC"] + [Move("cut", (), str(n)) for n in (1, 5, 9)]
    out += [Move("turn", (), str(n)) for n in (1, 2, 3)]
    out += [Move("bid", (), x) for x in IDS] + [Move("raise", (), x) for x in IDS]
    seat = rules.to_move(s)
    if seat is not None and getattr(s, "hands", None):
        hand = list(s.hands[seat])
        middle = list(getattr(s, "middle", ()) or ())
        others = [c for c in pack if c not in hand and c not in middle][:2]
        out += [Move("discard", pair) for pair in itertools.combinations(hand[:6], 2)]
        out += [Move("discard", tuple(others))]
        out += [Move("swap", (a, b)) for a in hand[:3] + others[:1] for b in middle + others[1:]]
        out += [Move("swap", hand[:1])]
    return out


def walk(legal: tuple[Move, ...], rng: Random) -> Move:
    """A random legal move, biased so that deals reach marriages, Kontra and the trick play of
    the contracts with trumps (random bids would end in Bettler and Gang most of the time)."""
    rare = [m for m in legal if m.kind in RARE]
    if rare and rng.random() < 0.5:
        return rare[rng.randrange(len(rare))]
    bids = [m for m in legal if m.kind == "bid"]
    if bids:
        passes = [m for m in legal if m.kind == "pass"]
        return passes[0] if passes and rng.random() < 0.8 else bids[0]
    return legal[rng.randrange(len(legal))]


@cache
def all_refusals() -> dict[Reason, str]:
    """Every refusal -> the first move that gave it."""
    got: dict[Reason, str] = {}
    for game_id, players, overrides, seeds in CONFIGS:
        rules = registry.get(game_id)
        opts = OPTIONS_BY_GAME[game_id](**overrides)
        pack = _pack(game_id, getattr(opts, "deck", ""))
        for seed in seeds:
            rng = Random(seed)
            s = rules.new_round(players, seed % players, rng, options=opts)
            for _ in range(300):
                legal = () if rules.is_over(s) else rules.legal_moves(s)
                for m in candidates(s, rules, pack):
                    if m in legal:
                        continue
                    with pytest.raises(IllegalMove) as refused:
                        rules.apply(s, m)
                    got.setdefault(refused.value.reason, f"{game_id}: {m}")
                if not legal:
                    break
                s, _ = rules.apply(s, walk(legal, rng))
    # the controller's own refusals: a move or a hint asked for while a bot is to move
    c = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=1,
                        bot_pause=0.0, use_processes=False, first_dealer=0)
    assert not c.awaiting_human
    for ask in (lambda: c.submit(Move("play", parse_cards("AH"))), c.hint):
        with pytest.raises(IllegalMove) as refused:
            ask()
        got.setdefault(refused.value.reason, "controller")
    c.close()
    return got


def english_words(template: str) -> set[str]:
    """The words of a template outside its placeholders (what must not stay on the screen)."""
    words = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", " ", template))}
    # the move notation ("meld S"), the game's name, and a word German shares with English
    return words - {"meld", "schnapsen", "hand"}


def test_every_refusal_the_rules_give_has_a_catalogue_entry_and_an_english_fallback():
    from tests.ui.test_hint_text import catalogue_problems

    reasons = all_refusals()
    assert len(reasons) > 100 and all(isinstance(r, Reason) for r in reasons)
    problems = sorted({p for r in reasons for p in catalogue_problems(r, REFUSAL)})
    assert problems == [], "add these to locale/*.po: " + "; ".join(problems)
    used = {r.id for r in reasons}
    assert sorted(used - set(ENGLISH)) == []  # str(IllegalMove) reads as English in the logs
    assert sorted(set(ENGLISH) - used) == []  # no fallback for a refusal the rules no longer give


@pytest.mark.parametrize("lang", ["de", "ja"])
@pytest.mark.parametrize("deck_style", ["french", "german"])
def test_every_refusal_translates_with_no_english_left(lang, deck_style):
    i18n.set_language(lang)
    for reason, move in all_refusals().items():
        shown = translate_refusal(reason, deck_style)
        english = str(reason)
        assert shown != english and "refusal." not in shown and "{" not in shown, (lang, reason, move, shown)
        assert not re.search(r"\b[AKQJT2-9][SHDC]\b", shown), (reason, shown)  # cards in words
        assert not re.search("[♠♥♦♣]", shown), (reason, shown)  # suits in words (Laub, Eichel ...)
        leftovers = english_words(ENGLISH[reason.id]) & {w.lower() for w in re.findall(r"[A-Za-z]{3,}", shown)}
        assert not leftovers, (lang, reason, shown, leftovers)
        if lang == "ja":
            assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", shown), (reason, shown)
    i18n.set_language("en")


def test_refusals_name_cards_suits_contracts_and_moves_in_the_language():
    ah, qh = parse_cards("AH QH")
    follow = Reason("follow_suit", suit=Suit.HEARTS)
    assert str(follow) == "you must follow suit (♥)"  # the English fallback of str(IllegalMove)
    assert str(IllegalMove(Reason("not_in_hand", card=ah))) == "AH is not in your hand"
    i18n.set_language("de")
    assert translate_refusal(follow) == "Du musst Farbe bedienen (Herz)"
    assert translate_refusal(Reason("follow_suit", suit=Suit.SPADES), "german") == "Du musst Farbe bedienen (Laub)"
    assert translate_refusal(Reason("not_in_hand", card=ah)) == "Herz-Daus ist nicht in deiner Hand"
    assert translate_refusal(Reason("f.bid_seat", contract="normal")) == \
        "Von deinem Platz aus darfst du Rufer nicht lizitieren"
    assert translate_refusal(Reason("not_now", move=Move("play", (qh,)))) == "„Herz-Dame“ ist jetzt nicht möglich"
    assert translate_refusal(Reason("s.closed")) == "Der Talon ist schon zugedreht"
    i18n.set_language("de", german_terms=True)
    assert translate_refusal(Reason("overtrump")) == "Du musst übertrumpfen: Spiel einen höheren Trumpf"
    i18n.set_language("ja")
    assert translate_refusal(Reason("follow_suit", suit=Suit.DIAMONDS)) == "ダイヤを出さなければなりません (マストフォロー)"
    assert translate_refusal(Reason("must_trump", suit=Suit.CLUBS)) == \
        "リードのスートがないので、切り札 (クラブ) を出さなければなりません"
    # an id no catalogue knows shows its English fallback (visible, never a crash)
    assert translate_refusal(Reason("a.rule.from.a.future.version")) == "a.rule.from.a.future.version"
    i18n.set_language("en")


# --- at the table ---------------------------------------------------------------------------------


def _scripted_bot(game_id, level, seat, obs, legal, seed):
    """Lead QH when it can, otherwise the first card (a predictable trick to follow)."""
    plays = [m for m in legal if m.kind == "play"]
    for m in plays:
        if m.cards[0] == parse_cards("QH")[0]:
            return m
    return plays[0] if plays else legal[0]


def _click(app, pos) -> None:
    for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        pygame.event.post(event)
    for _ in range(3):
        app.step(DT)


def _until_human(app, ctrl, table) -> None:
    for _ in range(600):
        app.step(DT)
        if ctrl.awaiting_human and table.presenter.idle:
            return
    raise AssertionError("the human never got the turn")


def refused_table(tmp_path, lang: str, deck_style: str = "french"):
    """A Schnapsen table in ``lang`` where the human (seat 0) has closed, led JS, lost the
    trick and must now follow the bot's QH with AH, the only legal card: the app, the table
    and the controller, ready for a wrong click."""
    from game.ui.app import App, AppConfig
    from game.ui.scenes.table import TableScene
    from game.ui.session import install

    config = AppConfig(size=(1280, 720), settings_dir=tmp_path / "config", persist=False, speed=0.0,
                       bot_pause=0.0, use_processes=False)
    config.extra["data_dir"] = tmp_path / "data"
    app = App(config)
    session = install(app, cli_lang=lang, state_folder=tmp_path / "state", record=False)
    session.change(language=lang, deck_style=deck_style)
    ctrl = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=1,
                           bot_pause=0.0, use_processes=False, first_dealer=1, think_fn=_scripted_bot)
    deck = parse_cards("JS AH KD AS TS KS AC QD JD QH JH TH KH TD AD QS KC QC JC TC")
    ctrl.state = registry.get("schnapsen").new_round(2, 1, Random(0), deck=deck)
    table = TableScene(app, "schnapsen", "beginner", controller=ctrl)
    app.push(table)
    _until_human(app, ctrl, table)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode=""))  # close
    app.step(DT)
    assert ctrl.state.specials.closed_by == 0
    _click(app, table.presenter.card_rect(parse_cards("JS")[0]).center)
    _until_human(app, ctrl, table)
    assert ctrl.state.trick == parse_cards("QH")
    assert table.legal_cards() == set(parse_cards("AH"))
    return app, table, ctrl


def test_a_wrong_card_at_the_german_table_is_explained_in_german(tmp_path):
    app, table, ctrl = refused_table(tmp_path, "de")
    try:
        s = ctrl.state
        _click(app, table.presenter.card_rect(parse_cards("KD")[0]).center)  # hearts were led
        assert ctrl.state is s  # refused: nothing changed
        assert table.status.toast == "Nicht erlaubt: Du musst Farbe bedienen (Herz)"
        app.draw(app.screen)  # the toast draws
        _click(app, table.presenter.card_rect(parse_cards("AH")[0]).center)
        assert ctrl.state.tally.tricks == (1, 1)  # the right card is taken
    finally:
        app.shutdown()


def test_a_wrong_card_at_the_japanese_table_is_explained_in_japanese(tmp_path):
    app, table, ctrl = refused_table(tmp_path, "ja")
    try:
        _click(app, table.presenter.card_rect(parse_cards("KD")[0]).center)
        assert table.status.toast == "出せません: ハートを出さなければなりません (マストフォロー)"
    finally:
        app.shutdown()
