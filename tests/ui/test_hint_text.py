"""The bots' reasons reach the screen in the player's language (game.ui.hint_text): every reason
id a bot gives has a catalogue entry in en, de and ja with exactly its parameters as
placeholders; hints teach (the move's reason from facts, the statistic on a details line); and
the Schnapsen summary's rule line is translated too."""

from __future__ import annotations

import importlib.util
import pickle
import re
import sys
from functools import cache
from pathlib import Path
from random import Random

import pygame
import pytest

from ai.base import make_agent
from game import i18n
from game.cards import parse_cards
from game.rules import registry
from game.rules.messages import Reason
from game.ui.hint_text import WHY, msgids, reason_detail, translate_reason

DT = 1 / 60
ROOT = Path(__file__).resolve().parents[2]


@cache
def catalogues() -> dict[str, dict[str, str]]:
    spec = importlib.util.spec_from_file_location("extract_strings", ROOT / "build_scripts" / "extract_strings.py")
    extract = importlib.util.module_from_spec(spec)
    sys.modules["extract_strings"] = extract
    spec.loader.exec_module(extract)
    return extract.catalogues()


def catalogue_problems(reason: Reason, namespace: str) -> list[str]:
    """What the catalogues lack for ``reason`` and its clauses: a missing entry in a language,
    or placeholders that differ from the message's parameters (``detail`` is shown apart)."""
    out = []
    for msgid, r in msgids(reason, namespace):
        params = {name for name, _ in r.params} - {"detail"}
        for lang in ("en", "de", "ja"):
            text = catalogues()[lang].get(msgid)
            if not text:
                out.append(f"{lang} lacks {msgid}")
                continue
            found = set(re.findall(r"\{(\w+)\}", text))
            if found != params:
                out.append(f"{lang} {msgid}: placeholders {sorted(found)} != parameters {sorted(params)}")
    return out


def _fast(agent):
    """Smaller search budgets: the reasons are the same kind, the test is much cheaper."""
    for name, value in (("budget_s", 0.02), ("samples", 8), ("bid_samples", 4)):
        if hasattr(agent, name):
            setattr(agent, name, value)
    return agent


def reasons_of_play(game_id: str, players: int, deals: int, seed: int,
                    levels: tuple[str, ...] = ("beginner", "player", "expert")) -> list[Reason]:
    """Every reason the bots give while playing ``deals`` deals, seats at rotating levels."""
    rules = registry.get(game_id)
    out = []
    for deal in range(deals):
        rng = Random(seed * 100 + deal)
        agents = [_fast(make_agent(game_id, levels[(seat + deal) % len(levels)], seat)) for seat in range(players)]
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
def test_every_reason_the_bots_give_has_a_catalogue_entry_in_every_language(game_id, players, deals):
    reasons = reasons_of_play(game_id, players, deals, seed=7)
    assert len(reasons) > 20 and all(isinstance(r, Reason) for r in reasons)
    problems = sorted({p for r in set(reasons) for p in catalogue_problems(r, WHY)})
    assert problems == [], "add these to locale/*.po: " + "; ".join(problems)
    for lang in ("en", "de", "ja"):
        i18n.set_language(lang)
        for r in set(reasons):
            shown = translate_reason(r)
            assert "why." not in shown and "{" not in shown and "(" + r.id not in shown, (lang, r, shown)
            assert not re.search(r"\b[AKQJT2-9][SHDC]\b", shown), (r, shown)  # cards in words
    i18n.set_language("en")


def test_the_catalogue_check_fails_on_a_missing_entry_or_placeholder():
    assert catalogue_problems(Reason("s.lead_points", card=parse_cards("AH")[0]), WHY) == []
    assert catalogue_problems(Reason("no.such.reason"), WHY) == [f"{lang} lacks why.no.such.reason"
                                                              for lang in ("en", "de", "ja")]
    wrong = catalogue_problems(Reason("s.lead_points", cards="AH"), WHY)
    assert len(wrong) == 3 and "placeholders ['card'] != parameters ['cards']" in wrong[0]
    nested = catalogue_problems(Reason("s.close_now", points=40, opp=20, trumps=Reason("trumps.many")), WHY)
    assert nested == [f"{lang} lacks why.trumps.many" for lang in ("en", "de", "ja")]


def test_a_reason_pickles_compares_and_reads_in_english_for_logs():
    r = Reason("s.t.close", points=41, opp=20, need=25, trumps=Reason("trumps.some", ranks="ATK"),
               detail=Reason("how.estimate", value=-1.5, used=30))
    assert pickle.loads(pickle.dumps(r)) == r and hash(pickle.loads(pickle.dumps(r))) == hash(r)
    assert Reason("x", a=1, b=2) == Reason("x", b=2, a=1)
    assert "points=41" in str(r) and str(r).startswith("s.t.close(")
    assert r.with_params(need=3).get("need") == 3 and r.get("need") == 25


def _known_endgame():
    """A stacked Schnapsen deal played (plain cards, no close) until the stock is gone: the
    expert then knows the opponent's hand and solves exactly."""
    from game.rules.schnapsen import RULES

    deck = parse_cards("AH TH KH QH JH AS TS KS QS JS AD TD KD QD JD AC TC KC QC JC")  # stacked, top first
    s = RULES.new_round(2, 1, Random(1), deck=deck)
    rng = Random(5)
    while True:
        seat = RULES.to_move(s)
        obs = RULES.observe(s, seat)
        legal = RULES.legal_moves(s)
        if obs.stock_size == 0 and obs.stage == "lead" and len(legal) > 1:
            return seat, obs, legal
        plays = [m for m in legal if m.kind == "play"] or list(legal)
        s, _ = RULES.apply(s, plays[rng.randrange(len(plays))])


def test_the_expert_schnapsen_hint_teaches_and_keeps_the_figure_in_its_details():
    seat, obs, legal = _known_endgame()
    move, reason = make_agent("schnapsen", "expert", seat).explain(obs, legal, Random(3))
    assert reason.id.startswith("s.t.") and reason.get("detail").id.startswith("how.")
    i18n.set_language("de")
    shown, detail = translate_reason(reason), reason_detail(reason)
    assert "wie immer der Gegner spielt" in detail or "bei bestem Spiel" in detail, detail
    assert detail not in shown  # the statistic is a line of its own
    if move.kind == "play":
        assert i18n.card_name(move.cards[0]) in shown  # "Herz-Daus", not "AH"
    i18n.set_language("en")


def test_hints_teach_with_facts_in_every_language():
    ah, jh, th = parse_cards("AH JH TH")
    close = Reason("s.t.close", trumps=Reason("trumps.some", ranks="ATKQ"), points=41, opp=20, need=25,
                   detail=Reason("how.estimate", value=-1.5, used=30))
    i18n.set_language("en")
    assert translate_reason(close) == ("Close now: you hold ace/ten/king/queen of trumps and 41 points, the "
                                       "opponent has 20; 25 more points win the deal")
    assert reason_detail(close) == "Worth about -1.5 game points over 30 possible deals"
    assert translate_reason(Reason("s.t.exchange", jack=jh, card=ah)).startswith(
        "Exchange jack of hearts for ace of hearts: your lowest trump")
    assert translate_reason(Reason("s.t.take", led=th, card=ah, pts=21, total=47)) == \
        "Take ten of hearts with ace of hearts: the trick brings 21 points, 47 in all"
    i18n.set_language("de")
    assert translate_reason(close).startswith("Jetzt zudrehen: du hast Daus/Zehner/König/Dame in Atout und 41 Augen")
    assert reason_detail(close) == "Über 30 mögliche Verteilungen im Schnitt etwa -1,5 Punkte wert"
    assert translate_reason(Reason("f.t.kontra", kontra="kontra", contract="schnapser", pct=0.3, trumps=1, high=3)) \
        == "Kontra: gegen deine Karten schafft der Spieler den Schnapser nur zu etwa 30% (Atout: 1, Daus und Zehner: 3)"
    i18n.set_language("de", german_terms=True)
    assert "Trumpf" in translate_reason(close) and "zumachen" in translate_reason(close)
    i18n.set_language("ja")
    assert translate_reason(close) == "今クローズ: 手札は切り札のエース/10/キング/クイーンで41点、相手は20点。あと25点でこのディールに勝てる"
    assert translate_reason(Reason("w.grab", label=Reason("label.swapall"), val="feuer")) == \
        "3枚すべて交換: フォイヤーでディールがすぐ終わる"
    i18n.set_language("en")


def test_a_reason_without_a_catalogue_entry_shows_its_english_fallback():
    assert translate_reason(Reason("from.a.future.bot", card="AH")) == "From.a.future.bot(card=AH)"
    assert translate_reason("an old sentence") == "an old sentence"


@pytest.mark.parametrize("game_id,players", [("schnapsen", 2), ("bauernschnapsen", 4), ("dreierschnapsen", 3),
                                             ("schwimmen", 4)])
def test_every_hint_kind_teaches(game_id, players):
    """The expert's hints over a few deals: card play and every bidding, Kontra, close, marriage
    and swap decision come as a teaching reason, not a bare statistic."""
    reasons = reasons_of_play(game_id, players, 3, seed=11, levels=("expert",))
    ids = {r.id for r in reasons}
    bare = {"d.search", "f.search", "f.confirmed"} & ids
    assert not bare, bare
    if game_id == "schnapsen":
        assert len({i for i in ids if i.startswith("s.t.")}) >= 3, ids  # leads, follows, a claim ...
    elif game_id == "schwimmen":
        assert ids & {"w.swap_gain", "w.risk", "w.knock_risk", "w.keep_packet", "w.reject_packet", "w.grab"}, ids
    else:
        assert ids & {"f.t.bid", "f.t.pass_bid", "f.t.open_normal", "f.t.bid_bettler"}, ids


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
    # asked the way the H key asks it, so the dialog shows this very answer (the expert behind the
    # hint has a clock: on a busy machine a second search may use fewer samples)
    table.controller.request_hint()
    answer = table.controller.poll_hint()
    assert answer is not None
    _, reason = answer
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    app.step(DT)
    dialog = app.scene
    assert isinstance(dialog, DialogScene) and dialog.title == "Tipp"
    assert translate_reason(reason) in dialog.message  # its German rendering
    detail = reason_detail(reason)
    assert detail is None or f"Genauer: {detail}" in dialog.message  # the statistic on its own line
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


def test_every_reason_written_in_the_code_has_its_catalogue_entries():
    """Reasons the play-throughs may not reach (a rare contract, a discard): every literal
    ``Reason("id", name=...)`` in ai/ (msgid why.<id>) and in the rules and the controller
    (refusal.<id>) has an entry in en, de and ja whose placeholders are exactly its parameters."""
    import ast

    from game.ui.refusal_text import REFUSAL

    found = 0
    problems = []
    for folder, namespace in (("ai", WHY), ("game/rules", REFUSAL), ("game/controller.py", REFUSAL)):
        path = ROOT / folder
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Reason" and node.args
                        and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                    continue
                if any(k.arg is None for k in node.keywords):
                    continue  # **params: checked where the message is built
                found += 1
                reason = Reason(node.args[0].value, **{k.arg: 0 for k in node.keywords if k.arg})
                problems += [f"{file.name}:{node.lineno}: {p}" for p in catalogue_problems(reason, namespace)]
    assert found > 150
    assert problems == [], problems
