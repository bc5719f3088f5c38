"""The bots' reasons reach the screen in the player's language (game.ui.hint_text), and the
Schnapsen summary's rule line is translated too."""

from __future__ import annotations

import re
from random import Random

import pygame
import pytest

from ai.base import make_agent
from game import i18n
from game.cards import parse_cards
from game.rules import registry
from game.ui.hint_text import REASONS, known, translate_reason

DT = 1 / 60


def english_words(template: str) -> set[str]:
    """The words of a bot template outside its placeholders (what must not stay on a German screen)."""
    return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", re.sub(r"\{\w+\}", " ", template))}


def _fast(agent):
    """Smaller search budgets: the reasons are the same kind, the test is much cheaper."""
    for name, value in (("budget_s", 0.02), ("samples", 8), ("bid_samples", 4)):
        if hasattr(agent, name):
            setattr(agent, name, value)
    return agent


def reasons_of_play(game_id: str, players: int, deals: int, seed: int) -> list[str]:
    """Every reason the bots give while playing ``deals`` deals, seats at rotating levels."""
    rules = registry.get(game_id)
    levels = ("beginner", "player", "expert")
    out = []
    for deal in range(deals):
        rng = Random(seed * 100 + deal)
        agents = [_fast(make_agent(game_id, levels[(seat + deal) % 3], seat)) for seat in range(players)]
        # every other Schnapsen deal is part of a match (the expert then also names its chance)
        in_match = {"match_needs": (3, 5)} if game_id == "schnapsen" and deal % 2 else {}
        s = rules.new_round(players, deal % players, rng, **in_match)
        for _ in range(2000):
            seat = rules.to_move(s)
            if seat is None:
                break
            move, why = agents[seat].explain(rules.observe(s, seat), rules.legal_moves(s), rng)
            out.append(why)
            s, _ = rules.apply(s, move)
    return out


@pytest.mark.parametrize("game_id,players,deals", [("schnapsen", 2, 6), ("bauernschnapsen", 4, 3),
                                                   ("dreierschnapsen", 3, 3), ("schwimmen", 4, 3)])
def test_every_reason_the_bots_give_has_a_translation(game_id, players, deals):
    reasons = reasons_of_play(game_id, players, deals, seed=7)
    assert len(reasons) > 20
    unknown = sorted({r for r in reasons if not known(r)})
    assert unknown == [], f"add these to game/ui/hint_text.py REASONS and the catalogues: {unknown}"
    for lang in ("de", "ja"):
        i18n.set_language(lang)
        for r in set(reasons):
            shown = translate_reason(r)
            assert shown != r and "why." not in shown and "{" not in shown, (lang, r, shown)


def test_the_expert_schnapsen_hint_in_a_known_endgame_is_german():
    """Stock exhausted, so the opponent's hand is known: the expert solves exactly and says by
    how much it wins or loses "against any defence"; the German hint keeps none of the English."""
    from game.rules.schnapsen import RULES

    deck = parse_cards("AH TH KH QH JH AS TS KS QS JS AD TD KD QD JD AC TC KC QC JC")  # stacked, top first
    s = RULES.new_round(2, 1, Random(1), deck=deck)
    rng = Random(5)
    while True:  # both play plain cards (no close) until the stock is gone
        seat = RULES.to_move(s)
        obs = RULES.observe(s, seat)
        legal = RULES.legal_moves(s)
        if obs.stock_size == 0 and obs.stage == "lead" and len(legal) > 1:
            break
        plays = [m for m in legal if m.kind == "play"] or list(legal)
        s, _ = RULES.apply(s, plays[rng.randrange(len(plays))])
    expert = make_agent("schnapsen", "expert", seat)
    move, reason = expert.explain(obs, legal, Random(3))
    assert "against any defence" in reason and known(reason), reason
    i18n.set_language("de")
    shown = translate_reason(reason)
    leftovers = english_words(reason) & {w.lower() for w in re.findall(r"[A-Za-z]{4,}", shown)}
    assert not leftovers, (reason, shown)
    assert "wie immer der Gegner spielt" in shown or "bei bestem Spiel" in shown, shown
    if move.kind == "play":
        assert i18n.card_name(move.cards[0]) in shown  # "Herz-Daus", not "AH"


def test_reasons_name_cards_contracts_and_clauses_in_the_language():
    i18n.set_language("de")
    assert translate_reason("Play QH: you win 2 game points against any defence") == \
        "Herz-Dame spielen: du gewinnst 2 Punkte, wie immer der Gegner spielt"
    assert translate_reason("Play QH: worth about +0.4 game points over 30 possible deals, about 62% to win "
                            "the match") == "Herz-Dame spielen: über 30 mögliche Verteilungen im Schnitt etwa +0,4 " \
        "Punkte wert, etwa 62% Chance auf die Partie"
    assert translate_reason("Kontra: my hand stops the Normal game (about 30% for the declarer)") == \
        "Kontra: meine Karten halten den Rufer auf (etwa 30% für den Spieler)"
    assert translate_reason("Swap qh for 7s: 25 becomes 30 (about 12% to lose a life)") == \
        "Herz-Dame gegen Pik-Siebener tauschen: aus 25 wird 30 (etwa 12% Gefahr, ein Leben zu verlieren)"
    assert translate_reason("Lead AH: go for points", "german") == "Herz-Daus ausspielen: auf Augen gehen"
    i18n.set_language("de", german_terms=True)
    assert "Trumpf" in translate_reason("Close now: 40 points and A/10 of trumps, the opponent has 20")
    i18n.set_language("ja")
    assert translate_reason("Lead AH: go for points") == "ハートのエースをリード: 点数を狙う"
    assert translate_reason("Swap all three: Feuer ends the deal at once") == "3枚すべて交換: フォイヤーでディールがすぐ終わる"
    # an unknown sentence stays as it came (visible, never a crash)
    assert translate_reason("A reason from a future bot") == "A reason from a future bot"


def test_every_template_reads_back_its_own_sentence():
    """Each template, filled with sample values, is recognised as itself (no template hides another)."""
    samples = {"card": "QH", "suit": "H", "suitname": "hearts", "contract": "Bettler", "kontra": "Kontra",
               "pct": "40%", "value": "+0.5", "val": "27", "ranks": "A/10", "how": "a draw against any defence",
               "label": "swap all three", "trumps": "no trumps", "reason": "Not 66 yet", "move": "play QH"}
    from game.ui.hint_text import _compiled

    for msgid, regex, names in _compiled():
        text = REASONS[msgid]
        for name in names:
            text = text.replace("{" + name + "}", samples.get(re.sub(r"\d+$", "", name), "7"), 1)
        assert regex.match(text), (msgid, text)
        assert known(text) or msgid.startswith(("why.how.", "why.label.", "why.trumps.")), (msgid, text)


def test_the_hint_dialog_is_german_in_the_app(tmp_path):
    from game.ui.app import App, AppConfig
    from game.ui.scenes.dialog import DialogScene
    from game.ui.scenes.table import TableScene
    from game.ui.session import install, open_menu

    config = AppConfig(size=(1280, 720), settings_dir=tmp_path / "config", persist=False, speed=0.0,
                       bot_pause=0.0, use_processes=False, seed=3)
    config.extra["data_dir"] = tmp_path / "data"
    app = App(config)
    install(app, cli_lang="de", state_folder=tmp_path / "state")
    open_menu(app).start()
    table = None
    for _ in range(400):
        app.step(DT)
        top = app.scenes[0]
        if isinstance(top, TableScene) and top.presenter.idle and top.controller.awaiting_human:
            table = top
            break
    assert table is not None
    _, reason = table.controller.hint()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    app.step(DT)
    dialog = app.scene
    assert isinstance(dialog, DialogScene) and dialog.title == "Tipp"
    assert reason not in dialog.message  # the English sentence is not shown ...
    assert translate_reason(reason) in dialog.message  # ... its German rendering is
    shown_words = {w.lower() for w in re.findall(r"[A-Za-z]{4,}", dialog.message)}
    assert not english_words(reason) & shown_words, (reason, dialog.message)
    app.shutdown()


def test_the_schnapsen_summary_sentence_is_conjugated_for_you_and_for_a_named_player():
    """RULES.md 2.6 in words, no rule numbers: "you score" / "Computer scores", "1 game point" /
    "2 game points", "1 trick", in every language."""
    from types import SimpleNamespace

    from game.ui import text
    from game.ui.scenes.summary import explain

    def res(**d):
        return SimpleNamespace(details=d, reason="")

    names = {0: "You", 1: "Computer"}.get
    correct = res(row=1, winner=0, declared_by=0, declared_score=70, game_points=2, scores=(70, 20), tricks=(4, 1))
    try:
        i18n.set_language("en")
        text.set_language("en")
        assert explain(correct, names, 0) == (
            "You declared 66 with 70 points; Computer had 20 points and 1 trick. You score 2 game points.")
        them = {0: "Computer", 1: "You"}.get  # you were the opponent
        assert explain(correct, them, 1) == (
            "Computer declared 66 with 70 points; you had 20 points and 1 trick. Computer scores 2 game points.")
        last = res(row=6, winner=1, game_points=1)
        assert explain(last, names, 0).endswith("Computer took the last trick and scores 1 game point.")
        assert explain(last, them, 1).endswith("you took the last trick and score 1 game point.")
        i18n.set_language("de")
        text.set_language("de")
        assert explain(correct, names, 0) == ("Du hast dich mit 70 Augen ausgemeldet; Computer hatte 20 Augen "
                                              "und 1 Stich. Du bekommst 2 Punkte.")
        assert explain(last, names, 0).endswith("Computer hat den letzten Stich gemacht und bekommt 1 Punkt.")
        i18n.set_language("ja")
        text.set_language("ja")
        assert explain(correct, names, 0).endswith("あなたに2ゲーム点。")
    finally:
        i18n.set_language("en")
        text.set_language("en")


def test_the_catalogues_fill_the_same_placeholders_as_the_bots_templates():
    import importlib.util
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("extract_strings", root / "build_scripts" / "extract_strings.py")
    extract = importlib.util.module_from_spec(spec)
    sys.modules["extract_strings"] = extract
    spec.loader.exec_module(extract)
    cats = extract.catalogues()
    for msgid, template in REASONS.items():
        for lang in ("en", "de", "ja"):
            assert extract.placeholders(cats[lang].get(msgid, "")) == extract.placeholders(template), (lang, msgid)
