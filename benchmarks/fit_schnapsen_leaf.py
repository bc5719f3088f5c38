"""Command line of :mod:`tools.schnapsen_leaf` (the code lives there so that tests import it too).

Fit the Schnapsen expert's phase-1 leaf estimate (``ai.schnapsen_search.LEAF_WEIGHTS``).

    python benchmarks/fit_schnapsen_leaf.py [--deals 25000] [--seed 7]

Plays player-vs-player deals, records every phase-1 position where a seat is about to lead with
the stock open (2, 4, 6 or 8 cards left), and labels it with the game points that seat ended the
deal with (minus the other's).  Per stock size it fits, by least squares, the game points per
point of each seat's score, per card of each kind (trump or plain, A 10 K Q J) in each hand, and
per marriage (20 or 40) in each hand.  Prints R^2 on every fifth deal held out, then the weights
in the layout of ``LEAF_WEIGHTS``: (constant, own score, opponent's score, own cards T-A..T-J,
P-A..P-J, opponent's cards likewise, own 20, own 40, opponent's 20, opponent's 40).

Plain Python (normal equations with a tiny ridge, since right after the first trick the loser's
score is always 0 and that column is constant).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.schnapsen_leaf import main  # noqa: E402

if __name__ == "__main__":
    main()
