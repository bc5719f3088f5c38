"""The contract specs of the four games: what :mod:`tools.contract` checks for each.

Each game's ``GameSpec`` names where its cards can be (``all_cards``), which of them a seat may
not know (``hidden_cards``, written from RULES.md independently of ``observe``), the card
points that stay constant (``points_total``), moves that must always be refused and extra
per-state checks.  The rules tests (tests/rules/test_contract_*.py) run them over seeded
playouts; the soak (benchmarks/soak.py) checks them after every move of bot matches.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from game.cards import Card, schnapsen_points
from game.rules.base import Move
from game.rules.bauernschnapsen import RULES as BAUERN
from game.rules.dreierschnapsen import RULES as DREIER
from game.rules.family_state import FamilyState, Phase
from game.rules.options import SchwimmenOptions
from game.rules.schnapsen import RULES as SCHNAPSEN
from game.rules.schnapsen import SchnapsenState, unseen_cards
from game.rules.schnapsen_state import all_cards as schnapsen_all_cards
from game.rules.schnapsen_state import hidden_cards as schnapsen_hidden_cards
from game.rules.schwimmen import RULES as SCHWIMMEN
from game.rules.schwimmen import Phase as SwimPhase
from game.rules.schwimmen import SchwimmenObservation, SchwimmenState
from tools.contract import GameSpec

# --- Bauern- and Dreierschnapsen ---------------------------------------------------------------

def all_cards(s: FamilyState) -> list[Card]:
    """Every card wherever it is: hands, talon, discard, current trick, won tricks."""
    if not s.hands:
        return list(s.deck)
    out = [c for h in s.hands for c in h] + list(s.talon) + list(s.discard) + list(s.trick)
    return out + [c for t in s.tricks for c in t.cards]


def visible_cards(s: FamilyState, seat: int) -> set[Card]:
    """Written from the rules (B6, B13, B14, D6), independently of ``observe``."""
    if not s.hands:
        return set()
    vis = set(s.trick) | {c for t in s.tricks for c in t.cards}
    hand = s.hands[seat]
    if s.phase is Phase.TRUMP:
        # before trumps: forehand sees its first three; after a cut nobody has the 2nd packet yet
        vis |= set(hand[:3] if (s.mode == "cut" or seat == s.forehand) else hand)
    else:
        vis |= set(hand)
    if s.turned is not None and s.turned in s.hands[s.forehand]:
        vis.add(s.turned)
    for q, suit, _ in s.melds:  # a shown marriage: the K/Q still in the melder's hand
        vis |= {c for c in s.hands[q] if c.suit is suit and c.rank.value in "KQ"}
    if seat == s.declarer:
        vis |= set(s.discard)
    return vis


def hidden_cards(s: FamilyState, seat: int) -> list[Card]:
    vis = visible_cards(s, seat)
    return [c for c in all_cards(s) if c not in vis]


def points_total(s: FamilyState) -> int:
    """Recorded trick points + points of every card not yet won (the discard included): 120."""
    loose = [c for h in s.hands for c in h] + list(s.talon) + list(s.discard) + list(s.trick)
    if not s.hands:
        loose = list(s.deck)
    return sum(t.points for t in s.tricks) + schnapsen_points(loose)


BOGUS = (Move("nonsense"), Move("play"), Move("bid", (), "ramsch"), Move("cut", (), "2"), Move("turn", (), "4"),
         Move("discard"), Move("trump", (), "X"), Move("meld", (), "X"))


def _bauern_observation_checks(spec: GameSpec, s) -> None:
    for seat in range(4):
        obs = BAUERN.observe(s, seat)
        assert set(obs.hand) <= set(s.hands[seat]) if s.hands else obs.hand == ()
        if s.hands:
            partner = s.hands[(seat + 2) % 4]
            assert not set(obs.hand) & set(partner)


BAUERN_SPEC = GameSpec(rules=BAUERN, players=4, all_cards=all_cards, hidden_cards=hidden_cards,
                points_total=points_total, bogus_moves=BOGUS, extra_checks=[_bauern_observation_checks])


def _dreier_observation_checks(spec: GameSpec, s) -> None:
    for seat in range(3):
        obs = DREIER.observe(s, seat)
        assert set(obs.hand) <= set(s.hands[seat]) if s.hands else obs.hand == ()
        if s.hands:
            others = {c for q in range(3) if q != seat for c in s.hands[q]}
            assert not set(obs.hand) & others
        if seat != s.declarer:
            assert obs.discard == ()


DREIER_SPEC = GameSpec(rules=DREIER, players=3, all_cards=all_cards, hidden_cards=hidden_cards,
                points_total=points_total, bogus_moves=BOGUS, extra_checks=[_dreier_observation_checks])


# --- Schnapsen ----------------------------------------------------------------------------------

def schnapsen_points_total(s: SchnapsenState) -> int:
    """Card points won in tricks plus the points of every card not yet won: always 120."""
    t = s.tally
    loose = s.hands[0] + s.hands[1] + s.trick + s.stock
    return t.card_points[0] + t.card_points[1] + schnapsen_points(loose)


def schnapsen_observation_checks(spec: GameSpec, s: SchnapsenState) -> None:
    for seat in (0, 1):
        obs = SCHNAPSEN.observe(s, seat)
        # the unseen helper names exactly the cards the seat may not know
        assert sorted(map(str, unseen_cards(obs))) == sorted(map(str, schnapsen_hidden_cards(s, seat)))
        assert obs.hand == s.hands[seat]
        assert len(obs.hand) + obs.opponent_hand_size + len(obs.trick) + 2 * len(obs.tricks) + obs.stock_size == 20
    # phase 1 keeps both hands at five cards and the stock even (S6)
    if s.stock and not s.closed and not s.trick:
        assert len(s.hands[0]) == len(s.hands[1]) == 5 and len(s.stock) % 2 == 0


SCHNAPSEN_SPEC = GameSpec(
    rules=SCHNAPSEN,
    players=2,
    all_cards=schnapsen_all_cards,
    hidden_cards=schnapsen_hidden_cards,
    points_total=schnapsen_points_total,
    bogus_moves=(Move("nonsense"), Move("play"), Move("meld", (), "X"), Move("pass", (), "now")),
)


# --- Schwimmen ----------------------------------------------------------------------------------

def schwimmen_all_cards(s: SchwimmenState) -> Iterable[Card]:
    for h in s.hands:
        yield from h
    yield from s.packet_b
    yield from s.middle
    yield from s.stock
    yield from s.discarded
    yield from s.pending


def schwimmen_hidden_cards(s: SchwimmenState, seat: int) -> Iterable[Card]:
    """Other seats' hands minus what everyone saw them take from the middle (all revealed at the
    end), the stock, packet B until it is shown or taken, the dealer's packet A for the others
    while the dealer chooses, and (closed game) the cards passed to another seat."""
    yield from s.stock
    yield from s.packet_b
    over = s.phase is SwimPhase.OVER
    for other, hand in enumerate(s.hands):
        if other == seat or over or other in s.revealers:
            continue
        unknown = Counter(hand) - Counter(s.public[other])
        yield from unknown.elements()
    if SCHWIMMEN.to_move(s) != seat:
        yield from s.pending


def schwimmen_visible_copies(obs: SchwimmenObservation) -> Counter:
    """The copies an observation shows at once: the own hand and the cards passed to it, the
    middle, the set-aside middles, and per other seat what is known or revealed of its hand
    (the same copy may be in both).  The swap log is history: it names cards now elsewhere."""
    copies = Counter(obs.hand) + Counter(obs.pending) + Counter(obs.middle) + Counter(obs.set_aside)
    for other in range(obs.players):
        if other != obs.seat:
            copies += Counter(obs.known_hands[other]) | Counter(obs.revealed[other])
    return copies


def schwimmen_spec(players: int, options: SchwimmenOptions | None = None) -> GameSpec:
    return GameSpec(SCHWIMMEN, players, schwimmen_all_cards, schwimmen_hidden_cards, options=options, max_moves=3000,
                    visible_copies=schwimmen_visible_copies)


def spec_for(game_id: str, players: int) -> GameSpec:
    """The contract spec of ``game_id`` at ``players`` seats."""
    fixed = {"schnapsen": SCHNAPSEN_SPEC, "bauernschnapsen": BAUERN_SPEC, "dreierschnapsen": DREIER_SPEC}
    return fixed.get(game_id) or schwimmen_spec(players)
