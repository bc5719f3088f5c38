"""The end-of-deal sentence in the player's language, rebuilt from a RoundResult's details.

The rules engines write ``RoundResult.reason`` in English for logs and tests; the summary screen
calls :func:`describe_result` instead, which rebuilds the sentence from ``result.rule`` and
``result.details`` through the catalogues, and falls back to the English reason for anything
it does not recognise (a future rule, a Schnapsen result: the table scene formats those itself
with its ``rule.row*`` strings).

    describe_result("bauernschnapsen", c.round_result, names=["You", "Anna", "Ben", "Clara"])

``names`` are the display names per *round* seat.

Glossary: Rufer = the Normal game; Kontra/Rekontra/Subkontra = doubling x2/x4/x8;
Feuer = three aces; schieben = shove (pass).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.i18n import contract_name, t

_KONTRA = {2: "kontra.kontra", 4: "kontra.rekontra", 8: "kontra.subkontra"}


def join_names(names: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C" in the current language."""
    names = list(names)
    if not names:
        return ""
    text = names[-1]
    if len(names) > 1:
        text = t("list.and", a=names[-2], b=names[-1])
        for name in reversed(names[:-2]):
            text = t("list.comma", a=name, b=text)
    return text


def describe_result(game_id: str, result: Any, names: Sequence[str]) -> str:
    """The localised reason of a finished deal; the English ``result.reason`` if unknown."""
    try:
        if game_id in ("bauernschnapsen", "dreierschnapsen") and "contract" in result.details:
            return _family(game_id, result.rule, result.details, names)
        if game_id == "schwimmen" and "losers" in result.details:
            return _schwimmen(result.rule, result.details, names)
    except (KeyError, IndexError, TypeError, ValueError):
        pass  # details of an unexpected shape: the English sentence is still correct
    return str(result.reason)


def _side_name(game_id: str, side: int, declarer: int, names: Sequence[str], dealer: int = 3) -> str:
    if game_id == "bauernschnapsen":
        # side 0 is forehand's team (P1 + P3), i.e. the seats one and three places after the dealer
        return join_names([names[s] for s in range(len(names)) if (s - dealer - 1) % 2 == side])
    # Dreierschnapsen: side 0 is the declarer, side 1 the two defenders
    return names[declarer] if side == 0 else t("side.defenders")


def _family(game_id: str, rule: str, d: dict[str, Any], names: Sequence[str]) -> str:
    declarer = int(d["declarer"])
    dealer = int(d.get("dealer", 3))
    win_side = int(d["winner_side"])
    ending = d.get("ending")

    def side(x: int) -> str:
        return _side_name(game_id, x, declarer, names, dealer)

    if d["contract"] == "normal":
        scores = d["scores"]
        if ending == "declared":
            # the declaring side wins when the claim was right (rule "B16 correct"), else loses
            right = rule != "B16 false"
            x = win_side if right else 1 - win_side
            key = "reason.family.declared_ok" if right else "reason.family.declared_bad"
            text = t(key, side=side(x), score=scores[x], other_score=scores[1 - x])
        else:
            text = t("reason.family.last_trick", side=side(win_side))
    else:
        key = "reason.family.made" if d.get("made") else "reason.family.failed"
        text = t(key, contract=contract_name(d["contract"]), name=names[declarer])
    mult = int(d.get("multiplier", 1))
    amount = d.get("amount", d.get("gp", 0))
    if mult in _KONTRA:
        award = t("reason.family.award_kontra", kontra=t(_KONTRA[mult]), amount=amount, side=side(win_side))
    else:
        award = t("reason.family.award", amount=amount, side=side(win_side))
    return t("reason.join", a=text, b=award)


def _schwimmen(rule: str, d: dict[str, Any], names: Sequence[str]) -> str:
    losers = [names[s] for s in d["losers"]]
    revealers = [names[s] for s in d.get("revealers", ())]
    if rule == "W8 Feuer":
        return t("reason.schwimmen.feuer", names=join_names(revealers))
    if rule == "W16 thirtyOneAllOthersLose":
        return t("reason.schwimmen.31_all", names=join_names(revealers))
    ended = d.get("ended_by")
    if ended == "31":
        opening = t("reason.schwimmen.opening.31", names=join_names(revealers))
    elif ended == "knock" and d.get("knocker") is not None:
        opening = t("reason.schwimmen.opening.knock", name=names[d["knocker"]])
    elif ended == "shoves":
        opening = t("reason.schwimmen.opening.shoves")
    else:
        opening = t("reason.schwimmen.opening.other")
    if rule == "W16 twentyOrLessPays":
        if not losers:
            return t("reason.schwimmen.twenty_none", opening=opening)
        return t("reason.schwimmen.twenty", opening=opening, names=join_names(losers))
    if rule == "W16 knockerLosesTies":
        return t("reason.schwimmen.knocker_ties", opening=opening)
    value = d["values"][d["losers"][0]]
    value = t("value.feuer") if value == "Feuer" else value
    key = "reason.schwimmen.lowest_one" if len(losers) == 1 else "reason.schwimmen.lowest_tie"
    return t(key, opening=opening, names=join_names(losers), value=value)
