"""The compiled exact search of a fully known two-player Schnapsen deal, and its loader.

``schnapsen_core.c`` solves a sampled deal to its end (phase 1 with drawing, the trump-jack
exchange, closing and marriages, then phase 2) about a hundred times faster than the pure-Python
``DealSearch``; the expert (``ai.schnapsen``) and the benchmark-only sparring partner
(``ai.sparring``) call it through ctypes.  Where the library comes from:

1. the executable: ``build_scripts/build_core.py`` compiles it at build time and the spec puts it
   beside this module (``ai/kartenstube_core.so``, ``.dll`` on Windows), so a player's machine
   needs no compiler;
2. a source checkout: compiled on first use with the system C compiler (``$CC``, ``cc``, ``gcc``
   or ``clang``) into a cache folder in the temporary directory, named by the source's hash;
3. neither (no compiler, ``KARTENSTUBE_CORE=off``, a library of another interface version):
   ``load_core`` returns None and the callers use the pure-Python search, which gives the same
   values.

With ``chance=True`` the order of the face-down stock is hidden from both seats: every draw is
a chance node over the ordered pairs of face-down cards (the trick's winner's, the loser's),
each counted alike, so the values of an open stock depend on its set of cards and its turn-up
only (the core keeps its table from one such sample to the next; it stores bounds as floats,
so values agree with the Python reference to float precision).  Plain PIMC (``chance=False``)
lets both seats see the sample's order.  ``chance=FIRST_DRAW`` is the cheap middle: only the
next draw is a chance node, over the outcomes given in ``first_draws`` (all ordered pairs if
none), and the draws after it follow the sample's order among the cards left face down, so the
decision now and the answer to it are taken without knowing the next two cards.

Glossary: stock = Talon; close = zudrehen; exchange = Atout-Unter tauschen; marriage =
Zwanziger/Vierziger; declare = ausmelden.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from ai.schnapsen_search import world_values
from ai.schnapsen_solver import (
    DECK,
    JACK,
    KING,
    QUEEN,
    SUIT,
    World,
    bits,
    declare_value,
    phase2_values,
)

SOURCE = Path(__file__).with_name("schnapsen_core.c")
#: the interface version the library must report (``sp_abi`` in the C source)
ABI = 7
#: ``exact_values(chance=FIRST_DRAW)``: only the first draw is a chance node (the core's mode 2)
FIRST_DRAW = 2
#: where a source checkout keeps the compiled core (a test points it at its tmp_path)
CACHE_ENV = "KARTENSTUBE_CORE_CACHE"
#: ``off`` makes every caller use the pure-Python search (measurements, the fallback's tests)
SWITCH_ENV = "KARTENSTUBE_CORE"

_core: Any = None
_core_tried = False
#: where the loaded core came from: "bundled", "built" (from the source), or "" (none)
_origin = ""


def library_name(platform: str | None = None) -> str:
    """The file name of the built core: ``kartenstube_core.dll`` on Windows, ``.so`` elsewhere
    (ctypes loads a shared library by path whatever its suffix, macOS included)."""
    return "kartenstube_core" + (".dll" if (platform or sys.platform) == "win32" else ".so")


def bundled_library() -> Path:
    """Where the executable carries the core: beside this module."""
    return Path(__file__).with_name(library_name())


def find_compiler() -> str | None:
    """``$CC`` if set, else the first of cc, gcc, clang on the PATH."""
    if os.environ.get("CC"):
        return os.environ["CC"]
    return next((c for c in ("cc", "gcc", "clang") if shutil.which(c)), None)


def compile_core(out: Path, cc: str | None = None, source: Path = SOURCE) -> bool:
    """Compile ``source`` (``schnapsen_core.c``) into the shared library ``out`` (atomically: a
    concurrent process sees the whole library or none).  False when there is no compiler or it fails."""
    cc = cc or find_compiler()
    if cc is None:
        return False
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(suffix=out.suffix, dir=out.parent)
    os.close(fd)
    flags = ["-O2", "-shared"]
    if sys.platform == "win32":
        flags.append("-static-libgcc")  # MinGW: no libgcc DLL beside the core
    else:
        flags.append("-fPIC")
    try:
        subprocess.run([cc, *flags, "-o", tmp, str(source), "-lm"], check=True, capture_output=True, timeout=120)
        os.replace(tmp, out)
    except (OSError, subprocess.SubprocessError):
        Path(tmp).unlink(missing_ok=True)
        return False
    return True


def cached_build(source: Path = SOURCE, prefix: str = "core") -> Path | None:
    """A source checkout's library built from ``source``, compiled once per version of it."""
    if getattr(sys, "frozen", False) or not source.exists():
        return None  # the executable never compiles: it carries its core or goes without
    try:
        cache = Path(os.environ.get(CACHE_ENV) or Path(tempfile.gettempdir()) / "kartenstube-core")
        digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
        lib = cache / f"{prefix}_{digest}{Path(library_name()).suffix}"
        if lib.exists() or compile_core(lib, source=source):
            return lib
    except OSError:  # an unwritable or odd temp folder: play on with the Python search
        pass
    return None


def bind_library(lib: Path) -> Any:
    """The library with its functions typed, or None when it cannot be loaded or has another ABI."""
    try:
        core = ctypes.CDLL(str(lib))
        core.sp_abi.restype = ctypes.c_int
        if core.sp_abi() != ABI:
            return None
    except (OSError, AttributeError):
        return None
    u32, i, d = ctypes.c_uint32, ctypes.c_int, ctypes.c_double
    core.sp_setup.argtypes = [i] * 8 + [ctypes.POINTER(i)]
    core.sp_setup.restype = None
    core.sp_lead.argtypes = [i, u32, u32] + [i] * 13
    core.sp_lead.restype = d
    core.sp_trick.argtypes = [i, i, i, u32, u32] + [i] * 11
    core.sp_trick.restype = d
    core.sp_trick_w.argtypes = [i, i, i, u32, u32] + [i] * 11 + [d, d]
    core.sp_trick_w.restype = d
    core.sp_first_draws.argtypes = [i, ctypes.POINTER(i)]
    core.sp_first_draws.restype = None
    core.sp_nodes.restype = ctypes.c_uint64
    core.sp_close_penalty.argtypes = [d, d, i]
    core.sp_close_penalty.restype = None
    core.sp_lead_charge.argtypes = [i, ctypes.POINTER(d)]
    core.sp_lead_charge.restype = None
    return core


def load_core(force_python: bool = False) -> Any:
    """The compiled core (bundled, else built from the source), or None: use the Python search."""
    global _core, _core_tried, _origin
    if force_python or os.environ.get(SWITCH_ENV, "").lower() == "off":
        return None
    if not _core_tried:
        _core_tried = True
        core, origin = None, ""
        bundled = bundled_library()
        if bundled.exists():
            core, origin = bind_library(bundled), "bundled"
        if core is None:
            built = cached_build()
            core, origin = (bind_library(built), "built") if built is not None else (None, "")
        _core, _origin = core, (origin if core is not None else "")
    return _core


def describe() -> str:
    """One line for the log: which exact search the expert uses on this machine."""
    if load_core() is None:
        return "exact search: pure Python (no compiled core)"
    where = "bundled with the app" if _origin == "bundled" else "built from the source"
    return f"exact search: compiled core, {where}"


def exact_values(w: World, core: Any = None, chance: int = False,
                 first_draws: Sequence[tuple[int, int]] = (), close_penalty: float = 0.0,
                 own_close_penalty: float = 0.0, only: Collection[str] | None = None,
                 lead_charge: Sequence[float] = ()) -> dict[str, float]:
    """The exact value (game points for the seat to move) of every legal move of a fully known
    position, searched to the end of the deal; the C core if given, else pure Python.  With
    ``chance`` only the hands are known: neither seat knows the order of the face-down stock, and
    every draw counts each pair of cards the two seats may draw alike (the values are averages);
    with ``chance=FIRST_DRAW`` only the next draw, over the pairs ``first_draws`` (winner's
    card, loser's card; every pair if empty).  ``close_penalty``: game points off every close of
    the seat not to move, ``own_close_penalty`` off every close of the seat to move after its
    first move (the core only; the pure-Python search ignores both).  ``only``: the moves to
    value with the core (the others left out of the answer, and their searches saved); all if None.
    ``lead_charge[n]``: game points off the leader's value of every lead at the open stock with
    n stock cards left, below the position valued (the core only; none if empty)."""
    want = (lambda _key: True) if only is None else only.__contains__
    ctx = w.ctx
    open_stock = ctx.closed_by < 0 and bool(w.stock)
    if w.stage == "final" or not open_stock:
        if core is None or w.stage == "final":
            return {k: float(v) for k, v in phase2_values(w).items()}
    if core is None:  # the pure-Python search knows full chance only (FIRST_DRAW counts as it)
        return world_values(w, depth=99, inner_close_min=0, chance=bool(chance))
    stock = list(w.stock) if open_stock else []
    arr = (ctypes.c_int * max(1, len(stock)))(*stock)
    core.sp_setup(ctx.trump, int(ctx.claim_last), int(ctx.meld_first), int(ctx.close_two),
                  int(ctx.false_pagat), int(ctx.closed_pagat), int(chance), len(stock), arr)
    core.sp_close_penalty(float(close_penalty), float(own_close_penalty), w.to_act)
    # no array to build for a solve without charges (the usual one): the core reads none
    core.sp_lead_charge(len(lead_charge), (ctypes.c_double * len(lead_charge))(*lead_charge) if lead_charge else None)
    if chance == FIRST_DRAW and open_stock:
        flat = [x for pair in first_draws for x in pair]
        core.sp_first_draws(len(first_draws), (ctypes.c_int * max(1, len(flat)))(*flat))
    tu = stock[-1] if stock else 0
    seat, o = w.to_act, 1 - w.to_act
    h, c, m, t = w.hands, w.card_pts, w.meld_pts, w.tricks
    cb, cp, ct = ctx.closed_by, ctx.close_points, ctx.close_tricks

    def pair(x: tuple[int, int], i: int, v: int) -> tuple[int, int]:
        return (v, x[1]) if i == 0 else (x[0], v)

    def responses(other: int, a: int) -> list[int]:
        if open_stock:
            return bits(other)
        same = [b for b in bits(other) if SUIT[b] == SUIT[a]]
        if same:
            return [b for b in same if b < a] or same
        trumps = [b for b in bits(other) if SUIT[b] == ctx.trump]
        return trumps or bits(other)

    def card_value(a: int, mp: tuple[int, int]) -> float:
        """The leader's value of leading ``a`` (marriage points ``mp`` already added)."""
        nh = pair(h, seat, h[seat] & ~(1 << a))
        worst = 99.0
        for b in sorted(responses(h[o], a), key=lambda b: _answer_order(a, b, ctx.trump)):
            fh = pair(nh, o, nh[o] & ~(1 << b))
            # only answers that make the lead worse than the worst so far need an exact value:
            # the follower's search fails low (a bound) for the others
            v = -core.sp_trick_w(seat, a, b, fh[0], fh[1], c[0], c[1], mp[0], mp[1], t[0], t[1],
                                 0, tu, cb, cp, ct, -worst, 99.0)
            worst = min(worst, v)
        return float(worst)

    out: dict[str, float] = {}
    if w.stage == "follow":
        follow = bits(h[seat]) if open_stock else responses(h[seat], w.led)
        for b in follow:
            if not want(f"play {DECK[b]}"):
                continue
            fh = pair(h, seat, h[seat] & ~(1 << b))
            out[f"play {DECK[b]}"] = float(core.sp_trick(o, w.led, b, fh[0], fh[1], c[0], c[1], m[0], m[1],
                                                         t[0], t[1], 0, tu, cb, cp, ct))
        return out
    mine = h[seat]
    sm = c[seat] + (m[seat] if t[seat] else 0)
    so = c[o] + (m[o] if t[o] else 0)
    if (w.history or w.melded >= 0) and want("declare"):
        out["declare"] = float(declare_value(ctx, seat, sm, so, t[o]))
    if w.melded >= 0:
        for a in (5 * w.melded + KING, 5 * w.melded + QUEEN):
            if want(f"play {DECK[a]}"):
                out[f"play {DECK[a]}"] = card_value(a, m)
        return out
    jack = 5 * ctx.trump + JACK
    if open_stock and mine >> jack & 1 and want("exchange"):
        nh = pair(h, seat, (mine & ~(1 << jack)) | (1 << tu))
        out["exchange"] = float(core.sp_lead(seat, nh[0], nh[1], c[0], c[1], m[0], m[1], t[0], t[1],
                                             0, jack, -1, -1, -1, int(w.history), 0))
    if open_stock and (len(stock) > 2 or ctx.close_two) and want("close"):
        out["close"] = float(core.sp_lead(seat, h[0], h[1], c[0], c[1], m[0], m[1], t[0], t[1],
                                          0, tu, seat, so, t[o], int(w.history), 0))
    if w.history or ctx.meld_first:
        for s in range(4):
            k, q = 5 * s + KING, 5 * s + QUEEN
            if mine >> k & 1 and mine >> q & 1 and want(f"meld {DECK[k].suit}"):
                val = 40 if s == ctx.trump else 20
                mp = pair(m, seat, m[seat] + val)
                d = declare_value(ctx, seat, sm + (val if t[seat] else 0), so, t[o])
                out[f"meld {DECK[k].suit}"] = max(float(d), card_value(k, mp), card_value(q, mp))
    for a in bits(mine):
        if want(f"play {DECK[a]}"):
            out[f"play {DECK[a]}"] = card_value(a, m)
    return out


def _answer_order(a: int, b: int, trump: int) -> int:
    """The follower's likely best answers first (the C core's order): win with the same suit
    (cheapest first), trump it (lowest trump first), then the cheapest card."""
    pts = (11, 10, 4, 3, 2)[b % 5]
    if SUIT[b] == SUIT[a]:
        return 10 - pts if b < a else 40 + pts
    return 31 - pts if SUIT[b] == trump else 40 + pts


__all__ = ["ABI", "FIRST_DRAW", "bind_library", "bundled_library", "cached_build", "compile_core", "describe", "exact_values", "find_compiler", "library_name", "load_core"]
