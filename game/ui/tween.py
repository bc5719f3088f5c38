"""Seconds-based tweens, sequences and an animator with skip-to-end and one speed setting.

Pure Python (no pygame), so it is unit-tested without a display.  Time is always in seconds,
never frames.  Model (after pgzero's ``animate`` and Godot's Tween):

- An :class:`Action` is started once, stepped with ``dt`` and finishes; ``step`` returns the time
  it did not use, so a :class:`Sequence` hands the rest of a frame to its next action and a
  fast-forwarded timeline ends in exactly the same state as a slow one.
- :class:`Tween` moves ``target.attr`` (a number or a tuple of numbers) to ``to``.  When it
  starts, it takes over that (object, attribute): an older tween on the same pair is cancelled
  where it stands, and the new one starts from the current value, so a retarget never jumps.
- :class:`Animator` runs top-level actions in parallel; ``finish_all()`` jumps every action to
  its end (calls included, in order); ``speed`` scales time (2.0 = twice as fast, 0 = instant).

Usage::

    anim = Animator()
    anim.add(Sequence(Tween(sprite, "x", 300, 0.25, ease_out_cubic), Call(sound.play)))
    anim.update(dt)          # once per frame
    if anim.is_idle(): ...   # the presenter lets the controller continue
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Ease = Callable[[float], float]

# --- easing functions: map progress 0..1 to 0..1 (back/elastic may overshoot) -------------


def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_out(t: float) -> float:
    """Cubic ease in and out: the default, natural for cards moving across the table."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card snapping into place."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_back(t: float) -> float:
    c1 = 1.70158
    return (c1 + 1) * t * t * t - c1 * t * t


def ease_out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


EASINGS: dict[str, Ease] = {
    f.__name__: f
    for f in (linear, ease_in_quad, ease_out_quad, ease_in_out, ease_in_cubic, ease_out_cubic,
              ease_in_out_sine, ease_out_back, ease_in_back, ease_out_bounce)
}


def lerp(a: Any, b: Any, t: float) -> Any:
    """Interpolate numbers or equal-length tuples of numbers."""
    if isinstance(a, tuple):
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))
    return a + (b - a) * t


# --- actions ---------------------------------------------------------------------------------


class Action:
    """Something that runs over time.  Subclasses override ``_begin``, ``_advance``, ``_jump``."""

    def __init__(self) -> None:
        self.started = False
        self.done = False
        self._animator: Animator | None = None

    def start(self, animator: Animator | None) -> None:
        if not self.started:
            self.started = True
            self._animator = animator
            self._begin()

    def step(self, dt: float) -> float:
        """Advance by ``dt`` seconds; return the unused time (0 unless this action finished)."""
        if self.done:
            return dt
        if not self.started:
            self.start(None)
        return self._advance(dt)

    def finish(self) -> None:
        """Jump to the end state (and run any callbacks) unless already done."""
        if self.done:
            return
        if not self.started:
            self.start(self._animator)
        if not self.done:
            self._jump()
        self.done = True

    def cancel(self) -> None:
        """Stop where it stands; the end state is not applied."""
        self.done = True

    def _begin(self) -> None:
        pass

    def _advance(self, dt: float) -> float:
        self.done = True
        return dt

    def _jump(self) -> None:
        pass


class Tween(Action):
    """Move ``target.attr`` to ``to`` over ``duration`` seconds after ``delay`` seconds."""

    def __init__(self, target: Any, attr: str, to: Any, duration: float, ease: Ease | str = ease_in_out,
                 delay: float = 0.0, on_done: Callable[[], None] | None = None) -> None:
        super().__init__()
        if duration < 0 or delay < 0:
            raise ValueError("duration and delay must not be negative")
        self.target = target
        self.attr = attr
        self.to = to
        self.duration = float(duration)
        self.ease: Ease = EASINGS[ease] if isinstance(ease, str) else ease
        self.delay_left = float(delay)
        self.elapsed = 0.0
        self.from_value: Any = None
        self._running = False  # past the delay, from_value captured
        self.on_done = on_done

    @property
    def key(self) -> tuple[int, str]:
        return (id(self.target), self.attr)

    def _begin(self) -> None:
        if self._animator is not None:
            self._animator._claim(self)

    def _capture(self) -> None:
        self._running = True
        self.from_value = getattr(self.target, self.attr)

    def _advance(self, dt: float) -> float:
        if self.delay_left > 0:
            used = min(dt, self.delay_left)
            self.delay_left -= used
            dt -= used
            if self.delay_left > 0:
                return 0.0
        if not self._running:
            self._capture()
        self.elapsed += dt
        if self.elapsed >= self.duration:
            leftover = self.elapsed - self.duration
            self._complete()
            return leftover
        setattr(self.target, self.attr, lerp(self.from_value, self.to, self.ease(self.elapsed / self.duration)))
        return 0.0

    def _complete(self) -> None:
        setattr(self.target, self.attr, self.to)
        self.done = True
        if self._animator is not None:
            self._animator._release(self)
        if self.on_done is not None:
            self.on_done()

    def _jump(self) -> None:
        self._complete()

    def cancel(self) -> None:
        super().cancel()
        if self._animator is not None:
            self._animator._release(self)


class Wait(Action):
    """Do nothing for ``duration`` seconds (a pause inside a Sequence)."""

    def __init__(self, duration: float) -> None:
        super().__init__()
        self.left = max(0.0, float(duration))

    def _advance(self, dt: float) -> float:
        if dt < self.left:
            self.left -= dt
            return 0.0
        leftover = dt - self.left
        self.left = 0.0
        self.done = True
        return leftover


class Call(Action):
    """Call ``fn(*args)`` once, taking no time (swap a card face, play a sound, re-sync)."""

    def __init__(self, fn: Callable[..., Any], *args: Any) -> None:
        super().__init__()
        self.fn = fn
        self.args = args

    def _advance(self, dt: float) -> float:
        self.done = True
        self.fn(*self.args)
        return dt

    def _jump(self) -> None:
        self.done = True
        self.fn(*self.args)


class Sequence(Action):
    """Run actions one after another; leftover time flows into the next one."""

    def __init__(self, *actions: Action) -> None:
        super().__init__()
        self.actions = list(actions)
        self.index = 0

    def _advance(self, dt: float) -> float:
        while self.index < len(self.actions):
            current = self.actions[self.index]
            current.start(self._animator)
            dt = current.step(dt)
            if not current.done:
                return 0.0
            self.index += 1
        self.done = True
        return dt

    def _jump(self) -> None:
        while self.index < len(self.actions):
            current = self.actions[self.index]
            current.start(self._animator)
            current.finish()
            self.index += 1

    def cancel(self) -> None:
        for a in self.actions[self.index:]:
            if a.started:
                a.cancel()
        super().cancel()


class Parallel(Action):
    """Run actions together; done when the longest is done."""

    def __init__(self, *actions: Action) -> None:
        super().__init__()
        self.actions = list(actions)

    def _begin(self) -> None:
        for a in self.actions:
            a.start(self._animator)

    def _advance(self, dt: float) -> float:
        leftover = dt
        for a in self.actions:
            if not a.done:
                leftover = min(leftover, a.step(dt))
        if all(a.done for a in self.actions):
            self.done = True
            return leftover
        return 0.0

    def _jump(self) -> None:
        for a in self.actions:
            a.finish()

    def cancel(self) -> None:
        for a in self.actions:
            a.cancel()
        super().cancel()


# --- the animator ----------------------------------------------------------------------------


class Animator:
    """Runs top-level actions in parallel with one speed factor; the table owns one."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.actions: list[Action] = []
        self._owners: dict[tuple[int, str], Tween] = {}

    def add(self, action: Action) -> Action:
        """Start ``action`` now; with speed 0 it completes at once."""
        self.actions.append(action)
        action.start(self)
        if self.speed <= 0:
            self.finish_all()
        return action

    def tween(self, target: Any, attr: str, to: Any, duration: float, ease: Ease | str = ease_in_out,
              delay: float = 0.0) -> Tween:
        t = Tween(target, attr, to, duration, ease, delay)
        self.add(t)
        return t

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            self.finish_all()
            return
        scaled = max(0.0, dt) * self.speed
        # Iterate over a snapshot: a Call may add new actions, which start on the next frame.
        for a in list(self.actions):
            if not a.done:
                a.step(scaled)
        self.actions = [a for a in self.actions if not a.done]

    def finish_all(self) -> None:
        """Jump everything to its end state, including actions that callbacks add meanwhile."""
        for _ in range(1000):  # a guard against a Call that keeps adding actions forever
            pending = [a for a in self.actions if not a.done]
            if not pending:
                break
            for a in pending:
                a.finish()
        self.actions = [a for a in self.actions if not a.done]

    def cancel(self, target: Any, attr: str | None = None) -> None:
        """Stop the running tweens on ``target`` (all attributes, or one) where they stand."""
        for key, tw in list(self._owners.items()):
            if key[0] == id(target) and (attr is None or key[1] == attr):
                tw.cancel()

    def is_idle(self) -> bool:
        return not any(not a.done for a in self.actions)

    def is_animating(self, target: Any, attr: str | None = None) -> bool:
        return any(k[0] == id(target) and (attr is None or k[1] == attr) for k in self._owners)

    # Tweens call these when they start and end.
    def _claim(self, tw: Tween) -> None:
        old = self._owners.get(tw.key)
        if old is not None and old is not tw:
            old.cancel()
        self._owners[tw.key] = tw

    def _release(self, tw: Tween) -> None:
        if self._owners.get(tw.key) is tw:
            del self._owners[tw.key]


Timeline = Animator  # the name ARCHITECTURE.md uses for the presenter's animation queue
