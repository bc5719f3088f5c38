"""Frame-time benchmark: one fully animated Schnapsen deal at normal speed, headless.

    python benchmarks/frames.py [--size 1280x720] [--deals 1] [--game schwimmen --players 9]

Runs the real app (menu, then the table) under SDL's dummy video driver at 60 fps with the
bot thinking in its worker process and normal animation speed; a simple bot makes the human
seat's moves.  Prints the median and 99th-percentile time of a frame (events + update + draw +
flip, without the wait for the next tick) and the time from process start to the first drawn
frame.  The last line is ``p50_ms=… p99_ms=… first_frame_s=…``.  A script, not a test
(ARCHITECTURE.md style 9).
"""

from __future__ import annotations

import time

START = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


PROFILE = bool(os.environ.get("FRAMES_VERBOSE"))


def process_age() -> float:
    """Seconds since this process started (Linux /proc), else since this script started."""
    try:
        with open("/proc/self/stat") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return time.perf_counter() - START


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1280x720")
    p.add_argument("--deals", type=int, default=1)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--game", default="schnapsen",
                   choices=["schnapsen", "dreierschnapsen", "bauernschnapsen", "schwimmen"])
    p.add_argument("--players", type=int, default=None, help="e.g. --game schwimmen --players 9")
    args = p.parse_args()
    w, h = (int(x) for x in args.size.split("x"))

    from game.ui.app import FPS, App, AppConfig
    from game.ui.scenes.menu import MenuScene

    app = App(AppConfig(size=(w, h), persist=False, seed=args.seed, use_processes=True, bot_pause=0.6,
                        game_id=args.game, players=args.players))
    menu = MenuScene(app)
    app.push(menu)
    app.step(0.0)
    first_frame = process_age()
    first_cpu = time.process_time()
    app.step(1 / FPS)
    menu.start()  # the table opens as if Enter were pressed
    table: Any = app.scene
    table.autoplay = True  # a simple bot makes the human seat's moves, through the same path as a click
    table.auto_agent()  # the stand-in for the human is made before timing starts
    times: list[float] = []
    cpu: list[float] = []  # CPU time of the frame: what a loaded machine's scheduler cannot inflate
    deals = 0
    clock = app.clock
    clock.tick()
    deadline = time.perf_counter() + 300
    try:
        while app.running and time.perf_counter() < deadline:
            dt = clock.tick(FPS) / 1000.0
            t0 = time.perf_counter()
            c0 = time.thread_time()
            app.step(dt)
            times.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
            if PROFILE and cpu[-1] > 1 / 120:
                print(f"slow frame {times[-1] * 1000:.1f} ms (cpu {cpu[-1] * 1000:.1f}) at frame {len(times)}: "
                      f"{getattr(table, 'last_action', '')}", file=sys.stderr)
            if app.scene is not table:  # the summary opened: the deal is over
                deals += 1
                if deals >= args.deals:
                    break
                summary: Any = app.scene
                summary.activate("next")
    finally:
        app.shutdown()
    times.sort()
    cpu.sort()
    print(f"cpu_p50_ms={statistics.median(cpu) * 1000:.2f} cpu_p99_ms={cpu[int(len(cpu) * 0.99)] * 1000:.2f} "
          f"cpu_max_ms={cpu[-1] * 1000:.1f}")
    p50 = statistics.median(times) * 1000
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
    slow = sum(1 for t in times if t > 1 / 60)
    print(f"frames={len(times)} deals={deals} size={w}x{h} max_ms={times[-1] * 1000:.1f} "
          f"over_16.7ms={slow} first_frame_cpu_s={first_cpu:.3f} load={os.getloadavg()[0]:.1f}")
    print(f"p50_ms={p50:.2f} p99_ms={p99:.2f} first_frame_s={first_frame:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
