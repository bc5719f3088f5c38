"""The benchmark-only sparring partner: exact values, legal and reproducible moves, its registry name."""

from __future__ import annotations

from random import Random

import pytest

from ai.base import make_agent
from ai.schnapsen_exact import exact_values
from ai.schnapsen_solver import Context, World, world_from_state
from ai.sparring import FIRM_GIVE_UP_MARGIN, SparringAgent
from game.rules.schnapsen import RULES as R


def positions(seed: int, count: int, max_stock: int) -> list:
    """Random positions (every stage, closed and open deals) with at most ``max_stock`` cards left."""
    rng = Random(seed)
    found = []
    while len(found) < count:
        s = R.new_round(2, rng.randrange(2), rng)
        while not R.is_over(s):
            if len(s.stock) <= max_stock and rng.random() < 0.35:
                found.append(s)
                break
            legal = R.legal_moves(s)
            if rng.random() < 0.85:  # close now and then, so both closed and exhausted stocks occur
                legal = tuple(x for x in legal if x.kind != "close") or legal
            s, _ = R.apply(s, rng.choice(legal))
    return found


def test_the_core_compiles_into_the_given_folder(core):
    assert core is not None, "the C compiler is part of the dev setup; the exact core must build"
    assert core.sp_nodes() >= 0


def test_c_core_equals_the_pure_python_exact_search(core):
    """The C search and the tested Python search (DealSearch with unlimited depth over the exact
    Phase2Solver) give the same value for every legal move, at every stage of the deal."""
    stages = set()
    for s in positions(21, 120, 6):
        w = world_from_state(s)
        got = exact_values(w, core)
        assert set(got) == {str(m) for m in R.legal_moves(s)}
        assert got == exact_values(w, None), (w, got)
        stages.add((w.stage, bool(w.stock), w.ctx.closed_by >= 0))
    assert len(stages) >= 5, stages  # lead and follow, open and closed stock, phase 2


def test_c_core_equals_python_at_the_start_of_a_deal(core):
    for s in positions(22, 2, 10)[:2]:
        w = world_from_state(s)
        assert exact_values(w, core) == exact_values(w, None)


def played_deal(first, deal: int) -> list[str]:  # type: ignore[no-untyped-def]
    """The moves of deal number ``deal`` between ``first`` (seat 0) and a player (seat 1), each
    decision with its own seeded rng; every move checked legal."""
    s = R.new_round(2, deal % 2, Random(deal))
    agents = [first, make_agent("schnapsen", "player", 1)]
    played: list[str] = []
    while not R.is_over(s):
        seat = R.to_move(s)
        legal = R.legal_moves(s)
        m = agents[seat].choose(R.observe(s, seat), legal, Random(deal * 100 + len(played)))
        assert m in legal
        played.append(str(m))
        s, _ = R.apply(s, m)
    return played


def test_sparring_plays_legal_and_reproducible_deals(core):
    for deal in range(3):
        assert played_deal(SparringAgent(0, samples=6), deal) == played_deal(SparringAgent(0, samples=6), deal)


def test_the_python_fallback_chooses_the_same_moves(core):
    for s in positions(23, 12, 4):
        seat = R.to_move(s)
        obs, legal = R.observe(s, seat), R.legal_moves(s)
        fast = SparringAgent(seat, samples=5).values(obs, legal, Random(7))
        slow = SparringAgent(seat, samples=5, force_python=True).values(obs, legal, Random(7))
        assert fast == slow


def test_names_reach_the_sparring_partner_only_for_schnapsen(core):
    assert isinstance(make_agent("schnapsen", "sparring", 1), SparringAgent)
    a = make_agent("schnapsen", "sparring-12", 0)
    assert isinstance(a, SparringAgent) and a.samples == 12
    with pytest.raises(ValueError, match="sparring-N"):
        make_agent("schnapsen", "sparring-x", 0)
    with pytest.raises(ValueError, match="Schnapsen only"):
        make_agent("schwimmen", "sparring", 0)


def test_the_expert_solves_its_samples_to_the_end_with_the_core(core):
    """With the compiled core, each PIMC sample's values are the exact values of the sampled
    deal (the same samples the expert draws), at every stock size and in closed deals; when it
    follows the opponent's lead late in the deal each sample counts by ``lead_likelihood``,
    after a trick it led by ``answer_likelihood`` of the opponent's answer, and in a deal the
    opponent closed by ``close_likelihood``.  A close is worth the best of its first leads
    averaged over the same samples (``closed_world``), which is never more than the average of
    each sample's own best lead.  From ``CHANCE_STOCK`` stock cards down a sample is solved with
    its stock order unknown to both seats (``exact_values(chance=True)``), at ``FIRST_DRAW_STOCKS``
    with its next draw unknown (``chance=FIRST_DRAW``)."""
    from ai.schnapsen import (
        CHANCE_STOCK,
        FIRST_DRAW_STOCKS,
        ExpertAgent,
        _reads_the_answer,
        _reads_the_close,
        _reads_the_lead,
        answer_likelihood,
        close_likelihood,
        closed_world,
        first_draws,
        lead_likelihood,
    )
    from ai.schnapsen_determinize import sample_world
    from ai.schnapsen_exact import FIRST_DRAW
    from ai.schnapsen_knowledge import schnapsen_knowledge

    checked, sizes, read, answers, closes, fused, closed_read = 0, set(), 0, 0, 0, 0, 0
    for s in positions(24, 25, 10) + positions(25, 60, 4) + closed_positions(26, 20):
        seat = R.to_move(s)
        obs, legal = R.observe(s, seat), R.legal_moves(s)
        k = schnapsen_knowledge(obs)
        if k.perfect or len(legal) < 2:
            continue
        agent = ExpertAgent(seat, budget_s=None, max_samples=3)
        assert agent.core is core
        gp, _eq, used, exact = agent.scored(obs, legal, Random(5))
        rng = Random(5)
        reads = _reads_the_answer(k) or _reads_the_lead(k) or _reads_the_close(k)
        pick = Random(rng.random()) if reads else rng
        want = dict.fromkeys(gp, 0.0)
        # from CHANCE_STOCK stock cards down the samples are solved with the stock order unknown
        chance: int = not k.phase2 and k.stock_size <= CHANCE_STOCK
        if not k.phase2 and k.stock_size in FIRST_DRAW_STOCKS:  # only the next draw unknown
            chance = FIRST_DRAW
        after_close: dict[str, float] = {}
        total = 0.0
        for _ in range(used):
            w = sample_world(k, rng)
            wt = lead_likelihood(k, w, core, pick) if _reads_the_lead(k) else 1.0
            if _reads_the_answer(k):
                wt *= answer_likelihood(k, w, core, pick)
            if _reads_the_close(k):
                wt *= close_likelihood(k, w, core, pick)
            vals = exact_values(w, core, chance, first_draws(w) if chance == FIRST_DRAW else (),
                                close_penalty=agent.opp_close_penalty,
                                own_close_penalty=agent.own_close_penalty)
            total += wt
            for key in want:
                want[key] += wt * vals[key]
            if "close" in vals:
                leads = exact_values(closed_world(w), core)
                assert max(leads.values()) == vals["close"]  # the closed deal's leads, as the search has them
                for key, v in leads.items():
                    after_close[key] = after_close.get(key, 0.0) + wt * v
        assert not exact and used == 3
        means = {key: v / total for key, v in want.items()}
        if after_close:
            averaged = means["close"]
            means["close"] = max(v / total for v in after_close.values())
            assert means["close"] <= averaged + 1e-9
            closes += 1
            fused += means["close"] < averaged - 1e-9
        assert gp == pytest.approx(means)
        checked += 1
        read += _reads_the_lead(k)
        answers += _reads_the_answer(k)
        closed_read += _reads_the_close(k)
        sizes.add(len(s.stock) if s.specials.closed_by < 0 else -1)
    assert checked >= 40 and len(sizes) >= 5, (checked, sizes)  # 10..2 cards and closed
    assert sizes & FIRST_DRAW_STOCKS, sizes  # samples solved with the next draw a chance node
    assert read >= 5  # follow decisions weighed by the reading of the opponent's lead
    assert answers >= 5, answers  # decisions weighed by the reading of its last answer
    assert closed_read >= 5, closed_read  # decisions weighed by the reading of the opponent's close
    assert closes >= 10 and fused >= 1, (closes, fused)  # closes valued by one first lead for all samples


def closed_positions(seed: int, count: int) -> list:
    """Random deals closed early (at any stock size), then a decision of the other seat."""
    rng = Random(seed)
    found: list = []
    while len(found) < count:
        s = R.new_round(2, rng.randrange(2), rng)
        while not R.is_over(s):
            legal = R.legal_moves(s)
            if s.specials.closed_by >= 0 and R.to_move(s) != s.specials.closed_by and len(legal) > 1 \
                    and rng.random() < 0.5:
                found.append(s)
                break
            closes = [m for m in legal if m.kind == "close"]
            s, _ = R.apply(s, closes[0] if closes and rng.random() < 0.3 else rng.choice(legal))
    return found


def test_the_core_keeps_its_table_for_the_same_deal_and_its_values(core):
    """The core keeps its table while the same deal is set up again (the expert solves many
    positions of one sampled deal in a row): every value equals the value of a fresh search
    (another deal set up in between, so the table starts empty) and the pure-Python one."""
    from ai.schnapsen import closed_world

    other = World(Context(trump=0), 0, "lead", (0b11111, 0b11111 << 5), -1, -1, (0, 0), (0, 0), (0, 0), False,
                  tuple(range(10, 20)))
    compared = 0
    for s in positions(31, 40, 8):
        w = world_from_state(s)
        subs = [w]
        if w.stage == "lead" and w.stock and w.ctx.closed_by < 0:
            subs.append(closed_world(w))
        if w.stage == "lead":  # the follower's positions after each lead, same stock
            for a in range(20):
                if w.hands[w.to_act] >> a & 1:
                    hands = list(w.hands)
                    hands[w.to_act] &= ~(1 << a)
                    subs.append(World(w.ctx, 1 - w.to_act, "follow", (hands[0], hands[1]), a, -1, w.card_pts,
                                      w.meld_pts, w.tricks, w.history, w.stock))
        kept = [exact_values(x, core) for x in subs]  # one deal after another: the table is kept
        for x, got in zip(subs, kept, strict=True):
            exact_values(other, core)  # forget the table
            assert got == exact_values(x, core) == exact_values(x, None)
            compared += 1
    assert compared >= 100, compared


def test_expert_fixed_is_the_expert_without_its_clock(core):
    agent = make_agent("schnapsen", "expert-fixed", 1)
    assert agent.level == "expert" and agent.budget_s is None and agent.core is core and agent.seat == 1


def test_expert_python_is_the_expert_without_its_core(core):
    agent = make_agent("schnapsen", "expert-python", 0)
    assert agent.level == "expert" and agent.core is None
    assert make_agent("schnapsen", "expert", 0).core is core


def test_c_core_keeps_a_fail_low_three_as_a_bound(core):
    """A search that fails low at alpha = 3 returns 3 as an upper bound; the C core once stored
    it as the exact value, and a later root move of the same deal read a won deal where the
    true value was -1 (found in a sampled deal of a player-vs-player game, stock of six)."""
    w = World(ctx=Context(trump=3, closed_by=-1, close_points=-1, close_tricks=-1, false_pagat=False,
                          closed_pagat=False, claim_last=True, meld_first=True, close_two=True),
              to_act=1, stage="lead", hands=(659480, 32931), led=-1, melded=-1, card_pts=(0, 10),
              meld_pts=(0, 0), tricks=(0, 2), history=True, stock=(10, 6, 11, 18, 2, 16))
    want = exact_values(w, None)
    assert want["play AH"] == -1
    assert exact_values(w, core) == want


def test_the_lead_reading_weighs_hands_by_what_the_lead_gave_away(core):
    """``lead_likelihood``: the position before the opponent's lead, valued as the opponent saw
    it, and the lead's softmax probability among the cards it could have led (and closing):
    exp(-READ_SHARPNESS * loss) / the sum of the same over every option (loss: what an option
    gives away against the best one)."""
    import math

    from ai.schnapsen import READ_SHARPNESS, _reads_the_lead, lead_likelihood, opponent_view_values
    from ai.schnapsen_determinize import sample_world
    from ai.schnapsen_knowledge import schnapsen_knowledge
    from ai.schnapsen_solver import DECK

    seen = {"best": 0, "worse": 0}
    for s in positions(26, 80, 6):
        seat = R.to_move(s)
        k = schnapsen_knowledge(R.observe(s, seat))
        if not _reads_the_lead(k):
            continue
        rng = Random(3)
        for _ in range(4):
            w = sample_world(k, rng)
            hands = list(w.hands)
            hands[k.opp] |= 1 << k.led
            before = World(w.ctx, k.opp, "lead", (hands[0], hands[1]), -1, -1, w.card_pts, w.meld_pts,
                           w.tricks, w.history, w.stock)
            vals = opponent_view_values(k, before, core, Random(8))
            leads = [v for key, v in vals.items() if key.startswith(("play", "meld")) or key == "close"]
            best = max(leads)
            loss = best - vals[f"play {DECK[k.led]}"]
            z = sum(math.exp(-READ_SHARPNESS * (best - v)) for v in leads)
            got = lead_likelihood(k, w, core, Random(8))
            assert 0 < got <= 1 and got == pytest.approx(math.exp(-READ_SHARPNESS * loss) / z)
            seen["best" if loss == 0 else "worse"] += 1
    assert seen["best"] >= 5 and seen["worse"] >= 5, seen


def test_the_opponents_view_deals_only_the_cards_hidden_from_it(core, monkeypatch):
    """``opponent_view_values`` values the opponent's options over fresh deals of what it cannot
    see: its own hand, the turn-up and the cards of this seat it has seen stay; this seat's
    other cards and the face-down stock are dealt anew; the values are the mean over the views
    (the C core, equal to the Python search by the tests above); a closed deal is solved as it is."""
    import ai.schnapsen as expert
    from ai.schnapsen import OPP_VIEWS, opponent_view_values
    from ai.schnapsen_knowledge import schnapsen_knowledge

    views_seen, shown_kept, closed = 0, 0, 0
    for s in positions(27, 200, 6):
        if s.trick:
            continue
        seat = R.to_move(s)
        k = schnapsen_knowledge(R.observe(s, seat))
        before = world_from_state(s)
        before = World(before.ctx, k.opp, "lead", before.hands, -1, -1, before.card_pts, before.meld_pts,
                       before.tricks, before.history, before.stock)
        if before.hands[k.opp] == 0 or before.hands[seat] == 0:
            continue
        seen_worlds: list = []
        monkeypatch.setattr(expert, "exact_values", lambda w, c, seen=seen_worlds: seen.append(w) or exact_values(w, c))
        got = opponent_view_values(k, before, core, Random(4))
        monkeypatch.undo()
        if before.ctx.closed_by >= 0 or not before.stock:
            assert seen_worlds == [before]
            closed += 1
            continue
        assert len(seen_worlds) == OPP_VIEWS
        hidden = (before.hands[seat] & ~k.my_shown) | sum(1 << c for c in before.stock[:-1])
        for v in seen_worlds:
            assert v.hands[k.opp] == before.hands[k.opp] and v.stock[-1] == before.stock[-1]
            assert v.hands[seat] & k.my_shown == before.hands[seat] & k.my_shown
            assert (v.hands[seat] & ~k.my_shown) | sum(1 << c for c in v.stock[:-1]) == hidden
            assert len(v.stock) == len(before.stock) and bin(v.hands[seat]).count("1") == bin(before.hands[seat]).count("1")
        want = {key: sum(exact_values(v, core)[key] for v in seen_worlds) / OPP_VIEWS for key in got}
        assert got == pytest.approx(want)
        views_seen += 1
        shown_kept += bool(k.my_shown)
    assert views_seen >= 20 and shown_kept >= 3 and closed >= 3, (views_seen, shown_kept, closed)


def test_the_answer_reading_rebuilds_the_position_the_opponent_answered_in(core):
    """``answer_world`` with the true hands and stock and the card the opponent really drew is
    the very position in which it answered (from the engine's state then): the trick and the
    draws taken back exactly.  Only an exchange of the trump jack since may differ (documented:
    jack and old turn-up swapped)."""
    from ai.schnapsen import ANSWER_SHARPNESS, _reads_the_answer, answer_likelihood, answer_world, choice_probability
    from ai.schnapsen_knowledge import schnapsen_knowledge
    from ai.schnapsen_solver import DECK, bits, mask_of
    from game.rules.seeds import derive_rng

    rebuilt = {"drawn": 0, "strict": 0}
    for i in range(60):
        s = R.new_round(2, i % 2, derive_rng(31, "deal", i))
        rng = Random(i)
        answered = None  # the state in which the latest answer was played
        while not R.is_over(s):
            seat = R.to_move(s)
            k = schnapsen_knowledge(R.observe(s, seat))
            if _reads_the_answer(k) and answered is not None:
                then = world_from_state(answered)
                opp = k.opp
                held = mask_of(s.hands[opp]) | mask_of(s.trick)  # the card it led since, if any
                drawn = bits(held & ~then.hands[opp])
                exchanged = s.specials.exchanged_by >= 0 and len(s.stock) > 0
                got = answer_world(k, world_from_state(s), drawn[0] if k.ans_drawn else -1)
                if not exchanged:
                    assert got == then, (i, got, then)
                    rebuilt["drawn" if k.ans_drawn else "strict"] += 1
                wt = answer_likelihood(k, world_from_state(s), core, Random(1))
                if not k.ans_drawn:  # no card to choose: the weight is the answer's softmax probability
                    vals = exact_values(then, None)
                    assert wt == pytest.approx(choice_probability(list(vals.values()), vals[f"play {DECK[k.ans_card]}"],
                                                                ANSWER_SHARPNESS))
                assert 0 < wt <= 1
            legal = R.legal_moves(s)
            if rng.random() < 0.9:
                legal = tuple(x for x in legal if x.kind != "close") or legal
            if s.trick:
                answered = s
            s, _ = R.apply(s, rng.choice(legal))
    assert rebuilt["drawn"] >= 30 and rebuilt["strict"] >= 10, rebuilt


def test_the_close_reading_favours_the_hand_the_closer_really_held(core, monkeypatch):
    """``close_likelihood``: the softmax probability of the close among the closer's options in
    the position it closed in (``closing_world``), valued as it saw them; with the views replaced
    by the sample itself it is exactly ``choice_probability`` of those values.  Over deals closed
    by the sparring partner, the hand it really held explains its close better (a higher mean
    log-likelihood) than the hands the uniform samples give it."""
    import math

    import ai.schnapsen as expert
    from ai.schnapsen import _reads_the_close, choice_probability, close_likelihood, closing_world
    from ai.schnapsen_determinize import sample_uniform
    from ai.schnapsen_knowledge import schnapsen_knowledge

    true_ll, sample_ll, closes = 0.0, 0.0, 0
    for deal in range(120):
        s = R.new_round(2, deal % 2, Random(700 + deal))
        closer = SparringAgent(deal % 2, samples=16)
        other = SparringAgent(1 - deal % 2, samples=16)
        agents = {closer.seat: closer, other.seat: other}
        n = 0
        while not R.is_over(s) and closes < 25:
            seat = R.to_move(s)
            obs = R.observe(s, seat)
            k = schnapsen_knowledge(obs)
            if _reads_the_close(k):
                rng = Random(n)
                truth = world_from_state(s)
                true_ll += math.log(close_likelihood(k, truth, core, rng))
                sample_ll += sum(math.log(close_likelihood(k, sample_uniform(k, rng), core, rng)) for _ in range(8)) / 8
                with monkeypatch.context() as mp:
                    mp.setattr(expert, "opponent_view_values", lambda k, before, core, rng, views=0: exact_values(before, core))
                    vals = exact_values(closing_world(k, truth), core)
                    assert close_likelihood(k, truth, core, rng) == pytest.approx(
                        choice_probability(list(vals.values()), vals["close"]))
                closes += 1
                break
            s, _ = R.apply(s, agents[seat].choose(obs, R.legal_moves(s), Random(n)))
            n += 1
    assert closes >= 15, closes
    assert true_ll / closes > sample_ll / closes, (true_ll / closes, sample_ll / closes)


def test_the_close_gap_is_measured_on_the_first_samples(core, monkeypatch):
    """``_CloseLeads``: the close is worth PIMC's value less the gap between each sample's best
    lead of the closed deal and the lead best on average, measured on the first
    ``CLOSE_LEAD_SAMPLES`` samples only (here 2 of 5)."""
    import ai.schnapsen as expert
    from ai.schnapsen import ExpertAgent, closed_world
    from ai.schnapsen_determinize import sample_world
    from ai.schnapsen_knowledge import schnapsen_knowledge

    monkeypatch.setattr(expert, "CLOSE_LEAD_SAMPLES", 2)
    checked = 0
    for s in positions(33, 40, 8):
        seat = R.to_move(s)
        obs, legal = R.observe(s, seat), R.legal_moves(s)
        k = schnapsen_knowledge(obs)
        if not any(m.kind == "close" for m in legal) or expert._reads_the_answer(k):
            continue  # (a reading would weigh the samples)
        gp, _eq, used, _exact = ExpertAgent(seat, budget_s=None, max_samples=5).scored(obs, legal, Random(2))
        rng = Random(2)
        worlds = [sample_world(k, rng) for _ in range(used)]
        pimc_close = sum(exact_values(w, core)["close"] for w in worlds) / used
        first = [exact_values(closed_world(w), core) for w in worlds[:2]]
        best_each = sum(max(v.values()) for v in first) / 2
        best_on_average = max(sum(v[x] for v in first) / 2 for x in first[0])
        assert gp["close"] == pytest.approx(pimc_close - (best_each - best_on_average))
        checked += 1
    assert checked >= 5, checked


def test_the_firm_partner_plays_on_where_plain_pimc_gives_the_deal_up(core):
    """Seed 200's first arena deal: seat 1 shows its clubs marriage at the first lead with a weak
    hand (TH KC QC QD JD).  Every sample, solved against an opponent who sees all cards, loses
    about 2.5 game points, so plain PIMC declares falsely (-2); ``sparring-firm`` plays on (the
    expert did so in the arena and won the deal from both seats)."""
    from game.rules import registry
    from game.rules.seeds import derive_rng

    rules = registry.get("schnapsen")
    s = rules.new_round(2, 0, derive_rng(200, "deal", 0))
    s, _ = rules.apply(s, next(m for m in rules.legal_moves(s) if str(m) == "meld C"))
    obs, legal = rules.observe(s, 1), rules.legal_moves(s)
    assert sorted(str(m) for m in legal) == ["declare", "play KC", "play QC"] and obs.points < 66
    plain = make_agent("schnapsen", "sparring", 1)
    firm = make_agent("schnapsen", "sparring-firm", 1)
    assert isinstance(firm, SparringAgent) and firm.give_up_margin == FIRM_GIVE_UP_MARGIN > 0
    vals = plain.values(obs, legal, Random(3))
    assert vals["declare"] == -2.0 and max(vals["play KC"], vals["play QC"]) < -2.0
    assert str(plain.choose(obs, legal, Random(3))) == "declare"
    assert str(firm.choose(obs, legal, Random(3))) in ("play KC", "play QC")


def test_the_closing_diagnostic_partner_closes_with_the_experts_margins(monkeypatch):
    """``sparring-firm-close`` (a diagnostic) declines a close that beats playing on by less than
    the expert's close margin, and a close it expects to lose unless it saves the give-up margin;
    the firm partner, plain PIMC there, closes in both positions."""
    from ai.schnapsen import CORE_CLOSE_MARGIN, GIVE_UP_MARGIN
    from ai.sparring import FIRM_CLOSE_LEVEL
    from game.rules import registry
    from game.rules.seeds import derive_rng

    rules = registry.get("schnapsen")
    s = rules.new_round(2, 0, derive_rng(200, "deal", 0))
    obs, legal = rules.observe(s, s.to_act), rules.legal_moves(s)
    keys = [str(m) for m in legal]
    assert "close" in keys and obs.match_needs is None
    card = next(k for k in keys if k.startswith("play"))
    firm = make_agent("schnapsen", "sparring-firm", s.to_act)
    closing = make_agent("schnapsen", FIRM_CLOSE_LEVEL, s.to_act)
    assert isinstance(closing, SparringAgent) and closing.close_margin == CORE_CLOSE_MARGIN
    for close, other in ((0.5 + CORE_CLOSE_MARGIN / 2, 0.5), (-1.5, -1.5 - GIVE_UP_MARGIN / 2)):
        values = dict.fromkeys(keys, other - 1.0)
        values.update({"close": close, card: other})
        for agent in (firm, closing):
            monkeypatch.setattr(agent, "values", lambda *_a, v=values: dict(v))
        assert str(firm.choose(obs, legal, Random(1))) == "close"
        assert str(closing.choose(obs, legal, Random(1))) == card
    # a close clear of the margin is made by both
    values = dict.fromkeys(keys, 0.0)
    values["close"] = CORE_CLOSE_MARGIN + 0.1
    for agent in (firm, closing):
        monkeypatch.setattr(agent, "values", lambda *_a, v=values: dict(v))
        assert str(agent.choose(obs, legal, Random(1))) == "close"
