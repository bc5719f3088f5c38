"""Build the bundled UI font: a renamed subset of Noto Sans CJK JP (Regular and Bold).

Why a subset: the full Noto Sans CJK collection is ~20 MB per weight; the app only needs
Latin (with German), punctuation, arrows, card suits, kana and the kanji its interface and
its Japanese rule texts use.  Why renamed: the SIL Open Font License 1.1 lets us modify the
font but asks that a Modified Version does not use the original's name, so the subset is
called "Kartenstube Sans".

Usage (from the repository root, needs Debian's fonts-noto-cjk and fontTools)::

    python build_scripts/make_font.py [--source-dir /usr/share/fonts/opentype/noto]

Writes assets/fonts/KartenstubeSans-Regular.otf, -Bold.otf and OFL.txt, and prints sizes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "fonts"
SEEDS_DIRS = (ROOT.parent / "shared" / "seeds", Path("/work/shared/seeds"))
FAMILY = "Kartenstube Sans"
PS_FAMILY = "KartenstubeSans"
WEIGHTS = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")

# Code point ranges every UI string may need.
RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x00FF),  # Latin-1 supplement (ä ö ü ß « » ·)
    (0x0100, 0x017F),  # Latin Extended-A
    (0x2000, 0x206F),  # general punctuation (– — ‘ ’ “ ” „ … ‰)
    (0x20AC, 0x20AC),  # euro sign
    (0x2100, 0x214F),  # letterlike symbols (№ ™)
    (0x2190, 0x21FF),  # arrows
    (0x2212, 0x2212),  # minus sign
    (0x2460, 0x2473),  # circled numbers ① .. ⑳
    (0x25A0, 0x25FF),  # geometric shapes (● ○ ▲ ▼ ◆)
    (0x2605, 0x2606),  # stars ★ ☆
    (0x2660, 0x2667),  # card suits ♠♡♢♣♤♥♦♧
    (0x2713, 0x2717),  # check marks ✓ ✗
    (0x3000, 0x303F),  # CJK symbols and punctuation (、。「」『』〜)
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0xFF01, 0xFF5E),  # full-width ASCII forms
    (0xFF61, 0xFF9F),  # half-width katakana
)

# Kanji the interface uses beyond JIS level 1 (which covers the everyday set); kept here so a
# translator can add one without touching the rest of the script.
EXTRA_KANJI = "札牌倶剥屏躊躇捲繋"


def jis_level1_kanji() -> str:
    """The 2,965 kanji of JIS X 0208 level 1 (EUC-JP rows 0xB0..0xCF), read from Python's codec."""
    out = []
    for row in range(0xB0, 0xD0):
        for col in range(0xA1, 0xFF):
            try:
                out.append(bytes((row, col)).decode("euc_jp"))
            except UnicodeDecodeError:
                continue  # row 0xCF ends early
    return "".join(out)


def seed_text() -> str:
    for d in SEEDS_DIRS:
        if d.is_dir():
            return "".join(p.read_text(encoding="utf-8", errors="replace") for p in sorted(d.glob("*.txt")))
    print("warning: seeds folder not found; only the fixed ranges and JIS level 1 are included", file=sys.stderr)
    return ""


def wanted_codepoints() -> set[int]:
    cps: set[int] = set()
    for lo, hi in RANGES:
        cps.update(range(lo, hi + 1))
    for ch in jis_level1_kanji() + EXTRA_KANJI + seed_text():
        cp = ord(ch)
        if cp >= 0x20 and not 0xD800 <= cp <= 0xDFFF:
            cps.add(cp)
    return cps


def rename(font: TTFont, style: str) -> None:
    """Give the subset its own family name (OFL 1.1 condition 3) and say where it came from."""
    name = font["name"]
    full = f"{FAMILY} {style}" if style != "Regular" else FAMILY
    ps = f"{PS_FAMILY}-{style}"
    copyright_ = name.getDebugName(0) or "© 2014-2021 Adobe (http://www.adobe.com/)."
    fields = {
        0: copyright_ + " Subset and renamed for Kartenstube.",
        1: FAMILY,
        2: style,
        3: f"1.0;KARTENSTUBE;{ps}",
        4: full,
        5: "Version 1.0; subset of Noto Sans CJK JP 2.004",
        6: ps,
        16: FAMILY,
        17: style,
    }
    # Drop every old record (all platforms/languages) so no trace of the reserved name is left.
    keep = {13, 14}  # licence description and URL stay as they were
    name.names = [r for r in name.names if r.nameID in keep]
    for nid, text in fields.items():
        name.setName(text, nid, 3, 1, 0x409)
        name.setName(text, nid, 1, 0, 0)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [ps]
        top = cff.topDictIndex[0]
        for attr, value in (("FullName", full), ("FamilyName", FAMILY), ("CIDFontName", ps)):
            if hasattr(top, attr):
                setattr(top, attr, value)


def build(source_dir: Path, out_dir: Path) -> list[Path]:
    cps = wanted_codepoints()
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for style, fname in WEIGHTS.items():
        coll = TTCollection(str(source_dir / fname))
        jp = next(f for f in coll.fonts if f["name"].getDebugName(1) == "Noto Sans CJK JP")
        available = set(jp.getBestCmap())
        missing = sorted(cp for cp in cps if cp not in available and cp > 0x7F)
        opts = subset.Options()
        opts.layout_features = ["kern", "palt", "vert", "liga", "ccmp", "locl"]
        opts.name_IDs = ["*"]
        opts.name_languages = ["*"]
        opts.notdef_outline = True
        opts.desubroutinize = False
        opts.drop_tables += ["VORG", "vhea", "vmtx", "BASE"]  # horizontal UI text only
        sub = subset.Subsetter(opts)
        sub.populate(unicodes=sorted(cps & available))
        sub.subset(jp)
        rename(jp, style)
        jp.recalcTimestamp = False  # keep head.modified from the source: rebuilding gives the same bytes
        path = out_dir / f"{PS_FAMILY}-{style}.otf"
        jp.save(str(path))
        written.append(path)
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1e6:.2f} MB, "
              f"{len(cps & available)} code points ({len(missing)} wanted but not in Noto)")
    write_licence(out_dir / "OFL.txt")
    return written


def write_licence(path: Path) -> None:
    """Copy the SIL OFL 1.1 text from Debian's copyright file, with the upstream copyright line."""
    header = (
        "Kartenstube Sans is a subset of Noto Sans CJK JP, renamed as the licence asks.\n"
        "Copyright © 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'.\n"
        "Noto is a trademark of Google Inc.\n\n"
        "This Font Software is licensed under the SIL Open Font License, Version 1.1.\n"
        "This license is copied below, and is also available with a FAQ at: https://openfontlicense.org\n\n"
    )
    text = DEBIAN_COPYRIGHT.read_text(encoding="utf-8")
    start = text.index("License: SIL-1.1\n -----")
    body_lines = []
    for line in text[start:].splitlines()[1:]:
        if line and not line.startswith(" "):
            break  # next stanza of the Debian copyright file
        line = line[1:] if line.startswith(" ") else line
        body_lines.append("" if line == "." else line)
    path.write_text(header + "\n".join(body_lines).rstrip() + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source-dir", type=Path, default=Path("/usr/share/fonts/opentype/noto"))
    ap.add_argument("--out-dir", type=Path, default=OUT_DIR)
    args = ap.parse_args(argv)
    for p in build(args.source_dir, args.out_dir):
        if p.stat().st_size > 3_000_000:
            print(f"warning: {p.name} is larger than 3 MB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
