"""One app per data folder (issue 25): a second copy says Kartenstube is already running and
exits cleanly, touching nothing; the lock goes with the process that held it."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def env_for(home: Path) -> dict[str, str]:
    env = dict(os.environ, HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"),
               XDG_CACHE_HOME=str(home / "cache"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TMPDIR=str(home / "tmp"))
    (home / "tmp").mkdir(parents=True, exist_ok=True)
    return env


HOLDER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {root!r})
    from game import instance
    from game.resources import data_dir
    assert instance.acquire(data_dir())
    print("held", flush=True)
    sys.stdin.readline()
""")


def snapshot(home: Path) -> dict[str, bytes]:
    return {str(p.relative_to(home)): p.read_bytes() for p in sorted(home.rglob("*")) if p.is_file()}


def test_a_second_copy_says_so_and_touches_nothing(tmp_path):
    home = tmp_path / "home"
    env = env_for(home)
    holder = subprocess.Popen([sys.executable, "-c", HOLDER.format(root=str(ROOT))], env=env, cwd=ROOT,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        data = next(home.rglob("kartenstube.lock")).parent
        (data / "current_match.json").write_text("the first copy's match", encoding="utf-8")
        before = snapshot(home)
        second = subprocess.run([sys.executable, "main.py"], env=env, cwd=ROOT, capture_output=True, text=True,
                                timeout=60)
        assert second.returncode == 0
        err = second.stderr.strip()
        assert "already running" in err and len(err.splitlines()) == 1 and "Traceback" not in err
        assert snapshot(home) == before  # not a log line, not a settings file
    finally:
        holder.communicate("\n", timeout=30)
    # the holder is gone: the lock went with it
    from game import instance

    assert instance.acquire(data) is True
    instance.release()
