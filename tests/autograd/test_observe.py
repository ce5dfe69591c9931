"""minigrad.autograd.observe: the read-only window on forward ops and backward steps."""

from __future__ import annotations

import threading

import pytest
import torch

import minigrad
from minigrad.autograd import observe


def test_on_op_sees_every_op_recorded_or_not() -> None:
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    seen: list[observe.Op] = []
    with observe.on_op(seen.append):
        y = x * 2
        s = y.sum(dim=0)
        with minigrad.no_grad():
            z = x + 1
    assert [op.name for op in seen] == ["MulBackward0", "SumBackward1", "AddBackward0"]
    mul, total, add = seen
    assert mul.inputs[0] is x and mul.inputs[1] == 2
    assert mul.outputs == (y,) and mul.node is y.grad_fn
    assert total.node is s.grad_fn and total.settings["dims"] is not None
    assert add.outputs == (z,) and add.node is None
    with pytest.raises(TypeError):
        total.settings["dims"] = 3  # read-only
    with pytest.raises(AttributeError):
        mul.name = "other"  # frozen


def test_multi_output_op_has_a_tuple_of_outputs() -> None:
    x = minigrad.tensor([[1.0, 5.0], [3.0, 2.0]], requires_grad=True)
    seen: list[observe.Op] = []
    with observe.on_op(seen.append):
        top, bottom = x.split(1)
    (op,) = seen
    assert op.name == "SplitBackward0" and op.node is top.grad_fn is bottom.grad_fn
    assert op.outputs[0] is top and op.outputs[1] is bottom


def test_remove_and_context_manager() -> None:
    x = minigrad.tensor(1.0, requires_grad=True)
    seen: list[str] = []
    handle = observe.on_op(lambda op: seen.append(op.name))
    x.exp()
    handle.remove()
    handle.remove()  # twice is harmless
    x.exp()
    with observe.on_op(lambda op: seen.append(op.name)):
        x.tanh()
    x.tanh()
    assert seen == ["ExpBackward0", "TanhBackward0"]
    assert not observe.ops and not observe.nodes  # nothing left behind


def test_watching_registers_both_and_removes_them() -> None:
    x = minigrad.tensor(3.0, requires_grad=True)
    ops: list[str] = []
    steps: list[str] = []
    with observe.watching(
        on_op=lambda op: ops.append(op.name), on_node=lambda s: steps.append(s.node.name())
    ):
        (x * x).backward()
    (x * x).backward()
    assert set(ops[1:]) == {"MulBackward0"}  # the derivative's own products
    assert ops[0] == "MulBackward0"  # (then the ops of MulBackward0's rule)
    assert steps == ["MulBackward0", "torch::autograd::AccumulateGrad"]
    assert not observe.ops and not observe.nodes


def test_callbacks_see_only_their_own_thread() -> None:
    x = minigrad.tensor(2.0, requires_grad=True)
    seen: list[str] = []
    other: list[str] = []

    def work() -> None:
        with observe.on_op(lambda op: other.append(op.name)):
            (x + 1).neg()

    with observe.watching(
        on_op=lambda op: seen.append(op.name), on_node=lambda s: seen.append("node")
    ):
        t = threading.Thread(target=work)
        t.start()
        t.join()
        x.exp()
        worker = threading.Thread(target=lambda: (x * 3).backward())
        worker.start()
        worker.join()
    assert seen == ["ExpBackward0"]
    assert other == ["AddBackward0", "NegBackward0"]


def test_steps_carry_the_gradients() -> None:
    w = minigrad.tensor(2.0, requires_grad=True)
    x = minigrad.tensor(3.0, requires_grad=True)
    steps: list[observe.Step] = []
    with observe.on_node(steps.append):
        (w * x + 1).backward()
    names = [s.node.name() for s in steps]
    assert names[:2] == ["AddBackward0", "MulBackward0"]
    add, mul = steps[:2]
    assert add.grads_in[0].item() == 1.0 and add.grad is None and add.error is None
    assert [g.item() for g in mul.grads_out] == [3.0, 2.0]
    leaves = {id(s.node.variable): s for s in steps[2:]}
    assert leaves[id(w)].grads_out == () and leaves[id(w)].grad is w.grad
    assert leaves[id(x)].grad is x.grad


def test_the_node_that_raised_is_a_step_then_the_error_goes_on() -> None:
    class Broken(minigrad.autograd.Function):
        @staticmethod
        def forward(ctx, x):  # type: ignore[no-untyped-def]
            return x * 2

        @staticmethod
        def backward(ctx, grad):  # type: ignore[no-untyped-def]
            raise ValueError("no derivative here")

    x = minigrad.tensor(1.0, requires_grad=True)
    y = Broken.apply(x).exp()
    steps: list[observe.Step] = []
    with observe.on_node(steps.append), pytest.raises(ValueError, match="no derivative"):
        y.backward()
    assert [s.node.name() for s in steps] == ["ExpBackward0", "BrokenBackward"]
    failed = steps[-1]
    assert isinstance(failed.error, ValueError) and failed.grads_out == ()
    assert failed.grads_in[0] is not None


def test_a_hook_that_raises_is_reported_at_its_node() -> None:
    x = minigrad.tensor(1.0, requires_grad=True)
    y = x * 2
    y.register_hook(lambda g: 1 / 0)
    steps: list[observe.Step] = []
    with observe.on_node(steps.append), pytest.raises(ZeroDivisionError):
        y.exp().backward()
    assert [s.node.name() for s in steps] == ["ExpBackward0", "MulBackward0"]
    assert isinstance(steps[-1].error, ZeroDivisionError)


def test_custom_function_is_one_op_named_after_its_node() -> None:
    class Square(minigrad.autograd.Function):
        @staticmethod
        def forward(ctx, x):  # type: ignore[no-untyped-def]
            ctx.save_for_backward(x)
            return x * x

        @staticmethod
        def backward(ctx, grad):  # type: ignore[no-untyped-def]
            (x,) = ctx.saved_tensors
            return 2 * x * grad

    x = minigrad.tensor(3.0, requires_grad=True)
    seen: list[observe.Op] = []
    with observe.on_op(seen.append):
        y = Square.apply(x)
        with minigrad.no_grad():
            Square.apply(x)
    # the ops inside forward run unrecorded; then the Function itself
    assert [op.name for op in seen] == [
        "MulBackward0",
        "SquareBackward",
        "MulBackward0",
        "SquareBackward",
    ]
    assert seen[1].node is y.grad_fn and seen[1].outputs == (y,)
    assert seen[0].node is None and seen[3].node is None


def test_create_graph_backward_ops_are_seen_and_recorded() -> None:
    x = minigrad.tensor(2.0, requires_grad=True)
    y = x**3
    ops: list[observe.Op] = []
    steps: list[str] = []
    with observe.watching(on_op=ops.append, on_node=lambda s: steps.append(s.node.name())):
        (g,) = minigrad.autograd.grad(y, x, create_graph=True)
    assert g.item() == 12.0
    assert ops and all(op.node is not None for op in ops)  # the derivative was recorded
    assert steps == ["PowBackward0", "torch::autograd::AccumulateGrad"]
    (gg,) = minigrad.autograd.grad(g, x)
    assert gg.item() == 12.0


def test_ops_run_by_a_callback_are_not_reported() -> None:
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    seen: list[str] = []

    def look(op: observe.Op) -> None:
        seen.append(op.name)
        op.outputs[0].detach() * 10  # the callback's own arithmetic

    with observe.on_op(look):
        x.exp()
    assert seen == ["ExpBackward0"]


def _torch_order(root: torch.Tensor) -> list[str]:
    """The names of torch's nodes in the order its engine runs them (pre-hooks)."""
    order: list[str] = []
    seen: set[int] = set()
    stack = [root.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        node.register_prehook(lambda grads, node=node: order.append(node.name()))
        stack.extend(n for n, _ in node.next_functions)
    root.backward()
    return order


def _graphs(lib):  # type: ignore[no-untyped-def]
    a = lib.tensor([1.0, -2.0, 3.0], requires_grad=True)
    b = lib.tensor([0.5, 0.25, 2.0], requires_grad=True)
    yield ((a * b).exp() + a.tanh() * b).sum()
    h = a.sigmoid()
    yield (h * h + h.sin() - (b / (a + 4)).log()).mean()
    m = a.reshape(3, 1) @ b.reshape(1, 3)
    yield (m.relu().sum(0) * a).sum() + m.max()


@pytest.mark.parametrize("k", range(3))
def test_steps_come_in_torchs_order(k: int) -> None:
    ours = list(_graphs(minigrad))[k]
    expected = _torch_order(list(_graphs(torch))[k])
    steps: list[str] = []
    with observe.on_node(lambda s: steps.append(s.node.name())):
        ours.backward()
    assert steps == expected
