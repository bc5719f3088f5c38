"""The journey monkey: a newcomer's whole journey through the REAL app, checked after every step.

Where ``tools.monkey`` plays one game hard, this one travels: the menu (every game, every level,
Continue, Start, the new-game screen with every player count, preset and option, Back), the
tables of all four games (legal moves, random clicks and keys, Esc back to the menu), the deal
summaries and score sheets (Next, Menu, Ctrl+Z), the settings, rules and statistics screens, the
questions (confirm, cancel, Enter, Esc), the language and window size, closing the window, and
quitting and starting again on the same folders (a new App with a new session, as a new process
would see them).  Input goes in as pygame events, one frame per action, as in the real loop.

After every step it checks:

- **exceptions**: anything raised out of a frame, and anything the app logged with a traceback;
- **lost matches**: a match in progress (a human seat, not finished) that is no longer anywhere,
  neither at the open table, nor kept for the menu's Continue, nor offered after a restart, when
  the player did not confirm a question that gives it up.  A match is known by its game and
  master seed; a finished match is not lost, it is done.

``run()`` returns a :class:`JourneyResult`; ``benchmarks/monkey.py --journey`` prints its last line
``events=… exceptions=… lost=… screens=…`` (screens = the different screens reached; a table counts
once per game).  Seeded: the same seed gives the same journey.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tools.monkey import KEYS, LANGUAGES, SIZES, Driver, _fast_tmp, _LogTrap, _no_fsync  # noqa: E402

#: Every screen a journey can reach (a table once per game): the denominator of "screens".
ALL_SCREENS = ("MenuScene", "NewGameScene", "SettingsScene", "RulesScene", "StatsScene", "DialogScene",
               "SummaryScene", "FamilySummary", "SchwimmenSummary", "TableScene:schnapsen",
               "TableScene:dreierschnapsen", "TableScene:bauernschnapsen", "TableScene:schwimmen",
               "HindsightScene", "FamilyHindsightScene")


def screen_kind(scene: object) -> str:
    """What the journey does on a scene: its class, a summary subclass counted as its summary
    (the family summary with the "Could I have won?" button is still the family summary)."""
    from game.ui.scenes.scoresheets import FamilySummary

    if isinstance(scene, FamilySummary):
        return "FamilySummary"
    return type(scene).__name__


@dataclass
class Problem:
    seed: int
    index: int
    action: str
    kind: str  # "exception" or "lost"
    text: str

    def line(self) -> str:
        return f"seed={self.seed} event={self.index} action={self.action}: {self.kind}: {self.text.strip().splitlines()[-1]}"


@dataclass
class JourneyResult:
    events: int = 0
    seconds: float = 0.0
    problems: list[Problem] = field(default_factory=list)
    screens: set[str] = field(default_factory=set)
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def exceptions(self) -> int:
        return sum(1 for p in self.problems if p.kind == "exception")

    @property
    def lost(self) -> int:
        return sum(1 for p in self.problems if p.kind == "lost")

    def last_line(self) -> str:
        return (f"events={self.events} exceptions={self.exceptions} lost={self.lost} "
                f"screens={len(self.screens)}")


def _match_key(c: Any) -> tuple[str, int] | None:
    if c is None or c.human_seat is None or c.match_over:
        return None
    return (c.game_id, c.master_seed)


class Journey(Driver):
    """``Journey(seed).run(20_000)``: one seeded journey in a temporary home of its own."""

    def __init__(self, seed: int, *, draw_every: int = 4, size: tuple[int, int] = (1280, 720)) -> None:
        self.seed = seed
        self.rng = Random(f"journey:{seed}")
        self.folder = Path(tempfile.mkdtemp(prefix="journey-", dir=_fast_tmp()))
        self.draw_every = max(1, draw_every)
        self.size = size
        self.app: Any = None
        self.result = JourneyResult()
        self.index = 0
        self.action = "start"
        self._frame = 0
        self._trap = _LogTrap()
        self._confirmed = False  # a question that gives a match up was answered yes this step

    # --- the app -------------------------------------------------------------------------------

    def build(self) -> None:
        """A new app on the same folders: what a new process would see at its start."""
        from game import settings as settings_mod
        from game.ui.app import App, AppConfig
        from game.ui.session import install, open_menu

        path = self.folder / "config" / settings_mod.FILE_NAME
        if not path.exists():
            settings_mod.save(settings_mod.Settings(language="en", animation_speed=0.0, bot_pause=0.0,
                                                    trick_pause=0.0, sound=False), path)
        cfg = AppConfig(size=self.size, lang="en", seed=self.rng.randrange(1 << 30), speed=0.0, bot_pause=0.0,
                        use_processes=False, level="beginner", settings_dir=self.folder / "config", persist=False)
        cfg.extra["data_dir"] = self.folder / "data"
        cfg.extra["state_dir"] = self.folder / "state"
        self.app = App(cfg)
        session = install(self.app, config_folder=self.folder / "config", data_folder=self.folder / "data",
                          state_folder=self.folder / "state")
        open_menu(self.app, session.check_save())
        self._count("starts")

    def teardown(self) -> None:
        if self.app is not None:
            try:
                self.app.shutdown()
            except Exception:
                self._problem("exception", traceback.format_exc())
            self.app = None

    # --- what the player has -------------------------------------------------------------------

    def _in_progress(self) -> tuple[str, int] | None:
        """The match in progress anywhere in the app, by (game, master seed)."""
        session = getattr(self.app, "session", None) if self.app is not None else None
        if session is None:
            return None
        return _match_key(session.guard.current())

    def _saved_match(self) -> tuple[str, int] | None:
        """The match the save file holds, as the next start would offer it."""
        import json

        from game.persistence import SAVE_NAME

        try:
            data = json.loads((self.folder / "data" / SAVE_NAME).read_text(encoding="utf-8"))
            return (str(data["game_id"]), int(data["master_seed"]))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    # --- steps ---------------------------------------------------------------------------------

    def _count(self, what: str, n: int = 1) -> None:
        self.result.counts[what] = self.result.counts.get(what, 0) + n

    def _problem(self, kind: str, text: str) -> None:
        self.result.problems.append(Problem(self.seed, self.index, self.action, kind, text))

    def _buttons(self) -> list[Any]:
        from game.ui.widgets import Button

        scene = self.app.scene
        out: list[Button] = []
        for value in vars(scene).values():
            for b in value if isinstance(value, list | tuple) else [value]:
                if isinstance(b, Button) and b.rect.width > 0 and b.enabled:
                    out.append(b)
        return out

    def _click_button(self, prefer: tuple[str, ...] = ()) -> None:
        buttons = self._buttons()
        wanted = [b for b in buttons if b.action.split(":")[0] in prefer or b.action in prefer]
        pool = wanted if wanted and self.rng.random() < 0.7 else buttons
        if not pool:
            w, h = self.app.size
            self.action = "click-anywhere"
            self._click((self.rng.randrange(w), self.rng.randrange(h)))
            return
        b = self.rng.choice(pool)
        self.action = f"click {b.action}"
        self._click(b.rect.center, 1 if self.rng.random() < 0.9 else 3)

    # --- what a player does where --------------------------------------------------------------

    def act(self) -> None:
        scene = self.app.scene
        name = screen_kind(scene)
        r = self.rng.random()
        if r < 0.012:
            self.action = "quit+restart"
            self._quit_and_restart()
            return
        if r < 0.02:
            self.action = "window close"
            self._post(pygame.QUIT)
        elif r < 0.03:
            self._change_language()
        elif r < 0.04:
            w, h = self.rng.choice(SIZES)
            self.action = f"resize {w}x{h}"
            self._post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        elif r < 0.05:
            key = self.rng.choice((pygame.K_F1, pygame.K_F2, pygame.K_ESCAPE, pygame.K_RETURN))
            self.action = f"key {pygame.key.name(key)}"
            self._key(key)
        elif name == "MenuScene":
            self._on_menu()
        elif name == "NewGameScene":
            self._click_button(("players", "preset", "opt", "level", "start", "back", "opt"))
        elif name == "TableScene":
            self._on_table(scene)
        elif name == "DialogScene":
            if self.rng.random() < 0.5:
                self._click_button(("ok", "cancel"))
            else:
                key = self.rng.choice((pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_SPACE))
                self.action = f"dialog key {pygame.key.name(key)}"
                self._key(key)
        elif name in ("SummaryScene", "FamilySummary", "SchwimmenSummary"):
            if self.rng.random() < 0.08:
                self.action = "undo at summary"
                self._key(pygame.K_z, pygame.KMOD_LCTRL)
            elif self.rng.random() < 0.5:
                self.action = "summary enter"
                self._key(pygame.K_RETURN)
            else:
                self._click_button(("next", "new", "menu", "sheet", "back", "hindsight"))
        else:  # settings, rules, statistics: look around, then leave
            if self.rng.random() < 0.3:
                self.action = "escape"
                self._key(pygame.K_ESCAPE)
            elif self.rng.random() < 0.5:
                key = self.rng.choice((pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB,
                                       pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_RETURN))
                self.action = f"key {pygame.key.name(key)}"
                self._key(key)
            else:
                self._click_button()
        self._step()

    def _on_menu(self) -> None:
        r = self.rng.random()
        if r < 0.5:
            self._click_button(("game", "level", "start", "newgame", "session:resume", "session:settings",
                                "session:stats", "session:rules", "quit"))
        else:
            key = self.rng.choice((pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN,
                                   pygame.K_n, pygame.K_r, pygame.K_ESCAPE, pygame.K_TAB))
            self.action = f"menu key {pygame.key.name(key)}"
            self._key(key)

    def _on_table(self, table: Any) -> None:
        c = table.controller
        r = self.rng.random()
        waiting = c is not None and c.awaiting_human and not c.round_over and table.presenter.idle
        if r < 0.8 and waiting:
            legal = c.legal_moves()
            if legal:
                move = self.rng.choice(legal)
                self.action = f"move {move}"
                table.perform(move)
                self._count("moves")
                return
        if r < 0.8:  # the bots' turn: watch
            self.action = "wait"
            self._step(3)
        elif r < 0.84:
            self.action = "menu (leave the table)"
            self._key(pygame.K_ESCAPE)
        elif r < 0.9:
            key = self.rng.choice(KEYS)
            self.action = f"table key {pygame.key.name(key)}"
            self._key(key)
        elif r < 0.93:
            self.action = "undo"
            self._key(pygame.K_z, pygame.KMOD_LCTRL)
        else:
            self._click_button()

    def _change_language(self) -> None:
        lang = self.rng.choice(LANGUAGES)
        self.action = f"language {lang}"
        self.app.session.change(language=lang)

    def _quit_and_restart(self) -> None:
        """Quit through the real path (the question, answered yes), then start anew."""
        before = self._in_progress()
        self.app.session.guard.request_quit()
        self._step()
        if self.app.running:  # the question: quitting keeps a saved match
            self.app.quit()
        self.teardown()
        self.build()
        offered = _match_key(self.app.session.resumable)
        if before is not None and offered != before:
            self._problem("lost", f"after a restart the match {before} was not offered (offered {offered})")
        self._count("restarts")

    def _keep_fast(self) -> None:
        s = self.app.session.settings
        if s.animation_speed != 0.0 or s.bot_pause != 0.0 or s.trick_pause != 0.0:
            self.app.session.change(animation_speed=0.0, bot_pause=0.0, trick_pause=0.0)

    def _note_screen(self) -> None:
        scene = self.app.scene if self.app is not None else None
        if scene is None:
            return
        name = screen_kind(scene)
        if name == "TableScene":
            name = f"TableScene:{scene.game_id}"
        self.result.screens.add(name)

    # --- the run -------------------------------------------------------------------------------

    def _watch_confirmations(self) -> Any:
        """Note when a question that gives a match up is answered yes (the player said so)."""
        from game.ui.scenes.dialog import DialogScene

        journey = self
        real_close = DialogScene.close

        def close(dialog: DialogScene, action: str) -> None:
            if action == "ok" and dialog.on_confirm is not None:
                journey._confirmed = True
            real_close(dialog, action)

        DialogScene.close = close  # type: ignore[method-assign]
        return real_close

    def run(self, events: int) -> JourneyResult:
        from game.ui.scenes.dialog import DialogScene

        root = logging.getLogger()
        root.addHandler(self._trap)
        real_fsync, os.fsync = os.fsync, _no_fsync  # the save after every move: the flush is not tested
        real_close = self._watch_confirmations()
        t0 = time.perf_counter()
        try:
            self.build()
            for self.index in range(events):
                before = self._in_progress()
                self._confirmed = False
                n_logged = len(self._trap.records)
                try:
                    self.act()
                    if self.app is None or not self.app.running:
                        self.action += " -> app quit"
                        self.teardown()
                        self.build()
                        after = _match_key(self.app.session.resumable)
                    else:
                        self._keep_fast()
                        after = self._in_progress()
                except Exception:
                    self._problem("exception", traceback.format_exc())
                    self.teardown()
                    self.build()
                    after = _match_key(self.app.session.resumable)
                for rec in self._trap.records[n_logged:]:
                    trace = logging.Formatter().formatException(rec.exc_info) if rec.exc_info else ""
                    self._problem("exception", f"logged by {rec.name}: {rec.getMessage()}\n{trace}")
                if before is not None and after != before and not self._confirmed:
                    finished = self._finished(before)
                    if not finished:
                        self._problem("lost", f"the match {before} was dropped without a question (now {after})")
                self._note_screen()
                self.result.events += 1
        finally:
            DialogScene.close = real_close  # type: ignore[method-assign]
            os.fsync = real_fsync
            root.removeHandler(self._trap)
            self.result.seconds = time.perf_counter() - t0
            self.teardown()
            shutil.rmtree(self.folder, ignore_errors=True)
        return self.result

    def _finished(self, key: tuple[str, int]) -> bool:
        """The match ``key`` ended by being played to its end (then it is done, not lost)."""
        table = self.app.session.table() if self.app is not None else None
        for c in (getattr(table, "controller", None), self.app.session.resumable if self.app else None):
            if c is not None and (c.game_id, c.master_seed) == key and c.match_over:
                return True
        return False
