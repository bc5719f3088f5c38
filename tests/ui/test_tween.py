"""Tween semantics: easing ends, replacement, skip to end, speed, sequences and parallels."""

from __future__ import annotations

import pytest

from game.ui import tween as tw
from game.ui.tween import Animator, Call, Parallel, Sequence, Tween, Wait


class Obj:
    def __init__(self) -> None:
        self.x = 0.0
        self.y = 0.0
        self.pos = (0.0, 0.0)


@pytest.mark.parametrize("name", sorted(tw.EASINGS))
def test_easings_start_at_0_and_end_at_1(name: str) -> None:
    f = tw.EASINGS[name]
    assert f(0.0) == pytest.approx(0.0, abs=1e-9)
    assert f(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_reaches_target_in_seconds() -> None:
    o, a = Obj(), Animator()
    a.add(Tween(o, "x", 100, 1.0, tw.linear))
    a.update(0.25)
    assert o.x == pytest.approx(25)
    a.update(0.5)
    assert o.x == pytest.approx(75)
    assert not a.is_idle()
    a.update(0.5)
    assert o.x == 100 and a.is_idle()


def test_tuples_interpolate() -> None:
    o, a = Obj(), Animator()
    a.add(Tween(o, "pos", (10.0, -10.0), 1.0, "linear"))
    a.update(0.5)
    assert o.pos == pytest.approx((5.0, -5.0))


def test_delay_then_from_current_value() -> None:
    o, a = Obj(), Animator()
    a.add(Tween(o, "x", 10, 1.0, tw.linear, delay=0.5))
    a.update(0.4)
    assert o.x == 0
    o.x = 5  # changed during the delay: the tween starts from here
    a.update(0.6)  # 0.1 into the delay, 0.5 into the tween
    assert o.x == pytest.approx(5 + 5 * 0.5)


def test_new_tween_on_same_attribute_replaces_old() -> None:
    o, a = Obj(), Animator()
    first = a.add(Tween(o, "x", 100, 1.0, tw.linear))
    other = a.add(Tween(o, "y", 50, 1.0, tw.linear))
    a.update(0.5)
    second = a.add(Tween(o, "x", -100, 1.0, tw.linear))
    assert first.done and not other.done
    a.update(0.5)
    assert o.x == pytest.approx(50 + (-150) * 0.5)  # from 50 (no jump), half way to -100
    assert o.y == pytest.approx(50)  # the other attribute was untouched
    a.finish_all()
    assert o.x == -100 and second.done and a.is_idle()


def test_finish_all_applies_end_states_and_calls_in_order() -> None:
    o, a, log = Obj(), Animator(), []
    a.add(Sequence(Tween(o, "x", 7, 2.0), Call(log.append, "a"), Wait(5), Tween(o, "y", 3, 1.0),
                   Call(log.append, "b")))
    a.update(0.1)
    a.finish_all()
    assert (o.x, o.y, log) == (7, 3, ["a", "b"])
    assert a.is_idle()


def test_finish_all_runs_actions_added_by_callbacks() -> None:
    o, a = Obj(), Animator()
    a.add(Call(lambda: a.add(Tween(o, "x", 9, 3.0))))
    a.finish_all()
    assert o.x == 9 and a.is_idle()


def test_speed_zero_is_instant_and_speed_scales() -> None:
    o, a = Obj(), Animator(speed=0)
    a.add(Sequence(Tween(o, "x", 4, 10.0), Tween(o, "y", 2, 10.0)))
    assert (o.x, o.y) == (4, 2) and a.is_idle()
    b = Animator(speed=2.0)
    b.add(Tween(o, "x", 0, 1.0, tw.linear))
    b.update(0.25)
    assert o.x == pytest.approx(2.0)


def test_sequence_carries_leftover_time() -> None:
    o, a = Obj(), Animator()
    a.add(Sequence(Tween(o, "x", 1, 0.3, tw.linear), Tween(o, "y", 1, 1.0, tw.linear)))
    a.update(0.5)  # 0.3 for x, 0.2 into y
    assert o.x == 1 and o.y == pytest.approx(0.2)


def test_parallel_waits_for_longest() -> None:
    o, a, log = Obj(), Animator(), []
    a.add(Sequence(Parallel(Tween(o, "x", 1, 0.2), Tween(o, "y", 1, 0.6)), Call(log.append, "done")))
    a.update(0.3)
    assert o.x == 1 and log == []
    a.update(0.3)
    assert o.y == 1 and log == ["done"] and a.is_idle()


def test_replacement_inside_sequence_lets_sequence_continue() -> None:
    o, a, log = Obj(), Animator(), []
    a.add(Sequence(Tween(o, "x", 100, 1.0), Call(log.append, "after")))
    a.update(0.1)
    a.add(Tween(o, "x", 5, 0.1))
    a.update(0.05)
    assert log == ["after"]  # the cancelled tween counts as done; its end state is not forced
    a.update(0.1)
    assert o.x == 5 and a.is_idle()


def test_cancel_target_and_zero_duration() -> None:
    o, a = Obj(), Animator()
    a.add(Tween(o, "x", 10, 1.0, tw.linear))
    a.update(0.5)
    assert a.is_animating(o, "x")
    a.cancel(o)
    a.update(1.0)
    assert o.x == pytest.approx(5) and a.is_idle() and not a.is_animating(o)
    a.add(Tween(o, "y", 3, 0.0))
    a.update(0.0)
    assert o.y == 3


def test_negative_duration_rejected() -> None:
    with pytest.raises(ValueError):
        Tween(Obj(), "x", 1, -1.0)
