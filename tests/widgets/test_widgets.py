"""The learning widgets, driven the way a learner would: buttons and sliders.

Every gradient is checked against real PyTorch doing the same computation.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad
from minigrad.widgets import BackwardStepper, JacobianExplorer, interact_graph


def seed_graph(lib):
    """The textbook's z = w*x + b (section 2.5.3), with fixed values."""
    x = lib.Tensor([2.0])
    w = lib.tensor([0.5], requires_grad=True)
    b = lib.tensor([0.1], requires_grad=True)
    y = lib.mul(w, x)
    z = lib.add(y, b)
    return x, w, b, y, z


def torch_order(z) -> list[str]:
    """The order in which real torch runs the nodes of z's graph."""
    order, seen, stack = [], set(), [z.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        fn.register_prehook(lambda grads, fn=fn: order.append(fn.name()))
        stack += [n for n, _ in fn.next_functions]
    return order


def node_names(stepper) -> list[str]:
    return [s.name for s in stepper.steps if s.kind == "node"]


# --- BackwardStepper -----------------------------------------------------------------


def test_stepper_replays_the_engine_order_and_grads_of_real_torch():
    *_, tz = seed_graph(torch)
    order = torch_order(tz)
    tz.backward()
    assert len(order) == 4
    x, w, b, y, z = seed_graph(minigrad)
    s = BackwardStepper(z, names={w: "w", b: "b"})
    assert node_names(s) == order
    assert s.steps[0].kind == "start" and s.step == 0
    tx, tw, tb, ty, tz = seed_graph(torch)
    tz.backward()
    last = s.steps[-1].leaf_grads
    np.testing.assert_allclose(last["w"], tw.grad.numpy())
    np.testing.assert_allclose(last["b"], tb.grad.numpy())


def test_stepper_leaves_the_learners_state_alone():
    x, w, b, y, z = seed_graph(minigrad)
    BackwardStepper(z)
    assert w.grad is None and b.grad is None
    assert not y.grad_fn.is_freed
    z.backward()  # the graph is still usable: the stepper freed nothing for good
    tx, tw, tb, ty, tz = seed_graph(torch)
    tz.backward()
    np.testing.assert_allclose(w.grad.numpy(), tw.grad.numpy())


def test_stepper_buttons_slider_and_picture():
    x, w, b, y, z = seed_graph(minigrad)
    s = BackwardStepper(z)
    n = len(s.steps)
    assert s.slider.max == n - 1 and s.play.max == n - 1
    assert s.prev_button.disabled and not s.next_button.disabled
    first = s.source
    s.next_button.click()
    assert s.step == 1 and s.slider.value == 1
    assert s.source != first
    assert "running" in s.source and s.steps[1].name.split("::")[-1] in s.source
    s.slider.value = n - 1
    assert s.step == n - 1 and s.next_button.disabled
    s.next()  # stays on the last step
    assert s.step == n - 1
    s.previous()
    assert s.step == n - 2
    assert s.goto(-5).step == 0 and s.goto(99).step == n - 1
    assert s.svg.startswith("<svg") and "</svg>" in s.svg
    assert s.image.value == s.svg
    bundle = s._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith("BackwardStepper")


def test_not_computed_yet_looks_different_from_zero():
    w = minigrad.tensor([-1.0], requires_grad=True)
    v = minigrad.tensor([2.0], requires_grad=True)
    z = (w.relu() + v).sum()  # relu at -1: w's gradient is exactly 0
    s = BackwardStepper(z, names={w: "w", v: "v"})
    assert s.steps[0].leaf_grads == {"w": None, "v": None}
    assert s.goto(0).source.count("not computed yet") >= 2
    final = s.goto(len(s.steps) - 1)
    assert final.current.leaf_grads["w"].tolist() == [0.0]
    tw = torch.tensor([-1.0], requires_grad=True)
    (tw.relu() + 2).sum().backward()
    assert tw.grad.tolist() == [0.0]
    assert "not computed yet" not in final.source.split("legend")[0].split(".grad not")[0]
    assert "grad: [0.0]" in final.source


def test_fan_out_shows_each_contribution_and_the_sum():
    x = minigrad.tensor([3.0], requires_grad=True)
    z = (x * x + x * 2).sum()
    s = BackwardStepper(z, names={x: "x"})
    acc = [st for st in s.steps if st.name.endswith("AccumulateGrad")]
    assert len(acc) == 1  # the engine sums the edges first, then runs the node once
    sent = [
        g
        for st in s.steps
        if st.kind == "node"
        for nxt, g in zip(st.node._next, st.sent)
        if nxt is acc[0].node and g is not None
    ]
    assert len(sent) == 3  # x*x sends twice, x*2 once
    np.testing.assert_allclose(sum(sent), acc[0].grads_in[0])
    tx = torch.tensor([3.0], requires_grad=True)
    (tx * tx + tx * 2).sum().backward()
    np.testing.assert_allclose(acc[0].leaf_grads["x"], tx.grad.numpy())
    # a frame in which only some of the edges have arrived says so
    sources = [s.goto(i).source for i in range(len(s.steps))]
    assert any("of 3 edges arrived" in src for src in sources)
    assert " + " in sources[-1]  # the sum is written out


def test_second_backward_with_retain_graph_accumulates():
    x, w, b, y, z = seed_graph(minigrad)
    z.backward(retain_graph=True)
    s = BackwardStepper(z, retain_graph=True, names={w: "w", b: "b"})
    tx, tw, tb, ty, tz = seed_graph(torch)
    tz.backward(retain_graph=True)
    first_w = tw.grad.clone()
    tz.backward(retain_graph=True)
    np.testing.assert_allclose(s.steps[0].leaf_grads["w"], first_w.numpy())
    np.testing.assert_allclose(s.steps[-1].leaf_grads["w"], tw.grad.numpy())
    np.testing.assert_allclose(s.steps[-1].leaf_grads["b"], tb.grad.numpy())
    assert "+" in s.goto(len(s.steps) - 1).source  # before + new = after
    np.testing.assert_allclose(w.grad.numpy(), first_w.numpy())  # restored


def test_freed_graph_ends_in_the_real_error():
    x, w, b, y, z = seed_graph(minigrad)
    z.backward()
    s = BackwardStepper(z, names={w: "w", b: "b"})
    tx, tw, tb, ty, tz = seed_graph(torch)
    tz.backward()
    with pytest.raises(RuntimeError) as info:
        tz.backward()
    last = s.steps[-1]
    assert last.kind == "error" and last.node is y.grad_fn
    assert last.error == f"RuntimeError: {info.value}"
    # torch had already added into b.grad before failing; so does the replay
    np.testing.assert_allclose(last.leaf_grads["b"], tb.grad.numpy())
    assert "RuntimeError here" in s.goto(len(s.steps) - 1).source
    assert "RuntimeError" in s.text.value
    np.testing.assert_allclose(b.grad.numpy(), [1.0])  # the learner's b.grad is unchanged


@pytest.mark.filterwarnings("ignore:Using backward\\(\\) with create_graph=True")
def test_create_graph_gradients_carry_a_grad_fn():
    w = minigrad.tensor([2.0], requires_grad=True)
    z = (w * w * w).sum()
    s = BackwardStepper(z, create_graph=True, names={w: "w"})
    acc = [st for st in s.steps if st.name.endswith("AccumulateGrad")][0]
    tw = torch.tensor([2.0], requires_grad=True)
    (tw * tw * tw).sum().backward(create_graph=True)
    assert acc.grad_fns[0] == tw.grad.grad_fn.name().split("::")[-1]  # CopyBackwards
    np.testing.assert_allclose(acc.leaf_grads["w"], tw.grad.detach().numpy())
    assert any("grad_fn=" in s.goto(i).source for i in range(len(s.steps)))
    assert w.grad is None


def test_keep_true_is_the_real_backward():
    x, w, b, y, z = seed_graph(minigrad)
    BackwardStepper(z, keep=True)
    tx, tw, tb, ty, tz = seed_graph(torch)
    tz.backward()
    np.testing.assert_allclose(w.grad.numpy(), tw.grad.numpy())
    assert y.grad_fn.is_freed


def test_stepper_finds_names_in_the_callers_variables():
    weight = minigrad.tensor([1.5], requires_grad=True)
    out = (weight * 2).sum()
    s = BackwardStepper(out)
    assert "weight" in s.steps[0].leaf_grads
    assert "weight" in s.source and "out" in s.source


# --- interact_graph -------------------------------------------------------------------


def f_seed(x, w, b):
    y = w * x
    z = y + b
    return z


def test_interact_graph_sliders_rerun_forward_and_backward():
    g = interact_graph(f_seed, x=2.0, w=(-3.0, 3.0), b=(-3.0, 3.0, 0.5))
    assert set(g.sliders) == {"w", "b"}
    assert g.sliders["b"].step == 0.5
    before = g.source
    g.sliders["w"].value = 1.5
    g.sliders["b"].value = -1.0
    tx = torch.tensor(2.0)
    tw = torch.tensor(1.5, requires_grad=True)
    tb = torch.tensor(-1.0, requires_grad=True)
    tz = f_seed(tx, tw, tb)
    tz.backward()
    assert g.values == {"x": 2.0, "w": 1.5, "b": -1.0}
    assert g.grads["w"] == pytest.approx(tw.grad.item())
    assert g.grads["b"] == pytest.approx(tb.grad.item())
    assert g.grads["x"] is None  # a fixed input does not require grad
    assert g.output.item() == pytest.approx(tz.item())
    assert g.source != before
    # the names come from f's own variables, intermediate ones too (forward view)
    assert "<B>z</B>" in g.source and "<B>w</B>" in g.source
    forward = interact_graph(f_seed, view="forward", x=2.0, w=(-3.0, 3.0), b=(-3.0, 3.0))
    assert "<B>y</B>" in forward.source and "<B>z</B>" in forward.source
    assert "fixed (no grad)" in g.table.value and "1.5" in g.table.value
    assert g.svg.startswith("<svg") and g.image.value == g.svg


def test_interact_graph_matches_torch_on_a_deeper_function():
    def f(x, w, b):
        return ((w * x + b).tanh() * w).sum()

    g = interact_graph(f, x=(-2.0, 2.0), w=(-1.0, 1.0), b=(0.0, 1.0))
    for xv, wv, bv in [(0.3, -0.7, 0.2), (-1.5, 0.9, 0.8)]:
        g.sliders["x"].value, g.sliders["w"].value, g.sliders["b"].value = xv, wv, bv
        t = {k: torch.tensor(v, requires_grad=True) for k, v in zip("xwb", (xv, wv, bv))}
        f(**t).backward()
        for k in "xwb":
            assert g.grads[k] == pytest.approx(t[k].grad.item(), rel=1e-5)


def test_interact_graph_shows_a_failing_function_without_crashing():
    def f(x):
        return x.item()  # not a tensor

    g = interact_graph(f, x=(0.0, 1.0))
    assert "TypeError" in g.error and "TypeError" in g.table.value
    with pytest.raises(ValueError):
        interact_graph(f, x=(1.0, 0.0))
    with pytest.raises(TypeError):
        interact_graph(f_seed, q=(0.0, 1.0))


# --- JacobianExplorer -----------------------------------------------------------------


def seed_f(lib):
    def f(x):
        y = lib.zeros(1, 2)
        y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
        y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]
        return y

    return f


def test_jacobian_explorer_seed_trap_and_rows():
    x = minigrad.tensor([[2, 3]], dtype=minigrad.float, requires_grad=True)
    ex = JacobianExplorer(seed_f(minigrad), x)
    tx = torch.tensor([[2.0, 3.0]])
    J = torch.autograd.functional.jacobian(seed_f(torch), tx).reshape(2, 2)
    np.testing.assert_allclose(ex.J, J.numpy())
    # v starts as all ones: the seed's trap, [6, 9]
    tx = torch.tensor([[2.0, 3.0]], requires_grad=True)
    seed_f(torch)(tx).backward(torch.Tensor([[1, 1]]))
    np.testing.assert_allclose(ex.x_grad, tx.grad.numpy().reshape(-1))
    np.testing.assert_allclose(ex.vjp, ex.x_grad)
    assert "trap" in ex.result.value and "6" in ex.result.value
    for i in range(2):
        ex.row_buttons[i].click()
        assert ex.v.tolist() == [1.0 if k == i else 0.0 for k in range(2)]
        np.testing.assert_allclose(ex.x_grad, J[i].numpy())
        assert f"row {i}" in ex.result.value
    assert x.grad is None  # the learner's x is never touched


def test_jacobian_explorer_any_v_is_a_vector_jacobian_product():
    ex = JacobianExplorer(seed_f(minigrad), minigrad.tensor([[2.0, 3.0]]))
    ex.v_boxes[0].value = -0.5
    ex.v_boxes[1].value = 2.0
    tx = torch.tensor([[2.0, 3.0]], requires_grad=True)
    seed_f(torch)(tx).backward(torch.tensor([[-0.5, 2.0]]))
    np.testing.assert_allclose(ex.x_grad, tx.grad.numpy().reshape(-1))
    np.testing.assert_allclose(ex.vjp, tx.grad.numpy().reshape(-1))
    ex.ones_button.click()
    assert ex.v.tolist() == [1.0, 1.0]


def test_jacobian_explorer_on_a_vector_function():
    def g(lib, x):
        return x.exp() * x[1] + x * x

    xs = [0.5, -1.0, 2.0]
    ex = JacobianExplorer(lambda x: g(minigrad, x), minigrad.tensor(xs))
    J = torch.autograd.functional.jacobian(lambda x: g(torch, x), torch.tensor(xs))
    np.testing.assert_allclose(ex.J, J.numpy(), rtol=1e-5)
    ex.set_v([1.0, 0.0, -2.0])
    np.testing.assert_allclose(ex.vjp, np.array([1.0, 0.0, -2.0]) @ J.numpy(), rtol=1e-5)
    np.testing.assert_allclose(ex.x_grad, ex.vjp, rtol=1e-5)
