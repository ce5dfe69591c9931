"""``arange`` with a float step gives torch's values to the last bit (d2l's
``torch.arange(-8.0, 8.0, 0.1)`` holds 4.4e-16 where a plain ``start + step * i``
gives 0, and ``relu``'s gradient there is then 1, not 0)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

CASES = [
    (-8.0, 8.0, 0.1),
    (1.5, 100.3, 0.7),
    (-1, 1, 0.001),
    (0, 1, 0.01),
    (-3.0, 3.0, 0.01),
    (0.2, 7.9, 0.37),
    (0, 5, 0.1),
    (4.0,),
    (2, 9),
]


@pytest.mark.parametrize("args", CASES)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_float_arange_is_torchs_bit_for_bit(args: tuple, dtype: str) -> None:
    ours = minigrad.arange(*args, dtype=getattr(minigrad, dtype)).numpy()
    theirs = torch.arange(*args, dtype=getattr(torch, dtype)).numpy()
    assert ours.dtype == theirs.dtype
    np.testing.assert_array_equal(ours, theirs)


def test_random_ranges() -> None:
    rng = np.random.default_rng(1)
    for _ in range(100):
        start = float(rng.uniform(-50, 50))
        step = float(rng.choice([0.1, 0.01, 0.05, 0.3, rng.uniform(0.001, 3)]))
        end = start + step * int(rng.integers(1, 3000))
        for dtype in ("float32", "float64"):
            ours = minigrad.arange(start, end, step, dtype=getattr(minigrad, dtype)).numpy()
            theirs = torch.arange(start, end, step, dtype=getattr(torch, dtype)).numpy()
            np.testing.assert_array_equal(ours, theirs)


def test_d2l_relu_gradient_at_the_middle() -> None:
    def grad(lib):
        x = lib.arange(-8.0, 8.0, 0.1, requires_grad=True)
        lib.relu(x).backward(lib.ones_like(x))
        return x.grad[75:85].tolist()

    assert grad(minigrad) == grad(torch)
