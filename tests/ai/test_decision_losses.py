"""benchmarks/decision_losses.py: each decision's loss against the hand known, and who it is
charged to (the diagnostic of where two bots give game points away)."""

from __future__ import annotations

import importlib.util
from collections import defaultdict
from functools import cache, partial
from pathlib import Path
from types import ModuleType

from ai import arena
from ai.schnapsen_solver import world_from_state
from game.rules.schnapsen import RULES as R
from tests.ai.test_solver import engine_values, random_positions


@cache
def _tool() -> ModuleType:
    path = Path(__file__).resolve().parent.parent.parent / "benchmarks" / "decision_losses.py"
    spec = importlib.util.spec_from_file_location("decision_losses", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_move_loses_what_the_brute_force_says_it_gives_away(core) -> None:  # type: ignore[no-untyped-def]
    """At a position with the stock exhausted (nothing hidden, nothing left to chance) the loss
    of every legal move is the best value less its value, by the engine's own brute force."""
    dl = _tool()
    checked = positive = 0
    for s in random_positions(31, 40, lambda s: s.strict and s.specials.closed_by < 0):
        truth = engine_values(s, {})
        best = max(truth.values())
        for move in R.legal_moves(s):
            given = dl.loss(world_from_state(s), move, core)
            assert given == best - truth[str(move)], (str(move), truth)
            checked += 1
            positive += given > 0
    assert checked > 80 and positive > 10  # the positions do offer mistakes to measure


def test_the_same_bot_in_both_seats_is_charged_alike(core, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Each deal is played twice with the seats swapped, so with one (deterministic) bot on both
    sides the two plays hold the same decisions, once to each bot's account, and the two tallies
    must be equal: a play left unscored, or a decision charged to both bots or to neither, breaks
    the equality.  The bot is the fast player level."""
    dl = _tool()
    tally: dict = defaultdict(lambda: [0, 0.0])
    monkeypatch.setattr(arena, "play_round", partial(arena.play_round, on_move=dl.scorer(tally, core)))
    assert arena.main(["--game", "schnapsen", "--a", "player", "--b", "player", "--deals", "8",
                       "--seed", "5", "--workers", "1"]) == 0
    a = {key[1:]: cell for key, cell in tally.items() if key[0] == "A"}
    b = {key[1:]: cell for key, cell in tally.items() if key[0] == "B"}
    assert a == b and sum(n for n, _ in a.values()) > 50
    assert all(given >= 0 for _, given in tally.values())
    assert sum(given for _, given in a.values()) > 0  # the player level does make mistakes
