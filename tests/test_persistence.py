"""Save and resume: exact resume, bad files reported and set aside, atomic writes, unwritable folders."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game import persistence
from game.controller import MatchController
from game.persistence import SaveError, SaveSlot


def mid_deal(seed: int = 21, moves: int = 7) -> MatchController:
    c = MatchController("schnapsen", 2, human_seat=0, levels=["human", "random"], master_seed=seed,
                        bot_pause=0, use_processes=False)
    for _ in range(500):
        if len(c.move_log) >= moves or c.round_over:
            break
        if c.awaiting_human:
            c.submit(c.legal_moves()[-1])
        else:
            c.tick(now=1e9)
    return c


def test_save_mid_deal_resumes_to_the_identical_state(tmp_path: Path):
    c = mid_deal()
    slot = SaveSlot(tmp_path)
    assert slot.write(c)
    resumed, problem = slot.resume(bot_pause=0, use_processes=False)
    assert problem is None and resumed is not None
    assert repr(resumed.state) == repr(c.state)
    assert resumed.move_log == c.move_log
    assert resumed.match == c.match


@pytest.mark.parametrize(
    "content, words",
    [
        ('{"format": "kartenstube-save", "version": 1, "game_id": "schnap', "damaged"),
        ("\x00\x01garbage\xff", "damaged"),
        ('{"format": "kartenstube-save", "version": 99}', "newer version"),
        ('{"hello": 1}', "not a Kartenstube save"),
    ],
)
def test_bad_save_files_are_reported_and_set_aside(tmp_path: Path, content: str, words: str):
    slot = SaveSlot(tmp_path)
    slot.path.write_text(content, encoding="utf-8", errors="replace")
    resumed, problem = slot.resume(use_processes=False)
    assert resumed is None
    assert problem is not None and words in problem
    assert not slot.path.exists()
    aside = list(tmp_path.glob("current_match.bad-*.json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8", errors="replace") == content.encode(
        "utf-8", "replace").decode("utf-8", "replace")


def test_a_save_whose_moves_do_not_replay_is_refused(tmp_path: Path):
    c = mid_deal()
    record = persistence.match_record(c)
    record["moves"][0][2] = "play ZZ"
    path = tmp_path / "x.json"
    path.write_text(json.dumps(record))
    with pytest.raises(SaveError) as e:
        persistence.load(path, use_processes=False)
    assert "replayed" in e.value.reason


def test_two_bad_files_in_one_second_do_not_overwrite_each_other(tmp_path: Path):
    slot = SaveSlot(tmp_path)
    for text in ("first", "second"):
        slot.path.write_text(text)
        slot.resume(use_processes=False)
    kept = sorted(p.read_text() for p in tmp_path.glob("current_match.bad-*"))
    assert kept == ["first", "second"]


def test_interrupted_write_leaves_the_previous_save_intact(tmp_path: Path, monkeypatch):
    c = mid_deal(moves=3)
    slot = SaveSlot(tmp_path)
    slot.write(c)
    good = slot.path.read_text()
    c2 = mid_deal(moves=9)

    def crash(*args, **kwargs):
        raise KeyboardInterrupt("simulated crash during the rename")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        persistence.save(c2, slot.path)
    monkeypatch.undo()
    assert slot.path.read_text() == good
    assert [p.name for p in tmp_path.iterdir()] == [slot.path.name]  # no temp file left behind


def test_unwritable_folder_is_reported_and_play_goes_on(tmp_path: Path):
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("a file where the save folder should be")
    slot = SaveSlot(blocker)
    c = mid_deal(moves=2)
    assert not slot.write(c)
    assert slot.problem and "cannot be saved" in slot.problem
    c.submit(c.legal_moves()[0]) if c.awaiting_human else c.tick(now=1e9)  # the game goes on


# --- issue 25: a save is checked against the table before "Resume" is offered ----------------


@pytest.mark.parametrize("change", [
    {"human_seat": 5}, {"human_seat": -1}, {"human_seat": None}, {"human_seat": "0"},
    {"levels": ["human", "grandmaster"]}, {"levels": ["human"]}, {"levels": ["beginner", "human"]},
    {"players": 3}, {"players": 1}, {"first_dealer": 7}, {"master_seed": "x"},
    {"options": {"match_target": -3}}, {"options": {"deal_rotation": "sideways"}}, {"options": []},
    {"moves": "play AH"}, {"moves": [[0, 9, "play AH"]]}, {"match_id": 12},
])
def test_a_save_that_does_not_fit_the_table_is_refused_and_set_aside(tmp_path: Path, change):
    c = mid_deal()
    record = persistence.match_record(c)
    record.update(change)
    content = json.dumps(record)
    (tmp_path / persistence.SAVE_NAME).write_text(content, encoding="utf-8")
    slot = SaveSlot(tmp_path)
    resumed, problem = slot.resume(bot_pause=0, use_processes=False)
    assert resumed is None and problem
    assert slot.bad is not None and slot.bad.key in ("save.bad.invalid", "save.bad.replay")
    aside = list(tmp_path.glob("current_match.bad-*.json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == content


def test_a_bad_move_late_in_the_list_is_found_before_resume(tmp_path: Path):
    c = mid_deal(moves=7)
    record = persistence.match_record(c)
    record["moves"][-1][2] = "play 2S"  # not even a card of this pack
    (tmp_path / persistence.SAVE_NAME).write_text(json.dumps(record), encoding="utf-8")
    resumed, problem = SaveSlot(tmp_path).resume(bot_pause=0, use_processes=False)
    assert resumed is None and problem


def test_the_match_id_survives_save_and_resume(tmp_path: Path):
    c = mid_deal()
    first = persistence.match_id_of(c)
    slot = SaveSlot(tmp_path)
    assert slot.write(c)
    resumed, _ = slot.resume(bot_pause=0, use_processes=False)
    assert resumed is not None and persistence.match_id_of(resumed) == first
    assert persistence.match_id_of(mid_deal()) != first  # every match its own
