"""Every deal ends, under every option set the new-game screen offers (issue 25).

Hypothesis draws a game, a player count and one value for every option (match-level options
such as the match target, lives, deal rotation and "loser deals" included), then plays random
legal moves through the first rounds of a match, asserting that every round ends within
``MAX_MOVES`` moves.  Before W12a, "no passing" with "a knock needs 20" on the 52-card pack
left about one two-player deal in twenty with no way to end.
"""

from __future__ import annotations

import os
from random import Random
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the new-game screen's module imports pygame

from dataclasses import replace  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.rules import match as matches  # noqa: E402
from game.rules.options import OPTIONS_BY_GAME, to_dict  # noqa: E402
from game.rules.registry import GAMES  # noqa: E402
from game.ui.scenes.newgame import choices  # noqa: E402

#: No round of any game comes near this many moves when it can end (Schwimmen's longest
#: random rounds are a few hundred moves).
MAX_MOVES = 3000
ROUNDS = 3


@st.composite
def setups(draw: Any) -> tuple[str, int, Any]:
    game_id = draw(st.sampled_from(sorted(GAMES)))
    info = GAMES[game_id]
    players = draw(st.integers(info.min_players, info.max_players))
    cls = OPTIONS_BY_GAME[game_id]
    values = {name: draw(st.sampled_from(choices(game_id, name))) for name in to_dict(cls())}
    return game_id, players, replace(cls(), **values)


def play_rounds(game_id: str, players: int, options: Any, seed: int, rounds: int = ROUNDS) -> int:
    """Random legal moves through up to ``rounds`` rounds; returns the most moves any round took."""
    rng = Random(seed)
    m = matches.new_match(game_id, players, options, seed, seed % players)
    longest = 0
    for _ in range(rounds):
        if m.is_over:
            break
        rules = matches.round_rules(m)
        state = matches.start_round(m)
        moves = 0
        while not rules.is_over(state):
            legal = rules.legal_moves(state)
            assert legal, "a running round with no legal move"
            state, _ = rules.apply(state, legal[rng.randrange(len(legal))])
            moves += 1
            assert moves <= MAX_MOVES, f"{game_id} {players}p {options}: the round did not end (seed {seed})"
        longest = max(longest, moves)
        m = matches.finish_round(m, rules.result(state))
    return longest


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), seed=st.integers(0, 2**31))
def test_every_round_ends_under_every_option_set(setup, seed):
    game_id, players, options = setup
    play_rounds(game_id, players, options, seed)


def test_the_no_way_out_options_end_on_the_big_pack():
    """The case that used to hang, many times over: two players, 52 cards, no passing."""
    opts = OPTIONS_BY_GAME["schwimmen"](deck="52", no_passing=True)
    for seed in range(200):
        play_rounds("schwimmen", 2, opts, seed, rounds=1)
