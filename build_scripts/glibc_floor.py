"""The oldest glibc a Linux build runs on: the highest ``GLIBC_x.y`` symbol version its files need.

    python build_scripts/glibc_floor.py dist/Kartenstube            # prints the floor and the files that set it
    python build_scripts/glibc_floor.py dist/Kartenstube --max 2.35  # exit 1 if the build needs a newer glibc

Every ELF file under the folder (the executable, libpython, the extension modules, SDL and the
other bundled libraries) lists in its ``.gnu.version_r`` section the symbol versions it needs from
each shared library.  glibc is never bundled, so the largest ``GLIBC_`` version named there is the
oldest glibc the build starts on.  The section is read here directly (standard library only, the
same table ``objdump -p`` prints under "Version References"), so no binutils are needed.
"""

from __future__ import annotations

import argparse
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

ELF_MAGIC = b"\x7fELF"
SHT_GNU_VERNEED = 0x6FFFFFFE


@dataclass(frozen=True)
class Need:
    """One version a file needs: ``GLIBC_2.34`` from ``libc.so.6``."""

    library: str
    version: str


def _cstr(data: bytes, offset: int) -> str:
    end = data.index(b"\0", offset)
    return data[offset:end].decode("ascii", "replace")


def version_needs(data: bytes) -> list[Need]:
    """The (library, version) pairs in an ELF image's version-needs table; [] when it has none.

    Raises ValueError for data that is not a well-formed ELF file.
    """
    if data[:4] != ELF_MAGIC:
        raise ValueError("not an ELF file")
    is64 = {1: False, 2: True}.get(data[4])
    order = {1: "<", 2: ">"}.get(data[5])
    if is64 is None or order is None:
        raise ValueError("unknown ELF class or byte order")
    try:
        if is64:
            shoff, = struct.unpack_from(order + "Q", data, 0x28)
            shentsize, shnum = struct.unpack_from(order + "HH", data, 0x3A)
            section = order + "IIQQQQII"
        else:
            shoff, = struct.unpack_from(order + "I", data, 0x20)
            shentsize, shnum = struct.unpack_from(order + "HH", data, 0x2E)
            section = order + "IIIIIIII"
        headers = [struct.unpack_from(section, data, shoff + i * shentsize) for i in range(shnum)]
        needs: list[Need] = []
        for _name, kind, _flags, _addr, offset, _size, link, count in headers:
            if kind != SHT_GNU_VERNEED:
                continue
            strtab = headers[link][4]  # the linked string table's file offset
            entry = offset
            for _ in range(count):  # Elf_Verneed: version, cnt, file, aux, next (same in 32 and 64 bit)
                _ver, cnt, file_off, aux, nxt = struct.unpack_from(order + "HHIII", data, entry)
                library = _cstr(data, strtab + file_off)
                aux_at = entry + aux
                for _ in range(cnt):  # Elf_Vernaux: hash, flags, other, name, next
                    _hash, _fl, _other, name_off, aux_next = struct.unpack_from(order + "IHHII", data, aux_at)
                    needs.append(Need(library, _cstr(data, strtab + name_off)))
                    if not aux_next:
                        break
                    aux_at += aux_next
                if not nxt:
                    break
                entry += nxt
    except (struct.error, IndexError) as e:
        raise ValueError(f"truncated or malformed ELF file ({e})") from None
    return needs


def glibc_version(version: str) -> tuple[int, ...] | None:
    """``"GLIBC_2.34"`` -> (2, 34); None for other names (``GLIBC_PRIVATE``, ``GCC_3.0``)."""
    if not version.startswith("GLIBC_"):
        return None
    parts = version[len("GLIBC_"):].split(".")
    return tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else None


def elf_files(folder: Path) -> list[Path]:
    """Regular files under ``folder`` (or ``folder`` itself) that start with the ELF magic."""
    paths = [folder] if folder.is_file() else sorted(p for p in folder.rglob("*") if p.is_file())
    found = []
    for path in paths:
        if path.is_symlink():
            continue
        with open(path, "rb") as f:
            if f.read(4) == ELF_MAGIC:
                found.append(path)
    return found


def floor(folder: Path) -> tuple[tuple[int, ...], dict[Path, tuple[int, ...]]]:
    """The highest glibc version any ELF file under ``folder`` needs, and each file's own highest.

    Files that need no versioned glibc symbol are left out of the dict; the floor is (0,) when
    no file needs one at all.
    """
    per_file: dict[Path, tuple[int, ...]] = {}
    for path in elf_files(folder):
        versions = [v for n in version_needs(path.read_bytes()) if (v := glibc_version(n.version))]
        if versions:
            per_file[path] = max(versions)
    return max(per_file.values(), default=(0,)), per_file


def dotted(version: tuple[int, ...]) -> str:
    return ".".join(str(p) for p in version)


def parse_dotted(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(p) for p in text.removeprefix("GLIBC_").split("."))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a version such as 2.35, not {text!r}") from None


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("folder", type=Path, help="the built one-folder app (or one file)")
    p.add_argument("--max", type=parse_dotted, default=None, metavar="X.Y",
                   help="fail when the build needs a newer glibc than this")
    p.add_argument("--top", type=int, default=5, help="how many of the most demanding files to list")
    args = p.parse_args(argv)
    if not args.folder.exists():
        print(f"{args.folder} does not exist", file=sys.stderr)
        return 2
    need, per_file = floor(args.folder)
    base = args.folder if args.folder.is_dir() else args.folder.parent
    ranked = sorted(per_file.items(), key=lambda item: (item[1], str(item[0])), reverse=True)
    print(f"ELF files: {len(elf_files(args.folder))}, of which {len(per_file)} need versioned glibc symbols")
    for path, version in ranked[: args.top]:
        print(f"  GLIBC_{dotted(version):<6} {path.relative_to(base).as_posix()}")
    print(f"glibc floor: {dotted(need)}")
    if args.max is not None and need > args.max:
        print(f"FAIL: the build needs glibc {dotted(need)}, newer than the allowed {dotted(args.max)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
