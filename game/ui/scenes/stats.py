"""The statistics screen: per game, one column per bot level with the player's results
(matches, wins, deals, game points, contracts, closes, marriages, lives, Bummerl, undo).

Keyboard: Left/Right change the game, R resets that game's statistics (after a question),
Esc goes back.  The figures come from :class:`game.stats.Stats` (SQLite in the data folder).

Glossary: Bummerl = a lost match; close = zudrehen.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n
from game.i18n import t
from game.rules import registry
from game.ui.app import App, Scene
from game.ui.style import draw_cloth
from game.ui.widgets import BRASS, CREAM, MUTED, Button, draw_panel, draw_text

#: The tabs, in the registry's order.
GAMES: tuple[str, ...] = tuple(registry.GAMES)

#: Rows of the table per kind of game (``GameSpec.stats_kind``): (label key, how to get the value
#: from a Summary).
_COMMON = (("stats.matches", lambda s: str(s.matches)), ("stats.won", lambda s: str(s.matches_won)),
           ("stats.win_rate", lambda s: t("stats.percent", n=round(100 * s.win_rate))),
           ("stats.deals", lambda s: str(s.deals)))
ROWS: dict[str, tuple[tuple[str, Any], ...]] = {
    "tricks": _COMMON + (("stats.avg_gp", lambda s: f"{s.average_game_points:.2f}"),
                            ("stats.closes", lambda s: str(s.closes)), ("stats.melds", lambda s: str(s.melds)),
                            ("stats.bummerl", lambda s: str(s.bummerl)),
                            ("stats.undo", lambda s: str(s.matches_with_undo))),
    "contracts": _COMMON + (("stats.avg_gp", lambda s: f"{s.average_game_points:.2f}"),
                         ("stats.contracts_played", lambda s: str(s.contracts_played)),
                         ("stats.contracts_made", lambda s: str(s.contracts_made)),
                         ("stats.melds", lambda s: str(s.melds)), ("stats.bummerl", lambda s: str(s.bummerl)),
                         ("stats.undo", lambda s: str(s.matches_with_undo))),
    "lives": _COMMON + (("stats.lives_lost", lambda s: str(s.lives_lost)),
                            ("stats.undo", lambda s: str(s.matches_with_undo))),
}


def rows_for(game: str) -> tuple[tuple[str, Any], ...]:
    return ROWS[registry.spec(game).stats_kind] if game in registry.GAMES else ROWS["contracts"]


class StatsScene(Scene):
    def __init__(self, app: App, session: Any, game: str | None = None) -> None:
        super().__init__(app)
        self.session = session
        table = session.table() if session is not None else None
        start = game or (table.game_id if table is not None else app.config.game_id)
        self.game_index = GAMES.index(start) if start in GAMES else 0
        self.summaries: list[Any] = []
        self.tabs: list[Button] = []
        self.reset_button = Button("reset", "", pygame.Rect(0, 0, 0, 0))
        self.back_button = Button("back", "", pygame.Rect(0, 0, 0, 0))
        self._size: tuple[int, int] = (0, 0)

    @property
    def game(self) -> str:
        return GAMES[self.game_index]

    def enter(self) -> None:
        self.reload()

    def relabel(self) -> None:
        self._layout(self.app.size)

    def reload(self) -> None:
        self.summaries = self.session.stats.summary(self.game)
        self._layout(self.app.size)

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self._size = size
        pw = min(1100, w - 60)
        x0 = (w - pw) // 2
        bh = max(34, h // 19)
        tw = (pw - 3 * 8) // 4
        self.tabs = [Button(f"game:{i}", i18n.game_name(g), pygame.Rect(x0 + i * (tw + 8), int(h * 0.13), tw, bh),
                            default=i == self.game_index) for i, g in enumerate(GAMES)]
        self.reset_button.label = t("stats.reset_game", game=i18n.game_name(self.game))
        self.back_button.label = t("btn.back")
        bw = min(320, pw // 2 - 20)
        self.reset_button.rect = pygame.Rect(w // 2 - 10 - bw, h - bh - max(36, h // 20), bw, bh)
        self.back_button.rect = pygame.Rect(w // 2 + 10, h - bh - max(36, h // 20), bw, bh)
        self.reset_button.enabled = bool(self.summaries)

    def ask_reset(self) -> None:
        from game.ui.scenes.dialog import DialogScene

        game = self.game

        def reset() -> None:
            self.session.stats.reset(game)
            self.reload()

        self.app.push(DialogScene(self.app, t("stats.reset"), t("stats.reset_confirm", game=i18n.game_name(game)),
                                  on_confirm=reset, confirm_label=t("stats.reset_game", game=i18n.game_name(game))))

    def select(self, index: int) -> None:
        self.game_index = index % len(GAMES)
        self.reload()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.select(self.game_index + (-1 if event.key == pygame.K_LEFT else 1))
            elif event.key == pygame.K_r and self.summaries:
                self.ask_reset()
            return True
        if event.type == pygame.MOUSEMOTION:
            for b in [*self.tabs, self.reset_button, self.back_button]:
                b.hover = b.rect.collidepoint(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.tabs:
                if b.hit(event.pos):
                    self.select(int(b.action.split(":")[1]))
                    return True
            if self.reset_button.hit(event.pos):
                self.ask_reset()
            elif self.back_button.hit(event.pos):
                self.app.pop()
            return True
        return False

    def update(self, dt: float) -> None:
        if self.app.size != self._size:
            self._layout(self.app.size)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_cloth(surface)  # the cached cloth (game.ui.style): one blit
        draw_text(surface, t("stats.title"), (w // 2, int(h * 0.03)), max(28, h // 16), BRASS, bold=True,
                  anchor="midtop", max_width=w - 40)
        for b in self.tabs:
            b.draw(surface)
        top = self.tabs[0].rect.bottom + 20
        bottom = self.reset_button.rect.top - 16
        panel = pygame.Rect(self.tabs[0].rect.left, top, self.tabs[-1].rect.right - self.tabs[0].rect.left,
                            bottom - top)
        draw_panel(surface, panel)
        size = max(14, h // 40)
        if not self.summaries:
            draw_text(surface, t("stats.empty"), panel.center, int(size * 1.2), MUTED, anchor="center",
                      max_width=panel.width - 40)
        else:
            rows = rows_for(self.game)
            label_w = int(panel.width * 0.38)
            cols = len(self.summaries)
            col_w = (panel.width - label_w - 30) // max(1, cols)
            row_h = min(int(size * 1.9), (panel.height - 20) // (len(rows) + 1))
            y = panel.top + 10
            draw_text(surface, t("stats.level"), (panel.left + 16, y), size, MUTED, max_width=label_w - 20)
            for j, s in enumerate(self.summaries):
                name = i18n.level_name(s.level) if s.level in ("beginner", "player", "expert") else s.level
                draw_text(surface, name, (panel.left + label_w + j * col_w + col_w // 2, y), size, BRASS,
                          bold=True, anchor="midtop", max_width=col_w - 8)
            for key, get in rows:
                y += row_h
                draw_text(surface, t(key), (panel.left + 16, y), size, CREAM, max_width=label_w - 20)
                for j, s in enumerate(self.summaries):
                    draw_text(surface, get(s), (panel.left + label_w + j * col_w + col_w // 2, y), size, CREAM,
                              anchor="midtop", max_width=col_w - 8)
        self.reset_button.draw(surface)
        self.back_button.draw(surface)
        draw_text(surface, t("stats.help"), (w // 2, h - 8), max(12, h // 56), MUTED, anchor="midbottom",
                  max_width=w - 40)
