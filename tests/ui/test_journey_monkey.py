"""The journey monkey (tools/journey.py) in CI: a short seeded journey through every screen finds
no exception and no lost match; and its loss check is real: with the question before a new match
switched off, it reports the matches that were dropped."""

from __future__ import annotations

import pytest

from tools.journey import Journey


def test_a_short_journey_reaches_the_screens_without_exceptions_or_lost_matches() -> None:
    result = Journey(20261125).run(2500)
    assert result.exceptions == 0, "\n".join(p.line() for p in result.problems[:5]) + "\n" + (
        result.problems[0].text if result.problems else "")
    assert result.lost == 0, "\n".join(p.line() for p in result.problems[:5])
    assert {"MenuScene", "NewGameScene", "DialogScene"} <= result.screens
    assert sum(s.startswith("TableScene:") for s in result.screens) >= 3
    assert result.counts.get("moves", 0) >= 100


def test_the_journey_notices_a_match_dropped_without_a_question(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import match_guard

    monkeypatch.setattr(match_guard.MatchGuard, "confirm_new_match", lambda self, start: start())
    result = Journey(20261125).run(2500)
    assert result.lost > 0
