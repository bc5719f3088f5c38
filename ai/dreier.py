"""Dreierschnapsen computer opponents: make(level, seat) for beginner, player and expert.

The bots are shared with the other game of the family (ai.family_agent): bidding
evaluator, Kontra decisions, trump call, cut or knock, card play by named heuristics and the
expert's determinized playouts.  Every decision is a pure function of (observation, legal
moves, rng).
"""

from __future__ import annotations

from ai.family_agent import FamilyAgent, make_family


def make(level: str, seat: int = 0) -> FamilyAgent | None:
    return make_family(level, seat)
