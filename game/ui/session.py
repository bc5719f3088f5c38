"""The glue between the app and the player's comforts: settings, save/resume, statistics,
hints, undo, sound, the rules and settings screens and the diagnostic bundle.

One :class:`Session` per app (``install(app)``); the app hands it every event first
(:meth:`Session.handle_event`: F1 rules, F2 settings, H hint, Ctrl+Z undo, R resume in the menu)
and calls :meth:`Session.update` once per frame, where the session notices a table's new
controller and attaches to it: ``controller.on_change`` then writes the save file after every move
(atomically, ``game.persistence.SaveSlot``), records finished deals and matches in the statistics
and plays the sound effects.  Settings apply live (:meth:`Session.apply`): language without a
restart, deck style and card back, animation speed, bot pause, trick pause, sound and volume, hand
sorting, legal-card highlighting, own points, fullscreen.

Nothing here may crash the game: save, statistics and sound problems are logged (a bad save
is reported once in a dialog, and a save that fails during play once as a notice at the table,
both in the player's language).  A user folder that could not be written
(``game.resources`` fell back to a temporary one) becomes a lasting notice on the menu
(:meth:`Session.notice_text`).

Rooms: the screens, the menu's extra row and the global keys are in
:mod:`game.ui.session_router` (``SceneRouter``), hint and undo in :mod:`game.ui.session_undo`
(``HintsAndUndo``), saving, resuming and the statistics in :mod:`game.ui.session_store`
(``MatchStore``), the settings in :mod:`game.ui.session_settings` (``SettingsApplier``); all are
bases of :class:`Session`, which keeps the start, attaching to a table's controller (the bots'
pause, the after-move bookkeeping), the sounds and the recovery after an error.

Glossary: Bummerl = a lost match; zudrehen = close the stock (a "close" in the statistics).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import i18n
from game import settings as settings_mod
from game.rules import registry
from game.ui.session_router import SceneRouter
from game.ui.session_settings import UNTIL_CLICK_SECONDS, SettingsApplier
from game.ui.session_store import MatchStore, save_failed_text
from game.ui.session_undo import HintsAndUndo

log = logging.getLogger(__name__)

__all__ = ["Session", "install", "open_menu", "save_failed_text", "UNTIL_CLICK_SECONDS"]
#: Move kinds and the sound each makes.
_MOVE_SOUNDS = {"play": "card", "exchange": "card", "swap": "card", "swapall": "card", "discard": "card",
                "close": "close", "meld": "meld", "knock": "knock", "shove": "card"}


def _folder(value: Any, default: Callable[[], Path]) -> Path:
    return Path(value) if value is not None else default()


class Session(HintsAndUndo, SceneRouter, MatchStore, SettingsApplier):
    def __init__(self, app: Any, *, config_folder: Path | None = None, data_folder: Path | None = None,
                 state_folder: Path | None = None, cli_lang: str | None = None, record: bool = True,
                 save_matches: bool = True) -> None:
        from game.persistence import SaveSlot
        from game.resources import config_dir, data_dir
        from game.ui.sound import SoundManager

        self.app = app
        cfg = app.config
        self.config_folder = _folder(config_folder or cfg.settings_dir, config_dir)
        self.data_folder = _folder(data_folder or cfg.extra.get("data_dir"), data_dir)
        self.state_folder = state_folder or cfg.extra.get("state_dir")
        self.settings_path = self.config_folder / settings_mod.FILE_NAME
        self.cli_lang = cli_lang
        self.record = record
        self.save_matches = save_matches
        self.slot = SaveSlot(self.data_folder)
        self.sounds = SoundManager(enabled=False)
        self._stats: Any = None
        self._attached: Any = None
        self._hint_table: Any = None  # the table waiting for a hint from the worker
        self._save_failing = False  # the player has been told that saving fails
        self._recorded: set[tuple[str, int]] = set()
        self._matches_recorded: set[str] = set()
        #: The match offered by the menu's Continue: replayed from the save file at start, or
        #: kept when the player left its table.
        self.resumable: Any = None
        from game.ui.match_guard import MatchGuard

        self.guard = MatchGuard(self)
        #: Lasting messages for the menu as (msgid, params), translated when drawn.
        self.notices: list[tuple[str, dict[str, Any]]] = []
        self._check_storage(explicit={"config": config_folder or cfg.settings_dir,
                                      "data": data_folder or cfg.extra.get("data_dir")})
        from game.crash_report import take_marker

        #: The note an earlier run left when it stopped on an error (said once on the menu).
        self.last_crash = take_marker(Path(self.state_folder)) if self.state_folder and record else None
        self.settings, bad_settings = settings_mod.load_checked(self.settings_path)
        if bad_settings is not None:  # set aside and repaired: said once, on the menu
            where = bad_settings.moved_to or self.settings_path
            self.notices.append(("notice.settings_reset", {"path": str(where)}))
        self.apply(self.settings, save=False, first=True)

    def _check_storage(self, explicit: dict[str, Any]) -> None:
        """A user folder that could not be written was replaced by a temporary one for this run
        (``game.resources``): log it and say it on the menu, since nothing will be kept."""
        from game.resources import storage_problems

        problems = storage_problems()
        bad = [(kind, *problems[kind]) for kind in ("config", "data") if explicit[kind] is None and kind in problems]
        if not bad:
            return
        for kind, path, why in bad:
            log.warning("the %s folder %s cannot be written (%s): this run keeps nothing", kind, path, why)
        self.notices.append(("notice.storage", {"path": str(bad[0][1])}))

    def notice_text(self) -> str:
        """The menu's notices in the current language ("" when there are none)."""
        return "\n".join(i18n.t(key, **params) for key, params in self.notices)

    # --- the table and its controller --------------------------------------------------------

    def table(self) -> Any:
        from game.ui.scenes.table import TableScene

        for scene in getattr(self.app, "scenes", []):
            if isinstance(scene, TableScene):
                return scene
        return None

    def busy(self) -> bool:
        """A hint is being thought out in the worker: poll it every frame."""
        return self._hint_table is not None

    def update(self, dt: float) -> None:
        table = self.table()
        if table is not None and self._hint_table is table:
            self._poll_hint(table)
        if table is None or table.controller is None or table.controller is self._attached:
            return
        self.attach(table)

    def detach(self) -> None:
        """The table was left with its match kept: a table that continues it attaches again."""
        self._attached = None

    def attach(self, table: Any) -> None:
        c = table.controller
        self._attached = c
        if self.resumable is not None and self.resumable is not c:
            self.resumable.close()
        self.resumable = None
        c.on_change = self._on_change
        if c.round_over:  # resumed at a summary: that deal was recorded before the save
            from game.stats import match_uid_of

            self._recorded.add((match_uid_of(c), c.round_no))
        self._apply_to_table(table, changed=False)
        self._save(c)
        self.sounds.play("shuffle")

    def _on_change(self, c: Any) -> None:
        # each on its own: a save that fails must not keep the deal from the statistics
        for step in (self._save, self._sound, self._record):
            try:
                step(c)
            except Exception:  # comforts must never stop the game
                log.exception("session: after-move bookkeeping failed (%s)", step.__name__)

    def _sound(self, c: Any) -> None:
        if not c.move_log:
            return
        kind = c.move_log[-1][2].split(" ", 1)[0]
        name = _MOVE_SOUNDS.get(kind)
        if c.round_over:
            me = c.round_seat(c.human_seat) if c.human_seat is not None else 0
            if me is None:  # the human sat this deal out (a Dreierschnapsen play-off): no verdict
                name = None
            else:
                won = registry.spec(c.game_id).deal_won(c.round_result.points, me)
                name = "win" if won else "lose"
        elif any(type(e).__name__ == "TrickTaken" for e in c.pending_events[-3:]):
            name = "trick"
        if name:
            self.sounds.play(name)

    # --- an unexpected error ------------------------------------------------------------------

    def log_path(self) -> str:
        from game.diagnostics import LOG_NAME

        return str(Path(self.state_folder) / LOG_NAME) if self.state_folder else "-"

    def recover_after_error(self) -> None:
        """After an error in a frame (``App.recover``): back to the menu, the match reloaded from
        its save file (written after the last move that worked, so it is the match as it was
        before the failing action), and a message in the player's language with the log's place."""
        from game.ui.scenes.dialog import DialogScene
        from game.ui.scenes.menu import MenuScene

        table = self.table()
        if table is not None:
            table._kept = False  # its controller may be broken: the save file is the truth
        if self.resumable is not None and (table is None or self.resumable is not table.controller):
            self.resumable.close()
        self.resumable = None
        self._attached = None
        self._hint_table = None
        problem = self.check_save() if self.save_matches else None
        self.app.replace(MenuScene(self.app))
        self.app.push(DialogScene(self.app, i18n.t("crash.title"), i18n.t("crash.body", log=self.log_path())))
        if problem:
            self.app.push(DialogScene(self.app, i18n.t("save.bad.title"), problem))

    def crash_text(self) -> str | None:
        """What the last run's error note says, for the menu at start (None without one)."""
        if not self.last_crash:
            return None
        return i18n.t("crash.before", time=self.last_crash["time"], log=self.last_crash["log"] or self.log_path())

def open_menu(app: Any, problem: str | None = None) -> Any:
    """The start screen: the menu, and above it the dialog about a bad save file if any."""
    from game.ui.scenes.dialog import DialogScene
    from game.ui.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.push(menu)
    crash = app.session.crash_text() if getattr(app, "session", None) is not None else None
    if crash:  # the last run stopped on an error: say so once, the match can be continued
        app.push(DialogScene(app, i18n.t("crash.title"), crash))
    if problem:
        app.push(DialogScene(app, i18n.t("save.bad.title"), problem))
    return menu


def install(app: Any, **kwargs: Any) -> Session:
    """Create the session for ``app`` and hook it into the frame loop."""
    session = Session(app, **kwargs)
    app.session = session
    return session
