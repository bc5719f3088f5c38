"""The compiled core against the pure-Python search under every option set.

The core cuts a position short once what each seat can still win settles it against the window
(``best_possible`` in ai/schnapsen_core.c).  Those bounds read the scoring rows, and the rows
depend on the options (a false 66 or a failed close worth 3 with no trick, the last trick's claim,
closing at two cards, a marriage before the first trick), so the core's values must equal the
pure-Python search's under every one of the 32 option sets, in closed deals, after the stock is
gone and with the stock still open.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import product
from random import Random

from ai.schnapsen_exact import exact_values
from ai.schnapsen_solver import World, world_from_state
from game.rules.schnapsen import RULES as R

OPTIONS = ("false_pagat", "closed_pagat", "claim_last", "meld_first", "close_two")


def positions(seed: int, want: int, keep: Callable[[World], bool]) -> list[World]:
    """Positions of random deals (closing now and then) that ``keep`` accepts, one a deal."""
    rng = Random(seed)
    found: list[World] = []
    while len(found) < want:
        s = R.new_round(2, rng.randrange(2), rng)
        while not R.is_over(s):
            w = world_from_state(s)
            if w.stage != "final" and keep(w) and rng.random() < 0.4:
                found.append(w)
                break
            legal = R.legal_moves(s)
            closes = [m for m in legal if m.kind == "close"]
            s, _ = R.apply(s, closes[0] if closes and rng.random() < 0.25 else rng.choice(legal))
    return found


def with_options(w: World, flags: tuple[bool, ...]) -> World:
    return replace(w, ctx=replace(w.ctx, **dict(zip(OPTIONS, flags, strict=True))))


def open_at(size: int, stage: str) -> Callable[[World], bool]:
    return lambda w: w.ctx.closed_by < 0 and len(w.stock) == size and w.stage == stage


def test_closed_and_finished_stock_values_equal_the_python_search_under_every_option_set(core):
    closed = positions(61, 64, lambda w: w.ctx.closed_by >= 0)
    gone = positions(62, 64, lambda w: w.ctx.closed_by < 0 and not w.stock)
    compared = 0
    for i, flags in enumerate(product((False, True), repeat=len(OPTIONS))):
        for w in (closed[2 * i], closed[2 * i + 1], gone[2 * i], gone[2 * i + 1]):
            w = with_options(w, flags)
            assert exact_values(w, core) == exact_values(w, None), (w, flags)
            compared += 1
    assert compared == 128


def test_open_stock_values_equal_the_python_search_under_every_option_set(core):
    """The searches below an open stock go through every close and every draw into the
    positions the bounds cut; two and four stock cards keep the Python search quick."""
    open_ = [w for i, (size, stage) in enumerate(product((2, 4), ("lead", "follow")))
             for w in positions(63 + i, 16, open_at(size, stage))]
    compared = 0
    for i, w in enumerate(open_):
        flags = tuple(bool(i >> k & 1) for k in range(len(OPTIONS)))  # each set twice
        w = with_options(w, flags)
        got, want = exact_values(w, core), exact_values(w, None)
        assert got.keys() == want.keys()
        for key, v in want.items():
            assert abs(got[key] - v) < 1e-9, (w, flags, key)
        compared += 1
    assert compared == 64
