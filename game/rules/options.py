"""Frozen option sets per game, with the defaults of RULES.md and named presets.

Each field mirrors a key of the options tables in RULES.md (2.8, 3.10, D14, W16) in
snake_case.  ``describe`` holds the one-line explanation the new-game screen shows.
Options are data: rules modules read them, never branch on preset names.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal


@dataclass(frozen=True, slots=True)
class SchnapsenOptions:
    match_target: int = 7
    false_claim_penalty: Literal["seed", "pagat"] = "seed"
    closed_no_claim_penalty: Literal["seed", "pagat"] = "seed"
    allow_close_with_two_in_stock: bool = True
    allow_claim_after_last_trick: bool = True
    allow_marriage_before_first_trick: bool = True
    deal_rotation: Literal["alternate", "loserDeals"] = "alternate"
    schneider_bummerl: bool = True


@dataclass(frozen=True, slots=True)
class BauernOptions:
    trump_must_be_held: bool = True
    follow_rules: Literal["strict", "wikibooks"] = "strict"
    must_undertrump: bool = True
    schnapser_leader: Literal["forehand", "declarer"] = "forehand"
    marriage_needs_trick: bool = True
    claim_after_last_trick: bool = False
    first_trick_visible: bool = True
    match_target: int = 24
    schneider_double: bool = True
    retourschneider: bool = False
    count_down: bool = False


@dataclass(frozen=True, slots=True)
class DreierOptions(BauernOptions):
    """Every Bauernschnapsen option applies (RULES.md D14 "Same as 3.10"), plus these."""

    allow_raise_after_exchange: bool = True
    tie_break: Literal["schnapsenPlayoff", "shared"] = "schnapsenPlayoff"
    bummerl_to: Literal["allNonWinners", "lowestOnly"] = "allNonWinners"


@dataclass(frozen=True, slots=True)
class SchwimmenOptions:
    feuer: bool = True
    knock_minimum_20: bool = True
    all_shove_replaces_middle: bool = True
    no_passing: bool = False
    twenty_or_less_pays: bool = False
    deck: Literal["32", "52", "36", "2x32"] = "32"
    direction: Literal["clockwise", "anticlockwise"] = "clockwise"
    thirty_one_all_others_lose: bool = False
    lives: int = 3
    mixed_rank_scoring: bool = False
    closed_game: bool = False
    knocker_loses_ties: bool = False
    loser_deals: bool = False


OPTIONS_BY_GAME: dict[str, type] = {
    "schnapsen": SchnapsenOptions,
    "bauernschnapsen": BauernOptions,
    "dreierschnapsen": DreierOptions,
    "schwimmen": SchwimmenOptions,
}

#: One-line explanations of what each option changes at the table (English source strings;
#: i18n translates them as ``option.<name>.desc``, and a game may word one its own way as
#: ``option.<game>.<name>.desc``).  House rules that RULES.md reconstructs (A-W5) say so.
DESCRIBE: dict[str, str] = {
    "match_target": "Game points needed to win the match.",
    "false_claim_penalty": "What the opponent scores when a player declares 66 without having it.",
    "closed_no_claim_penalty": "What the other player scores when the stock was closed and nobody declared 66.",
    "allow_close_with_two_in_stock": "You may close even when only two cards are left in the stock.",
    "allow_claim_after_last_trick": "You may still declare 66 right after the last trick.",
    "allow_marriage_before_first_trick": "A marriage may be shown at the first lead; it counts after a trick.",
    "deal_rotation": "Who deals the next hand.",
    "schneider_bummerl": "Losing the match with 0 game points counts as two Bummerl.",
    "trump_must_be_held": "Forehand may only name a suit held among the first three cards.",
    "follow_rules": "Must you always beat the trick and trump, or only in trick contracts?",
    "must_undertrump": "Cannot follow or overtrump: you must still play a lower trump.",
    "schnapser_leader": "Who leads the first card in a Schnapser or Bauernschnapser.",
    "marriage_needs_trick": "A marriage counts only once your side has won a trick.",
    "claim_after_last_trick": "You may still declare 66 after the last trick.",
    "first_trick_visible": "Each side's first won trick stays face up for all to see.",
    "schneider_double": "Losing the match with 0 game points counts as two Bummerl.",
    "retourschneider": "Losing after leading 23 to 0 counts as four Bummerl.",
    "count_down": "Show the score counting down to 0 (the rules stay the same).",
    "allow_raise_after_exchange": "After the talon the declarer may switch to a higher contract.",
    "tie_break": "Equal scores past the target: a hand of Schnapsen decides, or both win.",
    "bummerl_to": "Who gets a Bummerl: both losers, or only the lower one.",
    "feuer": "Three aces beat everything and cost everyone else a life at once.",
    "knock_minimum_20": "You may only knock with a hand worth 20 or more.",
    "all_shove_replaces_middle": "Everyone shoves: three new cards from the stock replace the middle.",
    "no_passing": "Nobody may shove; swap or knock (the last round after a knock excepted).",
    "twenty_or_less_pays": "All with 20 or less lose a life, plus the lowest above 20.",
    "deck": "Which pack is used; bigger packs suit bigger tables.",
    "direction": "Which way the turn passes.",
    "thirty_one_all_others_lose": "Showing 31 costs every other player a life.",
    "lives": "Lives each player has before swimming.",
    "mixed_rank_scoring": "Reconstructed from the source: equal ranks add up like a suit (K, K, 7 = 20).",
    "closed_game": "Reconstructed from the source: no middle; keep three of five, pass two on.",
    "knocker_loses_ties": "If the knocker ties for the lowest hand, only the knocker loses.",
    "loser_deals": "The player who lost a life deals the next hand.",
}

#: Named presets per game: id -> overrides of the defaults.  The first one is the new-game
#: screen's default and equals the defaults of RULES.md.  :data:`SOURCE_PRESET` names, per game,
#: the preset that holds exactly the rules of the source texts (RULES.md section 0.1): where a
#: default comes from a public reference rather than the source text, it is switched back to
#: what the source text says (or to nothing, for an extra the text does not have).
PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "schnapsen": {
        "classic": {},
        "basic": {"schneider_bummerl": False},  # A-S10: seed 001 says nothing of a double loss
        "pagat": {"false_claim_penalty": "pagat", "closed_no_claim_penalty": "pagat"},
    },
    "bauernschnapsen": {
        "classic": {},
        # A-B6 (pagat), A-B8 (by analogy with 2-player Schnapsen), B13 (Wikipedia) are not in seed 000
        "basic": {"trump_must_be_held": False, "marriage_needs_trick": False, "first_trick_visible": False},
        "relaxed": {"follow_rules": "wikibooks"},
    },
    "dreierschnapsen": {
        "classic": {},
        "basic": {"trump_must_be_held": False, "marriage_needs_trick": False, "first_trick_visible": False},
        "no_raise": {"allow_raise_after_exchange": False},
    },
    "schwimmen": {
        "classic": {},  # every default of W16 is seed 002's main rule or one of its named variants
        "pagat": {"knock_minimum_20": False},
        "big_table": {"deck": "52"},
    },
}

SOURCE_PRESET: dict[str, str] = {
    "schnapsen": "basic", "bauernschnapsen": "basic", "dreierschnapsen": "basic", "schwimmen": "classic",
}

#: Options that are house rules reconstructed from a garbled source sentence (RULES.md A-W5):
#: offered, off by default, and labelled as house rules.
HOUSE_RULES: frozenset[str] = frozenset({"mixed_rank_scoring", "closed_game"})


def defaults(game_id: str) -> Any:
    return OPTIONS_BY_GAME[game_id]()


def preset(game_id: str, name: str) -> Any:
    """The option set of a named preset; raises KeyError for an unknown name."""
    return replace(defaults(game_id), **PRESETS[game_id][name])


def to_dict(options: Any) -> dict[str, Any]:
    return {f.name: getattr(options, f.name) for f in fields(options)}


def from_dict(game_id: str, data: dict[str, Any]) -> Any:
    """Build options from saved data; unknown keys are ignored, wrong types refused."""
    cls = OPTIONS_BY_GAME[game_id]
    base = cls()
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name in data:
            value = data[f.name]
            default = getattr(base, f.name)
            if type(value) is not type(default):
                raise ValueError(f"option {f.name} must be {type(default).__name__}, got {value!r}")
            kwargs[f.name] = value
    return cls(**kwargs)
