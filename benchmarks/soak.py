"""Command line of :mod:`tools.soak`, where the code and its description live (tests import it).

    python benchmarks/soak.py --deals 10000 [--games schnapsen,schwimmen] [--levels beginner,player]
                              [--seed S] [--seconds LIMIT] [--options default|random]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.soak import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
