"""Gradients at the corners of a few rules, run under torch and minigrad: the
values, and the graph a gradient records with ``create_graph=True`` (the names
of its nodes down to the leaves), as a second backward would walk it."""

from __future__ import annotations

from typing import Any

import pytest
import torch

import minigrad

from ..transcript import run
from .rules import RULES

CHAIN = (
    "def chain(t):\n"
    "    n, out = t.grad_fn, []\n"
    "    while n is not None:\n"
    "        out.append(n.name())\n"
    "        n = next((f[0] for f in n.next_functions if f[0] is not None), None)\n"
    "    return out\n"
)

CASES = {
    # var and std with no degrees of freedom: over all elements (or of a 0-dim
    # tensor) torch's gradient is a constant, nan where a is its mean, inf elsewhere
    "var and std without degrees of freedom": CHAIN
    + (
        "for shape in [(), (1,), (3,), (2, 3)]:\n"
        "    for fn in ['var()', 'var(0)', 'var(0, keepdim=True)', 'std()', 'std(0)',\n"
        "               'var(keepdim=True)', 'var(correction=3)', 'std(-1, correction=0)']:\n"
        "        n = 1 if not shape else shape[0] * shape[-1] if len(shape) == 2 else shape[0]\n"
        "        x = (torch.arange(6.) % 4)[:n].reshape(shape).requires_grad_()\n"
        "        y = eval('x.' + fn)\n"
        "        v = torch.ones(y.shape, requires_grad=True)\n"
        "        g, = torch.autograd.grad(y, x, v, create_graph=True)\n"
        "        print(shape, fn, g, chain(g))\n"
        "        g.sum().backward()\n"
        "        print(x.grad, v.grad)"
    ),
    # the backward of mean divides by a number (DivBackward1), after an expand
    "mean's gradient graph": CHAIN
    + (
        "for fn in ['mean()', 'mean(0)', 'mean((0, 1), keepdim=True)', "
        "'mean(dtype=torch.float64)', 'sum()']:\n"
        "    x = torch.ones(2, 3, 1, requires_grad=True)\n"
        "    y = eval('x.' + fn)\n"
        "    g, = torch.autograd.grad(y, x, torch.ones(y.shape, requires_grad=True), "
        "create_graph=True)\n"
        "    print(fn, chain(g), g.dtype)"
    ),
    # a rounded division is a step: its gradient is fresh zeros, even where the
    # incoming gradient is nan (no nan * 0)
    "second order through remainder and rounded div": (
        "x = torch.tensor([-0.21, 1.23, 0.03, 2.0, 0.0, 2.0], dtype=torch.float64, "
        "requires_grad=True)\n"
        "y = torch.tensor([1., 0.5, -1., 0., 0., 3.], requires_grad=True)\n"
        "for f in [lambda: x % x, lambda: y % (x + y), "
        "lambda: torch.div(x, y, rounding_mode='floor'), "
        "lambda: torch.div(x, y, rounding_mode='trunc') * x]:\n"
        "    out = f()\n"
        "    gs = torch.autograd.grad(out.sum(), [x, y], create_graph=True, allow_unused=True)\n"
        "    print([g if g is None else (g, g.requires_grad) for g in gs])\n"
        "    s = sum((g * g).sum() for g in gs if g is not None)\n"
        "    if s.requires_grad:\n"
        "        s.backward()\n"
        "    print(x.grad, y.grad)\n"
        "    x.grad = y.grad = None"
    ),
    # where's gradient is where(cond, grad, 0): no nan * 0; cumsum's is a reversed
    # cumsum (an inf or nan stays where it belongs); a product of one element passes
    # the gradient on as it is
    "where, cumsum and prod of one element": CHAIN
    + (
        "x = torch.tensor([[0.0, -1.0, 4.0], [2.0, 0.0, -1.0]], dtype=torch.float64, "
        "requires_grad=True)\n"
        "s = torch.tensor(1.0, requires_grad=True)\n"
        "y = torch.where(s > 0, s, x).sigmoid().sum() + (x.cumsum(0) ** 0.5).sum()\n"
        "y = y + x.masked_fill(x > 0, -1.0).unsqueeze(-1).prod(-1).sum() + x.cumsum(1).sum()\n"
        "gs = torch.autograd.grad(y, [x, s], create_graph=True)\n"
        "print(gs, [chain(g) for g in gs])\n"
        "sum((g * g).sum() for g in gs).backward()\n"
        "print(x.grad, s.grad)"
    ),
    # max/min over a dim write the gradient at the index they return (a scatter):
    # a nan reaches that element only
    "max and min over a dim": CHAIN
    + (
        "x = torch.tensor([[1., 1., 1.], [2., 5., 5.]], requires_grad=True)\n"
        "for f in [lambda: x.max(-1)[0], lambda: x.max(0, keepdim=True)[0], "
        "lambda: x.min(1)[0], lambda: x.sort(1)[0], lambda: x.topk(2)[0]]:\n"
        "    y = f()\n"
        "    v = torch.full(y.shape, float('nan'), requires_grad=True)\n"
        "    g, = torch.autograd.grad(y, x, v, create_graph=True)\n"
        "    print(y.grad_fn.name(), g, chain(g))"
    ),
    # a node torch has no derivative for runs as soon as it is ready (no sequence
    # number): which one fails first
    "the first rule not implemented": (
        "t1 = torch.ones(2, requires_grad=True)\n"
        "t3 = t1 // 2\nt4 = t1.sin()\nt4 //= 2\n"
        "for loss in [t4.sum() + t3.sum(), t3.sum() + t4.sum()]:\n"
        "    try:\n        loss.backward(retain_graph=True)\n"
        "    except RuntimeError as e:\n        print(e)"
    ),
    # a saved tensor detached in place (before or after it was saved)
    "saved, then detached in place": (
        "for when in ['after', 'before']:\n"
        "    x = torch.ones(2, requires_grad=True)\n"
        "    y = x * 2\n"
        "    if when == 'before':\n        y.detach_()\n"
        "    z = y * x + y.exp()\n"
        "    y.detach_()\n"
        "    try:\n        z.sum().backward()\n        print(x.grad)\n"
        "    except RuntimeError as e:\n        print(e)"
    ),
    # two saved tensors changed in place (a view and its base): the message
    # names the one torch checks first
    "which saved tensor is checked first": (
        "for op in ['a @ v', 'v @ a', 'a / v', 'v / a', 'a ** v', 'v ** a', "
        "'torch.atan2(a, v)', 'torch.atan2(v, a)', 'a * v', 'v * a']:\n"
        "    a = torch.ones(2, requires_grad=True)\n"
        "    v = a[:]\n"
        "    y = eval(op).sum()\n"
        "    with torch.no_grad():\n"
        "        v.mul_(2)\n"
        "    try:\n"
        "        y.backward()\n"
        "    except RuntimeError as e:\n"
        "        print(op, str(e).split(' is at')[0])"
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_backward_corner_like_torch(name: str) -> None:
    code = CASES[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.error is None
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings


def _backward_twice(lib: Any, rule: Any) -> str:
    """What a second ``backward()`` through the rule's graph does (no retain_graph)."""
    out = rule.fn(lib, *rule.make_inputs(lib))
    outs = [o for o in (out if isinstance(out, (tuple, list)) else (out,)) if o.requires_grad]
    loss = sum(o.double().sum() for o in outs)
    loss.backward()
    try:
        loss.backward()
    except RuntimeError as e:
        return str(e)
    return "ran again"


@pytest.mark.parametrize("name", sorted(RULES))
def test_second_backward_through_each_rule_like_torch(name: str) -> None:
    """A rule whose torch counterpart saved tensors (a mask, indices) fails on a
    second backward, even where minigrad keeps them in the node's own slots."""
    rule = RULES[name]
    assert _backward_twice(minigrad, rule) == _backward_twice(torch, rule)
