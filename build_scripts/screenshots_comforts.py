"""Screenshots of the comfort screens in English, German and Japanese (dummy video driver).

    python build_scripts/screenshots_comforts.py OUTDIR
    python build_scripts/screenshots_comforts.py OUTDIR --notices    only the notices and hints
    python build_scripts/screenshots_comforts.py OUTDIR --hints      only the hint dialogs
    python build_scripts/screenshots_comforts.py OUTDIR --refusals   only the refused moves and
                                                                     the failed-save notice

Per language: the menu, the Schnapsen table mid-deal, the end-of-deal summary, the rules screen,
the settings screen and the statistics screen (after a bot-vs-bot match was recorded), plus the
bad-save dialog, the menu's notice about an unwritable user folder, hint dialogs (every game,
card play and bidding), a refused card at the table and the table's notice when a save fails.
Settings, saves and statistics go to a temporary folder, never the user's.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from random import Random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.controller import MatchController  # noqa: E402
from game.ui.app import App, AppConfig  # noqa: E402
from game.ui.session import install, open_menu  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import click  # noqa: E402  (the same posted click as the main screenshots)

DT = 1 / 60


def save(app: App, outdir: Path, name: str) -> None:
    app.draw(app.screen)
    path = outdir / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    print("saved", path)


def until(app: App, done, frames: int = 2000) -> None:  # type: ignore[no-untyped-def]
    for _ in range(frames):
        app.step(DT)
        if done():
            return


def record_match(app: App) -> None:
    c = MatchController("schnapsen", 2, human_seat=None, levels=["player", "player"], master_seed=5,
                        bot_pause=0.0, use_processes=False)
    c.on_change = app.session._on_change
    now = 0.0
    while not c.match_over:
        now += 1.0
        if c.round_over:
            c.next_round()
        c.tick(now)


def shots(lang: str, outdir: Path, tmp: Path) -> None:
    config = AppConfig(size=(1280, 720), settings_dir=tmp / lang / "config", persist=False, speed=0.0,
                       bot_pause=0.0, use_processes=False, seed=11)
    config.extra["data_dir"] = tmp / lang / "data"
    app = App(config)
    session = install(app, cli_lang=lang)
    session.change(language=lang)
    record_match(app)
    menu = open_menu(app, session.check_save())
    app.step(DT)
    save(app, outdir, f"{lang}_menu")
    session.open_settings()
    app.step(DT)
    save(app, outdir, f"{lang}_settings")
    app.pop()
    session.open_stats()
    app.step(DT)
    save(app, outdir, f"{lang}_stats")
    app.pop()
    session.open_rules()
    app.step(DT)
    save(app, outdir, f"{lang}_rules")
    app.scene.scroll_by(900)
    app.step(DT)
    save(app, outdir, f"{lang}_rules_scrolled")
    app.pop()
    menu.start()
    table = app.scenes[0]
    rng = Random(3)
    moves = 0
    while not table.controller.round_over:
        until(app, lambda: table.presenter.idle and (table.controller.awaiting_human or table.controller.round_over))
        if table.controller.round_over:
            break
        legal = table.controller.legal_moves()
        table.perform(legal[rng.randrange(len(legal))])
        moves += 1
        if moves == 3:
            until(app, lambda: table.presenter.idle and table.controller.awaiting_human)
            save(app, outdir, f"{lang}_table")
    until(app, lambda: app.scene is not table)
    save(app, outdir, f"{lang}_summary")
    app.shutdown()


def bad_save(outdir: Path, tmp: Path) -> None:
    for lang in ("en", "de", "ja"):
        folder = tmp / f"bad-{lang}"
        (folder / "data").mkdir(parents=True)
        (folder / "data" / "current_match.json").write_text("{\"format\": \"kartenstube-save\", \"vers", encoding="utf-8")
        config = AppConfig(size=(1280, 720), settings_dir=folder / "config", persist=False, speed=0.0,
                           use_processes=False)
        config.extra["data_dir"] = folder / "data"
        app = App(config)
        session = install(app, cli_lang=lang)
        open_menu(app, session.check_save())
        app.step(DT)
        save(app, outdir, f"{lang}_bad_save_dialog")
        app.shutdown()


def blocked_folder(outdir: Path, tmp: Path) -> None:
    """The menu when the user folders lie below a regular file (they cannot be created)."""
    import platformdirs

    from game import resources

    blocker = tmp / "blocked-home"
    blocker.write_text("a file where the user folders should be", encoding="utf-8")
    getters = ("user_config_dir", "user_data_dir", "user_state_dir")
    saved = {name: getattr(platformdirs, name) for name in getters}
    resources._fallback_root = Path(tempfile.mkdtemp(dir=tmp))  # the stand-in goes away with tmp
    try:
        for name in getters:
            setattr(platformdirs, name, lambda *a, _n=name, **k: str(blocker / _n))
        for lang in ("en", "de", "ja"):
            app = App(AppConfig(size=(1280, 720), persist=False, speed=0.0, use_processes=False))
            install(app, cli_lang=lang)
            open_menu(app)
            app.step(DT)
            save(app, outdir, f"{lang}_menu_blocked_folder")
            app.shutdown()
        app = App(AppConfig(size=(960, 600), persist=False, speed=0.0, use_processes=False))
        install(app, cli_lang="ja")
        open_menu(app)
        app.step(DT)
        save(app, outdir, "ja_menu_blocked_folder_small")
        app.shutdown()
    finally:
        for name, fn in saved.items():
            setattr(platformdirs, name, fn)
        resources._problems.clear()


def hints(outdir: Path, tmp: Path) -> None:
    """The hint dialog (H) in every game and language: at the human's first card play (Schwimmen:
    the first swap), and at the first bid in Bauern- and Dreierschnapsen."""
    from game.ui.scenes.table import TableScene

    def card_play(legal: tuple) -> bool:  # type: ignore[type-arg]
        return any(m.kind in ("play", "swap") for m in legal) and len(legal) > 1

    def bidding(legal: tuple) -> bool:  # type: ignore[type-arg]
        return any(m.kind == "bid" for m in legal)

    shots = [("schnapsen", 3, "", card_play), ("bauernschnapsen", 7, "", card_play),
             ("bauernschnapsen", 7, "_bid", bidding), ("dreierschnapsen", 5, "", card_play),
             ("dreierschnapsen", 5, "_bid", bidding), ("schwimmen", 4, "", card_play)]
    for lang in ("en", "de", "ja"):
        for game_id, seed, suffix, wanted in shots:
            config = AppConfig(size=(1280, 720), settings_dir=tmp / f"hint-{lang}" / "config", persist=False,
                               speed=0.0, bot_pause=0.0, use_processes=False, seed=seed, game_id=game_id)
            config.extra["data_dir"] = tmp / f"hint-{lang}-{game_id}{suffix}" / "data"
            app = App(config)
            session = install(app, cli_lang=lang)
            open_menu(app).start()
            table = app.scenes[0]
            assert isinstance(table, TableScene)
            c = table.controller
            for _ in range(40):  # to the decision wanted, the earlier ones as the hint says
                until(app, lambda: table.presenter.idle and c.awaiting_human)  # noqa: B023
                if wanted(c.legal_moves()):
                    break
                table.perform(c.hint()[0])
            session.hint(table)
            app.step(DT)
            save(app, outdir, f"{lang}_hint_{game_id}{suffix}")
            app.shutdown()


def refusals(outdir: Path, tmp: Path) -> None:
    """A wrong card clicked at the table: the red refusal in German and Japanese (and with the
    German pack, and in Japanese at 960x600), and a refused bid in Bauernschnapsen."""
    from game.cards import parse_cards
    from game.rules import registry
    from game.ui.scenes.table import TableScene

    def scripted_bot(game_id, level, seat, obs, legal, seed):  # type: ignore[no-untyped-def]
        plays = [m for m in legal if m.kind == "play"]
        return next((m for m in plays if str(m) == "play QH"), plays[0] if plays else legal[0])

    deck = parse_cards("JS AH KD AS TS KS AC QD JD QH JH TH KH TD AD QS KC QC JC TC")
    for lang, style, size in (("de", "french", (1280, 720)), ("ja", "french", (1280, 720)),
                              ("de", "german", (1280, 720)), ("ja", "french", (960, 600))):
        name = f"{lang}_refused_card" + ("_german_pack" if style == "german" else "") + \
            ("_small" if size != (1280, 720) else "")
        config = AppConfig(size=size, settings_dir=tmp / name / "config", persist=False, speed=0.0,
                           bot_pause=0.0, use_processes=False)
        config.extra["data_dir"] = tmp / name / "data"
        app = App(config)
        session = install(app, cli_lang=lang, record=False)
        session.change(language=lang, deck_style=style)
        c = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=1, bot_pause=0.0,
                            use_processes=False, first_dealer=1, think_fn=scripted_bot)
        c.state = registry.get("schnapsen").new_round(2, 1, Random(0), deck=deck)
        table = TableScene(app, "schnapsen", "beginner", controller=c)
        app.push(table)
        until(app, lambda: table.presenter.idle and c.awaiting_human)  # noqa: B023
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode=""))  # close
        app.step(DT)
        click(app, table.presenter.card_rect(parse_cards("JS")[0]).center)
        until(app, lambda: table.presenter.idle and c.awaiting_human)  # noqa: B023
        click(app, table.presenter.card_rect(parse_cards("KD")[0]).center)  # hearts were led: refused
        app.step(DT)
        save(app, outdir, name)
        app.shutdown()


def save_failure(outdir: Path, tmp: Path) -> None:
    """The notice at the table when a save fails during play (the disk is full), in every game
    and in German and Japanese, at 1280x720 and 960x600: it must not cover an opponent."""
    import errno

    from game import persistence
    from game.ui.scenes.table import TableScene

    def disk_full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    real = persistence.atomic_write_text
    for lang, game_id, size, players, seed in (
            ("de", "schnapsen", (1280, 720), None, 5), ("ja", "schnapsen", (1280, 720), None, 5),
            ("ja", "schnapsen", (960, 600), None, 5), ("de", "bauernschnapsen", (1280, 720), None, 5),
            ("de", "bauernschnapsen", (960, 600), None, 5), ("ja", "dreierschnapsen", (1280, 720), None, 5),
            ("de", "schwimmen", (1280, 720), 4, 5), ("ja", "schwimmen", (1280, 720), 9, 5),
            ("de", "schwimmen", (960, 600), 9, 5)):
        name = (f"{lang}_save_failed_{game_id}" + (f"_{players}p" if players else "")
                + ("_small" if size != (1280, 720) else ""))
        config = AppConfig(size=size, settings_dir=tmp / name / "config", persist=False, speed=0.0, bot_pause=0.0,
                           use_processes=False, seed=seed, game_id=game_id, players=players)
        config.extra["data_dir"] = tmp / name / "data"
        app = App(config)
        session = install(app, cli_lang=lang, record=False)
        session.change(language=lang)
        open_menu(app).start()
        table = app.scenes[0]
        assert isinstance(table, TableScene)
        c = table.controller
        try:
            for step in range(2):  # one move saved, the next one meets a full disk
                until(app, lambda: table.presenter.idle and c.awaiting_human, frames=8000)  # noqa: B023
                if step:
                    persistence.atomic_write_text = disk_full
                table.perform(c.legal_moves()[-1])
            # The notice shows at once; photograph the table as soon as the move has landed.
            until(app, lambda: table.presenter.idle, frames=8000)  # noqa: B023
        finally:
            persistence.atomic_write_text = real
        assert table.status.notice, "no notice shown"
        save(app, outdir, name)
        app.shutdown()


def main(argv: list[str]) -> int:
    args = [a for a in argv[1:] if not a.startswith("--")]
    outdir = Path(args[0] if args else "screenshots")
    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        if "--hints" in argv:
            hints(outdir, Path(tmp))
            return 0
        if "--save-failure" in argv:
            save_failure(outdir, Path(tmp))
            return 0
        if "--refusals" in argv:
            refusals(outdir, Path(tmp))
            save_failure(outdir, Path(tmp))
            return 0
        if "--notices" not in argv:
            for lang in ("en", "de", "ja"):
                shots(lang, outdir, Path(tmp))
        bad_save(outdir, Path(tmp))
        blocked_folder(outdir, Path(tmp))
        hints(outdir, Path(tmp))
        refusals(outdir, Path(tmp))
        save_failure(outdir, Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
