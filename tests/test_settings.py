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
