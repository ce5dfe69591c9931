"""Adamax, NAdam, RAdam, Adadelta, Rprop and ASGD side by side with torch: the
same seeded parameters and gradients, several steps for combinations of their
options, and parameters and state compared bit for bit. Those that take a
square root are given torch's float32 ``sqrt`` (see ``test_rmsprop_adagrad.py``
for why); with numpy's, the parameters stay within a few units in the last
place. Adamax, Rprop and ASGD take no square root and match with numpy's."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import torch

import minigrad

from .test_rmsprop_adagrad import MAXULP, _assert_same, _run_both, torch_sqrt  # noqa: F401

ADAM_LIKE = [
    dict(lr=0.1, betas=b, weight_decay=wd, maximize=mx)
    for b, wd, mx in itertools.product([(0.9, 0.999), (0.3, 0.6)], [0, 0.1], [False, True])
] + [dict()]

CASES = {
    "Adamax": ADAM_LIKE + [dict(eps=0.5, lr=1.0)],
    "NAdam": ADAM_LIKE
    + [
        dict(lr=0.1, weight_decay=0.1, decoupled_weight_decay=True),
        dict(lr=0.1, momentum_decay=0.5, betas=(0.5, 0.9)),
    ],
    # RAdam's rectified steps start once rho_t > 5 (which needs betas[1] > 2/3): it
    # runs for STEPS_OF["RAdam"] steps, most of them rectified with betas[1] = 0.999
    "RAdam": ADAM_LIKE
    + [
        dict(lr=0.1, weight_decay=0.1, decoupled_weight_decay=True),
        dict(lr=0.1, betas=(0.9, 0.9)),
        dict(lr=0.1, betas=(0.5, 0.95), eps=1e-3, maximize=True, weight_decay=0.2),
    ],
    "Adadelta": [
        dict(lr=lr, rho=rho, weight_decay=wd, maximize=mx)
        for lr, rho, wd, mx in itertools.product([1.0, 0.3], [0.9, 0.2], [0, 0.1], [False, True])
    ]
    + [dict(), dict(eps=1e-2)],
    "Rprop": [
        dict(lr=lr, etas=etas, maximize=mx)
        for lr, etas, mx in itertools.product([0.01, 0.5], [(0.5, 1.2), (0.3, 2.0)], [False, True])
    ]
    + [dict(step_sizes=(0.05, 0.2), lr=0.1), dict()],
    "ASGD": [
        dict(lr=lr, lambd=lambd, t0=t0, weight_decay=wd, maximize=mx)
        for lr, lambd, t0, wd, mx in itertools.product(
            [0.1], [1e-4, 0.5], [1e6, 2], [0, 0.1], [False, True]
        )
    ]
    + [dict(), dict(lr=0.3, alpha=0.5, t0=0)],
}
STEPS_OF = {"RAdam": 24}
WITH_SQRT = {"NAdam", "RAdam", "Adadelta"}
# with numpy's sqrt: units in the last place allowed (the state that depends on the
# parameters, through weight_decay or Adadelta's updates, is allowed them too)
SQRT_MAXULP = {**MAXULP, "exp_avg": 16, "exp_avg_sq": 16, "acc_delta": 16, "square_avg": 16}
ALL = [(name, kwargs) for name, cases in CASES.items() for kwargs in cases]


@pytest.mark.parametrize(("name", "kwargs"), ALL, ids=str)
def test_matches_torch_bit_for_bit(name: str, kwargs: dict, torch_sqrt: None) -> None:  # noqa: F811
    _assert_same(*_run_both(name, kwargs, seed=7, steps=STEPS_OF.get(name, 6)))


@pytest.mark.parametrize(("name", "kwargs"), ALL, ids=str)
def test_with_numpys_sqrt(name: str, kwargs: dict) -> None:
    """Exactly torch's without a square root, and within a few ulp with one."""
    maxulp = SQRT_MAXULP if name in WITH_SQRT else None
    _assert_same(*_run_both(name, kwargs, seed=7, steps=STEPS_OF.get(name, 6)), maxulp=maxulp)


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_training_follows_torch(name: str, dtype: str) -> None:
    """A small least-squares fit, gradients from backward(), both dtypes: the losses
    agree (float64 to 1e-12, float32 to 1e-4: the matrix products sum in another
    order), the state keys, dtypes and order too."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((8, 3)).astype(dtype)
    y = rng.standard_normal(8).astype(dtype)
    w0 = rng.standard_normal(3).astype(dtype)
    runs = []
    for lib in (torch, minigrad):
        w = lib.nn.Parameter(lib.tensor(w0.copy()))
        opt = getattr(lib.optim, name)([w], lr=0.05)
        losses = []
        for _ in range(20):
            opt.zero_grad()
            loss = ((lib.tensor(x) @ w - lib.tensor(y)) ** 2).mean()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        state = [(k, str(v.dtype), tuple(v.shape)) for k, v in opt.state[w].items()]
        runs.append((losses, state, w.detach().numpy().copy()))
    (losses_t, state_t, w_t), (losses_m, state_m, w_m) = runs
    assert state_m == state_t
    tol = 1e-12 if dtype == "float64" else 1e-4
    np.testing.assert_allclose(losses_m, losses_t, rtol=tol, atol=tol)
    np.testing.assert_allclose(w_m, w_t, rtol=tol, atol=tol)


@pytest.mark.parametrize("name", list(CASES))
def test_defaults_and_repr_match_torch(name: str) -> None:
    opt_m = getattr(minigrad.optim, name)([minigrad.nn.Parameter(minigrad.ones(2))])
    opt_t = getattr(torch.optim, name)([torch.nn.Parameter(torch.ones(2))])
    assert opt_m.defaults == opt_t.defaults
    assert list(opt_m.defaults) == list(opt_t.defaults)
    assert repr(opt_m) == repr(opt_t)
    assert type(opt_m).__module__ == type(opt_t).__module__
    assert type(opt_m).__name__ == name and name in minigrad.optim.__all__


BAD = [
    (name, kwargs)
    for name in ["Adamax", "NAdam", "RAdam"]
    for kwargs in [
        dict(lr=-1),
        dict(eps=-1),
        dict(betas=(1.0, 0.9)),
        dict(betas=(0.9, -0.1)),
        dict(weight_decay=-1),
    ]
] + [
    ("NAdam", dict(momentum_decay=-1)),
    ("Adadelta", dict(lr=-1)),
    ("Adadelta", dict(rho=1.5)),
    ("Adadelta", dict(eps=-1)),
    ("Adadelta", dict(weight_decay=-1)),
    ("Rprop", dict(lr=-1)),
    ("Rprop", dict(etas=(1.5, 1.2))),
    ("Rprop", dict(etas=(0.5, 0.9))),
    ("ASGD", dict(lr=-1)),
    ("ASGD", dict(weight_decay=-1)),
]


@pytest.mark.parametrize(("name", "kwargs"), BAD, ids=str)
def test_bad_settings_raise_torchs_error(name: str, kwargs: dict) -> None:
    with pytest.raises(ValueError) as expected:
        getattr(torch.optim, name)([torch.nn.Parameter(torch.ones(2))], **kwargs)
    with pytest.raises(ValueError) as got:
        getattr(minigrad.optim, name)([minigrad.nn.Parameter(minigrad.ones(2))], **kwargs)
    assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("name", list(CASES))
def test_state_dict_round_trip_continues_like_torch(name: str, torch_sqrt: None) -> None:  # noqa: F811
    kwargs = dict(lr=0.05)
    mine, theirs, opt_m, opt_t = _run_both(name, kwargs, seed=3)
    fresh = getattr(minigrad.optim, name)(mine, **kwargs)
    fresh.load_state_dict(opt_m.state_dict())
    assert repr(fresh.state_dict()) == repr(opt_t.state_dict())
    for p, q in zip(mine, theirs):
        p.grad = minigrad.tensor(np.full(tuple(p.shape), 0.5, dtype=np.float32))
        q.grad = torch.full(q.shape, 0.5)
    fresh.step()
    opt_t.step()
    _assert_same(mine, theirs, fresh, opt_t)
