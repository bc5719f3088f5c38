"""The window the app draws into: the display module's window, or a high-DPI window on macOS.

pygame's ``display.set_mode`` never asks SDL for a high-DPI window, so on a Retina Mac the
window's pixels are twice its size in points and macOS scales a half-size picture up: blurry
cards and text.  There the app opens a :class:`pygame.Window` with ``allow_high_dpi`` instead
and draws into its surface at the real pixel size (``SDL_GetWindowSurface`` is as large as the
window in pixels), while the window's size, the remembered size and the minimum size stay in
points.  Mouse positions come in points, so :meth:`HighDpiScreen.to_pixels` scales them before
any scene sees an event.  Everything the app draws scales with the surface size already.

Everywhere else (and under the dummy driver) :class:`DisplayScreen` keeps the display module's
window.  ``KARTENSTUBE_HIGH_DPI=1`` (or ``0``) forces the choice, so the high-DPI path runs on
this Linux machine too (scale 1 there) and tests cover it.
"""

from __future__ import annotations

import os
import sys

import pygame

#: Mouse events whose ``pos`` (and ``rel``) are window coordinates.
_POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def wants_high_dpi() -> bool:
    """True on macOS with a real display (after ``pygame.display.init``), or when forced."""
    forced = os.environ.get("KARTENSTUBE_HIGH_DPI", "").strip()
    if forced in ("0", "1"):
        return forced == "1"
    return sys.platform == "darwin" and pygame.display.get_driver() not in ("dummy", "offscreen")


class DisplayScreen:
    """The display module's window (``pygame.display.set_mode``): one pixel per point."""

    high_dpi = False

    def open(self, size: tuple[int, int], title: str, icon: pygame.Surface | None) -> pygame.Surface:
        pygame.display.set_caption(title)
        if icon is not None:
            pygame.display.set_icon(icon)  # before the window opens: the task bar shows it too
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def resize(self, size: tuple[int, int]) -> pygame.Surface:
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool, windowed_size: tuple[int, int]) -> pygame.Surface:
        if on:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(windowed_size, pygame.RESIZABLE)

    def set_caption(self, title: str) -> None:
        pygame.display.set_caption(title)

    def set_minimum_size(self, size: tuple[int, int]) -> None:
        pygame.Window.from_display_module().minimum_size = size

    def flip(self) -> None:
        pygame.display.flip()

    def to_pixels(self, event: pygame.event.Event) -> pygame.event.Event:
        return event


class HighDpiScreen:
    """A :class:`pygame.Window` created with ``allow_high_dpi`` (macOS Retina)."""

    high_dpi = True

    def __init__(self) -> None:
        self.window: pygame.Window | None = None

    def _window(self) -> pygame.Window:
        if self.window is None:
            raise pygame.error("the window is not open")
        return self.window

    def open(self, size: tuple[int, int], title: str, icon: pygame.Surface | None) -> pygame.Surface:
        self.window = pygame.Window(title, size, resizable=True, allow_high_dpi=True)
        if icon is not None:
            self.window.set_icon(icon)
        return self.window.get_surface()

    def resize(self, size: tuple[int, int]) -> pygame.Surface:
        window = self._window()
        if tuple(window.size) != tuple(size):
            window.size = size
        return window.get_surface()  # a new surface at the new size in pixels

    def set_fullscreen(self, on: bool, windowed_size: tuple[int, int]) -> pygame.Surface:
        window = self._window()
        if on:
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
            window.size = windowed_size
        return window.get_surface()

    def set_caption(self, title: str) -> None:
        self._window().title = title

    def set_minimum_size(self, size: tuple[int, int]) -> None:
        self._window().minimum_size = size

    def flip(self) -> None:
        self._window().flip()

    def scale(self) -> tuple[float, float]:
        """Pixels per point across and down (2.0 on a Retina display, 1.0 elsewhere)."""
        window = self._window()
        (pw, ph), (w, h) = window.get_surface().get_size(), window.size
        return (pw / w if w else 1.0, ph / h if h else 1.0)

    def to_pixels(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with its position in the surface's pixels instead of points."""
        if event.type not in _POINTER_EVENTS:
            return event
        sx, sy = self.scale()
        if sx == 1.0 and sy == 1.0:
            return event
        return scaled_pointer_event(event, sx, sy)


def scaled_pointer_event(event: pygame.event.Event, sx: float, sy: float) -> pygame.event.Event:
    """A copy of a mouse event with ``pos`` (and ``rel``) multiplied by the pixel scale."""
    attrs = dict(event.dict)
    x, y = attrs["pos"]
    attrs["pos"] = (int(x * sx), int(y * sy))
    if "rel" in attrs:
        rx, ry = attrs["rel"]
        attrs["rel"] = (int(rx * sx), int(ry * sy))
    return pygame.event.Event(event.type, attrs)


Screen = DisplayScreen | HighDpiScreen


def make_screen() -> Screen:
    return HighDpiScreen() if wants_high_dpi() else DisplayScreen()
