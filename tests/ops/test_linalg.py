"""Differential tests of the matrix products against real torch (matmul of all
ranks, mm, mv, dot, outer, bmm).

Each example runs one operation on the same random float64 inputs under
minigrad and under real torch and compares (``check`` in ``differential.py``)
the outputs, the first-order gradients and the second-order gradients.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from .differential import EXAMPLES, SEEDS, SIDE, _randn, check


# --- matrix products --------------------------------------------------------
@EXAMPLES
@given(
    da=st.integers(1, 4),
    db=st.integers(1, 4),
    n=SIDE,
    k=SIDE,
    m=SIDE,
    batch=st.lists(SIDE, min_size=2, max_size=2),
    seed=SEEDS,
)
def test_matmul_all_ranks(da: int, db: int, n: int, k: int, m: int, batch: list, seed: int) -> None:
    sa = {1: (k,), 2: (n, k), 3: (batch[1], n, k), 4: (batch[0], 1, n, k)}[da]
    sb = {1: (k,), 2: (k, m), 3: (batch[1], k, m), 4: (batch[0], batch[1], k, m)}[db]
    a, b = _randn(seed, sa, sb)
    check(lambda T, x, y: x @ y, [a, b], seed)
    check(lambda T, x, y: T.matmul(x.exp(), y), [a, b], seed)


@EXAMPLES
@given(n=SIDE, k=SIDE, m=SIDE, b=SIDE, seed=SEEDS)
def test_mm_mv_dot_outer_bmm(n: int, k: int, m: int, b: int, seed: int) -> None:
    A, B, v, u, P, Q = _randn(seed, (n, k), (k, m), (k,), (k,), (b, n, k), (b, k, m))
    check(lambda T, x, y: T.mm(x, y), [A, B], seed)
    check(lambda T, x, y: x.mv(y), [A, v], seed)
    check(lambda T, x, y: T.dot(x, y), [v, u], seed)
    check(lambda T, x, y: T.outer(x, y), [v, B[0]], seed)
    check(lambda T, x, y: T.bmm(x, y), [P, Q], seed)
