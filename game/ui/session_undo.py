"""The session's hint and undo: the expert's suggestion for the human's decision, thought out
in the worker process while the window stays live, and taking back the last decision (at the
table, or at a deal's summary, which also takes the deal out of the statistics).

:class:`HintsAndUndo` is a base of :class:`game.ui.session.Session`.  The bots' hint reasons
are structured messages; the hint dialog words them through :mod:`game.ui.hint_text`: the move, the
reason in one or two sentences, and the statistic behind it on a details line.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from game import i18n
from game.ui.hint_text import reason_detail, translate_reason
from game.ui.session_helpers import describe_move

log = logging.getLogger(__name__)


class HintsAndUndo:
    """Hint and undo for the session's table (a base of ``Session``)."""

    app: Any
    settings: Any
    record: bool
    _hint_table: Any
    _recorded: set[tuple[str, int]]

    if TYPE_CHECKING:  # provided by Session
        def _apply_to_table(self, table: Any, changed: bool = True) -> None: ...
        @property
        def stats(self) -> Any: ...

    # --- hint and undo -----------------------------------------------------------------------

    def hint(self, table: Any) -> None:
        """Ask the expert for a hint; it thinks in the worker process so the window stays live,
        and :meth:`update` shows the answer when it is ready."""
        c = table.controller
        if c is None or c.round_over or not c.awaiting_human:
            table.status.refuse(i18n.t("hint.none"))
            return
        try:
            c.request_hint()
        except Exception:
            log.exception("hint failed")
            table.status.refuse(i18n.t("hint.none"))
            return
        self._hint_table = table
        self._poll_hint(table)

    def _poll_hint(self, table: Any) -> None:
        from game.ui.scenes.dialog import DialogScene

        c = table.controller
        try:
            answer = c.poll_hint() if c is not None else None
        except Exception:
            log.exception("hint failed")
            self._hint_table = None
            table.status.refuse(i18n.t("hint.none"))
            return
        if answer is None:
            if c is None or not c.hint_pending:
                self._hint_table = None  # the decision passed before the hint came
            return
        self._hint_table = None
        move, reason = answer
        style = self.settings.deck_style
        text = (i18n.t("hint.suggest", move=describe_move(move, style)) + "\n"
                + i18n.t("hint.reason", reason=translate_reason(reason, style)))
        detail = reason_detail(reason, style)
        if detail:
            text += "\n" + i18n.t("hint.details", details=detail)
        self.app.push(DialogScene(self.app, i18n.t("hint.title"), text))

    def undo(self, table: Any) -> bool:
        c = table.controller
        if c is None or not c.undo():
            table.status.refuse(i18n.t("undo.nothing"))
            return False
        self._resync_after_undo(table)
        return True

    def _resync_after_undo(self, table: Any) -> None:
        c = table.controller
        c.drain_events()  # the table is re-synced from the state, not re-dealt
        p = table.presenter
        p.skip()
        p.reset()
        self._apply_to_table(table, changed=False)
        table.selected = -1
        table.show_last_trick = False
        table._refresh()
        p.sync(table._obs)
        p.skip()
        table.status.say(i18n.t("undo.done"))

    def undo_at_summary(self, table: Any) -> bool:
        """Close the summary and take back the player's last decision of the deal (and so the
        deal's result); a finished match cannot be taken back, and the summary says why."""
        from game.ui.scenes.dialog import DialogScene

        c = table.controller
        if c is None or c.match_over:
            self.app.push(DialogScene(self.app, i18n.t("undo.title"), i18n.t("undo.match_over")))
            return False
        round_no = c.round_no
        if not c.undo():
            self.app.push(DialogScene(self.app, i18n.t("undo.title"), i18n.t("undo.nothing")))
            return False
        self._forget_deal(c, round_no)
        while self.app.scene is not table:
            self.app.pop()
        table.summary_open = False
        self._resync_after_undo(table)
        return True

    def _forget_deal(self, c: Any, round_no: int) -> None:
        """The deal was recorded in the statistics when it ended; it is being played again."""
        from game.stats import match_uid_of

        match_id = match_uid_of(c)
        self._recorded.discard((match_id, round_no))
        if self.record:
            try:
                self.stats.forget_deal(match_id, round_no)
            except Exception:
                log.exception("statistics: could not take back deal %d", round_no)
