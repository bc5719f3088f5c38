"""The monkey: drives the REAL app in-process with random, seeded input and collects every crash.

Used by ``tests/ui/test_monkey.py`` (a few thousand events per game in CI) and by
``benchmarks/monkey.py`` (100,000 events).  The app runs under SDL's dummy video driver; input is
posted as pygame events and the app advances one frame per input through ``App.step``, exactly as
in the real loop, so every path a user can reach is the path exercised here.

What the monkey does (each "event" is one user action, which may post several pygame events):
clicks anywhere, clicks biased toward the visible buttons and cards (found through the scene
objects, so the games actually progress), drags of hand cards, every shortcut key (1-9, E, C, M,
D, L, H, P, R, Space, Enter, Escape, F1, F2, F11, Ctrl+Z, arrows, Tab), the mouse wheel, window
resizes (``VIDEORESIZE``/``WINDOWSIZECHANGED``, including a tiny 200x150 and a huge 3840x2160),
fullscreen toggles, language / deck / card-back / sorting changes in the middle of a deal (through
the session's settings API when the app has one, else directly), undo at odd moments, and quitting
and resuming (the App is torn down and a new one resumes the save file).  When the app leaves the
game (menu, Escape, quit), the monkey goes back into it through the menu like a user would.

A crash is any exception out of the frame loop, and any exception the app logged and swallowed
(``log.exception``: a fallback that hides a bug is still a bug).  Each is reported with the seed,
game and event index that reproduce it; after a crash the app is rebuilt and the run goes on.

Bot pause 0, instant animations and inline bots (no worker process) keep it fast and
deterministic: the same seed gives the same run.
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

import pygame  # noqa: E402  (the SDL drivers must be chosen before pygame starts)

DT = 1 / 60
#: (game id, player counts the monkey plays it with)
GAMES: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("schnapsen", (2,)),
    ("dreierschnapsen", (3,)),
    ("bauernschnapsen", (4,)),
    ("schwimmen", (2, 3, 4, 6, 9)),
)
KEYS = (
    [getattr(pygame, f"K_{i}") for i in range(1, 10)]
    + [pygame.K_e, pygame.K_c, pygame.K_m, pygame.K_d, pygame.K_l, pygame.K_h, pygame.K_p, pygame.K_r,
       pygame.K_k, pygame.K_s, pygame.K_a, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB,
       pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_F1, pygame.K_F2, pygame.K_BACKSPACE]
)
SIZES = ((200, 150), (640, 480), (960, 600), (1024, 768), (1280, 720), (1366, 768), (1600, 900),
         (1920, 1080), (3840, 2160), (2560, 1080), (900, 1400))
LANGUAGES = ("en", "de", "ja")
DECKS = ("french", "french4", "german")
BACKS = ("classic_red", "classic_blue", "forest_green")
SORTINGS = ("suit", "rank", "none")


@dataclass
class Crash:
    seed: int
    game: str
    players: int
    index: int
    action: str
    error: str
    trace: str

    def line(self) -> str:
        return (f"seed={self.seed} game={self.game} players={self.players} event={self.index} "
                f"action={self.action}: {self.error}")


@dataclass
class RunResult:
    events: int = 0
    frames: int = 0
    seconds: float = 0.0
    crashes: list[Crash] = field(default_factory=list)
    #: What the run got through: deals finished, matches started, resumes, actions by kind.
    counts: dict[str, int] = field(default_factory=dict)


class _LogTrap(logging.Handler):
    """Collects log records that carry an exception (swallowed errors are crashes too)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(record)


class Driver:
    """Input as a player gives it: posted pygame events, one app frame at a time (shared by the
    per-game monkey and the journey monkey).  Needs ``app``, ``draw_every`` and ``_frame``."""

    app: Any
    draw_every: int
    _frame: int

    def _post(self, type_: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(type_, **attrs))

    def _key(self, key: int, mod: int = 0) -> None:
        self._post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self._post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)

    def _click(self, pos: tuple[int, int], button: int = 1) -> None:
        self._post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self._post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def _step(self, frames: int = 1, draw: bool = False) -> int:
        """Advance the app; draw only every ``draw_every``-th frame (drawing is the cost).
        Returns the frames run."""
        app, done = self.app, 0
        for _ in range(frames):
            if app is None or not app.running:
                break
            self._frame += 1
            if self._frame % self.draw_every and not draw:
                original = app.draw
                app.draw = _no_draw
                try:
                    app.step(DT)
                finally:
                    app.draw = original
            else:
                app.step(DT)
            done += 1
        return done


class Monkey(Driver):
    """One monkey run over one game: ``Monkey(seed, "schwimmen", 4).run(5000)``."""

    def __init__(self, seed: int, game_id: str, players: int, *, folder: Path | None = None,
                 draw_every: int = 4, level: str = "beginner", levels_clickable: bool = False,
                 size: tuple[int, int] = (1280, 720), skip_fsync: bool = True,
                 random_options: bool = False) -> None:
        self.seed = seed
        self.game_id = game_id
        self.players = players
        self.rng = Random(f"{seed}:{game_id}:{players}")
        self.own_folder = folder is None
        self.folder = Path(tempfile.mkdtemp(prefix="monkey-", dir=_fast_tmp())) if folder is None else folder
        self.draw_every = max(1, draw_every)
        self.level = level
        self.levels_clickable = levels_clickable
        self.start_size = size
        self.skip_fsync = skip_fsync
        #: Each match with a random choice of every option the new-game screen offers.
        self.random_options = random_options
        self.app: Any = None
        self.session: Any = None
        self.slot: Any = None  # without a session: the monkey's own save slot for quit/resume
        self.result = RunResult()
        self.index = 0
        self.action = "start"
        self._frame = 0
        self._trap = _LogTrap()
        self._seen: dict[int, tuple[int, int]] = {}

    # --- the app -------------------------------------------------------------------------------

    def _config(self) -> Any:
        from game.ui.app import AppConfig

        cfg = AppConfig(size=self.start_size, lang="en", seed=self.rng.randrange(1 << 30), speed=0.0,
                        bot_pause=0.0, use_processes=False, game_id=self.game_id, level=self.level,
                        settings_dir=self.folder / "config", persist=False)
        cfg.extra["data_dir"] = self.folder / "data"
        cfg.extra["state_dir"] = self.folder / "state"
        cfg.extra["match_setup"] = self._setup()
        return cfg

    def _setup(self) -> dict[str, Any]:
        """What the new-game screen hands the table: game, player count, one level per bot."""
        setup = {"game_id": self.game_id, "players": self.players, "levels": [self.level] * (self.players - 1)}
        if self.random_options:
            setup["options"] = random_options(self.game_id, self.rng)
        return setup

    def _write_fast_settings(self) -> None:
        """Instant animations and no bot pause, through the settings file the session reads."""
        try:
            from game import settings as settings_mod
        except ImportError:
            return
        path = self.folder / "config" / settings_mod.FILE_NAME
        if path.exists():
            return
        s = settings_mod.Settings(language="en", animation_speed=0.0, bot_pause=0.0, trick_pause=0.0,
                                  sound=False)
        settings_mod.save(s, path)

    def build(self, resume: bool = False) -> None:
        """A fresh App with the menu on top (and the session, when the app has one)."""
        from game.ui.app import App
        from game.ui.scenes.menu import MenuScene

        self._write_fast_settings()
        app = App(self._config())
        self.app = app
        self.session = None
        try:
            from game.ui import session as session_mod
        except ImportError:
            session_mod = None  # type: ignore[assignment]
        if session_mod is not None and getattr(app, "session", None) is None:
            try:
                self.session = session_mod.install(app, config_folder=self.folder / "config",
                                                   data_folder=self.folder / "data",
                                                   state_folder=self.folder / "state")
            except Exception:  # a session that cannot start is a crash of its own
                self._crash(traceback.format_exc(), "session install")
                self.session = None
        elif session_mod is not None:
            self.session = app.session
        if self.session is None:
            from game.persistence import SaveSlot

            self.slot = SaveSlot(self.folder / "data")
        app.push(MenuScene(app))
        if resume:
            self._resume()

    def _resume(self) -> None:
        app = self.app
        if self.session is not None:
            try:
                self.session.check_save()
                if self.session.resume():
                    self._count("resumed")
            except Exception:
                self._crash(traceback.format_exc(), "resume")
            return
        assert self.slot is not None
        c, problem = self.slot.resume(bot_pause=0.0, use_processes=False)
        if problem:
            self._crash(problem, "resume")
        if c is not None:
            from game.ui.scenes.table import TableScene

            app.replace(TableScene(app, c.game_id, self.level, controller=c))
            self._count("resumed")

    def teardown(self, save: bool = True) -> None:
        """Quit: what the app leaves behind on disk is what the next start resumes."""
        if self.app is None:
            return
        table = self.table()
        if save and self.session is None and table is not None and table.controller is not None:
            assert self.slot is not None
            self.slot.write(table.controller)
        try:
            self.app.shutdown()
        except Exception:
            self._crash(traceback.format_exc(), "shutdown")
        self.app = None

    def close(self) -> None:
        self.teardown(save=False)
        if self.own_folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    # --- helpers -------------------------------------------------------------------------------

    def table(self) -> Any:
        from game.ui.scenes.table import TableScene

        for scene in self.app.scenes if self.app is not None else ():
            if isinstance(scene, TableScene):
                return scene
        return None

    def _progress(self) -> None:
        """Count moves and finished deals (a monkey that never plays proves little)."""
        table = self.table()
        c = getattr(table, "controller", None)
        if c is None:
            return
        key = id(c)
        moves, rounds = len(c.move_log), c.round_no + (1 if c.round_over else 0)
        last_moves, last_rounds = self._seen.get(key, (moves, rounds))
        if moves > last_moves:
            self._count("moves", moves - last_moves)
        if rounds > last_rounds:
            self._count("deals", rounds - last_rounds)
        self._seen = {key: (moves, rounds)}

    def _count(self, what: str, n: int = 1) -> None:
        self.result.counts[what] = self.result.counts.get(what, 0) + n

    def _crash(self, trace: str, action: str | None = None) -> None:
        last = trace.strip().splitlines()[-1] if trace.strip() else "?"
        self.result.crashes.append(Crash(self.seed, self.game_id, self.players, self.index, action or self.action,
                                         last, trace))

    def targets(self) -> list[pygame.Rect]:
        """Rectangles of what a user would click: the top scene's buttons and the cards."""
        scene = self.app.scene if self.app is not None else None
        if scene is None:
            return []
        from game.ui.widgets import Button

        rects: list[pygame.Rect] = []
        for name, value in vars(scene).items():
            items = value if isinstance(value, list | tuple) else [value]
            for b in items:
                if isinstance(b, Button) and b.rect.width > 0 and getattr(b, "enabled", True):
                    if not self.levels_clickable and b.action.startswith("level:"):
                        continue
                    if name == "menu_button" and self.rng.random() < 0.8:
                        continue  # leaving the table is rarely what a player clicks
                    rects.append(b.rect)
        presenter = getattr(scene, "presenter", None)
        if presenter is not None:
            try:
                for c in presenter.hand_cards():
                    rects.append(presenter.card_rect(c))
                    rects.append(presenter.card_rect(c))  # hand cards twice: they are the game
                zones = getattr(presenter, "zones", {})
                for name, cards in zones.items():
                    if cards and not name.startswith("hand"):
                        rects.append(presenter.card_rect(cards[-1]))
            except Exception:
                self._crash(traceback.format_exc(), "targets")
        return rects

    def _point(self) -> tuple[int, int]:
        w, h = self.app.size
        rects = self.targets() if self.rng.random() < 0.6 else []
        if rects:
            r = self.rng.choice(rects)
            return (self.rng.randint(r.left, max(r.left, r.right - 1)), self.rng.randint(r.top, max(r.top, r.bottom - 1)))
        return (self.rng.randrange(-5, w + 5), self.rng.randrange(-5, h + 5))

    def _step(self, frames: int = 1, draw: bool = False) -> None:
        self.result.frames += Driver._step(self, frames, draw)

    # --- actions -------------------------------------------------------------------------------

    def act(self) -> None:
        """One random user action (the weights favour playing over fiddling)."""
        r = self.rng.random()
        top = type(self.app.scene).__name__
        if top not in ("TableScene", "MenuScene") and self.rng.random() < 0.15:
            r = 0.78  # dialogs and screens: a player closes them with Escape sooner or later
        if r < 0.42:
            self.action = "click"
            self._click(self._point())
        elif r < 0.47:
            self.action = "click-any"
            w, h = self.app.size
            self._click((self.rng.randrange(w), self.rng.randrange(h)), self.rng.choice((1, 1, 2, 3)))
        elif r < 0.53:
            self.action = "drag"
            self._drag()
        elif r < 0.78:
            key = self.rng.choice(KEYS)
            self.action = f"key {pygame.key.name(key)}"
            self._key(key)
        elif r < 0.787:
            self.action = "escape"
            self._key(pygame.K_ESCAPE)
        elif r < 0.80:
            self.action = "undo"
            self._key(pygame.K_z, pygame.KMOD_LCTRL)
        elif r < 0.82:
            self.action = "wheel"
            self._post(pygame.MOUSEWHEEL, x=0, y=self.rng.choice((-3, -1, 1, 3)), flipped=False)
        elif r < 0.845:
            self._resize()
        elif r < 0.85:
            self.action = "fullscreen"
            self._key(pygame.K_F11)
        elif r < 0.87:
            self._change_setting()
        elif r < 0.875:
            self.action = "quit+resume"
            self.teardown()
            self.build(resume=True)
        elif r < 0.88:
            self.action = "window close"
            self._post(pygame.QUIT)
        else:
            self.action = "wait"
            self._step(self.rng.randint(1, 4))
        self._step()
        self._keep_fast()
        if self.app is None or not self.app.running:
            self.action = "restart"
            self.teardown()
            self.build(resume=True)
        self._return_to_game()

    def _drag(self) -> None:
        table = self.table()
        start = self._point()
        if table is not None and table is self.app.scene and table.presenter is not None:
            hand = table.presenter.hand_cards()
            if hand:
                start = table.presenter.card_rect(self.rng.choice(hand)).center
        w, h = self.app.size
        end = (self.rng.randrange(w), self.rng.randrange(h)) if self.rng.random() < 0.5 else (w // 2, h // 2)
        self._post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        steps = self.rng.randint(1, 4)
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            self._post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            if self.rng.random() < 0.3:
                self._step()  # a drag spans frames
        self._post(pygame.MOUSEBUTTONUP, pos=end, button=1)

    def _resize(self) -> None:
        w, h = self.rng.choice(SIZES)
        if self.rng.random() < 0.3:
            w, h = self.rng.randint(100, 2000), self.rng.randint(100, 1400)
        self.action = f"resize {w}x{h}"
        if self.rng.random() < 0.5:
            self._post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        else:
            self._post(pygame.WINDOWSIZECHANGED, x=w, y=h)
            self._post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        if w * h > 4_000_000:
            self._step(draw=True)  # one frame at the huge size, then back (a 4K frame costs ~10 small ones)
            self._post(pygame.VIDEORESIZE, size=self.start_size, w=self.start_size[0], h=self.start_size[1])

    def _change_setting(self) -> None:
        """Language, deck, card back or sorting changed in the middle of whatever is going on."""
        what = self.rng.choice(("language", "deck_style", "card_back", "hand_sorting", "german_terms"))
        value: Any = {"language": LANGUAGES, "deck_style": DECKS, "card_back": BACKS, "hand_sorting": SORTINGS,
                      "german_terms": (True, False)}[what]
        value = self.rng.choice(value)
        self.action = f"setting {what}={value}"
        if self.session is not None and hasattr(self.session, "change"):
            self.session.change(**{what: value})
            return
        if what == "language":
            from game.ui import text

            text.set_language(value)
            try:
                from game import i18n

                i18n.set_language(value)
            except ImportError:
                pass
            self.app.config.lang = value
        elif what == "deck_style":
            self.app.config.deck_style = value
            table = self.table()
            art = getattr(getattr(table, "presenter", None), "art", None)
            if art is not None and hasattr(art, "style"):
                art.style = value
                art.cache.clear()

    def _keep_fast(self) -> None:
        """The settings screen (its sliders, "reset") may have slowed the game down; the monkey
        puts instant animations and no pauses back so the deals keep coming."""
        s = getattr(self.session, "settings", None)
        if s is None or not hasattr(self.session, "change"):
            return
        if s.animation_speed != 0.0 or s.bot_pause != 0.0 or s.trick_pause != 0.0:
            self.session.change(animation_speed=0.0, bot_pause=0.0, trick_pause=0.0)

    def _return_to_game(self) -> None:
        """Back at the menu (Escape, quit, menu button)?  Sometimes wander there a little, then
        go back into the monkey's game through the menu, as a user would."""
        from game.ui.scenes.menu import MenuScene

        scene = self.app.scene
        if not isinstance(scene, MenuScene) or self.rng.random() < 0.15:
            return
        self.app.config.extra["match_setup"] = self._setup()
        self.app.config.level = self.level
        for b in scene.buttons:
            if b.action == f"game:{_game_index(self.game_id)}":
                self._click(b.rect.center)
                self._step()
                break
        self._count("menu-starts")
        scene = self.app.scene
        if isinstance(scene, MenuScene):
            # a kept match is continued, as a player would; else the chosen game starts
            wanted = "session:resume" if any(b.action == "session:resume" for b in scene.buttons) \
                and self.rng.random() < 0.85 else "start"
            for b in scene.buttons:
                if b.action == wanted:
                    self._click(b.rect.center)
                    self._step()
                    break
        from game.ui.scenes.dialog import DialogScene

        scene = self.app.scene if self.app is not None else None
        if isinstance(scene, DialogScene) and scene.on_confirm is not None:  # "start a new match?"
            for b in scene.buttons:
                if b.action == "ok":
                    self._click(b.rect.center)
                    self._step()
                    break

    # --- the run -------------------------------------------------------------------------------

    def run(self, events: int) -> RunResult:
        root = logging.getLogger()
        root.addHandler(self._trap)
        real_fsync = os.fsync
        if self.skip_fsync:
            os.fsync = _no_fsync  # the save after every move: the disk flush is not what is tested
        t0 = time.perf_counter()
        try:
            self.build()
            self._return_to_game()
            for self.index in range(events):
                n_logged = len(self._trap.records)
                try:
                    self.act()
                except Exception:
                    self._crash(traceback.format_exc())
                    self.teardown(save=False)
                    self.build(resume=False)
                for rec in self._trap.records[n_logged:]:
                    text = logging.Formatter().formatException(rec.exc_info) if rec.exc_info else rec.getMessage()
                    self._crash(f"logged by {rec.name}: {rec.getMessage()}\n{text}", self.action + " (logged)")
                self._progress()
                self.result.events += 1
        finally:
            os.fsync = real_fsync
            root.removeHandler(self._trap)
            self.result.seconds = time.perf_counter() - t0
            self.close()
        return self.result


def random_options(game_id: str, rng: Random) -> Any:
    """A random option set of ``game_id``: every option at one of the values the new-game
    screen offers for it (so every combination the player can choose may come up)."""
    import dataclasses

    from game.rules.options import OPTIONS_BY_GAME
    from game.ui.scenes.newgame import choices

    cls = OPTIONS_BY_GAME[game_id]
    return cls(**{f.name: rng.choice(choices(game_id, f.name)) for f in dataclasses.fields(cls)})


def _fast_tmp() -> str | None:
    """A memory-backed temp folder when there is one: the app saves after every move."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK) else None


def _no_draw(surface: pygame.Surface) -> None:
    pass


def _no_fsync(fd: Any) -> None:
    pass


def _game_index(game_id: str) -> int:
    from game.ui.scenes import GAME_ORDER

    return GAME_ORDER.index(game_id)


def run_games(seed: int, events_per_game: int, games: tuple[tuple[str, tuple[int, ...]], ...] = GAMES,
              **kwargs: Any) -> list[tuple[str, int, RunResult]]:
    """The monkey over every game (Schwimmen's player counts share its events)."""
    out = []
    for game_id, counts in games:
        per = max(1, events_per_game // len(counts))
        for players in counts:
            out.append((game_id, players, Monkey(seed, game_id, players, **kwargs).run(per)))
    return out
