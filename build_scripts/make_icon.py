"""Draw Kartenstube's app icon with pygame and save it as PNGs, a Windows .ico and a macOS .icns.

    python build_scripts/make_icon.py          # writes assets/icon/

The motif: a fan of three cards on a round green baize, the front card showing a red heart
(Herz) and the back two an acorn-brown back pattern.  Drawn once at 1024 px and scaled down with
``smoothscale``, which is what gives the small sizes their anti-aliased edges.

The containers are written with the stdlib: an ICO whose entries are PNG images (read by
Windows Vista and later) and an ICNS whose ``ic07``..``ic14`` entries are PNGs (macOS 10.7+).
No Pillow needed, so building needs nothing beyond the app's own dependencies and PyInstaller.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402  (after the environment is set)

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icon"
MASTER = 1024
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS entry types that hold a PNG, by pixel size (ic11..ic14 are the @2x variants).
ICNS_TYPES = (("ic11", 32), ("ic12", 64), ("ic07", 128), ("ic08", 256), ("ic13", 256),
              ("ic09", 512), ("ic14", 512), ("ic10", 1024))

BAIZE = (28, 102, 62)
BAIZE_RIM = (16, 64, 38)
CARD = (250, 247, 238)
CARD_EDGE = (70, 60, 50)
BACK = (120, 72, 36)  # acorn brown
BACK_LINE = (196, 150, 92)
HEART = (206, 32, 44)


def _card(w: int, h: int, face: bool) -> pygame.Surface:
    """One upright card: rounded corners, a frame, and either a heart or a lattice back."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = w // 9
    pygame.draw.rect(s, CARD_EDGE, s.get_rect(), border_radius=r)
    pygame.draw.rect(s, CARD, s.get_rect().inflate(-w // 30, -w // 30), border_radius=r - w // 60)
    if face:
        _heart(s, (w // 2, h // 2 + h // 40), int(w * 0.62))
        _heart(s, (w // 6, h // 7), w // 7)
    else:
        inner = s.get_rect().inflate(-w // 7, -w // 7)
        pygame.draw.rect(s, BACK, inner, border_radius=r // 2)
        step = w // 7
        clip = s.get_clip()
        s.set_clip(inner)
        for k in range(-h, w + h, step):  # a diagonal lattice
            pygame.draw.line(s, BACK_LINE, (inner.x + k, inner.y), (inner.x + k + inner.h, inner.bottom), w // 40)
            pygame.draw.line(s, BACK_LINE, (inner.x + k, inner.bottom), (inner.x + k + inner.h, inner.y), w // 40)
        s.set_clip(clip)
    return s


def _heart(s: pygame.Surface, centre: tuple[int, int], width: int) -> None:
    """A heart from two circles and a triangle, ``width`` wide, centred on ``centre``."""
    cx, cy = centre
    r = width // 4
    top = cy - width // 5
    pygame.draw.circle(s, HEART, (cx - r, top), r)
    pygame.draw.circle(s, HEART, (cx + r, top), r)
    # The triangle's sides are tangent-ish to the circles so the outline looks like one shape.
    pygame.draw.polygon(s, HEART, [(cx - 2 * r + r // 12, top + r // 3), (cx + 2 * r - r // 12, top + r // 3),
                                   (cx, cy + int(width * 0.55))])


def draw_master(size: int = MASTER) -> pygame.Surface:
    """The icon at ``size`` px: baize disc, three cards fanned around a pivot below the centre."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(s, BAIZE_RIM, (c, c), int(size * 0.49))
    pygame.draw.circle(s, BAIZE, (c, c), int(size * 0.455))
    w, h = int(size * 0.36), int(size * 0.52)
    pivot = (c, int(size * 0.80))
    for angle, face in ((28, False), (-28, False), (0, True)):
        card = _card(w, h, face)
        # Place the card's bottom centre on the pivot, then rotate around the pivot.
        holder = pygame.Surface((w, h * 2), pygame.SRCALPHA)
        holder.blit(card, (0, 0))
        rotated = pygame.transform.rotozoom(holder, angle, 1.0)
        rect = rotated.get_rect(center=(pivot[0], pivot[1] - int(h * 0.15)))
        s.blit(rotated, rect)
    return s


def png_bytes(surface: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file whose images are stored as PNG (width/height byte 0 means 256)."""
    sizes = [n for n in ICO_SIZES if n in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for n in sizes:
        data = pngs[n]
        entries += struct.pack("<BBBBHHII", n % 256, n % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file: 'icns' + total length, then (type, length, PNG) entries, all big-endian."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[n])) + pngs[n] for kind, n in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(out: Path = OUT) -> int:
    # Drawing and PNG saving need no display or audio; nothing to initialise.
    out.mkdir(parents=True, exist_ok=True)
    master = draw_master()
    pngs: dict[int, bytes] = {}
    for n in PNG_SIZES:
        img = master if n == MASTER else pygame.transform.smoothscale(master, (n, n))
        pngs[n] = png_bytes(img)
        if n in (16, 32, 48, 64, 128, 512):
            (out / f"kartenstube-{n}.png").write_bytes(pngs[n])
    (out / "kartenstube.png").write_bytes(pngs[256])  # the window icon the app may load
    (out / "kartenstube.ico").write_bytes(ico_bytes(pngs))
    (out / "kartenstube.icns").write_bytes(icns_bytes(pngs))
    print(f"icon written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
