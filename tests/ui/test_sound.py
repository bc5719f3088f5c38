"""Sound: the generated effects are committed and up to date; the manager never raises."""

from __future__ import annotations

import array
import importlib.util
import io
import logging
import wave
from pathlib import Path

import pytest

from game.ui import sound as sound_mod
from game.ui.sound import EFFECTS, SoundManager

ROOT = Path(__file__).resolve().parents[2]


def _make_sounds():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "build_scripts" / "make_sounds.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_committed_effects_match_the_generator():
    gen = _make_sounds()
    assert tuple(gen.EFFECTS) == EFFECTS
    for name in EFFECTS:
        data = gen.render(name)
        committed = (ROOT / "assets" / "sounds" / f"{name}.wav").read_bytes()
        assert len(committed) == len(data), f"rerun make_sounds.py ({name})"
        # libm may differ in the last bit between platforms: allow one step of rounding
        a = array.array("h", committed[44:])
        b = array.array("h", data[44:])
        assert max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 1, f"rerun make_sounds.py ({name})"
        with wave.open(io.BytesIO(data)) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
            assert 0.05 < w.getnframes() / w.getframerate() < 1.5  # short effects


@pytest.fixture
def dummy_audio(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame

    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_plays_every_effect_with_the_dummy_driver(dummy_audio):
    s = SoundManager(enabled=True, volume=0.5)
    assert s.available
    for name in EFFECTS:
        assert s.play(name), name
    s.configure(volume=0.1)
    assert all(abs(snd.get_volume() - 0.1) < 0.01 for snd in s._sounds.values())
    s.configure(enabled=False)
    assert not s.play("card")
    s.shutdown()


def test_unknown_effect_is_silent(dummy_audio, caplog):
    s = SoundManager()
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        assert not s.play("no-such-effect")
        assert not s.play("no-such-effect")
    assert caplog.text.count("cannot load") == 1
    s.shutdown()


def test_mixer_failure_means_silence(monkeypatch, caplog):
    import pygame

    pygame.mixer.quit()

    def broken(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    s = SoundManager()
    with caplog.at_level(logging.WARNING, logger="game.ui.sound"):
        for name in EFFECTS:
            assert s.play(name) is False
    assert not s.available
    assert caplog.text.count("mixer unavailable") == 1  # logged once, not per effect
    s.stop()
    s.shutdown()


def test_play_failure_is_swallowed(dummy_audio):
    s = SoundManager()
    assert s.play("card")

    class Bad:
        def play(self):
            raise RuntimeError("device lost")

        def set_volume(self, v):
            raise RuntimeError("device lost")

    s._sounds["card"] = Bad()
    assert s.play("card") is False
    s.configure(volume=0.3)  # no exception either
    s.shutdown()


def test_volume_is_clamped():
    assert SoundManager(volume=5).volume == 1.0
    assert sound_mod._clamp("x") == 0.7
