"""Deep graphs and graph release: the engine is iterative (no recursion limit),
and a graph is freed by reference counting as soon as nothing refers to it."""

from __future__ import annotations

import gc
import sys
import weakref
from collections.abc import Iterator

import numpy as np
import pytest
import torch

import minigrad

DEPTH = 100_000


@pytest.fixture
def no_cyclic_gc() -> Iterator[None]:
    """Release must happen by reference counting alone, not by the cycle collector."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_deep_chain_backward_without_recursion_error() -> None:
    x = minigrad.tensor(1.0, requires_grad=True)
    y = x
    for _ in range(DEPTH):
        y = y * 1.0
    assert sys.getrecursionlimit() < DEPTH
    y.backward()
    assert x.grad.item() == 1.0


def test_deep_chain_autograd_grad_and_second_order() -> None:
    x = minigrad.tensor(0.5, requires_grad=True)
    y = x
    for _ in range(2_000):
        y = y * 1.0001
    (g,) = minigrad.autograd.grad(y * y, x, create_graph=True)
    (gg,) = minigrad.autograd.grad(g, x)
    xt = torch.tensor(0.5, requires_grad=True)
    yt = xt
    for _ in range(2_000):
        yt = yt * 1.0001
    (gt,) = torch.autograd.grad(yt * yt, xt, create_graph=True)
    (ggt,) = torch.autograd.grad(gt, xt)
    assert abs(g.item() - gt.item()) < 1e-3 * abs(gt.item())
    assert abs(gg.item() - ggt.item()) < 1e-3 * abs(ggt.item())


def test_deep_graph_deletion_without_recursion_error(no_cyclic_gc: None) -> None:
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    y = x
    for _ in range(DEPTH):
        y = y.exp() * 0.5  # saved tensors at every level
    first = weakref.ref(y.grad_fn)
    del y  # frees 200,000 nodes one after another
    assert first() is None


def test_graph_released_when_output_dropped(no_cyclic_gc: None) -> None:
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).exp().sum()
    nodes = [weakref.ref(y.grad_fn)]
    nodes += [weakref.ref(n) for n, _ in y.grad_fn.next_functions if n is not None]
    acc = weakref.ref(y.grad_fn.next_functions[0][0].next_functions[0][0].next_functions[0][0])
    assert all(n() is not None for n in nodes)
    del y
    assert all(n() is None for n in nodes)
    assert acc() is None  # the leaf only holds its AccumulateGrad weakly
    assert x.grad is None


def test_graph_released_after_backward_and_del(no_cyclic_gc: None) -> None:
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    h = x.tanh()
    y = (h * x).sum()
    refs = [weakref.ref(y.grad_fn), weakref.ref(h.grad_fn)]
    y.backward()
    del y
    assert refs[0]() is None
    assert refs[1]() is not None  # h still refers to its node
    del h
    assert refs[1]() is None


def test_intermediate_tensors_live_as_long_as_the_graph(no_cyclic_gc: None) -> None:
    """Each node keeps its forward inputs (for pictures of the graph), so an
    intermediate tensor lives while a graph uses it and goes with the graph.
    A saved *output* is stored as data: a node never keeps its own output
    alive (that would be a reference cycle)."""
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    e = x.exp()  # ExpBackward0 saves its output
    e_ref, node_ref = weakref.ref(e), weakref.ref(e.grad_fn)
    del e
    assert e_ref() is None and node_ref() is None  # no cycle through the saved output
    e = x.exp()
    e_ref, node_ref = weakref.ref(e), weakref.ref(e.grad_fn)
    y = e.sum()
    del e
    assert e_ref() is not None and node_ref() is not None  # y's graph uses them
    y.backward()
    assert x.grad is not None
    del y
    assert e_ref() is None and node_ref() is None


def test_saved_tensors_freed_after_backward() -> None:
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    a = x * x
    b = a.exp()
    y = b.sum()
    assert not a.grad_fn.is_freed and not b.grad_fn.is_freed
    assert len(a.grad_fn.saved_values) == 2
    y.backward(retain_graph=True)
    assert not a.grad_fn.is_freed  # retain_graph keeps them
    y.backward()
    assert a.grad_fn.is_freed and b.grad_fn.is_freed
    assert a.grad_fn.saved_values == () and b.grad_fn.saved_values == ()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        y.backward()


def test_saved_and_input_tensors_released_with_the_graph(no_cyclic_gc: None) -> None:
    """After backward the node drops its saved tensors; the forward inputs it
    keeps for pictures (``node._inputs``) go when the graph goes."""
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    a = x * 3
    b = a * a  # saves a
    a_ref, node = weakref.ref(a), b.grad_fn
    del a
    assert a_ref() is not None  # held by b's node
    b.sum().backward()
    assert node.saved_values == ()
    del b, node
    assert a_ref() is None


def test_second_backward_through_nodes_that_saved_nothing() -> None:
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    y = (x + 1).sum() - 2
    y.backward()
    assert not y.grad_fn.is_freed  # nothing was saved, nothing to free
    y.backward()
    assert x.grad.tolist() == [2.0, 2.0]


def test_partial_second_backward_fails_only_where_something_was_saved() -> None:
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    w = minigrad.tensor([3.0, 4.0], requires_grad=True)
    s = x + w  # saves nothing
    y = (s * s).sum()  # saves s
    y.backward()
    (s.sum()).backward()  # only the AddBackward0 part, which saved nothing
    assert x.grad.tolist() == [9.0, 13.0]
    with pytest.raises(RuntimeError, match="second time"):
        y.backward()


def test_backward_observer_costs_nothing_when_removed() -> None:
    from minigrad.autograd import observe

    steps: list[str] = []
    remove = observe.on_node(lambda step: steps.append(step.node.name())).remove
    x = minigrad.tensor(2.0, requires_grad=True)
    (x * x + 1).backward()
    remove()
    (x * 3).backward()
    assert steps == ["AddBackward0", "MulBackward0", "torch::autograd::AccumulateGrad"]
    assert not observe.nodes


class _Square(minigrad.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        y = x * x
        return y

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 2 * x * g


@pytest.mark.parametrize("after", ["nothing", "backward", "autograd.grad", "create_graph"])
def test_multi_output_and_custom_function_graphs_leave_no_cycles(no_cyclic_gc, after) -> None:
    """split, max(dim), unbind (nodes with several outputs) and a custom Function:
    after ``del``, reference counting alone frees every node (gc finds nothing)."""
    x = minigrad.tensor(np.arange(12.0).reshape(4, 3) / 10, requires_grad=True)
    a, b = x.split(2)
    m, _ = x.max(1)
    rows = x.unbind(0)
    y = _Square.apply(a).sum() + b.sum() + m.sum() + rows[0].sum() + _Square.apply(x).mean()
    nodes = [weakref.ref(n) for n in (y.grad_fn, a.grad_fn, m.grad_fn, rows[0].grad_fn)]
    if after == "backward":
        y.backward()
    elif after == "autograd.grad":
        minigrad.autograd.grad(y, x)
    elif after == "create_graph":
        (g,) = minigrad.autograd.grad(y, x, create_graph=True)
        g.sum().backward()
        del g
    del y, a, b, m, rows, _
    assert all(n() is None for n in nodes)
    assert gc.collect() == 0


def test_a_recorded_op_keeps_three_objects_for_the_cyclic_gc() -> None:
    # the output tensor, its node, and the node's one tuple of edges (inputs and next
    # nodes): each more object is one more for every full collection to walk. (A
    # collection first stops tracking tuples of plain numbers, such as ``(1.0001,)``.)
    x = minigrad.tensor(1.0, requires_grad=True)
    gc.collect()
    before = len(gc.get_objects())
    y = x
    for _ in range(1000):
        y = y * 1.0001 + 0.0001
    gc.collect()
    per_op = (len(gc.get_objects()) - before) / 2000
    assert per_op < 3.05, per_op
    node = y.grad_fn
    assert node._inputs == (y.grad_fn._edges[0], 0.0001) and node._next[1] is None
    assert [n for n, _ in node.next_functions] == list(node._next)
