"""Bauernschnapsen: 4 players in two fixed partnerships, auction over ten contracts (RULES.md 3).

Deal flow: cut or knock (P3, right of the dealer) -> deal 3 + 2 or 5 -> forehand names trumps or
turns a blind card (Aufschlagen, ``turn 1``/``turn 2``) -> auction (B9) -> Kontra questions (B11)
-> play (Bettler partner sits out) -> result in game points per seat (both partners get the
team's GP).  The engine is the family phase machine (family_*.py) with :data:`BAUERN_SHAPE`;
the contracts are the data table of contracts.py.  Match rules (24, Bummerl) are in match.py.

Glossary: Vorhand/Rufer = forehand (P1); Bauer = the game's name ("farmer's Schnapsen");
Abheben = cut; Klopfen = knock; Aufschlagen = trumps from a blind card; Bettler, Schnapser,
Gang, Zehnergang, Farbengang, Herrenschnapser = contracts (see contracts.py);
Kontra/Rekontra/Subkontra = x2/x4/x8.
"""

from __future__ import annotations

from game.rules.base import parse_move
from game.rules.family_rules import FamilyObservation, FamilyRules
from game.rules.family_state import BAUERN_SHAPE, FamilyState, Phase
from game.rules.options import BauernOptions

RULES = FamilyRules(BAUERN_SHAPE, BauernOptions)

BauernState = FamilyState
BauernObservation = FamilyObservation

__all__ = ["RULES", "BauernState", "BauernObservation", "Phase", "parse_move"]
