"""The bundled font covers the scripts the UI writes: German, Japanese, card suits."""

from __future__ import annotations

import pygame
import pytest
from fontTools.ttLib import TTFont

from game.resources import resource_path
from game.ui import fonts

SAMPLES = [
    "Größe Übersicht Spieler ausgeschieden – „Bummerl“ …",
    "Äöü ÄÖÜ ß é è ç ñ",
    "切り札 勝利宣言 マリッジ クローズ アウフシュラーゲン コントラ シュヴィメン",
    "設定 新しいゲーム 終了 山札 手札 得点 あなたの番です。",
    "♠♥♦♣♤♡♢♧ → ← ↑ ↓",
]


@pytest.fixture(scope="module", autouse=True)
def _pygame_font():
    pygame.font.init()
    yield
    fonts.clear_cache()


@pytest.mark.parametrize("bold", [False, True])
def test_cmap_covers_samples(bold: bool) -> None:
    cmap = TTFont(fonts.font_path(bold))["cmap"].getBestCmap()
    missing = {ch for s in SAMPLES for ch in s if ch != " " and ord(ch) not in cmap}
    assert not missing, f"font lacks {''.join(sorted(missing))}"


def test_pygame_metrics_for_every_char() -> None:
    f = fonts.get_font(18)
    for s in SAMPLES:
        for ch, m in zip(s, f.metrics(s), strict=True):
            assert m is not None, f"no glyph for {ch!r}"
    assert f.size("切り札")[0] > 0


def test_font_is_renamed_and_not_default() -> None:
    name = TTFont(fonts.font_path())["name"]
    assert name.getDebugName(1) == "Kartenstube Sans"
    assert "Noto" not in (name.getDebugName(4) or "")
    assert fonts.get_font(18) is fonts.get_font(18)
    assert fonts.get_font(18) is not fonts.get_font(18, bold=True)


def test_font_files_are_small() -> None:
    for bold in (False, True):
        assert resource_path(*(fonts.BOLD if bold else fonts.REGULAR)).stat().st_size < 3_000_000


def test_missing_asset_names_the_file() -> None:
    with pytest.raises(FileNotFoundError, match="nope.otf"):
        resource_path("assets", "fonts", "nope.otf")


def test_user_dirs_portable_mode(tmp_path, monkeypatch) -> None:
    from game import resources

    monkeypatch.setattr(resources, "app_dir", lambda: tmp_path)
    assert not resources.is_portable()
    (tmp_path / "portable.txt").write_text("")
    assert resources.is_portable()
    for fn, kind in ((resources.config_dir, "config"), (resources.data_dir, "data"), (resources.state_dir, "state")):
        d = fn()
        assert d == tmp_path / "userdata" / kind and d.is_dir()


def test_resource_path_uses_bundle_dir(tmp_path, monkeypatch) -> None:
    import sys

    from game import resources

    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "x.txt").write_text("hi")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resource_path("assets", "x.txt") == tmp_path / "assets" / "x.txt"
