"""SGD side by side with torch: the same seeded parameters and gradients,
several steps for every combination of options, and parameters and momentum
buffers compared bit for bit (SGD takes no square root, so nothing stands in
the way)."""

from __future__ import annotations

import itertools

import pytest

from .test_rmsprop_adagrad import _assert_same, _run_both

SGD_CASES = [
    dict(lr=0.1, momentum=m, dampening=d, weight_decay=wd, nesterov=n, maximize=mx)
    for m, d, wd, n, mx in itertools.product(
        [0, 0.9], [0, 0.3], [0, 0.01], [False, True], [False, True]
    )
    if not (n and (m == 0 or d != 0))  # nesterov needs momentum and no dampening
] + [dict(lr=0.7, momentum=0.5)]


@pytest.mark.parametrize("kwargs", SGD_CASES, ids=str)
def test_sgd_matches_torch_bit_for_bit(kwargs: dict) -> None:
    _assert_same(*_run_both("SGD", kwargs, seed=4))
