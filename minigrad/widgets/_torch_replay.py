"""Run real PyTorch's backward once, watch every node, and touch nothing.

The torch twin of :mod:`minigrad.widgets._replay`: it gives the same
:class:`~minigrad.widgets._replay.Recording`, so the stepper draws both alike.
The steps come from torch's engine itself:

- every node gets a hook (``Node.register_prehook`` and ``Node.register_hook``):
  the post-hook sees what arrived (``grad_outputs``) and what the node sent to
  each of its inputs (``grad_inputs``), in the order the engine runs them;
- every leaf gets a tensor hook: it fires when the engine has the leaf's
  gradient, where ``AccumulateGrad`` would add it into ``.grad``.

By default the pass is ``torch.autograd.grad(output, <leaves>, retain_graph=True)``:
a copy of ``output.backward()`` that fills no ``.grad`` and frees nothing; each
leaf's ``.grad`` so far is its ``.grad`` now plus what arrived. ``keep=True``
runs the real ``output.backward(...)`` instead. Every hook is removed afterwards.

A checkpointed block recomputes its forward pass during backward; the replay
puts back what that changes (BatchNorm's statistics, the RNG). Through a
reentrant checkpoint, which torch runs only as ``backward()``, the real call runs
with every reachable ``.grad`` swapped for a copy, and the originals come back.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..i18n import text as tr
from ..viz.labels import values
from ..viz.untouched import has_reentrant, recomputes, reentrant_backward, untouched
from ._replay import Recording, Step, _add_inner, describe


def _array(t: Any) -> np.ndarray | None:
    if t is None:
        return None
    return np.array(values(t.detach().resolve_conj().resolve_neg().cpu()), copy=True)


def _is_acc(fn: Any) -> bool:
    return type(fn).__name__ == "AccumulateGrad"


def graph_nodes(output: Any) -> list:
    """Every node reachable from ``output.grad_fn`` (first-seen order)."""
    start = output.grad_fn
    if start is None:
        return []
    seen = {id(start): start}
    order, stack = [start], [start]
    while stack:
        for nxt, _nr in stack.pop().next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen[id(nxt)] = nxt
                order.append(nxt)
                stack.append(nxt)
    return order


def run(
    output: Any,
    gradient: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    names: Mapping[int, str] | None = None,
    keep: bool = False,
) -> Recording:
    """Run torch's backward from ``output`` with hooks on every node; one :class:`Step` each."""
    import torch

    names = dict(names or {})
    nodes = graph_nodes(output)
    leaves: dict[str, Any] = {}
    acc_of: dict[int, Any] = {}
    k = 0
    for fn in nodes:
        if _is_acc(fn):
            leaf = fn.variable
            name = names.get(id(leaf))
            if name is None or name in leaves:
                name, k = f"leaf{k}", k + 1
            leaves[name] = leaf
            acc_of[id(leaf)] = fn
    leaf_name = {id(t): n for n, t in leaves.items()}
    grads_now = {n: _array(t.grad) for n, t in leaves.items()}

    seed = gradient
    if seed is None and output.numel() == 1:
        seed = torch.ones_like(output).detach()
    start = Step(
        0,
        "start",
        "start",
        grads_out=(_array(seed) if isinstance(seed, torch.Tensor) else seed,),
        leaf_grads=dict(grads_now),
        text=tr("replay.start_one" if gradient is None else "replay.start_gradient"),
    )
    steps = [start]
    started: list = []

    def pre(fn: Any) -> Any:
        def hook(grad_outputs: tuple) -> None:
            started.append(fn)

        return hook

    def post(fn: Any) -> Any:
        def hook(grad_inputs: tuple, grad_outputs: tuple) -> None:  # sent, arrived
            started.remove(fn)
            step = Step(len(steps), "node", fn.name(), fn)
            step.grads_in = tuple(_array(g) for g in grad_outputs)
            step.grads_out = tuple(_array(g) for g in grad_inputs)
            step.sent = list(step.grads_out)
            step.grad_fns = tuple(_fn_name(g) for g in grad_outputs)
            step.freed = keep and not retain_graph and not create_graph
            if _is_acc(fn):
                name = leaf_name.get(id(fn.variable))
                if name is not None:
                    grads_now[name] = _array(fn.variable.grad)
            step.leaf_grads = dict(grads_now)
            step.text = describe(step, leaf_name)
            steps.append(step)

        return hook

    def arrived(leaf: Any) -> Any:
        def hook(grad: Any) -> None:  # the engine has this leaf's gradient
            name = leaf_name[id(leaf)]
            fn = acc_of[id(leaf)]
            step = Step(len(steps), "node", fn.name(), fn, grads_in=(_array(grad),))
            step.grad_fns = (_fn_name(grad),)
            before = grads_now[name]
            g = _array(grad)
            grads_now[name] = g if before is None else before + g
            step.leaf_grads = dict(grads_now)
            step.text = describe(step, leaf_name)
            steps.append(step)

        return hook

    # (a leaf frozen after the graph was made gets nothing: backward skips it too)
    live = [leaf for leaf in leaves.values() if leaf.requires_grad]
    handles = []
    inner: dict = {}  # a reentrant checkpoint's parameters -> their .grad after it ran
    caught: list = []
    error: BaseException | None = None
    try:
        for fn in nodes:
            # (a leaf's step comes from its tensor hook below; a frozen leaf has none, but
            # the engine still runs its AccumulateGrad, which adds nothing)
            if keep or not _is_acc(fn) or not fn.variable.requires_grad:
                handles.append(fn.register_prehook(pre(fn)))
                handles.append(fn.register_hook(post(fn)))
        if not keep:
            handles += [leaf.register_hook(arrived(leaf)) for leaf in live]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            if keep:
                output.backward(gradient, retain_graph=retain_graph, create_graph=create_graph)
            elif live:
                # a checkpoint's block runs again: its buffers and the RNG are put back
                found = recomputes(nodes)
                with untouched(found, torch):
                    if has_reentrant(nodes) or len(live) < len(leaves):  # the real backward
                        after = reentrant_backward(output, gradient, create_graph, leaves, found)
                        inner = {p: _array(g) for p, g in after.items()}
                    else:
                        torch.autograd.grad(
                            output,
                            live,
                            gradient,
                            retain_graph=True,
                            create_graph=create_graph,
                            allow_unused=True,
                        )
    except RuntimeError as err:
        error = err
    finally:
        for h in handles:
            h.remove()

    _add_inner(inner, steps, leaves, names)
    rec = Recording(output, steps, leaves, error, warnings=[str(w.message) for w in caught])
    if error is not None:
        rec.error_node = started[-1] if started else output.grad_fn
        where = rec.error_node.name() if rec.error_node is not None else tr("replay.the_start")
        steps.append(
            Step(
                len(steps),
                "error",
                "error",
                rec.error_node,
                leaf_grads=dict(grads_now),
                error=f"RuntimeError: {error}",
                text=tr("replay.stopped", where=where, error=error),
            )
        )
    return rec


def _fn_name(t: Any) -> str | None:
    fn = getattr(t, "grad_fn", None)
    return None if fn is None else fn.name().split("::")[-1]
