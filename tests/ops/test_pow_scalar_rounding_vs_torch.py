"""``x ** c`` for a number ``c`` rounds its last bit as torch's CPU kernel does.

torch computes ``x ** 3`` as ``x * x * x``, ``x ** -2`` as ``1 / (x * x)`` and
``x ** -0.5`` as ``1 / sqrt(x)``; numpy's ``power`` differs in the last bit for about a
quarter of all inputs. It shows in finite differences (lesson 2, gradcheck), which
divide such differences by 2e-6.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

VALUES = np.concatenate(
    [np.random.default_rng(0).uniform(-3.0, 3.0, 4000), [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf]]
)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("exponent", [3, 3.0, -2, -0.5, 2])
def test_pow_by_a_number_matches_torch_bit_for_bit(dtype: str, exponent: float) -> None:
    mine = (minigrad.tensor(VALUES, dtype=getattr(minigrad, dtype)) ** exponent).numpy()
    theirs = (torch.tensor(VALUES, dtype=getattr(torch, dtype)) ** exponent).numpy()
    same = (mine == theirs) | (np.isnan(mine) & np.isnan(theirs))
    assert same.all(), f"{(~same).sum()} of {VALUES.size} differ, e.g. at {VALUES[~same][:3]}"
    finite = ~np.isnan(mine)
    assert (np.signbit(mine[finite]) == np.signbit(theirs[finite])).all()


def test_the_lesson_2_finite_differences_print_as_in_torch() -> None:
    def slopes(lib):
        x = lib.tensor(2.0, dtype=lib.float32)
        return [((x + h) ** 3 - (x - h) ** 3) / (2 * h) for h in (1e-2, 1e-3, 1e-4, 1e-5, 1e-6)]

    assert [f"{s.item():.6f}" for s in slopes(minigrad)] == [
        f"{s.item():.6f}" for s in slopes(torch)
    ]
