"""cross_entropy(label_smoothing=) against torch: class-index and probability
targets, weights, every reduction, ignore_index, inputs with extra dims;
values, grad_fn names, first- and second-order gradients (``check``)."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

import minigrad

from ..ops.differential import SEEDS, check
from ..transcript import run

EXAMPLES = settings(max_examples=25, deadline=None)
REDUCTIONS = st.sampled_from(["mean", "sum", "none"])
SMOOTHING = st.sampled_from([0.0, 0.1, 0.25, 0.5, 1.0])


@st.composite
def problem(draw: st.DrawFn) -> tuple:
    """Input shape: (C,), (N, C) or (N, C, d1[, d2])."""
    c = draw(st.integers(1, 4))
    extra = draw(st.lists(st.integers(1, 3), max_size=2))
    if draw(st.booleans()) and not extra:
        return (c,), c
    return (draw(st.integers(1, 3)), c, *extra), c


@given(problem(), REDUCTIONS, SMOOTHING, st.booleans(), st.booleans(), SEEDS)
@EXAMPLES
def test_class_index_targets(prob, reduction, smoothing, weighted, ignore, seed):
    shape, c = prob
    rng = np.random.RandomState(seed)
    target_shape = () if len(shape) == 1 else (shape[0], *shape[2:])
    target = rng.randint(0, c, target_shape)
    if ignore and target.size:
        target[rng.rand(*target_shape) < 0.4] = 2  # ignore_index=2 (may be a real class)
    weight = rng.rand(c) + 0.1 if weighted else None
    kw = {"reduction": reduction, "label_smoothing": smoothing}
    if ignore:
        kw["ignore_index"] = 2

    def fn(T, x):
        w = None if weight is None else T.tensor(weight)
        return T.nn.functional.cross_entropy(x, T.tensor(target), weight=w, **kw)

    check(fn, [rng.randn(*shape)], seed)


@given(problem(), REDUCTIONS, SMOOTHING, st.booleans(), SEEDS)
@EXAMPLES
def test_probability_targets(prob, reduction, smoothing, weighted, seed):
    shape, c = prob
    rng = np.random.RandomState(seed)
    probs = rng.rand(*shape)
    weight = rng.rand(c) + 0.1 if weighted else None

    def fn(T, x, p):
        w = None if weight is None else T.tensor(weight)
        return T.nn.functional.cross_entropy(
            x, p, weight=w, reduction=reduction, label_smoothing=smoothing
        )

    # gradients flow to the input and to the (soft) target
    check(fn, [rng.randn(*shape), probs], seed)


@given(REDUCTIONS, SMOOTHING, SEEDS)
@settings(max_examples=10, deadline=None)
def test_module(reduction, smoothing, seed):
    rng = np.random.RandomState(seed)
    target = rng.randint(0, 5, 4)

    def fn(T, x):
        loss = T.nn.CrossEntropyLoss(reduction=reduction, label_smoothing=smoothing)
        return loss(x, T.tensor(target))

    check(fn, [rng.randn(4, 5)], seed)


@pytest.mark.parametrize(
    "code",
    [
        "F.cross_entropy(torch.zeros(2, 3), torch.tensor([0, 1]), label_smoothing=1.5)",
        "F.cross_entropy(torch.zeros(2, 3), torch.zeros(2, 3), label_smoothing=2.0)",
        "F.cross_entropy(torch.zeros(2, 3), torch.tensor([0, 1]), label_smoothing=-0.5)",
        "torch.nn.CrossEntropyLoss(label_smoothing=0.3)",
        "torch.nn.CrossEntropyLoss(label_smoothing=0.3).label_smoothing",
    ],
)
def test_messages_and_reprs(code):
    code = "print(" + code + ")"
    theirs, mine = run(code, torch), run(code, minigrad)
    assert mine.lines() == theirs.lines()
