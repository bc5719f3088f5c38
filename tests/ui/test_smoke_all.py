"""``main.py --smoke 2 --game ID --players K`` exits 0 for every game and every player count it
supports (in-process: one Python, a fresh App per run; a bot plays the human seat)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.rules.registry import GAMES  # noqa: E402

CASES = [(gid, k) for gid in ("schnapsen", "bauernschnapsen", "dreierschnapsen", "schwimmen")
         for k in range(GAMES[gid].min_players, GAMES[gid].max_players + 1)]


def test_every_game_and_player_count_is_covered():
    assert ("schwimmen", 2) in CASES and ("schwimmen", 9) in CASES
    assert ("bauernschnapsen", 4) in CASES and ("dreierschnapsen", 3) in CASES
    assert len(CASES) == 1 + 1 + 1 + 8


@pytest.mark.parametrize("game_id,players", CASES)
def test_smoke_two_deals(game_id, players, monkeypatch):
    import main
    from game.ui.scenes.table import TableScene

    deals: list[bool] = []
    original = TableScene._open_summary

    def spy(self):
        deals.append(self.controller.round_over)
        original(self)

    monkeypatch.setattr(TableScene, "_open_summary", spy)
    code = main.main(["--smoke", "2", "--game", game_id, "--players", str(players), "--seed", str(7 + players)])
    assert code == 0
    assert deals and all(deals)  # deals really ended (a match may end after one Schwimmen deal: never here)
