"""The contract table script (benchmarks/bots_family.py, code in tools/bots_family.py): with ``--others`` the tested level
takes every position at the table in turn and only its own contracts are counted."""

from __future__ import annotations

from collections import Counter

import pytest

from tools import bots_family


@pytest.fixture
def table():
    return bots_family


@pytest.mark.parametrize("game,players", [("dreierschnapsen", 3), ("bauernschnapsen", 4)])
def test_the_tested_seat_takes_every_position_relative_to_the_dealer(table, game, players):
    roles: Counter[int] = Counter()
    for i in range(players * players * 4):
        dealer = i % players
        seats = table.tested_seats(game, players, i, "player")
        assert len(seats) == (2 if game == "bauernschnapsen" else 1)
        for q in seats:
            roles[(q - dealer) % players] += 1
    assert set(roles) == set(range(players))
    assert len(set(roles.values())) == 1  # every position equally often
    assert table.tested_seats(game, players, 5, None) == set(range(players))


def test_only_the_tested_levels_contracts_are_counted(table, capsys):
    assert table.main(["--game", "dreierschnapsen", "--levels", "beginner", "--others", "player",
                       "--deals", "24", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "level beginner against player: 24 deals" in out
    for i in range(24):
        _, contract, made = table.play_deal(("dreierschnapsen", 3, "beginner", 1, i, "player"))
        if contract is None:
            assert not made
    declared = sum(int(line.split()[1]) for line in out.splitlines()[2:] if line.strip())
    assert declared < 24  # the player seats declare the rest
