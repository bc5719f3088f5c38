"""The monkey test (issue 10): the real app under the dummy video driver, driven by seeded random
input through the menu into every game, must survive 5,000 events per game without a single
exception, raised or logged.  ``tools.monkey`` documents what the monkey does; the longer run is
``python benchmarks/monkey.py``.

A failure names the seed, game, player count and event index: rerun that one with
``python benchmarks/monkey.py --seed S --game G --players P --events <index + 1>``.
"""

from __future__ import annotations

import pytest

from tools.monkey import Monkey

EVENTS_PER_GAME = 5000
SEED = 20261121
#: Schwimmen shares its 5,000 events between several table sizes.
CASES = [
    ("schnapsen", (2,)),
    ("dreierschnapsen", (3,)),
    ("bauernschnapsen", (4,)),
    ("schwimmen", (2, 4, 6, 9)),
]


def _report(crashes: list) -> str:
    lines = [c.line() for c in crashes[:10]]
    return "\n".join(lines) + "\n\nfirst traceback:\n" + crashes[0].trace


@pytest.mark.parametrize("game_id,counts", CASES, ids=[c[0] for c in CASES])
def test_monkey_finds_no_exception(game_id: str, counts: tuple[int, ...]) -> None:
    per = EVENTS_PER_GAME // len(counts)
    events = moves = deals = 0
    for players in counts:
        result = Monkey(SEED, game_id, players).run(per)
        assert not result.crashes, _report(result.crashes)
        events += result.events
        moves += result.counts.get("moves", 0)
        deals += result.counts.get("deals", 0)
    assert events == per * len(counts)
    # The monkey must actually play, not just bang on the menu: moves made and deals finished.
    assert moves >= events // 20, (moves, events)
    assert deals >= 2, deals


def test_monkey_is_reproducible() -> None:
    """The same seed gives the same run (so a reported seed and index reproduce a crash)."""
    a = Monkey(7, "schnapsen", 2).run(300)
    b = Monkey(7, "schnapsen", 2).run(300)
    assert a.counts == b.counts
    assert a.frames == b.frames
