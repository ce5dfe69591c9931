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


# Any other power of a float32 (or float16) number: torch's scalar ``powf`` is
# correctly rounded; minigrad computes through float64. (Large tensors use a
# vectorised kernel in torch whose last bit can differ: one element at a time here.)
SMALL = np.random.default_rng(1).uniform(0.1, 10.0, 200)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("exponent", [1.5, 2.5, 4.0, -1.5, 1 / 3])
def test_other_powers_of_single_numbers_match_torch(dtype: str, exponent: float) -> None:
    for v in SMALL:
        mine = minigrad.tensor(v, dtype=getattr(minigrad, dtype)) ** exponent
        theirs = torch.tensor(v, dtype=getattr(torch, dtype)) ** exponent
        assert mine.item() == theirs.item(), (v, exponent)


def test_number_to_the_power_of_an_integer_tensor_matches_torch() -> None:
    for base in (1.5, 0.3, 7.0):
        for e in range(-6, 7):
            mine = base ** minigrad.tensor(e)
            theirs = base ** torch.tensor(e)
            assert (mine.dtype, mine.item()) == (
                getattr(minigrad, str(theirs.dtype)[6:]),
                theirs.item(),
            )
        mine = minigrad.tensor(3) ** base
        assert mine.item() == (torch.tensor(3) ** base).item()
