"""Languages: catalogue completeness, placeholders, glyphs in the bundled font, live switching,
German terms, system locale, and the stdlib .po -> .mo compiler."""

from __future__ import annotations

import gettext
import importlib.util
import io
import re
import sys
from pathlib import Path

import pytest

from game import i18n

ROOT = Path(__file__).resolve().parents[1]
FONTS = [ROOT / "assets" / "fonts" / "KartenstubeSans-Regular.otf", ROOT / "assets" / "fonts" / "KartenstubeSans-Bold.otf"]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "build_scripts" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


compile_catalogs = _load("compile_catalogs")
extract = _load("extract_strings")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en", german_terms=False)


@pytest.fixture(scope="module")
def cats():
    return extract.catalogues()


def test_every_msgid_used_in_code_is_translated_with_the_same_placeholders(cats):
    usage = extract.scan()
    assert len(usage.msgids) > 20  # the scan really finds the app's t("...") calls
    assert extract.problems(usage, cats) == []


def test_problems_are_reported(cats):
    usage = extract.Usage(msgids={"no.such.key": ["x.py:1"]}, prefixes={"nothing.": ["x.py:2"]},
                          indirect={"menu.nowhere": ["x.py:3"], "other.namespace": ["x.py:4"]})
    broken = {lang: dict(c) for lang, c in cats.items()}
    broken["ja"]["table.trump"] = "切り札"  # placeholder {suit} dropped
    found = "\n".join(extract.problems(usage, broken))
    assert "missing in de: 'no.such.key'" in found and "'nothing.'" in found
    assert "ja 'table.trump': placeholders" in found
    assert "'menu.nowhere' (key-shaped constant" in found and "other.namespace" not in found
    assert not extract.NOT_KEYS.search("menu.stats") and extract.NOT_KEYS.search("settings.json")


def test_game_vocabulary_is_complete(cats):
    from game.rules.contracts import IDS
    from game.rules.options import DESCRIBE
    from game.rules.registry import GAMES

    keys = [f"game.{g}" for g in GAMES] + [f"contract.{c}" for c in IDS]
    keys += [f"suit.{s}.{p}" for s in "SHDC" for p in ("french", "german")]
    keys += [f"rank.{r}.{p}" for r in "ATKQJ" for p in ("french", "german")] + [f"rank.{r}" for r in "98765432"]
    keys += [f"level.{lv}" for lv in ("beginner", "player", "expert")]
    keys += [f"move.{m}" for m in ("play", "exchange", "close", "meld", "declare", "pass", "cut", "knock_cut", "trump",
                                   "turn", "bid", "kontra", "rekontra", "subkontra", "discard", "raise", "stay",
                                   "keep", "reject", "swap", "swapall", "shove", "knock")]
    keys += ["term.bummerl", "term.schneider", "term.swimming", "term.feuer", "term.thirty_one"]
    for name in DESCRIBE:
        keys += [f"option.{name}", f"option.{name}.desc"]
    from dataclasses import fields

    from game import settings

    keys += [f"settings.{f.name}" for f in fields(settings.Settings)]  # every setting has a label
    keys += [f"deck.{d}" for d in settings.DECK_STYLES] + [f"back.{b}" for b in settings.CARD_BACKS]
    keys += [f"sort.{h}" for h in settings.HAND_SORTINGS] + [f"lang.{lang}" for lang in settings.LANGUAGES]
    for lang in ("en", "de", "ja"):
        assert [k for k in keys if not cats[lang].get(k)] == [], lang
    # the English option lines are DESCRIBE's own text, so a changed description shows up here
    assert {n: cats["en"][f"option.{n}.desc"] for n in DESCRIBE} == DESCRIBE


def test_japanese_uses_the_terms_of_the_source_texts(cats):
    ja = cats["ja"]
    assert "切り札" in ja["term.trump"]
    assert ja["move.declare"] == "勝利宣言"
    assert ja["term.marriage"] == "マリッジ"
    assert ja["move.close"] == "クローズ"
    assert ja["move.turn"] == "アウフシュラーゲン"
    assert ja["move.kontra"] == "コントラ"
    assert ja["game.schwimmen"].startswith("シュヴィメン")
    assert ja["contract.bettler"] == "ベトラー" and ja["contract.zehnergang"] == "ツェーナー・ガング"


AUSTRIAN = re.compile(r"Atout|Daus|[Zz]udreh|[Zz]ugedreht|dreh\w* zu")


def test_german_terms_override_every_austrian_term(cats):
    de, de_de = cats["de"], cats["de_DE"]
    # the setting that explains the choice names both sets of words on purpose
    need = {k for k, v in de.items() if AUSTRIAN.search(v) and k != "settings.german_terms.help"}
    assert len(need) > 10
    assert need <= set(de_de), sorted(need - set(de_de))
    assert [k for k, v in de_de.items() if AUSTRIAN.search(v)] == []
    assert set(de_de) <= need  # nothing else is overridden


def _cmap(path: Path) -> set[int]:
    from fontTools.ttLib import TTFont

    return set(TTFont(str(path)).getBestCmap())


def _rules_texts() -> list[Path]:
    return sorted((ROOT / "assets" / "rules").glob("*/*.md"))


def test_every_glyph_is_in_the_bundled_font(cats):
    missing_fonts = [str(p.relative_to(ROOT)) for p in FONTS if not p.exists()]
    assert not missing_fonts, f"bundled font missing: {missing_fonts} (the glyph check needs it)"
    texts = [(f"{lang}.po {k}", v) for lang, c in cats.items() for k, v in c.items()]
    texts += [(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8")) for p in _rules_texts()]
    for font in FONTS:
        cmap = _cmap(font)
        bad = sorted({f"{ch!r} U+{ord(ch):04X} in {where}" for where, text in texts for ch in text
                      if ch not in "\n\t\x00" and ord(ch) not in cmap})
        assert bad == [], f"{font.name} lacks glyphs:\n" + "\n".join(bad[:40])


def test_committed_mo_files_are_up_to_date():
    for lang in compile_catalogs.CATALOGUES:
        path = compile_catalogs.mo_path(lang)
        assert path.exists(), f"{path} missing: run build_scripts/compile_catalogs.py"
        assert path.read_bytes() == compile_catalogs.compile_one(lang), f"{path} stale: run compile_catalogs.py"


def test_live_switching_and_fallbacks():
    i18n.set_language("en")
    assert i18n.t("menu.quit") == "Quit"
    seen = []
    i18n.add_listener(seen.append)
    try:
        i18n.set_language("de")
        assert i18n.t("menu.quit") == "Beenden"
        assert i18n.t("table.trump", suit=i18n.suit_name("H", "german")) == "Atout: Herz"
        i18n.set_language("ja")
        assert i18n.t("menu.quit") == "終了"
        assert i18n.t("table.stock", n=4) == "山札: 4"
        i18n.set_language("xx")
        assert i18n.current_language() == "en"
    finally:
        i18n.remove_listener(seen.append)
    assert seen == ["de", "ja", "en"]
    assert i18n.t("no.such.key") == "no.such.key"
    assert i18n.t("table.stock", wrong=1) == "Stock: {n}"  # bad arguments never crash


def test_german_terms_switch():
    i18n.set_language("de", german_terms=False)
    assert i18n.t("btn.close") == "Zudrehen (C)" and i18n.rank_name("A") == "Daus"
    i18n.set_german_terms(True)
    assert i18n.t("btn.close") == "Zumachen (C)" and i18n.rank_name("A") == "Ass"
    assert i18n.t("menu.quit") == "Beenden"  # not overridden: falls through to de
    i18n.set_language("en")
    assert i18n.t("btn.close") == "Close (C)"  # the override is German only


def test_names_of_cards_options_and_values():
    from game.cards import card

    i18n.set_language("en")
    assert i18n.card_name(card("QH")) == "queen of hearts"
    assert i18n.card_name(card("QH"), "german") == "ober of hearts"
    assert i18n.option_value(True) == "On" and i18n.option_value("loserDeals") == "The loser"
    # a value worded for its option, and an option worded for its game's table
    assert i18n.option_value("seed", "false_claim_penalty") == "2 game points"
    assert i18n.option_label("claim_after_last_trick", "dreierschnapsen") == "66 after the last trick"
    assert i18n.option_value(7) == "7"
    i18n.set_language("ja")
    assert i18n.card_name(card("AS")) == "スペードのエース"
    assert i18n.contract_name("schnapser") == "シュナプサー"
    assert i18n.option_description("feuer").startswith("エース3枚")


@pytest.mark.parametrize("env,expected", [
    ({"LANG": "de_AT.UTF-8"}, "de"), ({"LANG": "ja_JP.UTF-8"}, "ja"), ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "ja_JP.UTF-8"}, "de"), ({"LANGUAGE": "fr:ja_JP:de", "LANG": "C"}, "ja"),
])
def test_system_language(monkeypatch, env, expected):
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *a: (None, None))
    assert i18n.system_language() == expected


def test_windows_locale_names(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *a: ("German_Austria", "1252"))
    assert i18n.system_language() == "de"
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *a: ("Japanese_Japan", "932"))
    assert i18n.system_language() == "ja"


def test_resolve_language(monkeypatch):
    monkeypatch.setattr(i18n, "system_language", lambda: "ja")
    assert i18n.resolve_language("de", "en") == "de"  # --lang wins
    assert i18n.resolve_language(None, "en") == "en"  # then the settings
    assert i18n.resolve_language(None, "") == "ja"  # first start: the system


def test_po_parser_and_mo_writer():
    po = '''
msgid ""
msgstr "Content-Type: text/plain; charset=UTF-8\\n"

# a comment
msgid "a.b"
msgstr "Zeile 1\\n"
"Zeile \\"2\\" – ü"

#, fuzzy
msgid "fuzzy.one"
msgstr "not shipped"

msgid "empty.one"
msgstr ""

msgctxt "ctx"
msgid "a.b"
msgstr "mit Kontext"
'''
    entries = compile_catalogs.parse_po(po)
    cat = compile_catalogs.messages(entries)
    assert "fuzzy.one" not in cat and "empty.one" not in cat
    trans = gettext.GNUTranslations(io.BytesIO(compile_catalogs.build_mo(cat)))
    assert trans.gettext("a.b") == 'Zeile 1\nZeile "2" – ü'
    assert trans.pgettext("ctx", "a.b") == "mit Kontext"
    with pytest.raises(compile_catalogs.PoError):
        compile_catalogs.parse_po('msgid "x"\nmsgstr "1"\nmsgid "x"\nmsgstr "2"\n')
    with pytest.raises(compile_catalogs.PoError):
        compile_catalogs.parse_po('msgstr "orphan"\n')


# --- rules screens --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", i18n.RULES_GAMES)
def test_rules_texts_exist_and_agree_across_languages(game):
    from dataclasses import fields

    from game.cards import parse_cards
    from game.rules.options import defaults

    names = {f.name for f in fields(defaults(game))}
    found = {}
    for lang in i18n.LANGUAGES:
        path = ROOT / "assets" / "rules" / lang / f"{game}.md"
        assert path.exists(), path
        src = path.read_text(encoding="utf-8")
        assert src.startswith("# ")
        used = i18n.OPTION_PLACEHOLDER.findall(src)
        assert set(used) <= names, (lang, set(used) - names)
        for group in i18n.CARD_TOKEN.findall(src):
            assert len(parse_cards(group)) == len(group.split())
        # a bracket that is not a card token is a typo the screen would print as text
        assert re.findall(r"\[[^\]]*\]", src) == [f"[{g}]" for g in i18n.CARD_TOKEN.findall(src)]
        found[lang] = (sorted(used), i18n.OPTIONS_BLOCK in src, len(i18n.CARD_TOKEN.findall(src)))
        # readable in a scrolling panel: no huge paragraphs
        assert max(len(line) for line in src.splitlines()) < 400
    assert found["de"] == found["en"] == found["ja"]


def test_rules_text_fills_in_the_active_options():
    from dataclasses import replace

    from game.rules.options import defaults

    i18n.set_language("en")
    text = i18n.rules_text("schnapsen", replace(defaults("schnapsen"), match_target=11))
    assert "first to 11 game points" in text and "{{" not in text
    assert "- Game points to win: 11" in text and "- Next dealer: Take turns" in text
    i18n.set_language("ja")
    text = i18n.rules_text("dreierschnapsen")
    assert "{{" not in text and "- 同点の決着: シュナプセンで決着" in text
    i18n.set_language("de", german_terms=True)
    text = i18n.rules_text("schnapsen")
    assert not AUSTRIAN.search(text) and "Trumpf" in text and "zumachen" in text.lower()
    i18n.set_german_terms(False)
    assert "Atout" in i18n.rules_text("schnapsen")


def test_split_cards():
    assert i18n.split_cards("Example: [AH KH 9H] is 30, [TS].") == ["Example: ", ("AH", "KH", "9H"), " is 30, ",
                                                                    ("TS",), "."]
    assert i18n.split_cards("no cards") == ["no cards"]


def test_wrap_latin_and_japanese():
    width = len  # one unit per character
    assert i18n.wrap("the quick brown fox", 10, width) == ["the quick", "brown fox"]
    lines = i18n.wrap("非ディーラーからリードしてトリテを行います。この段階はメイフォローです。", 8, width)
    assert "".join(lines) == "非ディーラーからリードしてトリテを行います。この段階はメイフォローです。"
    assert all(not line.startswith(("。", "、", "ー")) for line in lines)
    assert max(len(x) for x in lines) <= 9  # a glued 。 may exceed by one, never more
    assert i18n.wrap("「切り札」は[AH]です", 3, width)[0] in ("「切り", "「切")
    assert i18n.wrap("a\n\nb", 10, width) == ["a", "", "b"]
    assert i18n.wrap("Donaudampfschifffahrt x", 5, width) == ["Donaudampfschifffahrt", "x"]  # never split a word


def test_rules_texts_fit_a_1280_panel():
    """Every rules line wraps into a 900 px panel with the bundled font at 20 px without a
    line wider than the panel (a single overlong token would overflow)."""
    font_path = FONTS[0]
    assert font_path.exists(), f"bundled font missing: {font_path}"
    import pygame

    pygame.font.init()
    font = pygame.font.Font(str(font_path), 20)
    for lang in i18n.LANGUAGES:
        for game in i18n.RULES_GAMES:
            text = i18n.rules_text(game, lang=lang)
            for line in i18n.wrap(text, 900, lambda s: font.size(s)[0]):
                assert font.size(line)[0] <= 900, (lang, game, line)


def test_add_missing_appends_empty_entries(tmp_path, cats):
    for lang in ("en", "de", "ja"):
        (tmp_path / f"{lang}.po").write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n',
                                             encoding="utf-8")
    usage = extract.Usage(msgids={"new.key": ["game/ui/x.py:3"], "other \"q\"": ["y.py:1"]})
    assert extract.add_missing(usage, cats, tmp_path) == 6
    entries = compile_catalogs.parse_po((tmp_path / "de.po").read_text(encoding="utf-8"))
    assert {e.msgid: e.msgstr for e in entries} == {"": "Content-Type: text/plain; charset=UTF-8\n", "new.key": "",
                                                    'other "q"': ""}
    assert extract.add_missing(usage, cats, tmp_path) == 0  # idempotent


@pytest.mark.parametrize("game,players", [("bauernschnapsen", 4), ("dreierschnapsen", 3), ("schwimmen", 5)])
def test_results_are_described_in_every_language(game, players):
    from random import Random

    from game.i18n_results import describe_result
    from game.rules import registry

    rules = registry.get(game)
    names = [f"N{i}" for i in range(players)]
    rules_seen = set()
    for seed in range(12):
        rng = Random(seed)
        s = rules.new_round(players, seed % players, rng)
        while not rules.is_over(s):
            s, _ = rules.apply(s, rng.choice(rules.legal_moves(s)))
        res = rules.result(s)
        rules_seen.add(res.rule)
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            text = describe_result(game, res, names)
            assert "{" not in text and "}" not in text, text
            if lang != "en":
                assert text != res.reason  # really rebuilt, not the English fallback
            if game == "schwimmen":
                assert all(names[q] in text for q in res.details["losers"]) or res.rule == "W16 knockerLosesTies"
            else:
                assert str(res.details["amount"]) in text
    assert rules_seen  # at least one kind of ending was exercised


def test_unknown_results_fall_back_to_the_english_reason():
    from game.i18n_results import describe_result, join_names
    from game.rules.base import RoundResult

    i18n.set_language("ja")
    res = RoundResult((1, 0), "Something new happened.", "Z9", {"contract": "normal"})  # details incomplete
    assert describe_result("bauernschnapsen", res, ["a", "b", "c", "d"]) == "Something new happened."
    assert describe_result("schnapsen", res, ["a", "b"]) == "Something new happened."
    assert join_names(["A", "B", "C"]) == "A、BとC"
    i18n.set_language("en")
    assert join_names(["A", "B", "C"]) == "A, B and C" and join_names(["A"]) == "A" and join_names([]) == ""


def test_rules_markup_blocks():
    from game.rules_markup import Cards, Span, parse_blocks

    blocks = parse_blocks("# Title\n\nOne line\nand more **bold [AH KH]** end.\n\n## Part\n- a [TS]\n- b\n")
    assert [b.kind for b in blocks] == ["title", "para", "section", "bullet", "bullet"]
    assert blocks[1].spans == (Span("One line and more "), Span("bold ", True), Cards(("AH", "KH")),
                               Span(" end."))
    assert blocks[3].spans == (Span("a "), Cards(("TS",)))
    assert parse_blocks("a ** b")[0].spans == (Span("a ** b"),)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_rules_text_parses_into_sections(lang):
    from game.rules_markup import parse_blocks

    i18n.set_language(lang)
    for game in i18n.RULES_GAMES:
        blocks = parse_blocks(i18n.rules_text(game))
        assert blocks[0].kind == "title" and sum(b.kind == "section" for b in blocks) >= 5
        assert not any("**" in b.plain or "{{" in b.plain for b in blocks)


def test_damaged_or_missing_catalogue_falls_back_to_english(monkeypatch, caplog):
    monkeypatch.setitem(i18n._cache, "ja", b"not a catalogue")
    i18n.set_language("ja")
    assert i18n.t("menu.quit") == "Quit" and "cannot read the catalogue" in caplog.text
    monkeypatch.setitem(i18n._cache, "de", None)
    i18n.set_language("de")
    assert i18n.t("menu.quit") == "Quit"
    monkeypatch.undo()
    i18n._cache.pop("ja", None)
    i18n._cache.pop("de", None)
    i18n.set_language("ja")
    assert i18n.t("menu.quit") == "終了"


@pytest.mark.parametrize("dealer", range(4))
def test_bauern_result_names_the_team_that_scored_whoever_dealt(dealer):
    from random import Random

    from game.i18n_results import describe_result
    from game.rules import registry

    rules = registry.get("bauernschnapsen")
    names = ["You", "Left", "Partner", "Right"]
    i18n.set_language("en")
    rng = Random(dealer)
    s = rules.new_round(4, dealer, rng)
    while not rules.is_over(s):
        s, _ = rules.apply(s, rng.choice(rules.legal_moves(s)))
    res = rules.result(s)
    text = describe_result("bauernschnapsen", res, names)
    scorers = [names[q] for q in range(4) if res.points[q] > 0]
    others = [names[q] for q in range(4) if res.points[q] == 0]
    award = text.rsplit(str(res.details["amount"]), 1)[1]  # the part naming who gets the points
    assert all(n in award for n in scorers), text
    assert not any(n in award for n in others), text


# --- issue 22: the catalogues read as written by a careful native speaker -----------------------

#: Messages that read the same in German and English on purpose: names of games, contracts and
#: Austrian terms that English players use as they are, and pure layout strings.
SAME_IN_DE_AND_EN = {
    "app.title", "menu.title", "menu.start", "game.schnapsen", "game.dreierschnapsen", "game.bauernschnapsen",
    "game.schwimmen", "game.schwimmen.short", "seat.name", "summary.bummerl", "sheet.bummerl", "stats.bummerl",
    "term.schneider", "term.kuhreiter", "term.schnauz", "move.turn", "move.kontra", "move.rekontra", "move.subkontra",
    "kontra.kontra", "kontra.rekontra", "kontra.subkontra", "contract.bettler", "contract.schnapser", "contract.gang",
    "contract.zehnergang", "contract.bauernschnapser", "contract.farbengang", "contract.herrenschnapser",
    "value.feuer", "option.retourschneider", "preset.pagat", "lang.en", "lang.de", "speed.normal", "table.talon",
    "table.kontra_question", "fam.call.turn", "fam.label.stats", "fam.status.call", "hint.text", "swim.banner.feuer",
}
#: Latin words a Japanese string may contain: key names, and the German terms the setting names.
JA_LATIN_OK = {"Enter", "Esc", "Ctrl", "Tab", "Atout", "Daus", "Trumpf", "Ass", "zudrehen", "zumachen", "English",
               "Deutsch", "meld"}


def _po_entries(lang: str):
    from compile_catalogs import parse_po

    path = ROOT / "locale" / f"{lang}.po"
    return parse_po(path.read_text(encoding="utf-8"), path.name)


def test_no_message_is_left_untranslated(cats):
    en, de, ja = cats["en"], cats["de"], cats["ja"]
    same = {k for k, v in en.items() if de.get(k) == v and re.search(r"[A-Za-z]{3,}", v)}
    assert same <= SAME_IN_DE_AND_EN, sorted(same - SAME_IN_DE_AND_EN)
    english_in_ja = {k: w for k, v in ja.items()
                     for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^}]*\}", "", v)) if w not in JA_LATIN_OK}
    assert english_in_ja == {}


def test_no_sentence_is_built_from_fragments(cats):
    # plural hacks such as "point(s)", "Punkt(e)"
    for lang in ("en", "de", "ja", "de_DE"):
        hacks = {k: v for k, v in cats[lang].items() if re.search(r"\w\((s|e|n|en)\)", v)}
        assert hacks == {}, lang
    # "{name} deals": a sentence with a player as its subject exists for "you" as well, so that no
    # screen can say "You deals" / "Du gibt"
    en = cats["en"]
    subject_first = {k for k, v in en.items() if re.match(r"\{names?\} [a-z]+s\b", v)}
    never_you = {"table.their_turn", "summary.match_lost", "schwimmen.winner"}  # shown only for others
    you_forms = {k for k in en if ".you" in k or "you_" in k}
    for k in subject_first - never_you:
        base = k.rsplit(".", 1)
        variants = {f"{k}.you", f"{base[0]}.you.{base[1]}", f"{base[0]}.you_{base[1]}"}
        assert variants & you_forms, f"{k} ({en[k]!r}) has no sentence for 'you'"
    assert "schwimmen.winner.you" in en and "summary.match_won" in en


def test_plural_forms_are_present_in_all_three_catalogues():
    counts = {"en": 2, "de": 2, "ja": 1}
    plurals = {}
    for lang, n in counts.items():
        entries = _po_entries(lang)
        header = next(e for e in entries if e.msgid == "")
        assert f"nplurals={n};" in header.msgstr
        plurals[lang] = {e.msgid: e.forms for e in entries if e.plural is not None}
    assert len(plurals["en"]) >= 4
    for lang, n in counts.items():
        assert set(plurals[lang]) == set(plurals["en"]), lang
        for msgid, forms in plurals[lang].items():
            assert len(forms) == n and all(forms), (lang, msgid)
            assert all("{n}" in f for f in forms), (lang, msgid)  # the number is always shown


@pytest.mark.parametrize("lang, one, many", [
    ("en", "1 trick · 1 game point", "2 tricks · 3 game points"),
    ("de", "1 Stich · 1 Punkt", "2 Stiche · 3 Punkte"),
    ("ja", "1トリック · 1ゲーム点", "2トリック · 3ゲーム点"),
])
def test_ngettext_chooses_the_form_for_the_number(lang, one, many):
    i18n.set_language(lang)
    try:
        assert f"{i18n.tn('count.tricks', 1)} · {i18n.tn('count.game_points', 1)}" == one
        assert f"{i18n.tn('count.tricks', 2)} · {i18n.tn('count.game_points', 3)}" == many
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang, you_lose, other_loses, both", [
    ("en", "you lose a life with 9", "Bot 2 loses a life with 9", "you and Bot 2 tie for the lowest hand"),
    ("de", "du verlierst mit 9 ein Leben", "Computer 2 verliert mit 9 ein Leben",
     "du und Computer 2 seid mit 9 gleich niedrig und verliert"),
    ("ja", "あなたが9点でライフを1つ失います", "コンピューター 2が9点でライフを1つ失います", "あなたとコンピューター 2が9点"),
])
def test_results_are_conjugated_for_you_and_for_a_named_player(lang, you_lose, other_loses, both):
    from types import SimpleNamespace

    from game.i18n_results import describe_result
    from game.rules.deal_result import SchwimmenDeal

    i18n.set_language(lang)
    try:
        names = [i18n.t("seat.you"), f"{i18n.t('seat.bot')} 2", f"{i18n.t('seat.bot')} 3"]

        def res(losers):
            d = SchwimmenDeal(hands=("", "", ""), values=("9", "9", "25"), keys=(None, None, None), knocker=2,
                              ended_by="knock", revealers=(), losers=losers)
            return SimpleNamespace(rule="W10", details=d, reason="")

        assert you_lose in describe_result("schwimmen", res((0,)), names, you=0)
        assert other_loses in describe_result("schwimmen", res((1,)), names, you=0)
        assert both in describe_result("schwimmen", res((0, 1)), names, you=0)
    finally:
        i18n.set_language("en")
