"""Dreierschnapsen: 3 players, declarer against two defenders, with a talon of two (RULES.md 4).

Deal flow: cut or knock (the seat right of the dealer) -> deal 3 + talon 2 + 3 or 6 + talon 2 ->
forehand names trumps or turns a blind card (``turn 1``..``turn 3``) -> auction (D5) -> the
declarer takes the talon unseen and discards two (their card points belong to nobody) ->
``stay`` or ``raise <contract>`` -> Kontra questions -> six tricks -> result: the declarer
alone scores, or each defender scores the full amount (D12).  Everything else is Bauern-
schnapsen's phase machine (family_*.py) with :data:`DREIER_SHAPE`; roles F, M, D read the
contract table as P1, P2, P4 (D1).  Match rules (24, ties, Bummerl) are in match.py.

Glossary: Vorhand = forehand (F); Mittelhand = middle (M); Talon = widow; Drücken = discard;
Erhöhen = raise.
"""

from __future__ import annotations

from game.rules.base import parse_move
from game.rules.family_rules import FamilyObservation, FamilyRules
from game.rules.family_state import DREIER_SHAPE, FamilyState, Phase
from game.rules.options import DreierOptions

RULES = FamilyRules(DREIER_SHAPE, DreierOptions)

DreierState = FamilyState
DreierObservation = FamilyObservation

__all__ = ["RULES", "DreierState", "DreierObservation", "Phase", "parse_move"]
