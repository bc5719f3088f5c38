"""The session's way between screens: the rules, settings and statistics screens, the
diagnostic bundle, the menu's extra row, and the keys that work everywhere (F1 rules, F2
settings, H hint, Ctrl+Z undo, R resume in the menu).

:class:`SceneRouter` is a base of :class:`game.ui.session.Session`.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game import settings as settings_mod

log = logging.getLogger(__name__)


class SceneRouter:
    """Opening screens and the global keys (a base of ``Session``)."""

    app: Any
    settings: Any
    data_folder: Path
    state_folder: Any
    resumable: Any

    if TYPE_CHECKING:  # provided by Session and HintsAndUndo
        def table(self) -> Any: ...
        def resume(self) -> bool: ...
        def hint(self, table: Any) -> None: ...
        def undo(self, table: Any) -> bool: ...
        def undo_at_summary(self, table: Any) -> bool: ...

    # --- screens -----------------------------------------------------------------------------

    def open_rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        table = self.table()
        if table is not None and table.controller is not None:
            game_id, options = table.game_id, table.controller.options
        else:
            game_id, options = self.app.config.game_id, None
            menu = self.app.scene
            if hasattr(menu, "game_id"):
                game_id = menu.game_id
        self.app.push(RulesScene(self.app, game_id, options))

    def open_settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app, self))

    def open_stats(self) -> None:
        from game.ui.scenes.stats import StatsScene

        self.app.push(StatsScene(self.app, self))

    def diagnostic_bundle(self) -> Path | None:
        """Write the bundle into the data folder and show its path in a dialog."""
        from game.diagnostics import write_diagnostic_bundle
        from game.persistence import match_record
        from game.ui.scenes.dialog import DialogScene

        table = self.table()
        record = None
        c = table.controller if table is not None else self.resumable
        if c is not None:
            record = match_record(c)
        target = self.data_folder / "diagnostics" / f"kartenstube-diagnostics-{time.strftime('%Y%m%d-%H%M%S')}.zip"
        try:
            path = write_diagnostic_bundle(target, Path(self.state_folder) if self.state_folder else None,
                                           settings_mod.to_dict(self.settings), record)
        except OSError as e:
            log.exception("diagnostic bundle failed")
            self.app.push(DialogScene(self.app, i18n.t("diag.title"), i18n.t("diag.failed", error=str(e))))
            return None
        self.app.push(DialogScene(self.app, i18n.t("diag.title"), i18n.t("diag.saved", path=str(path))))
        return path

    # --- the menu's extra row ----------------------------------------------------------------

    def menu_buttons(self, x0: int, y: int, width: int, height: int) -> list[Any]:
        from game.ui.widgets import Button

        actions = ["session:settings", "session:stats", "session:rules", "session:diagnostics"]
        labels = {"session:resume": "menu.resume", "session:settings": "menu.settings",
                  "session:stats": "menu.stats", "session:rules": "menu.rules",
                  "session:diagnostics": "menu.diagnostics"}
        gap = 8
        bw = (width - gap * (len(actions) - 1)) // len(actions)
        return [Button(a, i18n.t(labels[a]), pygame.Rect(x0 + i * (bw + gap), y, bw, height))
                for i, a in enumerate(actions)]

    def menu_action(self, action: str) -> bool:
        if not action.startswith("session:"):
            return False
        what = action.split(":", 1)[1]
        {"resume": self.resume, "settings": self.open_settings, "stats": self.open_stats,
         "rules": self.open_rules, "diagnostics": self.diagnostic_bundle}[what]()
        return True

    # --- global keys -------------------------------------------------------------------------

    def handle_event(self, event: Any) -> bool:
        """Keys that work everywhere; returns True when the event was used here."""
        if event.type != pygame.KEYDOWN:
            return False
        from game.ui.scenes.rules import RulesScene
        from game.ui.scenes.settings import SettingsScene
        from game.ui.scenes.table import TableScene

        top = self.app.scene
        key = event.key
        if key == pygame.K_F1 and not isinstance(top, RulesScene):
            self.open_rules()
            return True
        if key == pygame.K_F2 and not isinstance(top, SettingsScene):
            self.open_settings()
            return True
        table = self.table()
        if (key == pygame.K_z and getattr(event, "mod", 0) & pygame.KMOD_CTRL and table is not None
                and top is not table and getattr(table, "summary_open", False) and top is self.app.scenes[-1]
                and self.app.scenes.index(table) == len(self.app.scenes) - 2):
            self.undo_at_summary(table)  # Ctrl+Z on the deal's summary takes the deal back
            return True
        if isinstance(top, TableScene):
            if key == pygame.K_z and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
                self.undo(top)
                return True
            if key == pygame.K_h and not getattr(event, "mod", 0) & pygame.KMOD_CTRL:
                helper_move = None
                if top.helper is not None and top._legal:
                    helper_move = top.helper.key_move(key, top._legal, top._obs)
                if helper_move is None:  # H is a game key in some phases (hearts as trumps)
                    self.hint(top)
                    return True
        elif key == pygame.K_r and self.resumable is not None and type(top).__name__ == "MenuScene":
            self.resume()
            return True
        return False
