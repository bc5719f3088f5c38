"""The bundled UI font at any pixel size, cached.

Always Kartenstube Sans (a subset of Noto Sans CJK JP, see assets/fonts/README.md): pygame's
default font cannot draw Japanese and is missing in PyInstaller bundles, so it is never used.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.resources import resource_path

REGULAR = ("assets", "fonts", "KartenstubeSans-Regular.otf")
BOLD = ("assets", "fonts", "KartenstubeSans-Bold.otf")


def font_path(bold: bool = False) -> str:
    return str(resource_path(*(BOLD if bold else REGULAR)))


@lru_cache(maxsize=128)
def get_font(size_px: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at ``size_px`` pixels (clamped to at least 6), regular or bold.

    Cached per (size, bold): opening an OTF costs a few milliseconds, too much per frame.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(bold), max(6, int(size_px)))


def clear_cache() -> None:
    """Forget the cached fonts (call after pygame.font.quit())."""
    get_font.cache_clear()
