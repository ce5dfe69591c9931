"""torch allocates a reduction's result C-contiguous whatever the input's layout,
so ``x.transpose(0, 2).sum(-2).contiguous()`` is the sum itself: an in-place change
through it reaches the sum. Compared with torch over seeded random permutations."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import torch

import minigrad

REDUCTIONS: dict[str, Callable[[Any, int, bool], Any]] = {
    "sum": lambda t, d, k: t.sum(d, keepdim=k),
    "sum_two_dims": lambda t, d, k: t.sum(tuple({d, (d + 1) % t.dim()}), keepdim=k),
    "mean": lambda t, d, k: t.mean(d, keepdim=k),
    "prod": lambda t, d, k: t.prod(d, keepdim=k),
    "amax": lambda t, d, k: t.amax(d, keepdim=k),
    "amin": lambda t, d, k: t.amin(d, keepdim=k),
    "max": lambda t, d, k: t.max(d, keepdim=k)[0],
    "argmax": lambda t, d, k: t.argmax(d, keepdim=k),
    "var": lambda t, d, k: t.var(d, keepdim=k),
    "std": lambda t, d, k: t.std(d, keepdim=k),
    "norm": lambda t, d, k: t.norm(dim=d, keepdim=k),
    "logsumexp": lambda t, d, k: t.logsumexp(d, keepdim=k),
    "median": lambda t, d, k: t.median(d, keepdim=k)[0],
    "kthvalue": lambda t, d, k: t.kthvalue(1, d, keepdim=k)[0],
    "cumsum": lambda t, d, k: t.cumsum(d),
    "cumprod": lambda t, d, k: t.cumprod(d),
    "cummax": lambda t, d, k: t.cummax(d)[0],
    "cummin_indices": lambda t, d, k: t.cummin(d)[1],
    "logcumsumexp": lambda t, d, k: t.logcumsumexp(d),
    "max_indices": lambda t, d, k: t.max(d, keepdim=k)[1],
    "nanmedian": lambda t, d, k: t.nanmedian(d, keepdim=k)[0],
    "nansum": lambda t, d, k: t.nansum(d, keepdim=k),
    "nanmean": lambda t, d, k: t.nanmean(d, keepdim=k),
    "any": lambda t, d, k: (t > 0.5).any(d, keepdim=k),
    "all": lambda t, d, k: (t > 0.5).all(d, keepdim=k),
    "count_nonzero": lambda t, d, k: (t > 0.5).count_nonzero(d),
}


def _layout(lib: Any, name: str, data: np.ndarray, perm: list, d: int, k: bool) -> Any:
    out = REDUCTIONS[name](lib.tensor(data).permute(*perm), d, k)
    return tuple(out.shape), tuple(out.stride()), out.is_contiguous()


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
def test_layout_as_torch_over_random_permutations(name: str) -> None:
    rng = random.Random(name)
    for _ in range(60):
        shape = [rng.randint(1, 4) for _ in range(rng.randint(1, 4))]
        perm = rng.sample(range(len(shape)), len(shape))
        d, k = rng.randrange(len(shape)), rng.random() < 0.5
        data = np.random.default_rng(0).random(shape, dtype=np.float32)
        case = (shape, perm, d, k)
        assert _layout(minigrad, name, data, perm, d, k) == _layout(
            torch, name, data, perm, d, k
        ), case


def test_contiguous_of_a_sum_is_the_sum() -> None:
    def program(lib: Any) -> Any:
        x = lib.arange(18.0).reshape(2, 3, 3)
        s = x.transpose(0, 2).sum(-2)
        c = s.contiguous()
        c.add_(100)
        return s.stride(), c is s, s.tolist()

    assert program(minigrad) == program(torch)
    assert program(torch)[1] is True
