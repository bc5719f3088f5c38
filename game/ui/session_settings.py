"""Settings applied live: the part of :class:`game.ui.session.Session` that owns the player's
settings (a base of it, like ``SceneRouter`` and ``HintsAndUndo``).

:meth:`SettingsApplier.apply` sets language (without a restart), deck style and card back,
animation speed, bot pause, trick pause, sound and volume, hand sorting, legal-card highlighting,
own points and fullscreen on the app, its config and the table, and saves the settings file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game import settings as settings_mod
from game.settings import Settings

#: A "until click" trick pause is a wait this long; a click or Space skips it.
UNTIL_CLICK_SECONDS = 3600.0


class SettingsApplier:
    """Mixin of the session: ``settings``, ``change`` and ``apply``.  The session provides ``app``,
    ``cli_lang``, ``settings_path``, ``sounds`` and ``table()``."""

    app: Any
    cli_lang: str | None
    settings: Settings
    settings_path: Any
    sounds: Any

    if TYPE_CHECKING:  # provided by Session
        def table(self) -> Any: ...

    @property
    def language(self) -> str:
        return i18n.current_language()

    def change(self, **changes: Any) -> Settings:
        """Change some settings, save them and apply them at once (the settings screen)."""
        self.apply(self.settings.with_(**changes))
        return self.settings

    def apply(self, new: Settings, save: bool = True, first: bool = False) -> None:
        old = self.settings
        self.settings = new
        cfg = self.app.config
        lang = i18n.resolve_language(self.cli_lang if first else None, new.language)
        if first or lang != i18n.current_language() or new.german_terms != i18n.german_terms():
            i18n.set_language(lang, new.german_terms)
            from game.ui import text

            text.set_language(lang)
            cfg.lang = lang
            self._relabel()
        if not cfg.smoke_deals:  # smoke runs keep their instant speed and no pauses
            cfg.speed = new.animation_speed
            cfg.bot_pause = new.bot_pause
        cfg.deck_style = new.deck_style
        cfg.show_points = new.show_own_points
        self.sounds.configure(enabled=new.sound and not cfg.smoke_deals, volume=new.volume)
        if new.fullscreen != bool(getattr(self.app, "fullscreen", False)) and not first:
            self.app.toggle_fullscreen()
        elif first and new.fullscreen and not cfg.smoke_deals and cfg.persist:
            self.app.toggle_fullscreen()
        table = self.table()
        if table is not None:
            self._apply_to_table(table, changed=(old != new) or first)
        if save:
            settings_mod.save(new, self.settings_path)
            # The app keeps the same file for the window size: keep its copy in step.
            app_settings = getattr(self.app, "settings", None)
            if isinstance(app_settings, dict):
                app_settings.clear()
                app_settings.update(settings_mod.to_dict(new))

    def _relabel(self) -> None:
        """After a language change: every scene rebuilds its cached labels."""
        try:
            self.app.set_caption(i18n.t("app.title"))
        except pygame.error:
            pass
        for scene in list(getattr(self.app, "scenes", [])):
            scene.relabel()

    def _apply_to_table(self, table: Any, changed: bool = True) -> None:
        s = self.settings
        p = table.presenter
        if p is not None:
            if not self.app.config.smoke_deals:
                p.anim.speed = s.animation_speed
            p.trick_pause = UNTIL_CLICK_SECONDS if s.trick_pause == settings_mod.UNTIL_CLICK else s.trick_pause
            art = p.art
            if art.style != s.deck_style or art.back != s.card_back:
                art.style = s.deck_style
                art.back = s.card_back
                art.cache.clear()
        table.show_points = s.show_own_points
        table.highlight_legal = s.highlight_legal
        table.hand_sorting = s.hand_sorting
        c = table.controller
        if c is not None and not self.app.config.smoke_deals:
            c.bot_pause = s.bot_pause
            table.helper.settings_applied()  # e.g. Schwimmen, the player out: the watching pace
        if changed and p is not None and c is not None:
            # re-sort the hand and re-place the cards for the new settings
            table._refresh()
            p.sync(table._obs)
