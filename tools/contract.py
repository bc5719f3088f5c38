"""The one contract test every game joins (OpenSpiel's random_sim_test, ARCHITECTURE.md style 4).

A game joins by building a :class:`GameSpec` and calling :func:`run_contract` from its own
``test_contract_<game>.py``.  Checks, over seeded random playouts:

- ``legal_moves`` is non-empty exactly until the round is over, and ``to_move`` agrees;
- every legal move applies; ``apply`` never changes its input (states are compared by value
  and by a snapshot of their repr);
- an illegal move raises ``IllegalMove`` with a reason and changes nothing;
- the same seed gives the same game (the move list and the final result);
- cards are conserved (the game's ``all_cards`` is always the same multiset as the pack);
- card points are conserved where the game says so (``points_conserved``);
- no observation contains a card its seat cannot know (the game's ``hidden_cards``);
- ``result`` exists at the end and has one entry per seat.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from game.cards import Card
from game.rules.base import IllegalMove, Move


@dataclass
class GameSpec:
    rules: Any
    players: int
    #: Every card of the pack, wherever it is (hands, tricks, stock, talon, discard, middle).
    all_cards: Callable[[Any], Iterable[Card]]
    #: The cards ``seat`` may not know in this state (opponents' unrevealed cards, stock order).
    hidden_cards: Callable[[Any, int], Iterable[Card]]
    options: Any = None
    #: Optional: returns the total card points that must stay constant (e.g. 120), or None.
    points_total: Callable[[Any], int | None] | None = None
    #: Moves that are never legal, tried to check the refusal path.
    bogus_moves: tuple[Move, ...] = (Move("nonsense"),)
    max_moves: int = 2000
    extra_checks: list[Callable[[Any, Any], None]] = field(default_factory=list)
    #: Optional: the copies of each card an observation shows at once (its current zones, each
    #: card where it lies now).  Needed with two packs, where an observation names a card in
    #: several places (a hand, what everyone knows of it, the swap log) and counting mentions
    #: would take one copy for many.  Default: every mention counts (right for one pack).
    visible_copies: Callable[[Any], Counter] | None = None


def cards_in(value: Any) -> Iterable[Card]:
    """Every Card inside an observation (dataclasses, tuples, lists, dicts, sets)."""
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            yield from cards_in(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from cards_in(k)
            yield from cards_in(v)


def playout(spec: GameSpec, seed: int, dealer: int = 0, check: bool = True) -> tuple[list[str], Any]:
    """Play one random round; return the move list and the result.  With ``check``, assert
    every contract property along the way."""
    rules = spec.rules
    rng = Random(seed)
    state = rules.new_round(spec.players, dealer, Random(seed * 7919 + 1), spec.options)
    pack = Counter(spec.all_cards(state))
    total0 = spec.points_total(state) if spec.points_total else None
    moves: list[str] = []
    for _ in range(spec.max_moves):
        if check:
            check_state(spec, state, pack, total0)
        if rules.is_over(state):
            break
        legal = rules.legal_moves(state)
        assert legal, f"no legal moves but round not over (seed {seed}, after {moves})"
        assert rules.to_move(state) is not None
        if check:
            before = repr(state)
            for bogus in spec.bogus_moves:
                try:
                    rules.apply(state, bogus)
                except IllegalMove as e:
                    assert e.reason
                else:
                    raise AssertionError(f"bogus move {bogus} accepted (seed {seed})")
            assert repr(state) == before, "a refused move changed the state"
        m = legal[rng.randrange(len(legal))]
        snapshot = repr(state)
        new_state, events = rules.apply(state, m)
        assert repr(state) == snapshot, f"apply changed its input (move {m}, seed {seed})"
        assert isinstance(events, tuple)
        moves.append(str(m))
        state = new_state
    else:
        raise AssertionError(f"round did not end within {spec.max_moves} moves (seed {seed})")
    assert rules.to_move(state) is None
    assert rules.legal_moves(state) == ()
    result = rules.result(state)
    assert len(result.points) == spec.players
    assert result.reason
    return moves, result


def check_state(spec: GameSpec, state: Any, pack: Counter, total0: int | None) -> None:
    assert Counter(spec.all_cards(state)) == pack, "cards were created or lost"
    if spec.points_total is not None:
        assert spec.points_total(state) == total0, "card points not conserved"
    total = Counter(spec.all_cards(state))
    for seat in range(spec.players):
        obs = spec.rules.observe(state, seat)
        hidden = Counter(spec.hidden_cards(state, seat))
        leaked = leaked_cards(obs, hidden, total, spec.visible_copies)
        assert not leaked, f"seat {seat} observes hidden cards {leaked}"
    for extra in spec.extra_checks:
        extra(spec, state)


def leaked_cards(obs: Any, hidden: Counter, total: Counter,
                 visible_copies: Callable[[Any], Counter] | None = None) -> list[Card]:
    """The cards ``obs`` shows that its seat may not know: a card named anywhere although every
    copy of it is hidden, or more copies shown at once than are not hidden (two packs: one copy
    may be hidden while the other lies open)."""
    mentioned = Counter(cards_in(obs))
    copies = visible_copies(obs) if visible_copies is not None else mentioned
    return [c for c in mentioned
            if hidden[c] and (hidden[c] >= total[c] or copies[c] > total[c] - hidden[c])]


def run_contract(spec: GameSpec, seeds: Iterable[int]) -> Counter:
    """Run checked playouts for every seed; also check determinism on the first few.

    Returns a Counter of result rules (``result.rule``) so callers can assert coverage.
    """
    seen_rules: Counter = Counter()
    for i, seed in enumerate(seeds):
        dealer = seed % spec.players
        moves, result = playout(spec, seed, dealer, check=True)
        seen_rules[result.rule] += 1
        if i < 20:
            again, result2 = playout(spec, seed, dealer, check=False)
            assert again == moves, f"seed {seed} is not deterministic"
            assert result2.points == result.points
    return seen_rules
