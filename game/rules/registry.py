"""GAMES: game id -> the game's :class:`GameSpec`, the one object that says how the game differs.

Everything outside a game's own modules asks the spec instead of testing ``game_id ==``: the
match (``game.rules.match``: a points match or a match module of its own, partnerships, the
tie-break, Bummerl), the statistics and the end-of-deal words (partnerships, whether a deal
was won), the move log (which moves hide their cards), the summary (hindsight analysis) and
the tables (player counts).  A fifth game adds one entry here.

Rules modules are imported lazily so that a module being worked on cannot break the others.

Glossary: Bummerl = a lost match; Schneider = losing with 0 game points; Retourschneider = losing
after leading 23:0.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.base import Move


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a game is, beyond its rules protocol; every field has the common answer as default."""

    id: str
    name: str
    #: the rules module: exposes ``RULES`` (the rules protocol) and ``parse_move``
    module: str
    min_players: int
    max_players: int
    #: a module with a match API of its own (``new_match``, ``round_rules``, ``start_round``,
    #: ``finish_round``); None: the points match of ``game.rules.match``
    match_module: str | None = None
    #: a deal's points are lives lost (a deal is won by losing none), not game points won
    lives: bool = False
    #: fixed partnerships: seats 0+2 against 1+3 share one score
    teams: bool = False
    #: deals are contracts with a declarer (bidding, Kontra): results carry a ``FamilyDeal``
    contracts: bool = False
    #: the deal is told how many game points each seat still needs (Schnapsen's 2.6 ``match_needs``)
    deal_needs_match: bool = False
    #: the option ``deal_rotation`` may let the loser of a deal deal next
    loser_may_deal: bool = False
    #: seats tied above the target may play one deal of this game (option ``tie_break``)
    playoff_game: str | None = None
    #: Retourschneider also when the other seats at 23 or more lead together against one at 0 (D13)
    retour_shared_lead: bool = False
    #: the option ``bummerl_to`` may give the Bummerl to the lowest loser only
    bummerl_lowest_option: bool = False
    #: the option that doubles the Bummerl of a loser with 0 game points
    schneider_option: str = "schneider_double"
    #: moves whose cards only the seat that made them sees
    private_moves: frozenset[str] = frozenset({"discard", "pass2"})
    #: a knock that names cards passes them face down (Schwimmen's closed game)
    knock_hides_cards: bool = False
    #: "knock" is the knock at the cut (the family games), not the end of a round
    knock_at_cut: bool = False
    #: the finished deal can be replayed for the "Could I have won?" analysis
    hindsight: bool = False

    @property
    def stats_kind(self) -> str:
        """Which rows the statistics show: "lives", "contracts" or "tricks" (Schnapsen's closes)."""
        return "lives" if self.lives else "contracts" if self.contracts else "tricks"

    def same_side(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` score together."""
        return a % 2 == b % 2 if self.teams else a == b

    def side_of(self, seat: int) -> int:
        """The seat's scoring side: its team (0 or 1) with partnerships, else the seat itself."""
        return seat % 2 if self.teams else seat

    def deal_won(self, points: Sequence[int], seat: int) -> bool:
        """Whether ``seat`` won the deal whose result gave ``points``."""
        return points[seat] == 0 if self.lives else points[seat] > 0

    def hides_cards(self, move: Move) -> bool:
        """Whether the cards of ``move`` stay hidden from the other seats."""
        return move.kind in self.private_moves or (self.knock_hides_cards and move.kind == "knock" and bool(move.cards))


#: The spec by its old name (callers that only read id, name, module and player counts).
GameInfo = GameSpec

GAMES: dict[str, GameSpec] = {
    "schnapsen": GameSpec(
        "schnapsen", "Schnapsen", "game.rules.schnapsen", 2, 2,
        deal_needs_match=True, loser_may_deal=True, schneider_option="schneider_bummerl", hindsight=True,
    ),
    "dreierschnapsen": GameSpec(
        "dreierschnapsen", "Dreierschnapsen", "game.rules.dreierschnapsen", 3, 3,
        contracts=True, playoff_game="schnapsen", retour_shared_lead=True, bummerl_lowest_option=True,
        knock_at_cut=True,
    ),
    "bauernschnapsen": GameSpec(
        "bauernschnapsen", "Bauernschnapsen", "game.rules.bauernschnapsen", 4, 4, teams=True, contracts=True,
        knock_at_cut=True,
    ),
    "schwimmen": GameSpec(
        "schwimmen", "Schwimmen (31)", "game.rules.schwimmen", 2, 9,
        match_module="game.rules.schwimmen_match", lives=True, knock_hides_cards=True,
    ),
}

_CACHE: dict[str, Any] = {}


def spec(game_id: str) -> GameSpec:
    """The game's spec; a clear KeyError for an unknown id."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}")
    return GAMES[game_id]


def get(game_id: str) -> Any:
    """The rules object of a game; each rules module exposes it as ``RULES``."""
    if game_id not in _CACHE:
        _CACHE[game_id] = importlib.import_module(spec(game_id).module).RULES
    return _CACHE[game_id]


def parse_move(game_id: str, text: str) -> Any:
    return importlib.import_module(GAMES[game_id].module).parse_move(text)
