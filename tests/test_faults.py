"""Fault handling (issue 10) not covered by test_controller / test_persistence:

- a missing asset file produces a clear error naming the file (fonts: an error; sounds: silence
  with a log line naming the file), and a broken bundle stops the app with that error in the log;
- a read-only or full user folder (a file where the folder should be, or ENOSPC from the disk)
  is reported and the game goes on without saving: settings, statistics and saves alike, and a
  whole table keeps playing with such a folder;
- a bot worker process that dies (``os._exit`` in the decision) or raises is replaced, the seat
  falls back to a simpler bot for that decision, the log says so, and the next decision is made
  by a fresh worker again.
"""

from __future__ import annotations

import errno
import logging
import os
import time
from pathlib import Path

import pytest

from game import persistence, resources
from game import settings as settings_mod
from game.controller import MatchController, think
from game.persistence import SaveSlot
from game.settings import Settings

# --- missing assets -----------------------------------------------------------------------------


@pytest.fixture
def empty_bundle(tmp_path, monkeypatch):
    """Assets resolve below an empty folder, as in a bundle that lost its files."""
    from game.ui import fonts, widgets

    bundle = tmp_path / "bundle"
    bundle.mkdir()
    monkeypatch.setattr(resources, "base_dir", lambda: bundle)
    monkeypatch.setattr(widgets, "_TEXT_CACHE", {})  # rendered labels would hide the font load
    fonts.clear_cache()
    yield bundle
    fonts.clear_cache()  # later tests load the real fonts again


def test_a_missing_font_is_an_error_naming_the_file(empty_bundle):
    from game.ui import fonts

    with pytest.raises(FileNotFoundError) as info:
        fonts.get_font(20)
    assert "KartenstubeSans-Regular.otf" in str(info.value)
    assert str(empty_bundle) in str(info.value)  # and where it was looked for


def test_a_missing_sound_is_silence_and_a_log_line_naming_the_file(empty_bundle, caplog):
    from game.ui.sound import SoundManager

    sounds = SoundManager(enabled=True, volume=0.5)
    if not sounds.available:
        pytest.skip("no SDL audio driver, not even the dummy one")
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        assert sounds.play("card") is False
        assert sounds.play("card") is False  # reported once, then quiet
    assert "card.wav" in caplog.text
    assert len([r for r in caplog.records if "card.wav" in r.getMessage()]) == 1
    sounds.shutdown()


def test_a_broken_bundle_stops_the_app_with_the_missing_file_in_the_log(empty_bundle, tmp_path, monkeypatch, caplog):
    import main

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        with caplog.at_level(logging.ERROR):
            assert main.main(["--smoke", "1", "--seed", "1"]) == 1
    finally:
        for h in root.handlers[:]:
            if h not in before:
                root.removeHandler(h)
                h.close()
    assert "the app stopped on an error" in caplog.text
    assert "not found (looked at" in caplog.text
    assert ".otf" in caplog.text or ".png" in caplog.text or ".ico" in caplog.text


# --- a read-only or full user folder ------------------------------------------------------------


def _blocked(tmp_path: Path) -> Path:
    """A file where the user folder should be: every write below it fails (like read-only)."""
    blocker = tmp_path / "userfolder"
    blocker.write_text("not a folder")
    return blocker


def _disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def mid_deal(seed: int = 11) -> MatchController:
    c = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=seed,
                        bot_pause=0, use_processes=False)
    _advance(c, 3)
    return c


def _advance(c: MatchController, human_moves: int) -> None:
    """Bots move, the human plays its first legal move, ``human_moves`` times (or round over)."""
    for _ in range(200):
        if c.round_over or human_moves == 0:
            return
        if c.awaiting_human:
            c.submit(c.legal_moves()[0])
            human_moves -= 1
        else:
            c.tick(now=1e9)


def test_full_disk_keeps_the_previous_save_reports_and_the_game_goes_on(tmp_path, monkeypatch, caplog):
    c = mid_deal()
    slot = SaveSlot(tmp_path)
    assert slot.write(c)
    good = slot.path.read_text()
    _advance(c, 1)
    monkeypatch.setattr(persistence.os, "replace", _disk_full)
    with caplog.at_level(logging.WARNING, logger="game.persistence"):
        assert slot.write(c) is False
        assert slot.write(c) is False
    assert slot.problem is not None and "No space left" in slot.problem
    assert caplog.text.count("cannot save the match") == 1  # reported once, not every move
    assert slot.path.read_text() == good  # the last good save is untouched
    assert [p.name for p in tmp_path.iterdir()] == [slot.path.name]  # no temp file left behind
    moves = len(c.move_log)
    _advance(c, 1)
    assert len(c.move_log) > moves or c.round_over  # the game goes on
    monkeypatch.undo()
    assert slot.write(c) and slot.problem is None  # space again: saving resumes by itself


@pytest.mark.parametrize("fault", ["blocked", "disk full"])
def test_settings_that_cannot_be_written_are_logged_not_raised(tmp_path, monkeypatch, caplog, fault):
    path = tmp_path / "settings.json"
    settings_mod.save(Settings(language="de"), path)
    if fault == "blocked":
        path = _blocked(tmp_path) / "settings.json"
    else:
        monkeypatch.setattr(persistence.os, "replace", _disk_full)
    with caplog.at_level(logging.ERROR, logger="game.settings"):
        settings_mod.save(Settings(language="ja"), path)  # must not raise
    assert "could not write" in caplog.text
    monkeypatch.undo()
    if fault == "disk full":
        assert settings_mod.load(path).language == "de"  # the old file is whole
    else:
        assert settings_mod.load(path) == Settings()  # unreadable place: defaults, no crash


@pytest.mark.parametrize("fault", ["blocked", "disk full"])
def test_statistics_that_cannot_be_written_are_logged_not_raised(tmp_path, monkeypatch, caplog, fault):
    import sqlite3

    from game.stats import Stats

    if fault == "blocked":
        stats = Stats(_blocked(tmp_path) / "stats.sqlite3")
    else:
        stats = Stats(tmp_path / "stats.sqlite3")

        def full(*args, **kwargs):
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(sqlite3, "connect", full)
    with caplog.at_level(logging.WARNING, logger="game.stats"):
        assert stats.record_deal("schnapsen", ["human", "beginner"], 0, [2, 0]) is None
        assert stats.record_match("schnapsen", ["human", "beginner"], 0, [7, 3], [0], [0, 1], deals=3) is None
        assert stats.summary() == []
    assert "could not record" in caplog.text
    stats.close()


def test_a_table_with_an_unwritable_user_folder_keeps_playing(tmp_path, caplog):
    """The whole app: settings, saves and statistics all below a file; a match is played on."""
    import pygame

    from game.ui.app import App, AppConfig
    from game.ui.scenes.table import TableScene
    from game.ui.session import install

    blocker = _blocked(tmp_path)
    app = App(AppConfig(size=(1000, 700), seed=4, speed=0.0, bot_pause=0.0, use_processes=False, persist=False,
                        settings_dir=blocker / "config"))
    session = install(app, config_folder=blocker / "config", data_folder=blocker / "data",
                      state_folder=blocker / "state", cli_lang="en")
    session.change(language="de")  # applied live even though it cannot be stored
    app.replace(TableScene(app, "schnapsen", "beginner"))
    table = app.scene
    made = 0
    try:
        for _ in range(600):
            app.step(1 / 60)
            if table.controller.awaiting_human and app.scene is table:
                legal = table.controller.legal_moves()  # a doubtful claim of 66 would ask first
                table.perform(next((m for m in legal if m.kind != "declare"), legal[0]))
                made += 1
            elif app.scene is not table:  # the summary after a deal
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
            if table.deals_done >= 1 and made >= 6:
                break
    finally:
        app.shutdown()
    assert made >= 6 and table.deals_done >= 1
    assert session.settings.language == "de"
    assert session.slot.problem is not None and "cannot be saved" in session.slot.problem
    assert not session.slot.exists()


# --- a bot worker that dies or raises -------------------------------------------------------------

MARKER_ENV = "KARTENSTUBE_TEST_FAULT_DIR"


def dying_think(game_id, level, seat, observation, legal, seed):
    """The first decision kills the worker process outright; later ones think normally."""
    folder = Path(os.environ[MARKER_ENV])
    if not (folder / "died").exists():
        (folder / "died").write_text("x")
        os._exit(3)
    (folder / f"answered-{os.getpid()}").write_text("x")
    return think(game_id, level, seat, observation, legal, seed)


def raising_think(game_id, level, seat, observation, legal, seed):
    """The first decision raises inside the worker; later ones think normally."""
    folder = Path(os.environ[MARKER_ENV])
    if not (folder / "raised").exists():
        (folder / "raised").write_text("x")
        raise RuntimeError("bot bug inside the worker")
    (folder / f"answered-{os.getpid()}").write_text("x")
    return think(game_id, level, seat, observation, legal, seed)


@pytest.mark.parametrize("think_fn,words", [(dying_think, "worker died"), (raising_think, "raised")],
                         ids=["dies", "raises"])
def test_a_failing_worker_is_replaced_and_the_seat_falls_back(tmp_path, monkeypatch, caplog, think_fn, words):
    monkeypatch.setenv(MARKER_ENV, str(tmp_path))  # the spawned worker inherits the environment
    c = MatchController("schnapsen", 2, human_seat=None, levels=["beginner", "beginner"], master_seed=21,
                        bot_pause=0, use_processes=True, think_fn=think_fn)
    try:
        with caplog.at_level(logging.WARNING, logger="game.controller"):
            deadline = time.monotonic() + 120
            # past the failure, and until a worker has answered a later decision itself
            while time.monotonic() < deadline and not (
                    len(c.move_log) >= 3 and list(tmp_path.glob("answered-*"))):
                c.tick()
                if c.round_over:
                    c.next_round()
                time.sleep(0.005)
    finally:
        c.close()
    assert len(c.move_log) >= 3, "the match stalled after the worker failed"
    assert list(tmp_path.glob("answered-*")), "no worker answered after the failure"
    assert words in caplog.text and "fallback" in caplog.text
