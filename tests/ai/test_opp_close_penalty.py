"""The charges on closes inside the expert's exact search.  On the opponent's closes (benchmark
level ``expert-fixed-ocpN``): it lowers only what the other seat's closes are worth, so the values
of the seat to move rise by at most the charge, its own close keeps its value, and a solve without
the charge after one with it gives the plain values again (the stored positions kept apart).  On
its own later closes (``expert-fixed-ownN``): the values fall by at most the charge, the close
now and a declaration keep theirs, and the stored positions are kept apart from the plain and the
other charge's."""

from __future__ import annotations

from random import Random

from ai.base import make_agent
from ai.schnapsen_determinize import sample_world
from ai.schnapsen_exact import exact_values
from ai.schnapsen_knowledge import schnapsen_knowledge
from game.rules.schnapsen import RULES as R


def open_stock_worlds(deals: int) -> list:
    """Sampled deals of positions of player-level games with four or more stock cards."""
    out = []
    for seed in range(deals):
        s = R.new_round(2, seed % 2, Random(seed))
        bots = [make_agent("schnapsen", "player", i) for i in (0, 1)]
        step = 0
        while not R.is_over(s):
            seat, legal = R.to_move(s), R.legal_moves(s)
            assert seat is not None
            obs = R.observe(s, seat)
            k = schnapsen_knowledge(obs)
            if not k.phase2 and k.stock_size >= 4:
                out.append(sample_world(k, Random(1000 * seed + step)))
            s, _ = R.apply(s, bots[seat].choose(obs, legal, Random(seed + step)))
            step += 1
    return out


def test_the_charge_lifts_values_by_at_most_itself_and_spares_the_own_close(core) -> None:
    raised = 0
    for w in open_stock_worlds(12):
        plain = exact_values(w, core)
        charged = exact_values(w, core, close_penalty=1.0)
        assert exact_values(w, core) == plain
        assert charged.keys() == plain.keys()
        for key, v in plain.items():
            assert v - 1e-9 <= charged[key] <= v + 1.0 + 1e-9, key
            raised += charged[key] > v + 1e-9
        if "close" in plain:
            assert charged["close"] == plain["close"]
    assert raised > 20  # the charge changes something: many lines leave the opponent a close


def test_the_benchmark_level_charges_the_opponents_closes(core) -> None:
    from ai.sparring import make

    agent = make("expert-fixed-ocp100", 1)
    assert agent.opp_close_penalty == 1.0 and agent.budget_s is None


def test_the_own_charge_lowers_values_by_at_most_itself_and_spares_the_close_now(core) -> None:
    lowered = 0
    for w in open_stock_worlds(12):
        plain = exact_values(w, core)
        charged = exact_values(w, core, own_close_penalty=0.5)
        both = exact_values(w, core, close_penalty=1.0, own_close_penalty=0.5)
        other = exact_values(w, core, close_penalty=1.0)
        # each solve after another charge gives its own values: the stored positions kept apart
        assert exact_values(w, core) == plain
        assert exact_values(w, core, own_close_penalty=0.5) == charged
        assert charged.keys() == plain.keys() == both.keys()
        for key, v in plain.items():
            assert v - 0.5 - 1e-9 <= charged[key] <= v + 1e-9, key
            assert other[key] - 0.5 - 1e-9 <= both[key] <= other[key] + 1e-9, key
            lowered += charged[key] < v - 1e-9
        for key in ("close", "declare"):
            if key in plain:
                assert charged[key] == plain[key], key
    assert lowered > 20  # the charge changes something: many lines let the seat close later


def test_the_benchmark_level_charges_its_own_later_closes(core) -> None:
    from ai.schnapsen import OWN_CLOSE_PENALTY
    from ai.sparring import make

    agent = make("expert-fixed-own50", 0)
    assert agent.own_close_penalty == 0.5 and agent.budget_s is None
    assert make("expert-fixed", 0).own_close_penalty == OWN_CLOSE_PENALTY
