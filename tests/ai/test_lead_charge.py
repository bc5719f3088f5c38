"""The lead charge of the compiled core (``exact_values(lead_charge=...)``, ``LEAD_CHARGE``).

Every lead at the open stock below the position valued loses the charge for its stock size from
the leader's value; a close, a declaration and the position valued itself are not charged.  With
four stock cards left the only charged leads are the ones at two cards, one trick down, so the
charged value of each first lead follows from uncharged values of the positions after its trick:
the winner's best move, its card plays less the charge.
"""

from __future__ import annotations

from random import Random
from typing import Any

from ai import schnapsen
from ai.schnapsen_exact import exact_values
from ai.schnapsen_solver import world_from_state
from game.rules.schnapsen import RULES as R

CHARGE = 0.3


def lead_states(seed: int, want: int, stock: int) -> list[Any]:
    """Engine states of random deals where a seat leads with ``stock`` cards left, one a deal."""
    rng = Random(seed)
    found: list[Any] = []
    while len(found) < want:
        s = R.new_round(2, rng.randrange(2), rng)
        while not R.is_over(s):
            w = world_from_state(s)
            if w.ctx.closed_by >= 0 or len(w.stock) < stock:
                break
            if w.stage == "lead" and len(w.stock) == stock and rng.random() < 0.7:
                found.append(s)
                break
            legal = [m for m in R.legal_moves(s) if m.kind != "close"]
            s, _ = R.apply(s, rng.choice(legal))
    return found


def charged_after(s2: Any, core: Any) -> float | None:
    """The charged value of the position after the first trick, for the seat to lead there: its
    card plays less the charge, its declaration or close as they are (None where a marriage or
    the trump exchange would mix the two inside one move's value)."""
    values = exact_values(world_from_state(s2), core)
    if any(k.startswith(("meld", "exchange")) for k in values):
        return None
    return max(v - CHARGE if k.startswith("play") else v for k, v in values.items())


def test_a_charged_first_lead_is_its_worst_answer_with_the_winners_lead_charged(core):
    charge = tuple(CHARGE if n == 2 else 0.0 for n in range(3))
    checked = 0
    for s in lead_states(71, 24, stock=4):
        w = world_from_state(s)
        seat = w.to_act
        got = exact_values(w, core, lead_charge=charge)
        plain = exact_values(w, core)
        for move in R.legal_moves(s):
            if move.kind != "play":
                continue
            s1, _ = R.apply(s, move)
            worst = 99.0
            for answer in R.legal_moves(s1):
                s2, _ = R.apply(s1, answer)
                after = charged_after(s2, core)
                if after is None:
                    break
                leader = world_from_state(s2).to_act
                worst = min(worst, after if leader == seat else -after)
            else:
                assert abs(got[str(move)] - worst) < 1e-6, (str(move), got[str(move)], worst)
                checked += 1
        # the close is not a lead at the open stock: no charge below it
        if "close" in plain:
            assert got["close"] == plain["close"]
    assert checked >= 40


def test_the_charge_is_forgotten_by_the_next_solve_without_it(core):
    charge = tuple(1.0 if n in (2, 4, 6, 8) else 0.0 for n in range(9))
    changed = 0
    for s in lead_states(72, 8, stock=8):
        w = world_from_state(s)
        plain = exact_values(w, core)
        charged = exact_values(w, core, lead_charge=charge)
        assert exact_values(w, core) == plain  # the charged positions stored are not reused
        assert exact_values(w, core, lead_charge=charge) == charged
        changed += charged != plain
    assert changed >= 4  # a whole game point a lead moves values


def test_the_expert_charges_below_its_leads_only_unless_told(monkeypatch):
    seen: list[tuple[str, tuple[float, ...]]] = []
    real = schnapsen.exact_values

    def spy(w: Any, *args: Any, **kwargs: Any) -> dict[str, float]:
        if "close_penalty" in kwargs:  # the samples' searches (not the close's or the readings' solves)
            seen.append((w.stage, tuple(kwargs.get("lead_charge", ()))))
        return real(w, *args, **kwargs)

    monkeypatch.setattr(schnapsen, "exact_values", spy)
    rng = Random(5)
    s = R.new_round(2, 0, rng)
    leader = R.to_move(s)
    assert leader is not None
    lead_obs = R.observe(s, leader)
    for answers in (False, True):
        agent = schnapsen.ExpertAgent(leader, budget_s=None, max_samples=4, lead_charge=1.0,
                                      lead_charge_answers=answers, lead_charge_depth=1)
        if agent.core is None:
            return  # no compiler here: the pure-Python search has no charges to pass
        seen.clear()
        agent.choose(lead_obs, R.legal_moves(s), Random(1))
        next_lead = schnapsen.lead_charges(1.0, 10, 1)  # the first lead: the lead at 8 cards charged
        assert seen and all(c == next_lead for stage, c in seen if stage == "lead")
        s1, _ = R.apply(s, next(m for m in R.legal_moves(s) if m.kind == "play"))
        follower = schnapsen.ExpertAgent(1 - leader, budget_s=None, max_samples=4, lead_charge=1.0,
                                         lead_charge_answers=answers, lead_charge_depth=1)
        seen.clear()
        follower.choose(R.observe(s1, 1 - leader), R.legal_moves(s1), Random(1))
        answered = [c for stage, c in seen if stage == "follow"]
        assert answered and all(c == (next_lead if answers else ()) for c in answered)
    assert schnapsen.lead_charges(0.0) == ()
    assert [n for n, c in enumerate(next_lead) if c] == [8]
    assert schnapsen.lead_charges(0.5)[8] == 0.5 * schnapsen.LEAD_CHARGE_SHAPE[8]
    assert [n for n, c in enumerate(schnapsen.lead_charges(1.0, 10, 0)) if c] == [2, 4, 6, 8]
