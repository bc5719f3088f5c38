"""Command line of :mod:`tools.soak` (the code lives there so that tests import it too).

Soak test: bot-vs-bot matches at instant speed for every game, every level and every Schwimmen
player count, checking every rules invariant after every move.

    python benchmarks/soak.py --deals 10000 [--games schnapsen,schwimmen] [--levels beginner,player]
                              [--seed S] [--seconds LIMIT]

Per move it checks (with the shared contract harness of tools/contract.py and the specs of tools/contract_specs.py): the pack is
conserved, card points are conserved where the game says so, no observation shows a hidden card,
the bot's move is legal, ``apply`` leaves its input unchanged.  Per round: a result with one
entry per seat.  Per match: the match API books every round and ends with winners.
Last line: ``deals=… errors=… deals_per_s=…``.  Any error is printed with the seed that
reproduces it.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.soak import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
