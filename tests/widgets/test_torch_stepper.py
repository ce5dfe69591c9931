"""BackwardStepper on real torch: the order and the gradients are torch's engine's own,
and the learner's ``.grad`` stays untouched unless ``keep=True``."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from minigrad.widgets import BackwardStepper


def engine_run(output: torch.Tensor) -> tuple[list, dict]:
    """What torch's engine does in a real ``backward()``, seen through node post-hooks:
    the nodes in the order they ran, with what each sent."""
    nodes, stack = {}, [output.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is not None and id(fn) not in nodes:
            nodes[id(fn)] = fn
            stack += [n for n, _ in fn.next_functions]
    ran: list = []

    def note(fn):
        return lambda grad_inputs, grad_outputs: ran.append(
            (fn, [None if g is None else g.detach().clone() for g in grad_inputs])
        )

    handles = [fn.register_hook(note(fn)) for fn in nodes.values()]
    output.backward(retain_graph=True)
    for h in handles:
        h.remove()
    leaves = {
        id(fn.variable): fn.variable.grad.clone()
        for fn in nodes.values()
        if type(fn).__name__ == "AccumulateGrad"
    }
    return ran, leaves


def model_and_loss() -> tuple[torch.nn.Module, torch.Tensor]:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.Tanh(), torch.nn.Linear(4, 2))
    x = torch.randn(5, 3)
    return model, (model(x) ** 2).mean()


def test_order_and_gradients_are_the_engines() -> None:
    w = torch.tensor(2.0, requires_grad=True)
    b = torch.tensor(1.0, requires_grad=True)
    y = w * 3
    z = y * y + b + w  # w is reached twice: its gradient is a sum
    s = BackwardStepper(z)
    assert w.grad is None and b.grad is None  # untouched
    ours = [st for st in s.steps if st.kind == "node"]
    ran, leaves = engine_run(z)
    assert [st.node for st in ours] == [fn for fn, _ in ran]
    for st, (fn, sent) in zip(ours, ran):
        if type(fn).__name__ != "AccumulateGrad":
            assert len(st.sent) == len(sent)
            for a, g in zip(st.sent, sent):
                assert (a is None) == (g is None)
                if g is not None:
                    np.testing.assert_allclose(a, g.numpy())
    last = s.steps[-1].leaf_grads
    np.testing.assert_allclose(last["w"], leaves[id(w)].numpy())  # 2·y·3 + 1 = 37
    np.testing.assert_allclose(last["b"], leaves[id(b)].numpy())
    assert float(last["w"]) == 37.0


def test_a_module_steps_like_the_engine_and_keeps_grads() -> None:
    model, loss = model_and_loss()
    before = [p.grad for p in model.parameters()]
    s = BackwardStepper(loss)
    assert [p.grad for p in model.parameters()] == before == [None] * 4
    ran, leaves = engine_run(loss)
    assert [st.node for st in s.steps if st.kind == "node"] == [fn for fn, _ in ran]
    final = s.steps[-1].leaf_grads
    assert set(final) == {"0.weight", "0.bias", "2.weight", "2.bias"}
    for name, p in model.named_parameters():
        np.testing.assert_allclose(final[name], p.grad.numpy(), rtol=1e-6)


def test_grad_so_far_adds_to_an_earlier_backward() -> None:
    w = torch.tensor(3.0, requires_grad=True)
    z = w * w
    z.backward(retain_graph=True)  # w.grad = 6
    s = BackwardStepper(z)
    assert float(w.grad) == 6.0
    assert float(s.steps[0].leaf_grads["w"]) == 6.0
    assert float(s.steps[-1].leaf_grads["w"]) == 12.0
    assert "6.0 + 6.0 = 12.0" in s.goto(len(s.steps) - 1).source


def test_keep_true_is_the_real_backward() -> None:
    w = torch.tensor(3.0, requires_grad=True)
    z = w * w
    s = BackwardStepper(z, keep=True)
    assert float(w.grad) == 6.0
    assert s.steps[-1].name.endswith("AccumulateGrad")


def test_a_freed_graph_ends_in_torchs_error() -> None:
    w = torch.tensor(3.0, requires_grad=True)
    z = w.exp() * 2
    z.backward()
    s = BackwardStepper(z)
    assert s.error is not None and s.steps[-1].kind == "error"
    assert "second time" in s.steps[-1].error
    with pytest.raises(RuntimeError, match="second time"):
        z.backward()  # the real one says the same


def test_frames_show_the_running_node_and_the_leaf_grads() -> None:
    w = torch.tensor(2.0, requires_grad=True)
    z = w * 3
    s = BackwardStepper(z)
    assert [st.name.split("::")[-1] for st in s.steps] == [
        "start",
        "MulBackward0",
        "AccumulateGrad",
    ]
    first, last = s.goto(0).source, s.goto(2).source
    assert "grad: none" in first and "grad: 3.0" in last
    assert "step 2: running" in last
