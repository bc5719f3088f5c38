"""The match in progress is never lost without the player saying so.

One :class:`MatchGuard` per session.  It knows the match in progress (the open table's, or the
one kept when the player left the table, or the one replayed from the save file at start) and
stands before every action that would end it:

- leaving a table keeps its match (:meth:`keep`), and the menu offers to continue it, naming the
  game, the players and the score (:meth:`continue_label`);
- starting a new match while one is in progress asks first (:meth:`confirm_new_match`); the
  question is *destructive*, so Enter means Cancel and only a deliberate choice gives it up;
- quitting while a match is in progress asks first (:meth:`request_quit`); the match is saved, so
  there the default is to quit, unless saving has failed, when quitting would lose it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from game.ui.match_summary import describe_match
from game.ui.text import t

log = logging.getLogger(__name__)


def in_progress(c: Any) -> bool:
    """A match the human plays in and has not finished (a demo or a finished match is not)."""
    return c is not None and c.human_seat is not None and not c.match_over


class MatchGuard:
    def __init__(self, session: Any) -> None:
        self.session = session
        self.app = session.app

    # --- which match ---------------------------------------------------------------------------

    def current(self) -> Any:
        """The match in progress, wherever it is (open table first), or None."""
        table = self.session.table()
        if table is not None and in_progress(table.controller):
            return table.controller
        if in_progress(self.session.resumable):
            return self.session.resumable
        return None

    def keep(self, c: Any) -> bool:
        """The table is being left: keep its match for the menu's Continue.  Returns True when
        the controller was taken over (the table must not close it)."""
        if not in_progress(c) or not self.session.save_matches or self.app.config.smoke_deals:
            return False
        if self.session.resumable is not None and self.session.resumable is not c:
            self.session.resumable.close()
        self.session.resumable = c
        self.session.detach()  # the table that continues it attaches afresh (settings, sorting)
        return True

    def continue_label(self) -> str | None:
        c = self.session.resumable
        return None if c is None else t("menu.continue", match=describe_match(c))

    # --- questions -----------------------------------------------------------------------------

    def _saved(self) -> bool:
        return self.session.save_matches and self.session.slot.error is None

    def confirm_new_match(self, start: Callable[[], None]) -> None:
        """Run ``start`` at once when no match would be lost; else ask first (Enter = Cancel)."""
        from game.ui.scenes.dialog import DialogScene

        c = self.current()
        if c is None:
            start()
            return
        self.app.push(DialogScene(self.app, t("confirm.new.title"),
                                  t("confirm.new.body", match=describe_match(c)),
                                  on_confirm=start, confirm_label=t("confirm.new.yes"), destructive=True))

    def request_quit(self) -> None:
        """Quit, asking first while a match is in progress (a second request quits)."""
        from game.ui.scenes.dialog import DialogScene

        c = self.current()
        top = self.app.scene
        if c is None or getattr(top, "quit_question", False):
            self.app.quit()
            return
        saved = self._saved()
        body = t("confirm.quit.saved" if saved else "confirm.quit.unsaved", match=describe_match(c))
        dialog = DialogScene(self.app, t("confirm.quit.title"), body, on_confirm=self.app.quit,
                             confirm_label=t("confirm.quit.yes"), destructive=not saved)
        dialog.quit_question = True  # type: ignore[attr-defined]
        self.app.push(dialog)


def start_new_match(app: Any, start: Callable[[], None]) -> None:
    """Start a new match through the guard (asks first if one is in progress); without a session
    (tests, smoke runs) at once."""
    session = getattr(app, "session", None)
    if session is not None:
        session.guard.confirm_new_match(start)
    else:
        start()
