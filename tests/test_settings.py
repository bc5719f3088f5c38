"""Settings: defaults, round trip through a restart, per-field fallback, corrupt files set aside."""

from __future__ import annotations

import json
import logging

import pytest

from game import settings as st
from game.settings import Settings


def test_missing_file_gives_defaults(tmp_path):
    assert st.load(tmp_path / "settings.json") == Settings()


def test_settings_survive_a_restart(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    s = Settings(language="ja", german_terms=True, deck_style="german", card_back="classic_blue", animation_speed=0.0,
                 bot_pause=1.5, trick_pause=-1, sound=False, volume=0.25, hand_sorting="rank",
                 highlight_legal=False, show_own_points=False, fullscreen=True, window_size=(1600, 900))
    st.save(s, path)
    again = st.load(path)
    assert again == s
    assert again.trick_pause == st.UNTIL_CLICK
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == st.SETTINGS_VERSION
    assert not list(path.parent.glob("*.tmp"))  # the atomic write left no temporary file


def test_invalid_fields_fall_back_one_by_one(tmp_path, caplog):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({
        "language": "fr", "deck_style": "german", "volume": 3, "sound": "yes", "window_size": [10, 10],
        "animation_speed": True, "bot_pause": 2, "mystery": 1,
    }), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="game.settings"):
        s = st.load(path)
    d = Settings()
    assert s.deck_style == "german" and s.bot_pause == 2.0
    assert (s.language, s.volume, s.sound, s.window_size, s.animation_speed) == (
        d.language, d.volume, d.sound, d.window_size, d.animation_speed)
    for word in ("language", "volume", "sound", "window_size", "animation_speed", "mystery"):
        assert word in caplog.text
    assert path.exists()  # a partly bad file is still the player's file, not set aside


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2]", b"\xff\xfe\x00garbage", b""])
def test_corrupt_file_is_set_aside_and_defaults_used(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    assert st.load(path) == Settings()
    aside = list(tmp_path.glob("settings.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    st.save(Settings(language="de"), path)  # the next save does not touch the set-aside copy
    assert aside[0].read_bytes() == content
    assert st.load(path).language == "de"


def test_two_corrupt_files_in_the_same_second_are_both_kept(tmp_path):
    path = tmp_path / "settings.json"
    for content in (b"{", b"}"):
        path.write_bytes(content)
        st.load(path)
    assert sorted(p.read_bytes() for p in tmp_path.glob("settings.json.corrupt-*")) == [b"{", b"}"]


def test_with_validates():
    s = Settings().with_(volume=0.5, trick_pause=-1, window_size=[1024, 768])
    assert s.volume == 0.5 and s.window_size == (1024, 768)
    with pytest.raises(ValueError):
        Settings().with_(deck_style="tarot")
    with pytest.raises(ValueError):
        Settings().with_(colour="red")


def test_save_failure_is_logged_not_raised(tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with caplog.at_level(logging.ERROR, logger="game.settings"):
        st.save(Settings(), blocker / "settings.json")  # parent is a file: cannot write
    assert "could not write" in caplog.text


def test_choices_match_the_card_art():
    from game.ui import cardart

    assert set(st.CARD_BACKS) == set(cardart.BACKS)
    assert set(st.DECK_STYLES) == set(cardart.STYLES)


# --- issue 25: a bad settings file is set aside, repaired, and reported once ------------------


@pytest.mark.parametrize("window_size", ["abc", [100], None, 5, [20000, 20000], [True, 720], [1280.5, 720]])
def test_a_bad_window_size_is_reset_and_the_file_set_aside(tmp_path, window_size):
    path = tmp_path / "settings.json"
    original = json.dumps({"language": "de", "deck_style": "german", "window_size": window_size})
    path.write_text(original, encoding="utf-8")
    s, problem = st.load_checked(path)
    assert s.window_size == Settings().window_size
    assert (s.language, s.deck_style) == ("de", "german")  # the rest is kept
    assert problem is not None and problem.fields == ("window_size",)
    assert problem.moved_to is not None and problem.moved_to.read_text(encoding="utf-8") == original
    # the repaired file is in place, so the next start has nothing to say
    again, second = st.load_checked(path)
    assert again == s and second is None


@pytest.mark.parametrize("content", [b"", b"{\"language\": \"de\"", b"\x00\xff garbage", b"[1, 2]", b"null"])
def test_an_unusable_settings_file_gives_defaults_and_is_kept(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    s, problem = st.load_checked(path)
    assert s == Settings()
    assert problem is not None and problem.fields == ()
    assert problem.moved_to is not None and problem.moved_to.read_bytes() == content


def test_a_good_settings_file_is_left_alone(tmp_path):
    path = tmp_path / "settings.json"
    st.save(Settings(language="ja"), path)
    before = path.read_bytes()
    s, problem = st.load_checked(path)
    assert problem is None and s.language == "ja" and path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_the_window_fits_the_display():
    from game.ui.app import MIN_SIZE, fit_window

    assert fit_window((20000, 20000), (1920, 1000)) == (1920, 1000)
    assert fit_window((10, 10), (1920, 1000)) == MIN_SIZE
    assert fit_window((10000, 10000), None) == (10000, 10000)  # headless: no display to fit
    assert fit_window((1280, 720), (800, 560)) == (800, 560)  # a tiny screen wins over the minimum


def test_the_usable_display_size_comes_from_the_desktop(monkeypatch):
    import pygame

    from game.ui import app as app_mod

    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080), (800, 600)])
    assert app_mod._usable_display_size() == (1920, 1080 - app_mod._DESKTOP_MARGIN[1])
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")
    assert app_mod._usable_display_size() is None
