"""The seams of the table (issue 21): every game's helper implements the whole TableHelper
protocol (nothing is probed by name), the hand-sorting setting applies around each game's own
order, and the read-only SeatView shows the other hands only once the deal is over."""

from __future__ import annotations

import importlib
import inspect
from types import SimpleNamespace

import pytest

from game.cards import parse_cards
from game.controller import MatchController
from game.seat_view import SeatView
from game.ui.scenes import TABLE_HELPERS
from game.ui.scenes.table_family import FamilyTable
from game.ui.scenes.table_playoff import PlayoffSwitch
from game.ui.scenes.table_schnapsen import SchnapsenTable
from game.ui.scenes.table_schwimmen import SchwimmenTable
from game.ui.table_protocol import TableHelper, TableHelperBase, sort_as_dealt, sort_by_rank

PROTOCOL_METHODS = sorted(name for name, value in vars(TableHelper).items()
                          if inspect.isfunction(value) and not name.startswith("_"))


def test_the_protocol_names_the_hooks_the_table_used_to_probe() -> None:
    for hook in ("face_up", "present_steps", "trick_seats", "layout_buttons", "summary_scene", "card_move",
                 "on_press", "drop_move", "draw_overlay", "help_text", "seat_bubble_height",
                 "notice_obstacles", "match_score_text"):
        assert hook in PROTOCOL_METHODS


@pytest.mark.parametrize("cls", [SchnapsenTable, FamilyTable, SchwimmenTable, PlayoffSwitch])
def test_every_helper_implements_the_whole_protocol(cls: type) -> None:
    assert issubclass(cls, TableHelperBase)
    missing = [name for name in PROTOCOL_METHODS if not callable(getattr(cls, name, None))]
    assert missing == []


def test_every_game_names_a_helper_module_with_make_helper() -> None:
    for game_id, module in TABLE_HELPERS.items():
        assert callable(importlib.import_module(module).make_helper), game_id


def test_hand_sorting_setting_wraps_the_game_order() -> None:
    obs = SimpleNamespace(hand=tuple(parse_cards("QS AH JC TS KD")), trump=None)
    scene = SimpleNamespace(trumps_first=True, hand_sorting="suit")
    helper = SchnapsenTable(scene)
    by_game = helper.sort_cards(obs.hand, obs)
    assert by_game == helper.game_sort(obs.hand, obs)
    scene.hand_sorting = "rank"
    assert helper.hand_order(obs) == sort_by_rank(obs.hand)
    assert [c.rank.value for c in helper.hand_order(obs)] == ["A", "T", "K", "Q", "J"]
    scene.hand_sorting = "none"
    assert helper.sort_cards(list(reversed(obs.hand)), obs) == list(obs.hand) == sort_as_dealt(obs.hand, obs)


def test_the_seat_view_hides_the_state_and_shows_hands_only_at_the_end() -> None:
    c = MatchController("schnapsen", 2, human_seat=0, levels=["human", "random"], master_seed=3, bot_pause=0,
                        use_processes=False)
    view = c.view
    assert isinstance(view, SeatView) and not hasattr(view, "state")
    assert view.final_hands() is None
    assert view.observation() == c.observation() and view.legal_moves() == c.legal_moves()
    for _ in range(200):
        if c.round_over:
            break
        if c.awaiting_human:
            c.submit(c.legal_moves()[0])
        else:
            c.tick(now=1e9)
    assert view.round_over and view.round_result is c.round_result
    hands = view.final_hands()
    assert hands is not None and len(hands) == 2
    assert view.match.scores == c.match.scores and view.side(1) in (0, 1)
