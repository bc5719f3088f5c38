"""Save PNG sheets of every card in every style and every back, for looking at the card art.

Usage: ``python build_scripts/cardart_sheet.py [OUTDIR] [--widths 80 160]``; writes
``cards_<style>_<width>.png`` and ``backs_<width>.png`` into OUTDIR (default /tmp).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.cards import SUITS, Rank, card  # noqa: E402
from game.ui.cardart import BACKS, STYLES, CardArt  # noqa: E402

FELT = (22, 92, 54)


def sheet(art: CardArt, style: str, width: int) -> pygame.Surface:
    ranks = list(Rank)
    w, h = art.size(width)
    gap = max(4, width // 10)
    out = pygame.Surface((len(ranks) * (w + gap) + gap, len(SUITS) * (h + gap) + gap))
    out.fill(FELT)
    for row, suit in enumerate(SUITS):
        for col, rank in enumerate(ranks):
            face = art.render_face(card(rank.value + suit.value), width, style)
            out.blit(face, (gap + col * (w + gap), gap + row * (h + gap)))
    return out


def backs_sheet(art: CardArt, width: int) -> pygame.Surface:
    w, h = art.size(width)
    gap = max(4, width // 10)
    items = len(BACKS) + 2
    out = pygame.Surface((items * (w + gap) + gap + 2 * art.glow_pad(width), h + 2 * gap + 2 * art.glow_pad(width)))
    out.fill(FELT)
    y = gap + art.glow_pad(width)
    for i, back in enumerate(BACKS):
        out.blit(art.render_back(width, back), (gap + i * (w + gap), y))
    x = gap + len(BACKS) * (w + gap)
    out.blit(art.render_slot(width), (x, y))
    x += w + gap + art.glow_pad(width)
    out.blit(art.render_glow(width), (x - art.glow_pad(width), y - art.glow_pad(width)))
    out.blit(art.render_face(card("AS"), width, "french"), (x, y))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir", nargs="?", default="/tmp")
    ap.add_argument("--widths", type=int, nargs="+", default=[80, 160])
    args = ap.parse_args(argv)
    pygame.init()
    art = CardArt()
    out = Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    for width in args.widths:
        for style in STYLES:
            path = out / f"cards_{style}_{width}.png"
            pygame.image.save(sheet(art, style, width), str(path))
            print(path)
        path = out / f"backs_{width}.png"
        pygame.image.save(backs_sheet(art, width), str(path))
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
