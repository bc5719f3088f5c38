"""Find every msgid the code asks for and report what the catalogues lack.

    python build_scripts/extract_strings.py            report; exit 1 if something is missing
    python build_scripts/extract_strings.py --pot      also write locale/messages.pot (msgids in code)
    python build_scripts/extract_strings.py --add      append msgids used in code but absent from a
                                                       catalogue, with an empty msgstr to fill in

Reads the Python files of ``game/ui``, ``game/i18n.py`` and ``main.py`` with ``ast`` and
collects the first argument of every call to ``t(...)`` / ``something.t(...)``:
- a string literal is a msgid that en, de and ja must all translate;
- an f-string such as ``t(f"suit.{letter}")`` is a *family*: its literal prefix ("suit.") must
  match at least one msgid (the families are filled from the game vocabulary).
It also checks that every translation keeps the ``{placeholders}`` of the English text.
Standard library only; the test suite imports it (tests/test_i18n.py).
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build_scripts"))

from compile_catalogs import PO_DIR, messages, parse_po  # noqa: E402

SCAN = ("game/ui", "game/i18n.py", "main.py")
LANGS = ("en", "de", "ja")
PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


@dataclass
class Usage:
    msgids: dict[str, list[str]] = field(default_factory=dict)  # msgid -> ["file:line", ...]
    prefixes: dict[str, list[str]] = field(default_factory=dict)
    #: Other string constants shaped like a key ("menu.stats"), e.g. in a table passed to t(key)
    #: through a variable; checked against the catalogue's namespaces in :func:`problems`.
    indirect: dict[str, list[str]] = field(default_factory=dict)


KEY_SHAPE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
#: Key-shaped constants that are not messages: file names and module paths.
NOT_KEYS = re.compile(r"\.(json|png|wav|py|md|mo|po|txt|otf|ttf|zip|sqlite3|log)$|^(game|ai|tests)\.")


def _files(root: Path) -> list[Path]:
    out: list[Path] = []
    for item in SCAN:
        p = root / item
        if p.is_dir():
            out += sorted(p.rglob("*.py"))
        elif p.exists():
            out.append(p)
    return out


#: Lookup functions whose first argument is a msgid: ``t`` and the plural lookup ``tn``.
LOOKUPS = ("t", "tn")


def _is_t(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id in LOOKUPS) or (
        isinstance(func, ast.Attribute) and func.attr in LOOKUPS)


def scan(root: Path = ROOT) -> Usage:
    usage = Usage()
    for path in _files(root):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        except SyntaxError as exc:
            print(f"warning: cannot parse {path}: {exc}", file=sys.stderr)
            continue
        rel = path.relative_to(root).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY_SHAPE.match(node.value) \
                    and not NOT_KEYS.search(node.value):
                usage.indirect.setdefault(node.value, []).append(f"{rel}:{node.lineno}")
            if not (isinstance(node, ast.Call) and _is_t(node.func) and node.args):
                continue
            arg = node.args[0]
            where = f"{rel}:{node.lineno}"
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                usage.msgids.setdefault(arg.value, []).append(where)
            elif isinstance(arg, ast.JoinedStr):
                prefix = ""
                for part in arg.values:
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        prefix += part.value
                    else:
                        break
                usage.prefixes.setdefault(prefix, []).append(where)
    return usage


def catalogues(po_dir: Path = PO_DIR) -> dict[str, dict[str, str]]:
    out = {}
    for lang in (*LANGS, "de_DE"):
        po = po_dir / f"{lang}.po"
        cat = messages(parse_po(po.read_text(encoding="utf-8"), po.name))
        cat.pop("", None)  # the header
        # a plural entry "msgid\0msgid_plural" -> its forms joined by NUL (placeholders of all forms)
        out[lang] = {k.split("\x00")[0]: v for k, v in cat.items()}
    return out


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def problems(usage: Usage, cats: dict[str, dict[str, str]]) -> list[str]:
    """Every missing or inconsistent string, as lines for a report (empty list = all good)."""
    out: list[str] = []
    for msgid, where in sorted(usage.msgids.items()):
        for lang in LANGS:
            if not cats[lang].get(msgid):
                out.append(f"missing in {lang}: {msgid!r} (used at {where[0]})")
    for prefix, where in sorted(usage.prefixes.items()):
        if prefix and not any(k.startswith(prefix) for k in cats["en"]):
            out.append(f"no msgid starts with {prefix!r} (f-string at {where[0]})")
    en = cats["en"]
    namespaces = {k.split(".")[0] for k in en}
    for key, where in sorted(usage.indirect.items()):
        if key not in usage.msgids and key.split(".")[0] in namespaces and key not in en:
            out.append(f"missing in en: {key!r} (key-shaped constant at {where[0]}, probably passed to t())")
    for lang in ("de", "ja", "de_DE"):
        for msgid, text in cats[lang].items():
            if msgid not in en:
                out.append(f"{lang} has {msgid!r}, which en lacks")
            elif placeholders(text) != placeholders(en[msgid]):
                out.append(f"{lang} {msgid!r}: placeholders {sorted(placeholders(text))} "
                           f"!= en {sorted(placeholders(en[msgid]))}")
    for msgid in en:
        for lang in ("de", "ja"):
            if msgid not in cats[lang]:
                out.append(f"missing in {lang}: {msgid!r} (in en.po)")
    return out


def write_pot(usage: Usage, path: Path) -> None:
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for msgid, where in sorted(usage.msgids.items()):
        lines += [f"#: {' '.join(where)}", f'msgid "{msgid}"', 'msgstr ""', ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def _po_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def add_missing(usage: Usage, cats: dict[str, dict[str, str]], po_dir: Path = PO_DIR) -> int:
    """Append an entry with an empty msgstr for every msgid in code that a catalogue lacks
    (en, de, ja); returns how many entries were added.  Empty entries are not compiled, so
    the app shows English until a translator fills them in, and the tests keep failing."""
    added = 0
    for lang in LANGS:
        po = po_dir / f"{lang}.po"
        present = {e.msgid for e in parse_po(po.read_text(encoding="utf-8"), po.name)}
        new = [m for m in sorted(usage.msgids) if m not in present]
        if not new:
            continue
        with po.open("a", encoding="utf-8") as f:
            for msgid in new:
                f.write(f"\n#: {' '.join(usage.msgids[msgid][:3])}\nmsgid {_po_quote(msgid)}\nmsgstr \"\"\n")
        added += len(new)
    return added


def main(argv: list[str]) -> int:
    usage = scan()
    cats = catalogues()
    found = problems(usage, cats)
    print(f"{len(usage.msgids)} msgids and {len(usage.prefixes)} f-string families in code; "
          f"{len(cats['en'])} msgids in en.po")
    unused = sorted(set(cats["en"]) - set(usage.msgids))
    print(f"{len(unused)} catalogue msgids not used literally in code (vocabulary, options, families)")
    if "--pot" in argv:
        write_pot(usage, PO_DIR / "messages.pot")
    if "--add" in argv:
        print(f"added {add_missing(usage, cats)} empty entries to the .po files")
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
