"""The guided-first-deal settings: ``tour`` (offer the guide) and ``tours_seen`` (games already
offered), validated on load like every other field (game.settings.load_checked)."""

from __future__ import annotations

import json

import pytest

from game import settings as sm


def test_defaults_offer_the_guide_for_every_game():
    s = sm.Settings()
    assert s.tour is True and s.tours_seen == ()


def test_tours_seen_survives_a_save_and_load(tmp_path):
    path = tmp_path / "settings.json"
    s = sm.Settings().with_(tours_seen=["schnapsen", "schwimmen"], tour=False)
    sm.save(s, path)
    assert json.loads(path.read_text(encoding="utf-8"))["tours_seen"] == ["schnapsen", "schwimmen"]
    loaded, problem = sm.load_checked(path)
    assert problem is None and loaded == s and loaded.tours_seen == ("schnapsen", "schwimmen")


@pytest.mark.parametrize("field, bad", [
    ("tours_seen", "schnapsen"),  # a string, not a list
    ("tours_seen", ["poker"]),  # not a game with a guide
    ("tours_seen", [1]),
    ("tours_seen", ["schnapsen", "schnapsen"]),  # duplicates: a damaged file
    ("tour", "yes"),
    ("tour", 1),
])
def test_a_bad_tour_field_is_reported_set_aside_and_the_rest_kept(tmp_path, field, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"deck_style": "german", "tours_seen": ["dreierschnapsen"], field: bad}),
                    encoding="utf-8")
    loaded, problem = sm.load_checked(path)
    assert problem is not None and problem.fields == (field,)
    assert problem.moved_to is not None and problem.moved_to.exists()  # the original is kept aside
    assert getattr(loaded, field) == getattr(sm.Settings(), field)
    assert loaded.deck_style == "german"  # the good fields are kept
    if field != "tours_seen":
        assert loaded.tours_seen == ("dreierschnapsen",)
    # the repaired file is good: the next start says nothing
    assert sm.load_checked(path) == (loaded, None)


def test_with_refuses_an_unknown_game():
    with pytest.raises(ValueError):
        sm.Settings().with_(tours_seen=["poker"])
