"""A leaf's AccumulateGrad node and its hooks, side by side with torch: in backward()
its pre-hook runs after the leaf's tensor hooks and its post-hook gets
``grad_inputs == ()``; autograd.grad takes the gradient without running the node
(the tensor hooks run, the node's hooks do not)."""

from __future__ import annotations

from typing import Any

import pytest
import torch

import minigrad


def events(lib: Any) -> list:
    log: list = []
    w = lib.tensor([1.0, 2.0], requires_grad=True)
    y = (w * w).sum()
    acc = y.grad_fn.next_functions[0][0].next_functions[0][0]
    acc.register_prehook(lambda go: log.append(("pre", [g.tolist() for g in go])))
    acc.register_hook(lambda gi, go: log.append(("post", len(gi), [g.tolist() for g in go])))
    w.register_hook(lambda g: log.append(("tensor", g.tolist())))
    log.append(("grad", [g.tolist() for g in lib.autograd.grad(y, w, retain_graph=True)]))
    y.backward(retain_graph=True)
    log.append(("after backward", w.grad.tolist()))
    acc.register_hook(lambda gi, go: (g for g in go))  # not a tuple
    with pytest.raises(TypeError) as err:
        y.backward()
    log.append(("error", str(err.value)))
    return log


def test_accumulate_grad_hooks_run_as_torchs() -> None:
    assert events(minigrad) == events(torch)


def post_hook_shapes(lib: Any) -> list:
    """What a node's post-hook sees for a broadcast input: torch sums each gradient back
    to its input's shape (validate_outputs) before the post-hooks run."""
    seen: list = []
    lib.manual_seed(0)
    b = lib.ones(3, requires_grad=True)
    w = lib.ones(2, 3, requires_grad=True)
    x = lib.ones(4, 2)
    for y in ((x @ w + b).sum(), (lib.ones(4, 3) * b).sum(), (b.double() * 2).sum()):
        fn = y.grad_fn.next_functions[0][0]
        fn.register_hook(
            lambda gi, go: seen.append([None if g is None else (tuple(g.shape), str(g.dtype))
                                        for g in gi])
        )
        y.backward()
    return seen


def test_post_hooks_see_each_gradient_in_its_inputs_shape() -> None:
    assert post_hook_shapes(minigrad) == post_hook_shapes(torch)
