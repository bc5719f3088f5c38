"""Command line of :mod:`tools.faults`, the fault-injection suite (its description lives there).

    python benchmarks/faults.py [--files settings,save,statistics,log] [--faults missing,garbage,...]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.faults import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
