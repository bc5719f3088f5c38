"""The key help beside the human's hand: it wraps to two lines instead of running under the cards."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui import text
from game.ui.scenes.table_notice import draw_key_help
from game.ui.text import t


@pytest.fixture
def screen():
    pygame.init()
    return pygame.Surface((1280, 720))  # tests/ui/conftest.py sets English back afterwards


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_the_help_stays_left_of_the_hand(screen, lang):
    i18n.set_language(lang)
    text.set_language(lang)
    help_text = t("table.help")
    left, width = 8, 260  # a narrow gap between the edge and the hand, narrower than the text
    rects = draw_key_help(screen, help_text, (left, 620), 11, width)
    assert all(r.right <= left + width for r in rects)
    assert all(r.height >= 10 for r in rects)  # readable, not shrunk to nothing
    if len(rects) == 2:
        assert rects[1].bottom <= rects[0].top  # the second line sits above the first


def test_a_short_help_stays_one_line(screen):
    rects = draw_key_help(screen, "H hint · U undo", (8, 620), 14, 400)
    assert len(rects) == 1
