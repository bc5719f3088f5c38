"""The rules screens' small Markdown subset, parsed into blocks a scene can lay out.

Input is the text of ``game.i18n.rules_text`` (placeholders already filled).  Syntax (see
assets/rules/README.md): ``# title``, ``## section``, ``- bullet``, paragraphs separated by a
blank line, ``**bold**``, and card groups ``[AH KH]`` that the screen draws as card pictures.

    for block in parse_blocks(i18n.rules_text("schnapsen", options)):
        block.kind   # "title" | "section" | "bullet" | "para"
        block.spans  # (Span("text", bold=False), Cards(("AH", "KH")), ...)

Pure and pygame-free, so it is tested without a display.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.i18n import CARD_TOKEN


@dataclass(frozen=True, slots=True)
class Span:
    text: str
    bold: bool = False


@dataclass(frozen=True, slots=True)
class Cards:
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Block:
    kind: str
    spans: tuple[Span | Cards, ...]

    @property
    def plain(self) -> str:
        """The block's text without markup (cards as their codes), e.g. for tests or search."""
        return "".join(s.text if isinstance(s, Span) else " ".join(s.cards) for s in self.spans)


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def parse_spans(text: str) -> tuple[Span | Cards, ...]:
    """Inline markup: bold runs and card groups; a lone ``**`` stays literal."""
    out: list[Span | Cards] = []
    pos = 0
    for m in _BOLD.finditer(text):
        out += _cards(text[pos:m.start()], False)
        out += _cards(m.group(1), True)
        pos = m.end()
    out += _cards(text[pos:], False)
    return tuple(out)


def _cards(text: str, bold: bool) -> list[Span | Cards]:
    out: list[Span | Cards] = []
    pos = 0
    for m in CARD_TOKEN.finditer(text):
        if m.start() > pos:
            out.append(Span(text[pos:m.start()], bold))
        out.append(Cards(tuple(m.group(1).split())))
        pos = m.end()
    if pos < len(text):
        out.append(Span(text[pos:], bold))
    return out


def parse_blocks(text: str) -> list[Block]:
    """Headings, bullets and paragraphs; consecutive plain lines join into one paragraph."""
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("para", parse_spans(" ".join(para))))
            para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            blocks.append(Block("section", parse_spans(line[3:].strip())))
        elif line.startswith("# "):
            flush()
            blocks.append(Block("title", parse_spans(line[2:].strip())))
        elif line.startswith("- "):
            flush()
            blocks.append(Block("bullet", parse_spans(line[2:].strip())))
        else:
            para.append(line)
    flush()
    return blocks
