"""The table's input: a click, drag or key becomes a move (or a view change) here.

:class:`TableInput` is a base of :class:`game.ui.scenes.table.TableScene`.  Buttons map to
moves through the game's helper (``action_move``), cards through ``card_move`` (play, or select
for a swap or discard) and ``drop_move`` (a dragged card let go), keys through ``key_move`` and
``default_move``; the presenter answers what lies under the pointer.  Every move goes through
the scene's ``perform``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.presenter import Presenter
    from game.ui.table_protocol import TableHelper
    from game.ui.widgets import Button

DRAG_THRESHOLD = 12  # pixels before a press on a card becomes a drag


class TableInput:
    """Mouse and keyboard at the table (a base of ``TableScene``)."""

    helper: TableHelper
    presenter: Presenter
    buttons: list[Button]
    menu_button: Button
    hover_card: Any
    selected: int
    press: tuple[Any, tuple[int, int]] | None
    dragging: bool
    show_last_trick: bool
    show_points: bool
    _legal: tuple[Any, ...]
    _obs: Any

    if TYPE_CHECKING:  # provided by TableScene
        def perform(self, move: Any) -> bool: ...
        def back_to_menu(self) -> None: ...
        def _layout_buttons(self) -> None: ...

    # --- input ---------------------------------------------------------------------------------

    def _card_move(self, card: Any) -> Any:
        return self.helper.card_move(card, self._legal, self._obs)  # play, or select (swap, discard)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            self.presenter.relayout()
            self._layout_buttons()
            return False
        if event.type == pygame.MOUSEMOTION:
            return self._on_motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._on_press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._on_release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._on_key(event.key)
        return False

    def _on_motion(self, pos: tuple[int, int]) -> bool:
        for b in self.buttons + [self.menu_button]:
            b.hover = b.rect.collidepoint(pos)
        if self.press is not None:
            card, start = self.press
            if self.dragging or abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_THRESHOLD:
                self.dragging = True
                self.presenter.drag(card, pos)
            return True
        self.hover_card = self.presenter.hand_card_at(pos)
        return False

    def _on_press(self, pos: tuple[int, int]) -> bool:
        if self.menu_button.hit(pos):
            self.back_to_menu()
            return True
        for b in self.buttons if self.presenter.idle else ():
            if b.hit(pos):
                move = self.helper.action_move(b.action, self._legal)
                if move is not None:
                    self.perform(move)
                return True
        if self.helper.on_press(pos):  # clicks on the game's own table parts
            return True
        card = self.presenter.hand_card_at(pos)
        if card is not None:
            self.press = (card, pos)
            self.dragging = False
            return True
        if self.presenter.pile_at(pos):
            self.show_last_trick = not self.show_last_trick
            return True
        if not self.presenter.idle:
            self.presenter.skip()  # a click on the felt hurries the animations
            return True
        self.show_last_trick = False
        return False

    def _on_release(self, pos: tuple[int, int]) -> bool:
        if self.press is None:
            return False
        card, _start = self.press
        dragged = self.dragging
        self.press = None
        self.dragging = False
        if dragged:
            self.presenter.drop(card)
            self.perform(self.helper.drop_move(card, pos, self._legal, self._obs))
            return True
        self.perform(self._card_move(card))
        return True

    def _on_key(self, key: int) -> bool:
        if key == pygame.K_TAB:  # the move log panel (issue 23: game.ui.scenes.move_log)
            from game.ui.scenes import move_log

            move_log.toggle(self)
            return True
        if key == pygame.K_ESCAPE:
            if self.show_last_trick:
                self.show_last_trick = False
            else:
                self.back_to_menu()
            return True
        if key == pygame.K_l:
            self.show_last_trick = not self.show_last_trick
            return True
        if key == pygame.K_p:
            self.show_points = not self.show_points
            return True
        hand = self.presenter.hand_cards()
        if pygame.K_1 <= key <= pygame.K_9:
            n = key - pygame.K_1
            if n < len(hand):
                self.perform(self._card_move(hand[n]))
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = -1 if key == pygame.K_LEFT else 1
            self.selected = (self.selected + step) % len(hand) if self.selected >= 0 else (0 if step > 0 else len(hand) - 1)
            self.hover_card = hand[self.selected]
            return True
        if key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.presenter.idle:
                self.presenter.skip()
                return True
            if 0 <= self.selected < len(hand):
                self.perform(self._card_move(hand[self.selected]))
                return True
            move = self.helper.default_move(self._legal, self._obs)
            if move is not None:
                self.perform(move)
            return True
        move = self.helper.key_move(key, self._legal, self._obs)
        if move is not None:
            self.perform(move)
            return True
        return False
