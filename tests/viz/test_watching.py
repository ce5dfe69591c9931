"""The pictures, widgets and explain watch autograd only through the observation
hooks (minigrad.autograd.observe) and public attributes: no swapping of
``Op.apply``, no reading of the engine's stack frames, one backward engine."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import minigrad as torch
from minigrad import viz
from minigrad.core import engine
from minigrad.core.node import Op
from minigrad.widgets import BackwardStepper

PACKAGE = Path(torch.__file__).parent
CONSUMERS = sorted(
    [*(PACKAGE / "viz").glob("*.py"), *(PACKAGE / "widgets").glob("*.py"), PACKAGE / "explain.py"]
)


@pytest.fixture
def no_old_observer(monkeypatch):
    """``engine.add_observer`` (the old way to watch backward) must not be called."""

    def boom(*args, **kwargs):
        raise AssertionError("engine.add_observer used: watch with observe.on_node")

    monkeypatch.setattr(engine, "add_observer", boom, raising=False)


@pytest.mark.parametrize("path", CONSUMERS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_frame_reads_no_tracing_no_swapped_apply(path):
    text = path.read_text()
    for pattern in [
        r"_getframe",
        r"f_locals",
        r"f_back",
        r"setprofile",
        r"settrace",
        r"add_observer",
        r"\.apply\s*=",
        r"tb_frame",
    ]:
        assert not re.search(pattern, text), f"{path.name} uses {pattern}"


def test_trace_never_replaces_op_apply():
    apply = Op.__dict__["apply"]
    w = torch.tensor(2.0, requires_grad=True)
    seen = []
    with viz.trace() as tr:
        seen.append(Op.__dict__["apply"])
        with torch.no_grad():
            y = w * 2
        seen.append(Op.__dict__["apply"])
    assert all(a is apply for a in seen) and Op.__dict__["apply"] is apply
    assert tr.ops[id(y)][0] == "MulBackward0"  # the no_grad op was seen all the same
    assert "under no_grad" in viz.draw_forward(y * w, trace=tr).source


def test_record_watches_through_the_hook(no_old_observer):
    w = torch.tensor(2.0, requires_grad=True)
    z = (w * w).sum()
    with viz.record() as rec:
        z.backward()
    assert [s["node"].name() for s in rec.steps] == [
        "SumBackward0",
        "MulBackward0",
        "torch::autograd::AccumulateGrad",
    ]
    assert rec.steps[-1]["grad"] is w.grad


class Boom(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 1

    @staticmethod
    def backward(ctx, grad):
        raise RuntimeError("boom in backward")


def test_stepper_shows_the_node_that_raised(no_old_observer):
    x = torch.tensor(2.0, requires_grad=True)
    b = torch.tensor(1.0, requires_grad=True)
    z = Boom.apply(x) * 3 + b
    s = BackwardStepper(z)
    last = s.steps[-1]
    assert last.kind == "error" and "boom in backward" in last.error
    assert s.recording.error_node is z.grad_fn.next_functions[0][0].next_functions[0][0]
    assert "stopped at BoomBackward" in last.text
    assert x.grad is None and b.grad is None  # the sandbox put everything back


def test_stepper_on_a_freed_graph_stops_at_the_real_error(no_old_observer):
    x = torch.tensor(2.0, requires_grad=True)
    y = x * x
    y.backward()
    s = BackwardStepper(y)
    assert s.steps[-1].kind == "error" and "second time" in s.steps[-1].error
    assert s.recording.error_node is y.grad_fn
    assert x.grad.item() == 4.0  # untouched


def test_edge_gradients_come_from_the_real_engine(no_old_observer):
    # a hook changes the gradient: only the real engine knows; the picture shows it
    x = torch.tensor(2.0, requires_grad=True)
    y = x * 3
    y.register_hook(lambda g: g * 10)
    z = y * 1
    src = viz.draw_backward(z, grads=True).source
    assert "30.0" in src  # 1 * 10 (the hook) * 3, on the edge into x's AccumulateGrad
    assert x.grad is None  # the rerun left .grad alone ...
    z.backward()  # ... and the graph usable (nothing freed)
    assert x.grad.item() == 30.0


def test_rerun_after_backward_keeps_grads_and_saved_values():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    y.backward(retain_graph=True)
    before = x.grad.clone()
    src = viz.draw_backward(y).source
    assert "[2.0, 4.0]" in src
    np.testing.assert_array_equal(x.grad.numpy(), before.numpy())
    assert not y.grad_fn.next_functions[0][0].is_freed


def test_drawing_runs_no_post_accumulate_hook():
    # an optimizer step in a post-accumulate-grad hook must not run when a picture is drawn
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    calls = []
    w.register_post_accumulate_grad_hook(lambda p: calls.append(p.grad.tolist()))
    loss = (w * w).sum()
    loss.backward(retain_graph=True)
    assert calls == [[2.0, 4.0]]
    src = viz.draw_backward(loss).source
    assert "[2.0, 4.0]" in src  # the edge gradients were recomputed ...
    assert calls == [[2.0, 4.0]]  # ... without calling the hook again
    assert w.grad.tolist() == [2.0, 4.0]


def test_one_module_reads_the_call_stack():
    readers = sorted(
        str(p.relative_to(PACKAGE))
        for p in PACKAGE.rglob("*.py")
        if re.search(r"_getframe|f_locals|f_back|setprofile|settrace|tb_frame", p.read_text())
    )
    assert readers == ["exact/names.py"]
