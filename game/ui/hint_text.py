"""The bots' reasons (``agent.explain``) in the player's language.

The bots in ``ai/`` stay free of the UI and its catalogues: ``explain`` returns one English
sentence built from a fixed template, and a hint computed in the worker process comes back as
that plain string.  :data:`REASONS` lists those templates (the bots' own wording) under message
ids.  :func:`translate_reason` finds the template that produced a sentence, reads its values
back and rebuilds the sentence through the catalogues (``locale/*.po``), naming the cards,
suits, contracts and moves in the player's language and deck style as well:

    translate_reason("Lead AH: go for points")  ->  "Spiele Herz-Daus aus: Augen holen"

Placeholders are typed by name (a trailing digit is ignored: ``card2`` is a card): a card
(``AH``), a suit letter, an English suit name, a contract name, a number, a share (``57%``),
a signed value (``+0.25``), a Schwimmen hand value (``30.5``, ``Feuer``), a bot's move in the
move notation, and the nested clauses ``how`` / ``label`` / ``trumps`` / ``reason`` (another
template of the matching group).  The matching is :class:`Templates`, shared with the rules'
refusals (:mod:`game.ui.refusal_text`).  A sentence no template knows is shown as it came
(English) and logged once; ``tests/ui/test_hint_text.py`` plays every game at every level and
fails on any reason that would stay English, so a new wording in ``ai/`` is added here too.

Glossary: Atout = trumps; zudrehen = close; ausmelden = declare 66; Schmieren = giving points
to a partner's trick; Aufschlagen = trumps from a blind card; schieben = shove.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from functools import cache

from game import i18n

log = logging.getLogger(__name__)

#: message id -> the bots' English template.  Groups by prefix: ``why.how.``, ``why.label.``
#: and ``why.trumps.`` are clauses used inside other reasons; everything else is a reason.
REASONS: dict[str, str] = {
    # every game
    "why.only_legal": "The only legal move",
    "why.only_sensible": "The only sensible move",
    "why.first_legal": "First legal move",
    "why.first_legal_lc": "the first legal move",
    "why.random": "a random legal move",
    "why.no_rule": "No rule applies: first legal move",
    "why.marriage_for": "Show the marriage in {suit} for {worth}",
    # Schnapsen, beginner (ai/schnapsen.py)
    "why.s.declare_points": "Declare: {points} points",
    "why.s.not_66": "Not 66 yet",
    "why.s.take_turnup": "Take the turn-up for the jack",
    "why.s.show_marriage": "Show the marriage",
    "why.s.lead_points": "Lead {card}: go for points",
    "why.s.beat": "Beat {card} with {card2}",
    "why.s.trump_it": "Trump {card}",
    "why.s.throw_cheapest": "Throw the cheapest card",
    # Schnapsen, player (ai/schnapsen_heuristics.py)
    "why.s.claim_declare": "Declare 66 with {points} points: {gp} game points instead of {gp2}",
    "why.s.claim_pass": "Do not declare: the last trick is worth more",
    "why.s.declare_have": "Declare 66: you have {points} points",
    "why.s.exchange_free": "Exchange the trump jack for the turn-up: a better trump for free",
    "why.s.close_now": "Close now: {points} points and {trumps}, the opponent has {opp}",
    "why.s.lead_marriage": "Lead a card of the marriage you showed",
    "why.s.lead_sure": "Lead {card}: no card left out there beats it",
    "why.s.lead_low": "Lead {card}: give little away",
    "why.s.win_to_66": "Take the trick with {card}: it brings you to 66",
    "why.s.take_with": "Take {card} with {card2}",
    "why.s.trump_with": "Trump {card} with {card2}: {points} points are worth a trump",
    "why.s.throw_low": "Play {card}: lose as little as possible",
    "why.trumps.some": "{ranks} of trumps",
    "why.trumps.none": "no trumps",
    # Schnapsen, expert (ai/schnapsen.py _reason)
    "why.s.x.close": "Close now: {points} points and {trumps}, the opponent has {opp}; {how}",
    "why.s.x.declare": "Declare 66 with {points} points: {how}",
    "why.s.x.false_declare": "Give up with a false declaration ({points} points): playing on loses more; {how}",
    "why.s.x.pass": "Do not declare: {how}",
    "why.s.x.meld": "Show the marriage in {suit}: {how}",
    "why.s.x.exchange": "Exchange the trump jack for the turn-up: {how}",
    "why.s.x.play": "Play {card}: {how}",
    "why.how.draw": "a draw against any defence",
    "why.how.win_one": "you win 1 game point against any defence",
    "why.how.win": "you win {gp} game points against any defence",
    "why.how.lose_one": "you lose 1 game point against any defence",
    "why.how.lose": "you lose {gp} game points against any defence",
    "why.how.estimate": "worth about {value} game points over {used} possible deals",
    "why.how.match": "worth about {value} game points over {used} possible deals, about {pct} to win the match",
    # Bauern- and Dreierschnapsen: before play (ai/family_agent.py)
    "why.f.knock": "Knock: the cards are dealt five at once; the odds do not change",
    "why.f.cut": "Cut at {pos}: cutting does not change the odds",
    "why.f.name_trump": "Name {suitname} trumps: {n} of my first three",
    "why.f.turn": "Aufschlagen: no suit of my first three is worth naming",
    "why.f.bid": "Bid {contract}: about {pct} to make it, worth {gp}",
    "why.f.open_normal": "Open with the Normal game: nothing stronger is safe enough",
    "why.f.pass_bid": "Pass: no contract I can make with enough confidence",
    "why.f.lowest_bid": "The lowest bid",
    "why.f.discard_low": "Discard my two lowest cards",
    "why.f.discard": "Discard {card} {card2}: keeps the best hand for the {contract}",
    "why.f.discard_played": "Discard {card} {card2}: best of {n} discards played out on {used} sampled deals ({value} GP on average)",
    "why.f.raise": "Raise to {contract}: about {pct} after the exchange",
    "why.f.stay": "Stay in the {contract}",
    "why.f.leave_rekontra": "Leave Rekontra to my declaring partner",
    "why.f.rekontra": "Rekontra: the {contract} is about {pct} safe",
    "why.f.no_rekontra": "No Rekontra: about {pct} to make the {contract}",
    "why.f.kontra": "{kontra}: my hand stops the {contract} (about {pct} for the declarer)",
    "why.f.no_kontra": "No {kontra}: the {contract} is not clearly beaten (about {pct} for the declarer)",
    "why.f.confirmed": "{reason} (confirmed on {used} sampled deals)",
    "why.f.search": "{move}: best result over {used} sampled deals ({value} GP on average)",
    # Bauern- and Dreierschnapsen: card play (ai/family_cardplay.py)
    "why.f.declare": "Declare 66: our side has {points}",
    "why.f.no_declare": "Do not declare: only {points}",
    "why.f.lead_after_meld": "Lead {card} from the marriage just shown",
    "why.f.smear": "Partner holds the trick: add {card} for points",
    "why.f.head_partner": "Forced to head my partner: cheapest {card}",
    "why.f.take": "Take the trick ({points} on the table) with {card}",
    "why.f.duck": "Keep the good cards: play {card}",
    "why.f.lead_top": "Lead the top card {card}",
    "why.f.pull_trumps": "Draw trumps with {card}",
    "why.f.lead_low": "Lead a low card ({card})",
    "why.f.cash": "Cash the sure winner {card}",
    "why.f.best_chance": "Lead {card}, my best chance",
    "why.f.cannot_win": "Cannot win: {card}",
    "why.f.win": "Win the trick with {card}",
    "why.f.stay_under": "Stay under my declaring partner: {card}",
    "why.f.forced_lowest": "Forced to head: lowest {card}",
    "why.f.lead_low_partner": "Lead low ({card}) for my declaring partner",
    "why.f.fellow_holds": "My fellow defender holds the trick: {card}",
    "why.f.sink": "Take a trick to sink the {contract}: {card}",
    "why.f.bettler_lead": "Lead {card}: the others must head it",
    "why.f.bettler_drop": "Get rid of {card} safely under the trick",
    "why.f.bettler_forced": "Forced to head: lowest {card}, hoping it is overtaken",
    "why.f.bettler_def_lead": "Lead low ({card}) so the Bettler player must head it",
    "why.f.bettler_def_leave": "Leave the trick to the Bettler player: {card}",
    "why.f.bettler_def_high": "Get rid of a high card ({card})",
    "why.f.bettler_def_low": "Stay low ({card}) so the Bettler player must head",
    "why.f.b.bettler_low": "Bettler: play my lowest card {card}",
    "why.f.b.lead_high": "Lead my highest card {card}",
    "why.f.b.cheapest": "Play my cheapest card {card}",
    # Schwimmen (ai/schwimmen.py)
    "why.w.grab": "{label}: {val} ends the deal at once",
    "why.w.knock_long": "Knock with {val}: the deal has gone on long enough",
    "why.w.swap_gain": "{label}: {val} becomes {val2}",
    "why.w.shove_nothing": "Shove: nothing improves my {val}",
    "why.w.keep_packet": "Keep packet A: {val} is better than an unseen packet",
    "why.w.reject_packet": "Reject packet A: {val} is below what an unseen packet is worth",
    "why.w.closed_knock": "Knock keeping {val}",
    "why.w.closed_pass": "Keep the best three ({val}) and pass two on",
    "why.w.knock_good": "Knock with {val}: good enough and no swap helps much",
    "why.w.shove_no_swap": "Shove: no swap improves my {val}",
    "why.w.final": "Final turn: {label} for {val} (about {pct} to lose a life)",
    "why.w.risk": "{reason} (about {pct} to lose a life)",
    "why.w.knock_risk": "Knock with {val}: about {pct} to lose a life, less than playing on",
    "why.label.swap": "swap {card} for {card2}",
    "why.label.swapall": "swap all three",
    "why.label.shove": "shove",
    "why.label.knock": "knock",
}

#: Placeholder kinds whose value is another template of a group.
_NESTED = {"how": "why.how.", "label": "why.label.", "trumps": "why.trumps.", "reason": ""}
_NUMBER = r"\d+"
_SUIT_NAMES = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
_PLACEHOLDER = re.compile(r"\{([a-z_]+?)\d*\}")

#: A placeholder kind's own reading: (regex, convert(value, deck_style) -> text).
Kind = tuple[str, Callable[[str, str], str]]


class NoMatch(Exception):
    pass


@cache
def _contract_names() -> dict[str, str]:
    from game.rules.contracts import CONTRACTS

    return {c.name.lower(): c.id for c in CONTRACTS}


def _base_pattern(kind: str) -> str:
    return {
        "card": r"[akqjt2-9][shdc]",
        "suit": r"[shdc]",
        "suitname": "|".join(_SUIT_NAMES),
        "contract": "|".join(sorted((re.escape(n) for n in _contract_names()), key=len, reverse=True)),
        "kontra": r"kontra|rekontra|subkontra",
        "pct": r"\d+%",
        "value": r"[+-]\d+(?:\.\d+)?",
        "val": r"\d+(?:\.\d+)?|feuer",
        "ranks": r"(?:a|10|k|q|j)(?:/(?:a|10|k|q|j))*",
        "move": r".+?",
    }.get(kind, _NUMBER)


def _base_convert(kind: str, value: str, deck_style: str) -> str:
    """A value of one of the shared kinds in the player's language."""
    from game.cards import parse_cards

    if kind == "card":
        return i18n.card_name(parse_cards(value.upper())[0], deck_style)
    if kind == "suit":
        return i18n.suit_name(value.upper(), deck_style)
    if kind == "suitname":
        return i18n.suit_name(_SUIT_NAMES[value.lower()], deck_style)
    if kind == "contract":
        return i18n.contract_name(_contract_names()[value.lower()])
    if kind == "kontra":
        return i18n.t(f"move.{value.lower()}")
    if kind == "value" and i18n.current_language() == "de":
        return value.replace(".", ",")  # +0,25: the German decimal comma
    if kind == "val" and value.lower() == "feuer":
        return i18n.t("value.feuer")
    if kind == "ranks":
        return "/".join(i18n.rank_name("T" if r == "10" else r.upper(), deck_style) for r in value.split("/"))
    if kind == "move":
        from game.rules.base import parse_move
        from game.ui.session_helpers import describe_move

        try:
            move = parse_move(value)
        except ValueError:
            raise NoMatch(value) from None
        if move.kind == "play" and len(move.cards) == 1:  # the card says it: "queen of hearts"
            return i18n.card_name(move.cards[0], deck_style)
        return describe_move(move, deck_style)
    return value


class Templates:
    """English sentences made from fixed templates (listed under message ids), read back and
    rebuilt through the catalogues.  ``nested`` maps a placeholder kind whose value is itself a
    template to the msgid prefix of its group ("" = the top level: every msgid outside those
    groups); ``kinds`` adds or overrides placeholder kinds.  Used for the bots' reasons here
    and for the rules' refusals (:mod:`game.ui.refusal_text`)."""

    def __init__(self, templates: dict[str, str], nested: dict[str, str] | None = None,
                 kinds: dict[str, Kind] | None = None, what: str = "reason") -> None:
        self.templates = templates
        self.nested = dict(nested or {})
        self.subgroups = tuple(p for p in self.nested.values() if p)
        self.kinds = dict(kinds or {})
        self.what = what
        self._unknown: set[str] = set()
        self._compiled: list[tuple[str, re.Pattern[str], tuple[str, ...]]] | None = None

    def _pattern(self, kind: str) -> str:
        if kind in self.nested:
            return r".+?"
        if kind in self.kinds:
            return self.kinds[kind][0]
        return _base_pattern(kind)

    def compiled(self) -> list[tuple[str, re.Pattern[str], tuple[str, ...]]]:
        """(msgid, regex, placeholder names) per template; templates that start with a
        placeholder come last so that the specific ones win."""
        if self._compiled is not None:
            return self._compiled
        out = []
        for msgid, template in self.templates.items():
            names: list[str] = []
            regex = ""
            pos = 0
            for m in _PLACEHOLDER.finditer(template):
                regex += re.escape(template[pos:m.start()])
                name = template[m.start() + 1:m.end() - 1]
                names.append(name)
                regex += f"(?P<{name}>{self._pattern(m.group(1))})"
                pos = m.end()
            regex += re.escape(template[pos:])
            out.append((msgid, re.compile(f"^{regex}$", re.IGNORECASE | re.DOTALL), tuple(names)))
        out.sort(key=lambda row: self.templates[row[0]].startswith("{"))
        self._compiled = out
        return out

    def _convert(self, name: str, value: str, deck_style: str) -> str:
        kind = _PLACEHOLDER.match("{" + name + "}").group(1)  # type: ignore[union-attr]
        if kind in self.nested:
            return self.translate_group(value, self.nested[kind], deck_style)
        if kind in self.kinds:
            return self.kinds[kind][1](value, deck_style)
        return _base_convert(kind, value, deck_style)

    def translate_group(self, text: str, group: str, deck_style: str) -> str:
        """``text`` rebuilt from the first template of ``group`` that reads it; NoMatch if none."""
        for msgid, regex, names in self.compiled():
            in_group = msgid.startswith(group) if group else not msgid.startswith(self.subgroups)
            if not in_group:
                continue
            m = regex.match(text)
            if m is None:
                continue
            try:
                values = {name: self._convert(name, m.group(name), deck_style) for name in names}
            except NoMatch:
                continue
            return i18n.t(msgid, **values)
        raise NoMatch(text)

    def translate(self, text: str, deck_style: str = "french") -> str:
        """``text`` in the current language; as it came (and logged once) if no template reads it."""
        try:
            return self.translate_group(text.strip(), "", deck_style)
        except NoMatch:
            if text not in self._unknown:
                self._unknown.add(text)
                log.warning("no translation for the %s %r", self.what, text)
            return text

    def known(self, text: str) -> bool:
        """Whether a template reads ``text`` (for the tests)."""
        try:
            self.translate_group(text.strip(), "", "french")
        except NoMatch:
            return False
        return True


HINTS = Templates(REASONS, _NESTED, what="hint reason")


def _compiled() -> list[tuple[str, re.Pattern[str], tuple[str, ...]]]:
    return HINTS.compiled()


def translate_reason(text: str, deck_style: str = "french") -> str:
    """A bot's reason in the current language; the sentence as it came if no template reads it."""
    out = HINTS.translate(text, deck_style)
    return out[:1].upper() + out[1:] if out[:1].islower() else out


def known(text: str) -> bool:
    """Whether a template reads ``text`` (for the tests)."""
    return HINTS.known(text)
