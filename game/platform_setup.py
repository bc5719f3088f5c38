"""Process set-up that must happen before the first window: per-monitor DPI awareness on Windows.

Without it Windows treats the app as "DPI unaware" and stretches its window bitmap at 125-200 %
display scaling (the default on most laptops), so cards and text look blurry.  The call has to
come before SDL creates a window, hence ``main.py`` makes it first thing.

Everywhere but Windows :func:`enable_dpi_awareness` does nothing (macOS gets sharp rendering
from ``NSHighResolutionCapable`` in the app's Info.plist; X11 and Wayland need no call).  It
never raises: an old Windows without the newer calls falls back to the older ones, and a
process whose awareness is already fixed (by a manifest or an earlier call) is left as it is.
This module does not import pygame.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

#: DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2 (Windows 10 1703+): a pseudo-handle, the value -4.
PER_MONITOR_AWARE_V2 = -4
#: PROCESS_PER_MONITOR_DPI_AWARE for shcore's SetProcessDpiAwareness (Windows 8.1+).
PROCESS_PER_MONITOR_DPI_AWARE = 2
#: SetProcessDpiAwareness's HRESULT when the awareness was already set: nothing left to do.
E_ACCESSDENIED = -2147024891  # 0x80070005 as a signed 32-bit value


def enable_dpi_awareness() -> str | None:
    """Make this process per-monitor DPI aware on Windows; elsewhere do nothing.

    Returns the name of the Windows call that took effect (or found the awareness already set),
    or None when nothing was done: not Windows, or no call available.
    """
    if sys.platform != "win32":
        return None
    import ctypes  # only on Windows: the rest of the app has no use for it

    windll: Any = getattr(ctypes, "windll", None)
    if windll is None:
        return None

    def context() -> bool:
        return bool(windll.user32.SetProcessDpiAwarenessContext(ctypes.c_void_p(PER_MONITOR_AWARE_V2)))

    def shcore() -> bool:
        return windll.shcore.SetProcessDpiAwareness(PROCESS_PER_MONITOR_DPI_AWARE) in (0, E_ACCESSDENIED)

    def system_aware() -> bool:  # Vista/7: system-wide awareness, better than none
        return bool(windll.user32.SetProcessDPIAware())

    attempts: tuple[tuple[str, Callable[[], bool]], ...] = (
        ("SetProcessDpiAwarenessContext", context),
        ("SetProcessDpiAwareness", shcore),
        ("SetProcessDPIAware", system_aware),
    )
    for name, call in attempts:
        try:
            if call():
                return name
        except (AttributeError, OSError, ValueError) as e:  # missing DLL or function on an older Windows
            log.debug("DPI awareness: %s unavailable (%s)", name, e)
    log.info("DPI awareness could not be set; Windows may scale the window")
    return None
