"""Monkey benchmark (issue 10): the real app, random seeded input, every game, many events.

    python benchmarks/monkey.py                      100,000 events over all games, seed 1
    python benchmarks/monkey.py --events 20000 --seed 5
    python benchmarks/monkey.py --game schwimmen --players 6 --events 812 --seed 5   (reproduce)
    python benchmarks/monkey.py --options random     every match with a random option set
    python benchmarks/monkey.py --journey --events 100000 --seed 3
                        the journey monkey (tools/journey.py): menus, new-game screens, every
                        game, summaries, settings, quitting and starting again; its last line is
                        ``events=… exceptions=… lost=… screens=…``

The events are shared between the games (a quarter each; Schwimmen's quarter between its player
counts).  Every exception, raised or logged, is printed with the seed, game, player count and
event index that reproduce it (a run is deterministic per seed, game and player count).  The last
line is ``events=… exceptions=… events_per_s=…``.  See tools/monkey.py for what the monkey does.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.monkey import GAMES, Monkey  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--events", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", default=None, choices=[g for g, _ in GAMES])
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--draw-every", type=int, default=4, help="draw every N-th frame (1 = every frame)")
    p.add_argument("--level", default="beginner", choices=["beginner", "player", "expert"])
    p.add_argument("--traces", action="store_true", help="print every traceback, not only the first of each kind")
    p.add_argument("--options", default="default", choices=["default", "random"],
                   help="rule options of each match: the defaults, or a random set of what the new-game screen offers")
    p.add_argument("--journey", action="store_true", help="the journey monkey through menus, games and restarts")
    args = p.parse_args(argv)
    if args.events < 0 or args.draw_every < 1:
        p.error("--events must be 0 or more and --draw-every 1 or more")
    logging.basicConfig(level=logging.CRITICAL)  # the monkey traps error logs itself
    if args.journey:
        return journey(args)

    runs: list[tuple[str, int, int]] = []
    games = [(g, c) for g, c in GAMES if args.game in (None, g)]
    for game_id, counts in games:
        counts = (args.players,) if args.players else counts
        share = args.events // len(games)
        for i, players in enumerate(counts):
            n = share // len(counts) + (1 if i < share % len(counts) else 0)
            runs.append((game_id, players, n))
    runs[-1] = (runs[-1][0], runs[-1][1], runs[-1][2] + args.events - sum(n for _, _, n in runs))

    total_events = total_crashes = 0
    seen: set[str] = set()
    t0 = time.perf_counter()
    for game_id, players, n in runs:
        result = Monkey(args.seed, game_id, players, draw_every=args.draw_every, level=args.level,
                        random_options=args.options == "random").run(n)
        total_events += result.events
        total_crashes += len(result.crashes)
        counts = " ".join(f"{k}={v}" for k, v in sorted(result.counts.items()))
        print(f"{game_id} players={players}: events={result.events} exceptions={len(result.crashes)} "
              f"{result.events / max(result.seconds, 1e-9):.0f}/s {counts}", flush=True)
        for c in result.crashes:
            print(f"  EXCEPTION {c.line()}")
            print(f"    reproduce: python benchmarks/monkey.py --seed {c.seed} --game {c.game} "
                  f"--players {c.players} --events {c.index + 1} --draw-every {args.draw_every}")
            if args.traces or c.error not in seen:
                seen.add(c.error)
                print("    " + c.trace.rstrip().replace("\n", "\n    "))
    elapsed = time.perf_counter() - t0
    print(f"events={total_events} exceptions={total_crashes} events_per_s={total_events / max(elapsed, 1e-9):.1f}")
    return 1 if total_crashes else 0


def journey(args: argparse.Namespace) -> int:
    from tools.journey import ALL_SCREENS, Journey

    result = Journey(args.seed, draw_every=args.draw_every).run(args.events)
    for problem in result.problems:
        print(f"  {problem.kind.upper()} {problem.line()}")
        print("    reproduce: python benchmarks/monkey.py --journey "
              f"--seed {problem.seed} --events {problem.index + 1} --draw-every {args.draw_every}")
        if problem.kind == "exception":
            print("    " + problem.text.rstrip().replace("\n", "\n    "))
    missing = sorted(set(ALL_SCREENS) - result.screens)
    counts = " ".join(f"{k}={v}" for k, v in sorted(result.counts.items()))
    print(f"journey seed={args.seed}: {result.events / max(result.seconds, 1e-9):.0f} events/s {counts}"
          + (f" not reached: {', '.join(missing)}" if missing else ""))
    print(result.last_line())
    return 1 if result.problems else 0


if __name__ == "__main__":
    sys.exit(main())
