"""Benchmark-only Schnapsen sparring partner: PIMC with every sampled deal solved to its end.

Not a level of the app (``ai.base.LEVELS`` does not list it); ``ai.arena`` and the benchmarks
reach it as ``--b sparring`` (or ``sparring-N`` for N samples per decision).  It stands for the
strongest public bots of its class: for every decision it deals the unseen cards ``samples``
times uniformly among the deals consistent with its observation (``ai.schnapsen_determinize``, without
the expert's reading of the opponent's last lead, so that it shares no inference with the bot
it measures) and solves each sampled deal exactly to the end with alpha-beta (phase 1 with
drawing, exchange, closing and marriages, then phase 2), not to a depth and a leaf estimate as
the expert does.  The budget is a fixed number of samples, never a clock, so its strength does
not depend on the machine.  In a match each outcome counts by its match equity.

The exact search is the compiled core of ``ai.schnapsen_exact`` (the expert's); without it the
same values come from the pure-Python ``DealSearch`` with unlimited depth (about a hundred times
slower).

Glossary: stock = Talon; close = zudrehen; exchange = Atout-Unter tauschen; marriage =
Zwanziger/Vierziger; declare = ausmelden.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from random import Random
from typing import Any

from ai.match_equity import deal_equity, gp_slope
from ai.pimc_search import best_key
from ai.schnapsen_determinize import sample_uniform
from ai.schnapsen_exact import exact_values, load_core
from ai.schnapsen_knowledge import schnapsen_knowledge
from game.rules.base import Move
from game.rules.messages import Reason

#: samples per decision (phase 1, and phase 2 while the opponent's hand is not known)
SAMPLES = 64
#: ``sparring-firm``: game points a false declaration (giving the deal up below 66) must save
#: over playing on.  Plain PIMC with exact solves gives a weak hand up when the sampled searches,
#: each against an opponent who sees every card, lose it by more than 2 on average (after a
#: first-trick marriage they often say -2.5); a real opponent does not see the cards and the
#: deal is often won after all.  A public PIMC bot with random play-outs would not give up there
#: (its play-outs are optimistic), so this variant is the fairer yardstick on that point.
FIRM_GIVE_UP_MARGIN = 1.0
#: ``sparring-firm-close``: the firm partner that also closes as the expert does (a close must
#: beat playing on by the expert's ``CORE_CLOSE_MARGIN``, a close it expects to lose by the
#: give-up margin).  A diagnostic, not a yardstick: plain PIMC overrates its own closes (each
#: sample is solved by a closer who sees the opponent's hand), and this variant tells how much of
#: the expert's edge over ``sparring-firm`` is that flaw of the partner's.
FIRM_CLOSE_LEVEL = "sparring-firm-close"


class SparringAgent:
    """PIMC over ``samples`` uniform samples, each solved exactly to the end of the deal."""

    level = "sparring"

    def __init__(self, seat: int = 0, samples: int = SAMPLES, force_python: bool = False,
                 give_up_margin: float = 0.0, close_margin: float | None = None) -> None:
        self.seat = seat
        self.samples = samples
        self.core = load_core(force_python)
        #: game points a false declaration must save over the best other move (0: plain PIMC)
        self.give_up_margin = give_up_margin
        #: game points a close must beat the best other move by, as the expert's
        #: ``with_margins`` has it (None: plain PIMC, no margin)
        self.close_margin = close_margin

    def choose(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> Move:
        return self.explain(observation, legal_moves, rng)[0]

    def values(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> dict[str, float]:
        """Each legal move's mean value over the samples (match equity in a match, else game points)."""
        keys = [str(mv) for mv in legal_moves]
        k = schnapsen_knowledge(observation)
        needs = getattr(observation, "match_needs", None)
        n = 1 if k.perfect else self.samples
        totals = dict.fromkeys(keys, 0.0)
        for _ in range(n):
            w = sample_uniform(k, rng)
            vals = exact_values(w, self.core)
            for key in keys:
                v = vals.get(key)
                if v is None:  # cannot happen for a legal move; count it as the worst outcome
                    v = -3.0
                totals[key] += v if needs is None else deal_equity(needs, v) + 1e-4 * v
        return {key: v / n for key, v in totals.items()}

    def explain(self, observation: Any, legal_moves: Sequence[Move], rng: Random) -> tuple[Move, Reason]:
        if len(legal_moves) == 1:
            return legal_moves[0], Reason("only_legal")
        vals = self.values(observation, legal_moves, rng)
        # in a match the values are equity: the margins in game points scaled to it
        per_gp = 1.0 if observation.match_needs is None else gp_slope(observation.match_needs)
        if "declare" in vals and observation.points < 66 and len(vals) > 1:
            vals["declare"] -= self.give_up_margin * per_gp
        if "close" in vals and self.close_margin is not None:
            from ai.schnapsen import close_margin_for

            # the losing-close rule reads the close's game points: known outside a match only
            close_gp = vals["close"] if observation.match_needs is None else None
            vals["close"] -= close_margin_for(close_gp, self.close_margin) * per_gp
        rank = {"declare": 0 if observation.points >= 66 else 9, "meld": 1, "exchange": 2, "play": 3,
                "pass": 4, "close": 5}
        order = [str(mv) for mv in sorted(legal_moves, key=lambda mv: rank.get(mv.kind, 8))]
        key = best_key(vals, order)
        return next(mv for mv in legal_moves if str(mv) == key), Reason("d.search", used=self.samples, value=vals[key])


#: ``expert-fixed`` choosing the decisions of a match each way of ``ai.schnapsen.MATCH_PLAY``
MATCH_PLAY_LEVELS = {"expert-fixed-equity": "equity", "expert-fixed-exact-equity": "exact-equity",
                     "expert-fixed-gp": "game-points", "expert-fixed-blend": "blend",
                     "expert-fixed-near-end": "near-end"}


#: ``expert-fixed-`` option tokens: the token's name, the ExpertAgent parameter it sets and how
#: its number N becomes the parameter's value
EXPERT_OPTIONS: dict[str, tuple[tuple[str, ...], Callable[[int], Any]]] = {
    "chance": (("chance_stock",), int),
    "tie": (("heuristic_tie",), lambda n: n / 100),
    "read": (("read_draws",), int),
    "mc": (("meld_close_margin",), lambda n: n / 100),
    "ocp": (("opp_close_penalty",), lambda n: n / 100),
    "ct": (("closed_tie",), lambda n: n / 100),
    "oeq": (("opp_equity_needs",), int),
    "own": (("own_close_penalty",), lambda n: n / 100),
    "mem": (("memory",), int),
    "alphamu": (("alphamu_moves", "close_alphamu_moves"), int),
    "sf": (("settle_factor",), int),
    "sz": (("settle_z",), lambda n: n / 10),
    "dz": (("drop_z",), lambda n: n / 10),
    "lc": (("lead_charge",), lambda n: n / 100),
    "lca": (("lead_charge_answers",), bool),
    "lcd": (("lead_charge_depth",), int),
    "sbc": (("search_by_choice",), bool),
}
_OPTION_TOKEN = re.compile(r"([a-z]+)(\d+)")


def expert_options(level: str) -> dict[str, Any] | None:
    """The ExpertAgent parameters of ``expert-fixed-`` followed by one or more option tokens joined
    by ``-`` (``ocp100``, ``tie10-mc0-ocp100``: the ideas measured one by one, combined), or None
    when the name is not of that form (an unknown token, a repeated one, a token without its
    number)."""
    rest = level.removeprefix("expert-fixed-")
    if rest == level or not rest:
        return None
    options: dict[str, Any] = {}
    for token in rest.split("-"):
        match = _OPTION_TOKEN.fullmatch(token)
        if match is None or match.group(1) not in EXPERT_OPTIONS:
            return None
        params, convert = EXPERT_OPTIONS[match.group(1)]
        if params[0] in options:
            return None
        for param in params:
            options[param] = convert(int(match.group(2)))
    return options


def make(level: str, seat: int = 0) -> Any:
    """``sparring`` (SAMPLES samples) or ``sparring-N`` (N samples); ``sparring-firm``, the
    partner with a margin against giving a deal up (``FIRM_GIVE_UP_MARGIN``); ``expert-python``, the
    expert without its compiled core (the fallback of a machine without one, measured);
    ``expert-fixed``, the expert without its clock (reproducible runs), ``expert-fixed-equity``,
    ``-exact-equity``, ``-gp``, ``-blend`` and ``-near-end`` the same choosing a match's decisions one way of ``MATCH_PLAY``
    (``MATCH_PLAY_LEVELS``), ``sparring-firm-close`` the firm partner closing with the expert's
    margins (``FIRM_CLOSE_LEVEL``, a diagnostic), ``expert-fixed-chanceN``
    the same with the stock order a chance node from N stock cards down, ``expert-fixed-firstN-M``
    the same with only the next draw a chance node at N and M stock cards (``FIRST_DRAW``),
    ``expert-fixed-alphamuN`` the same with N moves searched together by alpha-mu in a closed
    deal and in the valuation of a close (``ai.schnapsen_alphamu``), ``expert-fixed-tieN`` the
    same with near ties of card plays at the open stock (within N/100 game points) going to the
    player level's card (``HEURISTIC_TIE``), ``expert-fixed-ocpN`` the same with N/100 game points
    charged to the opponent's closes inside the samples' searches (``OPP_CLOSE_PENALTY``),
    ``expert-fixed-readN`` the same reading the opponent's latest lead up to N of its draws ago
    (``READ_DRAWS``), ``expert-fixed-mcN`` the same with a close margin of N/100 game points where
    the best other move shows a marriage (``MELD_CLOSE_MARGIN``), ``expert-fixed-ctN`` the same with
    near ties of card plays within N/100 game points going to the player level's card in a closed
    deal too (``CLOSED_TIE``), ``expert-fixed-oeqN`` the same choosing by match equity wherever the
    opponent needs N game points or fewer (``OPP_EQUITY_NEEDS``), ``expert-fixed-ownN`` the same
    with N/100 game points charged to its own later closes inside the samples' searches
    (``OWN_CLOSE_PENALTY``), ``expert-fixed-memN`` the same remembering N weighted opponent hands
    through a deal (``MEMORY``, ``ai.schnapsen_memory``), ``expert-fixed-sfN`` the same going on
    past its samples up to N times their count while the best move is unsettled
    (``SETTLE_FACTOR``), ``expert-fixed-szN`` settled at N/10 standard errors (``SETTLE_Z``), ``expert-fixed-dzN``
    leaving a move N/10 standard errors behind out of the settling samples (``DROP_Z``),
    ``expert-fixed-lcN`` charging N/100 times ``LEAD_CHARGE_SHAPE`` on the next lead below its own
    leads inside the samples' searches (``LEAD_CHARGE``; ``-lca1`` below its answers too, ``-lcd0``
    on every lead below, ``LEAD_CHARGE_DEPTH``), ``expert-fixed-sbc1`` in a match sampling
    adaptively by the measure it then chooses by (``SEARCH_BY_CHOICE``); such options combine, joined by
    ``-`` (``expert-fixed-tie10-mc0-ocp100``, ``expert_options``); None for other names."""
    if level == "expert-python":
        from ai.schnapsen import ExpertAgent

        return ExpertAgent(seat, use_core=False)
    if level == "expert-fixed":
        from ai.schnapsen import ExpertAgent

        return ExpertAgent(seat, budget_s=None)
    play = MATCH_PLAY_LEVELS.get(level)
    if play is not None:
        from ai.schnapsen import ExpertAgent

        return ExpertAgent(seat, budget_s=None, match_play=play)
    first = level.removeprefix("expert-fixed-first")
    if first != level and first and all(x.isdigit() for x in first.split("-")):
        from ai.schnapsen import ExpertAgent

        return ExpertAgent(seat, budget_s=None, first_draw_stocks=frozenset(int(x) for x in first.split("-")))
    options = expert_options(level)
    if options is not None:
        from ai.schnapsen import ExpertAgent

        return ExpertAgent(seat, budget_s=None, **options)
    if level == "sparring":
        return SparringAgent(seat)
    if level == "sparring-firm":
        return SparringAgent(seat, give_up_margin=FIRM_GIVE_UP_MARGIN)
    if level == FIRM_CLOSE_LEVEL:
        from ai.schnapsen import CORE_CLOSE_MARGIN

        return SparringAgent(seat, give_up_margin=FIRM_GIVE_UP_MARGIN, close_margin=CORE_CLOSE_MARGIN)
    if level.startswith("sparring-") and level[9:].isdigit() and int(level[9:]) > 0:
        return SparringAgent(seat, int(level[9:]))
    return None


__all__ = ["SAMPLES", "SparringAgent", "make"]
