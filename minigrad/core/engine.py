"""The backward engine: the chain rule, applied node by node.

``y.backward()`` sends the gradient 1 into ``y.grad_fn`` and then

1. counts, for every node reachable from there, how many gradients it waits
   for (one per edge that reaches it);
2. runs, among the nodes whose gradients have all arrived, the one made last
   (torch's order), after summing the gradients that arrived for it;
3. runs that node's derivative rule, which turns the gradient of its output
   into one gradient per input;
4. sums each gradient back to its input's shape where the forward broadcast it
   (one place for this, so no rule has to);
5. delivers each gradient to the node of its input (``next_functions``);
6. and at a leaf's ``AccumulateGrad`` node adds it into ``leaf.grad``.

That is ``run_backward``. Everything else is in small helpers below it: the
hooks (``register_hook``, ``retain_grad``, node hooks), ``autograd.grad``'s
capture of the gradients it was asked for (and the pruning of nodes that do
not lead there), ``observe.on_node`` notification, and torch's one-time
warning. Without ``retain_graph`` each node frees its saved values once it ran.
"""

from __future__ import annotations

import contextlib
import heapq
import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from ..autograd import observe
from ..exact import messages as _messages
from ..exact.quiet_numpy import QuietNumpy
from ..exact.warn import warn as _warn
from . import node as F
from . import registry
from .grad_mode import _State, set_grad_enabled
from .node import AccumulateGrad, Node, _grad_node
from .tensor import Tensor

_create_graph_warned = False
# id(leaf) -> hooks to call with the leaf once its .grad has been updated
# (``register_post_accumulate_grad_hook``; dropped when the leaf is)
_post_accumulate: dict[int, list] = {}


def run_backward(
    outputs: Sequence[Tensor],
    grad_outputs: Sequence[Tensor],
    retain_graph: bool,
    create_graph: bool,
    inputs: Sequence[Tensor] | None = None,
    accumulate: bool = True,
    batched: bool = False,
) -> list[Tensor | None]:
    """Send ``grad_outputs`` from ``outputs`` back through the graph: into ``.grad``
    (``accumulate``, as ``backward()`` does), or returned for ``inputs`` (``autograd.grad``).
    ``batched``: each gradient has an extra first dim, a batch that travels together."""
    if create_graph and accumulate:
        _warn_create_graph_once()
    roots = [_grad_node(t) for t in outputs]
    waiting = _count_dependencies([r for r in roots if r is not None])  # 1.
    wanted = None if inputs is None else _Wanted(inputs, waiting, accumulate)
    buffers: dict[Node, Any] = {}  # node -> its summed gradient (several outputs: a list)
    ready = _ready_roots(roots, waiting)  # a heap of (-seq, node): the newest comes out first
    observing = bool(observe.nodes) and observe.watched_nodes()
    plain = _plain_nodes(waiting, wanted, batched or observing)  # for the fast path below
    # The derivative rules are ordinary tensor operations: with grad mode on (create_graph=True)
    # they are recorded like a forward pass, and the gradients can be differentiated again.
    with set_grad_enabled(create_graph), QuietNumpy():  # (no inf/nan warnings, as in forward)
        _deliver_roots(buffers, roots, outputs, grad_outputs)
        while ready:
            node = heapq.heappop(ready)[1]  # 2. the ready node made last
            grad = buffers.pop(node, None)  # (a list for a node with several outputs)
            if type(grad) is Tensor and node._hooks is None and node._edges and node in plain:
                # fast path for ``_run_node`` -> ``_run_rule`` below, for the common case
                # (one gradient, no hooks, not a leaf, not an input of autograd.grad),
                # spelled out here because it runs for every node; it does the same
                if node._holds_saved and node._saved is F._FREED:
                    raise RuntimeError(_messages.SECOND_BACKWARD)
                out = type(node).backward(node, grad)  # 3.
                out = out if isinstance(out, tuple) else (out,)
                if (node._saved or node._holds_saved) and not retain_graph:
                    node._release()  # its saved values are not needed again
            else:  # a leaf, hooks, autograd.grad, a batch, observers, a gradient missing
                out = _run_node(node, grad, wanted, accumulate, batched, retain_graph, observing)
                if out is None:
                    continue  # a leaf, or a node autograd.grad does not need
            for (x, nxt, nr), g in zip(F.edges_of(node), out):  # each input's gradient
                if nxt is None:
                    continue
                if g is not None:
                    gd, xd = g._data, x._data  # 4. (a batch was summed entry by entry)
                    if not batched and (
                        gd.shape != xd.shape or gd.dtype != xd.dtype or type(nxt) is AccumulateGrad
                    ):  # (checked here first: most gradients fit their input as they are)
                        g = _undo_broadcast(g, x, nxt)
                    if nxt._outputs == 1 and nxt not in buffers:
                        buffers[nxt] = g  # 5. its first gradient: nothing to add it to
                    else:
                        _deliver(buffers, nxt, nr, g)  # 5.
                waiting[nxt] -= 1
                if not waiting[nxt]:
                    heapq.heappush(ready, (-nxt._seq, nxt))
    return wanted.results if wanted is not None else []


_NEXTS = slice(1, None, 2)  # the next nodes in a node's _edges


def _run_node(
    node: Node,
    grad: Any,
    wanted: _Wanted | None,
    accumulate: bool,
    batched: bool,
    retain_graph: bool,
    observing: bool,
) -> tuple | None:
    """Steps 3 and 6 for any node: its hooks, a leaf's accumulation, what
    autograd.grad asked for, a batch, and the observers. Returns the gradients
    to send on, or None when there are none (a leaf, or a node not needed).
    ``grad``: what ``_deliver`` summed for the node (None if nothing arrived)."""
    grads = grad if type(grad) is list else [grad]  # one per output
    if wanted is not None and node not in wanted.on_path:
        return None  # autograd.grad: no input asked for lies behind this node
    try:
        if node._hooks is not None or wanted or type(node) is AccumulateGrad:
            grads = _pre_hooks(node, grads, wanted)
        if type(node) is AccumulateGrad:
            if accumulate and (wanted is None or wanted.wants_leaf(node)):
                _accumulate(node, grads[0])  # 6. a leaf: into its .grad
                if node._hooks and "post" in node._hooks:  # (torch: grad_inputs is ())
                    _post_hooks(node, grads, ())
            out = ()
        elif wanted is None or wanted.runs_rule(node):
            out = _run_rule(node, grads, batched, retain_graph)  # 3.
        else:
            return None  # an input of autograd.grad: its own rule is not needed
    except BaseException as err:
        if observing:  # the node that raised is shown too, then the error goes on
            observe.node_ran(node, grads, (), None, err)
        raise
    if observing:
        observe.node_ran(node, grads, out, _leaf_grad(node))
    return out


def _plain_nodes(waiting: dict[Node, int], wanted: _Wanted | None, special: bool) -> Any:
    """The nodes where nothing but the chain rule runs (leaves aside, which the loop
    tells by their empty ``_inputs``): every node, or for autograd.grad those between
    the outputs and its inputs; none at all with a batch or observers."""
    if special:
        return ()
    return waiting if wanted is None else wanted.inner


# --- the steps of the chain rule ---------------------------------------------
def _count_dependencies(roots: Sequence[Node]) -> dict[Node, int]:
    """How many gradients each reachable node waits for (iterative: no recursion limit)."""
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


def _ready_roots(roots: Sequence[Node | None], waiting: dict[Node, int]) -> list:
    """The heap of the roots that wait for nothing, pushed one by one in order, as torch does."""
    ready: list = []
    for r in dict.fromkeys(roots):
        if r is not None and not waiting[r]:
            heapq.heappush(ready, (-r._seq, r))
    return ready


def _undo_broadcast(g: Tensor, x: Any, nxt: Node) -> Tensor:
    """The gradient of input ``x`` back in ``x``'s shape and dtype (and a leaf's dtype)."""
    if g._data.shape != x._data.shape or g._data.dtype != x._data.dtype:
        g = _sum_to(g, x)
    if type(nxt) is AccumulateGrad and g._data.dtype != nxt.variable._data.dtype:
        g = _sum_to(g, nxt.variable)  # a promoted leaf: back to its dtype
    return g


def _sum_to(grad: Tensor, like: Tensor) -> Tensor:
    """Undo broadcasting: sum ``grad`` down to ``like``'s shape and dtype."""
    shape = like._data.shape
    if not shape and grad.dim():  # to a 0-dim tensor: one sum, as torch's sum_to
        grad = grad.sum()
    elif grad._data.shape != shape:
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


def _deliver_roots(buffers: dict, roots: list, outputs: Sequence, grads: Sequence) -> None:
    for r, t, g in zip(roots, outputs, grads):
        if r is not None:
            _deliver(buffers, r, t._out_nr if t.grad_fn is not None else 0, g)


def _deliver(buffers: dict, node: Node, nr: int, grad: Tensor) -> None:
    """Add ``grad`` into ``node``'s buffer for its output ``nr``: the buffer is the
    gradient itself for a node with one output, a list of one per output otherwise."""
    if node._outputs == 1:  # (almost every node: no list to make)
        old = buffers.get(node)
        buffers[node] = grad if old is None else _add(old, grad)
        return
    buf = buffers.get(node)
    if buf is None:
        buffers[node] = buf = [None] * node._outputs
    old = buf[nr]
    buf[nr] = grad if old is None else _add(old, grad)


def _add(old: Tensor, grad: Tensor) -> Tensor:
    """Two gradients for the same output, summed."""
    if _State.enabled:  # create_graph: recorded, so the sum can be differentiated again
        return old + grad
    # Not recorded: add the arrays directly, skipping the operator dispatch
    # (both have the input's shape and dtype, as _sum_to made sure).
    return Tensor._make(old._data + grad._data, None)


def _accumulate(acc: AccumulateGrad, grad: Tensor) -> None:
    """``leaf.grad += grad``, the way torch does it; then the post-accumulate hooks."""
    leaf = acc.variable
    if grad is not None and leaf._requires_grad:  # (not after detach_() since the forward)
        _add_to_grad(leaf, grad)
    if _post_accumulate and id(leaf) in _post_accumulate:
        for hook in list(_post_accumulate[id(leaf)]):
            hook(leaf)


def _add_to_grad(leaf: Tensor, grad: Tensor) -> None:
    create_graph = _State.enabled  # (backward runs in grad mode iff create_graph)
    if grad._data.dtype != leaf._data.dtype:
        grad = grad.to(leaf.dtype)
    if leaf._grad is None:
        if create_graph and grad.requires_grad:
            leaf._grad = Tensor._copy_with_grad_fn(grad)  # shows grad_fn=<CopyBackwards>
        else:  # a fresh copy: the same gradient may also reach another leaf
            leaf._grad = Tensor._make(grad._data.copy(), None)
        if create_graph:  # torch copies it in with copy_: this .grad starts at _version 1
            leaf._grad._bump_version()
    elif create_graph:  # out of place, recorded when either side has a graph
        leaf._grad = leaf._grad + grad
    else:
        prev = _State.enabled
        _State.enabled = False
        try:
            leaf._grad._add_inplace_raw(grad)
        finally:
            _State.enabled = prev


def _run_rule(node: Node, grads: list, batched: bool, retain_graph: bool) -> tuple:
    """The node's derivative rule: one gradient per input. Then, unless
    ``retain_graph``, the node frees its saved values; then its hooks run."""
    if node._holds_saved and node._saved is F._FREED:
        raise RuntimeError(_messages.SECOND_BACKWARD)
    if len(grads) == 1 and grads[0] is not None and not batched:  # (also inlined in run_backward)
        out = type(node).backward(node, grads[0])
        out = out if isinstance(out, tuple) else (out,)
    elif batched:
        out = _batched_backward(node, grads)
    elif all(g is None for g in grads):  # a hook dropped every gradient
        out = (None,) * len(node._next)
    else:  # a node with several outputs, or a gradient a hook dropped
        out = _call_backward(node, grads)
    if not retain_graph:
        node._release()
    if node._hooks and "post" in node._hooks:  # they see each gradient in its input's shape
        out = _post_hooks(node, grads, out if batched else _fit_inputs(node, out))
    return out


def _fit_inputs(node: Node, out: tuple) -> tuple:
    """Step 4 ahead of time, for a node's post-hooks (as torch's ``validate_outputs``
    runs before them): each gradient summed back to its input's shape and dtype."""
    fitted = list(out)
    for i, (x, nxt, g) in enumerate(zip(node._inputs, node._next, out)):
        if g is not None and nxt is not None:
            fitted[i] = _undo_broadcast(g, x, nxt)
    return tuple(fitted)


def _leaf_grad(node: Node) -> Tensor | None:
    return node.variable._grad if type(node) is AccumulateGrad else None


def _batched_backward(node: Node, grads: list) -> tuple:
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
        column = [Tensor._make(zeros, None) if g is None else g for g in column]
        if _State.enabled:  # create_graph
            result.append(registry.stack(column))
        else:
            result.append(Tensor._make(np.stack([g._data for g in column]), None))
    return tuple(result)


def _call_backward(node: Node, grads: list) -> tuple:
    """Run a node's derivative rule; always returns one entry per input."""
    # an unused output of a multi-output node gets zeros (unless a custom Function
    # asked for None with ctx.set_materialize_grads(False))
    if (len(grads) > 1 or grads[0] is None) and getattr(node, "_materialize_grads", True):
        grads = [g if g is not None else _zeros_like_output(node, i) for i, g in enumerate(grads)]
    out = type(node).backward(node, *grads)
    if not isinstance(out, tuple):
        out = (out,)
    return out


def _zeros_like_output(node: Node, i: int) -> Tensor:
    shape, dtype = node._output_meta[i]
    return Tensor._make(np.zeros(shape, dtype=dtype.np), None)


# --- hooks ---------------------------------------------------------------------
def _pre_hooks(node: Node, grads: list, wanted: _Wanted | None) -> list:
    """What runs before a node, in torch's order: the hooks of the tensors it
    made (``register_hook``, then ``retain_grad``), then the node's pre-hooks.
    autograd.grad takes an input's gradient after its tensor hooks, unless the
    node goes on towards another input (then before them)."""
    goes_on = wanted is not None and type(node) is not AccumulateGrad and wanted.leads_on(node)
    if goes_on:
        wanted.take(node, grads)
    grads = _tensor_hooks(node, grads)
    if wanted is not None and not goes_on:
        wanted.take(node, grads)
    # (autograd.grad takes a leaf's gradient without running its AccumulateGrad node)
    runs = wanted is None or type(node) is not AccumulateGrad
    if runs and node._hooks is not None and "pre" in node._hooks:
        for fn in list(node._hooks["pre"]):
            grads = _hook_results(fn, fn(tuple(grads)), grads)
    return grads


def _tensor_hooks(node: Node, grads: list) -> list:
    """``register_hook`` and ``retain_grad`` of the tensors ``node`` made (for a
    leaf's AccumulateGrad: the leaf's hooks)."""
    hooks = node._hooks
    if hooks is not None:
        grads = list(grads)
        for nr, dt in hooks.get("dtype", {}).items():  # hooks see the tensor's own dtype,
            if grads[nr] is not None and grads[nr].dtype != dt:  # even after promotion
                grads[nr] = grads[nr].to(dt)
        for nr, fns in hooks.get("tensor", {}).items():
            grads[nr] = _run_tensor_hooks(fns, grads[nr])
        for nr, ref in hooks.get("retain", {}).items():
            t = ref()
            if t is not None and grads[nr] is not None:
                _retain(t, grads[nr])
    if type(node) is AccumulateGrad and node.variable._hooks:
        grads = [_run_tensor_hooks(node.variable._hooks, grads[0])]
    return grads


def _retain(t: Tensor, g: Tensor) -> None:
    """``t.retain_grad()``: keep the gradient that reached ``t`` in ``t.grad``."""
    if t._grad is None:  # (a copy laid out row by row, as torch's)
        t._grad = registry.clone_rows(g.detach() if not _State.enabled else g)
    else:
        t._grad = t._grad + g.detach() if not _State.enabled else t._grad + g


def _post_hooks(node: Node, grads: list, out: tuple) -> tuple:
    """``node.register_hook`` hooks: each may replace the gradients the node sends."""
    for hook in list(node._hooks["post"]):
        out = tuple(_hook_results(hook, hook(out, tuple(grads)), out))
    return out


def post_accumulate_hooks(leaf: Tensor) -> list:
    """The (changeable) list of post-accumulate-grad hooks of ``leaf``."""
    hooks = _post_accumulate.get(id(leaf))
    if hooks is None:
        hooks = _post_accumulate[id(leaf)] = []
        weakref.finalize(leaf, _post_accumulate.pop, id(leaf), None)
    return hooks


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
    if not isinstance(new, Tensor):
        raise TypeError(f"expected Variable, but hook returned '{type(new).__name__}'")
    if old is not None:
        if new._data.dtype != old._data.dtype:
            raise RuntimeError(
                f"hook '{_hook_name(fn)}' has changed the type of value (was "
                f"{old.dtype.type_string} got {new.dtype.type_string})"
            )
        if new._data.shape != old._data.shape:
            raise RuntimeError(f"hook '{_hook_name(fn)}' has changed the size of value")
    return new


def _hook_name(fn: Callable) -> str:
    return getattr(fn, "__name__", "<unknown>")


# --- autograd.grad: the gradients asked for ---------------------------------
class _Wanted:
    """What ``autograd.grad`` (or ``backward(inputs=...)``) asked for: the gradient
    arriving at each input's node, and the nodes on some path to those (only
    they run)."""

    def __init__(
        self, inputs: Sequence[Tensor], waiting: dict[Node, int], accumulate: bool
    ) -> None:
        # (node, output nr) -> positions in ``inputs``; ``grad(y, [x, x])`` gets x's twice
        self.slots: dict[tuple[Node, int], list[int]] = {}
        for i, t in enumerate(inputs):
            key = (_grad_node(t), t._out_nr if t.grad_fn is not None else 0)
            self.slots.setdefault(key, []).append(i)
        self.targets = {n for n, _ in self.slots}
        self.on_path = _needed(waiting, self.targets)
        self.inner = self.on_path - self.targets  # nodes it only passes through
        self.accumulate = accumulate
        self.results: list[Tensor | None] = [None] * len(inputs)

    def leads_on(self, node: Node) -> bool:
        """Does some gradient ``node`` sends reach a wanted input?"""
        return any(n in self.on_path for n in node._next if n is not None)

    def runs_rule(self, node: Node) -> bool:
        # backward(inputs=[y]) also runs y's own node
        return self.leads_on(node) or (self.accumulate and node in self.targets)

    def wants_leaf(self, acc: AccumulateGrad) -> bool:
        return (acc, 0) in self.slots

    def take(self, node: Node, grads: list) -> None:
        """Keep the gradients of ``node``'s outputs that were asked for."""
        for nr, g in enumerate(grads):
            for i in self.slots.get((node, nr), ()):
                self.results[i] = g


def _needed(waiting: dict[Node, int], targets: set[Node]) -> set[Node]:
    """The nodes that lie on some path to a target (autograd.grad runs only those)."""
    # reverse edges, then walk back from the targets
    parents: dict[Node, list[Node]] = {}
    for node in waiting:
        for nxt in node._edges[_NEXTS]:  # (node._next, without the property's call)
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


# --- one graph, many backward passes (the rows of a Jacobian) ---------------
_plans: dict | None = None  # inside reuse_plans(): what steps 1 and _needed found, per graph


@contextlib.contextmanager
def reuse_plans() -> Iterator[None]:
    """Inside this block, backward passes through the same graph count its
    dependencies (step 1) and find the nodes on a path to ``autograd.grad``'s
    inputs once; later passes start from a copy. ``functional.jacobian`` runs
    one pass per row of the Jacobian, all through one graph. A node's edges never
    change once it is made, so the copy is what counting again would give.

    (It swaps in remembering versions of ``_count_dependencies`` and ``_needed``
    for the block, so that those two stay as plain as the lessons show them. A
    backward in another thread meanwhile uses them too: correct still, but its
    graph is then kept until the block ends.)"""
    global _plans, _count_dependencies, _needed
    saved = _plans, _count_dependencies, _needed
    count, needed, plans = _count_dependencies, _needed, {}

    def count_once(roots: Sequence[Node]) -> dict[Node, int]:
        key = tuple(roots)
        if key not in plans:
            plans[key] = count(roots)
        return dict(plans[key])  # a copy: run_backward counts it down

    def needed_once(waiting: dict[Node, int], targets: set[Node]) -> set[Node]:
        key = (tuple(waiting), frozenset(targets))
        if key not in plans:
            plans[key] = needed(waiting, targets)
        return plans[key]  # (only read, by every pass)

    _plans, _count_dependencies, _needed = plans, count_once, needed_once
    try:
        yield
    finally:
        _plans, _count_dependencies, _needed = saved


# --- torch's one-time warning, and the deprecated observer ------------------
def _warn_create_graph_once() -> None:
    global _create_graph_warned
    if not _create_graph_warned:
        _create_graph_warned = True
        # at the learner's line that called backward(), however deep the engine runs
        _warn(_messages.CREATE_GRAPH_REFERENCE_CYCLE, UserWarning)
