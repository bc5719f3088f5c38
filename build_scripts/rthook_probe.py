"""PyInstaller runtime hook for measurement builds only (``build.py --probe``, used by benchmarks/package.py).

It runs inside the frozen executable before ``main.py`` and does nothing unless the environment
asks for it, so the probe build behaves like the shipped one otherwise:

- ``KARTENSTUBE_PROBE=first-frame``: print ``KARTENSTUBE_FIRST_FRAME`` on stdout when the app
  flips its first frame to the screen, then exit at once (launch-to-first-frame timing).
- ``KARTENSTUBE_PROBE=worker``: print ``KARTENSTUBE_WORKER_RESULT <move>`` each time a job
  submitted to a ProcessPoolExecutor finishes (proves the frozen spawn workers answer).

The worker processes run the same executable (``--multiprocessing-fork``) and inherit the
environment; the hook stays out of their way.
"""

import os
import sys


def _first_frame() -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # the app imports it right away anyway; importing it here moves, not adds, the cost

    flip = pygame.display.flip

    def flip_once(*args, **kwargs):
        flip(*args, **kwargs)
        sys.stdout.write("KARTENSTUBE_FIRST_FRAME\n")
        sys.stdout.flush()
        os._exit(0)

    pygame.display.flip = flip_once


def _worker() -> None:
    from concurrent.futures import ProcessPoolExecutor

    submit = ProcessPoolExecutor.submit

    def report(future) -> None:
        try:
            text = f"KARTENSTUBE_WORKER_RESULT {future.result()}"
        except BaseException as exc:  # noqa: BLE001 - a probe reports whatever happened
            text = f"KARTENSTUBE_WORKER_ERROR {exc!r}"
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def submit_and_report(self, *args, **kwargs):
        future = submit(self, *args, **kwargs)
        future.add_done_callback(report)
        return future

    ProcessPoolExecutor.submit = submit_and_report


_MODE = os.environ.get("KARTENSTUBE_PROBE", "")
if "--multiprocessing-fork" not in sys.argv and not any("resource_tracker" in a for a in sys.argv):
    if _MODE == "first-frame":
        _first_frame()
    elif _MODE == "worker":
        _worker()
