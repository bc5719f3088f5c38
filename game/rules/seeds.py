"""Deterministic seeds: one master seed per match, derived seeds per round and per bot seat.

Derivation uses SHA-256 so it is stable across Python versions and processes (``hash()`` is not).
"""

from __future__ import annotations

import hashlib
from random import Random


def derive_seed(master: int, *parts: object) -> int:
    text = ":".join([str(master), *(str(p) for p in parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def derive_rng(master: int, *parts: object) -> Random:
    """A fresh Random for e.g. ``("round", 3)`` or ``("bot", 1, "round", 3)``."""
    return Random(derive_seed(master, *parts))
