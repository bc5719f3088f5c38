"""Pure table geometry for 2..9 seats: where every seat, hand, trick card and pile goes.

No pygame here (ARCHITECTURE: nothing below ui/ imports pygame, and this module is tested
without a display).  Coordinates are integer pixels, origin top left, y down.

Seats are numbered clockwise (RULES.md).  The human sits at the bottom centre; looking at the
screen, clockwise from the bottom runs left, top, right, so the human's left-hand neighbour
(the next seat) is drawn on the left.  Opponents sit on an oval; with four players the
partner (seat + 2) is straight opposite at the top.

Everything scales with the window: the card width is ``min(w / 13, h / 7.4)`` (97 px at
1280x720, 146 px at 1920x1080; a little less from six seats up).  :func:`compute_layout` tries that size and shrinks the
table cards step by step until no two regions overlap, so a small window still gets a tidy
table (tests/ui/test_layout.py checks every seat count at three window sizes).

Glossary: stock = Talon (Schnapsen's draw pile), turn-up = Atout-Karte (the trump card under
the stock), middle = die Mitte (Schwimmen's three open cards), won pile = Stich-Stapel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

MIN_SIZE = (960, 600)
CARD_ASPECT = 1.5  # height / width, the same as cardart


@dataclass(frozen=True, slots=True)
class Rect:
    """An integer rectangle; ``pygame.Rect(*r)`` accepts it through ``__iter__``."""

    x: int
    y: int
    w: int
    h: int

    @staticmethod
    def centered(cx: float, cy: float, w: float, h: float) -> Rect:
        return Rect(round(cx - w / 2), round(cy - h / 2), round(w), round(h))

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def topleft(self) -> tuple[int, int]:
        return (self.x, self.y)

    @property
    def size(self) -> tuple[int, int]:
        return (self.w, self.h)

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter((self.x, self.y, self.w, self.h))

    def intersects(self, o: Rect) -> bool:
        """True when the interiors overlap (touching edges do not count)."""
        return self.x < o.right and o.x < self.right and self.y < o.bottom and o.y < self.bottom

    def contains(self, o: Rect) -> bool:
        return self.x <= o.x and self.y <= o.y and o.right <= self.right and o.bottom <= self.bottom

    def contains_point(self, px: float, py: float) -> bool:
        return self.x <= px < self.right and self.y <= py < self.bottom

    def union(self, o: Rect) -> Rect:
        x, y = min(self.x, o.x), min(self.y, o.y)
        return Rect(x, y, max(self.right, o.right) - x, max(self.bottom, o.bottom) - y)


@dataclass(frozen=True, slots=True)
class CardPlace:
    """Where one card goes: its centre, rotation in degrees (counter-clockwise) and width."""

    x: float
    y: float
    angle: float
    width: int

    def rect(self) -> Rect:
        """The unrotated card rectangle around the centre."""
        return Rect.centered(self.x, self.y, self.width, round(self.width * CARD_ASPECT))


@dataclass(frozen=True, slots=True)
class SeatLayout:
    """One seat's regions.  ``box`` is the union of label, hand and won pile."""

    seat: int
    angle_deg: float  # position on the oval; 90 = bottom, 180 = left, 270 = top
    side: str  # "bottom", "left", "top" or "right": which edge the seat faces from
    anchor: tuple[float, float]
    label: Rect  # name, avatar, points / lives
    hand: Rect
    won_pile: Rect
    trick_slot: Rect
    box: Rect


@dataclass(frozen=True, slots=True)
class TableLayout:
    width: int
    height: int
    players: int
    human: int
    card_w: int  # the human's hand cards
    card_h: int
    table_w: int  # cards on the table: stock, turn-up, middle
    table_h: int
    trick_w: int
    trick_h: int
    small_w: int  # opponents' hands and won piles
    small_h: int
    centre: tuple[float, float]
    seats: tuple[SeatLayout, ...]
    stock: Rect
    turnup: Rect  # bounding box of the turn-up lying crosswise under the stock
    middle: Rect
    middle_slots: tuple[Rect, Rect, Rect]
    status: Rect
    buttons: Rect

    def seat(self, s: int) -> SeatLayout:
        return self.seats[s]

    def hand_fan(self, n: int, raised: int | None = None) -> tuple[CardPlace, ...]:
        """The human's ``n`` cards, centred in the hand box, overlapping only when needed.

        A slight arc (a few degrees per card) makes it read as a hand; ``raised`` lifts one
        card (hover) by 15% of the card height, which the hand box leaves room for.
        """
        hand = self.seats[self.human].hand
        if n <= 0:
            return ()
        w, h = self.card_w, self.card_h
        step = min(w * 1.08, (hand.w - w) / max(1, n - 1)) if n > 1 else 0.0
        total = w + step * (n - 1)
        x0 = hand.x + (hand.w - total) / 2 + w / 2
        base_y = hand.bottom - h / 2 - 1
        spread = min(3.0, 24.0 / n)  # degrees between neighbours
        places = []
        mid = (n - 1) / 2
        for i in range(n):
            off = i - mid
            angle = -off * spread
            drop = (off * off) * h * 0.006  # cards further out sit a little lower
            y = base_y - h * 0.03 + min(drop, h * 0.03)
            if raised == i:
                y -= h * 0.15
            places.append(CardPlace(x0 + i * step, y, angle, w))
        return tuple(places)

    def opponent_hand(self, seat: int, n: int) -> tuple[CardPlace, ...]:
        """A bot's ``n`` face-down cards, small and overlapped inside its hand box."""
        box = self.seats[seat].hand
        if n <= 0:
            return ()
        w = self.small_w
        step = min(w * 0.5, (box.w - w) / max(1, n - 1)) if n > 1 else 0.0
        total = w + step * (n - 1)
        x0 = box.x + (box.w - total) / 2 + w / 2
        return tuple(CardPlace(x0 + i * step, box.y + box.h / 2, 0.0, w) for i in range(n))

    def middle_places(self) -> tuple[CardPlace, ...]:
        return tuple(CardPlace(r.center[0], r.center[1], 0.0, r.w) for r in self.middle_slots)

    def named_rects(self) -> dict[str, Rect]:
        """Every region by name, for tests and for a debug overlay."""
        out = {"stock": self.stock, "turnup": self.turnup, "middle": self.middle,
               "status": self.status, "buttons": self.buttons}
        for s in self.seats:
            for part in ("label", "hand", "won_pile", "trick_slot"):
                out[f"seat{s.seat}.{part}"] = getattr(s, part)
        return out


def _side(angle: float) -> str:
    a = angle % 360
    if 45 <= a < 135:
        return "bottom"
    if 135 <= a < 225:
        return "left"
    if 225 <= a < 315:
        return "top"
    return "right"


def opponent_angles(players: int) -> tuple[float, ...]:
    """Oval positions (degrees, y down) of the opponents, clockwise from the human's left."""
    k = players - 1
    if k == 1:
        return (270.0,)
    if k == 2:
        return (205.0, 335.0)
    spread = 0.0 if k == 3 else 5.0 * (k - 3)
    start, end = 180.0 - spread, 360.0 + spread
    return tuple(start + i * (end - start) / (k - 1) for i in range(k))


@lru_cache(maxsize=64)
def compute_layout(width: int, height: int, players: int, human: int = 0, focus: str = "auto") -> TableLayout:
    """The layout for a window of ``width`` x ``height`` with ``players`` seats (2..9).

    ``focus`` says what the centre of the table is for: ``"trick"`` (the trick games: trick
    cards close together in the centre, stock on the left), ``"middle"`` (Schwimmen: the three
    middle cards centred) or ``"auto"`` (trick up to four seats, middle above).
    """
    if focus not in ("auto", "trick", "middle"):
        raise ValueError(f"focus must be auto, trick or middle, not {focus!r}")
    if not 2 <= players <= 9:
        raise ValueError(f"players must be 2..9, not {players}")
    if not 0 <= human < players:
        raise ValueError(f"human seat {human} out of range")
    width, height = max(width, MIN_SIZE[0]), max(height, MIN_SIZE[1])
    layout = None
    # A compact trick around the middle suits the trick games (2-4 seats); if it cannot fit,
    # fall back to trick slots around the whole centre block.
    trick = focus == "trick" or (focus == "auto" and players <= 4)
    for compact in (True, False) if trick else (False,):
        for step in range(14):
            layout = _build(width, height, players, human, 0.93 ** step, compact)
            if not layout_problems(layout):
                return layout
    assert layout is not None
    return layout  # the smallest try; tests make sure this is never reached for supported sizes


def _build(W: int, H: int, n: int, human: int, shrink: float, compact: bool) -> TableLayout:
    # Cards are the largest thing on the table (docs/STYLE.md); a crowded table (6+ seats)
    # gives a little of that back so the opponents' oval keeps room for names and notices.
    card_w = round(min(W / 13, H / 7.4) if n <= 5 else min(W / 15, H / 8.6))
    card_h = round(card_w * CARD_ASPECT)
    unit = card_w / 80  # 1.0 at 1280x720
    margin = round(8 * unit)
    gap = max(4, round(6 * unit))

    table_w = round(card_w * (0.95 if n <= 4 else 0.85) * shrink)
    table_h = round(table_w * CARD_ASPECT)
    trick_w = round(card_w * (0.9 if n <= 4 else 0.62) * shrink)
    trick_h = round(trick_w * CARD_ASPECT)
    small_w = round(card_w * (0.55 if n <= 5 else 0.48) * min(1.0, shrink * 1.05))
    small_h = round(small_w * CARD_ASPECT)

    status_h = max(22, round(H * 0.042))
    status = Rect(margin, margin, W - 2 * margin, status_h)
    top = status.bottom + gap

    # --- the human at the bottom: label left, hand centre, won pile right, buttons above.
    side_w = max(150, round(W * 0.16))
    hand_h = round(card_h * 1.2)
    hand = Rect(margin + side_w + gap, H - margin - hand_h, W - 2 * (margin + side_w + gap), hand_h)
    hlabel_h = max(56, round(card_h * 0.62))
    hlabel = Rect(margin, H - margin - hlabel_h, side_w, hlabel_h)
    hpile = Rect(W - margin - side_w + (side_w - small_w) // 2, H - margin - small_h, small_w, small_h)
    hbox = hlabel.union(hand).union(hpile)
    btn_h = max(28, round(H * 0.05))
    buttons = Rect(hand.x, hand.y - gap - btn_h, hand.w, btn_h)

    # --- opponents on an oval.  Box: label row on top, hand and won pile below.
    label_h = max(20, round(H * 0.04))
    hand_w = round(small_w * 3.1)
    box_w = hand_w + gap + small_w
    box_h = label_h + 2 + small_h
    angles = opponent_angles(n)
    lowest = max(math.sin(math.radians(a)) for a in angles)
    floor = min(hlabel.y, buttons.y) - gap  # opponents stay above the human's label
    ry_fit = (floor - top - box_h) / (1 + max(0.0, lowest))
    cy_cap = (top + buttons.y) / 2 + H * 0.03
    ry = max(0.0, min(ry_fit, cy_cap - top - box_h / 2))
    cy = top + box_h / 2 + ry
    cx = W / 2
    rx = W / 2 - margin - box_w / 2

    # --- the centre: three middle cards, the stock with the turn-up lying crosswise under it.
    turn_out = round(table_h * 0.42)  # how far the turn-up sticks out left of the stock
    mid_w = 3 * table_w + 2 * gap
    centre_y = cy if n > 2 else (top + box_h + buttons.y) / 2
    seat_angles = [90.0, *angles]
    if compact:
        # Trick games: the trick cards lie close round the centre, the stock to their left and
        # the (unused) middle to their right.
        hub = Rect.centered(cx, centre_y, trick_w, max(2, round(trick_h * 0.2)))
        tricks = [_trick_slot(a, *hub.center, hub, trick_w, trick_h, gap) for a in seat_angles]
        stock_right = min([hub.x] + [t.x for t in tricks]) - 2 * gap
        mx0: float = max([hub.right] + [t.right for t in tricks]) + 2 * gap
    else:
        # Schwimmen: the middle is centred with the stock on its left; trick slots (unused)
        # go round the whole block.
        mx0 = cx - mid_w / 2
        stock_right = round(mx0) - 2 * gap
    slots = tuple(Rect.centered(mx0 + table_w / 2 + i * (table_w + gap), centre_y, table_w, table_h) for i in range(3))
    middle = slots[0].union(slots[2])
    stock = Rect(stock_right - table_w, round(centre_y - table_h / 2), table_w, table_h)
    turnup = Rect.centered(stock.x - turn_out + table_h / 2, centre_y, table_h, table_w)
    if not compact:
        block = turnup.union(stock).union(middle)
        tricks = [_trick_slot(a, *block.center, block, trick_w, trick_h, gap) for a in seat_angles]

    seats: list[SeatLayout | None] = [None] * n
    for k in range(n):
        s = (human + k) % n
        if k == 0:
            angle, anchor = 90.0, hand.center
            label, shand, pile, box = hlabel, hand, hpile, hbox
        else:
            angle = angles[k - 1]
            a = math.radians(angle)
            anchor = (cx + rx * math.cos(a), cy + ry * math.sin(a))
            box = Rect.centered(anchor[0], anchor[1], box_w, box_h)
            label = Rect(box.x, box.y, box_w, label_h)
            shand = Rect(box.x, label.bottom + 2, hand_w, small_h)
            pile = Rect(box.right - small_w, label.bottom + 2, small_w, small_h)
        seats[s] = SeatLayout(s, angle, _side(angle), anchor, label, shand, pile, tricks[k], box)

    return TableLayout(W, H, n, human, card_w, card_h, table_w, table_h, trick_w, trick_h, small_w, small_h,
                       (cx, centre_y), tuple(s for s in seats if s is not None), stock, turnup, middle,
                       (slots[0], slots[1], slots[2]), status, buttons)


def _trick_slot(angle: float, bcx: float, bcy: float, block: Rect, tw: int, th: int, gap: int) -> Rect:
    """A trick card just outside ``block``, in the direction of its seat."""
    a = math.radians(angle)
    dx, dy = math.cos(a), math.sin(a)
    ax = block.w / 2 + gap + tw / 2
    ay = block.h / 2 + gap + th / 2
    # The smallest distance along (dx, dy) at which the slot clears the block on one axis.
    t = min(ax / abs(dx) if abs(dx) > 1e-6 else math.inf, ay / abs(dy) if abs(dy) > 1e-6 else math.inf)
    return Rect.centered(bcx + dx * t, bcy + dy * t, tw, th)


def layout_problems(lay: TableLayout) -> list[str]:
    """Every rule the layout breaks: outside the window, or two regions overlapping."""
    window = Rect(0, 0, lay.width, lay.height)
    problems = [f"{name} outside window" for name, r in lay.named_rects().items() if not window.contains(r)]
    regions: list[tuple[str, Rect]] = [("status", lay.status), ("buttons", lay.buttons), ("middle", lay.middle),
                                       ("stock", lay.turnup.union(lay.stock))]
    for s in lay.seats:
        regions.append((f"seat{s.seat}", s.box))
        regions.append((f"trick{s.seat}", s.trick_slot))
    for i, (na, ra) in enumerate(regions):
        for nb, rb in regions[i + 1:]:
            if ra.intersects(rb):
                problems.append(f"{na} overlaps {nb}")
    for s in lay.seats:
        if s.label.intersects(s.hand) or s.label.intersects(s.won_pile) or s.hand.intersects(s.won_pile):
            problems.append(f"seat{s.seat} parts overlap")
    return problems
