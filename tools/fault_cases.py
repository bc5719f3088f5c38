"""The homes of ``tools/faults.py`` (``python benchmarks/faults.py``): good files in a fresh temporary home, and each fault
applied to one of them (damaged content, or a real process killed in the middle of a write)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: Content faults: the file is bad and must be kept aside.
DAMAGED = ("empty", "truncated", "garbage", "wrong shape", "wrong types", "out-of-range")
GOOD_SETTINGS = {"language": "de", "deck_style": "german", "volume": 0.4, "window_size": [1100, 700]}




def folders(home: Path) -> dict[str, Path]:
    return {"config": home / "config" / "Kartenstube", "data": home / "data" / "Kartenstube",
            "state": home / "state" / "Kartenstube"}


def paths(home: Path) -> dict[str, Path]:
    f = folders(home)
    return {"settings": f["config"] / "settings.json", "save": f["data"] / "current_match.json",
            "statistics": f["data"] / "stats.sqlite3", "log": f["state"] / "kartenstube.log"}


def env_for(home: Path) -> dict[str, str]:
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_STATE_HOME=str(home / "state"), XDG_CACHE_HOME=str(home / "cache"), TMPDIR=str(home / "tmp"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return env


def good_save() -> dict[str, Any]:
    from game.controller import MatchController
    from game.persistence import match_record

    c = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=4242,
                        bot_pause=0, use_processes=False)
    while len(c.move_log) < 5:
        if c.awaiting_human:
            c.submit(c.legal_moves()[0])
        else:
            c.tick(now=1e9)
    c.match_id = "good-match"  # type: ignore[attr-defined]
    return match_record(c)


def make_home(home: Path) -> dict[str, bytes]:
    """Good files everywhere; returns each file's bytes."""
    from game.stats import Stats

    for folder in folders(home).values():
        folder.mkdir(parents=True)
    (home / "tmp").mkdir()
    p = paths(home)
    p["settings"].write_text(json.dumps(GOOD_SETTINGS), encoding="utf-8")
    p["save"].write_text(json.dumps(good_save()), encoding="utf-8")
    stats = Stats(p["statistics"])
    for r in range(3):
        stats.record_deal("schnapsen", ["human", "player"], 0, [2, 0], round_no=r, match_seed=1, match_uid="old")
    stats.record_match("schnapsen", ["human", "player"], 0, [7, 3], [0], [0, 1], deals=3, match_uid="old")
    stats.close()
    p["log"].write_text("the previous run's log line\n", encoding="utf-8")
    return {name: path.read_bytes() for name, path in p.items()}


def damage(what: str, fault: str, path: Path, good: bytes) -> bytes | None:
    """Write the damaged content of a content fault; returns it (None: file removed)."""
    if fault == "missing":
        path.unlink()
        return None
    if fault == "empty":
        content = b""
    elif fault == "truncated":
        content = good[: len(good) // 2]
    elif fault == "garbage":
        content = bytes((i * 37 + 11) % 256 for i in range(3000))
    elif what == "statistics":
        return _bad_database(path, fault)  # changed in place
    elif what == "log":
        content = {"wrong shape": b"[1, 2, 3]\n", "wrong types": b"\x00\x01 binary \xff\n",
                   "out-of-range": b"x" * 3_000_000}[fault]
    else:
        data = json.loads(good)
        if what == "settings":
            data = {"wrong shape": ["language", "de"], "wrong types": {**data, "window_size": "abc", "volume": "loud"},
                    "out-of-range": {**data, "window_size": [20000, 20000], "volume": 7}}[fault]
        else:
            if fault == "wrong shape":
                data = {**data, "moves": {"0": "play AH"}}
            elif fault == "wrong types":
                data = {**data, "players": "two", "human_seat": "0"}
            else:
                data = {**data, "human_seat": 5}
        content = json.dumps(data).encode()
    path.write_bytes(content)
    return content


def _bad_database(path: Path, fault: str) -> bytes:
    conn = sqlite3.connect(path)
    if fault == "wrong shape":
        conn.execute("CREATE TABLE sidebar (x)")  # harmless extra, plus a deals table of the wrong shape
        conn.execute("ALTER TABLE deals RENAME TO deals_old")
        conn.execute("CREATE TABLE deals (id INTEGER PRIMARY KEY, what TEXT)")
        conn.execute("INSERT INTO deals (what) VALUES ('a foreign row')")
        conn.execute("DROP TABLE deals_old")
    elif fault == "wrong types":
        conn.execute("UPDATE deals SET game_points = 'lots', points = 'many' WHERE round_no = 0")
    else:
        conn.execute("PRAGMA user_version = 99")  # a newer version's database
    conn.commit()
    conn.close()
    return path.read_bytes()


def kill_mid_write(what: str, path: Path, home: Path) -> None:
    """A real process killed (SIGKILL) in the middle of writing ``path``."""
    if what == "statistics":
        code = (f"import sqlite3, os\nc = sqlite3.connect({str(path)!r})\nc.execute('PRAGMA cache_size = 1')\n"
                "c.execute('BEGIN IMMEDIATE')\n"
                "for i in range(3000):\n"
                "    c.execute(\"INSERT INTO deals (game, level, levels, players, seat, round_no, result, game_points,"
                " points, finished_at, match_uid) VALUES ('x','x','[]',2,0,?,'won',1,'[]',0,'killed')\", (i,))\n"
                "os.kill(os.getpid(), 9)\n")
    elif what == "log":
        code = (f"import os\nf = open({str(path)!r}, 'a')\nf.write('a line cut in the mid')\nf.flush()\n"
                "os.kill(os.getpid(), 9)\n")
    else:
        code = ("import os, tempfile\n"
                f"fd, tmp = tempfile.mkstemp(prefix={path.name + '.'!r}, suffix='.tmp', dir={str(path.parent)!r})\n"
                "os.write(fd, b'{\"half\": ')\nos.kill(os.getpid(), 9)\n")
    subprocess.run([sys.executable, "-c", code], env=env_for(home), timeout=60)


