"""``boxed_grads_call = True`` on a custom Function: backward gets the output
gradients as one list, which it may empty to free them early; compared with torch."""

from __future__ import annotations

from typing import Any

import pytest
import torch

import minigrad


def _program(lib: Any, use_b: bool) -> list:
    seen: list = []

    class Two(lib.autograd.Function):
        boxed_grads_call = True

        @staticmethod
        def forward(ctx, x, y):
            return x * y, x + y

        @staticmethod
        def backward(ctx, grads):
            seen.append((type(grads).__name__, len(grads)))
            ga, gb = grads
            grads.clear()  # the function may drop the gradients it holds
            return ga * 2 + gb, ga + gb

    x = lib.ones(3, requires_grad=True)
    y = lib.full((3,), 2.0, requires_grad=True)
    a, b = Two.apply(x, y)
    (a * 3 + b if use_b else a).sum().backward()
    grads = lib.autograd.grad(Two.apply(x, y)[0].sum(), [x, y])
    return [seen, x.grad.tolist(), y.grad.tolist(), [g.tolist() for g in grads]]


@pytest.mark.parametrize("use_b", [True, False])
def test_backward_gets_one_list(use_b: bool) -> None:
    want = _program(torch, use_b)
    assert want[0] == [("list", 2), ("list", 2)]
    assert _program(minigrad, use_b) == want


def test_default_is_false() -> None:
    assert minigrad.autograd.Function.boxed_grads_call is torch.autograd.Function.boxed_grads_call
    assert minigrad.autograd.Function.boxed_grads_call is False
