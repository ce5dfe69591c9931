"""Run the real backward once, watch every step, then put everything back.

:func:`run` is what :class:`~minigrad.widgets.BackwardStepper` replays. It
calls the real ``backward`` on the real graph, watching it with
:func:`minigrad.autograd.observe.on_node` (through
:func:`minigrad.viz.recording.watch_backward`), so the steps are the engine's
own: its order, its sums at fan-out, its freeing of saved values, its errors.

With ``keep=False`` (the default) the learner's state is restored afterwards,
as if nothing had run:

- every leaf's ``.grad`` (and every ``retain_grad()`` tensor's) is set back;
  the run accumulates into a copy, so the learner's gradient tensor is never
  changed in place;
- every node gets its saved values back, so a backward that freed the graph
  (``retain_graph=False``) leaves it usable, exactly as it was.

So ``BackwardStepper(z)`` shows what ``z.backward()`` *would* do right now:
after an earlier ``z.backward(retain_graph=True)`` the leaves start from their
current ``.grad`` and the steps show the sums growing; after an earlier
``z.backward()`` the run stops with the real "backward through the graph a
second time" error. Hooks you registered do run (they are part of the truth).

>>> import minigrad as torch
>>> w = torch.tensor(3.0, requires_grad=True)
>>> z = w * w
>>> rec = run(z)
>>> [s.name for s in rec.steps]
['start', 'MulBackward0', 'torch::autograd::AccumulateGrad']
>>> w.grad is None          # restored: nothing happened to the learner's tensors
True
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .. import Tensor
from ..autograd import AccumulateGrad, Node, observe
from ..i18n import text as tr
from ..viz.labels import values
from ..viz.recording import graph_nodes, watch_backward


@dataclass
class Step:
    """One frame of the replay.

    ``kind`` is ``"start"`` (the seed gradient at the output), ``"node"`` (one
    node the engine ran) or ``"error"`` (the backward stopped with an error).
    Gradients are numpy arrays (``None`` where the engine had none).
    """

    index: int
    kind: str
    name: str  # torch's node name (``MulBackward0``), or "start" / "error"
    node: Any = None
    grads_in: tuple = ()  # what arrived at the node (summed, if several edges)
    grads_out: tuple = ()  # what its derivative rule returned, one per input
    sent: list = field(default_factory=list)  # per input: grad as delivered there, or None
    leaf_grads: dict = field(default_factory=dict)  # leaf name -> .grad after this step
    freed: bool = False  # the node released its saved values after running
    grad_fns: tuple = ()  # create_graph: the grad_fn name of each incoming gradient
    error: str = ""
    text: str = ""  # one sentence for the learner

    def __repr__(self) -> str:
        return f"Step({self.index}, {self.name!r})"


@dataclass
class Recording:
    """Everything :func:`run` saw."""

    output: Any
    steps: list[Step]
    leaves: dict[str, Any]  # name -> leaf tensor
    error: BaseException | None = None
    error_node: Any = None
    warnings: list[str] = field(default_factory=list)


def _array(t: Any) -> np.ndarray | None:
    return None if t is None else np.array(values(t), copy=True)


def _grad_fn_name(t: Any) -> str | None:
    fn = getattr(t, "grad_fn", None)
    return None if fn is None else fn.name().split("::")[-1]


def leaf_names(nodes: list[Node], names: Mapping[int, str]) -> dict[str, Tensor]:
    """``name -> leaf`` for the leaves of the graph; unnamed ones are ``leaf0``, ``leaf1``..."""
    result: dict[str, Tensor] = {}
    k = 0
    for node in nodes:
        if type(node) is AccumulateGrad:
            leaf = node.variable
            name = names.get(id(leaf))
            if name is None or name in result:
                name = f"leaf{k}"
                k += 1
            result[name] = leaf
    return result


def run(
    output: Tensor,
    gradient: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    names: Mapping[int, str] | None = None,
    keep: bool = False,
) -> Recording:
    """Run ``output.backward(gradient, retain_graph, create_graph)`` and record each step.

    ``names`` maps ``id(tensor)`` to a name (for the leaves). With ``keep=True``
    the backward really happens (``.grad`` filled, graph freed); otherwise
    everything is restored afterwards.
    """
    names = dict(names or {})
    nodes = graph_nodes(output)
    leaves = leaf_names(nodes, names)
    leaf_name = {id(t): n for n, t in leaves.items()}
    grads_now = {n: _array(t.grad) for n, t in leaves.items()}

    seed = gradient
    if seed is None and output.numel() == 1:
        seed = np.ones_like(values(output))
    elif isinstance(seed, Tensor):
        seed = values(seed)
    start = Step(
        0,
        "start",
        "start",
        grads_out=(None if seed is None else np.array(seed, dtype=values(output).dtype),),
        leaf_grads=dict(grads_now),
        text=tr("replay.start_one" if gradient is None else "replay.start_gradient"),
    )
    steps = [start]

    failed: list = []  # the node that raised, if one did

    def watch(info: observe.Step) -> None:
        node = info.node
        if info.error is not None:
            failed.append(node)
            return
        step = Step(len(steps), "node", node.name(), node)
        step.grads_in = tuple(_array(g) for g in info.grads_in)
        step.grad_fns = tuple(_grad_fn_name(g) for g in info.grads_in)
        step.grads_out = tuple(_array(g) for g in info.grads_out)
        # what reaches each input, reduced to its shape like the engine does
        step.sent = [_array(g) for g in info.sent]
        step.freed = node.is_freed
        if type(node) is AccumulateGrad:
            name = leaf_name.get(id(node.variable))
            if name is not None:
                grads_now[name] = _array(info.grad)
                step.grad_fns = (_grad_fn_name(info.grad),)
        step.leaf_grads = dict(grads_now)
        step.text = describe(step, leaf_name)
        steps.append(step)

    inner: dict = {}  # a reentrant checkpoint's parameters -> their .grad after
    error, caught = watch_backward(
        output, gradient, retain_graph, create_graph, on_node=watch, keep=keep, inner=inner
    )
    outer = {p: _array(g) for p, g in inner.items() if id(p) not in leaf_name}
    _add_inner(outer, steps, leaves, names)
    if keep:  # the real call shows its warnings as usual
        for w in caught:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)

    rec = Recording(output, steps, leaves, error, warnings=[str(w.message) for w in caught])
    if error is not None:
        rec.error_node = failed[-1] if failed else None
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


def _add_inner(inner: dict, steps: list, leaves: dict, names: Mapping) -> None:
    """A reentrant checkpoint's parameters are leaves of the block's own backward, not of
    the graph: their ``.grad`` is shown from the checkpoint's step on."""
    if not inner:
        return
    at = next(
        (k for k, st in enumerate(steps) if getattr(st.node, "run_function", None) is not None),
        len(steps) - 1,
    )
    for p, g in inner.items():
        name = names.get(id(p))
        if name is None or name in leaves:
            name = f"leaf{len(leaves)}"
        leaves[name] = p
        before = _array(p.grad)
        for k, st in enumerate(steps):
            st.leaf_grads[name] = g if k >= at else before


def _values(arrays: tuple) -> str:
    from ..viz import labels

    return ", ".join("None" if a is None else labels.short_value(a) for a in arrays)


def describe(step: Step, leaf_name: Mapping[int, str]) -> str:
    """One sentence saying what happened at ``step``."""
    node = step.node
    if type(node) is AccumulateGrad or step.name.split("::")[-1] == "AccumulateGrad":
        name = leaf_name.get(id(node.variable), tr("replay.the_leaf"))
        return tr(
            "replay.accumulate",
            node=step.name.split("::")[-1],
            grads=_values(step.grads_in),
            name=name,
            now=_values((step.leaf_grads.get(name),)),
        )
    text = tr(
        "replay.node",
        node=step.name,
        grads_in=_values(step.grads_in),
        grads_out=_values(step.grads_out),
    )
    if step.freed:
        text += tr("replay.freed")
    if any(step.grad_fns):
        text += tr("replay.create_graph")
    return text
