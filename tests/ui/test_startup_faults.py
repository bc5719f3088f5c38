"""Start-up through ``main.main`` with a blocked user folder or a bad save file.

The real start path runs (logging, App, session, save check, menu); only ``App.run`` is cut to a
few frames.  What the player sees is checked through the texts the frames actually render.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import platformdirs
import pytest

from game import i18n, persistence, resources
from game.persistence import SAVE_NAME, SaveSlot

FRAMES = 5


@pytest.fixture
def rendered(monkeypatch):
    """Every text the frames render, in drawing order."""
    from game.ui import widgets

    texts: list[str] = []
    original = widgets.render_text

    def recording(text, *args, **kwargs):
        texts.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(widgets, "render_text", recording)
    return texts


@pytest.fixture(autouse=True)
def clean_state(monkeypatch, tmp_path):
    """User folders and this run's temporary folder below tmp_path; English afterwards."""
    monkeypatch.setattr(resources, "_problems", {})
    monkeypatch.setattr(resources, "_fallback_root", None)
    monkeypatch.setattr(resources, "is_portable", lambda: False)
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    yield
    i18n.set_language("en", german_terms=False)
    from game.ui import text

    text.set_language("en")


def user_folders(monkeypatch, root: Path) -> dict[str, Path]:
    folders = {kind: root / kind for kind in ("config", "data", "state")}
    for kind, getter in (("config", "user_config_dir"), ("data", "user_data_dir"), ("state", "user_state_dir")):
        monkeypatch.setattr(platformdirs, getter, lambda *a, _p=folders[kind], **k: str(_p))
    return folders


def run_main(monkeypatch, argv: list[str]) -> tuple[int, dict]:
    """``main.main(argv)`` with the loop cut to a few frames; returns the exit code and what was
    on the scene stack before shutdown."""
    import main
    from game.ui import app as app_mod

    seen: dict = {}

    def short_run(self, max_frames=None):
        for _ in range(FRAMES):
            self.step(1 / 60)
        seen.update(app=self, scenes=list(self.scenes), session=self.session)
        self.shutdown()
        return self.exit_code

    monkeypatch.setattr(app_mod.App, "run", short_run)
    root = logging.getLogger()
    before = list(root.handlers)
    try:
        code = main.main(argv)
    finally:
        for h in root.handlers[:]:
            if h not in before:
                root.removeHandler(h)
                h.close()
    return code, seen


def squeeze(text: str) -> str:
    return "".join(text.split())


# --- a user folder that cannot be created --------------------------------------------------------


def test_a_blocked_user_folder_starts_the_app_and_says_so_on_the_menu(tmp_path, monkeypatch, rendered, caplog):
    from game.ui.scenes.menu import MenuScene

    blocker = tmp_path / "home"
    blocker.write_text("a file where the user folders should be")
    folders = user_folders(monkeypatch, blocker)  # every folder lies below a regular file
    with caplog.at_level(logging.WARNING):
        code, seen = run_main(monkeypatch, ["--lang", "de"])
    assert code == 0 and seen["app"].frames == FRAMES
    assert isinstance(seen["scenes"][-1], MenuScene)
    # the reason is logged ...
    assert "cannot be written" in caplog.text and str(folders["config"]) in caplog.text
    # ... and the player reads it on the menu, in German, with the folder named
    i18n.set_language("de")
    notice = i18n.t("notice.storage", path=str(folders["config"]))
    assert "Einstellungen" in notice and "{" not in notice
    assert squeeze(notice) in squeeze("".join(rendered))
    # this run's settings, log and saves went to a temporary folder instead
    stand_in = list((tmp_path / "tmp").glob("kartenstube-*"))
    assert len(stand_in) == 1 and (stand_in[0] / "state" / "kartenstube.log").exists()
    session = seen["session"]
    assert session.data_folder == stand_in[0] / "data"
    assert blocker.read_text() == "a file where the user folders should be"  # left alone


def test_a_writable_user_folder_shows_no_notice(tmp_path, monkeypatch, rendered):
    user_folders(monkeypatch, tmp_path / "home")
    code, seen = run_main(monkeypatch, ["--lang", "en"])
    assert code == 0 and seen["session"].notices == []
    assert "Austrian card games against the computer" in rendered  # the usual subtitle
    assert not list((tmp_path / "tmp").glob("kartenstube-*"))


def test_a_read_only_user_folder_falls_back_too(tmp_path, monkeypatch):
    """mkdir succeeds on an existing folder; only a write shows that it cannot be used."""
    import tempfile

    folders = user_folders(monkeypatch, tmp_path / "home")
    folders["data"].mkdir(parents=True)

    def refuse(*args, dir=None, **kwargs):
        if dir is not None and Path(dir) == folders["data"]:
            raise PermissionError(13, "Permission denied")
        return real(*args, dir=dir, **kwargs)

    real = tempfile.TemporaryFile
    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    path = resources.data_dir()
    assert path != folders["data"] and path.is_dir()
    assert resources.storage_problems()["data"] == (folders["data"], "Permission denied")
    assert resources.config_dir() == folders["config"]  # the others are fine


# --- a bad save file -----------------------------------------------------------------------------


def _valid_save_text() -> str:
    from game.controller import MatchController

    c = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=5,
                        bot_pause=0, use_processes=False)
    return json.dumps(persistence.match_record(c))


@pytest.mark.parametrize("lang,kind,key", [("de", "truncated", "save.bad.corrupt"),
                                           ("ja", "newer", "save.bad.newer"),
                                           ("de", "bytes", "save.bad.corrupt")])
def test_a_bad_save_file_is_shown_translated_and_kept(tmp_path, monkeypatch, rendered, lang, kind, key):
    from game.ui.scenes.dialog import DialogScene
    from game.ui.scenes.menu import MenuScene

    folders = user_folders(monkeypatch, tmp_path / "home")
    folders["data"].mkdir(parents=True)
    text = _valid_save_text()
    if kind == "truncated":
        content = text[: len(text) // 2].encode()
    elif kind == "newer":
        data = json.loads(text)
        data["version"] = 99
        content = json.dumps(data).encode()
    else:
        content = b"\xff\xfe\x00 not UTF-8 at all"  # used to escape as an uncaught UnicodeDecodeError
    save = folders["data"] / SAVE_NAME
    save.write_bytes(content)

    code, seen = run_main(monkeypatch, ["--lang", lang])
    assert code == 0
    dialog, menu = seen["scenes"][-1], seen["scenes"][0]
    assert isinstance(dialog, DialogScene) and isinstance(menu, MenuScene)
    aside = list(folders["data"].glob("current_match.bad-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == content and not save.exists()
    i18n.set_language(lang)
    assert dialog.title == i18n.t("save.bad.title")
    expected = i18n.t("save.bad.body", reason=i18n.t(key), path=aside[0].name)
    assert dialog.message == expected
    for english in ("damaged", "newer version", "could not", "moved to", "The file"):
        assert english not in dialog.message
    assert squeeze(expected) in squeeze("".join(rendered))  # drawn, not only built
    assert seen["session"].resumable is None


def test_a_bad_save_that_cannot_be_moved_aside_is_never_written_over(tmp_path, monkeypatch, rendered):
    from game.controller import MatchController
    from game.ui.scenes.dialog import DialogScene

    folders = user_folders(monkeypatch, tmp_path / "home")
    folders["data"].mkdir(parents=True)
    save = folders["data"] / SAVE_NAME
    save.write_text('{"format": "kartenstube-save", "vers', encoding="utf-8")
    monkeypatch.setattr(persistence, "set_aside", lambda path: None)  # e.g. a read-only folder

    code, seen = run_main(monkeypatch, ["--lang", "de"])
    assert code == 0
    dialog = seen["scenes"][-1]
    assert isinstance(dialog, DialogScene)
    i18n.set_language("de")
    assert dialog.message == i18n.t("save.bad.body_kept", reason=i18n.t("save.bad.corrupt"))
    slot: SaveSlot = seen["session"].slot
    assert slot.locked
    c = MatchController("schnapsen", 2, human_seat=0, levels=["human", "beginner"], master_seed=5,
                        bot_pause=0, use_processes=False)
    assert slot.write(c) is False and slot.problem
    slot.clear()
    assert save.read_text(encoding="utf-8") == '{"format": "kartenstube-save", "vers'  # untouched


# --- a bad settings file (issue 25) ------------------------------------------------------------


@pytest.mark.parametrize("window_size", ["abc", [100], None, 5])
def test_a_bad_window_size_starts_the_app_and_says_so_once(tmp_path, monkeypatch, rendered, window_size):
    from game.ui.scenes.menu import MenuScene

    folders = user_folders(monkeypatch, tmp_path / "home")
    folders["config"].mkdir(parents=True)
    original = json.dumps({"language": "de", "window_size": window_size})
    (folders["config"] / "settings.json").write_text(original, encoding="utf-8")
    code, seen = run_main(monkeypatch, [])
    assert code == 0 and isinstance(seen["scenes"][-1], MenuScene)
    assert seen["app"].size == (1280, 720)
    aside = list(folders["config"].glob("settings.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == original
    i18n.set_language("de")  # the language setting was kept
    notice = i18n.t("notice.settings_reset", path=str(aside[0]))
    assert "Einstellungen" in notice
    assert seen["session"].notices == [("notice.settings_reset", {"path": str(aside[0])})]
    assert squeeze(notice) in squeeze("".join(rendered))
    # the second start finds the repaired file and says nothing
    code, seen = run_main(monkeypatch, [])
    assert code == 0 and seen["session"].notices == []


def test_a_damaged_statistics_file_is_kept_and_said_on_the_menu(tmp_path, monkeypatch, rendered):
    folders = user_folders(monkeypatch, tmp_path / "home")
    folders["data"].mkdir(parents=True)
    (folders["data"] / "stats.sqlite3").write_bytes(b"not a database at all" * 50)
    code, seen = run_main(monkeypatch, ["--lang", "en"])
    assert code == 0
    aside = list(folders["data"].glob("stats.sqlite3.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == b"not a database at all" * 50
    assert seen["session"].notices == [("notice.stats_corrupt", {"path": str(aside[0])})]
    assert squeeze(i18n.t("notice.stats_corrupt", path=str(aside[0]))) in squeeze("".join(rendered))


def test_an_intact_save_in_a_read_only_folder_is_still_offered(tmp_path, monkeypatch):
    import tempfile

    save = _valid_save_text()

    folders = user_folders(monkeypatch, tmp_path / "home")
    folders["data"].mkdir(parents=True)
    (folders["data"] / SAVE_NAME).write_text(save, encoding="utf-8")
    real = tempfile.TemporaryFile

    def refuse(*args, dir=None, **kwargs):
        if dir is not None and Path(dir) == folders["data"]:
            raise PermissionError(13, "Permission denied")
        return real(*args, dir=dir, **kwargs)

    monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    code, seen = run_main(monkeypatch, ["--lang", "en"])
    assert code == 0
    assert seen["session"].resumable is not None
    assert seen["session"].notices[0][0] == "notice.storage"
    assert (folders["data"] / SAVE_NAME).read_text(encoding="utf-8") == save


def test_remembering_the_window_size_never_writes_a_bad_value_back(tmp_path, monkeypatch):
    from game.ui.app import App, AppConfig

    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "settings.json").write_text(json.dumps({"volume": "loud", "language": "ja", "window_size": 5}),
                                          encoding="utf-8")
    app = App(AppConfig(settings_dir=folder))
    app.on_resize(1000, 700)
    data = json.loads((folder / "settings.json").read_text(encoding="utf-8"))
    assert data["window_size"] == [1000, 700] and data["language"] == "ja" and data["volume"] == 0.7
    app.shutdown()
