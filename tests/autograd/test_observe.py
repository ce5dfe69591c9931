"""minigrad.autograd.observe: the read-only window on forward ops and backward steps."""

from __future__ import annotations

import threading
import warnings

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


# --- the read-only window on the graph -------------------------------------------
def test_inputs_settings_and_sequence_nr_of_a_node() -> None:
    x = minigrad.ones(2, 3, requires_grad=True)
    y = x * 3
    s = y.softmax(dim=1)
    assert observe.inputs(y.grad_fn) == (x, 3) and observe.inputs(y.grad_fn)[0] is x
    assert observe.inputs(observe.grad_accumulator(x)) == ()
    assert dict(observe.settings(s.grad_fn)) == {"dim": 1}
    assert dict(observe.settings(y.grad_fn)) == {}
    with pytest.raises(TypeError):
        observe.settings(s.grad_fn)["dim"] = 0  # read-only
    assert observe.sequence_nr(s.grad_fn) > observe.sequence_nr(y.grad_fn)
    assert observe.sequence_nr(observe.grad_accumulator(x)) == float("inf")


def test_saved_versions_tell_which_saved_tensor_changed_in_place() -> None:
    a = minigrad.tensor([1.0, 2.0], requires_grad=True)
    b = a * 1
    e = b.exp()  # saves its own output
    m = b * a  # saves both inputs
    assert [(s.saved, s.now) for s in observe.saved_versions(m.grad_fn)] == [(0, 0), (0, 0)]
    b.add_(1)
    e.mul_(2)
    changed = [
        (s.tensor is b, s.is_output, s.saved, s.now) for s in observe.saved_versions(m.grad_fn)
    ]
    assert sorted(changed) == [(False, False, 0, 0), (True, False, 0, 1)]
    (out,) = observe.saved_versions(e.grad_fn.next_functions[0][0])  # the exp node
    assert out.is_output and (out.saved, out.now) == (0, 1)
    ta = torch.tensor([1.0, 2.0], requires_grad=True)
    tb = ta * 1
    tb.add_(1)
    assert tb._version == b._version == out.now  # the counter torch shows
    m2 = a * 2
    m2.sum().backward()
    assert observe.saved_versions(m2.grad_fn) == ()  # freed


def test_grad_accumulator_is_never_made_by_asking() -> None:
    w = minigrad.tensor(1.0, requires_grad=True)
    assert observe.grad_accumulator(w) is None
    y = w * 2
    acc = observe.grad_accumulator(w)
    assert acc is y.grad_fn.next_functions[0][0] and acc.variable is w
    assert observe.grad_accumulator(y) is None


def test_own_requires_grad_is_not_taken_from_the_base() -> None:
    x = minigrad.ones(2, requires_grad=True)
    with minigrad.no_grad():
        v = x[:1]
    tx = torch.ones(2, requires_grad=True)
    with torch.no_grad():
        tv = tx[:1]
    assert v.requires_grad == tv.requires_grad is True
    assert observe.own_requires_grad(v) is False and observe.own_requires_grad(x) is True


def test_output_nr_is_torchs() -> None:
    for lib in (minigrad, torch):
        x = lib.tensor([[1.0, 5.0], [3.0, 2.0]], requires_grad=True)
        values, _ = x.max(1)
        parts = x.split(1)
        got = (x.output_nr, values.output_nr, [p.output_nr for p in parts])
        assert got == (0, 0, [0, 1]), (lib.__name__, got)
    with pytest.raises(AttributeError):
        x.output_nr = 3  # type: ignore[misc]


def test_step_sent_is_the_gradient_as_its_input_receives_it() -> None:
    w = minigrad.ones(3, requires_grad=True)
    b = minigrad.tensor(1.0, requires_grad=True)
    h = minigrad.tensor(2.0, dtype=minigrad.float64, requires_grad=True)
    steps: list[observe.Step] = []
    with observe.on_node(steps.append):
        ((w + b) * h).sum().backward()
    add = next(s for s in steps if s.node.name() == "AddBackward0")
    assert add.grads_out[1].shape == (3,) and add.sent[1].shape == ()
    assert add.sent[1].item() == b.grad.item() == 6.0
    assert add.sent[0].dtype == minigrad.float32  # back to the promoted leaf's dtype
    mul = next(s for s in steps if s.node.name() == "MulBackward0")
    assert len(mul.sent) == len(mul.node.next_functions)
    assert steps[-1].sent == ()  # an AccumulateGrad sends nothing


def test_step_sent_follows_next_functions_of_a_custom_function() -> None:
    class Scale(minigrad.autograd.Function):
        @staticmethod
        def forward(ctx, x, k, y):  # type: ignore[no-untyped-def]
            return x * k + y

        @staticmethod
        def backward(ctx, grad):  # type: ignore[no-untyped-def]
            return grad * 2, None, grad  # y's gradient still has the broadcast shape

    x = minigrad.ones(3, requires_grad=True)
    y = minigrad.ones(1, requires_grad=True)
    steps: list[observe.Step] = []
    with observe.on_node(steps.append):
        Scale.apply(x, 2.0, y).sum().backward()
    (scale,) = [s for s in steps if s.node.name() == "ScaleBackward"]
    assert len(scale.node.next_functions) == 2  # numbers have no edge
    sent_x, sent_y = scale.sent
    assert sent_x.tolist() == [2.0, 2.0, 2.0] and sent_y.tolist() == [3.0] == y.grad.tolist()


def test_sandbox_puts_back_grads_saved_values_and_the_warning() -> None:
    from minigrad.core import engine

    w = minigrad.tensor(3.0, requires_grad=True)
    y = w * w
    y.retain_grad()
    z = y.exp()
    z.backward(retain_graph=True)
    grad_before, y_grad_before = w.grad, y.grad
    value_before = w.grad.item()
    nodes = [z.grad_fn, y.grad_fn, observe.grad_accumulator(w)]
    warned = engine._create_graph_warned
    with observe.Sandbox(nodes), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (torch's one-time create_graph warning)
        z.backward(create_graph=True)
        assert w.grad is not grad_before  # accumulated into a copy
    assert w.grad is grad_before and w.grad.item() == value_before
    assert y.grad is y_grad_before
    assert not z.grad_fn.is_freed and engine._create_graph_warned == warned
    with observe.Sandbox(nodes):
        z.backward()
    assert not z.grad_fn.is_freed and not y.grad_fn.is_freed  # saved values back


@pytest.mark.parametrize("lib", [torch, minigrad], ids=["torch", "minigrad"])
def test_a_detached_tensor_is_not_a_view(lib) -> None:
    x = lib.ones(3, requires_grad=True)
    view = x[1:]
    assert x.detach()._base is None
    assert view._base is x
    assert view.detach()._base is None


def test_detached_from_remembers_the_source_until_the_tensor_is_dropped() -> None:
    from minigrad.core import tensor as _tensor

    x = minigrad.ones(3, requires_grad=True)
    d = x.detach()
    assert observe.detached_from(d) is x
    assert observe.detached_from(x) is None
    assert observe.detached_from(x[1:]) is None  # a view, not a detach
    before = len(_tensor._detached_from)
    del d
    assert len(_tensor._detached_from) == before - 1


def test_the_create_graph_warning_points_at_the_learners_line(tmp_path) -> None:
    """torch's one-time warning names the line that called backward(create_graph=True),
    however many frames the engine runs under it (lesson 9 stores this warning)."""
    import subprocess
    import sys

    script = tmp_path / "learner.py"
    script.write_text(
        "import minigrad as torch\n"
        "x = torch.tensor(2.0, requires_grad=True)\n"
        "(x**3).backward(create_graph=True)\n"
    )
    out = subprocess.run(
        [sys.executable, "-W", "always", str(script)], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert f"{script}:3: UserWarning: Using backward() with create_graph=True" in out.stderr
    assert out.stderr.rstrip().endswith("(x**3).backward(create_graph=True)")
