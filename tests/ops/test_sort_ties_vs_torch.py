"""sort, argsort and topk give torch's indices among equal elements.

torch's CPU kernels use unstable algorithms (``std::sort``, ``std::nth_element``,
``std::partial_sort``), so which of several equal values comes first depends on
the algorithm. These tests build tie-heavy random tensors (a new seed every run,
printed on failure) and compare values, indices and gradients with torch.
"""

from __future__ import annotations

import random

import numpy as np
import torch

import minigrad

SEED = random.randrange(2**32)


def _tie_heavy(rng: np.random.Generator, shape: tuple, dtype: str) -> np.ndarray:
    levels = int(rng.integers(1, 6))
    a = rng.integers(-levels, levels + 1, shape).astype(dtype)
    if dtype.startswith("float"):
        if rng.random() < 0.3:
            a[rng.random(shape) < 0.15] = np.nan
        if rng.random() < 0.3:
            a[a == 0] = -0.0  # -0.0 and 0.0 are equal: another kind of tie
    return a


def _shapes(rng: np.random.Generator):
    for n in range(1, 201):
        yield (n,), 0
    for _ in range(30):
        n = int(rng.integers(1, 60))
        rows = int(rng.integers(1, 5))
        if rng.random() < 0.5:
            yield (rows, n), 1
        else:
            yield (n, rows), 0


def _same(mine: minigrad.Tensor, ref: torch.Tensor, what: str) -> None:
    m, r = mine.detach().numpy(), ref.detach().numpy()
    assert m.dtype == r.dtype and m.shape == r.shape, (what, m, r, SEED)
    assert np.array_equal(m, r, equal_nan=m.dtype.kind == "f"), (what, m, r, SEED)


def test_sort_and_argsort_order_among_ties_matches_torch():
    rng = np.random.default_rng(SEED)
    for shape, dim in _shapes(rng):
        dtype = str(rng.choice(["float32", "float64", "int64"]))
        a = _tie_heavy(rng, shape, dtype)
        t, m = torch.tensor(a), minigrad.tensor(a)
        for desc in (False, True):
            for kw in ({}, {"stable": True}, {"stable": False}):
                what = f"sort shape={a.shape} dim={dim} descending={desc} {kw}"
                r, s = (
                    torch.sort(t, dim=dim, descending=desc, **kw),
                    minigrad.sort(m, dim=dim, descending=desc, **kw),
                )
                _same(s.indices, r.indices, what)
                _same(s.values, r.values, what)
            what = f"argsort shape={a.shape} dim={dim} descending={desc}"
            _same(
                minigrad.argsort(m, dim=dim, descending=desc),
                torch.argsort(t, dim=dim, descending=desc),
                what,
            )
            _same(m.argsort(dim, desc), t.argsort(dim, desc), what)


def test_topk_order_among_ties_matches_torch():
    rng = np.random.default_rng(SEED)
    for shape, dim in _shapes(rng):
        n = shape[dim]
        dtype = str(rng.choice(["float32", "float64", "int64"]))
        a = _tie_heavy(rng, shape, dtype)
        t, m = torch.tensor(a), minigrad.tensor(a)
        small = int(rng.integers(0, n // 64 + 1))  # k * 64 <= n: torch's partial_sort path
        for k in {small, int(rng.integers(0, n + 1)), n}:
            for largest in (True, False):
                for srt in (True, False):
                    what = f"topk shape={a.shape} k={k} dim={dim} largest={largest} sorted={srt}"
                    r = torch.topk(t, k, dim=dim, largest=largest, sorted=srt)
                    s = minigrad.topk(m, k, dim=dim, largest=largest, sorted=srt)
                    _same(s.indices, r.indices, what)
                    _same(s.values, r.values, what)


def test_gradients_follow_the_tied_elements_torch_picked():
    rng = np.random.default_rng(SEED)
    for n in (17, 40, 100, 200):
        a = _tie_heavy(rng, (3, n), "float64")
        a[np.isnan(a)] = 0.0
        w = rng.standard_normal((3, n))
        k = int(rng.integers(1, n + 1))
        grads = []
        for lib in (torch, minigrad):
            x = lib.tensor(a, requires_grad=True)
            wt = lib.tensor(w)
            out = (lib.sort(x, dim=1).values * wt).sum() + (
                lib.topk(x, k, dim=1).values * wt[:, :k]
            ).sum()
            (g,) = lib.autograd.grad(out, x)
            grads.append(g.numpy())
        np.testing.assert_allclose(grads[1], grads[0], err_msg=f"n={n} k={k} seed {SEED}")


def test_long_integer_tensors_use_torchs_stable_radix_sort():
    rng = np.random.default_rng(SEED)
    a = rng.integers(0, 3, 40000)
    for desc in (False, True):
        r = torch.sort(torch.tensor(a), descending=desc)
        s = minigrad.sort(minigrad.tensor(a), descending=desc)
        _same(s.indices, r.indices, f"radix descending={desc}")
