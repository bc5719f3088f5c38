"""A match: rounds, dealer rotation, game points, Bummerl, and per-round seeds from one master seed.

Point games (RULES.md 2.7, 3.9, 4.5 D13):
- Schnapsen: first seat to ``match_target`` (7) GP wins; the loser gets one Bummerl, two with
  ``schneider_bummerl`` when it has 0 GP.  The deal alternates, or the loser of a deal deals.
- Bauernschnapsen: fixed partnerships (seats 0+2 and 1+3); both partners carry the team's score;
  first team to 24 wins; the losing team gets 1 Bummerl, 2 at 0 GP (Schneider), 4 with
  ``retourschneider`` when it once led 23:0.  The deal passes to the left.
- Dreierschnapsen: individual scores; several seats may pass 24 in one deal (both defenders
  score): the higher total wins; equal totals go to one deal of 2-player Schnapsen
  (``tie_break = schnapsenPlayoff``) or share the win.  Every non-winner gets Bummerl (or only
  the lowest, ``bummerl_to``).

Which of these a game uses its spec says (``game.rules.registry.GameSpec``: partnerships, the
playoff, the loser dealing, which Schneider option); no function here tests a game id.
Schwimmen's match (lives, swimming, elimination) lives in ``schwimmen_match`` (the spec's
``match_module``); the functions here dispatch to it so callers use one API: ``new_match``, ``round_rules``, ``start_round``,
``finish_round``, ``seat_map``.

Glossary: Bummerl = a lost match; Schneider = losing with 0 game points.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.rules import registry
from game.rules.base import RoundResult
from game.rules.deal_result import DealDetails
from game.rules.options import defaults
from game.rules.seeds import derive_rng

RETOUR_LEAD = 23


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One row of the score sheet."""

    round_no: int
    dealer: int
    points: tuple[int, ...]
    scores_after: tuple[int, ...]
    reason: str
    rule: str = ""
    playoff: bool = False
    details: DealDetails | Mapping[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True, slots=True)
class MatchState:
    game_id: str
    players: int
    options: Any
    master_seed: int
    dealer: int
    round_no: int = 0
    scores: tuple[int, ...] = ()
    history: tuple[RoundRecord, ...] = ()
    winners: tuple[int, ...] = ()
    bummerl: tuple[int, ...] = ()
    #: Seats that once led RETOUR_LEAD : 0 (for Retourschneider).
    led_23_0: tuple[bool, ...] = ()
    #: Dreierschnapsen tie at the target: the two seats playing one Schnapsen deal.
    playoff: tuple[int, int] | None = None

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def target(self) -> int:
        return int(self.options.match_target)


def _own_match(game_id: str) -> Any:
    """The game's own match module (Schwimmen's lives), or None for the points match here."""
    name = registry.spec(game_id).match_module
    return importlib.import_module(name) if name else None


def new_match(game_id: str, players: int, options: Any = None, master_seed: int = 0, first_dealer: int = 0) -> Any:
    info = registry.spec(game_id)
    if not info.min_players <= players <= info.max_players:
        raise ValueError(f"{info.name} is played by {info.min_players}-{info.max_players} players, not {players}")
    own = _own_match(game_id)
    if own is not None:
        return own.new_match(players, options, master_seed, first_dealer)
    options = options if options is not None else defaults(game_id)
    zeros = (0,) * players
    return MatchState(
        game_id, players, options, master_seed, first_dealer % players,
        scores=zeros, bummerl=zeros, led_23_0=(False,) * players,
    )


def round_rules(m: Any) -> Any:
    own = _own_match(m.game_id)
    if own is not None:
        return own.round_rules(m)
    return registry.get(_playoff_game(m) if m.playoff else m.game_id)


def _playoff_game(m: MatchState) -> str:
    game = registry.spec(m.game_id).playoff_game
    if game is None:
        raise ValueError(f"{m.game_id} has no playoff")
    return game


def seat_map(m: Any) -> tuple[int, ...]:
    """Round seat -> match seat (identity except for a Dreierschnapsen playoff)."""
    if getattr(m, "playoff", None):
        return tuple(m.playoff)
    return tuple(range(m.players))


def start_round(m: Any) -> Any:
    """The state of the next round, dealt with the round's own derived rng."""
    own = _own_match(m.game_id)
    if own is not None:
        return own.start_round(m)
    rng = derive_rng(m.master_seed, "round", m.round_no)
    if m.playoff:  # one deal decides: either seat needs a single game point
        return registry.get(_playoff_game(m)).new_round(2, m.round_no % 2, rng, match_needs=(1, 1))
    if registry.spec(m.game_id).deal_needs_match:
        needs = (max(1, m.target - m.scores[0]), max(1, m.target - m.scores[1]))
        return round_rules(m).new_round(m.players, m.dealer, rng, m.options, match_needs=needs)
    return round_rules(m).new_round(m.players, m.dealer, rng, m.options)


def finish_round(m: Any, result: RoundResult) -> Any:
    """Book a finished round: add game points, rotate the dealer, detect the end of the match."""
    own = _own_match(m.game_id)
    if own is not None:
        return own.finish_round(m, result)
    if m.is_over:
        raise ValueError("the match is already over")
    if m.playoff:
        return _finish_playoff(m, result)
    if len(result.points) != m.players:
        raise ValueError(f"result has {len(result.points)} entries for {m.players} players")
    scores = tuple(s + p for s, p in zip(m.scores, result.points, strict=True))
    led = tuple(was or _leads_23_0(m, scores, i) for i, was in enumerate(m.led_23_0))
    record = RoundRecord(m.round_no, m.dealer, result.points, scores, result.reason, result.rule, details=result.details)
    m = replace(m, scores=scores, led_23_0=led, history=m.history + (record,), round_no=m.round_no + 1,
                dealer=_next_dealer(m, result))
    reached = [i for i, s in enumerate(scores) if s >= m.target]
    if not reached:
        return m
    best = max(scores[i] for i in reached)
    top = [i for i in reached if scores[i] == best]
    if registry.spec(m.game_id).playoff_game is not None and len(top) > 1:
        if m.options.tie_break == "schnapsenPlayoff":
            return replace(m, playoff=(top[0], top[1]))
        return _conclude(m, tuple(top))
    winners = tuple(j for j in range(m.players) if _same_side(m, top[0], j))
    return _conclude(m, winners)


def _finish_playoff(m: MatchState, result: RoundResult) -> MatchState:
    assert m.playoff is not None  # only called on a playoff
    a, b = m.playoff
    winner = a if result.points[0] > result.points[1] else b
    points = tuple(0 for _ in range(m.players))
    record = RoundRecord(m.round_no, m.dealer, points, m.scores, result.reason, result.rule, playoff=True,
                         details=result.details)
    m = replace(m, history=m.history + (record,), round_no=m.round_no + 1, playoff=None)
    return _conclude(m, (winner,))


def _leads_23_0(m: MatchState, scores: tuple[int, ...], i: int) -> bool:
    """Whether seat ``i`` now leads 23:0 (Retourschneider, A-B11 / D13): its side has 23 or more
    and every other side has 0; in Dreierschnapsen the others are 0 or also at 23 (D13's case of
    two players on 23 against one on 0)."""
    if scores[i] < RETOUR_LEAD:
        return False
    others = [scores[j] for j in range(m.players) if not _same_side(m, i, j)]
    if registry.spec(m.game_id).retour_shared_lead:
        return 0 in others and all(o == 0 or o >= RETOUR_LEAD for o in others)
    return all(o == 0 for o in others)


def _same_side(m: MatchState, i: int, j: int) -> bool:
    return registry.spec(m.game_id).same_side(i, j)


def _next_dealer(m: MatchState, result: RoundResult) -> int:
    if registry.spec(m.game_id).loser_may_deal and m.options.deal_rotation == "loserDeals":
        scorers = [i for i, p in enumerate(result.points) if p > 0]
        if len(scorers) == 1:
            return 1 - scorers[0]
    return (m.dealer + 1) % m.players


def bummerl_for(m: MatchState, seat: int, winners: tuple[int, ...]) -> int:
    """How many Bummerl ``seat`` receives when ``winners`` won the match."""
    if seat in winners:
        return 0
    spec = registry.spec(m.game_id)
    if spec.bummerl_lowest_option and m.options.bummerl_to == "lowestOnly":
        losers = [i for i in range(m.players) if i not in winners]
        if m.scores[seat] != min(m.scores[i] for i in losers):
            return 0
    retour = getattr(m.options, "retourschneider", False)
    if retour and m.led_23_0[seat]:
        return 4
    schneider = getattr(m.options, spec.schneider_option)
    return 2 if schneider and m.scores[seat] == 0 else 1


def _conclude(m: MatchState, winners: tuple[int, ...]) -> MatchState:
    bummerl = tuple(b + bummerl_for(m, i, winners) for i, b in enumerate(m.bummerl))
    return replace(m, winners=winners, bummerl=bummerl)
