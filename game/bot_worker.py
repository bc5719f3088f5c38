"""The bot's side of the worker process, and stopping it.

The table never waits for a bot: ``game.controller`` sends each decision (``think``) and each
hint (``explain``) to one worker process through a ``ProcessPoolExecutor``; these functions are
module-level so they pickle.  ``fallback_move`` answers in the app's own process when a worker
fails or runs out of time; ``stop_pool`` stops the worker when a match ends or the app quits.
"""

from __future__ import annotations

import logging
from concurrent.futures import ProcessPoolExecutor
from random import Random
from typing import Any

from ai.base import RandomAgent, make_agent
from game.rules.base import Move
from game.rules.messages import Reason

log = logging.getLogger(__name__)

#: The level a failing bot falls back to for the one decision.
FALLBACK_LEVEL = "beginner"


def think(game_id: str, level: str, seat: int, observation: Any, legal: tuple[Move, ...], seed: int) -> Move:
    """One bot decision; runs in the worker process (module-level so it pickles)."""
    agent = make_agent(game_id, level, seat)
    return agent.choose(observation, legal, Random(seed))


def explain(game_id: str, seat: int, observation: Any, legal: tuple[Move, ...], seed: int) -> tuple[Move, Reason]:
    """The expert's suggestion and reason for a hint; runs in the worker process."""
    return make_agent(game_id, "expert", seat).explain(observation, legal, Random(seed))


def fallback_move(game_id: str, seat: int, observation: Any, legal: tuple[Move, ...], seed: int) -> Move:
    """Answer for a bot whose worker failed: a simpler level, and if even that fails, random."""
    try:
        move = make_agent(game_id, FALLBACK_LEVEL, seat).choose(observation, legal, Random(seed))
        if move in legal:
            return move
    except Exception:  # the fallback must never take the app down
        log.exception("fallback agent failed; playing a random legal move")
    return RandomAgent(game_id, seat).choose(observation, legal, Random(seed))


def stop_pool(executor: ProcessPoolExecutor) -> None:
    """Stop the bot's worker at once and wait until its pool has wound down.  Terminating the
    process first means no wait for a search in progress; waiting for the pool's manager thread
    here (not at interpreter exit) avoids a CPython 3.11 race in which ``_python_exit`` writes
    to the wake-up pipe the thread is closing ("OSError: [Errno 9] Bad file descriptor" printed
    at quit, seen in 3 of 40 frozen demo runs stopped by SIGTERM)."""
    for proc in list((getattr(executor, "_processes", None) or {}).values()):
        proc.terminate()  # the pool has no public handle on its worker
    executor.shutdown(wait=True, cancel_futures=True)

