"""Who loses a life when a Schwimmen deal ends (RULES.md W8, W10, W16, A-W3/A-W4/A-W11/A-W12).

Pure function of the final hand values, so the rules, the summary screen and the tests share it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.rules.schwimmen_values import HandValue

Seat = int


def _names(seats: Sequence[Seat] | set[Seat]) -> str:
    names = [f"P{s + 1}" for s in sorted(seats)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def losers_of(
    order: Sequence[Seat],
    values: Mapping[Seat, HandValue],
    ended_by: str,
    revealers: Sequence[Seat],
    knocker: Seat | None,
    options: Any,
) -> tuple[set[Seat], str, str]:
    """The seats that lose one life, the reason sentence and the rule that applied."""
    if ended_by == "feuer":
        holders = {s for s in order if values[s].is_feuer}
        losers = {s for s in order if s not in holders}
        return losers, f"{_names(holders)} showed Feuer: everyone else loses a life.", "W8 Feuer"
    if ended_by == "31" and options.thirty_one_all_others_lose:
        holders = {s for s in order if values[s].is_31}
        losers = {s for s in order if s not in holders}
        return losers, f"{_names(holders)} showed 31: everyone else loses a life.", "W16 thirtyOneAllOthersLose"
    opening = {
        "31": f"{_names(revealers)} showed 31",
        "knock": f"P{(knocker or 0) + 1} knocked",
        "shoves": "Everyone shoved and the stock could not renew the middle",
    }.get(ended_by, "The deal ended")
    if options.twenty_or_less_pays:
        top = max(values[s] for s in order)
        winners = {s for s in order if values[s] == top}
        low = {s for s in order if values[s].key2 <= 40}
        above = [values[s] for s in order if values[s].key2 > 40]
        if above:
            lowest_above = min(above)
            low |= {s for s in order if values[s] == lowest_above}
        losers = low - winners
        if losers:
            why = f"{opening}; 20 or less pays: {_names(losers)} lose a life."
        else:
            why = f"{opening}; 20 or less pays: nobody loses a life."
        return losers, why, "W16 twentyOrLessPays"
    lowest = min(values[s] for s in order)
    losers = {s for s in order if values[s] == lowest}
    if options.knocker_loses_ties and knocker is not None and knocker in losers and len(losers) > 1:
        return {knocker}, f"{opening}; the knocker ties for the lowest hand and alone loses a life.", "W16 knockerLosesTies"
    verb = "loses" if len(losers) == 1 else "tie for the lowest hand and each lose"
    return losers, f"{opening}; {_names(losers)} {verb} a life with {lowest.label}.", "W10"
