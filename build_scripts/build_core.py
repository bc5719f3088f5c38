"""Compile the expert's exact search (``ai/schnapsen_core.c``) for the executable.

    python build_scripts/build_core.py [--out build/core]

The spec (``kartenstube.spec``) calls ``build`` and bundles the library beside ``ai/`` in the
executable, where ``ai.schnapsen_exact`` finds it, so a player's machine needs no compiler.  The
build machine needs one: ``$CC``, ``cc``, ``gcc`` (MinGW-w64 on Windows) or ``clang``.  Without
one the build stops with one clear line rather than shipping an expert that is silently weaker.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ai.schnapsen_exact import ABI, bind_library, compile_core, find_compiler, library_name  # noqa: E402


class CoreBuildError(RuntimeError):
    """The core could not be compiled or does not load."""


def build(out_dir: Path) -> Path:
    """Compile the core into ``out_dir`` and check that it loads and reports its ABI."""
    cc = find_compiler()
    if cc is None:
        raise CoreBuildError("build_core: no C compiler found (set CC, or install cc, gcc or clang; "
                             "MinGW-w64 gcc on Windows)")
    lib = out_dir / library_name()
    if not compile_core(lib, cc):
        raise CoreBuildError(f"build_core: {cc} could not compile ai/schnapsen_core.c")
    if bind_library(lib) is None:
        raise CoreBuildError(f"build_core: {lib} does not load or is not ABI {ABI}")
    print(f"build_core: {lib} ({lib.stat().st_size} bytes, {cc})", flush=True)
    return lib


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=ROOT / "build" / "core")
    args = p.parse_args(argv)
    try:
        build(args.out)
    except CoreBuildError as e:
        print(e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
