"""The per-game spec (game.rules.registry.GameSpec) answers what game-id branches used to, and the
typed deal results (game.rules.deal_result) carry every figure the screens read."""

from __future__ import annotations

import re
from pathlib import Path
from random import Random

import pytest

from game.rules import match, registry
from game.rules.base import Move, RoundResult
from game.rules.deal_result import FamilyDeal, SchnapsenDeal, SchwimmenDeal

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_has_a_spec_whose_rules_load_and_match_its_player_counts():
    for game_id, spec in registry.GAMES.items():
        assert spec.id == game_id and registry.spec(game_id) is spec
        rules = registry.get(game_id)
        assert (rules.min_players, rules.max_players) == (spec.min_players, spec.max_players)
    with pytest.raises(KeyError, match="unknown game 'skat'"):
        registry.spec("skat")


def test_the_spec_decides_sides_wins_and_hidden_moves():
    bauern, schnapsen, swim = (registry.spec(g) for g in ("bauernschnapsen", "schnapsen", "schwimmen"))
    assert bauern.same_side(0, 2) and not bauern.same_side(0, 1) and bauern.side_of(3) == 1
    assert not schnapsen.same_side(0, 1) and schnapsen.side_of(1) == 1
    assert schnapsen.deal_won((2, 0), 0) and not schnapsen.deal_won((2, 0), 1)
    assert swim.deal_won((0, 1, 0), 0) and not swim.deal_won((0, 1, 0), 1)  # Schwimmen's points are lives lost
    knock = Move("knock", registry.parse_move("schwimmen", "knock 7H 8H 9H").cards)
    assert swim.hides_cards(knock) and not swim.hides_cards(Move("knock"))
    assert not registry.spec("dreierschnapsen").hides_cards(knock)
    assert registry.spec("dreierschnapsen").hides_cards(Move("discard"))


def test_a_game_registered_with_a_spec_plays_a_match_without_any_other_change(monkeypatch):
    """A fifth game (here Schnapsen's rules under another id, with the spec's defaults but the
    Schneider option its options have) is one registry entry: the match books it from the spec."""
    fifth = registry.GameSpec("fifth", "Fifth", "game.rules.schnapsen", 2, 2, schneider_option="schneider_bummerl")
    monkeypatch.setitem(registry.GAMES, "fifth", fifth)
    monkeypatch.setattr(registry, "_CACHE", {})
    from game.rules import options

    monkeypatch.setitem(options.OPTIONS_BY_GAME, "fifth", options.OPTIONS_BY_GAME["schnapsen"])
    m = match.new_match("fifth", 2, master_seed=5)
    rng = Random(5)
    rules = match.round_rules(m)
    deals = 0
    while not m.is_over and deals < 60:
        s = match.start_round(m)
        while not rules.is_over(s):
            legal = rules.legal_moves(s)
            s, _ = rules.apply(s, legal[rng.randrange(len(legal))])
        m = match.finish_round(m, rules.result(s))
        deals += 1
    assert m.is_over and max(m.scores) >= m.target
    assert [r.dealer for r in m.history] == [i % 2 for i in range(len(m.history))]  # the deal alternates


def test_round_results_carry_typed_details_with_mapping_reads_for_old_callers():
    rng = Random(3)
    for game_id, players, cls in (("schnapsen", 2, SchnapsenDeal), ("bauernschnapsen", 4, FamilyDeal),
                                  ("dreierschnapsen", 3, FamilyDeal), ("schwimmen", 4, SchwimmenDeal)):
        rules = registry.get(game_id)
        s = rules.new_round(players, 0, Random(rng.randrange(10**6)))
        while not rules.is_over(s):
            legal = rules.legal_moves(s)
            s, _ = rules.apply(s, legal[rng.randrange(len(legal))])
        d = rules.result(s).details
        assert isinstance(d, cls), game_id
        name = "losers" if cls is SchwimmenDeal else "scores"
        assert d[name] == getattr(d, name) and d.get(name) == getattr(d, name) and name in d
        assert d.get("no_such_field", 7) == 7 and "no_such_field" not in d
        with pytest.raises(KeyError):
            d["no_such_field"]
    assert RoundResult((1, 0), "by hand").details == {}


#: Modules that may still name a game: the registry, the game's own modules, the AI's internals
#: (which rules engine to rebuild a sampled state with) and the soak's budget per game.
ALLOWED = re.compile(r"^(game/rules/registry\.py|ai/family_(search|view)\.py|ai/base\.py|tools/soak\.py"
                     r"|game/ui/scenes/menu\.py|game/ui/scenes/__init__\.py)$")


def test_no_game_id_branches_outside_the_registry():
    pattern = re.compile(r"game_id (==|!=|in) ")
    found = []
    for folder in ("game", "ai", "tools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                if pattern.search(code) and '``' not in code and not ALLOWED.match(rel):
                    found.append(f"{rel}:{no}: {line.strip()}")
    assert not found, "ask game.rules.registry.spec(game_id) instead:\n" + "\n".join(found)
