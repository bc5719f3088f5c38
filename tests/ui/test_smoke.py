"""``main.py --smoke 2``: the whole app runs headless, a bot plays the human seat through two deals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_smoke_two_deals_exit_zero():
    proc = subprocess.run([sys.executable, "main.py", "--smoke", "2", "--seed", "5"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "smoke: 2 deal(s) played" in proc.stderr


def test_main_returns_nonzero_on_error(monkeypatch):
    sys.path.insert(0, str(ROOT))
    import main

    def boom(self, dt):
        raise RuntimeError("boom")

    from game.ui.scenes.table import TableScene

    monkeypatch.setattr(TableScene, "update", boom)
    assert main.main(["--smoke", "1", "--seed", "1"]) == 1
