"""Kartenstube's entry point: parse arguments, set up logging, run the app.

    python main.py                      the menu
    python main.py --demo               bots play each other on screen
    python main.py --smoke 2            headless: a bot plays your seat through 2 deals, exit 0 on success
    python main.py --smoke 2 --game schnapsen --players 2 --seed 7

``multiprocessing.freeze_support()`` comes first so that the bots' worker process starts
correctly from a PyInstaller bundle on Windows.  Heavy modules (rules, bots) are imported only
when a table opens, so the first frame appears quickly.

Before anything is read or written: every command-line value is checked (one line on stderr,
exit code 2); without a display the app says so and exits 1 (SDL's dummy and off-screen drivers
only when asked for: ``SDL_VIDEODRIVER`` set, or ``--smoke``); a second copy on the same data
folder says that Kartenstube is already running and exits 0 (``game.instance``).  Then the
leftovers of killed runs are removed, and SIGTERM/SIGINT save the match and quit at the next
frame.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import multiprocessing
import os
import sys
import time
import typing
from typing import Any

START = time.perf_counter()


class UsageError(Exception):
    """A command-line value that cannot be used: one line for stderr, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> typing.NoReturn:  # argparse's own: usage plus a line, as SystemExit
        raise UsageError(message)


#: Deals a smoke run may ask for, and the seed range of a match (``game.persistence`` checks it too).
MAX_SMOKE_DEALS = 1_000_000
MAX_SEED = 2**63 - 1


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, every value checked (raises UsageError with one line)."""
    p = _Parser(prog="kartenstube", description="Austrian card games against the computer.")
    p.add_argument("--demo", action="store_true", help="bots play each other on screen")
    p.add_argument("--smoke", type=int, metavar="N", default=0,
                   help="headless self-test: a bot plays your seat through N deals at instant speed")
    p.add_argument("--game", default="schnapsen",
                   choices=["schnapsen", "dreierschnapsen", "bauernschnapsen", "schwimmen"])
    p.add_argument("--players", type=int, default=None, help="number of players (default: the game's own)")
    p.add_argument("--level", default="player", choices=["beginner", "player", "expert"])
    p.add_argument("--lang", default=None, choices=["en", "de", "ja"], help="force the language")
    p.add_argument("--seed", type=int, default=None, help="master seed of the match")
    p.add_argument("--size", default=None, metavar="WxH", help="window size, e.g. 1280x720")
    p.add_argument("--verbose", "-v", action="store_true")
    args = p.parse_args(argv)
    _check(args)
    return args


def _check(args: argparse.Namespace) -> None:
    """Values argparse cannot check alone: counts per game and ranges."""
    from game.rules.registry import GAMES

    info = GAMES[args.game]
    if args.players is not None and not info.min_players <= args.players <= info.max_players:
        allowed = (str(info.min_players) if info.min_players == info.max_players
                   else f"{info.min_players} to {info.max_players}")
        raise UsageError(f"--players {args.players}: {info.name} is played by {allowed} players")
    if not 0 <= args.smoke <= MAX_SMOKE_DEALS:
        raise UsageError(f"--smoke {args.smoke}: the number of deals must be from 1 to {MAX_SMOKE_DEALS}")
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise UsageError(f"--seed {args.seed}: the seed must be from 0 to {MAX_SEED}")
    if args.demo and args.smoke:
        raise UsageError("--demo and --smoke cannot be used together")


def _size(text: str | None) -> tuple[int, int] | None:
    """``--size WxH`` within the window limits of ``game.settings`` (the app then fits it to the
    display)."""
    from game.settings import MAX_WINDOW, MIN_WINDOW

    if text is None:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size wants WxH, e.g. 1280x720, not {text!r}") from None
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise UsageError(f"--size {text}: the window must be between {MIN_WINDOW[0]}x{MIN_WINDOW[1]}"
                         f" and {MAX_WINDOW[0]}x{MAX_WINDOW[1]}")
    return w, h


NO_DISPLAY = "no display found; Kartenstube needs a desktop session"


def _no_display(explicit: bool) -> str | None:
    """None when a window can open; else why not.  Without a display SDL would quietly fall
    back to its off-screen driver and run invisibly: that is only right when asked for."""
    if explicit:
        return None
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        with _quiet_stderr():  # SDL prints its own complaints ("XDG_RUNTIME_DIR ..."): ours is the one line
            pygame.display.init()
    except pygame.error as e:
        return f"{NO_DISPLAY} ({e})"
    if pygame.display.get_driver() in ("offscreen", "dummy"):
        pygame.display.quit()
        return NO_DISPLAY
    return None


@contextlib.contextmanager
def _quiet_stderr() -> typing.Iterator[None]:
    """Silence the C library's writes to stderr (file descriptor 2) for a moment."""
    try:
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        sys.stderr.flush()
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


class AlreadyRunningError(Exception):
    """Another Kartenstube uses the same data folder (``game.instance``)."""


def _lock_data_folder() -> None:
    """Hold the data folder's lock before anything is read or written (even the log)."""
    from game import instance
    from game.resources import data_dir

    try:
        instance.acquire(data_dir())
    except instance.AlreadyRunning as e:
        raise AlreadyRunningError(f"Kartenstube is already running (it uses {e.folder}); this copy exits"
                                  " without touching anything") from None


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse_args(argv)
        size = _size(args.size)
    except UsageError as e:
        print(f"kartenstube: {e}", file=sys.stderr)
        return 2
    # the dummy and off-screen drivers only when asked for: a smoke run, a test or CI
    explicit = bool(args.smoke) or bool(os.environ.get("SDL_VIDEODRIVER"))
    no_display = _no_display(explicit)
    if no_display:
        print(f"kartenstube: {no_display}", file=sys.stderr)
        return 1
    if not args.smoke:  # smoke runs touch no file of the player's: they need no lock
        try:
            _lock_data_folder()
        except AlreadyRunningError as e:
            print(f"kartenstube: {e}", file=sys.stderr)
            return 0  # a clean exit: the running copy goes on undisturbed
    try:
        return _run(args, size)
    finally:
        from game import instance

        instance.release()


def _run(args: argparse.Namespace, size: tuple[int, int] | None) -> int:
    """The app itself, once the command line is known good and the data folder is ours."""
    from game.diagnostics import setup_logging
    from game.resources import state_dir

    try:
        log_folder = state_dir()
    except OSError:
        log_folder = None  # an unwritable home: log to stderr only
    setup_logging(log_folder, verbose=args.verbose)
    if args.smoke:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    from game.ui.app import App, AppConfig
    from game.ui.text import set_language

    if args.lang:
        set_language(args.lang)
    config = AppConfig(size=size, lang=args.lang or "en", seed=args.seed, demo=args.demo,
                       smoke_deals=args.smoke, game_id=args.game, players=args.players, level=args.level)
    if args.smoke:
        from ai.schnapsen_exact import describe

        # the release check reads this line: the executable must carry the expert's compiled search
        logging.getLogger("kartenstube").info(describe())
        config.speed = 0.0
        config.bot_pause = 0.0
        config.use_processes = False
        config.persist = False
    config.extra["start_time"] = START
    try:
        app = App(config)
        problem = None
        session = None
        if not args.smoke:  # smoke runs leave the player's settings, saves and statistics alone
            from game.ui.session import install

            session = install(app, cli_lang=args.lang, state_folder=log_folder, record=not args.demo,
                              save_matches=not args.demo)
            _clean_leftovers(session)
            if not args.demo:
                problem = session.check_save()
                _offer_save_from_read_only_folder(session)
                stats_problem = session.stats.check()  # a damaged, busy or read-only database: said once
                if stats_problem is not None and not _storage_told(session, stats_problem):
                    session.notices.append(stats_problem)
        _quit_on_signals(app, session)
        from game.ui.session import open_menu

        menu = open_menu(app, problem)
        if args.smoke or args.demo:
            menu.start()  # straight through the menu to the table
        code = app.run()
    except Exception as e:
        logging.getLogger("kartenstube").exception("the app stopped on an error")
        if not args.smoke:  # the next start says what happened (game.crash_report)
            import traceback

            from game.crash_report import write_marker
            from game.diagnostics import LOG_NAME

            log_path = log_folder / LOG_NAME if log_folder else None
            write_marker(log_folder, traceback.format_exc(), log_path)
            print(f"Kartenstube stopped on an error ({type(e).__name__}); the log is {log_path or 'not written'}",
                  file=sys.stderr)
        return 1
    return code


def _clean_leftovers(session: Any) -> None:
    """Temporary files of killed writes and stand-in folders of ended runs (``game.instance``)."""
    from game import instance, resources

    folders = [session.config_folder, session.data_folder]
    instance.clean_leftovers(folders, keep=resources._fallback_root)


def _offer_save_from_read_only_folder(session: Any) -> None:
    """A data folder that cannot be written was replaced by a temporary one for this run; the
    match saved there is still good to resume (read only: nothing is written or moved there)."""
    from game.persistence import SaveSlot
    from game.resources import storage_problems

    problem = storage_problems().get("data")
    if problem is None:
        return
    from game.stats import FILE_NAME, Stats

    if (problem[0] / FILE_NAME).exists():  # the player's statistics, shown read-only, never hidden
        session._stats = Stats(problem[0] / FILE_NAME)
    if session.resumable is not None:
        return
    slot = SaveSlot(problem[0])
    if not slot.exists():
        return
    from game.persistence import SaveError, load

    cfg = session.app.config
    try:
        session.resumable = load(slot.path, bot_pause=cfg.bot_pause,
                                 use_processes=cfg.use_processes)
    except SaveError as e:
        logging.getLogger("kartenstube").warning("the save in the read-only folder cannot be resumed: %s", e.reason)


def _storage_told(session: Any, stats_problem: tuple[str, dict[str, Any]]) -> bool:
    """A read-only statistics file in a data folder already reported as unwritable: one notice
    (the folder's) says it all."""
    return stats_problem[0] == "notice.stats_read_only" and any(
        key == "notice.storage" for key, _ in session.notices)


def _quit_on_signals(app: Any, session: Any) -> None:
    """SIGTERM and SIGINT (Ctrl+C, a logout, ``kill``): save the match and leave the main loop
    at the next frame, so the app ends within a second as if the window had been closed."""
    import signal

    def on_signal(signum: int, frame: object) -> None:
        logging.getLogger("kartenstube").info("signal %d: saving and quitting", signum)
        _save_now(session)
        app.quit(0)

    for name in ("SIGTERM", "SIGINT"):
        sig = getattr(signal, name, None)
        if sig is not None:
            try:
                signal.signal(sig, on_signal)
            except ValueError:  # not the main thread (a test harness): the window's close works
                return
    logging.getLogger("kartenstube").info("SIGTERM and SIGINT save and quit")


def _save_now(session: Any) -> None:
    """Write the running match once more (it is saved after every move; this catches a move
    whose save is still to come)."""
    if session is None:
        return
    try:
        table = session.table()
        c = getattr(table, "controller", None)
        if c is not None and session.save_matches and c.human_seat is not None:
            session.slot.write(c)
    except Exception:  # quitting must never fail
        logging.getLogger("kartenstube").exception("the save at quitting failed")


if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.platform_setup import enable_dpi_awareness

    enable_dpi_awareness()  # before any window: sharp, not stretched, at 125-200 % scaling on Windows
    sys.exit(main())
