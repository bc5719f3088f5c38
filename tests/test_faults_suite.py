"""A short subset of ``benchmarks/faults.py`` for CI: the real app started in a child process
with one file broken in one way; it must start, tell the player once, lose nothing good and keep
the bad file (the whole 52-case table runs with ``python benchmarks/faults.py``)."""

from __future__ import annotations

import pytest

from tools import faults

CASES = [
    ("settings", "out-of-range"),
    ("settings", "locked"),
    ("save", "wrong types"),
    ("save", "disk full"),
    ("statistics", "locked"),
    ("statistics", "wrong shape"),
    ("statistics", "killed mid-write"),
    ("log", "read-only folder"),
    ("save", "second instance"),
]


@pytest.mark.parametrize(("what", "fault"), CASES, ids=[f"{w}-{f}" for w, f in CASES])
def test_the_app_survives(tmp_path, what, fault):
    r = faults.run_case(what, fault, tmp_path)
    assert r["started"], r["stderr"]
    assert r["told"] == faults.expected_told(what, fault), r["report"]
    assert r["lost"] == [] and r["aside"], r["problems"]
    assert r["survived"], r["problems"]


def test_the_suite_notices_a_lost_file(tmp_path):
    """The checker itself: a good file that vanished is reported as lost."""
    home = tmp_path / "home"
    before = faults.make_home(home)
    faults.paths(home)["statistics"].unlink()
    assert faults.good_data_kept("settings", "garbage", home, before, None) == ["statistics"]
