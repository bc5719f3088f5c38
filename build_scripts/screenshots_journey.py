"""Screenshots of the screens that keep a match safe (issue 19), for review:

    python build_scripts/screenshots_journey.py OUTDIR [--size 1280x720]

The menu with Continue (en, de, ja), the question before a new match replaces one in progress,
the question before quitting, the question before a doubtful claim of 66, and the message after
an unexpected error.  Driven through the real app under the dummy video driver.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.ui.app import App, AppConfig  # noqa: E402
from game.ui.scenes.table import TableScene  # noqa: E402
from game.ui.session import install, open_menu  # noqa: E402

DT = 1 / 60


def shot(app: App, out: Path, name: str) -> None:
    app.draw(app.screen)
    pygame.image.save(app.screen, str(out / f"{name}.png"))
    print(out / f"{name}.png")


def human_turn(app: App, want_declare: bool = False) -> TableScene:
    for _ in range(4000):
        app.step(DT)
        tables = [s for s in app.scenes if isinstance(s, TableScene)]
        if not tables:
            continue
        t = tables[0]
        if app.scene is not t:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
            continue
        c = t.controller
        if t.presenter.idle and c.awaiting_human:
            legal = c.legal_moves()
            if not want_declare or (any(m.kind == "declare" for m in legal) and t._obs.points < 66):
                return t
            t.perform(next((m for m in legal if m.kind == "play"), legal[0]))
    raise SystemExit("no human turn")


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--size", default="1280x720")
    args = p.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    w, h = (int(v) for v in args.size.split("x"))
    home = Path(tempfile.mkdtemp(prefix="shots-"))
    for lang in ("en", "de", "ja"):
        cfg = AppConfig(size=(w, h), settings_dir=home / lang / "config", persist=False, speed=0.0, bot_pause=0.0,
                        use_processes=False, seed=4)
        cfg.extra["data_dir"] = home / lang / "data"
        app = App(cfg)
        install(app, cli_lang=lang, state_folder=home / lang / "state")
        menu = open_menu(app, app.session.check_save())
        menu.start()
        table = human_turn(app)
        for _ in range(3):
            table.perform(table.controller.legal_moves()[0])
            table = human_turn(app)
        table.back_to_menu()
        app.step(DT)
        shot(app, out, f"menu-continue-{lang}")
        app.scene.start()
        app.step(DT)
        shot(app, out, f"confirm-new-match-{lang}")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        app.step(DT)
        app.session.guard.request_quit()
        app.step(DT)
        shot(app, out, f"confirm-quit-{lang}")
        app.pop()
        app.session.resume()
        table = human_turn(app, want_declare=True)
        table.perform(next(m for m in table.controller.legal_moves() if m.kind == "declare"))
        app.step(DT)
        shot(app, out, f"confirm-claim-{lang}")
        app.pop()
        app.session.recover_after_error()
        app.step(DT)
        shot(app, out, f"error-message-{lang}")
        app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
