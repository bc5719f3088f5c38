"""Scenes: menu, table (one for all games, with a game-specific helper), summary and score sheet.

``TABLE_HELPERS`` names, per game id, the module whose ``make_helper(scene)`` draws that game's
table details and buttons.  Games without one are listed in the menu as "coming soon" until the
all-games issue adds theirs.
"""

from __future__ import annotations

from game.rules import registry

TABLE_HELPERS: dict[str, str] = {
    "schnapsen": "game.ui.scenes.table_schnapsen",
    "bauernschnapsen": "game.ui.scenes.table_family",
    "dreierschnapsen": "game.ui.scenes.table_playoff",
    "schwimmen": "game.ui.scenes.table_schwimmen",
}

#: The menu's order of the games: the registry's.
GAME_ORDER: tuple[str, ...] = tuple(registry.GAMES)
LEVEL_ORDER: tuple[str, ...] = ("beginner", "player", "expert")


def has_table(game_id: str) -> bool:
    return game_id in TABLE_HELPERS
