"""Command line of :mod:`tools.bots_family` (the code lives there so that tests import it too).

Benchmark of the Bauernschnapsen, Dreierschnapsen and Schwimmen bots.

    python benchmarks/bots_family.py --game bauernschnapsen --levels beginner player expert --deals 200
    python benchmarks/bots_family.py --game schwimmen --players 4 --levels beginner player expert --deals 50

For each level, every seat is played by that level for ``--deals`` deals (Schwimmen: rounds).
Prints the time per decision (median, p95, max) and, for the Schnapsen family, a table of how
often the level bid (ended up declaring) each contract and how often it made it.  Deals run in
``--workers`` processes; decision times are measured inside the workers.

With ``--others LEVEL`` the level under test holds one seat (Bauernschnapsen: one team of two)
and LEVEL the rest, the tested seat moving on by one every deal; the table then counts only
the contracts the tested level declared, so it shows how sound its bids are against opponents
of that level (the default, every seat alike, pits it against itself).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.bots_family import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
