"""Backward in its plainest form: read this before ``engine.py``.

It is micrograd's ``backward`` with torch's order, on minigrad's own nodes:

1. count how many gradients each node waits for (one per edge that reaches it);
2. run, among the nodes whose gradients have all arrived, the one made last;
3. its derivative rule turns the gradient of its output(s) into one per input;
4. each is summed back to its input's shape where the forward broadcast it;
5. and added into the buffer of the node it goes to (fan-in: gradients add up);
6. a leaf's ``AccumulateGrad`` adds what arrived into ``leaf.grad``.

``engine.run_backward`` does exactly this, and also: hooks, ``retain_graph``
(freeing saved values), ``create_graph``, ``autograd.grad``'s inputs, batched
gradients, the observers the pictures use, and a fast path for the common node.
``tests/autograd/test_reference_engine.py`` checks that both give the same
gradients and run the nodes in the same order, on random graphs.

>>> import minigrad as torch
>>> x = torch.tensor([1.0, 2.0], requires_grad=True)
>>> order = backward((x * x).sum())
>>> x.grad, [type(n).__name__ for n in order]
(tensor([2., 4.]), ['SumBackward0', 'MulBackward0', 'AccumulateGrad'])
"""

from __future__ import annotations

import heapq

import numpy as np

from .engine import _call_backward, _undo_broadcast
from .grad_mode import no_grad
from .node import AccumulateGrad, Node, edges_of
from .tensor import Tensor


def backward(output: Tensor, gradient: Tensor | None = None) -> list[Node]:
    """``output.backward(gradient)``, the algorithm alone; returns the nodes as they ran."""
    root = output.grad_fn
    waiting: dict[Node, int] = {root: 0}  # 1.
    stack = [root]
    while stack:
        for nxt in stack.pop()._next:
            if nxt is not None:
                if nxt not in waiting:
                    stack.append(nxt)
                waiting[nxt] = waiting.get(nxt, 0) + 1
    first = gradient if gradient is not None else Tensor._make(np.ones_like(output._data), None)
    grads: dict[Node, list] = {root: [None] * root._outputs}  # one slot per output
    grads[root][output._out_nr] = first
    ready, ran = [(-root._seq, root)], []
    with no_grad():  # the rules run as plain computations, not recorded
        while ready:
            node = heapq.heappop(ready)[1]  # 2. the newest node whose gradients all arrived
            ran.append(node)
            _run(node, grads.pop(node, [None] * node._outputs), grads, waiting, ready)
    return ran


def _run(node: Node, arrived: list, grads: dict, waiting: dict, ready: list) -> None:
    """One node: steps 3 to 6."""
    if type(node) is AccumulateGrad:  # 6.
        if arrived[0] is not None:
            leaf, g = node.variable, Tensor._make(arrived[0]._data.copy(), None)
            leaf.grad = g if leaf.grad is None else leaf.grad + g
        return
    if all(g is None for g in arrived):  # nothing reached it (integer paths, say)
        outs = (None,) * len(node._next)
    else:
        outs = _call_backward(node, arrived)  # 3. one gradient per input
    for (x, nxt, nr), g in zip(edges_of(node), outs):
        if nxt is None:
            continue
        if g is not None:
            g = _undo_broadcast(g, x, nxt)  # 4.
            slots = grads.setdefault(nxt, [None] * nxt._outputs)
            slots[nr] = g if slots[nr] is None else slots[nr] + g  # 5.
        waiting[nxt] -= 1
        if waiting[nxt] == 0:
            heapq.heappush(ready, (-nxt._seq, nxt))
