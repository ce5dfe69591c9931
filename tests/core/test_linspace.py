"""linspace against torch: the same values, bit for bit in almost every case."""

from __future__ import annotations

import random

import numpy as np
import pytest
import torch

import minigrad


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_linspace_matches_torch(dtype: str) -> None:
    rng = random.Random(0)
    exact = total = 0
    for _ in range(600):
        start, end = rng.uniform(-1e3, 1e3), rng.uniform(-1e3, 1e3)
        steps = rng.randint(0, 200)
        mine = minigrad.linspace(start, end, steps, dtype=getattr(minigrad, dtype)).numpy()
        theirs = torch.linspace(start, end, steps, dtype=getattr(torch, dtype)).numpy()
        assert mine.shape == theirs.shape
        # torch rounds once with fused multiply-adds; rarely a value differs by one ulp
        np.testing.assert_array_max_ulp(mine, theirs, maxulp=1)
        exact += int(np.array_equal(mine, theirs))
        total += 1
    assert exact >= 0.99 * total


@pytest.mark.parametrize("args", [(0, 1, 5), (3.0, 5.0, 1), (0, 1, 0), (-1, 1, 2), (2, 2, 4)])
def test_linspace_small_cases(args: tuple) -> None:
    assert repr(minigrad.linspace(*args)) == repr(torch.linspace(*args))
