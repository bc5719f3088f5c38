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



# --- all games (issue 8): Bauern-/Dreierschnapsen and Schwimmen ----------------------------------
#
#     python build_scripts/screenshots.py OUTDIR --games
#
# Saves the bidding panel, a Bauernschnapsen trick in progress, the Dreierschnapsen discard
# step, a nine-player Schwimmen table, a Feuer banner and each game's score sheet.  Every
# decision is made the player's way (posted clicks), see ``drive``.


def drive(app: App, move: object) -> None:
    """Make the human's ``move`` with clicks: a card, two cards then Discard, a hand card then
    a middle card for a Schwimmen swap, or the button that stands for the move."""
    table = app.scenes[0]
    kind = getattr(move, "kind", "")
    cards = getattr(move, "cards", ())
    if kind == "play":
        click(app, table.presenter.card_rect(cards[0]).center)
        return
    if kind == "discard":
        for c in cards:
            click(app, table.presenter.card_rect(c).center)
    if kind == "swap":
        click(app, table.presenter.card_rect(cards[0]).center)
        click(app, table.presenter.card_rect(cards[1]).center)
        return
    legal = table.controller.legal_moves()
    button = next(b for b in table.buttons if b.enabled and table.helper.action_move(b.action, legal) == move)
    click(app, button.rect.center)


def open_table(game_id: str, players: int, seed: int, size: tuple[int, int] = (1280, 720), speed: float = 1.0,
               controller: object = None) -> App:
    from game.ui.scenes.table import TableScene

    config = AppConfig(size=size, persist=False, seed=seed, bot_pause=0.0, use_processes=False,
                       game_id=game_id, players=players)
    config.speed = speed
    app = App(config)
    app.push(TableScene(app, game_id, "beginner", controller=controller))
    app.step(DT)
    return app


def play_until(app: App, rng: Random, done: object, limit: int = 400) -> bool:
    """Let the human play random legal moves until ``done(table)`` is true at a quiet moment."""
    table = app.scenes[0]
    for _ in range(limit):
        settle(app)
        if (app.scene is not table or table.presenter.idle) and done(table):  # type: ignore[operator]
            return True
        if app.scene is not table:
            key(app, pygame.K_RETURN)
            continue
        c = table.controller
        if c.awaiting_human:
            legal = drivable(table, c.legal_moves())
            drive(app, legal[rng.randrange(len(legal))])
    return False


def drivable(table: object, legal: tuple) -> list:  # type: ignore[type-arg]
    """The legal moves a click can make (cards, or a button on the table right now)."""
    buttons = {table.helper.action_move(b.action, legal) for b in table.buttons if b.enabled}  # type: ignore[attr-defined]
    return [m for m in legal if m.kind in ("play", "discard", "swap") or m in buttons]


def family_shots(outdir: Path) -> None:
    rng = Random(3)
    app = open_table("bauernschnapsen", 4, seed=21)
    table = app.scenes[0]
    if play_until(app, rng, lambda tb: tb.controller.awaiting_human and tb.controller.observation().phase == "bid"):
        save(app, outdir, "bauern_bidding_panel")
    if play_until(app, rng, lambda tb: tb.controller.awaiting_human and len(tb.controller.observation().trick) >= 2):
        save(app, outdir, "bauern_trick")
    table.presenter.anim.speed = 0
    play_until(app, rng, lambda tb: len(tb.controller.match.history) >= 3 and app.scene is not tb, limit=3000)
    save(app, outdir, "bauern_summary")
    app.scene.sheet = True  # type: ignore[attr-defined]
    app.step(DT)
    save(app, outdir, "bauern_score_sheet")
    app.shutdown()

    app = open_table("dreierschnapsen", 3, seed=5, speed=0.0)
    for seed in range(40):  # a deal where the human wins the auction and discards
        if play_until(app, Random(seed), lambda tb: tb.controller.awaiting_human
                      and tb.controller.observation().phase == "discard", limit=120):
            break
    table = app.scenes[0]
    hand = table.presenter.hand_cards()
    move = table.controller.legal_moves()[0]
    click(app, table.presenter.card_rect(move.cards[0]).center)
    click(app, table.presenter.card_rect(move.cards[1]).center)
    for _ in range(20):
        app.step(DT)
    save(app, outdir, "dreier_discard")
    del hand
    table.presenter.anim.speed = 0
    play_until(app, rng, lambda tb: len(tb.controller.match.history) >= 3 and app.scene is not tb, limit=3000)
    save(app, outdir, "dreier_summary")
    app.scene.sheet = True  # type: ignore[attr-defined]
    app.step(DT)
    save(app, outdir, "dreier_score_sheet")
    app.shutdown()


def feuer_controller(players: int, feuer_seat: int) -> object:
    """A Schwimmen match whose first deal gives ``feuer_seat`` three aces (the Feuer banner)."""
    from game.cards import deck32, parse_cards
    from game.controller import HUMAN, MatchController
    from game.rules.events import RoundStarted

    c = MatchController("schwimmen", players, human_seat=0, levels=[HUMAN] + ["beginner"] * (players - 1),
                        master_seed=4, bot_pause=0.0, use_processes=False, first_dealer=players - 1)
    aces = list(parse_cards("AH AS AD"))
    rest = [x for x in deck32() if x not in aces]
    Random(2).shuffle(rest)
    order = [(c.state.dealer + k) % players for k in range(1, players + 1)]
    deck = rest[:]
    i = order.index(feuer_seat)
    deck[3 * i:3 * i] = aces
    c.state = c.rules.new_round(players, c.state.dealer, Random(0), c.options, deck=deck[:32])
    c._events = [RoundStarted(c.round_no, c.state.dealer)]
    return c


def schwimmen_shots(outdir: Path) -> None:
    rng = Random(4)
    app = open_table("schwimmen", 9, seed=8, speed=0.0)
    table = app.scenes[0]
    play_until(app, rng, lambda tb: tb.controller.awaiting_human and tb.controller.observation().phase == "turn"
               and len(tb.controller.observation().swaps) >= 4)
    save(app, outdir, "schwimmen_9_players")
    table.presenter.anim.speed = 0
    play_until(app, rng, lambda tb: len(tb.controller.match.history) >= 4 and app.scene is not tb, limit=5000)
    save(app, outdir, "schwimmen_summary")
    app.scene.sheet = True  # type: ignore[attr-defined]
    app.step(DT)
    save(app, outdir, "schwimmen_lives_table")
    app.shutdown()

    app = open_table("schwimmen", 5, seed=8, controller=feuer_controller(5, 2))
    table = app.scenes[0]
    for _ in range(600):
        app.step(DT)
        c = table.controller
        if c.awaiting_human:
            drive(app, c.legal_moves()[0])
        if c.round_over and table.presenter.idle is False and table.helper.obs.phase == "over":
            break
    for _ in range(45):  # the hands turn face up, then the banner stands over them
        app.step(DT)
    save(app, outdir, "schwimmen_feuer_banner")
    app.shutdown()


def games_main(outdir: Path) -> int:
    outdir.mkdir(parents=True, exist_ok=True)
    family_shots(outdir)
    schwimmen_shots(outdir)
    return 0




if __name__ == "__main__":
    if "--games" in sys.argv:
        sys.exit(games_main(Path(sys.argv[1])))
    sys.exit(main(sys.argv))
