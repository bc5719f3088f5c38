"""The window, the 60 fps main loop and the scene stack.

Every scene shares one lifecycle (Tuxemon states, pygame_gui's manager; ARCHITECTURE.md style 5):
``enter()``, ``exit()``, ``handle_event(event) -> bool`` (True = consumed), ``update(dt)`` with
``dt`` in seconds, and ``draw(surface)``, which changes nothing.  Only the top scene receives
events and updates; scenes below it are drawn first when the top scene is an overlay.

The window is resizable with a minimum size, F11 toggles fullscreen, and the last windowed size
is remembered in ``settings.json`` in the user's config folder (written atomically; the size and
the settings file are in :mod:`game.ui.window`).

:class:`AppConfig` carries what ``main.py`` decided: speeds, demo/smoke mode, seed, language.
"""

from __future__ import annotations

import logging
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.ui.window import (  # noqa: F401  (re-exported: tests and tools import them from here)
    _DESKTOP_MARGIN,
    DEFAULT_SIZE,
    MIN_SIZE,
    _stored_size,
    _usable_display_size,
    fit_window,
    load_settings,
    save_settings,
)

log = logging.getLogger(__name__)

FPS = 60
#: At rest the loop sleeps until input, waking at least this often: a safety net for a
#: time-driven change no scene reports, and the bound on how late a signal (SIGTERM) is seen.
IDLE_WAKE_MS = 500
#: How often a resting app looks for input (seconds): the most a click waits before its frame.
REST_POLL_S = 0.008
#: dt is clamped so a stall (window drag, debugger) does not teleport every animation.
MAX_DT = 0.1


@dataclass
class AppConfig:
    """Run-time choices from the command line (and later from the settings screen)."""

    size: tuple[int, int] | None = None
    lang: str = "en"
    seed: int | None = None
    #: Animation speed factor: 1 normal, 0 instant.
    speed: float = 1.0
    bot_pause: float = 0.6
    use_processes: bool = True
    demo: bool = False
    #: --smoke N: deals to play with a bot in the human seat, then quit.
    smoke_deals: int = 0
    game_id: str = "schnapsen"
    players: int | None = None
    level: str = "player"
    deck_style: str = "french"
    show_points: bool = True
    #: Where settings.json lives; None = platformdirs' config folder.
    settings_dir: Path | None = None
    #: Remember the window size in the settings file (off for tests and smoke runs).
    persist: bool = True
    extra: dict[str, Any] = field(default_factory=dict)


class Scene:
    """Base class with the shared lifecycle; subclasses override what they need."""

    #: An overlay lets the scene beneath it be drawn first.
    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def relabel(self) -> None:
        """The language changed: rebuild the labels this scene keeps."""

    def busy(self) -> bool:
        """True while the scene changes without input (an animation, a timer, a bot's turn): the
        app then keeps its frame rate; otherwise it rests until the next event."""
        return False


class App:
    """Owns the window and the scene stack; ``run`` loops, ``step`` runs one frame (tests)."""

    def __init__(self, config: AppConfig | None = None) -> None:
        self.config = config or AppConfig()
        self.settings = load_settings(self.config) if self.config.persist else {}
        pygame.display.init()
        pygame.font.init()
        size = fit_window(self.config.size or _stored_size(self.settings), _usable_display_size())
        self.windowed_size: tuple[int, int] = size
        self.fullscreen = False
        from game.ui.screen import make_screen

        #: The window: the display module's, or a high-DPI one on macOS (game.ui.screen).
        self.display = make_screen()
        self.screen = self.display.open(size, _title(), _window_icon())
        pygame.event.clear()  # a new app acts on no input left over from before it existed
        self._set_minimum_size()
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.exit_code = 0
        self.frames = 0
        self.first_frame_at: float | None = None
        #: Seconds since start, advanced by dt (deterministic under tests).
        self.now = 0.0
        #: The player's comforts (game.ui.session.install): global keys, saves, settings.
        self.session: Any = None
        #: A frame is owed (start, a scene came or went, the window changed): do not rest yet.
        self._needs_frame = True

    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                self.display.set_minimum_size(MIN_SIZE)
        except (AttributeError, pygame.error):
            pass  # older pygame: clamp in on_resize instead

    def set_caption(self, title: str) -> None:
        self.display.set_caption(title)

    def request_frame(self) -> None:
        """Draw at least one more frame even if no scene is busy (a panel appeared or went)."""
        self._needs_frame = True

    # --- scene stack ---------------------------------------------------------------------------

    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        self._needs_frame = True
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._needs_frame = True
        scene.exit()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the whole stack for ``scene`` (menu -> table, table -> menu)."""
        while self.scenes:
            self.pop()
        self.push(scene)

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # --- window --------------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def screen(self) -> pygame.Surface:
        return self._screen

    @screen.setter
    def screen(self, surface: pygame.Surface) -> None:
        # the type scale follows the window: every text drawn without an explicit height
        # (buttons, bubbles, panels) takes its size from this
        from game.ui.style import set_window_height

        self._screen = surface
        set_window_height(surface.get_height())

    def on_resize(self, w: int, h: int) -> None:
        w, h = max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)
        if self.display.high_dpi or (w, h) != self.screen.get_size():
            self.screen = self.display.resize((w, h))  # high-DPI: w, h in points, the surface in pixels
        if not self.fullscreen:
            self.windowed_size = (w, h)
            self._remember_size()

    def _remember_size(self) -> None:
        if self.config.persist:
            self.settings["window_size"] = list(self.windowed_size)
            save_settings(self.config, self.settings)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self.display.set_fullscreen(self.fullscreen, self.windowed_size)

    # --- loop ----------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:  # the window's close button: asks while a match is on
            if self.session is not None:
                self.session.guard.request_quit()
            else:
                self.quit()
            return
        event = self.display.to_pixels(event)
        if event.type == pygame.VIDEORESIZE:
            self.on_resize(event.w, event.h)
        elif self.display.high_dpi and event.type == pygame.WINDOWSIZECHANGED:
            if self.fullscreen:  # the surface follows; the remembered windowed size does not
                self.screen = self.display.resize((event.x, event.y))
            else:
                self.on_resize(event.x, event.y)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.session is not None and self.session.handle_event(event):
            return
        if self.scene is not None:
            self.scene.handle_event(event)

    def step(self, dt: float, present: bool = True) -> None:
        """One frame: events, update, draw, flip.  ``present=False`` (a quiet wake-up at rest)
        skips drawing unless the update made something busy."""
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        dt = min(max(dt, 0.0), MAX_DT)
        self.now += dt
        if self.scene is not None:
            self.scene.update(dt)
        if self.session is not None:
            self.session.update(dt)
        if not present and not self.busy():
            return
        self._needs_frame = False  # before drawing: a scene pushed while drawing owes the next
        self.draw(self.screen)
        self.display.flip()
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()

    def draw(self, surface: pygame.Surface) -> None:
        # Draw from the topmost non-overlay scene upwards so overlays sit on their scene.
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        if not self.scenes:
            surface.fill((20, 60, 40))
        for scene in self.scenes[max(start, 0):]:
            scene.draw(surface)

    def run(self, max_frames: int | None = None) -> int:
        """Loop at 60 fps until quit (or ``max_frames``); returns the exit code."""
        self.clock.tick()
        try:
            while self.running and self.scenes:
                quiet = self.rest() if max_frames is None else False  # a counted run never rests
                dt = self.clock.tick(FPS) / 1000.0
                try:
                    self.step(dt, present=not quiet)
                except Exception:
                    if not self.recover():
                        raise
                if max_frames is not None and self.frames >= max_frames:
                    break
        finally:
            self.shutdown()
        return self.exit_code

    # --- resting: a card table waiting for a click uses (almost) no CPU -------------------------

    def busy(self) -> bool:
        """Something moves or a timer runs on its own: keep stepping at the full frame rate."""
        if self._needs_frame or pygame.event.peek():
            return True
        if self.session is not None and self.session.busy():
            return True
        return any(scene.busy() for scene in self.scenes)

    def rest(self) -> bool:
        """While nothing is busy, sleep until input comes (or, as a safety net for a time-driven
        change a scene does not report, ``IDLE_WAKE_MS``); then the frame runs as usual.  The
        clock restarts, so the wait is not animation time.  Returns True when it woke without
        input (the frame then updates, and draws only if that made something busy).

        Not ``pygame.event.wait``: pygame-ce polls SDL every millisecond inside it, which costs
        about 2 % of a core while the player thinks.  Here the loop looks at the queue every
        ``REST_POLL_S`` and sleeps in between (~0.2 %); input waits at most that long."""
        if self.busy():
            return False
        deadline = time.perf_counter() + IDLE_WAKE_MS / 1000.0
        try:
            while True:
                pygame.event.pump()
                if pygame.event.peek():
                    return False  # the frame that follows handles the input, in order
                if time.perf_counter() >= deadline:
                    return True
                time.sleep(REST_POLL_S)
        finally:
            self.clock.tick()

    def run_for(self, seconds: float) -> None:
        """The real loop for ``seconds`` of wall time, scenes kept (benchmarks/idle.py)."""
        end = time.perf_counter() + seconds
        self.clock.tick()
        while self.running and self.scenes and time.perf_counter() < end:
            quiet = self.rest()
            self.step(self.clock.tick(FPS) / 1000.0, present=not quiet)

    def recover(self) -> bool:
        """An unexpected error in a frame: log it, and let the session put the player back on the
        menu with the match as it was saved before the failing action and a message that says
        what happened.  Returns False when it cannot (no session, or errors keep coming), and the
        error then ends the app (main.py leaves a note for the next start)."""
        log.exception("unexpected error in the frame loop")
        now = time.monotonic()
        self._failures = [t for t in getattr(self, "_failures", []) if now - t < 10.0] + [now]
        if self.session is None or len(self._failures) > 3:
            return False
        try:
            self.session.recover_after_error()
        except Exception:
            log.exception("recovering from the error failed")
            return False
        return True

    def shutdown(self) -> None:
        while self.scenes:
            self.pop()


def _title() -> str:
    from game.ui.text import t

    return t("app.title")


def _window_icon() -> pygame.Surface | None:
    """The app icon for the title bar and task bar."""
    try:
        from game.resources import resource_path

        return pygame.image.load(str(resource_path("assets", "icon", "kartenstube.png")))
    except (FileNotFoundError, pygame.error) as e:  # an icon is not worth failing the start for
        log.warning("no window icon: %s", e)
        return None
