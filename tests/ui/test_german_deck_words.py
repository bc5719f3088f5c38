"""Issue 22: with the German pack the table names cards and suits the German way (no ♦, no Q),
the card backs carry German pips, and the key help names only what the contract allows."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.cards import Suit, card
from game.ui import text
from game.ui.scenes.table_family import play_help_key
from game.ui.scenes.table_family_text import suit_symbol


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")
    text.set_language("en")


@pytest.mark.parametrize("lang, ober, bells", [
    ("en", "ober of hearts", "bells"), ("de", "Herz-Ober", "Schellen"), ("ja", "ハートのオーバー", "鈴")])
def test_status_names_follow_the_deck(lang, ober, bells):
    i18n.set_language(lang)
    text.set_language(lang)
    assert text.card_name(card("QH"), "german") == ober
    assert text.card_name(card("QH"), "french") == "Q♥"  # the French pack keeps the short symbol form
    assert suit_symbol("D", "german") == bells and suit_symbol("D") == "♦"
    assert text.suit_name(Suit.DIAMONDS, "german") == bells
    for style_text in (text.card_name(card("QD"), "german"), suit_symbol("D", "german")):
        assert "♦" not in style_text and "Karo" not in style_text and "Q" not in style_text


def test_german_backs_show_german_pips():
    pygame.init()
    from game.ui.cardart import CardArt

    art = CardArt()
    fr = art.render_back(90, "classic_red", "french")
    de = art.render_back(90, "classic_red", "german")
    assert fr.get_size() == de.get_size()
    assert pygame.image.tobytes(fr, "RGBA") != pygame.image.tobytes(de, "RGBA")
    # the French styles share one back
    assert pygame.image.tobytes(art.render_back(90, "classic_red", "french4"), "RGBA") == \
        pygame.image.tobytes(fr, "RGBA")


@pytest.mark.parametrize("contract, key", [
    ("normal", "fam.help.play"), (None, "fam.help.play"), ("schnapser", "fam.help.play_meld"),
    ("kontraschnapser", "fam.help.play_meld"), ("bettler", "fam.help.play_plain"), ("gang", "fam.help.play_plain"),
    ("herrenschnapser", "fam.help.play_plain"),
])
def test_key_help_names_only_what_the_contract_allows(contract, key):
    assert play_help_key(contract) == key
    plain = i18n.t("fam.help.play_plain")
    assert "meld" not in plain.lower() and "declare" not in plain.lower() and "marriage" not in plain.lower()
