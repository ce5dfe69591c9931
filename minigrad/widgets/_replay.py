"""Run the real backward once, watch every step, then put everything back.

:func:`run` is what :class:`~minigrad.widgets.BackwardStepper` replays. It
calls the real ``backward`` on the real graph with an observer attached
(:func:`minigrad.autograd.engine.add_observer`), so the steps are the engine's
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

import sys
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .._grad_mode import no_grad
from .._tensor import Tensor
from ..autograd import engine
from ..autograd.function import AccumulateGrad, Node
from ..i18n import text as tr


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
    return None if t is None else np.array(t._data, copy=True)


def _grad_fn_name(t: Any) -> str | None:
    fn = getattr(t, "grad_fn", None)
    return None if fn is None else fn.name().split("::")[-1]


def graph_nodes(output: Tensor) -> list[Node]:
    """Every node reachable from ``output.grad_fn`` (iterative, first-seen order)."""
    start = output.grad_fn
    if start is None:
        return [AccumulateGrad.of(output)] if output._requires_grad else []
    seen = {id(start): start}
    stack = [start]
    order = [start]
    while stack:
        for nxt in stack.pop()._next:
            if nxt is not None and id(nxt) not in seen:
                seen[id(nxt)] = nxt
                order.append(nxt)
                stack.append(nxt)
    return order


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


def _failed_node(err: BaseException) -> Node | None:
    """The node the engine was running when ``err`` was raised (from the traceback)."""
    tb = err.__traceback__
    found = None
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code is engine.run_backward.__code__:
            found = frame.f_locals.get("node")
        tb = tb.tb_next
    return found


class _Sandbox:
    """Saves what a backward changes and puts it back on exit."""

    def __init__(self, nodes: list[Node]) -> None:
        self.nodes = nodes
        self.saved = [(n, n._saved, n._versions) for n in nodes]
        self.grads: list[tuple[Tensor, Any]] = []
        for n in nodes:
            if type(n) is AccumulateGrad:
                self.grads.append((n.variable, n.variable._grad))
            elif n._hooks and "retain" in n._hooks:
                for ref in n._hooks["retain"].values():
                    t = ref()
                    if t is not None:
                        self.grads.append((t, t._grad))
        self.warned = engine._create_graph_warned

    def __enter__(self) -> _Sandbox:
        for t, g in self.grads:
            if g is not None:  # accumulate into a copy, never into the learner's tensor
                t._grad = Tensor._make(g._data.copy(), g.grad_fn)
                t._grad._requires_grad = g._requires_grad
        return self

    def __exit__(self, *exc: object) -> None:
        for n, saved, versions in self.saved:
            n._saved, n._versions = saved, versions
        for t, g in self.grads:
            t._grad = g
        engine._create_graph_warned = self.warned


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
    grads_now = {n: _array(t._grad) for n, t in leaves.items()}

    seed = gradient
    if seed is None and output._data.size == 1:
        seed = np.ones_like(output._data)
    elif isinstance(seed, Tensor):
        seed = seed._data
    start = Step(
        0,
        "start",
        "start",
        grads_out=(None if seed is None else np.array(seed, dtype=output._data.dtype),),
        leaf_grads=dict(grads_now),
        text=tr("replay.start_one" if gradient is None else "replay.start_gradient"),
    )
    steps = [start]

    def observe(info: dict) -> None:
        node = info["node"]
        step = Step(len(steps), "node", node.name(), node)
        step.grads_in = tuple(_array(g) for g in info["grads_in"])
        step.grad_fns = tuple(_grad_fn_name(g) for g in info["grads_in"])
        step.grads_out = tuple(_array(g) for g in info["grads_out"])
        with no_grad():
            # what reaches each input, reduced to its shape like the engine does
            for nxt, g, x in zip(node._next, info["grads_out"], node._inputs):
                ok = nxt is not None and g is not None
                step.sent.append(_array(engine._sum_to(g.detach(), x)) if ok else None)
        step.freed = node.is_freed
        if type(node) is AccumulateGrad:
            name = leaf_name.get(id(node.variable))
            if name is not None:
                grads_now[name] = _array(info.get("grad"))
                step.grad_fns = (_grad_fn_name(info.get("grad")),)
        step.leaf_grads = dict(grads_now)
        step.text = describe(step, leaf_name)
        steps.append(step)

    sandbox = _Sandbox(nodes) if not keep else None
    error: BaseException | None = None
    caught: list[warnings.WarningMessage] = []
    remove = engine.add_observer(observe)
    try:
        if sandbox is not None:
            sandbox.__enter__()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            output.backward(gradient, retain_graph=retain_graph, create_graph=create_graph)
    except RuntimeError as err:
        error = err
    finally:
        remove()
        if sandbox is not None:
            sandbox.__exit__(*sys.exc_info())
    if keep:  # the real call shows its warnings as usual
        for w in caught:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)

    rec = Recording(output, steps, leaves, error, warnings=[str(w.message) for w in caught])
    if error is not None:
        rec.error_node = _failed_node(error)
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


def _values(arrays: tuple) -> str:
    from ..viz import labels

    return ", ".join("None" if a is None else labels.short_value(a) for a in arrays)


def describe(step: Step, leaf_name: Mapping[int, str]) -> str:
    """One sentence saying what happened at ``step``."""
    node = step.node
    if type(node) is AccumulateGrad:
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
