"""Where the expert's compiled exact search comes from, and what happens without it: bundled
with the executable, built from the source, or the pure-Python fallback (no compiler, switched
off, a damaged library or one of another interface version) that plays on with the same rules."""

from __future__ import annotations

import sys
from pathlib import Path
from random import Random

import pytest

from ai import schnapsen_exact as ex
from ai.schnapsen import ExpertAgent
from game.rules.schnapsen import RULES as R

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "build_scripts"))
import build_core  # noqa: E402

HAVE_CC = ex.find_compiler() is not None


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A loader that has not looked yet, its cache in tmp_path, no bundled library."""
    monkeypatch.setattr(ex, "_core", None)
    monkeypatch.setattr(ex, "_core_tried", False)
    monkeypatch.setattr(ex, "_origin", "")
    monkeypatch.setenv(ex.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.delenv(ex.SWITCH_ENV, raising=False)
    monkeypatch.setattr(ex, "bundled_library", lambda: tmp_path / "bundle" / ex.library_name())
    return tmp_path


def play_a_deal(agent: ExpertAgent, seed: int) -> int:
    """The expert in seat 0 against the player level through one deal; the moves it made."""
    from ai.base import make_agent

    s = R.new_round(2, seed % 2, Random(seed))
    other = make_agent("schnapsen", "player", 1)
    made = 0
    while not R.is_over(s):
        seat, legal = R.to_move(s), R.legal_moves(s)
        bot = agent if seat == 0 else other
        m = bot.choose(R.observe(s, seat), legal, Random(seed + made))
        assert m in legal
        made += seat == 0
        s, _ = R.apply(s, m)
    return made


def test_library_names_per_platform() -> None:
    assert ex.library_name("win32") == "kartenstube_core.dll"
    assert ex.library_name("linux") == ex.library_name("darwin") == "kartenstube_core.so"


@pytest.mark.skipif(not HAVE_CC, reason="needs the C compiler of the dev setup")
def test_a_source_checkout_builds_the_core_once_into_its_cache(fresh: Path) -> None:
    core = ex.load_core()
    assert core is not None and core.sp_abi() == ex.ABI
    built = list((fresh / "cache").iterdir())
    assert len(built) == 1 and built[0].name.startswith("core_")
    assert ex.describe() == "exact search: compiled core, built from the source"
    assert ExpertAgent(0).core is core


@pytest.mark.skipif(not HAVE_CC, reason="needs the C compiler of the dev setup")
def test_the_bundled_library_comes_first_and_needs_no_compiler(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lib = build_core.build(fresh / "bundle")
    assert lib == ex.bundled_library() and lib.is_file()
    monkeypatch.setenv("CC", str(fresh / "no-such-compiler"))
    monkeypatch.setattr(sys, "frozen", True, raising=False)  # as in the executable: never compiles
    assert ex.load_core() is not None
    assert ex.describe() == "exact search: compiled core, bundled with the app"
    assert not (fresh / "cache").exists()


def test_without_a_compiler_the_expert_plays_in_pure_python(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", str(fresh / "no-such-compiler"))
    assert ex.load_core() is None
    assert ex.describe() == "exact search: pure Python (no compiled core)"
    agent = ExpertAgent(0, max_samples=4)
    assert agent.core is None
    assert play_a_deal(agent, 3) >= 1


def test_the_executable_never_compiles(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert ex.load_core() is None  # no bundled library: the fallback, not a compiler run
    assert not (fresh / "cache").exists()


def test_an_unusable_cache_folder_falls_back_without_an_error(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = fresh / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(ex.CACHE_ENV, str(blocker / "cache"))  # its parent is a file: mkdir fails
    assert ex.load_core() is None
    assert ex.describe() == "exact search: pure Python (no compiled core)"


def test_switched_off_the_core_is_not_used(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ex.SWITCH_ENV, "off")
    assert ex.load_core() is None and ExpertAgent(0).core is None


def test_a_damaged_bundled_library_falls_back(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = ex.bundled_library()
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b"not a shared library")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert ex.bind_library(bad) is None
    assert ex.load_core() is None
    assert play_a_deal(ExpertAgent(0, max_samples=4), 4) >= 1


@pytest.mark.skipif(not HAVE_CC, reason="needs the C compiler of the dev setup")
def test_a_library_of_another_interface_version_is_refused(fresh: Path) -> None:
    src = fresh / "old.c"
    src.write_text("int sp_abi(void) { return 1; }\n", encoding="utf-8")
    lib = fresh / ex.library_name()
    import subprocess

    flags = ["-shared"] + ([] if sys.platform == "win32" else ["-fPIC"])
    subprocess.run([ex.find_compiler() or "cc", *flags, "-o", str(lib), str(src)], check=True)
    assert ex.bind_library(lib) is None


def test_the_build_stops_with_one_line_without_a_compiler(fresh: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(build_core, "find_compiler", lambda: None)
    assert build_core.main(["--out", str(fresh / "out")]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("build_core: no C compiler found") and "\n" not in err


@pytest.mark.skipif(not HAVE_CC, reason="needs the C compiler of the dev setup")
def test_the_expert_with_and_without_the_core_plays_the_same_rules(fresh: Path) -> None:
    """Both paths play whole deals legally; with the core every sample is solved to the end."""
    fast = ExpertAgent(0, max_samples=6)
    slow = ExpertAgent(0, max_samples=6, use_core=False)
    assert fast.core is not None and slow.core is None
    for seed in (5, 6):
        assert play_a_deal(fast, seed) >= 1 and play_a_deal(slow, seed) >= 1
