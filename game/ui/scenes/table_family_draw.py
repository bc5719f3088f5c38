"""The HUD of the Bauern/Dreier table: contract, declarer, trump and multiplier badge, seat labels
with dealer/partner marks and game points, every seat's last call as a callout during the
auction, and the bidding panel's background.  Drawing only: nothing here changes state.

Glossary: Kontra/Rekontra/Subkontra = x2/x4/x8; Vorhand = forehand; Talon = the widow.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import tn
from game.rules.contracts import BY_ID
from game.ui import bidding
from game.ui.scenes.table_family_text import contract_name, suit_symbol, t
from game.ui.text import deck_style_of
from game.ui.widgets import BRASS, CREAM, MUTED, RED, draw_panel, draw_text, render_text

AUCTION = ("cut", "trump", "bid", "discard", "raise", "kontra")
KONTRA_WORD = {2: "kontra.kontra", 4: "kontra.rekontra", 8: "kontra.subkontra"}


def last_calls(obs: Any) -> dict[int, str]:
    out: dict[int, str] = {}
    for seat, text in obs.calls:
        out[seat] = text
    return out


def draw_hud(helper: Any, surface: pygame.Surface, obs: Any, geo: Any, to_move: int | None) -> None:
    from game.ui.scenes.table_family import call_text

    w, h = surface.get_size()
    size = max(13, h // 48)
    _draw_info(surface, obs, geo, size, helper.name, deck_style_of(helper.scene))
    _draw_labels(helper, surface, obs, geo, size, to_move)
    scene = helper.scene
    if obs.phase == "bid" and scene.buttons and scene.presenter.idle:
        bidding.draw(surface, bidding.panel_rect(geo, (w, h)), obs, helper.name)
    if obs.phase in AUCTION:
        for seat, text in last_calls(obs).items():
            if seat == obs.seat and obs.phase == "bid" and scene.buttons:
                continue
            _bubble(surface, geo, seat, call_text(text, deck_style_of(helper.scene)), size)
    if obs.talon_size:
        r = geo.stock_rect
        draw_text(surface, t("term.talon"), (r.centerx, r.bottom + 6), size, MUTED, anchor="midtop")
    me = obs.seat
    if obs.phase == "discard" and to_move == me:
        draw_text(surface, t("fam.discard_hint"), geo.turn_pos, int(size * 1.15), BRASS, bold=True, anchor="center")
    elif obs.sitting_out == me and obs.phase in ("play", "claim"):
        draw_text(surface, t("fam.sitting_out"), geo.turn_pos, int(size * 1.1), MUTED, anchor="center")
    elif to_move is not None and not (obs.phase == "bid" and to_move == me):
        text = t("table.your_turn") if to_move == me else t("table.their_turn", name=helper.name(to_move))
        draw_text(surface, text, geo.turn_pos, int(size * 1.15), BRASS if to_move == me else MUTED, bold=True,
                  anchor="center")


def _draw_info(surface: pygame.Surface, obs: Any, geo: Any, size: int, name: Any, style: str = "french") -> None:
    """Contract, declarer and trump, always visible; the multiplier badge beside them."""
    line = int(size * 1.35)
    box = info_rect(geo, size)
    draw_panel(surface, box)
    row = BY_ID.get(obs.contract or "")
    x, y = box.left + 10, box.top + 7
    contract = contract_name(obs.contract) if obs.contract else t("fam.no_contract")
    draw_text(surface, t("fam.info.contract", contract=contract), (x, y), size, CREAM, bold=True,
              max_width=box.width - 20)
    declarer = name(obs.declarer) if obs.declarer >= 0 else "–"
    draw_text(surface, t("fam.info.declarer", name=declarer), (x, y + line), size, CREAM, max_width=box.width - 20)
    if row is not None and not row.trumps:
        trump = t("fam.info.no_trumps")
        color = MUTED
    else:
        trump = t("fam.info.trumps", suit=suit_symbol(obs.trump, style)) if obs.trump else t("fam.info.trumps", suit="?")
        color = RED if obs.trump in ("H", "D") else CREAM
    draw_text(surface, trump, (x, y + 2 * line), size, color, bold=True, max_width=box.width - 20)
    if obs.multiplier > 1:
        r = max(18, int(size * 1.6))
        centre = (box.left - r - 6, box.top + r)
        pygame.draw.circle(surface, RED, centre, r)
        pygame.draw.circle(surface, CREAM, centre, r, width=2)
        draw_text(surface, f"×{obs.multiplier}", centre, int(size * 1.1), CREAM, bold=True, anchor="center")
        word = render_text(t(KONTRA_WORD.get(obs.multiplier, "kontra.kontra")), int(size * 0.85), CREAM)
        # centred under the badge, but never running into the contract box beside it
        x = min(centre[0], box.left - 6 - word.get_width() // 2)
        surface.blit(word, word.get_rect(midtop=(x, centre[1] + r + 2)))


def info_rect(geo: Any, size: int) -> pygame.Rect:
    """Right of the human's hand, above the won pile and its face-up first trick: a corner
    no seat, trick card or bidding panel uses at any player count."""
    line = int(size * 1.35)
    box = pygame.Rect(0, 0, max(geo.info_rect.width, 13 * size), 3 * line + 14)
    pile = geo.pile_rect[geo.human]
    w = geo.size[0]
    box.bottomright = (w - 12, int(pile.centery - 1.45 * geo.layout.small_h) - 8)
    return box


def _draw_labels(helper: Any, surface: pygame.Surface, obs: Any, geo: Any, size: int, to_move: int | None) -> None:
    scores = helper.scene.controller.match.scores
    me = obs.seat
    teams = obs.players == 4
    for seat in range(obs.players):
        lab = geo.label[seat]
        border = BRASS if seat == to_move else None
        draw_panel(surface, lab, border=border)
        tags = []
        if seat == obs.dealer:
            tags.append(t("fam.tag.dealer"))
        if teams and seat != me and (seat - me) % 4 == 2:
            tags.append(t("term.partner"))
        if seat == obs.declarer:
            tags.append(t("term.declarer"))
        if seat == obs.sitting_out:
            tags.append(t("fam.tag.out"))
        title = helper.name(seat) + (f" · {' · '.join(tags)}" if tags else "")
        points = scores[seat] if seat < len(scores) else 0
        won = sum(1 for tr in obs.tricks if tr.winner == seat)
        stats = t("fam.label.stats", gp=tn("count.game_points", points), tricks=tn("count.tricks", won))
        if seat == me:
            draw_text(surface, title, (lab.left + 10, lab.top + 6), size, BRASS, bold=True, max_width=lab.width - 20)
            draw_text(surface, stats, (lab.left + 10, lab.bottom - 6), size, CREAM, anchor="bottomleft",
                      max_width=lab.width - 20)
        else:  # one short row: the team score is in the status row, the tricks lie on the pile
            from game.ui.seats import draw_avatar

            badge = draw_avatar(surface, lab, helper.name(seat), seat, seat == to_move)
            draw_text(surface, title, (lab.centerx + badge.width // 4, lab.centery), size, CREAM, anchor="center",
                      max_width=lab.right - badge.right - 8)


def _bubble(surface: pygame.Surface, geo: Any, seat: int, text: str, size: int) -> None:
    """A callout beside the seat: under an opponent's box, above the human's hand."""
    from game.ui.widgets import fit_text

    img = fit_text(text, size, 220, (20, 20, 20), bold=True)
    box = img.get_rect().inflate(18, 10)
    if seat == geo.human:
        hand = geo.hand_rect[seat]
        box.midbottom = (hand.left + box.width // 2 + 10, geo.buttons_y - 6)
    else:
        sb = geo.seat_box(seat)
        box.midtop = (sb.centerx, sb.bottom + 4)
    box.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (246, 236, 200), box, border_radius=10)
    pygame.draw.rect(surface, BRASS, box, width=2, border_radius=10)
    surface.blit(img, img.get_rect(center=box.center))


def match_score_text(helper: Any) -> str:
    c = helper.scene.controller
    scores = c.match.scores
    me = c.human_seat if c.human_seat is not None else 0
    if c.players == 4:
        return t("fam.score.teams", us=scores[me], them=scores[(me + 1) % 4], target=c.match.target)
    return t("fam.score.target", target=c.match.target) + "  " + " · ".join(str(s) for s in scores)
