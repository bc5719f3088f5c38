"""Dreierschnapsen's table: the family table, and during a tie's playoff deal the Schnapsen one.

A tie at the target ends with one deal of two-player Schnapsen (``tie_break =
schnapsenPlayoff``).  :class:`PlayoffSwitch` is the :class:`~game.ui.table_protocol.TableHelper`
of a Dreierschnapsen match: every call goes to the helper of the current deal's rules, except
sorting (by the observation it is given: a deal's last animations may still run when the next
has begun), the match score and the summary (the match stays a three-seat match).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.cards import Card
from game.rules.base import Move
from game.ui.scenes.table_family import FamilyTable
from game.ui.table_protocol import TableHelperBase
from game.ui.widgets import Button


class PlayoffSwitch(TableHelperBase):
    """Dreierschnapsen ends a tie at the target with one deal of two-player Schnapsen
    (``tie_break = schnapsenPlayoff``): while that deal runs, the Schnapsen helper answers.
    The match stays a three-seat match: its score and summary are the family table's."""

    def __init__(self, scene: Any) -> None:
        from game.ui.scenes.table_schnapsen import SchnapsenTable

        super().__init__(scene)
        self.family = FamilyTable(scene, scene.game_id)
        self.schnapsen = SchnapsenTable(scene)
        self.game_id = scene.game_id

    def _current(self) -> TableHelperBase:
        return self.schnapsen if self.scene.controller.view.rules_id == "schnapsen" else self.family

    def _for(self, obs: Any) -> TableHelperBase:
        """The helper that understands ``obs``.  Sorting goes by the observation, not by the
        controller's current round: the cards of the round before (a family deal's trump call)
        may still be animating when the playoff has begun, and the reverse."""
        from game.rules.family_rules import FamilyObservation

        return self.family if isinstance(obs, FamilyObservation) else self.schnapsen

    def game_sort(self, cards: Sequence[Card], obs: Any) -> list[Card]:
        return list(self._for(obs).game_sort(cards, obs))

    def game_hand_order(self, obs: Any) -> list[Card]:
        return list(self._for(obs).game_hand_order(obs))

    # The rest is the current round's helper's.
    def deck(self) -> tuple[Card, ...]:
        return self._current().deck()  # type: ignore[attr-defined, no-any-return]

    def make_geometry(self, size: tuple[int, int], human: int) -> Any:
        return self._current().make_geometry(size, human)  # type: ignore[attr-defined]

    def deal_plan(self, obs: Any) -> list[tuple[str, int]]:
        return self._current().deal_plan(obs)

    def visible(self, obs: Any) -> dict[str, list[Card]]:
        return self._current().visible(obs)  # type: ignore[attr-defined, no-any-return]

    def counts(self, obs: Any) -> dict[str, int]:
        return self._current().counts(obs)  # type: ignore[attr-defined, no-any-return]

    def trick_seats(self, obs: Any) -> dict[Card, int]:
        return self._current().trick_seats(obs)

    def face_up(self, zone: str) -> bool | None:
        return self._current().face_up(zone)

    def present_steps(self, presenter: Any, event: Any, obs: Any) -> list[Any] | None:
        return self._current().present_steps(presenter, event, obs)

    def buttons(self, legal: Sequence[Move], obs: Any) -> list[Button]:
        return self._current().buttons(legal, obs)  # type: ignore[attr-defined, no-any-return]

    def layout_buttons(self, buttons: list[Button], geo: Any, size: tuple[int, int]) -> bool:
        return self._current().layout_buttons(buttons, geo, size)

    def action_move(self, action: str, legal: Sequence[Move]) -> Move | None:
        return self._current().action_move(action, legal)  # type: ignore[attr-defined, no-any-return]

    def key_move(self, key: int, legal: Sequence[Move], obs: Any) -> Move | None:
        return self._current().key_move(key, legal, obs)  # type: ignore[attr-defined, no-any-return]

    def default_move(self, legal: Sequence[Move], obs: Any) -> Move | None:
        return self._current().default_move(legal, obs)  # type: ignore[attr-defined, no-any-return]

    def card_move(self, card: Card, legal: Sequence[Move], obs: Any) -> Move | None:
        return self._current().card_move(card, legal, obs)

    def drop_move(self, card: Card, pos: tuple[int, int], legal: Sequence[Move], obs: Any) -> Move | None:
        return self._current().drop_move(card, pos, legal, obs)

    def on_press(self, pos: tuple[int, int]) -> bool:
        return self._current().on_press(pos)

    def describe(self, event: Any, obs: Any) -> str | None:
        return self._current().describe(event, obs)  # type: ignore[attr-defined, no-any-return]

    def draw_hud(self, surface: pygame.Surface, obs: Any, geo: Any, to_move: int | None) -> None:
        self._current().draw_hud(surface, obs, geo, to_move)  # type: ignore[attr-defined]

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self._current().draw_overlay(surface)

    def help_text(self) -> str:
        return self._current().help_text()

    def seat_bubble_height(self, h: int) -> int:
        return self._current().seat_bubble_height(h)

    def notice_obstacles(self, size: tuple[int, int]) -> list[pygame.Rect]:
        return self._current().notice_obstacles(size)

    def match_score_text(self) -> str:
        return self.family.match_score_text()

    def summary_scene(self) -> Any:
        return self.family.summary_scene()

    # The family table's own view state (the discard selection, the overlays), read by tests.
    @property
    def obs(self) -> Any:
        return self.family.obs

    @property
    def selected(self) -> list[Card]:
        return self.family.selected

    @property
    def show_rules(self) -> bool:
        return self.family.show_rules

    @property
    def show_won(self) -> bool:
        return self.family.show_won


def make_helper(scene: Any) -> PlayoffSwitch:
    return PlayoffSwitch(scene)
