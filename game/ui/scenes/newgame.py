"""The new-game screen: players, difficulty per bot seat, the rule preset and every option.

Left column: the number of players (Schwimmen 2-9; the other games have a fixed count), one
difficulty button per bot seat (a click cycles beginner -> player -> expert) and the presets of
:data:`game.rules.options.PRESETS`.  Right column: every field of the game's options dataclass,
its value on a button (a click cycles through the choices: on/off, the ``Literal`` values, a few
sensible numbers) and its one-line explanation from ``DESCRIBE`` (through the catalogues).
Deal starts the table with these choices (``AppConfig.extra["match_setups"][game]``, one per game, read by the table
scene's controller factory); Esc or Back returns to the menu.  Keyboard: Up/Down move the focus
through the buttons, Left/Right or Enter/Space activate, Enter on Deal starts.

:func:`draw_rules_overlay` shows the active rules of a running match (the table's I key).

Glossary: preset = a named rule set ("classic", "basic", "pagat", ...); Bummerl = a lost match.
The house rules of RULES.md A-W5 (``HOUSE_RULES``) are offered, off by default, and their
label and explanation say that they are house rules.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

import pygame

from game.rules.options import OPTIONS_BY_GAME, PRESETS, preset
from game.rules.registry import GAMES
from game.ui.app import App, Scene
from game.ui.scenes import LEVEL_ORDER
from game.ui.scenes.table_family_text import option_description, option_label, option_value, t
from game.ui.style import PANEL_SOLID, draw_cloth, type_px
from game.ui.widgets import BRASS, CREAM, MUTED, Button, draw_key_line, draw_panel, draw_text, shade

#: Choices for integer options (the default is always among them).
INT_CHOICES: dict[str, tuple[int, ...]] = {"match_target": (7, 12, 24, 36), "lives": (1, 2, 3, 4, 5)}
#: Options the table cannot play yet: shown, but fixed to their default (none at present).
LOCKED: frozenset[str] = frozenset()


def choices(game_id: str, name: str) -> tuple[Any, ...]:
    """The values an option can take on this screen."""
    cls = OPTIONS_BY_GAME[game_id]
    default = getattr(cls(), name)
    if name in LOCKED:
        return (default,)
    hint = typing.get_type_hints(cls)[name]
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    if isinstance(default, bool):
        return (True, False) if default else (False, True)
    if isinstance(default, int):
        values = INT_CHOICES.get(name, (default,))
        return values if default in values else (default, *values)
    return (default,)


class NewGameScene(Scene):
    def __init__(self, app: App, game_id: str, level: str = "player") -> None:
        super().__init__(app)
        self.game_id = game_id
        info = GAMES[game_id]
        self.min_players, self.max_players = info.min_players, info.max_players
        self.players = max(self.min_players, min(self.max_players, app.config.players or self.min_players))
        self.levels = [level] * (self.max_players - 1)
        self.preset = next(iter(PRESETS[game_id]))  # the defaults of RULES.md
        self.options = preset(game_id, self.preset)
        from game.ui.scenes.table_setup import setup_for

        earlier = setup_for(app.config, game_id)  # this game's choices from before, if any
        if earlier:
            self.players = earlier["players"]
            for i, lvl in enumerate(earlier.get("levels", [])[: len(self.levels)]):
                self.levels[i] = lvl
            if earlier.get("options") is not None:
                self.options = earlier["options"]
                self.preset = next((p for p in PRESETS[game_id] if preset(game_id, p) == self.options), "")
        self.focus = -1
        self.buttons: list[Button] = []

    # --- the choices ---------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "players": self.players, "options": self.options,
                "levels": list(self.levels[: self.players - 1])}

    def activate(self, action: str, step: int = 1) -> None:
        kind, _, arg = action.partition(":")
        if kind == "players":
            self.players = int(arg)
        elif kind == "level":
            i = int(arg)
            self.levels[i] = LEVEL_ORDER[(LEVEL_ORDER.index(self.levels[i]) + step) % len(LEVEL_ORDER)]
        elif kind == "preset":
            self.preset = arg
            self.options = preset(self.game_id, arg)
        elif kind == "opt":
            values = choices(self.game_id, arg)
            cur = getattr(self.options, arg)
            i = values.index(cur) if cur in values else 0
            self.options = dataclasses.replace(self.options, **{arg: values[(i + step) % len(values)]})
            self.preset = next((p for p in PRESETS[self.game_id] if preset(self.game_id, p) == self.options), "")
        elif kind == "start":
            self.start()
        elif kind == "back":
            from game.ui.scenes.menu import MenuScene

            self.app.replace(MenuScene(self.app))

    def start(self) -> None:
        """Deal: a new match with these choices; asks first if it would replace one in progress."""
        from game.ui.match_guard import start_new_match

        start_new_match(self.app, self._start_now)

    def _start_now(self) -> None:
        from game.ui.scenes.table import TableScene

        cfg = self.app.config
        cfg.game_id = self.game_id
        # per game: the next start of another game from the menu must not inherit this count
        cfg.extra.setdefault("match_setups", {})[self.game_id] = self.setup()
        cfg.extra.pop("match_setup", None)
        level = self.levels[0] if self.levels else cfg.level
        self.app.replace(TableScene(self.app, self.game_id, level))

    # --- layout (in update; draw changes nothing) ----------------------------------------------

    def relabel(self) -> None:
        self._layout(self.app.size)

    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        fields = [f.name for f in dataclasses.fields(self.options)]
        top = int(h * 0.12)
        u = h / 720  # grows with the window (docs/STYLE.md)
        bh = max(24, round(34 * u))
        left = pygame.Rect(30, top, int(w * 0.36), h - top - round(80 * u))
        out: list[Button] = []
        y = left.top + bh
        if self.max_players > self.min_players:
            n = self.max_players - self.min_players + 1
            bw = (left.width - (n - 1) * 6) // n
            for i, k in enumerate(range(self.min_players, self.max_players + 1)):
                out.append(Button(f"players:{k}", str(k), pygame.Rect(left.left + i * (bw + 6), y, bw, bh),
                                  default=k == self.players))
            y += bh + 14
        y += bh
        cols = 2 if self.players > 5 else 1
        bw = (left.width - 10 * (cols - 1)) // cols
        for i in range(self.players - 1):
            r = pygame.Rect(left.left + (i % cols) * (bw + 10), y + (i // cols) * (bh + 6), bw, bh)
            out.append(Button(f"level:{i}", f"{t('seat.bot')} {i + 2}: {t('level.' + self.levels[i])}", r))
        y += ((self.players - 2) // cols + 1) * (bh + 6) + 14 + bh
        names = list(PRESETS[self.game_id])
        pw = (left.width - 6 * (len(names) - 1)) // max(1, len(names))
        for i, name in enumerate(names):
            out.append(Button(f"preset:{name}", t(f"preset.{name}"), pygame.Rect(left.left + i * (pw + 6), y, pw, bh),
                              default=name == self.preset))
        right = pygame.Rect(left.right + 30, top, w - left.right - 60, h - top - round(80 * u))
        row = min(int(bh * 1.9), right.height // max(1, len(fields)))
        for i, name in enumerate(fields):
            r = pygame.Rect(right.right - round(150 * u), right.top + i * row, round(150 * u), min(bh, row - 4))
            out.append(Button(f"opt:{name}", option_value(getattr(self.options, name), name), r,
                              enabled=len(choices(self.game_id, name)) > 1))
        self._right, self._row, self._fields = right, row, fields
        fw, fh = round(200 * u), round(44 * u)
        out.append(Button("back", t("btn.back"), pygame.Rect(w // 2 - fw - 30, h - fh - 18, fw, fh)))
        out.append(Button("start", t("newgame.start"), pygame.Rect(w // 2 + 30, h - fh - 18, fw, fh), default=True))
        for i, b in enumerate(out):
            b.hover = i == self.focus
        self.buttons = out
        self._left, self._bh = left, bh

    def enter(self) -> None:
        self._layout(self.app.size)

    def update(self, dt: float) -> None:
        self._layout(self.app.size)

    # --- input ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            for b in self.buttons:
                if b.hit(event.pos):
                    self.activate(b.action, 1 if event.button == 1 else -1)
                    return True
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        live = [i for i, b in enumerate(self.buttons) if b.enabled]
        if key == pygame.K_ESCAPE:
            self.activate("back")
        elif key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP) and live:
            step = -1 if key == pygame.K_UP else 1
            pos = live.index(self.focus) if self.focus in live else (-1 if step > 0 else 0)
            self.focus = live[(pos + step) % len(live)]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT):
            if 0 <= self.focus < len(self.buttons):
                self.activate(self.buttons[self.focus].action, -1 if key == pygame.K_LEFT else 1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
        else:
            return False
        return True

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw_cloth(surface)  # the cached cloth (game.ui.style): one blit
        title = f"{t('newgame.title')}: {t('game.' + self.game_id)}"
        draw_text(surface, title, (w // 2, 16), max(26, h // 22), BRASS, bold=True, anchor="midtop", max_width=w - 40)
        size, small = type_px("body", h), type_px("small", h)
        left, bh = self._left, self._bh
        draw_panel(surface, left.inflate(20, 20))
        draw_panel(surface, self._right.inflate(20, 20))
        y = left.top
        draw_text(surface, f"{t('newgame.players')}: {self.players}", (left.left, y), size, MUTED)
        labels = [b for b in self.buttons if b.action.startswith("level:")]
        presets = [b for b in self.buttons if b.action.startswith("preset:")]
        if labels:
            draw_text(surface, t("menu.difficulty"), (left.left, labels[0].rect.top - bh + 4), size, MUTED)
        if presets:
            draw_text(surface, t("newgame.preset"), (left.left, presets[0].rect.top - bh + 4), size, MUTED)
        for i, name in enumerate(self._fields):
            y = self._right.top + i * self._row
            width = self._right.width - round(160 * h / 720)
            r = draw_text(surface, option_label(name, self.game_id), (self._right.left, y), size, CREAM, bold=True,
                          max_width=width)
            draw_text(surface, option_description(name, self.game_id), (self._right.left, r.bottom - 2),
                      small, MUTED, max_width=width)
        for i, b in enumerate(self.buttons):
            b.draw(surface)
            if i == self.focus:
                pygame.draw.rect(surface, CREAM, b.rect.inflate(6, 6), width=2, border_radius=9)
        # the screen's own keys at the foot of the left panel, where it has room for two lines
        # (with many seats the level buttons fill the panel; the keys then stay unsaid)
        used = max((b.rect.bottom for b in self.buttons if left.contains(b.rect)), default=left.top)
        if left.bottom - used >= 3 * small:
            draw_key_line(surface, t("newgame.keys").split(" · "), left.centerx, left.bottom, left.width)


def draw_rules_overlay(surface: pygame.Surface, game_id: str, options: Any) -> None:
    """The active rules of the running match: every option with its value and explanation."""
    w, h = surface.get_size()
    fields = [f.name for f in dataclasses.fields(options)]
    size = type_px("body", h)
    small = type_px("small", h)
    row = int(size * 2.3)
    box = pygame.Rect(0, 0, min(w - 80, round(1000 * h / 720)), min(h - 80, row * len(fields) + 70))
    box.center = (w // 2, h // 2)
    # Opaque over a dimmed table: no card or label of the table runs through the text.
    surface.blit(shade((w, h), 150), (0, 0))
    draw_panel(surface, box, (*PANEL_SOLID, 255), border=BRASS)
    draw_text(surface, t("rules.active_options"), (box.centerx, box.top + 10), type_px("heading", h), BRASS, bold=True,
              anchor="midtop", max_width=box.width - 40)
    y = box.top + 20 + int(size * 1.4)
    name_w, value_w = int(box.width * 0.28), int(box.width * 0.13)
    for name in fields:
        if y + row > box.bottom:
            break
        x = box.left + 20
        draw_text(surface, option_label(name, game_id), (x, y), size, CREAM, bold=True, max_width=name_w)
        x += name_w + 12
        draw_text(surface, option_value(getattr(options, name), name), (x, y), size, BRASS, bold=True,
                  max_width=value_w)
        x += value_w + 12
        draw_text(surface, option_description(name, game_id), (x, y + 2), small, MUTED,
                  max_width=box.right - 20 - x)
        y += row
