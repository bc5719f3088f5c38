"""A Schwimmen match: lives, swimming, elimination, the winner (RULES.md W13-W15, A-W7, A-W8).

``game.rules.match`` dispatches here (Schwimmen's ``GameSpec.match_module``): ``new_match``,
``start_round``, ``finish_round``, ``round_rules``.  ``lives[seat]`` are the lives left
(0 = swimming, still playing); a swimming seat that loses again goes under and is ``out``.
When one result would put every remaining seat out, nobody goes out, no life changes and the
deal is replayed with the same dealer (W14).  The deal passes on in the direction of play,
skipping seats that are out; with ``loser_deals`` the first loser (from the dealer's left) who
is still in deals next.

Glossary: schwimmen / Kuhreiter = playing on with no lives left; untergehen = going under.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.rules.base import RoundResult
from game.rules.deal_result import DealDetails
from game.rules.options import SchwimmenOptions
from game.rules.schwimmen import RULES, SchwimmenRules, SchwimmenState
from game.rules.seeds import derive_rng


@dataclass(frozen=True, slots=True)
class LivesRow:
    """One row of the lives table."""

    round_no: int
    dealer: int
    lost: tuple[int, ...]
    lives_after: tuple[int, ...]
    out_after: tuple[bool, ...]
    reason: str
    eliminated: tuple[int, ...] = ()
    replayed: bool = False
    details: DealDetails | Mapping[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True, slots=True)
class SchwimmenMatch:
    players: int
    options: SchwimmenOptions
    master_seed: int
    dealer: int
    lives: tuple[int, ...]
    out: tuple[bool, ...]
    round_no: int = 0
    game_id: str = "schwimmen"
    #: Seats in the order they went out (seats going out together appear in seat order).
    elimination_order: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    history: tuple[LivesRow, ...] = ()

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def active(self) -> tuple[bool, ...]:
        return tuple(not o for o in self.out)

    @property
    def swimming(self) -> tuple[bool, ...]:
        return tuple(not o and lv == 0 for o, lv in zip(self.out, self.lives, strict=True))


def new_match(
    players: int, options: Any = None, master_seed: int = 0, first_dealer: int = 0
) -> SchwimmenMatch:
    opts = options if options is not None else SchwimmenOptions()
    if not RULES.min_players <= players <= RULES.max_players:
        raise ValueError(f"Schwimmen needs 2 to 9 players, got {players}")
    if opts.lives < 0:
        raise ValueError("lives must not be negative")
    return SchwimmenMatch(
        players=players,
        options=opts,
        master_seed=master_seed,
        dealer=first_dealer % players,
        lives=(opts.lives,) * players,
        out=(False,) * players,
    )


def round_rules(m: SchwimmenMatch) -> SchwimmenRules:
    return RULES


def start_round(m: SchwimmenMatch) -> SchwimmenState:
    if m.is_over:
        raise ValueError("the match is over")
    rng = derive_rng(m.master_seed, "round", m.round_no)
    return RULES.new_round(m.players, m.dealer, rng, m.options, active=m.active, lives=m.lives)


def _next_active(m: SchwimmenMatch, seat: int, out: tuple[bool, ...]) -> int:
    step = 1 if m.options.direction == "clockwise" else -1
    for k in range(1, m.players + 1):
        s = (seat + step * k) % m.players
        if not out[s]:
            return s
    return seat


def finish_round(m: SchwimmenMatch, result: RoundResult) -> SchwimmenMatch:
    """Book the lives lost in one deal; eliminate, detect the winner, pick the next dealer."""
    if m.is_over:
        raise ValueError("the match is already over")
    if len(result.points) != m.players:
        raise ValueError(f"result has {len(result.points)} entries for {m.players} players")
    lives = list(m.lives)
    out = list(m.out)
    going: list[int] = []
    for seat, lost in enumerate(result.points):
        if lost < 0:
            raise ValueError("a seat cannot gain lives")
        if lost == 0 or m.out[seat]:
            continue
        if lives[seat] - lost < 0:
            lives[seat] = 0
            out[seat] = True
            going.append(seat)
        else:
            lives[seat] -= lost
    remaining = [s for s in range(m.players) if not out[s]]
    if not remaining:
        # W14 / A-W7: the result would put everyone out: nobody goes, replay with the same dealer.
        row = LivesRow(m.round_no, m.dealer, result.points, m.lives, m.out, result.reason, (), True, result.details)
        return replace(m, round_no=m.round_no + 1, history=m.history + (row,))
    new_out = tuple(out)
    row = LivesRow(m.round_no, m.dealer, result.points, tuple(lives), new_out, result.reason, tuple(going), False, result.details)
    winners = (remaining[0],) if len(remaining) == 1 else ()
    dealer = _next_active(m, m.dealer, new_out)
    if m.options.loser_deals:
        losers_in = [s for s in _rotation(m) if result.points[s] > 0 and not new_out[s]]
        if losers_in:
            dealer = losers_in[0]
    return replace(
        m,
        lives=tuple(lives),
        out=new_out,
        round_no=m.round_no + 1,
        dealer=dealer,
        elimination_order=m.elimination_order + tuple(going),
        winners=winners,
        history=m.history + (row,),
    )


def _rotation(m: SchwimmenMatch) -> list[int]:
    """All seats in the direction of play, starting at the dealer's left."""
    step = 1 if m.options.direction == "clockwise" else -1
    return [(m.dealer + step * k) % m.players for k in range(1, m.players + 1)]
