"""Idle CPU: how much of one core the app uses while nothing moves (issue 21).

    xvfb-run -s "-screen 0 1920x1080x24" python benchmarks/idle.py [--seconds 10] [--size 1280x720]

Measured in-process on a real window (run it under Xvfb or a desktop session; the dummy video
driver hides the cost of presenting frames): the menu, and a Schnapsen table waiting for the
player (the human's turn, nothing animating, no bot thinking).  For each, the app's own loop runs
for ``--seconds`` of wall time and the process's CPU time is read before and after.  Prints one
line per screen and last ``menu_pct=… table_pct=…`` (% of one core).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def measure(app, seconds: float) -> tuple[float, int]:  # noqa: ANN001
    """% of one core used by ``app.run`` for ``seconds`` of wall time, and the frames drawn."""
    frames = app.frames
    wall, cpu = time.perf_counter(), time.process_time()
    app.run_for(seconds)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return 100.0 * cpu / wall, app.frames - frames


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--size", default="1280x720")
    args = p.parse_args(argv)
    if args.seconds <= 0:
        p.error("--seconds must be positive")
    w, h = (int(v) for v in args.size.lower().split("x"))

    import pygame

    from game.ui.app import App, AppConfig
    from game.ui.scenes.table import TableScene
    from game.ui.session import install, open_menu

    home = Path(tempfile.mkdtemp(prefix="idle-"))
    cfg = AppConfig(size=(w, h), settings_dir=home / "config", persist=False, speed=1.0, bot_pause=0.0,
                    use_processes=False, seed=5)
    cfg.extra["data_dir"] = home / "data"
    app = App(cfg)
    install(app, cli_lang="en", state_folder=home / "state")
    open_menu(app)
    print(f"video driver: {pygame.display.get_driver()}, window {w}x{h}")
    app.run_for(1.0)  # settle: first frames, fonts
    menu_pct, menu_frames = measure(app, args.seconds)
    print(f"menu: {menu_pct:.1f} % of one core, {menu_frames} frames in {args.seconds:g} s")

    app.scene.start()
    for _ in range(3000):  # until the human's turn with nothing moving
        app.step(1 / 60)
        table = app.scenes[0]
        if (isinstance(table, TableScene) and app.scene is table and table.presenter.idle
                and table.controller.awaiting_human):
            break
    app.run_for(1.0)
    table_pct, table_frames = measure(app, args.seconds)
    print(f"table waiting for the player: {table_pct:.1f} % of one core, {table_frames} frames in {args.seconds:g} s")
    app.shutdown()
    print(f"menu_pct={menu_pct:.2f} table_pct={table_pct:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
