"""Statistics that are exact and never hidden (issue 25): corrupt, busy and read-only kept apart,
schema versions migrated, a table of the wrong shape set aside on its own, and every deal and
match recorded exactly once under the match's stable id."""

from __future__ import annotations

import gc
import json
import sqlite3
from pathlib import Path

import pytest

from game import stats_db
from game.controller import MatchController
from game.stats import Stats

LV = ["human", "player"]

#: The version-1 schema as shipped before issue 25 (no match_uid, no unique keys).
V1 = """
CREATE TABLE deals (id INTEGER PRIMARY KEY, match_id INTEGER REFERENCES matches(id), match_seed INTEGER,
    game TEXT NOT NULL, level TEXT NOT NULL, levels TEXT NOT NULL, players INTEGER NOT NULL, seat INTEGER NOT NULL,
    round_no INTEGER NOT NULL, result TEXT NOT NULL, game_points INTEGER NOT NULL, points TEXT NOT NULL,
    contract TEXT, declarer INTEGER NOT NULL DEFAULT 0, made INTEGER, closes INTEGER NOT NULL DEFAULT 0,
    melds INTEGER NOT NULL DEFAULT 0, lives_lost INTEGER NOT NULL DEFAULT 0, undo_used INTEGER NOT NULL DEFAULT 0,
    rule TEXT NOT NULL DEFAULT '', reason TEXT NOT NULL DEFAULT '', finished_at REAL NOT NULL);
CREATE TABLE matches (id INTEGER PRIMARY KEY, match_seed INTEGER, game TEXT NOT NULL, level TEXT NOT NULL,
    levels TEXT NOT NULL, players INTEGER NOT NULL, seat INTEGER NOT NULL, won INTEGER NOT NULL,
    scores TEXT NOT NULL, bummerl INTEGER NOT NULL, deals INTEGER NOT NULL, undo_used INTEGER NOT NULL DEFAULT 0,
    finished_at REAL NOT NULL);
PRAGMA user_version = 1;
"""


@pytest.fixture(autouse=True)
def quick_busy(monkeypatch):
    monkeypatch.setattr(stats_db, "BUSY_TIMEOUT", 0.05)


def deal(stats: Stats, uid: str | None, round_no: int, gp: int = 2):
    return stats.record_deal("schnapsen", LV, 0, [gp, 0], round_no=round_no, match_seed=1, match_uid=uid)


def test_recording_twice_is_harmless(tmp_path):
    s = Stats(tmp_path / "s.sqlite3")
    assert deal(s, "m1", 0) is not None
    assert deal(s, "m1", 0) is None  # the same deal again: ignored
    assert deal(s, "m1", 1) is not None and deal(s, "m2", 0) is not None
    assert s.record_match("schnapsen", LV, 0, [7, 0], [0], [0, 1], deals=2, match_uid="m1") is not None
    assert s.record_match("schnapsen", LV, 0, [7, 0], [0], [0, 1], deals=2, match_uid="m1") is None
    assert len(s.deals()) == 3 and len(s.matches()) == 1
    mid = s.matches()[0]["id"]
    assert [d["match_id"] for d in s.deals()] == [mid, mid, None]


def test_a_version_1_database_is_migrated_with_its_rows(tmp_path):
    path = tmp_path / "s.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(V1)
    conn.execute("INSERT INTO deals (game, level, levels, players, seat, round_no, result, game_points, points,"
                 " finished_at) VALUES ('schnapsen', 'player', '[]', 2, 0, 0, 'won', 3, '[3, 0]', 1.0)")
    conn.commit()
    conn.close()
    s = Stats(path)
    assert s.check() is None
    assert [d["game_points"] for d in s.deals()] == [3]
    assert deal(s, "m1", 0) is not None and deal(s, "m1", 0) is None  # the unique key is there
    s.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == stats_db.SCHEMA_VERSION
    conn.close()


def test_a_table_of_the_wrong_shape_is_set_aside_alone(tmp_path):
    path = tmp_path / "s.sqlite3"
    good = Stats(path)
    deal(good, "m1", 0)
    good.record_match("schnapsen", LV, 0, [7, 0], [0], [0, 1], deals=1, match_uid="m1")
    good.close()
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE deals")
    conn.execute("CREATE TABLE deals (id INTEGER PRIMARY KEY, what TEXT)")
    conn.execute("INSERT INTO deals (what) VALUES ('a foreign row')")
    conn.commit()
    conn.close()
    s = Stats(path)
    problem = s.check()
    assert problem is not None and problem[0] == "notice.stats_table_aside"
    assert len(s.matches()) == 1  # the good table and its row stay
    assert s.deals() == [] and deal(s, "m2", 0) is not None
    aside = problem[1]["tables"]
    assert aside.startswith("deals_aside_")
    assert s._open().execute(f"SELECT what FROM {aside}").fetchall() == [("a foreign row",)]
    assert path.exists() and not list(tmp_path.glob("*.corrupt-*"))


@pytest.mark.parametrize("content", [b"garbage, not a database" * 100, b"SQLite format 3\x00" + b"\x07" * 5000])
def test_a_corrupt_database_is_set_aside_and_a_fresh_one_started(tmp_path, content):
    path = tmp_path / "s.sqlite3"
    path.write_bytes(content)
    s = Stats(path)
    problem = s.check()
    assert problem is not None and problem[0] == "notice.stats_corrupt"
    aside = Path(problem[1]["path"])
    assert aside.read_bytes() == content
    assert deal(s, "m1", 0) is not None and len(s.deals()) == 1


def test_a_truncated_database_is_set_aside(tmp_path):
    path = tmp_path / "s.sqlite3"
    s = Stats(path)
    for r in range(200):
        deal(s, "m1", r)
    s.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    again = Stats(path)
    problem = again.check()
    assert problem is not None and problem[0] == "notice.stats_corrupt"
    assert Path(problem[1]["path"]).read_bytes() == data[: len(data) // 2]


def test_a_busy_database_is_read_only_for_a_while_and_catches_up(tmp_path, monkeypatch):
    from game import stats as stats_mod

    monkeypatch.setattr(stats_mod, "RETRY_SECONDS", 0.0)  # time enough has passed at every deal
    path = tmp_path / "s.sqlite3"
    first = Stats(path)
    deal(first, "m1", 0)
    first.close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another process holds the lock
    s = Stats(path)
    assert s.check() == ("notice.stats_busy", {})
    assert not s.writable
    assert deal(s, "m1", 1) is None  # kept for later, not lost, not a crash
    assert path.exists() and not list(tmp_path.glob("*.corrupt-*"))  # never declared corrupt
    other.execute("COMMIT")
    other.close()
    assert deal(s, "m1", 2) is not None  # the lock is gone: the waiting deal is written first
    assert sorted(d["round_no"] for d in s.deals()) == [0, 1, 2]


def test_a_read_only_database_is_shown_and_not_changed(tmp_path, monkeypatch):
    path = tmp_path / "s.sqlite3"
    first = Stats(path)
    deal(first, "m1", 0)
    first.close()
    before = path.read_bytes()
    # the tests run as root, whom file modes do not stop: say "read-only" as the OS would
    monkeypatch.setattr(stats_db, "_can_write", lambda p: False)
    s = Stats(path)
    assert s.check() == ("notice.stats_read_only", {"path": str(path)})
    assert len(s.deals()) == 1 and s.summary()[0].deals == 1  # shown
    assert deal(s, "m1", 1) is None
    s.close()
    assert path.read_bytes() == before and not list(tmp_path.glob("*.corrupt-*"))


def test_a_database_from_a_newer_version_is_only_read(tmp_path):
    path = tmp_path / "s.sqlite3"
    first = Stats(path)
    deal(first, "m1", 0)
    first.close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    s = Stats(path)
    assert s.check() == ("notice.stats_newer", {})
    assert len(s.deals()) == 1 and deal(s, "m1", 1) is None


def test_many_matches_in_one_session_are_each_recorded_exactly_once(tmp_path):
    """Finished controllers are dropped and new ones made, as the table does: Python then reuses
    their addresses, which must not hide a single deal or match."""
    from tests.ui.test_comforts import make_app

    app = make_app(tmp_path)
    session = app.session
    expected_deals: list[tuple[str, int]] = []
    expected_matches: list[str] = []
    for n in range(30):
        c = MatchController("schwimmen", 3, human_seat=None, levels=["beginner"] * 3, master_seed=100 + n,
                            bot_pause=0.0, use_processes=False)
        c.on_change = session._on_change
        now = 0.0
        while not c.match_over:
            now += 1.0
            if c.round_over:
                c.next_round()
            c.tick(now)
        session._on_change(c)  # a second notice of the same end changes nothing
        uid = c.match_id
        expected_deals += [(uid, r) for r in range(len(c.match.history))]
        expected_matches.append(uid)
        del c
        gc.collect()
    stats = Stats(tmp_path / "data" / "stats.sqlite3")
    deals = sorted((d["match_uid"], d["round_no"]) for d in stats.deals())
    assert deals == sorted(expected_deals)
    assert sorted(m["match_uid"] for m in stats.matches()) == sorted(expected_matches)
    assert all(json.loads(m["scores"]) is not None for m in stats.matches())
    app.shutdown()


def test_deals_finished_while_saving_fails_still_reach_the_statistics(tmp_path, monkeypatch):
    from tests.ui.test_comforts import make_app

    app = make_app(tmp_path)
    session = app.session

    def broken(c):
        raise RuntimeError("the save path broke")

    monkeypatch.setattr(session, "_save", broken)
    c = MatchController("schnapsen", 2, human_seat=None, levels=["beginner"] * 2, master_seed=8,
                        bot_pause=0.0, use_processes=False)
    c.on_change = session._on_change
    now = 0.0
    while not c.match_over:
        now += 1.0
        if c.round_over:
            c.next_round()
        c.tick(now)
    stats = Stats(tmp_path / "data" / "stats.sqlite3")
    assert len(stats.deals()) == len(c.match.history) and len(stats.matches()) == 1
    app.shutdown()


def test_a_busy_database_is_not_retried_at_every_deal(tmp_path, monkeypatch):
    """Each try may wait in the frame loop: a still-busy database is tried again only after a while."""
    from game import stats as stats_mod

    path = tmp_path / "s.sqlite3"
    Stats(path).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    tries: list[int] = []
    real = stats_db.open_db
    monkeypatch.setattr(stats_db, "open_db", lambda p, tries_=0, **k: tries.append(1) or real(p, k.get("tries", tries_)))
    s = Stats(path)
    s.check()
    for r in range(5):
        deal(s, "m", r)
    assert len(tries) == 2  # the first open, then one retry within RETRY_SECONDS
    monkeypatch.setattr(stats_mod, "RETRY_SECONDS", 0.0)
    other.execute("COMMIT")
    other.close()
    s._retry_at = 0.0
    assert deal(s, "m", 5) is not None and len(s.deals()) == 6
