"""The backward engine: the chain rule, applied node by node.

1. Walk the graph from the output and count, for every node, how many
   gradients it is waiting for (an iterative walk: no recursion limit).
2. Start with the output's gradient (1 for a scalar). Run a node once all its
   gradients have arrived and been summed; hand each input its share.
   Like torch, when several nodes are ready the most recently created runs first.
3. A gradient whose shape was broadcast in the forward pass is summed back to
   the input's shape here, in one place, so no derivative rule has to.
4. AccumulateGrad nodes add into ``leaf.grad``. Without ``retain_graph``
   every node releases its saved values after it ran.

``observe.on_node(fn)`` lets a picture or a widget watch each step
(:mod:`minigrad.autograd.observe`).
"""

from __future__ import annotations

import heapq
import itertools
import warnings
import weakref
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .._grad_mode import _State
from . import function as F
from . import observe
from .function import AccumulateGrad, Node, _grad_node

if TYPE_CHECKING:
    from .._tensor import Tensor

_observers = observe.nodes  # (the table add_observer, now deprecated, filled)
_create_graph_warned = False
# id(leaf) -> hooks to call with the leaf once its .grad has been updated
# (``register_post_accumulate_grad_hook``; dropped when the leaf is)
_post_accumulate: dict[int, list] = {}


def post_accumulate_hooks(leaf: Tensor) -> list:
    """The (changeable) list of post-accumulate-grad hooks of ``leaf``."""
    hooks = _post_accumulate.get(id(leaf))
    if hooks is None:
        hooks = _post_accumulate[id(leaf)] = []
        weakref.finalize(leaf, _post_accumulate.pop, id(leaf), None)
    return hooks


def add_observer(fn: Callable[[dict], None]) -> Callable[[], None]:
    """Deprecated: use :func:`minigrad.autograd.observe.on_node`.

    Calls ``fn(step)`` with the step as a dict (``node``, ``grads_in``,
    ``grads_out`` and, for AccumulateGrad, ``grad``) for every node the engine
    runs in this thread, except one that raised; returns a remover.
    """

    def as_dict(step: observe.Step) -> None:
        if step.error is None:
            d = {"node": step.node, "grads_in": step.grads_in, "grads_out": step.grads_out}
            if type(step.node) is AccumulateGrad:
                d["grad"] = step.grad
            fn(d)

    return observe.on_node(as_dict).remove


def _sum_to(grad: Tensor, like: Tensor) -> Tensor:
    """Undo broadcasting: sum ``grad`` down to ``like``'s shape and dtype."""
    shape = like._data.shape
    if grad._data.shape != shape:
        lead = grad.dim() - len(shape)
        dims = list(range(lead))
        dims += [lead + i for i, n in enumerate(shape) if n == 1 and grad.shape[lead + i] != 1]
        if dims:
            grad = grad.sum(dims, keepdim=True)
        if lead or grad._data.shape != shape:
            grad = grad.view(shape)
    if grad._data.dtype != like._data.dtype and like._data.dtype.kind == "f":
        grad = grad.to(like.dtype)
    return grad


def _collect(roots: Sequence[Node]) -> dict[Node, int]:
    """How many gradients each reachable node waits for (iterative DFS)."""
    waiting: dict[Node, int] = {}
    stack = list(dict.fromkeys(roots))  # two outputs of one node are one root
    for r in roots:
        waiting.setdefault(r, 0)
    while stack:
        node = stack.pop()
        for nxt in node._next:
            if nxt is None:
                continue
            if nxt in waiting:
                waiting[nxt] += 1
            else:
                waiting[nxt] = 1
                stack.append(nxt)
    return waiting


def _needed(waiting: dict[Node, int], targets: set[Node]) -> set[Node]:
    """The nodes that lie on some path to a target (autograd.grad runs only those)."""
    # reverse edges, then walk back from the targets
    parents: dict[Node, list[Node]] = {}
    for node in waiting:
        for nxt in node._next:
            if nxt is not None:
                parents.setdefault(nxt, []).append(node)
    seen = set(t for t in targets if t in waiting)
    stack = list(seen)
    while stack:
        for p in parents.get(stack.pop(), ()):
            if p not in seen:
                seen.add(p)
                stack.append(p)
    return seen


def run_backward(
    outputs: Sequence[Tensor],
    grad_outputs: Sequence[Tensor],
    retain_graph: bool,
    create_graph: bool,
    inputs: Sequence[Tensor] | None = None,
    accumulate: bool = True,
    batched: bool = False,
) -> list[Tensor | None]:
    """Propagate ``grad_outputs`` from ``outputs`` back through the graph.

    With ``accumulate=True`` (``backward()``) gradients land in ``.grad``;
    otherwise (``autograd.grad``) the gradients of ``inputs`` are returned.
    ``batched``: every gradient carries an extra first dim, a batch of
    gradients that travels through the graph together (``is_grads_batched``).
    """
    global _create_graph_warned
    if create_graph and accumulate and not _create_graph_warned:
        _create_graph_warned = True
        warnings.warn(
            "Using backward() with create_graph=True will create a reference cycle between the "
            "parameter and its gradient which can cause a memory leak. We recommend using "
            "autograd.grad when creating the graph to avoid this. If you have to use this "
            "function, make sure to reset the .grad fields of your parameters to None after use "
            "to break the cycle and avoid the leak. (Triggered internally at "
            "/__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)",
            UserWarning,
            stacklevel=4,
        )

    roots = [_grad_node(t) for t in outputs]
    waiting = _collect([r for r in roots if r is not None])

    # Which gradients to capture: for autograd.grad (and backward(inputs=...)),
    # the gradient arriving at each input's node.
    # (An input given twice, ``grad(y, [x, x])``, gets its gradient twice.)
    capture: dict[tuple[Node, int], list[int]] = {}
    if inputs is not None:
        for i, t in enumerate(inputs):
            node = _grad_node(t)
            capture.setdefault((node, t._out_nr if t.grad_fn is not None else 0), []).append(i)
        targets = {n for n, _ in capture}
        allowed = _needed(waiting, targets)
    else:
        allowed = targets = None
    results: list[Tensor | None] = [None] * (len(inputs) if inputs is not None else 0)

    # gradient buffers: node -> list of summed gradients, one per output of the node
    buffers: dict[Node, list] = {}
    for r, t, g in zip(roots, outputs, grad_outputs):
        if r is not None:
            _deliver(buffers, r, t._out_nr if t.grad_fn is not None else 0, g, create_graph)

    ready = [(-r._seq, id(r), r) for r in dict.fromkeys(r for r in roots if r is not None)]
    ready = [item for item in ready if waiting[item[2]] == 0]
    heapq.heapify(ready)
    observing = bool(observe.nodes) and observe.watched_nodes()
    prev_mode = _State.enabled
    _State.enabled = create_graph
    token = F._np_errors.set(F._QUIET)  # numpy's inf/nan warnings off, as in forward
    # This loop runs once per node of the graph, so its common path (no hooks,
    # no captured inputs, single-output nodes) is kept free of extra calls.
    try:
        while ready:
            node = heapq.heappop(ready)[2]
            grads = buffers.pop(node, None) or [None]
            try:
                run = allowed is None or node in allowed
                if run:
                    # Like torch, autograd.grad takes an input's gradient after its tensor
                    # hooks, unless the node goes on towards another input (then before
                    # them), and never after the node's own pre-hooks.
                    goes_on = bool(capture) and (
                        type(node) is not AccumulateGrad and _leads_on(node, allowed)
                    )
                    if goes_on:
                        _capture(capture, results, node, grads)
                    if node._hooks is not None or type(node) is AccumulateGrad:
                        grads = _tensor_pre_hooks(node, grads)
                    if capture and not goes_on:
                        _capture(capture, results, node, grads)
                    if node._hooks is not None and "pre" in node._hooks:
                        for fn in list(node._hooks["pre"]):
                            grads = _hook_results(fn, fn(tuple(grads)), grads)
                if run and type(node) is AccumulateGrad:
                    if accumulate and (inputs is None or (node, 0) in capture):
                        _accumulate(node, grads[0], create_graph)
                        if _post_accumulate and id(node.variable) in _post_accumulate:
                            for hook in list(_post_accumulate[id(node.variable)]):
                                hook(node.variable)
                    if observing:
                        observe.node_ran(node, grads, (), node.variable._grad)
                elif run and (
                    allowed is None
                    or _leads_on(node, allowed)
                    or (accumulate and node in targets)  # backward(inputs=[y]) runs y's node
                ):
                    if batched:
                        out = _batched_backward(node, grads, create_graph)
                    elif len(grads) == 1 and grads[0] is not None:  # the common case, inlined
                        out = type(node).backward(node, grads[0])
                        if not isinstance(out, tuple):
                            out = (out,)
                    elif all(g is None for g in grads):  # a hook dropped every gradient
                        out = (None,) * len(node._next)
                    else:
                        out = _call_backward(node, grads)
                    if not retain_graph:
                        node._release()
                    if node._hooks and "post" in node._hooks:
                        for hook in list(node._hooks["post"]):
                            out = tuple(_hook_results(hook, hook(out, tuple(grads)), out))
                    if observing:
                        observe.node_ran(node, grads, out)
                    nrs = node._next_nr or itertools.repeat(0)
                    for nxt, nr, g, x in zip(node._next, nrs, out, node._inputs):
                        if nxt is not None and g is not None:
                            # undo broadcasting (or promotion) only where there was some
                            if batched:
                                pass  # (done entry by entry in _batched_backward)
                            elif g._data.shape != x._data.shape or g._data.dtype != x._data.dtype:
                                g = _sum_to(g, x)
                            if (
                                type(nxt) is AccumulateGrad
                                and g._data.dtype != nxt.variable._data.dtype
                                and not batched
                            ):
                                g = _sum_to(g, nxt.variable)  # a promoted leaf: back to its dtype
                            _deliver(buffers, nxt, nr, g, create_graph)
            except BaseException as err:
                if observing:  # the node that raised is shown too, then the error goes on
                    observe.node_ran(node, grads, (), None, err)
                raise
            for nxt in node._next:
                if nxt is not None:
                    left = waiting[nxt] - 1
                    waiting[nxt] = left
                    if left == 0:
                        heapq.heappush(ready, (-nxt._seq, id(nxt), nxt))
    finally:
        _State.enabled = prev_mode
        F._np_errors.reset(token)
    return results


def _batched_backward(node: Node, grads: list, create_graph: bool) -> tuple:
    """Run a node's rule on a batch of gradients: once per batch entry (as
    torch's vmap does for rules without a batched version), each result summed
    to its input's shape, then stacked again along the first dim."""
    size = next(len(g) for g in grads if g is not None)
    per_entry = []
    for b in range(size):
        out = _call_backward(node, [None if g is None else g[b] for g in grads])
        entry = []
        for g, x, nxt in zip(out, node._inputs, node._next):
            if nxt is None or g is None:
                g = None
            elif g._data.shape != x._data.shape or g._data.dtype != x._data.dtype:
                g = _sum_to(g, x)
            entry.append(g)
        per_entry.append(entry)
    result = []
    for j, x in enumerate(node._inputs):
        column = [entry[j] for entry in per_entry] if j < len(per_entry[0]) else [None]
        if all(g is None for g in column):
            result.append(None)
            continue
        zeros = np.zeros(x._data.shape, dtype=x._data.dtype)
        column = [F.Tensor._make(zeros, None) if g is None else g for g in column]
        if create_graph:
            from ..ops.shape import stack  # (shape ops need the engine's module loaded)

            result.append(stack(column))
        else:
            result.append(F.Tensor._make(np.stack([g._data for g in column]), None))
    return tuple(result)


def _deliver(buffers: dict, node: Node, nr: int, grad: Tensor, create_graph: bool) -> None:
    """Add ``grad`` into ``node``'s buffer for its output ``nr``."""
    buf = buffers.get(node)
    if buf is None:
        buffers[node] = buf = [None] * node._outputs
    old = buf[nr]
    if old is None:
        buf[nr] = grad
    elif create_graph:
        buf[nr] = old + grad  # recorded, so that the sum can be differentiated again
    else:
        # Not recorded: add the arrays directly, skipping the operator dispatch
        # (both have the input's shape and dtype, as _sum_to made sure).
        buf[nr] = F.Tensor._make(old._data + grad._data, None)


def _leads_on(node: Node, allowed: set[Node] | None) -> bool:
    return allowed is None or any(n in allowed for n in node._next if n is not None)


def _call_backward(node: Node, grads: list) -> tuple:
    """Run a node's derivative rule; always returns one entry per input."""
    if len(grads) > 1 or grads[0] is None:  # an unused output of a multi-output node?
        grads = [g if g is not None else _zeros_like_output(node, i) for i, g in enumerate(grads)]
    out = type(node).backward(node, *grads)
    if not isinstance(out, tuple):
        out = (out,)
    return out


def _zeros_like_output(node: Node, i: int) -> Tensor:
    from .._creation import zeros

    shape, dtype = node._output_meta[i]
    return zeros(shape, dtype=dtype)


def _capture(capture: dict, results: list, node: Node, grads: list) -> None:
    """Keep the gradients of ``node``'s outputs that autograd.grad was asked for."""
    for nr, g in enumerate(grads):
        for i in capture.get((node, nr), ()):
            results[i] = g


def _tensor_pre_hooks(node: Node, grads: list) -> list:
    """The hooks of the tensors a node made, in torch's order: tensor hooks
    (``register_hook``), then ``retain_grad`` (the node's pre-hooks come after)."""
    hooks = node._hooks
    if hooks is None:
        if type(node) is AccumulateGrad and node.variable._hooks:
            return [_run_tensor_hooks(node.variable._hooks, grads[0])]
        return grads
    grads = list(grads)
    for nr, dt in hooks.get("dtype", {}).items():  # hooks see the tensor's own dtype,
        if grads[nr] is not None and grads[nr].dtype != dt:  # even after promotion
            grads[nr] = grads[nr].to(dt)
    for nr, fns in hooks.get("tensor", {}).items():
        grads[nr] = _run_tensor_hooks(fns, grads[nr])
    for nr, ref in hooks.get("retain", {}).items():
        t = ref()
        if t is not None and grads[nr] is not None:
            g = grads[nr]
            if t._grad is None:
                t._grad = g.detach().clone() if not _State.enabled else g.clone()
            else:
                t._grad = t._grad + g.detach() if not _State.enabled else t._grad + g
    if type(node) is AccumulateGrad and node.variable._hooks:
        grads[0] = _run_tensor_hooks(node.variable._hooks, grads[0])
    return grads


def _run_tensor_hooks(fns: list, grad: Tensor | None) -> Tensor | None:
    """Run ``tensor.register_hook`` hooks in order; each may replace the gradient."""
    for fn in list(fns):
        new = fn(grad)
        if new is not None:
            grad = _checked(fn, new, grad)
    return grad


def _hook_results(fn: Callable, new: Any, old: Sequence) -> list:
    """Check what a node hook returned: None keeps ``old``, a tuple replaces it."""
    if new is None:
        return list(old)
    if not isinstance(new, tuple):
        raise TypeError(f"expected tuple, but hook returned '{type(new).__name__}'")
    if len(new) != len(old):
        raise RuntimeError(
            f"hook '{_hook_name(fn)}' has returned an incorrect number of values "
            f"(got {len(new)}, but expected {len(old)})"
        )
    return [g if g is None else _checked(fn, g, o) for g, o in zip(new, old)]


def _checked(fn: Callable, new: Any, old: Tensor | None) -> Tensor:
    """A hook may replace a gradient, but not change its type or size (torch's checks)."""
    if not isinstance(new, F.Tensor):
        raise TypeError(f"expected Variable, but hook returned '{type(new).__name__}'")
    if old is not None:
        if new._data.dtype != old._data.dtype:
            raise RuntimeError(
                f"hook '{_hook_name(fn)}' has changed the type of value (was "
                f"torch.{old.dtype._legacy} got torch.{new.dtype._legacy})"
            )
        if new._data.shape != old._data.shape:
            raise RuntimeError(f"hook '{_hook_name(fn)}' has changed the size of value")
    return new


def _hook_name(fn: Callable) -> str:
    return getattr(fn, "__name__", "<unknown>")


def _accumulate(acc: AccumulateGrad, grad: Tensor, create_graph: bool) -> None:
    """``leaf.grad += grad``, the way torch does it."""
    leaf = acc.variable
    if grad is None:
        return
    if grad._data.dtype != leaf._data.dtype:
        grad = grad.to(leaf.dtype)
    if leaf._grad is None:
        if create_graph and grad.requires_grad:
            leaf._grad = F.Tensor._copy_with_grad_fn(grad)  # shows grad_fn=<CopyBackwards>
        else:  # a fresh copy: the same gradient may also reach another leaf
            leaf._grad = F.Tensor._make(grad._data.copy(), None)
    elif create_graph and (grad.requires_grad or leaf._grad.requires_grad):
        leaf._grad = leaf._grad + grad
    else:
        prev = _State.enabled
        _State.enabled = False
        try:
            leaf._grad._add_inplace_raw(grad)
        finally:
            _State.enabled = prev
