"""Soak test: bot-vs-bot matches at instant speed for every game, every level and every Schwimmen
player count, checking every rules invariant after every move.

    python benchmarks/soak.py --deals 10000 [--games schnapsen,schwimmen] [--levels beginner,player]
                              [--seed S] [--seconds LIMIT] [--options default|random]

``--options random`` gives every match its own option set: one value per option, drawn from
the values the new-game screen offers (``game.ui.scenes.newgame.choices``: every rule option,
the match target, lives, the Schwimmen packs 32, 52, 36 and two packs of 32, ...).  The options
drawn are printed per table (how often each pack was played) and every error names the seed
and the option set that reproduce it.

Per move it checks (with the shared contract harness of tools/contract.py and the specs of tools/contract_specs.py): the pack is
conserved, card points are conserved where the game says so, no observation shows a hidden card,
the bot's move is legal, ``apply`` leaves its input unchanged.  Per round: a result with one
entry per seat.  Per match: the match API books every round and ends with winners.
Last line: ``deals=… errors=… deals_per_s=…``.  Any error is printed with the seed that
reproduces it.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from random import Random
from typing import Any

from ai.base import make_agent
from game.rules import match as matches
from game.rules.seeds import derive_seed
from tools.contract import GameSpec, check_state
from tools.contract_specs import schwimmen_spec, spec_for

LEVELS = ("random", "beginner", "player", "expert")


def tables() -> list[tuple[str, int]]:
    return [("schnapsen", 2), ("dreierschnapsen", 3), ("bauernschnapsen", 4)] + [("schwimmen", k) for k in range(2, 10)]


#: PIMC samples per decision of the expert in the soak (0 = its full strength).  The soak checks
#: invariants, not strength: a few samples run every code path of the expert (sampling, search,
#: the exact solver) at a speed that allows 10,000 deals per game.
EXPERT_SAMPLES = 4


def set_expert_samples(n: int) -> None:
    global EXPERT_SAMPLES
    EXPERT_SAMPLES = n


def soak_agent(game_id: str, level: str, seat: int) -> Any:
    agent = make_agent(game_id, level, seat)
    if level == "expert" and EXPERT_SAMPLES:
        for name in ("max_samples", "samples", "bid_samples"):
            if hasattr(agent, name):
                setattr(agent, name, EXPERT_SAMPLES)
    return agent


def random_options(game_id: str, rng: Random) -> Any:
    """One value per option, each drawn from what the new-game screen offers."""
    import os
    from dataclasses import fields, replace

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the screen's module imports pygame
    from game.rules.options import OPTIONS_BY_GAME
    from game.ui.scenes.newgame import choices

    cls = OPTIONS_BY_GAME[game_id]
    return replace(cls(), **{f.name: rng.choice(choices(game_id, f.name)) for f in fields(cls)})


def spec_with(game_id: str, players: int, options: Any) -> GameSpec:
    """The game's contract spec for an option set (Schwimmen's depends on the pack)."""
    from dataclasses import replace

    if game_id == "schwimmen":
        return schwimmen_spec(players, options)
    return replace(spec_for(game_id, players), options=options)


def soak_match(game_id: str, players: int, levels: list[str], seed: int, spec: GameSpec, deal_budget: int,
               options: Any = None) -> int:
    """Play one match (or ``deal_budget`` deals of it); return the number of deals played."""
    m = matches.new_match(game_id, players, options, seed, seed % players)
    agents = {(lvl, s): soak_agent(game_id, lvl, s) for s in range(players) for lvl in set(levels)}
    deals = 0
    while not m.is_over and deals < deal_budget:
        rules = matches.round_rules(m)
        state = matches.start_round(m)
        seats = matches.seat_map(m)
        round_spec = spec if not getattr(m, "playoff", None) else spec_for("schnapsen", 2)
        pack = Counter(round_spec.all_cards(state))
        total = round_spec.points_total(state) if round_spec.points_total else None
        move_no = 0
        while not rules.is_over(state):
            check_state(round_spec, state, pack, total)
            seat = rules.to_move(state)
            legal = rules.legal_moves(state)
            if seat is None or not legal:
                raise AssertionError(f"no seat/legal moves in a running round ({seat}, {legal})")
            level = levels[seats[seat]]
            agent = agents.get((level, seats[seat])) or soak_agent(rules.id, level, seat)
            if rules.id != game_id:  # Dreier playoff: a Schnapsen deal
                agent = soak_agent(rules.id, level, seat)
            obs = rules.observe(state, seat)
            move = agent.choose(obs, legal, Random(derive_seed(seed, deals, move_no)))
            if move not in legal:
                raise AssertionError(f"{level} bot chose illegal move {move}")
            before = repr(state)
            new_state, _ = rules.apply(state, move)
            if repr(state) != before:
                raise AssertionError("apply changed its input")
            state = new_state
            move_no += 1
            if move_no > 5000:
                raise AssertionError("round does not end")
        check_state(round_spec, state, pack, total)
        result = rules.result(state)
        if len(result.points) != len(seats) or not result.reason:
            raise AssertionError(f"bad result {result}")
        m = matches.finish_round(m, result)
        deals += 1
    if m.is_over and not m.winners:
        raise AssertionError("match over without winners")
    return deals


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000, help="deals per game (Schwimmen: split over 2..9 players)")
    ap.add_argument("--games", default="schnapsen,dreierschnapsen,bauernschnapsen,schwimmen")
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=0, help="stop early after this long (0 = no limit)")
    ap.add_argument("--expert-samples", type=int, default=4,
                    help="PIMC samples per expert decision (0 = full strength)")
    ap.add_argument("--options", choices=("default", "random"), default="default",
                    help="the default rules, or a random option set per match (every option the new-game screen offers)")
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    set_expert_samples(args.expert_samples)
    games = set(args.games.split(","))
    levels = args.levels.split(",")
    start = time.perf_counter()
    total_deals = errors = 0
    for game_id, players in tables():
        if game_id not in games:
            continue
        spec = spec_for(game_id, players)
        share = args.deals // 8 if game_id == "schwimmen" else args.deals
        done, match_no, t0 = 0, 0, time.perf_counter()
        packs: Counter = Counter()
        while done < share:
            if args.seconds and time.perf_counter() - start > args.seconds:
                break
            seed = args.seed * 1_000_003 + match_no
            rng = Random(seed)
            seat_levels = [levels[rng.randrange(len(levels))] for _ in range(players)]
            options = random_options(game_id, rng) if args.options == "random" else None
            match_spec = spec_with(game_id, players, options) if options is not None else spec
            if options is not None and hasattr(options, "deck"):
                packs[options.deck] += 1
            try:
                done += soak_match(game_id, players, seat_levels, seed, match_spec, share - done, options)
            except Exception:
                errors += 1
                done += 1
                print(f"ERROR {game_id} {players}p levels={seat_levels} seed={seed} options={options}")
                traceback.print_exc(limit=4)
            match_no += 1
        total_deals += done
        dt = time.perf_counter() - t0
        pack_note = ("  packs " + " ".join(f"{k}:{v}" for k, v in sorted(packs.items()))) if packs else ""
        print(f"{game_id:16s} {players}p  deals={done:6d} matches={match_no:5d}  {done / max(dt, 1e-9):8.1f} deals/s"
              f"{pack_note}", flush=True)
    elapsed = time.perf_counter() - start
    print(f"deals={total_deals} errors={errors} deals_per_s={total_deals / max(elapsed, 1e-9):.1f}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
