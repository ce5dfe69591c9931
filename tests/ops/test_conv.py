"""Convolution, pooling and one_hot against real torch: values, first and second
order gradients, grad_fn names, starting weights, reprs and errors.

Shapes and settings are drawn at random with a new seed each run (printed on
failure)."""

from __future__ import annotations

import random

import numpy as np
import pytest
import torch
import torch.nn.functional as TF

import minigrad
import minigrad.nn.functional as MF
from minigrad.autograd import gradcheck, gradgradcheck

from ..transcript import run


def _seed() -> int:
    return random.SystemRandom().randrange(2**32)


def _conv_case(rng: random.Random) -> dict:
    groups = rng.choice([1, 1, 2, 3])
    cin = groups * rng.randint(1, 2)
    cout = groups * rng.randint(1, 2)
    k = (rng.randint(1, 3), rng.randint(1, 3))
    d = (rng.randint(1, 2), rng.randint(1, 2))
    p = (rng.randint(0, 2), rng.randint(0, 2))
    s = (rng.randint(1, 3), rng.randint(1, 3))
    h = max(d[0] * (k[0] - 1) + 1 - 2 * p[0], 1) + rng.randint(0, 4)
    w = max(d[1] * (k[1] - 1) + 1 - 2 * p[1], 1) + rng.randint(0, 4)
    return dict(
        n=rng.randint(1, 3),
        cin=cin,
        cout=cout,
        h=h,
        w=w,
        k=k,
        stride=s,
        padding=p,
        dilation=d,
        groups=groups,
        bias=rng.random() < 0.7,
    )


def _arrays(case: dict, seed: int) -> tuple:
    r = np.random.default_rng(seed)
    x = r.standard_normal((case["n"], case["cin"], case["h"], case["w"]))
    wt = r.standard_normal((case["cout"], case["cin"] // case["groups"], *case["k"]))
    b = r.standard_normal(case["cout"]) if case["bias"] else None
    return x, wt, b


def _conv(lib, F, case, x, wt, b, dtype):
    t = [None if a is None else lib.tensor(a, dtype=dtype, requires_grad=True) for a in (x, wt, b)]
    out = F.conv2d(
        t[0],
        t[1],
        t[2],
        stride=case["stride"],
        padding=case["padding"],
        dilation=case["dilation"],
        groups=case["groups"],
    )
    return t, out


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_conv2d_values_and_gradients_like_torch(dtype):
    master = _seed()
    rng = random.Random(master)
    tol = dict(rtol=1e-5, atol=1e-5) if dtype == "float32" else dict(rtol=1e-10, atol=1e-12)
    for _ in range(12):
        case = _conv_case(rng)
        x, wt, b = _arrays(case, rng.randrange(2**32))
        tin, tout = _conv(torch, TF, case, x, wt, b, getattr(torch, dtype))
        min_, mout = _conv(minigrad, MF, case, x, wt, b, getattr(minigrad, dtype))
        where = f"master seed={master} case={case}"
        assert mout.shape == tout.shape, where
        assert str(mout.dtype) == str(tout.dtype), where
        assert type(mout.grad_fn).__name__ == type(tout.grad_fn).__name__, where
        np.testing.assert_allclose(
            mout.detach().numpy(), tout.detach().numpy(), **tol, err_msg=where
        )
        g = np.random.default_rng(0).standard_normal(tuple(tout.shape))
        tout.backward(torch.tensor(g, dtype=getattr(torch, dtype)))
        mout.backward(minigrad.tensor(g, dtype=getattr(minigrad, dtype)))
        for a, m in zip(tin, min_):
            if a is not None:
                np.testing.assert_allclose(m.grad.numpy(), a.grad.numpy(), **tol, err_msg=where)


def test_conv2d_gradcheck_and_gradgradcheck():
    master = _seed()
    rng = random.Random(master)
    for _ in range(3):
        case = {**_conv_case(rng), "n": 1}
        x, wt, b = _arrays(case, rng.randrange(2**32))
        inputs = tuple(minigrad.tensor(a, requires_grad=True) for a in (x, wt, b) if a is not None)

        def f(*args, case=case):
            bias = args[2] if len(args) == 3 else None
            return MF.conv2d(
                args[0],
                args[1],
                bias,
                case["stride"],
                case["padding"],
                case["dilation"],
                case["groups"],
            )

        assert gradcheck(f, inputs), f"master seed={master} case={case}"
        assert gradgradcheck(f, inputs), f"master seed={master} case={case}"


def test_second_order_gradients_match_torch():
    """d/dx of (d loss/d w) through ConvolutionBackward0, against torch."""
    rng = np.random.default_rng(_seed())
    x, wt = rng.standard_normal((2, 2, 5, 5)), rng.standard_normal((3, 2, 3, 3))
    out = []
    for lib, F in ((torch, TF), (minigrad, MF)):
        a = lib.tensor(x, requires_grad=True)
        w = lib.tensor(wt, requires_grad=True)
        y = F.conv2d(a, w, padding=1, stride=2)
        (gw,) = lib.autograd.grad((y * y).sum(), w, create_graph=True)
        (gx,) = lib.autograd.grad(gw.pow(2).sum(), a)
        out.append((gw.detach().numpy(), gx.numpy()))
    np.testing.assert_allclose(out[1][0], out[0][0], rtol=1e-10)
    np.testing.assert_allclose(out[1][1], out[0][1], rtol=1e-10)


def _pool_case(rng: random.Random) -> dict:
    k = (rng.randint(1, 3), rng.randint(1, 3))
    p = (rng.randint(0, k[0] // 2), rng.randint(0, k[1] // 2))
    s = rng.choice([None, (rng.randint(1, 3), rng.randint(1, 3))])
    return dict(kernel_size=k, stride=s, padding=p, ceil_mode=rng.random() < 0.3)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_pooling_like_torch(dtype):
    master = _seed()
    rng = random.Random(master)
    for _ in range(25):
        case = _pool_case(rng)
        dilation = (rng.randint(1, 2), rng.randint(1, 2))
        k = case["kernel_size"]
        h, w = (rng.randint(dilation[i] * (k[i] - 1) + 1, 8) for i in range(2))
        x = np.random.default_rng(rng.randrange(2**32)).standard_normal(
            (rng.randint(1, 2), rng.randint(1, 3), h, w)
        )
        x = np.round(x, 1)  # ties inside windows: the first maximum wins
        cip = rng.random() < 0.5
        results = []
        for lib, F in ((torch, TF), (minigrad, MF)):
            a = lib.tensor(x, dtype=getattr(lib, dtype), requires_grad=True)
            values, idx = F.max_pool2d(a, dilation=dilation, return_indices=True, **case)
            mean = F.avg_pool2d(a, count_include_pad=cip, **case)
            ((values * values).sum() + (mean * mean).sum()).backward()
            results.append(
                (
                    values.detach().numpy(),
                    idx.numpy(),
                    mean.detach().numpy(),
                    a.grad.numpy(),
                    type(values.grad_fn).__name__,
                    type(mean.grad_fn).__name__,
                )
            )
        where = f"master seed={master} case={case} dilation={dilation} cip={cip}"
        theirs, mine = results
        assert np.array_equal(mine[0], theirs[0]), where
        assert np.array_equal(mine[1], theirs[1]), where
        np.testing.assert_allclose(mine[2], theirs[2], rtol=1e-6, atol=1e-6, err_msg=where)
        np.testing.assert_allclose(mine[3], theirs[3], rtol=1e-6, atol=1e-6, err_msg=where)
        assert mine[4:] == theirs[4:], where


def test_pooling_gradcheck_and_gradgradcheck():
    rng = np.random.default_rng(_seed())
    x = minigrad.tensor(rng.standard_normal((1, 2, 5, 6)), requires_grad=True)
    for f in (
        lambda t: MF.max_pool2d(t, 2, 1, 1),
        lambda t: MF.max_pool2d(t, 3, 2),
        lambda t: MF.avg_pool2d(t, 3, 2, 1),
        lambda t: MF.avg_pool2d(t, 2, ceil_mode=True),
        lambda t: MF.unfold(t, (2, 3), padding=1, stride=2),
    ):
        assert gradcheck(f, (x,))
        assert gradgradcheck(f, (x,))


def test_layers_start_with_torchs_weights():
    seed = _seed()
    for args, kwargs in [
        ((1, 6, 5), {}),
        ((4, 6, (3, 2)), {"groups": 2, "bias": False}),
        ((3, 8, 3), {"padding": 1, "stride": 2}),
        ((2, 2, 1), {}),
    ]:
        torch.manual_seed(seed)
        minigrad.manual_seed(seed)
        theirs, mine = torch.nn.Conv2d(*args, **kwargs), minigrad.nn.Conv2d(*args, **kwargs)
        assert repr(mine) == repr(theirs)
        for (n1, p1), (n2, p2) in zip(theirs.named_parameters(), mine.named_parameters()):
            assert n1 == n2
            assert np.array_equal(p1.detach().numpy(), p2.detach().numpy()), f"seed={seed}"
        x = np.random.default_rng(seed).standard_normal((2, args[0], 6, 7)).astype(np.float32)
        np.testing.assert_allclose(
            mine(minigrad.tensor(x)).detach().numpy(),
            theirs(torch.tensor(x)).detach().numpy(),
            rtol=1e-5,
            atol=1e-6,
        )


SNIPPETS = {
    "small CNN": (
        "torch.manual_seed(0)\n"
        "net = torch.nn.Sequential(torch.nn.Conv2d(1, 4, 3, padding=1), torch.nn.ReLU(),\n"
        "    torch.nn.MaxPool2d(2), torch.nn.Conv2d(4, 2, 3), torch.nn.AvgPool2d(2),\n"
        "    torch.nn.Flatten(), torch.nn.Linear(2, 3))\n"
        "print(net)\nx = torch.randn(2, 1, 8, 8)\ny = net(x)\n"
        "print(y.shape, y.grad_fn is not None)\n"
        "print(torch.nn.MaxPool2d(3, stride=2, padding=1), torch.nn.AvgPool2d(3, 2, 1))"
    ),
    "conv grad_fn": (
        "x = torch.ones(1, 1, 3, 3, requires_grad=True)\n"
        "y = F.conv2d(x, torch.ones(1, 1, 2, 2))\nprint(y)\n"
        "print(F.max_pool2d(x, 2, 1))\nprint(F.avg_pool2d(x, 2))"
    ),
    "unbatched": (
        "print(F.conv2d(torch.arange(9.).reshape(1, 3, 3), torch.ones(2, 1, 2, 2)))\n"
        "print(F.max_pool2d(torch.arange(16.).reshape(1, 4, 4), 2))"
    ),
    "same and valid padding": (
        "x = torch.arange(16.).reshape(1, 1, 4, 4)\n"
        "print(F.conv2d(x, torch.ones(1, 1, 3, 3), padding='same'))\n"
        "print(F.conv2d(x, torch.ones(1, 1, 3, 3), padding='valid'))\n"
        "print(torch.nn.Conv2d(1, 2, 3, padding='same'))"
    ),
    "one_hot": (
        "print(F.one_hot(torch.tensor([0, 2, 1])))\nprint(F.one_hot(torch.tensor([0, 2]), 4))\n"
        "print(F.one_hot(torch.tensor(2), 3))\nprint(F.one_hot(torch.tensor([[1], [0]]), 2))\n"
        "print(F.one_hot(torch.tensor([], dtype=torch.long), 3))"
    ),
    "one_hot of floats": "F.one_hot(torch.tensor([0., 2.]))",
    "one_hot negative": "F.one_hot(torch.tensor([-1, 2]))",
    "one_hot too big": "F.one_hot(torch.tensor([0, 5]), 3)",
    "one_hot empty": "F.one_hot(torch.tensor([], dtype=torch.long))",
    "one_hot zero classes": "F.one_hot(torch.tensor([1]), 0)",
    "conv wrong channels": "F.conv2d(torch.ones(1, 3, 4, 4), torch.ones(2, 2, 3, 3))",
    "conv wrong dtype": (
        "F.conv2d(torch.ones(1, 3, 4, 4), torch.ones(2, 3, 3, 3, dtype=torch.float64))"
    ),
    "conv 2-D input": "F.conv2d(torch.ones(3, 4), torch.ones(2, 3, 3, 3))",
    "conv kernel too big": "F.conv2d(torch.ones(1, 3, 2, 2), torch.ones(2, 3, 3, 3))",
    "pool big padding": "F.max_pool2d(torch.ones(1, 1, 4, 4), 2, padding=2)",
    "pool output too small": "F.max_pool2d(torch.ones(1, 1, 1, 1), 2)",
    "Conv2d bad groups": "torch.nn.Conv2d(3, 4, 3, groups=2)",
}


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_snippets_like_torch(name):
    theirs, mine = run(SNIPPETS[name], torch), run(SNIPPETS[name], minigrad)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
