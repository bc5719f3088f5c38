"""Generate the game's sound effects as 16-bit mono WAV files with the standard library only.

    python build_scripts/make_sounds.py            writes assets/sounds/*.wav

Every effect is synthesised from noise bursts and decaying sine tones; ``random.Random`` with a
fixed seed makes the output byte-identical on every run, so the committed files can be checked
(tests/ui/test_sound.py regenerates them in memory and compares).
"""

from __future__ import annotations

import io
import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
SEED = 31


def _silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def _mix(base: list[float], add: list[float], at: float) -> list[float]:
    start = int(RATE * at)
    end = start + len(add)
    if end > len(base):
        base = base + [0.0] * (end - len(base))
    for i, v in enumerate(add):
        base[start + i] += v
    return base


def _noise(rng: random.Random, seconds: float, decay: float, smooth: float = 0.5, gain: float = 0.6) -> list[float]:
    """Filtered noise with an exponential decay: paper and card sounds."""
    out: list[float] = []
    prev = 0.0
    n = int(RATE * seconds)
    for i in range(n):
        prev = smooth * prev + (1 - smooth) * rng.uniform(-1, 1)
        out.append(gain * prev * math.exp(-decay * i / RATE))
    return out


def _tone(freq: float, seconds: float, decay: float = 6.0, gain: float = 0.4, attack: float = 0.005) -> list[float]:
    """A sine with a soft harmonic, a short attack and an exponential decay."""
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-decay * t)
        out.append(gain * env * (math.sin(2 * math.pi * freq * t) + 0.25 * math.sin(4 * math.pi * freq * t)))
    return out


def shuffle(rng: random.Random) -> list[float]:
    s = _silence(0.05)
    for k in range(9):  # a riffle: many short, slightly irregular flicks
        s = _mix(s, _noise(rng, 0.05, 60, 0.3, 0.45), 0.02 + k * 0.045 + rng.uniform(0, 0.01))
    return s


def card(rng: random.Random) -> list[float]:
    return _noise(rng, 0.09, 45, 0.55, 0.7)


def trick(rng: random.Random) -> list[float]:
    s = _noise(rng, 0.18, 18, 0.8, 0.5)  # cards swept together
    return _mix(s, _noise(rng, 0.06, 70, 0.4, 0.5), 0.12)


def meld(rng: random.Random) -> list[float]:
    s = _silence(0.05)
    for k, f in enumerate((659.25, 830.61)):  # two bright notes: a marriage shown
        s = _mix(s, _tone(f, 0.35, 7, 0.35), k * 0.09)
    return s


def close(rng: random.Random) -> list[float]:
    s = _noise(rng, 0.08, 40, 0.7, 0.6)  # the turn-up flipped onto the stock
    return _mix(s, _tone(220.0, 0.2, 18, 0.35), 0.02)


def knock(rng: random.Random) -> list[float]:
    s = _silence(0.05)
    for k in range(2):  # two knuckle taps on the table
        tap = _mix(_tone(140.0, 0.12, 40, 0.6, 0.001), _noise(rng, 0.03, 120, 0.6, 0.4), 0.0)
        s = _mix(s, tap, k * 0.16)
    return s


def win(rng: random.Random) -> list[float]:
    s = _silence(0.05)
    for k, f in enumerate((523.25, 659.25, 783.99, 1046.5)):
        s = _mix(s, _tone(f, 0.5 if k == 3 else 0.25, 5, 0.3), k * 0.11)
    return s


def lose(rng: random.Random) -> list[float]:
    s = _silence(0.05)
    for k, f in enumerate((392.0, 349.23, 293.66)):
        s = _mix(s, _tone(f, 0.55 if k == 2 else 0.3, 4, 0.3), k * 0.18)
    return s


EFFECTS: dict[str, Callable[[random.Random], list[float]]] = {
    "shuffle": shuffle, "card": card, "trick": trick, "meld": meld,
    "close": close, "knock": knock, "win": win, "lose": lose,
}


def render(name: str) -> bytes:
    """The WAV file bytes of one effect (deterministic)."""
    rng = random.Random(f"{SEED}:{name}")
    samples = EFFECTS[name](rng)
    peak = max(1e-9, max(abs(v) for v in samples))
    scale = min(1.0, 0.9 / peak)  # normalise loud mixes, never amplify quiet ones past 1
    fade = int(RATE * 0.01)
    frames = bytearray()
    for i, v in enumerate(samples):
        if i >= len(samples) - fade:  # a short fade-out avoids a click at the end
            v *= (len(samples) - i) / fade
        frames += struct.pack("<h", int(max(-1.0, min(1.0, v * scale)) * 32767))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in EFFECTS:
        data = render(name)
        (OUT / f"{name}.wav").write_bytes(data)
        print(f"{name}.wav  {len(data):7d} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
