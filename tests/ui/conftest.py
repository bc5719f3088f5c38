"""UI tests: every test leaves the language as it found it (English), whatever it switched to."""

from __future__ import annotations

import pytest

from game import i18n


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en", german_terms=False)
    from game.ui import text

    text.set_language("en")
