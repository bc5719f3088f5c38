"""The command line (issue 25): every bad value gets one clear line on stderr and exit code 2,
never a traceback and never a window."""

from __future__ import annotations

import pytest

import main


@pytest.mark.parametrize("argv,words", [
    (["--size", "10000x10000"], "between"),
    (["--size", "abc"], "WxH"),
    (["--size", "100x100"], "between"),
])
def test_a_bad_command_line_value_is_one_line_and_exit_2(argv, words, capsys):
    assert main.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err and "Traceback" not in err
