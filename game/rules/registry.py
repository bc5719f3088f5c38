"""GAMES: game id -> rules object, display name and player counts.

Rules modules are imported lazily so that a module being worked on cannot break the others.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    name: str
    module: str
    min_players: int
    max_players: int


GAMES: dict[str, GameInfo] = {
    "schnapsen": GameInfo("schnapsen", "Schnapsen", "game.rules.schnapsen", 2, 2),
    "dreierschnapsen": GameInfo("dreierschnapsen", "Dreierschnapsen", "game.rules.dreierschnapsen", 3, 3),
    "bauernschnapsen": GameInfo("bauernschnapsen", "Bauernschnapsen", "game.rules.bauernschnapsen", 4, 4),
    "schwimmen": GameInfo("schwimmen", "Schwimmen (31)", "game.rules.schwimmen", 2, 9),
}

_CACHE: dict[str, Any] = {}


def get(game_id: str) -> Any:
    """The rules object of a game; each rules module exposes it as ``RULES``."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}")
    if game_id not in _CACHE:
        _CACHE[game_id] = importlib.import_module(GAMES[game_id].module).RULES
    return _CACHE[game_id]


def parse_move(game_id: str, text: str) -> Any:
    return importlib.import_module(GAMES[game_id].module).parse_move(text)
