"""The Agent protocol, difficulty levels and the factory per game.

Agents receive an observation and the legal moves, never the state (ARCHITECTURE.md "Computer
opponents").  ``choose`` must depend only on (observation, legal_moves, rng) so that two states
that look the same to a seat give the same move: that is what makes the bots fair.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from random import Random
from typing import Any, Protocol

from game.rules.base import Move
from game.rules.messages import Reason

LEVELS: tuple[str, ...] = ("random", "beginner", "player", "expert")
#: benchmark-only bots (not offered in the app), Schnapsen only, from ``ai.sparring``: the
#: sparring partner as ``sparring`` or ``sparring-N`` (N samples per decision) or ``sparring-firm``
#: (it does not give a deal up on the word of its omniscient samples), and
#: ``expert-python``, the expert without its compiled core (the pure-Python fallback), and
#: ``expert-fixed``, the expert without its clock (its samples are its whole budget, so two runs
#: of the same seed play the same moves: A/B comparisons deal by deal, ``benchmarks/paired.py``);
#: from ``ai.sparring_mcts``, the partner of the public bots' kind, PIMC + UCT with random
#: play-outs, as ``mcts`` or ``mcts-S-I`` (S samples, I iterations a decision)
BENCH_LEVELS: tuple[str, ...] = ("sparring", "expert-python", "expert-fixed", "mcts")


class Agent(Protocol):
    level: str

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move: ...

    def explain(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> tuple[Move, Reason]: ...


class RandomAgent:
    """Uniform over the legal moves: for tests, baselines and as the last-resort fallback."""

    level = "random"

    def __init__(self, game_id: str = "", seat: int = 0) -> None:
        self.game_id = game_id
        self.seat = seat

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move:
        return legal_moves[rng.randrange(len(legal_moves))]

    def explain(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        return self.choose(observation, legal_moves, rng), Reason("random")


#: game id -> module with ``make(level, seat) -> Agent`` for the levels it implements.
_GAME_MODULES: dict[str, str] = {
    "schnapsen": "ai.schnapsen",
    "bauernschnapsen": "ai.bauern",
    "dreierschnapsen": "ai.dreier",
    "schwimmen": "ai.schwimmen",
}


def make_agent(game_id: str, level: str, seat: int = 0) -> Agent:
    """The agent for a game and level; falls back to the random agent where a game has no bot
    module yet or the module does not know the level."""
    if level in BENCH_LEVELS or level.startswith(("sparring-", "expert-fixed-", "mcts-")):
        if game_id != "schnapsen":
            raise ValueError(f"the benchmark level {level!r} exists for Schnapsen only")
        from ai import sparring, sparring_mcts

        bench = sparring.make(level, seat) or sparring_mcts.make(level, seat)
        if bench is None:
            raise ValueError(f"unknown benchmark level {level!r}; use sparring, sparring-N, sparring-firm, sparring-firm-close, mcts, mcts-S-I, expert-python, expert-fixed, expert-fixed-chanceN, expert-fixed-alphamuN, expert-fixed-ocpN, expert-fixed-readN, expert-fixed-mcN or expert-fixed-tieN, or such options combined: expert-fixed-tie10-mc0-ocp100")
        return bench
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; use one of {', '.join(LEVELS)}")
    if level != "random":
        try:
            module = importlib.import_module(_GAME_MODULES[game_id])
        except ModuleNotFoundError:
            module = None
        if module is not None:
            agent = module.make(level, seat)
            if agent is not None:
                return agent
    return RandomAgent(game_id, seat)
