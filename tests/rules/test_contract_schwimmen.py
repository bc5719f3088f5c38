"""Schwimmen joins the shared contract test (tests/rules/contract.py) for 2, 3, 5 and 9 players."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import pytest

from game.cards import Card
from game.rules.options import SchwimmenOptions
from game.rules.schwimmen import RULES, Phase, SchwimmenObservation, SchwimmenState
from tests.rules.contract import GameSpec, run_contract


def all_cards(s: SchwimmenState) -> Iterable[Card]:
    for h in s.hands:
        yield from h
    yield from s.packet_b
    yield from s.middle
    yield from s.stock
    yield from s.discarded
    yield from s.pending


def hidden_cards(s: SchwimmenState, seat: int) -> Iterable[Card]:
    """Other seats' hands minus what everyone saw them take from the middle (all revealed at the
    end), the stock, packet B until it is shown or taken, the dealer's packet A for the others
    while the dealer chooses, and (closed game) the cards passed to another seat."""
    yield from s.stock
    yield from s.packet_b
    over = s.phase is Phase.OVER
    for other, hand in enumerate(s.hands):
        if other == seat or over or other in s.revealers:
            continue
        unknown = Counter(hand) - Counter(s.public[other])
        yield from unknown.elements()
    if RULES.to_move(s) != seat:
        yield from s.pending


def visible_copies(obs: SchwimmenObservation) -> Counter:
    """The copies an observation shows at once: the own hand and the cards passed to it, the
    middle, the set-aside middles, and per other seat what is known or revealed of its hand
    (the same copy may be in both).  The swap log is history: it names cards now elsewhere."""
    copies = Counter(obs.hand) + Counter(obs.pending) + Counter(obs.middle) + Counter(obs.set_aside)
    for other in range(obs.players):
        if other != obs.seat:
            copies += Counter(obs.known_hands[other]) | Counter(obs.revealed[other])
    return copies


def _spec(players: int, options: SchwimmenOptions | None = None) -> GameSpec:
    return GameSpec(RULES, players, all_cards, hidden_cards, options=options, max_moves=3000,
                    visible_copies=visible_copies)


# Seeds per player count: the per-state checks observe every seat, so big tables cost more.
@pytest.mark.parametrize(("players", "seeds"), [(2, 10), (3, 6), (5, 5), (9, 4)])
def test_contract_default_options(players: int, seeds: int) -> None:
    seen = run_contract(_spec(players), range(seeds))
    assert sum(seen.values()) == seeds


@pytest.mark.parametrize(
    "options",
    [
        SchwimmenOptions(no_passing=True, knock_minimum_20=False),
        SchwimmenOptions(all_shove_replaces_middle=False, direction="anticlockwise"),
        # Low cards make 20 rare: without the knock minimum random deals stay short.
        SchwimmenOptions(deck="52", twenty_or_less_pays=True, knock_minimum_20=False),
        SchwimmenOptions(deck="36", mixed_rank_scoring=True, thirty_one_all_others_lose=True),
        SchwimmenOptions(closed_game=True),
    ],
    ids=["no_passing", "no_replace_anticlockwise", "deck52_20orless", "deck36_hand", "closed"],
)
def test_contract_variants(options: SchwimmenOptions) -> None:
    run_contract(_spec(3, options), range(4))
    run_contract(_spec(9, options), range(1))


@pytest.mark.parametrize("players", [2, 5, 9])
def test_contract_two_packs(players: int) -> None:
    """The full contract, hidden-card check included, with two 32-card packs."""
    run_contract(_spec(players, SchwimmenOptions(deck="2x32")), range(4))


def test_the_two_pack_check_still_catches_a_real_leak(monkeypatch) -> None:
    """An observe that shows the next seat's whole hand as "known" must fail the contract, with
    two packs as with one."""
    import dataclasses

    real = RULES.observe

    def leaky(s: SchwimmenState, seat: int) -> SchwimmenObservation:
        obs = real(s, seat)
        known = list(obs.known_hands)
        other = (seat + 1) % s.players
        known[other] = s.hands[other]
        return dataclasses.replace(obs, known_hands=tuple(known))

    monkeypatch.setattr(RULES, "observe", leaky)
    for deck in ("32", "2x32"):
        with pytest.raises(AssertionError, match="observes hidden cards"):
            run_contract(_spec(3, SchwimmenOptions(deck=deck)), range(2))


def test_the_two_pack_check_sees_a_hidden_copy_beside_an_open_one() -> None:
    """One copy of AH open in the middle, the other hidden in a hand: naming AH once is fine,
    showing two copies is a leak."""
    from game.cards import parse_cards
    from tests.rules.contract import leaked_cards

    ah = parse_cards("AH")[0]
    total, hidden = Counter({ah: 2}), Counter({ah: 1})
    assert leaked_cards((ah,), hidden, total) == []
    assert leaked_cards((ah, ah), hidden, total) == [ah]
    assert leaked_cards((ah, ah, ah), hidden, total, lambda obs: Counter({ah: 1})) == []  # mentions, one copy
    assert leaked_cards((ah,), Counter({ah: 2}), total) == [ah]  # every copy hidden
