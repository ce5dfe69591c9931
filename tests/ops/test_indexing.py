"""Differential tests of setitem against real torch.

Each example runs one operation on the same random float64 inputs under
minigrad and under real torch and compares (``check`` in ``differential.py``)
the outputs, the first-order gradients and the second-order gradients.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from .differential import EXAMPLES, SEEDS, _randn, check


@EXAMPLES
@given(data=st.data(), seed=SEEDS)
def test_setitem(data: Any, seed: int) -> None:
    """Writing into a non-leaf: gradients reach both the old values (outside
    the written part) and the written values."""
    rows = data.draw(st.integers(2, 4))
    idx = data.draw(st.lists(st.integers(0, rows - 1), min_size=1, max_size=3, unique=True))
    a, v, w = _randn(seed, (rows, 3), (3,), (len(idx), 3))

    def put_rows(T: Any, x: Any, y: Any) -> Any:
        c = x * 2
        c[T.tensor(idx)] = y
        return c * x

    def put_slice(T: Any, x: Any, y: Any) -> Any:
        c = x * 3
        c[0] = y
        c[1:, 1] = 5.0
        return c

    def put_mask(T: Any, x: Any, y: Any) -> Any:
        c = x * 1
        c[x > 0] = y.sum()
        return c

    check(put_rows, [a, v], seed)
    check(put_rows, [a, w], seed)
    check(put_slice, [a, v], seed)
    check(put_mask, [a, v], seed)


def test_range_indexes_like_a_list() -> None:
    # d2l's cross_entropy: y_hat[range(len(y_hat)), y]
    from ..compare import same

    same(
        lambda lib: lib.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]], requires_grad=True)[
            range(2), lib.tensor([0, 2])
        ]
    )
    same(lambda lib: lib.arange(10)[range(1, 9, 3)])
