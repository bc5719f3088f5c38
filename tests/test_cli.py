"""The command line (issue 25): every bad value gets one clear line on stderr and exit code 2,
never a traceback and never a window; without a display the app says so and exits non-zero."""

from __future__ import annotations

import subprocess
import sys

import pytest

import main
from tests.test_instance import ROOT, env_for


@pytest.mark.parametrize("argv,words", [
    (["--size", "10000x10000"], "between"),
    (["--size", "abc"], "WxH"),
    (["--size", "100x100"], "between"),
    (["--players", "1"], "played by 2 players"),
    (["--players", "0"], "played by 2 players"),
    (["--game", "bauernschnapsen", "--players", "3"], "played by 4 players"),
    (["--game", "schwimmen", "--players", "10"], "2 to 9 players"),
    (["--game", "schwimmen", "--players", "1"], "2 to 9 players"),
    (["--smoke", "-1"], "number of deals"),
    (["--seed", "-5"], "seed"),
    (["--players", "x"], "invalid int"),
    (["--game", "chess"], "invalid choice"),
    (["--bogus"], "unrecognized"),
    (["--demo", "--smoke", "2"], "together"),
])
def test_a_bad_command_line_value_is_one_line_and_exit_2(argv, words, capsys):
    assert main.main(argv) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert len(err.splitlines()) == 1 and words in err and "Traceback" not in err
    assert err.startswith("kartenstube: ") and captured.out == ""


@pytest.mark.parametrize("argv", [["--game", "schwimmen", "--players", "9"], ["--players", "2"], ["--smoke", "0"]])
def test_good_values_pass(argv):
    args = main.parse_args(argv)
    assert args.players in (None, 2, 9)


def test_without_a_display_the_app_says_so_and_exits_non_zero(tmp_path):
    env = env_for(tmp_path / "home")
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    run = subprocess.run([sys.executable, "main.py"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == ["kartenstube: no display found; Kartenstube needs a desktop session"]
    # nothing was written: not even a log (the player has no session to read it in)
    assert not [p for p in (tmp_path / "home").rglob("*") if p.is_file()]


def test_the_off_screen_driver_is_used_when_asked_for(tmp_path):
    env = env_for(tmp_path / "home")
    env.pop("DISPLAY", None)
    env["SDL_VIDEODRIVER"] = "dummy"
    run = subprocess.run([sys.executable, "main.py", "--smoke", "1"], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr


def test_a_smoke_run_needs_no_driver_in_the_environment(tmp_path):
    env = env_for(tmp_path / "home")
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        env.pop(name, None)
    run = subprocess.run([sys.executable, "main.py", "--smoke", "1"], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
