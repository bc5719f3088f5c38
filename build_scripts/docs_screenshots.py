"""Regenerate the README's screenshots, ``docs/screenshots/*.png`` (dummy video driver).

    python build_scripts/docs_screenshots.py [OUTDIR]            the docs set (default docs/screenshots)
    python build_scripts/docs_screenshots.py OUTDIR --review     every screen at 1280x720 and each
                                                                 table also at 960x600 and 1920x1080
                                                                 (full colour, for judging by eye)

Each screen once at 1280x720 (menu, new game, the four tables mid-deal, the bidding panel, a deal
summary, the score sheet, the rules, the settings, the move log, "Could I have won?"), plus a few
at 960x600 and 1920x1080, one in German, one in Japanese and one with the German pack.  The game
is driven through the real app the way the other screenshot scripts do (build_scripts/screenshots.py);
settings, saves and statistics go to a temporary folder, never the player's.

The docs copies are reduced to a 256-colour palette (a small median cut written here, since the
project has no imaging library) so each stays near 50 KB; ``--review`` keeps full colour.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game import i18n  # noqa: E402
from game.ui.app import App, AppConfig  # noqa: E402
from game.ui.session import install, open_menu  # noqa: E402

DT = 1 / 60
SMALL, MID, LARGE = (960, 600), (1280, 720), (1920, 1080)
TABLES = (("schnapsen", 2, 11), ("bauernschnapsen", 4, 21), ("dreierschnapsen", 3, 5), ("schwimmen", 4, 8))


class Shooter:
    def __init__(self, outdir: Path, tmp: Path, small_png: bool) -> None:
        self.outdir, self.tmp, self.small_png = outdir, tmp, small_png
        self.count = 0

    def app(self, size: tuple[int, int], lang: str = "en", deck: str = "french", game_id: str = "schnapsen",
            players: int | None = None, seed: int = 11, speed: float = 0.0) -> App:
        self.count += 1
        home = self.tmp / f"run{self.count}"
        config = AppConfig(size=size, settings_dir=home / "config", persist=False, speed=speed, bot_pause=0.0,
                           use_processes=False, seed=seed, game_id=game_id, players=players)
        config.extra["data_dir"] = home / "data"
        app = App(config)
        session = install(app, cli_lang=lang, record=False, state_folder=home / "state")
        session.change(language=lang, deck_style=deck)
        return app

    def save(self, app: App, name: str) -> None:
        for _ in range(2):
            app.step(DT)
        app.draw(app.screen)
        path = self.outdir / f"{name}.png"
        if self.small_png:
            write_palette_png(app.screen, path)
        else:
            pygame.image.save(app.screen, str(path))
        print("saved", path, path.stat().st_size // 1024, "KB")


# --- driving the game -----------------------------------------------------------------------------


def until(app: App, done: Callable[[], bool], frames: int = 4000) -> bool:
    for _ in range(frames):
        app.step(DT)
        if done():
            return True
    return False


def table_of(app: App) -> Any:
    from game.ui.scenes.table import TableScene

    return next(s for s in app.scenes if isinstance(s, TableScene))


def play_until(app: App, rng: Random, done: Callable[[Any], bool], limit: int = 600) -> bool:
    """The human plays random legal moves (through ``table.perform``, the click's path) until
    ``done(table)`` holds at a quiet moment; summaries are passed with Enter."""
    table = table_of(app)
    for _ in range(limit):
        until(app, lambda: table.presenter.idle and (table.controller.awaiting_human  # noqa: B023
                                                     or table.controller.round_over), frames=3000)
        if app.scene is table and done(table):
            return True
        if app.scene is not table:
            if done(table):
                return True
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
            app.step(DT)
            continue
        c = table.controller
        if c.awaiting_human:
            legal = c.legal_moves()
            table.perform(legal[rng.randrange(len(legal))])
        else:
            app.step(DT)
    return False


def start_table(app: App) -> Any:
    open_menu(app).start()
    app.step(DT)
    return table_of(app)


def mid_deal(table: Any) -> bool:
    """A quiet moment with cards on the table: a trick under way, or Schwimmen after a few swaps."""
    obs = table.controller.observation()
    if table.controller.game_id == "schwimmen":
        return table.controller.awaiting_human and getattr(obs, "phase", "") == "turn" and len(obs.swaps) >= 2
    trick = getattr(obs, "trick", ())
    return table.controller.awaiting_human and len(trick) >= 1 and len(getattr(obs, "tricks", ())) >= 1


def shoot_table(sh: Shooter, game_id: str, players: int, seed: int, size: tuple[int, int], name: str,
                lang: str = "en", deck: str = "french") -> None:
    app = sh.app(size, lang=lang, deck=deck, game_id=game_id, players=players, seed=seed)
    start_table(app)
    if play_until(app, Random(seed), mid_deal):
        sh.save(app, name)
    else:
        print("no mid-deal moment for", name)
    app.shutdown()


# --- the screens ----------------------------------------------------------------------------------


def menus(sh: Shooter, size: tuple[int, int], suffix: str = "", lang: str = "en") -> None:
    app = sh.app(size, lang=lang)
    menu = open_menu(app)
    sh.save(app, f"menu{suffix}")
    menu.activate("newgame")
    sh.save(app, f"new_game{suffix}")
    app.shutdown()


def comfort_screens(sh: Shooter) -> None:
    app = sh.app(MID)
    open_menu(app)
    app.session.open_rules()
    sh.save(app, "rules")
    app.pop()
    app.session.open_settings()
    sh.save(app, "settings")
    app.shutdown()


def bidding(sh: Shooter, size: tuple[int, int], name: str) -> None:
    app = sh.app(size, game_id="bauernschnapsen", players=4, seed=21)
    start_table(app)
    if play_until(app, Random(3), lambda tb: tb.controller.awaiting_human
                  and tb.controller.observation().phase == "bid"):
        sh.save(app, name)
    app.shutdown()


def summary_and_log(sh: Shooter) -> None:
    from game.ui.scenes import move_log

    app = sh.app(MID, seed=11)
    table = start_table(app)
    rng = Random(5)
    play_until(app, rng, lambda tb: len(tb.controller.observation().tricks) >= 4 and tb.controller.awaiting_human)
    move_log.toggle(table)
    sh.save(app, "move_log")
    move_log.toggle(table)
    play_until(app, rng, lambda tb: type(app.scene).__name__ == "SummaryScene")
    sh.save(app, "summary")
    app.scene.sheet = True
    sh.save(app, "score_sheet")
    app.shutdown()


def late_deal(seed: int) -> tuple[Any, list[str]]:
    """A Schnapsen deal from two tricks before the end of the stock in which seat 0 errs once
    (the quick case the hindsight test uses too: the exact search over a whole deal is slow)."""
    from ai.hindsight import Solver
    from game.rules import registry
    from game.rules.schnapsen import parse_move

    rules = registry.get("schnapsen")
    for attempt in range(40):
        rng = Random(seed + attempt)
        state = rules.new_round(2, 1, rng)
        while len(state.stock) > 4:
            state, _ = rules.apply(state, rng.choice([m for m in rules.legal_moves(state) if m.kind == "play"]))
        if rules.to_move(state) != 0:
            continue
        start, solver, moves, erred = state, Solver(), [], False
        while not rules.is_over(state):
            values = solver.values(rules, state)
            pick = max(values, key=lambda k: values[k])
            plays = {k: v for k, v in values.items() if k.startswith("play")}
            if not erred and rules.to_move(state) == 0 and len(set(plays.values())) > 1:
                pick, erred = min(plays, key=lambda k: plays[k]), True
            moves.append(pick)
            state, _ = rules.apply(state, parse_move(pick))
        return start, moves
    raise SystemExit("no late deal found")


def hindsight(sh: Shooter) -> None:
    from game.ui.scenes import hindsight_view

    app = sh.app(MID, seed=4)
    table = start_table(app)
    play_until(app, Random(2), lambda tb: type(app.scene).__name__ == "SummaryScene")
    start, moves = late_deal(6)
    real = hindsight_view.round_start
    hindsight_view.round_start = lambda c: (start, moves)
    try:
        app.scene.activate("hindsight")
        view = app.scene
        until(app, lambda: view.job.finished, frames=400)
        app.scene.activate("next")
        sh.save(app, "hindsight")
    finally:
        hindsight_view.round_start = real
    del table
    app.shutdown()


def docs_set(sh: Shooter) -> None:
    menus(sh, MID)
    for game_id, players, seed in TABLES:
        shoot_table(sh, game_id, players, seed, MID, f"table_{game_id}")
    bidding(sh, MID, "bidding")
    summary_and_log(sh)
    comfort_screens(sh)
    hindsight(sh)
    menus(sh, LARGE, "_1920x1080")
    bidding(sh, LARGE, "bidding_1920x1080")
    shoot_table(sh, "schnapsen", 2, 11, SMALL, "table_schnapsen_960x600")
    shoot_table(sh, "bauernschnapsen", 4, 21, LARGE, "table_bauernschnapsen_1920x1080")
    shoot_table(sh, "schnapsen", 2, 11, MID, "table_schnapsen_german_deck", deck="german")
    shoot_table(sh, "dreierschnapsen", 3, 5, MID, "table_dreierschnapsen_de", lang="de")
    menus(sh, MID, "_ja", lang="ja")
    i18n.set_language("en")


def review_set(sh: Shooter) -> None:
    docs_set(sh)
    for size in (SMALL, LARGE):
        tag = f"{size[0]}x{size[1]}"
        for game_id, players, seed in TABLES:
            shoot_table(sh, game_id, players, seed, size, f"table_{game_id}_{tag}")
    menus(sh, SMALL, "_960x600")
    bidding(sh, SMALL, "bidding_960x600")


# --- a small paletted PNG without an imaging library ----------------------------------------------


def _median_cut(hist: dict[int, int], colours: int) -> list[tuple[int, int, int]]:
    """Median cut over a histogram of 5-bit-per-channel keys; returns up to ``colours`` RGB."""
    boxes = [list(hist.items())]
    while len(boxes) < colours:
        best, best_range, axis = -1, 0, 0
        for i, box in enumerate(boxes):
            if len(box) < 2:
                continue
            for shift in (10, 5, 0):
                vals = [(k >> shift) & 31 for k, _ in box]
                rng = (max(vals) - min(vals)) * (1 + len(box) ** 0.5)
                if rng > best_range:
                    best, best_range, axis = i, rng, shift
        if best < 0:
            break
        box = sorted(boxes.pop(best), key=lambda kv: (kv[0] >> axis) & 31)
        total, acc, cut = sum(n for _, n in box), 0, 1
        for j, (_, n) in enumerate(box):
            acc += n
            if acc >= total / 2:
                cut = min(max(1, j), len(box) - 1)
                break
        boxes += [box[:cut], box[cut:]]
    palette = []
    for box in boxes:
        n = sum(c for _, c in box) or 1
        r = sum(((k >> 10) & 31) * c for k, c in box) / n
        g = sum(((k >> 5) & 31) * c for k, c in box) / n
        b = sum((k & 31) * c for k, c in box) / n
        palette.append((round(r * 255 / 31), round(g * 255 / 31), round(b * 255 / 31)))
    return palette


def write_palette_png(surface: pygame.Surface, path: Path) -> None:
    w, h = surface.get_size()
    data = pygame.image.tobytes(surface, "RGB")
    shift = bytes(v >> 3 for v in range(256))
    rs, gs, bs = data[0::3].translate(shift), data[1::3].translate(shift), data[2::3].translate(shift)
    keys = [(r << 10) | (g << 5) | b for r, g, b in zip(rs, gs, bs, strict=True)]
    hist: dict[int, int] = {}
    for k in keys:
        hist[k] = hist.get(k, 0) + 1
    palette = _median_cut(hist, 256)
    pal5 = [(r * 31 / 255, g * 31 / 255, b * 31 / 255) for r, g, b in palette]
    lut = {}
    for k in hist:
        r, g, b = (k >> 10) & 31, (k >> 5) & 31, k & 31
        lut[k] = min(range(len(pal5)), key=lambda i: (pal5[i][0] - r) ** 2 + (pal5[i][1] - g) ** 2 + (pal5[i][2] - b) ** 2)
    indices = bytes(lut[k] for k in keys)
    img = pygame.image.frombytes(indices, (w, h), "P")
    img.set_palette(palette + [(0, 0, 0)] * (256 - len(palette)))
    pygame.image.save(img, str(path))


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if not a.startswith("--")]
    review = "--review" in argv
    outdir = Path(args[0]) if args else ROOT / "docs" / "screenshots"
    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        sh = Shooter(outdir, Path(tmp), small_png=not review)
        (review_set if review else docs_set)(sh)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
