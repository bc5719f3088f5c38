"""The match kept on disk and in the statistics: the part of :class:`game.ui.session.Session`
that saves the match after every move, replays the save file at start, offers it to resume, and
records finished deals and matches (a base of the session, like ``SceneRouter``).

Nothing here may stop the game: a save that fails during play is said once at the table
(:func:`save_failed_text`, in the player's language), a statistics result that waits is said once;
a bad save file is explained by the start-up dialog (:meth:`MatchStore.bad_save_text`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from game import i18n

log = logging.getLogger("game.ui.session")


class MatchStore:
    """Mixin of the session: save, resume and the statistics.  The session provides ``app``,
    ``slot``, ``save_matches``, ``record``, ``data_folder``, ``resumable`` and ``table()``."""

    app: Any
    slot: Any
    save_matches: bool
    record: bool
    data_folder: Any
    resumable: Any
    _stats: Any
    _save_failing: bool
    _recorded: set[tuple[str, int]]
    _matches_recorded: set[str]

    if TYPE_CHECKING:  # provided by Session
        def table(self) -> Any: ...

    def _save(self, c: Any) -> None:
        if self.save_matches and c.human_seat is not None and not self.app.config.smoke_deals:
            self._tell_save_failure(self.slot.write(c))

    def _tell_save_failure(self, saved: bool) -> None:
        """A save that failed during play (disk full, folder gone read-only) is said once at the
        table, without stopping the game; once a save works again, a new failure is said again.
        A locked slot (a bad file kept at start) was explained by the start-up dialog."""
        error = self.slot.error
        if saved or error is None:
            self._save_failing = False
            return
        if self._save_failing:
            return
        self._save_failing = True
        table = self.table()
        if table is not None:
            table.status.notify(save_failed_text(error))

    def check_save(self) -> str | None:
        """At start: replay the save file if there is one.  Returns the problem message when
        the file was bad (it has been moved aside), else None."""
        cfg = self.app.config
        c, problem = self.slot.resume(bot_pause=cfg.bot_pause, use_processes=cfg.use_processes)
        if problem:
            log.warning("%s", problem)
            return self.bad_save_text()
        self.resumable = c
        return None

    def bad_save_text(self) -> str | None:
        """Why the save file could not be resumed and where it is now, in the current language."""
        bad = self.slot.bad
        if bad is None:
            return None
        reason = i18n.t(bad.key, **bad.params)
        if bad.moved_to is None:
            return i18n.t("save.bad.body_kept", reason=reason)
        return i18n.t("save.bad.body", reason=reason, path=bad.moved_to.name)

    def resume(self) -> bool:
        """Open the table with the saved match, exactly as it was."""
        c = self.resumable
        if c is None:
            return False
        from game.controller import HUMAN
        from game.ui.scenes.table import TableScene

        level = next((lv for lv in c.levels if lv != HUMAN), "player")
        self.app.config.game_id = c.game_id
        self.app.config.level = level
        self.app.replace(TableScene(self.app, c.game_id, level, controller=c))
        return True

    @property
    def stats(self) -> Any:
        if self._stats is None:
            from game.stats import FILE_NAME, Stats

            self._stats = Stats(self.data_folder / FILE_NAME)
        return self._stats

    def _record(self, c: Any) -> None:
        if not self.record or not c.round_over:
            return
        from game.stats import deal_from_controller, match_from_controller, match_uid_of

        # keyed by the match's stable id, never id(c): Python reuses a finished controller's
        # address; the database's unique key makes a second recording harmless anyway
        match_id = match_uid_of(c)
        key = (match_id, c.round_no)
        if key not in self._recorded:
            self._recorded.add(key)
            self.stats.record_deal(**deal_from_controller(c))
        if c.match_over and match_id not in self._matches_recorded:
            self._matches_recorded.add(match_id)
            self.stats.record_match(**match_from_controller(c))
        self._tell_stats_waiting()

    def _tell_stats_waiting(self) -> None:
        """A result the statistics could not take (a full disk, a locked database) is said once
        at the table: it is kept and written with the next one that can be, but not if the app
        ends first.  Said again after the statistics caught up and fell behind once more."""
        waiting = self.stats.waiting
        if not waiting:
            self._stats_told = False
            return
        if getattr(self, "_stats_told", False) or self.stats.problem is not None:
            return  # already said (or said at start: the statistics are busy or read-only)
        self._stats_told = True
        table = self.table()
        if table is not None:
            table.status.notify(i18n.t("notice.stats_waiting"))


def save_failed_text(error: OSError) -> str:
    """Why the match could not be saved, in the player's language (the OS's own message is
    English, so the common causes are named by their error number)."""
    import errno

    code = error.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        why = "notice.save_failed.full"
    elif code in (errno.EACCES, errno.EPERM, errno.EROFS):
        why = "notice.save_failed.read_only"
    else:
        why = "notice.save_failed.other"
    return i18n.t("notice.save_failed", why=i18n.t(why))
