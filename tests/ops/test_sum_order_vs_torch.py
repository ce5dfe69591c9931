"""A float sum adds in torch's order, so its last bit is torch's: a full sum,
and a sum along one dim or along dims side by side.

torch's order (a cascade over 32-byte vectors) is the one of a single thread;
above 32,768 elements torch splits the work among its threads, so the test
runs torch on one thread.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

SIZES = [1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 100, 257, 1000, 2000, 4097, 40000]


@pytest.fixture(autouse=True)
def _one_thread():
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", SIZES)
def test_sum_and_mean_of_all_elements(n, dtype) -> None:
    rng = np.random.default_rng(n)
    for _ in range(5):
        a = (rng.standard_normal(n) * rng.exponential(10, n)).astype(dtype)
        t, m = torch.from_numpy(a), minigrad.tensor(a)
        assert m.sum().item() == t.sum().item()
        assert m.mean().item() == t.mean().item()
        assert m.sum(0).item() == t.sum(0).item()


@pytest.mark.parametrize("n", [12, 2000])
def test_a_transposed_matrix_and_a_broadcast_gradient(n) -> None:
    rng = np.random.default_rng(0)
    a = rng.standard_normal((4, n // 4)).astype("float32")
    assert minigrad.tensor(a).t().sum().item() == torch.from_numpy(a).t().sum().item()
    x = rng.standard_normal(n).astype("float32")
    grads = []
    for lib in (torch, minigrad):
        b = lib.tensor(0.3, requires_grad=True)
        ((b * lib.tensor(x) - 1.0) ** 2).sum().backward()  # b's gradient is a sum over x
        grads.append(b.grad.item())
    assert grads[0] == grads[1]


# Sums along dims: torch runs each row of a contiguous reduction like a full sum,
# and sums down columns in groups of columns, each group with a cascade of its own.
SHAPES_AND_DIMS = [
    ((5, 3), 0),
    ((7, 10), 1),
    ((64, 10), 0),
    ((256, 128), 0),
    ((256, 128), 1),
    ((10, 1000), 0),
    ((3, 1000), 1),
    ((1000, 3), 0),
    ((2, 7, 33), 1),
    ((8, 16, 16), 0),
    ((8, 16, 16), 1),
    ((33, 5, 9), (0, 1)),
    ((2, 3, 4, 5), (1, 2)),
    ((6, 4, 4), 2),
]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("shape, dim", SHAPES_AND_DIMS)
def test_sums_and_means_along_dims(shape, dim, dtype) -> None:
    rng = np.random.default_rng(len(shape) * 100 + shape[-1])
    a = (rng.standard_normal(shape) * rng.exponential(10, shape)).astype(dtype)
    t, m = torch.from_numpy(a), minigrad.tensor(a)
    for keepdim in (False, True):
        for fn in ("sum", "mean"):
            want = getattr(t, fn)(dim, keepdim=keepdim).numpy()
            got = getattr(m, fn)(dim, keepdim=keepdim).numpy()
            assert got.shape == want.shape
            np.testing.assert_array_equal(got, want)


def test_a_bias_gradient_is_torchs_column_sum() -> None:
    # undoing the broadcast of b over 256 rows sums the gradient's columns
    # (the incoming gradient is g itself, so only the column sum's order is under test,
    # not the float32 tanh kernel, whose last bit depends on the processor's vector unit)
    rng = np.random.default_rng(1)
    x = rng.standard_normal((256, 128)).astype("float32")
    g = (1 - np.tanh(x) ** 2).astype("float32")
    grads = []
    for lib in (torch, minigrad):
        b = lib.zeros(128, requires_grad=True)
        ((lib.tensor(x) + b) * lib.tensor(g)).sum().backward()
        grads.append(b.grad.numpy())
    np.testing.assert_array_equal(grads[1], grads[0])
