"""Differential tests of the ``nn.functional`` losses against real torch
(regression and binary losses, cross_entropy and nll_loss).

Each example runs one operation on the same random float64 inputs under
minigrad and under real torch and compares (``check`` in ``differential.py``)
the outputs, the first-order gradients and the second-order gradients.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from ..ops.differential import EXAMPLES, SEEDS, SIDE, _randn, _shape, check


# --- nn.functional losses ---------------------------------------------------
@EXAMPLES
@given(data=st.data(), seed=SEEDS)
def test_regression_and_binary_losses(data: Any, seed: int) -> None:
    shape = _shape(data.draw, 0)
    red = data.draw(st.sampled_from(["mean", "sum", "none"]))
    a, b, w, pw = _randn(seed, shape, shape, shape[-1:], shape[-1:])
    probs = 0.05 + 0.9 / (1 + np.exp(-a))
    target = 1 / (1 + np.exp(-b))
    weight, pos_weight = np.abs(w) + 0.1, np.abs(pw) + 0.1

    def f(name: str) -> Callable:
        return lambda T, *xs: getattr(T.nn.functional, name)(*xs, reduction=red)

    check(f("mse_loss"), [a, b], seed)
    check(f("l1_loss"), [a, b], seed)
    check(f("smooth_l1_loss"), [a, b], seed)
    check(f("huber_loss"), [a, b], seed)
    for red_kl in (red, "batchmean"):
        for log_target, t in ((False, target), (True, np.log(target))):
            with (
                warnings.catch_warnings()
            ):  # ('mean' warns; the warning is tested with the misuses)
                warnings.simplefilter("ignore", UserWarning)
                check(
                    lambda T, x, y, r=red_kl, lt=log_target: T.nn.functional.kl_div(
                        x, y, reduction=r, log_target=lt
                    ),
                    [a, t],
                    seed,
                )
    check(lambda T, x, y: T.nn.functional.huber_loss(x, y, reduction=red, delta=0.3), [a, b], seed)
    check(
        lambda T, x, y, w: T.nn.functional.huber_loss(x, y, reduction=red, delta=0.8, weight=w),
        [a, b, np.abs(b) + 0.1],
        seed,
    )
    check(
        lambda T, x, y: T.nn.functional.smooth_l1_loss(x, y, reduction=red, beta=0.3), [a, b], seed
    )
    check(f("binary_cross_entropy"), [probs, target], seed)
    check(f("binary_cross_entropy_with_logits"), [a, target], seed)
    check(
        lambda T, x, y: T.nn.functional.binary_cross_entropy(
            x, y, weight=T.tensor(weight), reduction=red
        ),
        [probs, target],
        seed,
    )
    check(
        lambda T, x, y: T.nn.functional.binary_cross_entropy_with_logits(
            x, y, weight=T.tensor(weight), pos_weight=T.tensor(pos_weight), reduction=red
        ),
        [a, target],
        seed,
    )


@EXAMPLES
@given(data=st.data(), seed=SEEDS)
def test_cross_entropy_and_nll(data: Any, seed: int) -> None:
    n, c = data.draw(SIDE), data.draw(st.integers(2, 4))
    extra = tuple(data.draw(st.lists(SIDE, max_size=2)))
    red = data.draw(st.sampled_from(["mean", "sum", "none"]))
    use_weight = data.draw(st.booleans())
    rng = np.random.RandomState(seed % 2**32)
    target = rng.randint(0, c, size=(n,) + extra)
    ignore = data.draw(st.sampled_from([-100, 0]))
    if ignore == 0 and not np.any(target != 0):
        target.flat[0] = 1  # keep one sample that counts
    weight = np.abs(rng.randn(c)) + 0.1
    (x,) = _randn(seed, (n, c) + extra)

    def ce(T: Any, s: Any) -> Any:
        w = T.tensor(weight) if use_weight else None
        return T.nn.functional.cross_entropy(
            s, T.tensor(target), weight=w, ignore_index=ignore, reduction=red
        )

    def nll(T: Any, s: Any) -> Any:
        w = T.tensor(weight) if use_weight else None
        logp = T.nn.functional.log_softmax(s, 1)
        return T.nn.functional.nll_loss(logp, T.tensor(target), w, reduction=red)

    check(ce, [x], seed, rtol=1e-6)
    check(nll, [x], seed, rtol=1e-6)
    probs = np.exp(rng.randn(n, c))
    probs /= probs.sum(1, keepdims=True)

    def soft(T: Any, s: Any) -> Any:
        return T.nn.functional.cross_entropy(s, T.tensor(probs), reduction=red)

    flat = x[(slice(None), slice(None)) + (0,) * len(extra)]  # (N, C)
    check(soft, [flat], seed)
    one = int(target.flat[0])
    check(lambda T, s: T.nn.functional.cross_entropy(s[0], T.tensor(one)), [flat], seed)
