"""The seam between the one table scene and a game: what a game's table helper provides.

The table scene (:mod:`game.ui.scenes.table`) and the presenter are the same for every game; a
game adds its details through one object, made by ``make_helper(scene)`` in the module that
``game.ui.scenes.TABLE_HELPERS`` names for its id.  :class:`TableHelper` is that object's whole
shape, and every helper implements all of it: the scene calls each method unconditionally,
nothing is probed by name.  :class:`TableHelperBase` answers the parts most games leave as they
are (no own animations, no own table parts to click, the shared summary, two match scores) and
applies the player's hand-sorting setting around the game's own order (:meth:`game_sort`).

Zones are the presenter's names for places on the table (``hand<seat>``, ``trick``, ``stock``,
``pile<seat>`` ...); a game may add its own (Schwimmen's ``middle``) and place them in its
geometry (``make_geometry``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.cards import Card
from game.rules.base import Move

if TYPE_CHECKING:
    from game.ui.presenter import Presenter
    from game.ui.scenes.table_geometry import TableGeometry
    from game.ui.widgets import Button

#: The ranks high to low for the "by rank" hand sorting (all decks of the four games).
RANK_ORDER = "AT KQJ98765432".replace(" ", "")


class TableHelper(Protocol):
    """What a game's table adds to the generic table scene (all methods are called)."""

    game_id: str

    # --- cards and zones (the presenter's model) --------------------------------------------
    def deck(self) -> tuple[Card, ...]:
        """Every card of the game's deck: one sprite each."""
    def make_geometry(self, size: tuple[int, int], human: int) -> TableGeometry:
        """Where each zone's cards lie at this window size (the human's seat at the bottom)."""
    def sort_cards(self, cards: Sequence[Card], obs: Any) -> list[Card]:
        """The human's hand order for ``cards`` (the player's sorting setting applied)."""
    def hand_order(self, obs: Any) -> list[Card]:
        """The human's hand from the observation, in display order."""
    def deal_plan(self, obs: Any) -> list[tuple[str, int]]:
        """The presenter's default deal as (zone, count) packets; [] when the game animates its
        deal itself (``present_steps``)."""
    def visible(self, obs: Any) -> dict[str, list[Card]]:
        """The zones whose cards the human sees, from the observation alone."""
    def counts(self, obs: Any) -> dict[str, int]:
        """How many face-down cards each hidden zone holds."""
    def trick_seats(self, obs: Any) -> dict[Card, int]:
        """Who played each card of the current trick (for its slot on the table)."""
    def face_up(self, zone: str) -> bool | None:
        """Whether a zone of this game lies face up; None: the presenter's default rule."""
    def present_steps(self, presenter: Presenter, event: Any, obs: Any) -> list[Any] | None:
        """Timeline steps for an event the game animates itself; None: the presenter's own."""

    # --- decisions --------------------------------------------------------------------------
    def buttons(self, legal: Sequence[Move], obs: Any) -> list[Button]:
        """The buttons for the human's legal moves right now."""
    def layout_buttons(self, buttons: list[Button], geo: Any, size: tuple[int, int]) -> bool:
        """Place the buttons in an own arrangement; False: the scene's row."""
    def action_move(self, action: str, legal: Sequence[Move]) -> Move | None:
        """The move a button's action stands for."""
    def key_move(self, key: int, legal: Sequence[Move], obs: Any) -> Move | None:
        """The move a key stands for (may change the helper's own view state and return None)."""
    def default_move(self, legal: Sequence[Move], obs: Any) -> Move | None:
        """What Space/Enter does."""
    def card_move(self, card: Card, legal: Sequence[Move], obs: Any) -> Move | None:
        """A click on a hand card: play it, or select it (swap, discard) and return None."""
    def drop_move(self, card: Card, pos: tuple[int, int], legal: Sequence[Move], obs: Any) -> Move | None:
        """A hand card dragged to ``pos`` and let go: the move it makes, or None."""
    def on_press(self, pos: tuple[int, int]) -> bool:
        """A click on the game's own table parts; True when it was used."""

    # --- words and pictures -----------------------------------------------------------------
    def describe(self, event: Any, obs: Any) -> str | None:
        """The status line for an event, in the player's language; None says nothing."""
    def draw_hud(self, surface: pygame.Surface, obs: Any, geo: Any, to_move: int | None) -> None:
        """Names, scores, trump and the turn marker."""
    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn over the table (the active rules, own-side views)."""
    def help_text(self) -> str:
        """The key help above the human's hand."""
    def match_score_text(self) -> str:
        """The match's standing at the left of the status line."""
    def seat_bubble_height(self, h: int) -> int:
        """Height of a callout drawn under a seat (0: none), so notices keep clear of it."""
    def notice_obstacles(self, size: tuple[int, int]) -> list[pygame.Rect]:
        """What a notice must not cover besides seats, cards and buttons."""
    def summary_scene(self) -> Any:
        """The scene shown at the end of a deal (the summary or the game's score sheet)."""
    def settings_applied(self) -> None:
        """The player changed a setting at this table (after the common ones are applied)."""


class TableHelperBase:
    """Defaults for :class:`TableHelper`.  A game overrides what it does differently; the rest
    keeps the behaviour of the Schnapsen table.  Subclasses implement :meth:`game_sort`."""

    game_id = ""

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    # --- sorting: the game's own order, or the player's choice -----------------------------

    def game_sort(self, cards: Sequence[Card], obs: Any) -> list[Card]:
        """The game's own hand order (trumps first, suits by colour ...)."""
        return list(cards)

    def game_hand_order(self, obs: Any) -> list[Card]:
        """The human's hand in the game's own order (Schwimmen adds the cards being passed)."""
        return self.game_sort(obs.hand, obs)

    def _sorting(self) -> str:
        return str(self.scene.hand_sorting)

    def sort_cards(self, cards: Sequence[Card], obs: Any) -> list[Card]:
        mode = self._sorting()
        if mode == "rank":
            return sort_by_rank(cards)
        if mode == "none":
            return sort_as_dealt(cards, obs)
        return list(self.game_sort(cards, obs))

    def hand_order(self, obs: Any) -> list[Card]:
        if self._sorting() == "suit":
            return list(self.game_hand_order(obs))
        return self.sort_cards(list(obs.hand), obs)

    # --- zones ------------------------------------------------------------------------------

    def deal_plan(self, obs: Any) -> list[tuple[str, int]]:
        return []

    def trick_seats(self, obs: Any) -> dict[Card, int]:
        return {}

    def face_up(self, zone: str) -> bool | None:
        return None

    def present_steps(self, presenter: Presenter, event: Any, obs: Any) -> list[Any] | None:
        return None

    # --- decisions --------------------------------------------------------------------------

    def layout_buttons(self, buttons: list[Button], geo: Any, size: tuple[int, int]) -> bool:
        return False

    def card_move(self, card: Card, legal: Sequence[Move], obs: Any) -> Move | None:
        return Move("play", (card,))

    def drop_move(self, card: Card, pos: tuple[int, int], legal: Sequence[Move], obs: Any) -> Move | None:
        """Played when dropped in the play area; put back anywhere else."""
        presenter = self.scene.presenter
        if presenter is None or not presenter.in_play_area(pos):
            return None
        return self.card_move(card, legal, obs)

    def on_press(self, pos: tuple[int, int]) -> bool:
        return False

    # --- words and pictures -----------------------------------------------------------------

    def draw_overlay(self, surface: pygame.Surface) -> None:
        return None

    def help_text(self) -> str:
        from game.ui.text import t

        return t("table.help")

    def match_score_text(self) -> str:
        """Two scores: the human's and the next player's."""
        from game.ui.text import t

        view = self.scene.controller.view
        me = view.human_seat if view.human_seat is not None else 0
        other = 1 - me if view.players == 2 else (me + 1) % view.players
        return t("table.match_score", you=view.match.scores[me], bot=view.match.scores[other],
                 name=self.scene.seat_name(other))

    def seat_bubble_height(self, h: int) -> int:
        return 0

    def notice_obstacles(self, size: tuple[int, int]) -> list[pygame.Rect]:
        return []

    def summary_scene(self) -> Any:
        from game.ui.scenes.summary import SummaryScene

        return SummaryScene(self.scene.app, self.scene)

    def settings_applied(self) -> None:
        pass


def sort_by_rank(cards: Sequence[Card]) -> list[Card]:
    """High to low by rank, suits in a fixed order within a rank."""
    return sorted(cards, key=lambda c: (RANK_ORDER.index(c.rank.value) if c.rank.value in RANK_ORDER else 99,
                                        c.suit.value))


def sort_as_dealt(cards: Sequence[Card], obs: Any) -> list[Card]:
    """The order the observation lists the hand in (as dealt and drawn)."""
    hand = list(getattr(obs, "hand", ()))
    return sorted(cards, key=lambda c: hand.index(c) if c in hand else len(hand))
