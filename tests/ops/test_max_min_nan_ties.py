"""Gradients of max, min, amax and amin with NaN and ties, against real PyTorch
(values, gradients, ``grad_fn`` names)."""

from __future__ import annotations

from typing import Any

import pytest

from ..compare import same

# --- NaN and ties in max/min/amax/amin --------------------------------------------
NAN = float("nan")
REDUCTIONS = {
    "max()": lambda a: a.max(),
    "min()": lambda a: a.min(),
    "amax()": lambda a: a.amax(),
    "amin()": lambda a: a.amin(),
    "max(1)": lambda a: a.max(1).values,
    "min(1)": lambda a: a.min(1)[0],
    "max(0,keepdim)": lambda a: a.max(0, keepdim=True).values,
    "amax(1)": lambda a: a.amax(1),
    "amin(0)": lambda a: a.amin(0),
}
ROWS = {
    "nan": [[1.0, NAN, 3.0], [2.0, 2.0, 0.0]],
    "two nans": [[NAN, 1.0, NAN], [0.0, 5.0, 5.0]],
    "ties": [[3.0, 1.0, 3.0], [3.0, 3.0, 3.0]],
    "plain": [[0.5, -1.0, 2.0], [4.0, 1.0, -3.0]],
}


@pytest.mark.parametrize("rows", sorted(ROWS))
@pytest.mark.parametrize("op", sorted(REDUCTIONS))
def test_max_min_gradients_with_nan_and_ties(op: str, rows: str) -> None:
    def program(lib: Any) -> Any:
        a = lib.tensor(ROWS[rows], requires_grad=True)
        out = REDUCTIONS[op](a)
        out.sum().backward()
        return out, a.grad

    same(program)
