"""Dreierschnapsen's playoff table sorts a hand by the observation it is given, not by the
round the controller is in (issue 19, crash 4: a family deal's trump call animated while the
session's sorting had been wrapped during a playoff raised ``list.remove(x): x not in list``)."""

from __future__ import annotations

from random import Random
from types import SimpleNamespace

from game.cards import Suit
from game.rules import registry
from game.ui.scenes.table_playoff import PlayoffSwitch


def _family_observation_after_trump_call():
    rules = registry.get("dreierschnapsen")
    state = rules.new_round(3, 0, Random(4))
    while rules.to_move(state) is not None:
        legal = rules.legal_moves(state)
        trump = [m for m in legal if m.kind == "trump"]
        if trump:
            state, _ = rules.apply(state, trump[0])
            break
        state, _ = rules.apply(state, next((m for m in legal if m.kind in ("cut", "knock")), legal[0]))
    obs = rules.observe(state, 0)
    assert isinstance(obs.trump, str)  # the family observation names the trump by its letter
    return obs


def _scene_in_playoff():
    controller = SimpleNamespace(view=SimpleNamespace(rules_id="schnapsen"))
    return SimpleNamespace(controller=controller, game_id="dreierschnapsen", trumps_first=True,
                           hand_sorting="suit", helper=None)


def test_a_family_hand_sorts_while_the_controller_is_in_the_playoff() -> None:
    obs = _family_observation_after_trump_call()
    scene = _scene_in_playoff()
    scene.helper = PlayoffSwitch(scene)
    hand = list(reversed(obs.hand))
    ordered = scene.helper.sort_cards(hand, obs)
    assert sorted(map(str, ordered)) == sorted(map(str, obs.hand))
    trumps = [c for c in ordered if c.suit == Suit(obs.trump)]
    assert ordered[: len(trumps)] == trumps  # the family order: trumps first
    assert scene.helper.hand_order(obs) == ordered


def test_a_schnapsen_hand_sorts_with_the_schnapsen_order_in_a_family_round() -> None:
    rules = registry.get("schnapsen")
    state = rules.new_round(2, 0, Random(9))
    obs = rules.observe(state, 0)
    scene = _scene_in_playoff()
    scene.controller.view.rules_id = "dreierschnapsen"
    scene.helper = PlayoffSwitch(scene)
    ordered = scene.helper.sort_cards(list(obs.hand), obs)
    trumps = [c for c in ordered if c.suit == obs.trump]
    assert ordered[: len(trumps)] == trumps
