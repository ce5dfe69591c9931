"""Training parity: the same small network, trained with the same optimiser
in torch and in minigrad, must have the same weights after every step.

The minigrad model starts from a copy of the torch model's weights (copied
in under ``no_grad``), and both are trained on the same fixed data. In
float64 the weights agree to ~1e-12; in float32 to a few ulps (the matrix
products and square roots round differently from torch's kernels).
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

STEPS = 12

CONFIGS = [
    ("SGD", dict(lr=0.1)),
    ("SGD", dict(lr=0.05, momentum=0.9, weight_decay=1e-2)),
    ("SGD", dict(lr=0.05, momentum=0.9, dampening=0.3)),
    ("SGD", dict(lr=0.05, momentum=0.8, nesterov=True, weight_decay=1e-3)),
    ("SGD", dict(lr=0.01, momentum=0.5, maximize=True)),
    ("Adam", dict(lr=0.02)),
    ("Adam", dict(lr=0.02, betas=(0.8, 0.99), weight_decay=1e-2)),
    ("Adam", dict(lr=0.02, amsgrad=True)),
    ("Adam", dict(lr=0.01, amsgrad=True, weight_decay=0.1, maximize=True, eps=1e-6)),
    ("AdamW", dict(lr=0.02, weight_decay=0.1)),
]


def _models(lib, dtype):
    """Linear(3, 8) - Tanh - Linear(8, 4) - ReLU - Linear(4, 1)."""
    nn = lib.nn
    return nn.Sequential(
        nn.Linear(3, 8, dtype=dtype),
        nn.Tanh(),
        nn.Linear(8, 4, dtype=dtype),
        nn.ReLU(),
        nn.Linear(4, 1, dtype=dtype),
    )


def _copy_weights(src: torch.nn.Module, dst: minigrad.nn.Module) -> None:
    with minigrad.no_grad():
        for (n1, p1), (n2, p2) in zip(src.named_parameters(), dst.named_parameters()):
            assert n1 == n2
            p2.copy_(minigrad.tensor(p1.detach().numpy()))


def _data(np_dtype):
    rng = np.random.default_rng(7)
    x = rng.standard_normal((16, 3)).astype(np_dtype)
    y = (np.sin(x.sum(1, keepdims=True)) + 0.1 * x[:, :1]).astype(np_dtype)
    return x, y


def _train(lib, model, opt, x, y):
    """One step; yields the weights (as numpy arrays) after it."""
    xt, yt = lib.tensor(x), lib.tensor(y)
    for _ in range(STEPS):
        opt.zero_grad()
        loss = ((model(xt) - yt) ** 2).mean()
        loss.backward()
        opt.step()
        yield loss.item(), [p.detach().numpy().copy() for p in model.parameters()]


@pytest.mark.parametrize("name,kwargs", CONFIGS, ids=[f"{n}-{k}" for n, k in CONFIGS])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_weights_match_torch_step_by_step(name, kwargs, dtype):
    torch.manual_seed(0)
    tm = _models(torch, getattr(torch, dtype))
    mm = _models(minigrad, getattr(minigrad, dtype))
    _copy_weights(tm, mm)
    topt = getattr(torch.optim, name)(tm.parameters(), **kwargs)
    mopt = getattr(minigrad.optim, name)(mm.parameters(), **kwargs)
    x, y = _data(dtype)
    tol = dict(rtol=1e-10, atol=1e-12) if dtype == "float64" else dict(rtol=2e-5, atol=2e-6)
    moved = False
    for step, ((tl, tw), (ml, mw)) in enumerate(
        zip(_train(torch, tm, topt, x, y), _train(minigrad, mm, mopt, x, y))
    ):
        np.testing.assert_allclose(ml, tl, **tol, err_msg=f"loss before step {step}")
        for i, (a, b) in enumerate(zip(mw, tw)):
            assert a.dtype == b.dtype
            np.testing.assert_allclose(a, b, **tol, err_msg=f"parameter {i} after step {step}")
        moved = moved or step > 0
    assert moved
    # the optimiser state (momentum buffers, Adam's averages) matches too
    for tp, mp in zip(tm.parameters(), mm.parameters()):
        tstate, mstate = topt.state[tp], mopt.state[mp]
        assert list(tstate) == list(mstate)
        for key in tstate:
            np.testing.assert_allclose(mstate[key].numpy(), tstate[key].numpy(), **tol)


def test_training_reduces_the_loss_like_torch():
    """A longer run in float32 still tracks torch closely and learns."""
    torch.manual_seed(1)
    tm = _models(torch, torch.float32)
    mm = _models(minigrad, minigrad.float32)
    _copy_weights(tm, mm)
    topt = torch.optim.Adam(tm.parameters(), lr=0.01)
    mopt = minigrad.optim.Adam(mm.parameters(), lr=0.01)
    x, y = _data(np.float32)
    losses = []
    for _ in range(5):  # 5 x STEPS steps
        for (tl, _), (ml, _) in zip(
            _train(torch, tm, topt, x, y), _train(minigrad, mm, mopt, x, y)
        ):
            assert ml == pytest.approx(tl, rel=1e-4, abs=1e-6)
            losses.append(ml)
    assert losses[-1] < 0.5 * losses[0]


def test_same_seed_gives_same_initial_weights():
    """``nn.Linear`` draws its weights like torch: same seed, same numbers (bit for bit)."""
    for seed in (0, 3, 12345):
        torch.manual_seed(seed)
        tm = _models(torch, torch.float32)
        minigrad.manual_seed(seed)
        mm = _models(minigrad, minigrad.float32)
        for (n1, p1), (n2, p2) in zip(tm.named_parameters(), mm.named_parameters()):
            assert n1 == n2
            np.testing.assert_array_equal(p2.detach().numpy(), p1.detach().numpy())
    torch.manual_seed(5)
    t64 = torch.nn.Linear(4, 2, dtype=torch.float64)
    minigrad.manual_seed(5)
    m64 = minigrad.nn.Linear(4, 2, dtype=minigrad.float64)
    np.testing.assert_array_equal(m64.weight.detach().numpy(), t64.weight.detach().numpy())
    np.testing.assert_array_equal(m64.bias.detach().numpy(), t64.bias.detach().numpy())
