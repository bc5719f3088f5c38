"""Command line of :mod:`tools.schnapsen_leaf`, where the code and its description live (tests import it).

    python benchmarks/fit_schnapsen_leaf.py [--deals 25000] [--seed 7]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.schnapsen_leaf import main  # noqa: E402

if __name__ == "__main__":
    main()
