"""Command line of :mod:`tools.bots_family`, where the code and its description live (tests import it).

    python benchmarks/bots_family.py --game bauernschnapsen --levels beginner player expert --deals 200
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.bots_family import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
