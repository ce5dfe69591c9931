"""randn/normal must not depend on which SIMD code numpy picks for log/sin/cos.

numpy's vectorised transcendental functions (e.g. its AVX-512 ones) may differ
from the C library's in the last bit.  Here we make numpy's versions wrong by
one ulp on purpose: minigrad must still give torch's numbers bit for bit.
"""

import numpy as np
import pytest
import torch

from minigrad.exact import random as R


def _one_ulp_off(fn):
    def wrong(x, *args, **kwargs):
        out = fn(x, *args, **kwargs)
        return np.nextafter(out, np.inf, dtype=np.result_type(out))

    return wrong


@pytest.fixture
def skewed_numpy(monkeypatch):
    for name in ("log", "log1p", "sin", "cos", "exp"):
        monkeypatch.setattr(np, name, _one_ulp_off(getattr(np, name)))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("size", [3, 16, 17, 100, 1000])
def test_randn_ignores_numpys_transcendentals(skewed_numpy, dtype, size):
    seed = int(np.random.SeedSequence().entropy % 2**32)
    torch.manual_seed(seed)
    R.manual_seed(seed)
    theirs = torch.randn(size, dtype={np.float32: torch.float32, np.float64: torch.float64}[dtype])
    ours = R.randn((size,), dtype)
    assert np.array_equal(ours, theirs.numpy()), f"seed={seed}"


def test_normal_with_mean_std_ignores_numpys_transcendentals(skewed_numpy):
    seed = int(np.random.SeedSequence().entropy % 2**32)
    torch.manual_seed(seed)
    R.manual_seed(seed)
    theirs = torch.empty(257, dtype=torch.float64).normal_(0.3, 2.5)
    ours = R.normal_(np.empty(257, np.float64), 0.3, 2.5)
    assert np.array_equal(ours, theirs.numpy()), f"seed={seed}"
