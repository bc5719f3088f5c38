"""The move log: every action of the current deal, in order, in the player's language (Tab).

A panel on the right of the table lists the controller's move log for the deal being played:
who did what ("Bot: meld hearts", "You: play", with the card drawn small), so what an opponent
did a moment ago (a marriage, a close, a trump exchange, a knock, a bid) can be read back.  It
shows only what the player was allowed to see: cards another seat discarded (Dreierschnapsen)
or passed on face down (Schwimmen's closed game) are counted, not named.

The table scene keeps two small hooks: Tab calls :func:`toggle`, and its ``draw`` ends with
:func:`draw`.  The panel's state lives on the table as ``move_log_open``; drawing changes nothing.

Glossary: Ansage = marriage shown; zudrehen = close; klopfen = knock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.cards import Card, Suit
from game.i18n import tn
from game.rules import registry
from game.rules.base import Move, parse_move
from game.ui.text import deck_style_of, t
from game.ui.widgets import BRASS, CREAM, MUTED, draw_panel, draw_text

KEY = pygame.K_TAB


@dataclass(frozen=True, slots=True)
class LogLine:
    seat: int
    who: str
    what: str
    cards: tuple[Card, ...]  # shown as small pictures (public cards only)


def toggle(table: Any) -> None:
    table.move_log_open = not getattr(table, "move_log_open", False)


def is_open(table: Any) -> bool:
    return bool(getattr(table, "move_log_open", False))


def _private(move: Move, seat: int, human: int | None, game_id: str) -> bool:
    if seat == human:
        return False
    return registry.spec(game_id).hides_cards(move)


def describe(move: Move, game_id: str, style: str, hidden: bool) -> str:
    """The move in words without the seat: "Meld: hearts", "Bid: Bettler", "Discard: 2 cards"."""
    from game import i18n

    kind = move.kind
    if kind == "knock" and registry.spec(game_id).knock_at_cut:
        label = t("move.knock_cut")
    elif kind == "turn" and move.arg:
        return t("move.turn_n", n=move.arg)
    else:
        label = t(f"move.{kind}")
    if hidden:
        return f"{label}: {tn('log.cards', len(move.cards))}"
    if move.cards:
        return f"{label}: " + ", ".join(i18n.card_name(c, style) for c in move.cards)
    if move.arg:
        arg = str(move.arg)
        if kind in ("meld", "trump") and arg in "SHDC":
            return f"{label}: {i18n.suit_name(Suit.parse(arg), style)}"
        if kind in ("bid", "raise"):
            return f"{label}: {i18n.contract_name(arg)}"
        return f"{label}: {arg}"
    return label


def entries(table: Any) -> list[LogLine]:
    """The current deal's moves, oldest first, as the player may see them."""
    c = table.controller
    if c is None:
        return []
    style = deck_style_of(table)
    human = c.human_seat
    out = []
    for round_no, seat, text in c.move_log:
        if round_no != c.round_no:
            continue
        try:
            move = parse_move(text)
        except ValueError:  # a notation this log cannot read: show it as written
            out.append(LogLine(seat, str(table.seat_name(seat)), text, ()))
            continue
        hidden = _private(move, seat, human, c.game_id)
        out.append(LogLine(seat, str(table.seat_name(seat)), describe(move, c.game_id, style, hidden),
                           () if hidden else tuple(move.cards)))
    return out


def panel_rect(size: tuple[int, int]) -> pygame.Rect:
    w, h = size
    width = max(240, min(420, w // 4))
    return pygame.Rect(w - width - 12, max(40, h // 14), width, h - max(40, h // 14) - max(120, h // 4))


def draw(table: Any, surface: pygame.Surface) -> None:
    if not is_open(table):
        return
    from game.ui.cardart import CardArt

    h = surface.get_height()
    size = max(12, h // 52)
    row = int(size * 1.55)
    lines = entries(table)
    rect = panel_rect(surface.get_size())
    # as tall as the moves need (it covers less of the table early in a deal)
    rect.height = min(rect.height, int(size * 1.2) + 16 + max(1, len(lines)) * row + 8)
    draw_panel(surface, rect, (10, 30, 20, 250), border=BRASS)
    y = rect.top + 8
    draw_text(surface, t("log.title"), (rect.left + 12, y), int(size * 1.2), BRASS, bold=True,
              max_width=rect.width - 24)
    y += int(size * 1.2) + 8
    if not lines:
        draw_text(surface, t("log.empty"), (rect.left + 12, y), size, MUTED, max_width=rect.width - 24)
        return
    fit = max(1, (rect.bottom - 8 - y) // row)
    if len(lines) > fit:  # the newest moves matter most: drop the oldest, and say so
        draw_text(surface, tn("log.earlier", len(lines) - fit + 1), (rect.left + 12, y), size, MUTED,
                  max_width=rect.width - 24)
        y += row
        lines = lines[len(lines) - fit + 1:]
    art = _art(CardArt)
    name_w = rect.width // 3
    human = table.controller.human_seat
    style = deck_style_of(table)
    for line in lines:
        color = CREAM if line.seat == human else BRASS
        draw_text(surface, line.who, (rect.left + 12, y), size, color, bold=True, max_width=name_w - 6)
        x = rect.left + 12 + name_w
        chips = [_chip(art, c, style, size) for c in line.cards]
        used = sum(ch.get_width() + 3 for ch in chips)
        draw_text(surface, line.what, (x, y), size, CREAM, max_width=rect.right - 12 - x - used)
        px = rect.right - 12 - used
        for ch in chips:
            surface.blit(ch, (px, y + (size * 5 // 4 - ch.get_height()) // 2))
            px += ch.get_width() + 3
        y += row


def _chip(art: Any, card: Card, style: str, size: int) -> pygame.Surface:
    """A card as a small index tag: its rank and suit on cream, in the suit's colour (a whole
    face at log size would be a sliver)."""
    from game.ui.cardart import rank_label
    from game.ui.cardart_shapes import suit_color
    from game.ui.widgets import render_text

    key = (card, style, size)
    chip = _CHIPS.get(key)
    if chip is None:
        label = render_text(rank_label(card.rank, style), size, suit_color(card.suit, style), bold=True)
        icon = art.render_suit_icon(card.suit, size, style)
        h = max(label.get_height(), icon.get_height()) + 2
        chip = pygame.Surface((label.get_width() + icon.get_width() + 8, h), pygame.SRCALPHA)
        pygame.draw.rect(chip, (250, 246, 234), chip.get_rect(), border_radius=4)
        chip.blit(label, (3, (h - label.get_height()) // 2))
        chip.blit(icon, (5 + label.get_width(), (h - icon.get_height()) // 2))
        _CHIPS[key] = chip
    return chip


_CHIPS: dict[tuple[Any, ...], pygame.Surface] = {}
_ART: Any = None


def _art(factory: Any) -> Any:
    global _ART
    if _ART is None:
        _ART = factory(max_entries=120)
    return _ART
