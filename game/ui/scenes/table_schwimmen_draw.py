"""The HUD of the Schwimmen table: seat labels, lives as matchsticks in each seat's pile corner,
the swimming badge, greyed eliminated seats, callouts (shove, knock, swap), the final-round
marks after a knock, hand values at the end of the deal and the 31 / Feuer banner.
Drawing only: nothing here changes state.

Glossary: Schnauz = 31; Feuer = three aces; klopfen = knock; schwimmen = 0 lives, still in.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.schwimmen_values import hand_value
from game.ui.scenes.table_family_text import t
from game.ui.widgets import BRASS, CREAM, MUTED, RED, draw_panel, draw_text, fit_text

STICK = (236, 214, 160)
STICK_HEAD = (190, 50, 40)


def final_turn_seats(obs: Any) -> set[int]:
    """Seats that still have their final turn after a knock (the seat to move first)."""
    if not obs.final_round or obs.to_move is None:
        return set()
    n = obs.players
    step = 1 if obs.options.direction == "clockwise" else -1
    out: list[int] = []
    q = obs.to_move
    for _ in range(n):
        if len(out) >= obs.final_left:
            break
        if obs.active[q] and q != obs.knocker:
            out.append(q)
        q = (q + step) % n
    return set(out)


def draw_hud(helper: Any, surface: pygame.Surface, obs: Any, geo: Any, to_move: int | None) -> None:
    h = surface.get_height()
    size = max(12, h // 52)
    last = final_turn_seats(obs)
    for seat in range(obs.players):
        _seat(helper, surface, obs, geo, seat, size, seat == to_move, seat in last)
    me = obs.seat
    if obs.hand and obs.active[me]:
        value = hand_value(obs.hand, obs.options).label
        lab = geo.label[me]
        draw_text(surface, t("schwimmen.value", value=value), (lab.left + 10, lab.bottom - 6), size, BRASS,
                  bold=True, anchor="bottomleft", max_width=lab.width - 20)
    if obs.stock_size:
        r = geo.stock_rect
        # Left of the pile, not under it: the line under the middle cards says whose turn it is.
        draw_text(surface, t("table.stock", n=obs.stock_size), (r.left - 10, r.centery), size, MUTED, anchor="midright")
    if obs.phase == "choose" and to_move == me:
        text = t("swim.choose_hint")
    elif obs.final_round:
        mine = obs.knocker == obs.seat and helper.scene.controller.human_seat is not None
        text = t("swim.final_round.you") if mine else t("swim.final_round", name=helper.name(obs.knocker))
    elif to_move is not None:
        text = t("table.your_turn") if to_move == me else t("table.their_turn", name=helper.name(to_move))
    else:
        text = ""
    if text:
        draw_text(surface, text, geo.turn_pos, int(size * 1.2), BRASS, bold=True, anchor="center",
                  max_width=geo.layout.middle.w * 3)


def _seat(helper: Any, surface: pygame.Surface, obs: Any, geo: Any, seat: int, size: int, moving: bool,
          last_turn: bool) -> None:
    lab = geo.label[seat]
    me = seat == obs.seat
    active = obs.active[seat]
    draw_panel(surface, lab, border=BRASS if moving else None)
    title = helper.name(seat)
    if seat == obs.dealer:
        title += " · " + t("swim.tag.dealer")
    color = CREAM if active else MUTED
    if me:
        draw_text(surface, title, (lab.left + 10, lab.top + 6), size, BRASS, bold=True, max_width=lab.width - 20)
    else:
        from game.ui.seats import draw_avatar

        badge = draw_avatar(surface, lab, helper.name(seat), seat, moving)
        draw_text(surface, title, (lab.centerx + badge.width // 4, lab.centery), size, color, bold=not me,
                  anchor="center", max_width=lab.right - badge.right - 8)
    _lives(surface, geo, obs, seat, size)
    tag = ""
    if not active:
        tag = t("term.eliminated")
    elif obs.knocker == seat and obs.final_round:
        tag = t("swim.tag.knocked")
    elif last_turn:
        tag = t("swim.tag.final_turn")
    elif seat in helper.callouts and obs.phase != "over":
        tag = t(f"swim.call.{helper.callouts[seat]}")
    if obs.phase == "over" and seat < len(obs.revealed) and obs.revealed[seat]:
        tag = hand_value(obs.revealed[seat], obs.options).label
    if tag:
        _bubble(surface, geo, seat, tag, size, red=not active or tag == t("swim.tag.knocked"))
    if not active:
        veil = pygame.Surface(geo.seat_box(seat).size, pygame.SRCALPHA)
        veil.fill((20, 20, 20, 130))
        surface.blit(veil, geo.seat_box(seat).topleft)


def _lives(surface: pygame.Surface, geo: Any, obs: Any, seat: int, size: int) -> None:
    """Matchsticks in the seat's (unused) pile corner; a swimming badge at 0 lives."""
    r = geo.pile_rect[seat]
    lives = obs.lives[seat]
    if not obs.active[seat]:
        return
    if lives <= 0:
        badge = fit_text(t("term.swimming"), size, max(r.width + 60, size * 6), (20, 40, 90), bold=True)
        box = badge.get_rect(center=r.center).inflate(14, 8)
        box.clamp_ip(surface.get_rect().inflate(-12, -12))  # never cut by the window's edge
        pygame.draw.rect(surface, (120, 180, 230), box, border_radius=8)
        surface.blit(badge, badge.get_rect(center=box.center))
        return
    n = min(lives, 7)
    gap = max(4, r.width // (n + 1))
    x0 = r.centerx - gap * (n - 1) / 2
    top, bottom = r.top + r.height * 0.2, r.bottom - r.height * 0.2
    thick = max(3, surface.get_height() // 260)  # matchsticks grow with the window too
    for i in range(n):
        x = int(x0 + i * gap)
        pygame.draw.line(surface, STICK, (x, int(top)), (x, int(bottom)), thick)
        pygame.draw.circle(surface, STICK_HEAD, (x, int(top)), thick)
    if lives > n:
        draw_text(surface, f"+{lives - n}", (r.right, r.bottom), size, CREAM, anchor="bottomright")


def _bubble(surface: pygame.Surface, geo: Any, seat: int, text: str, size: int, red: bool = False) -> None:
    img = fit_text(text, size, 200, CREAM if red else (20, 20, 20), bold=True)
    box = img.get_rect().inflate(14, 8)
    if seat == geo.human:
        hand = geo.hand_rect[seat]
        box.midbottom = (hand.left + box.width // 2 + 10, geo.buttons_y - 6)
    else:
        sb = geo.seat_box(seat)
        box.midtop = (sb.centerx, sb.bottom + 2)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, RED if red else (246, 236, 200), box, border_radius=9)
    pygame.draw.rect(surface, BRASS, box, width=2, border_radius=9)
    surface.blit(img, img.get_rect(center=box.center))


def draw_banner(helper: Any, surface: pygame.Surface) -> None:
    """31 or Feuer revealed: a banner across the middle while the hands lie open."""
    obs = helper.obs
    if obs is None or obs.phase != "over" or obs.ended_by not in ("31", "feuer"):
        return
    if helper.scene.app.scene is not helper.scene:
        return  # the summary is open above the table
    who = [s for s, cards in enumerate(obs.revealed) if cards and (
        hand_value(cards, obs.options).is_feuer if obs.ended_by == "feuer" else hand_value(cards, obs.options).is_31)]
    w, h = surface.get_size()
    names = ", ".join(helper.name(s) for s in who)
    title = t("swim.banner.feuer") if obs.ended_by == "feuer" else t("swim.banner.31")
    box = pygame.Rect(0, 0, min(w - 80, 560), max(96, int(h / 6.5)))
    geo = helper.scene.presenter.geometry
    # below the middle (and the stock count), so the open cards stay visible
    box.midtop = (w // 2, geo.layout.middle.bottom + max(26, h // 26))
    box.bottom = min(box.bottom, geo.buttons_y - 4)
    draw_panel(surface, box, (120, 24, 18, 235), border=BRASS)
    draw_text(surface, title, (box.centerx, box.top + 8), max(28, h // 16), BRASS, bold=True, anchor="midtop",
              max_width=box.width - 20)
    draw_text(surface, names, (box.centerx, box.bottom - 8), max(14, h // 40), CREAM, anchor="midbottom",
              max_width=box.width - 20)
