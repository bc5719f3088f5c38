"""Compile the message catalogues locale/<lang>.po into assets/locale/<lang>/LC_MESSAGES/kartenstube.mo.

    python build_scripts/compile_catalogs.py          compile all catalogues
    python build_scripts/compile_catalogs.py --check  exit 1 if a committed .mo is out of date

Standard library only (a small cousin of CPython's Tools/i18n/msgfmt.py), so neither Babel nor
GNU gettext is needed to build or run the game; the app reads the .mo files with ``gettext``.
Supported .po subset: comments, ``#, fuzzy`` (such entries are left out, as msgfmt does),
``msgctxt``, ``msgid``, ``msgid_plural`` with ``msgstr[N]``, ``msgstr`` and continued string
lines with C escapes.  Entries with an empty ``msgstr`` (or any empty ``msgstr[N]``) are left
out, so the lookup falls back to the next catalogue.  Plural entries are looked up with
``ngettext``; the header's ``Plural-Forms`` says how many forms each language has (en and de 2,
ja 1).
"""

from __future__ import annotations

import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PO_DIR = ROOT / "locale"
MO_DIR = ROOT / "assets" / "locale"
DOMAIN = "kartenstube"
CATALOGUES = ("en", "de", "de_DE", "ja")


@dataclass
class Entry:
    msgid: str = ""
    msgstr: str = ""
    msgctxt: str | None = None
    plural: str | None = None  # msgid_plural
    forms: list[str] = field(default_factory=list)  # msgstr[0], msgstr[1], ...
    fuzzy: bool = False
    comments: list[str] = field(default_factory=list)
    line: int = 0


class PoError(ValueError):
    pass


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: expected a quoted string, got {text!r}")
    try:
        # A .po string is a C string; Python's literal syntax reads the same escapes.
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError) as exc:
        raise PoError(f"{where}: bad string {text!r} ({exc})") from None
    if not isinstance(value, str):
        raise PoError(f"{where}: bad string {text!r}")
    return value


def parse_po(text: str, name: str = "<po>") -> list[Entry]:
    """The entries of a .po file, the header (msgid "") included."""
    entries: list[Entry] = []
    cur: Entry | None = None
    section: str | None = None
    pending_flags: list[str] = []
    pending_comments: list[str] = []

    def finish() -> None:
        nonlocal cur, section
        if cur is not None:
            entries.append(cur)
        cur, section = None, None

    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}:{no}"
        if not line:
            continue
        if line.startswith("#"):
            if cur is not None and section == "msgstr":
                finish()
            if line.startswith("#,"):
                pending_flags += [f.strip() for f in line[2:].split(",")]
            else:
                pending_comments.append(line)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid"):
            if cur is not None and (section == "msgstr" or keyword == "msgctxt"):
                finish()
            if cur is None:
                cur = Entry(fuzzy="fuzzy" in pending_flags, comments=pending_comments, line=no)
                pending_flags, pending_comments = [], []
            section = keyword
            value = _unquote(rest, where)
            if keyword == "msgctxt":
                cur.msgctxt = value
            else:
                cur.msgid = value
        elif keyword == "msgstr":
            if cur is None or section != "msgid":
                raise PoError(f"{where}: msgstr without msgid")
            section = "msgstr"
            cur.msgstr = _unquote(rest, where)
        elif keyword == "msgid_plural":
            if cur is None or section != "msgid":
                raise PoError(f"{where}: msgid_plural without msgid")
            section = "msgid_plural"
            cur.plural = _unquote(rest, where)
        elif keyword.startswith("msgstr["):
            if cur is None or section not in ("msgid_plural", "msgstr"):
                raise PoError(f"{where}: msgstr[N] without msgid_plural")
            if keyword != f"msgstr[{len(cur.forms)}]":
                raise PoError(f"{where}: expected msgstr[{len(cur.forms)}], got {keyword}")
            section = "msgstr"
            cur.forms.append(_unquote(rest, where))
        elif line.startswith('"'):
            if cur is None or section is None:
                raise PoError(f"{where}: continuation line outside an entry")
            value = _unquote(line, where)
            if section == "msgid":
                cur.msgid += value
            elif section == "msgstr" and cur.forms:
                cur.forms[-1] += value
            elif section == "msgstr":
                cur.msgstr += value
            elif section == "msgid_plural":
                cur.plural = (cur.plural or "") + value
            else:
                cur.msgctxt = (cur.msgctxt or "") + value
        else:
            raise PoError(f"{where}: cannot read {line!r}")
    finish()
    seen: set[tuple[str | None, str]] = set()
    for e in entries:
        key = (e.msgctxt, e.msgid)
        if key in seen:
            raise PoError(f"{name}:{e.line}: duplicate msgid {e.msgid!r}")
        seen.add(key)
    return entries


def messages(entries: list[Entry]) -> dict[str, str]:
    """msgid -> msgstr of the entries that go into the .mo (header kept, fuzzy/empty dropped)."""
    out: dict[str, str] = {}
    for e in entries:
        if e.fuzzy and e.msgid:
            continue
        if e.plural is not None:  # gettext's layout: "msgid\0msgid_plural" -> "form0\0form1..."
            if e.forms and all(e.forms):
                out[f"{e.msgid}\x00{e.plural}"] = "\x00".join(e.forms)
            continue
        if not e.msgstr:
            continue
        key = e.msgid if e.msgctxt is None else f"{e.msgctxt}\x04{e.msgid}"
        out[key] = e.msgstr
    return out


def build_mo(catalogue: dict[str, str]) -> bytes:
    """GNU .mo bytes (little endian, revision 0), keys sorted as gettext expects."""
    keys = sorted(catalogue)
    ids = b""
    strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for k in keys:
        kb = k.encode("utf-8")
        vb = catalogue[k].encode("utf-8")
        offsets.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\0"
        strs += vb + b"\0"
    n = len(keys)
    keystart = 7 * 4 + 16 * n
    valuestart = keystart + len(ids)
    koffsets: list[int] = []
    voffsets: list[int] = []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + keystart]
        voffsets += [l2, o2 + valuestart]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    return header + struct.pack(f"{len(koffsets)}i", *koffsets) + struct.pack(f"{len(voffsets)}i", *voffsets) + ids + strs


def mo_path(lang: str, base: Path = MO_DIR) -> Path:
    return base / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def compile_one(lang: str) -> bytes:
    po = PO_DIR / f"{lang}.po"
    return build_mo(messages(parse_po(po.read_text(encoding="utf-8"), po.name)))


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for lang in CATALOGUES:
        data = compile_one(lang)
        target = mo_path(lang)
        if check:
            if not target.exists() or target.read_bytes() != data:
                stale.append(str(target.relative_to(ROOT)))
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        print(f"{target.relative_to(ROOT)}: {len(data)} bytes")
    if stale:
        print("out of date (run build_scripts/compile_catalogs.py):", *stale, sep="\n  ")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
