"""Random-playout throughput of every rules engine (a script, not a test: it prints numbers).

Usage: ``python benchmarks/engine.py [seconds-per-game]``.  Loops over ``registry.GAMES``
(Schwimmen at 4 and 9 players) and prints deals per second on one core through the public
protocol (``legal_moves`` + ``apply``).  A game whose module does not import yet is skipped
with a note, so new games appear here without editing this file.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules import registry  # noqa: E402

#: Player counts to measure per game; games not listed use their minimum and maximum.
PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"schwimmen": (4, 9)}


def deals_per_second(rules: Any, players: int, seconds: float) -> tuple[float, float]:
    """(deals/s, moves per deal) of uniformly random playouts for about ``seconds``."""
    r = rules
    rng = Random(12345)
    deals = moves = 0
    # CPU time of this process, so that other work on a shared machine does not skew the figure
    start = time.process_time()
    deadline = start + seconds
    while True:
        s = r.new_round(players, deals % players, rng)
        while not r.is_over(s):
            legal = r.legal_moves(s)
            s, _ = r.apply(s, legal[int(rng.random() * len(legal))])
            moves += 1
        r.result(s)
        deals += 1
        if deals % 50 == 0 and time.process_time() >= deadline:
            break
    elapsed = time.process_time() - start
    return deals / elapsed, moves / deals


def main(argv: list[str]) -> int:
    seconds = float(argv[1]) if len(argv) > 1 else 3.0
    for game_id, info in registry.GAMES.items():
        try:
            rules = registry.get(game_id)
        except Exception as e:  # a game still being written must not stop the others
            print(f"{info.name:<18} skipped: {type(e).__name__}: {e}")
            continue
        counts = PLAYER_COUNTS.get(game_id) or tuple(sorted({info.min_players, info.max_players}))
        for players in counts:
            try:
                rate, per_deal = deals_per_second(rules, players, seconds)
            except Exception as e:
                print(f"{info.name:<18} {players}p failed: {type(e).__name__}: {e}")
                continue
            print(f"{info.name:<18} {players}p {rate:9.0f} deals/s  ({per_deal:.1f} moves/deal)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
