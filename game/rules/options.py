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

#: One-line explanations (English source strings; i18n translates them).
DESCRIBE: dict[str, str] = {
    "match_target": "Game points needed to win the match.",
    "false_claim_penalty": "False 66 claim: seed gives the opponent 2; pagat 3 if the opponent had no trick.",
    "closed_no_claim_penalty": "Closed, nobody claims: seed gives the non-closer 2; pagat 3 if they had no trick at closing.",
    "allow_close_with_two_in_stock": "Closing is allowed when only two cards remain in the stock.",
    "allow_claim_after_last_trick": "A 66 claim right after the last trick counts.",
    "allow_marriage_before_first_trick": "A marriage may be shown at the first lead (points pending).",
    "deal_rotation": "Who deals next: alternate, or the loser of the deal.",
    "schneider_bummerl": "A loser with 0 game points gets two Bummerl.",
    "trump_must_be_held": "Trumps must be a suit among forehand's first three cards.",
    "follow_rules": "strict: follow, head, trump everywhere; wikibooks: heading only in trick contracts.",
    "must_undertrump": "A void player who cannot overtrump must still play a trump.",
    "schnapser_leader": "Who leads a Schnapser or Bauernschnapser: forehand or the declarer.",
    "marriage_needs_trick": "Marriage points count only once the team has won a trick.",
    "claim_after_last_trick": "A 66 claim after the fifth trick counts.",
    "first_trick_visible": "Each side's first won trick stays face up.",
    "schneider_double": "A losing side with 0 game points gets two Bummerl.",
    "retourschneider": "A side that led 23:0 and loses gets four Bummerl.",
    "count_down": "Show the score counting down from the target (display only).",
    "allow_raise_after_exchange": "The declarer may raise the contract after the talon exchange.",
    "tie_break": "Tie at the target: one deal of two-player Schnapsen, or a shared win.",
    "bummerl_to": "Who gets Bummerl: every non-winner, or only the lowest.",
    "feuer": "Three aces (Feuer) beat everything and cost everyone else a life.",
    "knock_minimum_20": "Knocking needs a hand worth at least 20.",
    "all_shove_replaces_middle": "When everyone shoves, three new middle cards come from the stock.",
    "no_passing": "Shoving is not allowed (except in the final round).",
    "twenty_or_less_pays": "Everyone with 20 or less loses a life, plus the lowest above 20.",
    "deck": "The pack: 32 cards, 52, 36 (Jass) or two 32-card packs.",
    "direction": "Direction of play.",
    "thirty_one_all_others_lose": "A revealed 31 costs every other player a life.",
    "lives": "Lives before swimming.",
    "mixed_rank_scoring": "Experimental ('Hand' variant): equal ranks may also be added like a suit.",
    "closed_game": "Experimental (closed game): no middle; keep three of five, pass two to the left.",
    "knocker_loses_ties": "If the knocker ties for lowest, only the knocker loses.",
    "loser_deals": "The player who lost a life deals next.",
}

#: Named presets per game: name -> overrides of the defaults.
PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "schnapsen": {
        "seed rules": {},
        "pagat": {"false_claim_penalty": "pagat", "closed_no_claim_penalty": "pagat"},
    },
    "bauernschnapsen": {
        "seed rules": {},
        "wikibooks": {"follow_rules": "wikibooks"},
    },
    "dreierschnapsen": {
        "seed rules": {},
        "no raise": {"allow_raise_after_exchange": False},
    },
    "schwimmen": {
        "seed rules": {},
        "pagat": {"knock_minimum_20": False},
        "big table": {"deck": "52"},
    },
}


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
