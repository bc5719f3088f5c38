"""Statistics store: recording, summaries, reset, a corrupt database, and a real bot-vs-bot match."""

from __future__ import annotations

import json

import pytest

from game.stats import Stats, deal_from_controller, match_from_controller, match_level


@pytest.fixture
def stats(tmp_path):
    s = Stats(tmp_path / "data" / "stats.sqlite3")
    yield s
    s.close()


def test_match_level():
    assert match_level(["human", "expert"]) == "expert"
    assert match_level(["human", "expert", "beginner"]) == "mixed"


def test_deals_and_matches_summarised(stats):
    lv = ["human", "player"]
    stats.record_deal("schnapsen", lv, 0, [2, 0], closes=1, melds=2, match_seed=9, round_no=0)
    stats.record_deal("schnapsen", lv, 0, [0, 3], match_seed=9, round_no=1)
    stats.record_deal("schnapsen", lv, 0, [5, 0], match_seed=9, round_no=2, undo_used=True)
    mid = stats.record_match("schnapsen", lv, 0, [7, 3], [0], [0, 1], deals=3, undo_used=True, match_seed=9)
    stats.record_deal("schnapsen", ["human", "expert"], 0, [0, 1], match_seed=10)
    (expert, player) = stats.summary("schnapsen")
    assert (player.game, player.level) == ("schnapsen", "player")
    assert (player.matches, player.matches_won, player.deals, player.deals_won) == (1, 1, 3, 2)
    assert player.game_points == 7 and player.average_game_points == pytest.approx(7 / 3)
    assert (player.closes, player.melds, player.matches_with_undo, player.win_rate) == (1, 2, 1, 1.0)
    assert (expert.matches, expert.deals, expert.win_rate) == (0, 1, 0.0)
    assert all(d["match_id"] == mid for d in stats.deals() if d["match_seed"] == 9)
    assert [d["match_id"] for d in stats.deals() if d["match_seed"] == 10] == [None]


def test_partners_share_results_and_contracts(stats):
    lv = ["human", "player", "player", "player"]
    stats.record_deal("bauernschnapsen", lv, 0, [0, 0, 6, 0], side_of=[0, 1, 0, 1], contract="schnapser",
                      declarer=False, made=True)
    stats.record_deal("bauernschnapsen", lv, 0, [0, 4, 0, 4], side_of=[0, 1, 0, 1], contract="bettler",
                      declarer=True, made=False)
    deals = stats.deals()
    assert [d["result"] for d in deals] == ["won", "lost"]
    (s,) = stats.summary()
    assert (s.contracts_played, s.contracts_made, s.game_points) == (1, 0, 6)


def test_schwimmen_counts_lives(stats):
    lv = ["human"] + ["beginner"] * 3
    stats.record_deal("schwimmen", lv, 0, [1, 0, 0, 1])
    stats.record_deal("schwimmen", lv, 0, [0, 1, 0, 0])
    stats.record_match("schwimmen", lv, 0, [0, 2, 1, 3], [3], [], deals=2)
    (s,) = stats.summary("schwimmen")
    assert (s.lives_lost, s.deals_won, s.matches, s.matches_won) == (1, 1, 1, 0)


def test_reset_one_game_or_all(stats):
    stats.record_deal("schnapsen", ["human", "player"], 0, [1, 0])
    stats.record_deal("schwimmen", ["human", "player"], 0, [1, 0])
    stats.reset("schnapsen")
    assert [s.game for s in stats.summary()] == ["schwimmen"]
    stats.reset()
    assert stats.summary() == [] and stats.deals() == []


def test_survives_restart(tmp_path):
    path = tmp_path / "stats.sqlite3"
    a = Stats(path)
    a.record_deal("schnapsen", ["human", "player"], 0, [1, 0])
    a.close()
    b = Stats(path)
    assert len(b.deals()) == 1
    b.close()


@pytest.mark.parametrize("content", [b"this is not a database" * 100, b"SQLite format 3\x00" + b"\x07" * 5000])
def test_corrupt_database_is_set_aside(tmp_path, content):
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(content)
    s = Stats(path)
    assert s.summary() == []
    assert s.record_deal("schnapsen", ["human", "player"], 0, [1, 0]) is not None
    assert len(s.deals()) == 1
    s.close()
    aside = list(tmp_path.glob("stats.sqlite3.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content


def test_records_a_bot_vs_bot_schnapsen_match(stats):
    from game.controller import MatchController

    c = MatchController("schnapsen", 2, human_seat=None, levels=["random", "random"], master_seed=21,
                        bot_pause=0, use_processes=False)
    expected = []
    while not c.match_over:
        for _ in range(5000):
            if c.round_over:
                break
            c.tick(now=1e9)
        assert c.round_over
        kw = deal_from_controller(c)
        expected.append((kw["points"], kw["closes"], kw["melds"]))
        stats.record_deal(**kw)
        c.next_round()
    stats.record_match(**match_from_controller(c))
    deals = stats.deals("schnapsen")
    assert len(deals) == len(c.match.history) == len(expected)
    for row, rec in zip(deals, c.match.history, strict=True):
        assert json.loads(row["points"]) == list(rec.points)
        assert row["game_points"] == rec.points[0]
        assert row["result"] == ("won" if rec.points[0] else "lost")
        assert row["rule"] == rec.rule
    seat0_closes = sum(1 for r in c.match.history if r.details.get("closed_by") == 0)
    seat0_melds = sum(1 for r in c.match.history for _, seat in r.details.get("marriages", ()) if seat == 0)
    (s,) = stats.summary("schnapsen")
    assert s.level == "random" and s.matches == 1 and s.deals == len(deals)
    assert s.matches_won == int(0 in c.match.winners)
    assert s.game_points == c.match.scores[0]
    assert (s.closes, s.melds) == (seat0_closes, seat0_melds)
    assert s.bummerl == c.match.bummerl[0]
    (m,) = stats.matches()
    assert m["deals"] == len(deals) and all(d["match_id"] == m["id"] for d in deals)


def test_dreier_playoff_deal_is_filed_under_the_tied_seats():
    """After the playoff deal the match has left the playoff, so the round seats must be
    rebuilt from the tied scores, not from the controller's current seat map."""
    from types import SimpleNamespace

    from game.rules.base import RoundResult

    res = RoundResult((0, 2), "seat 1 wins the playoff", "2.6 row 1", {"closed_by": 1, "marriages": (("H", 1),)})
    match = SimpleNamespace(scores=(10, 25, 25), winners=(2,), bummerl=(1, 1, 0), history=(1, 2, 3))
    c = SimpleNamespace(game_id="dreierschnapsen", players=3, levels=("player", "player", "human"), human_seat=2,
                        undo_used=False, master_seed=5, round_no=3, round_result=res, match=match,
                        match_seat=lambda i: 1 / 0)  # must not be used
    kw = deal_from_controller(c)
    assert kw["points"] == [0, 0, 2] and kw["seat"] == 2
    assert (kw["closes"], kw["melds"]) == (1, 1)  # round seat 1 is match seat 2, the human
    human_out = SimpleNamespace(**{**vars(c), "human_seat": 0})
    kw = deal_from_controller(human_out)
    assert kw["points"] == [0, 0, 2] and (kw.get("closes", 0), kw.get("melds", 0)) == (0, 0)
