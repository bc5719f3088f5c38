"""The end-of-deal sentence in the player's language, rebuilt from a RoundResult's details.

The rules engines write ``RoundResult.reason`` in English for logs and tests; the summary screen
calls :func:`describe_result` instead, which rebuilds the sentence from ``result.rule`` and
``result.details`` through the catalogues, and falls back to the English reason for anything
it does not recognise (a future rule, a Schnapsen result: the table scene formats those itself
with its ``rule.row*`` strings).

    describe_result("bauernschnapsen", c.round_result, names=["You", "Anna", "Ben", "Clara"], you=0)

``names`` are the display names per *round* seat; ``you`` is the human's round seat, so that
every sentence is conjugated for "you" (en "you lose", de "du verlierst", "von dir", "für
dich") and for a named player ("Anna loses"); see :func:`subject_variant`.

Glossary: Rufer = the Normal game; Kontra/Rekontra/Subkontra = doubling x2/x4/x8;
Feuer = three aces; schieben = shove (pass).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.i18n import contract_name, has, t, tn
from game.rules import registry
from game.rules.deal_result import FamilyDeal, SchwimmenDeal

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


def subject_variant(msgid: str, seats: Sequence[int], you: int | None) -> str:
    """The message id for a sentence whose subject is ``seats``: ``.you`` when it is the human
    alone, ``.many_you`` / ``.many`` for several (with / without the human), the plain id for
    one other player; each falls back to a simpler one the catalogue has.  German and English
    conjugate by these ("du verlierst", "Computer 2 verliert", "ihr verliert", "sie verlieren")."""
    if len(seats) == 1:
        chain = [".you"] if seats[0] == you else []
    else:
        chain = [".many_you", ".many"] if you in seats else [".many"]
    for suffix in chain:
        if has(msgid + suffix):
            return msgid + suffix
    return msgid


def name_list(seats: Sequence[int], names: Sequence[str], you: int | None, case: str = "nom") -> str:
    """The players ``seats`` joined ("Computer 2 and you"), the human in ``case``: ``nom`` (a
    subject inside a sentence: "you", "du"), ``acc`` ("für dich") or ``dat`` ("von dir")."""
    return join_names([t(f"seat.you.{case}") if s == you else names[s] for s in seats])


def cap(text: str) -> str:
    """A sentence's first letter in capitals ("du ..." at the start -> "Du ...")."""
    return text[:1].upper() + text[1:]


def describe_result(game_id: str, result: Any, names: Sequence[str], you: int | None = None) -> str:
    """The localised reason of a finished deal; the English ``result.reason`` if unknown.
    ``you`` is the human's round seat (None in a demo), so the sentence says "you lose"."""
    d = result.details
    try:
        if isinstance(d, FamilyDeal):
            return _family(registry.spec(game_id).teams, result.rule, d, names, you)
        if isinstance(d, SchwimmenDeal):
            return _schwimmen(result.rule, d, names, you)
    except (KeyError, IndexError, TypeError, ValueError):
        pass  # details of an unexpected shape: the English sentence is still correct
    return str(result.reason)


def _side_seats(teams: bool, side: int, declarer: int, n: int, dealer: int = 3) -> tuple[int, ...] | None:
    """The seats of a side; None for the defenders of a solo declarer (named as "the defenders")."""
    if teams:
        # side 0 is forehand's team (P1 + P3), i.e. the seats one and three places after the dealer
        return tuple(s for s in range(n) if (s - dealer - 1) % 2 == side)
    return (declarer,) if side == 0 else None


def _family(teams: bool, rule: str, d: FamilyDeal, names: Sequence[str], you: int | None) -> str:
    declarer = d.declarer
    win_side = d.winner_side
    ending = d.ending

    def side(x: int, case: str) -> str:
        seats = _side_seats(teams, x, declarer, len(names), d.dealer)
        return t(f"side.defenders.{case}") if seats is None else name_list(seats, names, you, case)

    if d.contract == "normal":
        scores = d.scores
        if ending == "declared":
            # the declaring side wins when the claim was right (rule "B16 correct"), else loses
            right = rule != "B16 false"
            x = win_side if right else 1 - win_side
            key = "reason.family.declared_ok" if right else "reason.family.declared_bad"
            text = t(key, side=side(x, "dat"), score=scores[x], other_score=scores[1 - x])
        else:
            text = t("reason.family.last_trick", side=side(win_side, "acc"))
    else:
        key = "reason.family.made" if d.made else "reason.family.failed"
        text = cap(t(subject_variant(key, (declarer,), you), contract=contract_name(d.contract),
                     name=names[declarer]))
    mult = d.multiplier
    amount = d.amount
    if mult in _KONTRA:
        award = tn("reason.family.award_kontra", amount, kontra=t(_KONTRA[mult]), side=side(win_side, "acc"))
    else:
        award = tn("reason.family.award", amount, side=side(win_side, "acc"))
    return t("reason.join", a=text, b=award)


def _schwimmen(rule: str, d: SchwimmenDeal, names: Sequence[str], you: int | None) -> str:
    losers = d.losers
    revealers = d.revealers
    if rule == "W8 Feuer":
        return cap(t("reason.schwimmen.feuer", names=name_list(revealers, names, you, "dat")))
    if rule == "W16 thirtyOneAllOthersLose":
        return cap(t("reason.schwimmen.31_all", names=name_list(revealers, names, you, "dat")))
    ended = d.ended_by
    if ended == "31":
        opening = t("reason.schwimmen.opening.31", names=name_list(revealers, names, you, "dat"))
    elif ended == "knock" and d.knocker is not None:
        k = d.knocker
        opening = t(subject_variant("reason.schwimmen.opening.knock", (k,), you), name=names[k])
    elif ended == "shoves":
        opening = t("reason.schwimmen.opening.shoves")
    else:
        opening = t("reason.schwimmen.opening.other")
    opening = cap(opening)
    if rule == "W16 twentyOrLessPays":
        if not losers:
            return t("reason.schwimmen.twenty_none", opening=opening)
        return t(subject_variant("reason.schwimmen.twenty", losers, you), opening=opening,
                 names=name_list(losers, names, you))
    if rule == "W16 knockerLosesTies":
        key = "reason.schwimmen.knocker_ties.you" if d.knocker == you else "reason.schwimmen.knocker_ties"
        return t(key, opening=opening)
    value = d.values[losers[0]]
    value = t("value.feuer") if value == "Feuer" else value
    base = "reason.schwimmen.lowest_one" if len(losers) == 1 else "reason.schwimmen.lowest_tie"
    return t(subject_variant(base, losers, you), opening=opening, names=name_list(losers, names, you), value=value)
