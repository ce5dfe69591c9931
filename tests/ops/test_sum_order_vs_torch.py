"""A full float sum adds in torch's order, so its last bit is torch's.

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
