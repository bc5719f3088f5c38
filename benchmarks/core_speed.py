"""Benchmark of the compiled exact search on the solves the expert really asks of it.

    python benchmarks/core_speed.py [--deals 4] [--seed 901] [--every 4] [--source OTHER.c ...]

Plays ``--deals`` pairs of deals of the expert (no clock) against the sparring partner and records
every sampled position the expert hands to the core (``exact_values``: the world, the chance mode,
the first-draw outcomes, the charges on closes).  Then it solves every ``--every``-th of them again
with each build, the project's ``ai/schnapsen_core.c`` first and each ``--source`` after it (twice,
interleaved, so a busy machine slows each alike), and prints per build the time and the nodes a
solve, by stock size and stage, and how many solves gave other values than the first build.  A
change of the search that keeps its values must show 0 there.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai.schnapsen as expert_module  # noqa: E402
from ai.arena import run_pair  # noqa: E402
from ai.schnapsen_exact import SOURCE, bind_library, compile_core, exact_values  # noqa: E402

Solve = tuple[Any, int, tuple[tuple[int, int], ...], float, float, frozenset[str] | None]


def record(deals: int, seed: int) -> list[Solve]:
    """The expert's solves over ``deals`` pairs of deals (seats swapped) against sparring-firm."""
    solves: list[Solve] = []
    real = expert_module.exact_values

    def recording(w: Any, core: Any = None, chance: int = False, first_draws: Any = (),
                  close_penalty: float = 0.0, own_close_penalty: float = 0.0,
                  only: Any = None, lead_charge: Any = ()) -> dict[str, float]:
        # the expert as committed charges no leads (LEAD_CHARGE off), so a solve replays without one
        keys = None if only is None else frozenset(only)
        solves.append((w, int(chance), tuple(first_draws), close_penalty, own_close_penalty, keys))
        return real(w, core, chance, first_draws, close_penalty, own_close_penalty, only=keys,
                    lead_charge=lead_charge)

    expert_module.exact_values = recording  # type: ignore[assignment]
    try:
        for i in range(deals):
            run_pair(("schnapsen", 2, "expert-fixed", "sparring-firm", "deals", seed, i))
    finally:
        expert_module.exact_values = real
    return solves


def kind(solve: Solve) -> str:
    w = solve[0]
    stock = f"{len(w.stock)} stock" if w.ctx.closed_by < 0 and w.stock else "closed/gone"
    return f"{stock:>11}  {w.stage:<6} chance {solve[1]}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4, help="pairs of deals to record (default 4)")
    ap.add_argument("--seed", type=int, default=901)
    ap.add_argument("--every", type=int, default=4, help="solve every n-th recorded position again")
    ap.add_argument("--source", action="append", default=[], type=Path, help="another core to compare")
    args = ap.parse_args(argv)
    if args.deals < 1 or args.every < 1:
        ap.error("--deals and --every must be at least 1")
    for src in args.source:
        if not src.is_file():
            ap.error(f"no such source: {src}")
    builds: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, src in enumerate([SOURCE, *args.source]):
            lib = Path(tmp) / f"core{i}.so"
            if not compile_core(lib, source=src) or (core := bind_library(lib)) is None:
                print(f"cannot build {src} with a C compiler here", file=sys.stderr)
                return 1
            builds[f"{src.name}" if i == 0 else f"{i}: {src}"] = core
        t0 = time.perf_counter()
        solves = record(args.deals, args.seed)[::args.every]
        print(f"recorded in {time.perf_counter() - t0:.1f} s; solving {len(solves)} positions per build")
        seconds: dict[str, dict[str, float]] = {n: defaultdict(float) for n in builds}
        nodes: dict[str, dict[str, int]] = {n: defaultdict(int) for n in builds}
        values: dict[str, list[dict[str, float]]] = {}
        for _ in range(2):
            for name, core in builds.items():
                out = []
                for s in solves:
                    n0, t = core.sp_nodes(), time.perf_counter()
                    out.append(exact_values(s[0], core, s[1], s[2], s[3], s[4], only=s[5]))
                    seconds[name][kind(s)] += time.perf_counter() - t
                    nodes[name][kind(s)] += core.sp_nodes() - n0
                values[name] = out
    count: dict[str, int] = defaultdict(int)
    for s in solves:
        count[kind(s)] += 2
    first = next(iter(builds))
    for name in builds:
        total = sum(seconds[name].values())
        differ = sum(a != b for a, b in zip(values[name], values[first], strict=True))
        print(f"\n{name}: {total / len(solves) / 2 * 1000:.3f} ms and "
              f"{sum(nodes[name].values()) / len(solves) / 2:.0f} nodes a solve; "
              f"solves with other values than {first}: {differ}")
        for k in sorted(count, key=lambda k: -seconds[first][k]):
            print(f"  {k}: {count[k] // 2:5d} solves  {seconds[name][k] / count[k] * 1000:7.3f} ms"
                  f"  {nodes[name][k] / count[k]:9.0f} nodes  {100 * seconds[name][k] / total:5.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
