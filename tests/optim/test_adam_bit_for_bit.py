"""Adam and AdamW side by side with torch, bit for bit, given torch's float32
``sqrt`` (see ``test_rmsprop_adagrad.py`` for why)."""

from __future__ import annotations

import itertools

import pytest

from .test_rmsprop_adagrad import _assert_same, _run_both, torch_sqrt  # noqa: F401

ADAM_CASES = [
    dict(lr=0.1, betas=b, weight_decay=wd, amsgrad=a, maximize=mx)
    for b, wd, a, mx in itertools.product(
        [(0.9, 0.999), (0.3, 0.6)], [0, 0.1], [False, True], [False, True]
    )
]


@pytest.mark.parametrize("name", ["Adam", "AdamW"])
@pytest.mark.parametrize("kwargs", ADAM_CASES, ids=str)
def test_adam_matches_torch_bit_for_bit(name: str, kwargs: dict, torch_sqrt: None) -> None:  # noqa: F811
    _assert_same(*_run_both(name, kwargs, seed=5))
