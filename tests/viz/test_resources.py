"""Watching autograd leaves nothing behind: recordings, traces and widgets
release what they hold once they are done with (checked with weak references
and the widget registry, never with timings)."""

from __future__ import annotations

import gc
import weakref

import ipywidgets.widgets.widget as widget_module

import minigrad
from minigrad import viz
from minigrad.autograd import observe
from minigrad.core.node import Op
from minigrad.widgets import BackwardStepper


def test_reentered_record_leaves_no_observer_behind() -> None:
    before = {k: list(v) for k, v in observe.nodes.items()}
    rec = viz.record()
    x = minigrad.tensor(2.0, requires_grad=True)
    with rec:
        with rec:
            (x * x).backward()
        (x * 3).backward()  # still inside the outer block: still recorded
    assert observe.nodes == before
    seen = len(rec.steps)
    (x * 4).backward()
    assert len(rec.steps) == seen
    assert [s["node"].name() for s in rec.steps].count("MulBackward0") == 2


def test_nested_traces_exited_out_of_order_leave_no_watcher() -> None:
    original = Op.__dict__["apply"]
    before = {k: list(v) for k, v in observe.ops.items()}
    w = minigrad.tensor([1.0, 2.0], requires_grad=True)
    outer, inner = viz.trace(), viz.trace()
    outer.__enter__()
    inner.__enter__()
    with minigrad.no_grad():
        both = w * 2
    outer.__exit__(None, None, None)  # the outer block ends first
    with minigrad.no_grad():
        only_inner = w * 3
    inner.__exit__(None, None, None)
    assert Op.__dict__["apply"] is original  # never replaced: traces watch through observe
    assert observe.ops == before
    assert id(both) in outer.ops and id(both) in inner.ops
    assert id(only_inner) in inner.ops and id(only_inner) not in outer.ops
    with minigrad.no_grad():
        after = w * 4
    assert id(after) not in inner.ops


def test_reentered_trace_leaves_no_watcher() -> None:
    before = {k: list(v) for k, v in observe.ops.items()}
    w = minigrad.tensor([1.0, 2.0], requires_grad=True)
    tr = viz.trace()
    with tr:
        with tr:
            pass
        with minigrad.no_grad():
            y = w * 2
        assert id(y) in tr.ops  # the outer block still traces
    assert observe.ops == before


def _stepper_graph() -> minigrad.Tensor:
    w = minigrad.tensor(2.0, requires_grad=True)
    b = minigrad.tensor(1.0, requires_grad=True)
    return w * 3 + b


def test_a_dropped_stepper_closes_its_widgets() -> None:
    gc.collect()
    before = len(widget_module._instances)
    stepper = BackwardStepper(_stepper_graph())
    assert len(widget_module._instances) > before
    stepper.next()
    ref = weakref.ref(stepper)
    del stepper
    gc.collect()
    assert ref() is None
    assert len(widget_module._instances) == before


def test_a_replaced_stepper_closes_its_widgets() -> None:
    # run as notebook cells are: at module level, in a namespace of their own
    cell = {"BackwardStepper": BackwardStepper, "graph": _stepper_graph}
    gc.collect()
    before = len(widget_module._instances)
    exec("stepper = BackwardStepper(graph())", cell)
    one = len(widget_module._instances) - before
    for _ in range(3):
        exec("stepper = BackwardStepper(graph())", cell)
    gc.collect()
    assert len(widget_module._instances) == before + one
    cell["stepper"].close()
    assert len(widget_module._instances) == before
    cell["stepper"].close()  # closing twice is harmless


def test_stepper_buttons_still_work() -> None:
    stepper = BackwardStepper(_stepper_graph())
    stepper.next_button.click()
    stepper.next_button.click()
    assert stepper.step == 2
    stepper.prev_button.click()
    assert stepper.step == 1
    stepper.slider.value = 3
    assert stepper.step == 3
