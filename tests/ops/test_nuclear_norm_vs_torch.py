"""norm(p='nuc') against torch: values, grad_fn names, first- and
second-order gradients (``check``), for matrices and batches of matrices."""

from __future__ import annotations

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

import minigrad

from ..transcript import run
from .differential import SEEDS, _randn, check


@given(st.integers(1, 4), st.integers(1, 4), st.integers(0, 2), SEEDS)
@settings(max_examples=25, deadline=None)
def test_nuclear_norm(rows, cols, batch, seed):
    shape = (batch, rows, cols) if batch else (rows, cols)
    if batch:
        fn = lambda T, a: T.norm(a, p="nuc", dim=(-2, -1))  # noqa: E731
    else:
        fn = lambda T, a: a.norm(p="nuc")  # noqa: E731
    check(fn, _randn(seed, shape), seed, rtol=1e-6)


@given(SEEDS)
@settings(max_examples=10, deadline=None)
def test_nuclear_norm_inside_a_computation(seed):
    fn = lambda T, a, b: T.norm(a @ b.tanh(), "nuc") * a.sum()  # noqa: E731
    check(fn, _randn(seed, (3, 3), (3, 4)), seed, rtol=1e-6)


@pytest.mark.parametrize(
    "code",
    [
        "torch.norm(torch.ones(3), p='nuc')",
        "torch.norm(torch.ones(2, 3, 4), p='nuc')",
        "torch.norm(torch.eye(3), p='nuc')",
        "torch.tensor([[3.0, 0.0], [0.0, -4.0]], requires_grad=True).norm('nuc')",
    ],
)
def test_messages_and_reprs(code):
    code = "print(" + code + ")"
    theirs, mine = run(code, torch), run(code, minigrad)
    assert mine.lines() == theirs.lines()
