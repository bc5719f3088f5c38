"""The read-only window the user interface has on a match: what the human seat may see.

:class:`SeatView` wraps a :class:`game.controller.MatchController` and answers only public or
own-seat questions: the human's observation and legal moves, whose turn it is, the round and
match standing (scores, lives and the score sheet's history are public), the deal's result, and
the other hands once the deal is over (they are turned up then).  It never hands out the
rules state, so a screen cannot show a card the player may not know.  The controller makes one
(``controller.view``); everything is read live, so it never goes stale.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.cards import Card
    from game.controller import MatchController
    from game.rules.base import Move, RoundResult


class SeatView:
    """What the human seat may know about the match a controller runs."""

    __slots__ = ("_c",)

    def __init__(self, controller: MatchController) -> None:
        self._c = controller

    # --- the match's identity and seats (public) -------------------------------------------

    @property
    def game_id(self) -> str:
        return self._c.game_id

    @property
    def rules_id(self) -> str:
        """The rules of the current deal (Dreierschnapsen's playoff deal is Schnapsen)."""
        return str(self._c.rules.id)

    @property
    def players(self) -> int:
        return self._c.players

    @property
    def human_seat(self) -> int | None:
        """The human's match seat (None: bots only)."""
        return self._c.human_seat

    @property
    def options(self) -> Any:
        return self._c.options

    def round_seat(self, match_seat: int | None) -> int | None:
        return self._c.round_seat(match_seat)

    def match_seat(self, round_seat: int) -> int:
        return self._c.match_seat(round_seat)

    # --- the human's decision --------------------------------------------------------------

    def observation(self) -> Any:
        """The human seat's observation (seat 0's in a bots-only match)."""
        return self._c.observation()

    def legal_moves(self) -> tuple[Move, ...]:
        return self._c.legal_moves()

    @property
    def to_move(self) -> int | None:
        return self._c.to_move

    @property
    def awaiting_human(self) -> bool:
        return self._c.awaiting_human

    # --- round and match standing (public) -------------------------------------------------

    @property
    def round_no(self) -> int:
        return self._c.round_no

    @property
    def round_over(self) -> bool:
        return self._c.round_over

    @property
    def match_over(self) -> bool:
        return self._c.match_over

    @property
    def round_result(self) -> RoundResult | None:
        return self._c.round_result

    @property
    def match(self) -> Any:
        """The match record: scores or lives, target, history (what the score sheet shows)."""
        return self._c.match

    def final_hands(self) -> tuple[tuple[Card, ...], ...] | None:
        """Every seat's cards once the deal is over (they are turned up); None before."""
        if not self._c.round_over:
            return None
        hands = getattr(self._c.state, "hands", None)
        return tuple(tuple(h) for h in hands) if hands is not None else None

    def side(self, seat: int) -> int:
        """The partnership a seat plays for this deal (Bauernschnapsen: 0 is forehand's team)."""
        side = getattr(self._c.state, "side", None)
        return int(side(seat)) if side is not None else seat % 2
