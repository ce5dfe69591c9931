"""Every learning aid only looks: run twice on a model with BatchNorm, dropout, both
kinds of checkpoint, a hook and a custom Function, it leaves every parameter, buffer,
``.grad``, the RNG state and every hook dictionary bit-identical, and the stepper ends
on exactly what a plain ``loss.backward()`` gives. ``viz.record()`` keeps no dropped
activation alive, and ``explain`` names a no_grad chain and a detached temporary."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import numpy as np
import pytest
import torch
from torch import nn

import minigrad
from minigrad import explain, viz
from minigrad.widgets import BackwardStepper, JacobianExplorer


def build(lib: Any) -> type:
    """The model class for ``lib`` (real torch or minigrad: the same code)."""

    class Double(lib.autograd.Function):
        calls = 0

        @staticmethod
        def forward(ctx: Any, x: Any) -> Any:
            return x * 2

        @staticmethod
        def backward(ctx: Any, g: Any) -> Any:
            Double.calls += 1
            return g * 2

    nn_ = lib.nn

    class Net(nn_.Module):
        def __init__(self) -> None:
            super().__init__()
            self.stem = nn_.Sequential(
                nn_.Linear(4, 6), nn_.BatchNorm1d(6), nn_.ReLU(), nn_.Dropout(0.3)
            )
            self.block = nn_.Sequential(nn_.Linear(6, 6), nn_.BatchNorm1d(6))  # non-reentrant
            self.other = nn_.Sequential(nn_.Linear(6, 6), nn_.BatchNorm1d(6))  # reentrant
            self.head = nn_.Linear(6, 1)

        def forward(self, x: Any, reentrant: bool) -> Any:
            ck = lib.utils.checkpoint.checkpoint
            h = self.stem(x)
            h = ck(self.block, h, use_reentrant=False)
            if reentrant:
                h = ck(self.other, h, use_reentrant=True)
            return self.head(Double.apply(lib.tanh(h)))

    return Net


Net = build(torch)


def state(model: Any, extra: list, lib: Any = torch) -> dict:
    """Everything an aid must not change, as plain copies."""
    out: dict = {"rng": lib.get_rng_state().clone()}
    for name, t in model.state_dict(keep_vars=True).items():
        out[name] = t.detach().clone()
        out[name + ".grad"] = None if t.grad is None else t.grad.clone()
    for k, t in enumerate(extra):
        out[f"extra{k}.grad"] = None if t.grad is None else t.grad.clone()
        hooks = t._backward_hooks if lib is torch else t._hooks  # (each library's own field)
        out[f"extra{k}.hooks"] = len(hooks or {})
    for name, m in model.named_modules():
        for kind in ("_forward_hooks", "_forward_pre_hooks", "_backward_hooks"):
            out[f"{name}.{kind}"] = len(getattr(m, kind))
    return {k: v.numpy() if hasattr(v, "numpy") else v for k, v in out.items()}


def same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for k in a:
        if isinstance(a[k], np.ndarray):
            assert b[k] is not None and np.array_equal(a[k], b[k]), k
        else:
            assert a[k] == b[k], k


def make(reentrant: bool, lib: Any = torch) -> tuple[Any, Any, Any, list]:
    lib.manual_seed(0)
    model = build(lib)()
    x = lib.randn(8, 4, requires_grad=True)
    seen: list = []
    x.register_hook(lambda g: seen.append(1))
    loss = model(x, reentrant).pow(2).mean()
    return model, x, loss, seen


@pytest.mark.parametrize("lib", [torch, minigrad], ids=["torch", "minigrad"])
@pytest.mark.parametrize("reentrant", [False, True])
def test_every_aid_twice_leaves_the_model_as_it_was(reentrant: bool, lib: Any) -> None:
    model, x, loss, _ = make(reentrant, lib)
    before = state(model, [x], lib)
    for _ in range(2):
        assert viz.draw_forward(loss).source
        assert viz.draw_backward(loss).source
        src = viz.draw_backward(loss, grads=True).source
        assert "n/a" not in src  # also through a reentrant checkpoint
        explain(loss)
        explain(model.head.weight, output=loss)
        stepper = BackwardStepper(loss)
        for k in range(len(stepper.steps)):
            stepper.goto(k)
        same(before, state(model, [x], lib))
    # the stepper's last step is exactly what a plain backward gives
    final = stepper.steps[-1].leaf_grads
    assert stepper.error is None
    loss.backward()
    for name, p in model.named_parameters():
        if p.grad is None:  # (not used: the reentrant block is off)
            assert final.get(name) is None, name
            continue
        np.testing.assert_array_equal(final[name], p.grad.numpy(), err_msg=name)
    np.testing.assert_array_equal(final["x"], x.grad.numpy())


def test_a_fresh_forward_after_the_aids_is_bit_identical() -> None:
    model, x, loss, _ = make(True)
    BackwardStepper(loss)
    viz.draw_backward(loss, grads=True)
    explain(loss)
    after = model(x.detach(), True)
    model2, x2, _, _ = make(True)
    ref = model2(x2.detach(), True)
    assert torch.equal(after, ref)


def test_the_jacobian_explorer_touches_no_grad_buffer_or_rng() -> None:
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.Dropout(0.5), nn.Linear(4, 2))
    x = torch.randn(5, 3)
    before = state(model, [])
    ex = JacobianExplorer(lambda v: model(v), x)
    ex.row(1)
    ex.set_x(np.ones(15))
    same(before, state(model, []))  # no .grad, no BatchNorm statistics, no random draws
    assert model[0].weight.grad is None


def test_the_jacobian_explorer_is_torchs_jacobian() -> None:
    lin = nn.Linear(3, 2)
    x = torch.randn(3)
    ex = JacobianExplorer(lambda v: torch.tanh(lin(v)), x)
    ref = torch.autograd.functional.jacobian(lambda v: torch.tanh(lin(v)), x)
    np.testing.assert_allclose(ex.J, ref.numpy(), rtol=1e-6)
    assert lin.weight.grad is None


CELL = """
model = nn.Sequential(nn.Linear(100, 10), nn.ReLU(), nn.Linear(10, 1))
with viz.record():
    h = model[0](torch.randn(64, 100))
    loss = model[2](model[1](h)).sum()
viz.draw_forward(loss)
explain(h)
loss.backward()
ref = weakref.ref(h)
"""


def test_record_keeps_no_dropped_activation_alive() -> None:
    # run as a notebook cell runs: at module level, in the notebook's namespace (a
    # function's frame would keep its own snapshot of its locals alive in CPython 3.11)
    cell: dict = {"nn": nn, "torch": torch, "viz": viz, "explain": explain, "weakref": weakref}
    exec(compile(CELL, "<cell>", "exec"), cell)
    assert cell["ref"]() is not None
    del cell["h"], cell["loss"]
    gc.collect()
    assert cell["ref"]() is None


def test_explain_names_a_no_grad_chain_and_a_detached_temporary() -> None:
    enc, side = nn.Linear(3, 4), nn.Linear(3, 4)
    x = torch.randn(2, 3)
    with viz.record():
        with torch.no_grad():
            feats = torch.relu(enc(x))
        aux = side(x).detach()
    e = explain(feats)
    assert e.cause == "no_grad"
    assert "linear → relu" in e.text and "enc.weight" in e.text
    d = explain(aux)
    assert d.cause == "detach"
    assert "AddmmBackward0" in d.text  # the temporary it was cut from
    src = viz.draw_forward(aux).source
    assert "detach()" in src and "linear" in src  # the cut, drawn from the temporary
