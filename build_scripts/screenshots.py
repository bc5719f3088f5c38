"""Save PNG screenshots of the app under the dummy video driver (for review and the docs).

    python build_scripts/screenshots.py OUTDIR

Saves: the menu, the Schnapsen table mid-deal at 1280x720 and 1920x1080, a refused illegal
card, the end-of-deal summary, the score sheet during the match and at its end.  The game is
driven the way a player drives it: posted mouse and key events; the human seat's choices come
from a simple bot so the deal moves on.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from random import Random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.ui.app import App, AppConfig  # noqa: E402
from game.ui.scenes.menu import MenuScene  # noqa: E402

DT = 1 / 60


def settle(app: App, frames: int = 400) -> None:
    """Run frames until the table's animations are idle (or ``frames`` ran)."""
    for _ in range(frames):
        app.step(DT)
        table = app.scenes[0]
        if getattr(table, "presenter", None) is not None and table.presenter.idle and app.scene is table:
            c = table.controller
            if c.awaiting_human or c.round_over:
                return


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(DT)


def human_move(app: App, rng: Random) -> None:
    """Choose a legal move for the human and make it with a click (card or button)."""
    table = app.scenes[0]
    legal = table.controller.legal_moves()
    move = legal[rng.randrange(len(legal))]
    if move.kind == "play":
        click(app, table.presenter.card_rect(move.cards[0]).center)
    else:
        button = next(b for b in table.buttons if table.helper.action_move(b.action, legal) == move)
        click(app, button.rect.center)


def save(app: App, outdir: Path, name: str) -> None:
    app.draw(app.screen)
    path = outdir / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    print("saved", path)


def main(argv: list[str]) -> int:
    outdir = Path(argv[1] if len(argv) > 1 else "screenshots")
    outdir.mkdir(parents=True, exist_ok=True)
    config = AppConfig(size=(1280, 720), persist=False, seed=11, bot_pause=0.0, use_processes=False)
    app = App(config)
    menu = MenuScene(app)
    app.push(menu)
    app.step(DT)
    save(app, outdir, "menu_1280x720")
    menu.start()
    table = app.scenes[0]
    rng = Random(5)
    settle(app)
    # Play a few tricks, then look at the table with a card hovered.
    while len(table.controller.observation().tricks) < 3:
        human_move(app, rng)
        settle(app)
    hand = table.presenter.hand_cards()
    legal = table.legal_cards()
    hover = next((c for c in hand if c in legal), hand[0])
    r = table.presenter.card_rect(hover)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(DT)
    save(app, outdir, "table_1280x720")
    app.on_resize(1920, 1080)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    app.step(DT)
    save(app, outdir, "table_1920x1080")
    app.on_resize(1280, 720)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720)))
    app.step(DT)
    # Find a moment where the human must follow under the strict rules and click a refused card.
    refused = False
    for _ in range(400):
        c = table.controller
        if c.round_over:
            if app.scene is not table:
                key(app, pygame.K_RETURN)
            settle(app)
            continue
        obs = c.observation()
        legal = table.legal_cards()
        illegal = [x for x in table.presenter.hand_cards() if x not in legal]
        if c.awaiting_human and obs.phase2 and obs.trick and illegal:
            click(app, table.presenter.card_rect(illegal[0]).center)
            for _ in range(3):
                app.step(DT)
            save(app, outdir, "refused_card")
            refused = True
            break
        human_move(app, rng)
        settle(app)
    if not refused:
        print("no refusal situation found")
    # Finish the deal for the summary.
    for _ in range(200):
        if app.scene is not table:
            break
        if table.controller.awaiting_human:
            human_move(app, rng)
        settle(app)
    for _ in range(300):
        app.step(DT)
        if app.scene is not table:
            break
    save(app, outdir, "summary")
    key(app, pygame.K_s)
    save(app, outdir, "score_sheet")
    # Play on (instantly) to the end of the match.
    table.presenter.anim.speed = 0
    for _ in range(5000):
        if table.controller.match_over and app.scene is not table:
            break
        if app.scene is not table:
            key(app, pygame.K_RETURN)
        elif table.controller.awaiting_human:
            human_move(app, rng)
        app.step(DT)
    save(app, outdir, "match_over")
    app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
