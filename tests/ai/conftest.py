"""Fixtures shared by the AI tests: the compiled exact-search core in a test folder."""

from __future__ import annotations

import pytest

from ai import schnapsen_exact


@pytest.fixture(scope="module")
def core(tmp_path_factory):  # type: ignore[no-untyped-def]
    """The C core compiled into a test folder (not the shared cache); the tests that use it are
    skipped only where no C compiler exists (the expert and the partner then use the pure-Python
    search, which tests/ai/test_schnapsen_exact.py covers)."""
    mp = pytest.MonkeyPatch()
    mp.setenv(schnapsen_exact.CACHE_ENV, str(tmp_path_factory.mktemp("core-cache")))
    mp.delenv(schnapsen_exact.SWITCH_ENV, raising=False)
    mp.setattr(schnapsen_exact, "_core", None)
    mp.setattr(schnapsen_exact, "_core_tried", False)
    c = schnapsen_exact.load_core()
    if c is None and schnapsen_exact.find_compiler() is None:
        mp.undo()
        pytest.skip("no C compiler on this machine: the expert and the partner use the pure-Python "
                    "search (tests/ai/test_schnapsen_exact.py covers that fallback)")
    yield c
    mp.undo()
