"""The guided first deal: which tip of the guide belongs to the moment at the table.

A tip explains one phase of a game once, when it first occurs in the player's first deal of that
game (dealing and trumps, following in phase 1 and 2, marriages, the trump exchange, closing, the
claim of 66; cut, trumps, bidding, talon and Kontra in the family games; swapping, knocking,
taking all, 31 and Feuer in Schwimmen).  :func:`due` reads only what the player may see (the
observation and the legal moves), so a tip never tells what the bots hold.  The overlay that shows
the tips is ``game.ui.scenes.tour_overlay``; the settings ``tour`` (offer the guide) and
``tours_seen`` (games whose first deal was guided) are in ``game.settings``.

No pygame here.  Catalogue keys: ``tour.<tip>.title`` and ``tour.<tip>.body`` (tip ids have no dots: they are not keys).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.settings import TOUR_GAMES  # the games with a guided first deal (each offered once)

__all__ = ["TOUR_GAMES", "TIPS", "due", "next_tip"]

#: Every tip of each game, in the order they are checked (the first due and unseen one shows).
TIPS: dict[str, tuple[str, ...]] = {
    "schnapsen": ("sn_deal", "sn_phase1", "sn_marriage", "sn_exchange", "sn_close", "sn_phase2", "sn_declare"),
    "bauernschnapsen": ("fam_deal", "fam_trump", "fam_bid", "fam_kontra", "fam_play", "fam_marriage",
                        "fam_declare"),
    "dreierschnapsen": ("fam_deal", "fam_trump", "fam_bid", "dr_talon", "dr_raise", "fam_kontra", "fam_play",
                        "fam_marriage", "fam_declare"),
    "schwimmen": ("sw_deal", "sw_swap", "sw_values", "sw_knock", "sw_final"),
}


def _kinds(legal: Sequence[Any]) -> set[str]:
    return {str(getattr(m, "kind", "")) for m in legal}


def _schnapsen_tips(obs: Any, kinds: set[str], mine: bool, seat: int) -> list[str]:
    out = ["sn_deal"]
    if mine and "play" in kinds and not getattr(obs, "phase2", False):
        out.append("sn_phase1")
    if "meld" in kinds:
        out.append("sn_marriage")
    if "exchange" in kinds:
        out.append("sn_exchange")
    if "close" in kinds:
        out.append("sn_close")
    if mine and getattr(obs, "phase2", False):
        out.append("sn_phase2")
    if "declare" in kinds:
        out.append("sn_declare")
    return out


def _family_tips(obs: Any, kinds: set[str], mine: bool, seat: int) -> list[str]:
    """Bauern- and Dreierschnapsen share the phases (Dreier alone has talon and raise)."""
    out: list[str] = []
    phase = str(getattr(obs, "phase", ""))
    if phase in ("cut", "trump"):
        out.append("fam_deal")
    if phase == "trump":
        out.append("fam_trump")
    if phase == "bid":
        out.append("fam_bid")
    if phase == "discard" and mine:
        out.append("dr_talon")
    if phase == "raise" and mine:
        out.append("dr_raise")
    if phase == "kontra":
        out.append("fam_kontra")
    if phase == "play" and mine and "play" in kinds:
        out.append("fam_play")
    if "meld" in kinds:
        out.append("fam_marriage")
    if "declare" in kinds and phase == "play":
        out.append("fam_declare")
    return out


def _schwimmen_tips(obs: Any, kinds: set[str], mine: bool, seat: int) -> list[str]:
    out = ["sw_deal"]
    if mine and kinds & {"swap", "swapall", "shove"}:
        out.append("sw_swap")
    if any(getattr(r, "seat", None) == seat for r in getattr(obs, "swaps", ())):
        out.append("sw_values")
    if "knock" in kinds:
        out.append("sw_knock")
    if getattr(obs, "knocker", None) is not None:
        out.append("sw_final")
    return out


#: game id -> which tips fit the moment.  A game without an entry has no guide (a new game adds
#: its tips to :data:`TIPS` and its function here).
TIPS_DUE: dict[str, Callable[[Any, set[str], bool, int], list[str]]] = {
    "schnapsen": _schnapsen_tips,
    "bauernschnapsen": _family_tips,
    "dreierschnapsen": _family_tips,
    "schwimmen": _schwimmen_tips,
}


def due(game_id: str, obs: Any, legal: Sequence[Any], seat: int) -> list[str]:
    """The tips that fit the moment, in the guide's order (seen ones are filtered by the caller).

    ``legal`` is the human's legal moves (empty while a bot is to move)."""
    tips_due = TIPS_DUE.get(game_id)
    if obs is None or tips_due is None:
        return []
    out = tips_due(obs, _kinds(legal), bool(legal), seat)
    order = TIPS.get(game_id, ())
    return sorted(set(out), key=lambda k: order.index(k) if k in order else len(order))


def next_tip(game_id: str, obs: Any, legal: Sequence[Any], seat: int, seen: set[str]) -> str | None:
    """The first due tip the player has not seen yet, or None."""
    return next((k for k in due(game_id, obs, legal, seat) if k not in seen), None)
