"""Wiring a new table's match: who sits where, at which bot level, with which options.

``setup_for`` reads the new-game screen's last choices per game from the app's config;
``make_controller`` turns them (or the command line's) into a
:class:`game.controller.MatchController`, whose bots think in worker processes.
"""

from __future__ import annotations

from typing import Any


def setup_for(cfg: Any, game_id: str) -> dict[str, Any]:
    """The new-game screen's last choices for ``game_id`` (players, bot levels, options), or {}.

    Kept per game (``cfg.extra["match_setups"]``), so choosing six players for Schwimmen never
    reaches a Schnapsen table; a count outside the game's range is ignored."""
    from game.rules.registry import GAMES

    setups = cfg.extra.get("match_setups") or {}
    setup = setups.get(game_id) or {}
    legacy = cfg.extra.get("match_setup") or {}  # one setup for one game (tests, the monkey)
    if not setup and legacy.get("game_id") == game_id:
        setup = legacy
    players = setup.get("players")
    info = GAMES[game_id]
    if players is not None and not info.min_players <= players <= info.max_players:
        return {}
    return dict(setup)


def make_controller(cfg: Any, game_id: str, level: str) -> Any:
    """The match for a new table: seats, bot levels, options and seed from the app's config
    and the new-game screen's last choices for ``game_id``."""
    from game.controller import HUMAN, MatchController
    from game.rules.registry import GAMES

    info = GAMES[game_id]
    # --players (or an older choice) counts only where this game can be played with it:
    # the menu may start any game after the new-game screen set a count for another one.
    players = cfg.players if cfg.players and info.min_players <= cfg.players <= info.max_players \
        else info.min_players
    # The new-game screen's choices (players, level per bot seat, options) for this game.
    setup = setup_for(cfg, game_id)
    players = setup.get("players", players)
    options = setup.get("options")
    bots = list(setup.get("levels") or [])[: players - 1]
    bots += [level] * (players - 1 - len(bots))  # seats the setup names no level for
    if cfg.demo:
        human_seat = None
        levels = [level] * players
    else:
        human_seat = 0
        levels = [HUMAN] + bots
    return MatchController(game_id, players, human_seat=human_seat, levels=levels, options=options,
                           master_seed=cfg.seed, bot_pause=cfg.bot_pause, use_processes=cfg.use_processes)
