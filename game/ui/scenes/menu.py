"""The main menu: game choice, difficulty, start, quit; mouse and keyboard.

Keyboard: Up/Down move between the rows (continue, game, difficulty, start, quit), Left/Right
change the choice in a row, Enter/Space activates, Esc quits.  Games whose table is not ready yet
are listed as "coming soon" and cannot be started.

With a match in progress (kept when the player left the table, or saved from an earlier run) a
wide "Continue" button above the choices names it (game, players, deal, score) and holds the
keyboard focus, so Enter continues it; Start and the new-game screen's Deal ask before they
replace it, and Esc asks before quitting (``game.ui.match_guard``).
"""

from __future__ import annotations

import pygame

from game.ui.app import App, Scene
from game.ui.scenes import GAME_ORDER, LEVEL_ORDER, has_table
from game.ui.style import draw_cloth, type_px
from game.ui.text import t
from game.ui.widgets import BRASS, CREAM, MUTED, Button, draw_panel, draw_text, font

ROWS = ("continue", "game", "level", "start", "quit")


class MenuScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.game_index = GAME_ORDER.index(app.config.game_id) if app.config.game_id in GAME_ORDER else 0
        self.level_index = LEVEL_ORDER.index(app.config.level) if app.config.level in LEVEL_ORDER else 1
        # Enter continues the match in progress if there is one, else starts the chosen game.
        self.focus = ROWS.index("continue") if self._continue_label() else ROWS.index("start")
        self.buttons: list[Button] = []
        self._notice_fit: tuple[object, list[str], int] = (None, [], 0)
        self._layout(app.size)

    # --- layout --------------------------------------------------------------------------------

    def _continue_label(self) -> str | None:
        session = getattr(self.app, "session", None)
        return session.guard.continue_label() if session is not None else None

    def _rows(self) -> tuple[str, ...]:
        return ROWS if self._continue_label() else ROWS[1:]

    def relabel(self) -> None:
        self._layout(self.app.size)

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self._size = size
        resume = self._continue_label()
        self._resume_label = resume
        bh = max(40, h // 15) if not resume else max(36, h // 17)
        u = h / 720  # the menu grows with the window (docs/STYLE.md)
        col_w = min(round(760 * u), w - 80)
        x0 = w // 2 - col_w // 2
        y = int(h * 0.34) if not resume else int(h * 0.36)
        buttons: list[Button] = []
        if resume:
            buttons.append(Button("session:resume", resume,
                                  pygame.Rect(x0 - 20, int(h * 0.205), col_w + 40, int(bh * 1.15)),
                                  default=True, key=pygame.K_r))
        gw = (col_w - 3 * 10) // 4
        for i, gid in enumerate(GAME_ORDER):
            label = t(f"game.{gid}")
            buttons.append(Button(f"game:{i}", label, pygame.Rect(x0 + i * (gw + 10), y, gw, bh)))
        y += bh + int(bh * 1.4)
        lw = (col_w - 2 * 10) // 3
        for i, lvl in enumerate(LEVEL_ORDER):
            buttons.append(Button(f"level:{i}", t(f"level.{lvl}"), pygame.Rect(x0 + i * (lw + 10), y, lw, bh)))
        y += bh + int(bh * 1.0)
        sw = round(280 * u)
        buttons.append(Button("start", t("menu.start"), pygame.Rect(w // 2 - sw // 2, y, sw, int(bh * 1.2)), default=True))
        # The new-game screen (players, bot levels, rule preset and options) beside Start.
        nx = w // 2 + sw // 2 + 12
        buttons.append(Button("newgame", t("newgame.title"), pygame.Rect(nx, y, min(round(200 * u), x0 + col_w - nx),
                                                                          int(bh * 1.2)), key=pygame.K_n))
        y += int(bh * 1.2) + 14
        qw = round(200 * u)
        buttons.append(Button("quit", t("menu.quit"), pygame.Rect(w // 2 - qw // 2, y, qw, bh)))
        session = getattr(self.app, "session", None)  # resume, settings, statistics, rules, diagnostics
        if session is not None:
            buttons += session.menu_buttons(x0, y + bh + 14, col_w, int(bh * 0.85))
        self.buttons = buttons
        self._sync_buttons()
        y0 = int(h * 0.34) if not resume else int(h * 0.36)
        self._label_y = (y0 - int(bh * 0.75), y0 + bh + int(bh * 1.4) - int(bh * 0.75))
        self._col = pygame.Rect(x0, 0, col_w, h)

    # --- actions -------------------------------------------------------------------------------

    @property
    def game_id(self) -> str:
        return GAME_ORDER[self.game_index]

    @property
    def level(self) -> str:
        return LEVEL_ORDER[self.level_index]

    def activate(self, action: str) -> None:
        if action.startswith("game:"):
            self.game_index = int(action.split(":")[1])
            self.focus = 0
        elif action.startswith("level:"):
            self.level_index = int(action.split(":")[1])
            self.focus = 1
        elif action == "start":
            self.start()
        elif action == "newgame":
            from game.ui.scenes.newgame import NewGameScene

            self.app.replace(NewGameScene(self.app, self.game_id, self.level))
        elif action == "quit":
            self.quit()
        elif getattr(self.app, "session", None) is not None:
            self.app.session.menu_action(action)

    def quit(self) -> None:
        session = getattr(self.app, "session", None)
        if session is not None:
            session.guard.request_quit()  # asks while a match is in progress
        else:
            self.app.quit()

    def start(self) -> None:
        """A new match of the chosen game; asks first when it would replace a match in progress."""
        if not has_table(self.game_id):
            return
        from game.ui.match_guard import start_new_match

        start_new_match(self.app, self._start_now)

    def _start_now(self) -> None:
        from game.ui.scenes.table import TableScene

        self.app.config.game_id = self.game_id
        self.app.config.level = self.level
        self.app.replace(TableScene(self.app, self.game_id, self.level))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.VIDEORESIZE:
            self._layout(self.app.size)
            return False
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                b.hover = b.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self.activate(b.action)
                    return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        rows = self._rows()
        row = ROWS[self.focus]
        if key == pygame.K_ESCAPE:
            self.quit()
        elif key in (pygame.K_UP, pygame.K_w, pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
            step = -1 if key in (pygame.K_UP, pygame.K_w) else 1
            i = rows.index(row) if row in rows else 0
            self.focus = ROWS.index(rows[(i + step) % len(rows)])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if row == "game":
                self.game_index = (self.game_index + step) % len(GAME_ORDER)
            elif row == "level":
                self.level_index = (self.level_index + step) % len(LEVEL_ORDER)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if row == "continue" and row in rows:
                self.activate("session:resume")
            elif row in ("game", "level", "start", "continue"):
                self.start()
            else:
                self.quit()
        elif key == pygame.K_n:  # the new-game screen of the chosen game
            self.activate("newgame")
        else:
            return False
        return True

    # --- drawing -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.app.size != self._size or self._continue_label() != self._resume_label:
            self._layout(self.app.size)
            if ROWS[self.focus] not in self._rows():
                self.focus = ROWS.index("start")
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        """Highlight the chosen game and level; Start only for games with a table."""
        for b in self.buttons:
            kind, _, idx = b.action.partition(":")
            selected = (kind == "game" and int(idx) == self.game_index) or (
                kind == "level" and int(idx) == self.level_index)
            # the keyboard's default looks like one: Continue while a match is kept, else Start
            b.default = selected or b.action == "session:resume" or (b.action == "start" and not self._resume_label)
            b.enabled = has_table(self.game_id) if b.action == "start" else True

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_cloth(surface)  # the cached cloth (game.ui.style): one blit
        draw_text(surface, t("menu.title"), (w // 2, int(h * 0.05)), type_px("title", h), BRASS, bold=True,
                  anchor="midtop", max_width=w - 40)
        sub_top = int(h * 0.05) + font(type_px("title", h), bold=True).get_height() + 4
        panel = self._col.inflate(40, 0)
        panel.top = self._label_y[0] - 16
        session = getattr(self.app, "session", None)
        notice = session.notice_text() if session is not None else ""
        if notice:  # e.g. an unwritable user folder: says so in place of the subtitle
            # from the title's baseline ("Kartenstube" has no descenders) down to the panel
            top = int(h * 0.05) + font(type_px("title", h), bold=True).get_ascent() + 6
            bottom = self.buttons[0].rect.top if self._resume_label else panel.top
            self._draw_notice(surface, notice, pygame.Rect(panel.left, top, panel.width, bottom - 6 - top))
        elif not self._resume_label:  # the Continue button stands where the subtitle would
            draw_text(surface, t("menu.subtitle"), (w // 2, sub_top), type_px("body", h), MUTED, anchor="midtop",
                      max_width=w - 40)
        panel.height = self.buttons[-1].rect.bottom - panel.top + 20
        draw_panel(surface, panel)
        label_size = type_px("body", h)
        draw_text(surface, t("menu.game"), (self._col.left, self._label_y[0]), label_size, MUTED)
        draw_text(surface, t("menu.difficulty"), (self._col.left, self._label_y[1]), label_size, MUTED)
        focus_row = ROWS[self.focus]
        for b in self.buttons:
            kind, _, idx = b.action.partition(":")
            selected = (kind == "game" and int(idx) == self.game_index) or (
                kind == "level" and int(idx) == self.level_index)
            b.draw(surface)
            if kind == "game" and not has_table(GAME_ORDER[int(idx)]):
                draw_text(surface, t("menu.coming_soon"), (b.rect.centerx, b.rect.bottom + 4),
                          max(11, h // 60), MUTED, anchor="midtop", max_width=b.rect.width)
            row = "continue" if b.action == "session:resume" else (kind if kind in ("game", "level") else b.action)
            if row == focus_row:
                if kind in ("game", "level") and not selected:
                    continue
                pygame.draw.rect(surface, CREAM, b.rect.inflate(8, 8), width=2, border_radius=10)
        draw_text(surface, t("menu.hint.continue" if self._resume_label else "menu.hint"), (w // 2, h - 16), type_px("small", h), MUTED, anchor="midbottom",
                  max_width=w - 40)

    def _draw_notice(self, surface: pygame.Surface, text: str, box: pygame.Rect) -> None:
        """A lasting notice in a bordered strip between the title and the menu panel; the font
        shrinks until the wrapped text fits the strip (nothing is cut off)."""
        from game.ui.scenes.dialog import wrap_text

        key = (text, box.size, surface.get_height())
        if self._notice_fit[0] != key:  # wrapping measures every word: once per text and size
            size = max(14, surface.get_height() // 40)
            while True:
                lines = wrap_text(text, size, box.width - 28)
                if len(lines) * int(size * 1.3) + 10 <= box.height or size <= 11:
                    break
                size -= 1
            self._notice_fit = (key, lines, size)
        _, lines, size = self._notice_fit
        line_h = int(size * 1.3)
        height = min(box.height, len(lines) * line_h + 10)
        strip = pygame.Rect(box.left, box.top + (box.height - height) // 2, box.width, height)
        draw_panel(surface, strip, color=(60, 40, 10, 220), radius=8, border=BRASS)
        y = strip.top + 5
        for line in lines:
            draw_text(surface, line, (strip.centerx, y), size, CREAM, anchor="midtop")
            y += line_h
