"""The typed figures of a finished deal: one frozen dataclass per game family.

``RoundResult.details`` holds one of these: :class:`SchnapsenDeal` (RULES.md 2.6),
:class:`FamilyDeal` (Bauern- and Dreierschnapsen, B16/B17) or :class:`SchwimmenDeal` (W10-W16).
Readers ask ``isinstance(result.details, FamilyDeal)`` and read attributes, so a field that is
renamed or missing is a type error, not a silent ``None`` from ``dict.get``.

A result built by hand (tests, old callers) may still carry a plain dict; :class:`DealDetails`
also answers the read-only mapping calls (``d["contract"]``, ``d.get("made")``, ``"losers" in d``)
so such code keeps working while it is moved over.

Glossary: Bummerl = a lost match; Schneider = below 33 points; Schwarz = no trick.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class DealDetails:
    """Base of the typed deal figures; read-only mapping access by field name (legacy)."""

    def __getitem__(self, key: str) -> Any:
        if key not in self._names():
            raise KeyError(key)
        return getattr(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key) if key in self._names() else default

    def __contains__(self, key: object) -> bool:
        return key in self._names()

    def _names(self) -> tuple[str, ...]:
        return tuple(f.name for f in fields(self))


@dataclass(frozen=True, slots=True)
class SchnapsenDeal(DealDetails):
    """Two-player Schnapsen (2.6): which row scored, and the figures it was decided on.

    ``None`` marks what did not happen: nobody closed, nobody declared, no trump exchange."""

    row: int
    winner: int
    game_points: int
    card_points: tuple[int, int]
    scores: tuple[int, int]
    #: (suit letter, seat) of every marriage shown, in order.
    marriages: tuple[tuple[str, int], ...]
    meld_points: tuple[int, int]
    #: meld points that count (a seat without a trick has its marriages pending).
    credited_meld_points: tuple[int, int]
    tricks: tuple[int, int]
    closed_by: int | None
    close_points: int | None
    close_tricks: int | None
    declared_by: int | None
    declared_score: int | None
    correct: bool | None
    last_trick_winner: int | None
    exchanged_by: int | None
    trump: str


@dataclass(frozen=True, slots=True)
class FamilyDeal(DealDetails):
    """A Bauern- or Dreierschnapsen deal: the contract, its declarer and what each side had.

    Sides are 0 (the declarer's side, or forehand's team in a normal game) and 1."""

    contract: str
    declarer: int
    dealer: int
    multiplier: int
    #: "declared", "last_trick", "made" or "failed".
    ending: str
    card_points: tuple[int, int]
    scores: tuple[int, int]
    tricks: tuple[int, int]
    #: card points in the Dreierschnapsen discard (they count for the declarer).
    discard_points: int
    made: bool
    #: the contract's game points before the multiplier.
    gp: int
    amount: int
    winner_side: int


@dataclass(frozen=True, slots=True)
class SchwimmenDeal(DealDetails):
    """A Schwimmen deal: every hand shown at the end, its value, and who lost a life."""

    hands: tuple[str, ...]
    values: tuple[str, ...]
    #: the HandValue of each seat still in (None for a seat out of the match).
    keys: tuple[Any, ...]
    knocker: int | None
    #: "knock", "31", "feuer" or what else ended the deal (see game.rules.schwimmen_showdown).
    ended_by: str
    revealers: tuple[int, ...]
    losers: tuple[int, ...]
