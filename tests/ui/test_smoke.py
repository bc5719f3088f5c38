"""``main.py --smoke 2``: the whole app runs headless, a bot plays the human seat through two deals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def test_smoke_two_deals_exit_zero():
    proc = subprocess.run([sys.executable, "main.py", "--smoke", "2", "--seed", "5"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_smoke_plays_the_deals_in_process(monkeypatch):
    import main
    from game.ui.scenes.table import TableScene

    seen: list[tuple[int, bool]] = []
    original = TableScene._open_summary

    def spy(self):
        seen.append((self.controller.round_no, self.controller.round_over))
        original(self)

    monkeypatch.setattr(TableScene, "_open_summary", spy)
    assert main.main(["--smoke", "2", "--seed", "9"]) == 0
    assert len(seen) == 2 and all(over for _, over in seen)


def test_main_returns_nonzero_on_error(monkeypatch):
    import main
    from game.ui.scenes.table import TableScene

    def boom(self, dt):
        raise RuntimeError("boom")

    monkeypatch.setattr(TableScene, "update", boom)
    assert main.main(["--smoke", "1", "--seed", "1"]) == 1
