"""Fault-injection suite in the manner of SQLite's own tests: every file the app keeps, crossed
with every way it can go wrong, each case a real start of the app.

    python benchmarks/faults.py [--files settings,save,statistics,log] [--faults missing,garbage,...]

Files: settings, save, statistics, log.  Faults: missing, empty, truncated, garbage, wrong shape,
wrong types, out-of-range, read-only file, read-only folder, locked, disk full, killed
mid-write, second instance.  For each pair a fresh home (temporary HOME, XDG folders and TMPDIR)
gets good files, the fault is applied to one of them, and ``main.py`` runs in a child process
with SDL's dummy drivers: it starts, shows the menu, resumes the saved match (or deals a new
one), plays until a deal is over, and quits (``tools/fault_inject.py`` puts read-only
files, locks and full disks in that process the way the OS reports them to a normal user).

Per case it checks: the app started (exit 0; a second instance: exit 0 with one line and not
a byte changed); the player was told exactly as often as the case calls for (each problem
once: a menu notice, the bad-save dialog or a notice at the table); no good data was lost
(every good file is still there, byte for byte or by content: the settings' values, the
saved match's moves, every statistics row, the old log); the bad file was kept aside.
One row per case, then ``faults=N survived=N lost=0``.  Exit code 0 when every case survived.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.fault_cases import (  # noqa: E402
    DAMAGED,
    GOOD_SETTINGS,
    damage,
    env_for,
    kill_mid_write,
    make_home,
    paths,
)

FILES = ("settings", "save", "statistics", "log")
FAULTS = ("missing", "empty", "truncated", "garbage", "wrong shape", "wrong types", "out-of-range",
          "read-only file", "read-only folder", "locked", "disk full", "killed mid-write", "second instance")
REPORT = "FAULTS-REPORT "


# --- the child: the real app with the fault injected ------------------------------------------


def child(home: Path, what: str, fault: str) -> int:
    from tools import fault_inject as inject

    p = paths(home)
    target = p[what]
    if fault == "read-only file":
        inject.refuse_writes(inject.named(target), renames=False)
    elif fault == "read-only folder":
        inject.refuse_writes(inject.in_folder(target.parent))
    elif fault == "locked" and what != "statistics":  # statistics: a real lock held by the parent
        inject.refuse_writes(inject.named(target), reads=True)
    elif fault == "disk full":
        if what == "statistics":
            inject.sqlite_disk_full()
        elif what == "log":
            inject.log_disk_full()
        else:
            import errno

            inject.refuse_writes(inject.named(target, prefix=True), code=errno.ENOSPC, renames=False)
    import main
    from game.ui import app as app_mod
    from game.ui import widgets

    told: list[str] = []
    real_notify = widgets.StatusLine.notify

    def notify(self: Any, text: str, *args: Any, **kwargs: Any) -> None:
        told.append(text)
        real_notify(self, text, *args, **kwargs)

    widgets.StatusLine.notify = notify  # type: ignore[method-assign]
    report: dict[str, Any] = {}

    def run(self: Any, max_frames: int | None = None) -> int:
        for _ in range(5):
            self.step(0.1)
        s = self.session
        top = self.scene
        report["notices"] = [key for key, _ in s.notices] if s is not None else []
        report["dialog"] = getattr(top, "message", None) if type(top).__name__ == "DialogScene" else None
        report["resumable"] = s is not None and s.resumable is not None
        if report["dialog"]:
            self.pop()
        if s is not None and s.resumable is not None:
            s.resume()
        else:
            self.scenes[0].start()
        deal_over = False
        for _ in range(6000):
            self.step(0.1)
            table = s.table() if s is not None else None
            c = getattr(table, "controller", None)
            if c is None:
                continue
            if c.round_over:
                deal_over = True
                break
            if c.awaiting_human and table.presenter.idle and self.scene is table:
                legal = c.legal_moves()  # a doubtful claim of 66 would ask first: play on instead
                table.perform(next((m for m in legal if m.kind != "declare"), legal[0]))
        report["deal_over"] = deal_over
        report["table_notices"] = list(told)
        self.shutdown()
        return int(self.exit_code)

    app_mod.App.run = run  # type: ignore[method-assign]
    code = main.main([])
    if report:  # a second instance never ran the app
        print(REPORT + json.dumps(report), flush=True)
    return code


# --- the parent: one case ---------------------------------------------------------------------


def expected_told(what: str, fault: str) -> int:
    """How often the player must be told: once for each problem they should know about."""
    if what == "log":
        return 0  # the log is ours, not the player's: problems go to stderr
    if what == "statistics" and fault == "read-only file":
        return 1  # shown read-only, and the player is told new results are not kept
    if fault in ("missing", "read-only file", "killed mid-write", "second instance"):
        return 0
    if what == "statistics" and fault in ("empty", "wrong types"):
        return 0  # an empty file is an empty database; text in a number column reads as 0
    if fault == "disk full" and what in ("settings", "statistics"):
        # nothing is written at start, and one deal's row still fits the statistics file's free
        # pages (a result that cannot be written is said once at the table: tests/ui/test_journey.py)
        return 0
    return 1


def snapshot(home: Path) -> dict[str, bytes]:
    return {str(q.relative_to(home)): q.read_bytes() for q in sorted(home.rglob("*")) if q.is_file()}


def good_data_kept(what: str, fault: str, home: Path, before: dict[str, bytes], damaged: bytes | None) -> list[str]:
    """What was lost: each good file must be there byte for byte somewhere in the home, or by
    content (the settings' values, the saved moves as a prefix, every statistics row)."""
    everything = [q for q in home.rglob("*") if q.is_file()]
    contents = {q.read_bytes() for q in everything if q.stat().st_size < 10_000_000}
    lost = []
    p = paths(home)
    for name, good in before.items():
        if name == what and fault in DAMAGED + ("missing",):
            continue  # the bad file itself: checked as "kept aside"
        if good in contents:
            continue
        if name == "settings" and _settings_kept(p[name]):
            continue
        if name == "save" and _moves_kept(p[name], json.loads(good)["moves"]):
            continue
        if name == "statistics" and _rows_kept(everything):
            continue
        if name == "log" and any(b"the previous run's log line" in c for c in contents):
            continue
        lost.append(name)
    return lost


def _settings_kept(path: Path) -> bool:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return all(data.get(k) == v for k, v in GOOD_SETTINGS.items() if k != "window_size")


def _moves_kept(path: Path, moves: list[Any]) -> bool:
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))["moves"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return saved[: len(moves)] == moves


def _rows_kept(files: list[Path]) -> bool:
    """The three old deals and their match are in some database file."""
    for q in files:
        if not q.name.startswith("stats.sqlite3") or q.name.endswith(("-journal", "-wal", "-shm")):
            continue
        try:
            conn = sqlite3.connect(f"file:{q}?mode=ro", uri=True)
            deals = conn.execute("SELECT COUNT(*) FROM deals WHERE match_uid = 'old'").fetchone()[0]
            matches = conn.execute("SELECT COUNT(*) FROM matches WHERE match_uid = 'old'").fetchone()[0]
            conn.close()
        except sqlite3.Error:
            continue
        if deals == 3 and matches == 1:
            return True
    return False


def kept_aside(what: str, fault: str, home: Path, damaged: bytes | None) -> bool:
    if fault not in DAMAGED or damaged is None:
        return True
    if what == "log":  # the old log is rotated to kartenstube.log.1, not "bad"; an empty one is reused
        return fault == "empty" or any(q.read_bytes() == damaged for q in home.rglob("kartenstube.log*"))
    if what == "statistics" and fault == "wrong shape":
        conn = sqlite3.connect(paths(home)["statistics"])
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        rows = [conn.execute(f"SELECT what FROM {t}").fetchall() for t in tables if t.startswith("deals_aside_")]
        conn.close()
        return rows == [[("a foreign row",)]]
    if what == "statistics" and fault in ("wrong types", "empty", "out-of-range"):
        return True  # still the player's database, used as it is (out-of-range: a newer version, read only)
    target = paths(home)[what]
    return any(q != target and q.read_bytes() == damaged for q in home.rglob("*") if q.is_file())


def run_case(what: str, fault: str, work: Path) -> dict[str, Any]:
    home = work / f"{what}-{fault.replace(' ', '-')}"
    before = make_home(home)
    target = paths(home)[what]
    damaged: bytes | None = None
    holder: subprocess.Popen[str] | None = None
    lock_conn: sqlite3.Connection | None = None
    if fault in DAMAGED or fault == "missing":
        damaged = damage(what, fault, target, before[what])
    elif fault == "killed mid-write":
        kill_mid_write(what, target, home)
    elif fault == "second instance":
        holder = subprocess.Popen([sys.executable, "-c", "import sys\nfrom game import instance\n"
                                   "from game.resources import data_dir\nassert instance.acquire(data_dir())\n"
                                   "print('held', flush=True)\nsys.stdin.readline()\n"],
                                  env=env_for(home), cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    files_before = snapshot(home)
    if fault == "locked" and what == "statistics":
        # after the snapshot: closing any descriptor of the file would drop this process's lock (POSIX)
        lock_conn = sqlite3.connect(target, isolation_level=None)
        lock_conn.execute("BEGIN EXCLUSIVE")
    t0 = time.perf_counter()
    try:
        proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", str(home), what, fault],
                              env=env_for(home), cwd=ROOT, capture_output=True, text=True, timeout=600)
    finally:
        if holder is not None:
            holder.communicate("\n", timeout=60)
        if lock_conn is not None:
            lock_conn.execute("COMMIT")
            lock_conn.close()
    seconds = time.perf_counter() - t0
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith(REPORT)]
    report = json.loads(lines[-1][len(REPORT):]) if lines else None
    problems: list[str] = []
    if fault == "second instance":
        started = proc.returncode == 0 and "already running" in proc.stderr and report is None
        told = 0 if started else -1
        if snapshot(home) != files_before:
            problems.append("the second instance touched files")
    else:
        started = proc.returncode == 0 and report is not None and report.get("deal_over", False)
        told = -1 if report is None else (len(report["notices"]) + bool(report["dialog"])
                                           + len(report["table_notices"]))
    if "Traceback" in proc.stderr:
        problems.append("a traceback on stderr")
    if told != expected_told(what, fault):
        problems.append(f"told {told}x, expected {expected_told(what, fault)}")
    lost = good_data_kept(what, fault, home, before, damaged)
    aside = kept_aside(what, fault, home, damaged)
    if not aside:
        problems.append("the bad file was not kept")
    leftovers = [q.name for q in home.rglob("*.tmp")]
    if leftovers:
        problems.append(f"leftovers {leftovers}")
    survived = started and not problems and not lost
    return {"file": what, "fault": fault, "started": started, "told": told, "lost": lost, "aside": aside,
            "survived": survived, "problems": problems, "seconds": seconds, "stderr": proc.stderr[-2000:],
            "report": report}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", default=",".join(FILES))
    ap.add_argument("--faults", default=",".join(FAULTS))
    ap.add_argument("--keep", action="store_true", help="keep the homes of the cases (printed)")
    ap.add_argument("--child", nargs=3, metavar=("HOME", "FILE", "FAULT"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        home, what, fault = args.child
        return child(Path(home), what, fault)
    files = [f for f in args.files.split(",") if f]
    faults = [f for f in args.faults.split(",") if f]
    unknown = [f for f in files if f not in FILES] + [f for f in faults if f not in FAULTS]
    if unknown:
        ap.error(f"unknown file or fault: {', '.join(unknown)}")
    work = Path(tempfile.mkdtemp(prefix="faults-"))
    print(f"{'file':11s} {'fault':17s} {'started':8s} {'told':5s} {'lost':10s} {'aside':6s} {'secs':>5s}  result")
    rows = []
    for what in files:
        for fault in faults:
            r = run_case(what, fault, work)
            rows.append(r)
            verdict = "survived" if r["survived"] else "FAILED " + "; ".join(r["problems"] + [f"lost {x}" for x in r["lost"]])
            print(f"{what:11s} {fault:17s} {'yes' if r['started'] else 'NO':8s} {r['told']:<5d} "
                  f"{','.join(r['lost']) or '-':10s} {'yes' if r['aside'] else 'NO':6s} {r['seconds']:5.1f}  {verdict}",
                  flush=True)
            if not r["survived"]:
                print("    stderr: " + r["stderr"].strip().replace("\n", "\n    stderr: ")[-1500:])
    survived = sum(r["survived"] for r in rows)
    lost = sum(len(r["lost"]) for r in rows)
    if args.keep:
        print(f"homes kept in {work}")
    else:
        import shutil

        shutil.rmtree(work, ignore_errors=True)
    print(f"faults={len(rows)} survived={survived} lost={lost}")
    return 0 if survived == len(rows) and lost == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
