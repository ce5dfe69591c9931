"""Watching autograd while it works, for the pictures.

- :func:`record` watches the backward engine and keeps, for every node it ran,
  the gradients that arrived and the gradients it sent on::

      with viz.record() as rec:
          z.backward()
      viz.draw_backward(z, recording=rec)   # every edge labelled with its gradient

  It also notes the ``nn.Module`` s called inside it (through a forward pre-hook
  common to all modules, removed at the end): ``recording=rec`` (or ``model=rec``)
  then names each parameter by its module path, also for a model that is no
  variable of the cell (``trainer.model``, a model built in a function).

- :func:`trace` watches operations while it is active, including the ones
  autograd does *not* record because they ran under ``no_grad``. Only then can
  the forward view show where such a tensor came from::

      with viz.trace() as tr:
          with torch.no_grad():
              y = w * 2
      viz.draw_forward(y * w, trace=tr)      # the no_grad op drawn as a cut

- :func:`watch_backward` runs the real ``backward`` in a :class:`Sandbox`
  (everything is put back afterwards) and reports every node it ran: the
  stepper widget replays it, and ``draw_backward`` takes the gradients on its
  edges from it when no recording is given.

All of them watch through the core's observation hooks
(:mod:`minigrad.autograd.observe`): ``on_node`` for backward, ``on_op`` for
operations; the sandbox is the core's too (``observe.Sandbox``). Nothing in
the core is replaced while they watch.
"""

from __future__ import annotations

import sys
import warnings
import weakref
from collections.abc import Callable
from typing import Any

from .. import is_grad_enabled
from ..autograd import AccumulateGrad, grad, observe
from ..autograd.observe import Sandbox
from .untouched import modules_of, untouched


class Recording:
    """What :func:`record` saw: one step per node the engine ran.

    Each step is a dict with the node, ``grads_in`` (the gradients that
    arrived), ``grads_out`` (what it sent along ``next_functions``), ``step``
    (the :class:`observe.Step` itself: ``step.sent`` is each gradient as its
    input receives it) and, for AccumulateGrad, ``grad`` (the leaf's ``.grad``
    afterwards). A node that
    raised is not a step; ``errors`` keeps its :class:`observe.Step`.
    ``modules`` are the outermost modules called inside (held weakly).
    """

    def __init__(self) -> None:
        self.steps: list[dict] = []
        self.errors: list[observe.Step] = []
        self._handle: observe.Handle | None = None
        self.torch_trace: Any = None  # real torch code run inside: its ops (see torch_forward)
        self._depth = 0  # ``with rec: with rec:`` watches once, until the outer exit
        self._called: dict[int, weakref.ref] = {}  # the modules called inside, weakly
        self._module_hooks: list[Any] = []

    def __enter__(self) -> Recording:
        if self._depth == 0:
            self._handle = observe.on_node(self.add)
            if "torch" in sys.modules:  # the learner uses real torch: watch its ops too
                from .torch_forward import TorchTrace

                self.torch_trace = TorchTrace().__enter__()
            self._module_hooks = [lib.register_module_forward_pre_hook(self._saw) for lib in _nn()]
        self._depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0 and self._handle is not None:
            self._handle.remove()
            self._handle = None
            if self.torch_trace is not None:
                self.torch_trace.__exit__()
            for handle in self._module_hooks:
                handle.remove()
            self._module_hooks = []

    def _saw(self, module: Any, args: Any) -> None:
        if id(module) not in self._called or self._called[id(module)]() is not module:
            self._called[id(module)] = weakref.ref(module)

    @property
    def modules(self) -> list:
        """The outermost modules called inside the block (a model, not its layers), in
        the order they were first called; the ones since freed are left out."""
        alive = [m for m in (ref() for ref in self._called.values()) if m is not None]
        inside: set[int] = set()
        for m in alive:
            try:
                inside.update(id(sub) for sub in list(m.modules())[1:])
            except Exception:  # noqa: BLE001 - a half-built module must not break a picture
                continue
        return [m for m in alive if id(m) not in inside]

    def add(self, step: observe.Step) -> None:
        """Keep ``step`` (the ``on_node`` callback)."""
        if step.error is not None:
            self.errors.append(step)
            return
        entry = {
            "node": step.node,
            "grads_in": step.grads_in,
            "grads_out": step.grads_out,
            "step": step,
        }
        if step.grad is not None or step.node.name().endswith("AccumulateGrad"):
            entry["grad"] = step.grad
        self.steps.append(entry)

    def by_node(self) -> dict[int, dict]:
        """``id(node) -> step``; when a node ran several times, its last step."""
        return {id(step["node"]): step for step in self.steps}

    def __len__(self) -> int:
        return len(self.steps)


def _nn() -> list:
    """The ``nn.modules.module`` of minigrad, and of torch when it is loaded."""
    from ..nn.modules import module

    libs: list = [module]
    if "torch" in sys.modules:
        libs.append(sys.modules["torch"].nn.modules.module)
    return libs


def record() -> Recording:
    """A context manager that records the gradients of every backward run inside it,
    and the modules called inside it (``rec.modules``).

    >>> import minigrad as torch
    >>> from minigrad import viz
    >>> layer = torch.nn.Linear(2, 1)
    >>> with viz.record() as rec:
    ...     layer(torch.ones(2)).sum().backward()
    >>> [type(m).__name__ for m in rec.modules], len(rec) > 0
    (['Linear'], True)
    """
    return Recording()


class Trace:
    """What :func:`trace` saw: ``id(output) -> (op name, inputs, record)`` for the
    ops that autograd did not record although an input required grad.

    It watches through :func:`observe.on_op`, so it sees the ops of the thread
    that entered it.
    """

    def __init__(self) -> None:
        self.ops: dict[int, tuple[str, tuple, object]] = {}
        self._refs: list[weakref.ref] = []
        self._handles: list[observe.Handle] = []

    def __enter__(self) -> Trace:
        self._handles.append(observe.on_op(self._note))
        return self

    def __exit__(self, *exc: object) -> None:
        if self._handles:
            self._handles.pop().remove()

    def _note(self, op: observe.Op) -> None:
        if is_grad_enabled():  # autograd recorded it (or had nothing to record)
            return
        tracked = any(
            hasattr(x, "requires_grad") and (x.requires_grad or id(x) in self.ops)
            for x in op.inputs
        )
        if not tracked:
            return
        record = object()  # one picture node per op call
        for t in op.outputs:
            self.ops[id(t)] = (op.name, op.inputs, record)
            self._refs.append(weakref.ref(t, self._forget(id(t))))

    def _forget(self, key: int) -> Any:
        def callback(_: Any) -> None:
            self.ops.pop(key, None)

        return callback


def graph_nodes(output: Any) -> list:
    """Every node reachable from ``output.grad_fn`` (iterative, first-seen order)."""
    start = output.grad_fn
    if start is None:
        return [AccumulateGrad.of(output)] if output.requires_grad else []
    seen = {id(start): start}
    order = [start]
    stack = [start]
    while stack:
        for nxt, _nr in stack.pop().next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen[id(nxt)] = nxt
                order.append(nxt)
                stack.append(nxt)
    return order


def watch_backward(
    output: Any,
    gradient: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    *,
    on_node: Callable[[observe.Step], None],
    keep: bool = False,
    to_leaves: bool = False,
    inner: dict | None = None,
) -> tuple[BaseException | None, list[warnings.WarningMessage]]:
    """Run the real ``output.backward(gradient, retain_graph, create_graph)`` and call
    ``on_node`` for every node the engine runs (also the one that raised).

    Unless ``keep``, it runs in a :class:`Sandbox`: afterwards every ``.grad``
    and the graph are as they were. Hooks the learner registered do run.
    ``to_leaves=True`` runs ``autograd.grad(output, <every leaf>, gradient)``
    instead: the same nodes, but nothing is accumulated into a ``.grad``, so
    no post-accumulate-grad hook (an optimizer step, say) runs.
    Returns the ``RuntimeError`` backward raised (or None) and the warnings; ``inner``
    gets ``{parameter: its .grad after}`` for a reentrant checkpoint's block.
    """
    nodes = graph_nodes(output)
    sandbox = None if keep else Sandbox(nodes)
    # What backward runs of the learner's forward code (a checkpoint's block, through its
    # unpack hook) may draw random numbers or update BatchNorm's statistics: put back.
    reruns = [h for n in nodes if hasattr(n, "unpack_hooks") for h in n.unpack_hooks]
    # A reentrant checkpoint runs a backward of its own, into its block's parameters' .grad
    # (and refuses autograd.grad): the real backward() then, on copies of those .grad.
    blocks = [n.run_function for n in nodes if getattr(n, "run_function", None) is not None]
    lib = sys.modules["minigrad"]
    guard = untouched(reruns + blocks, lib) if (reruns or blocks) and sandbox is not None else None
    params = [p for m in modules_of(blocks, lib) for p in m.parameters()] if guard else []
    inner_grads = [p.grad for p in params]
    error: BaseException | None = None
    caught: list[warnings.WarningMessage] = []
    try:
        if guard is not None:
            guard.__enter__()
        if sandbox is not None:
            sandbox.__enter__()
        for p in params:
            p.grad = None if p.grad is None else p.grad.detach().clone()
        with observe.on_node(on_node), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            if to_leaves and not blocks:
                leaves = [n.variable for n in nodes if type(n) is AccumulateGrad]
                grad(
                    output,
                    leaves,
                    gradient,
                    retain_graph=retain_graph,
                    create_graph=create_graph,
                    allow_unused=True,
                )
            else:
                output.backward(gradient, retain_graph=retain_graph, create_graph=create_graph)
    except RuntimeError as err:
        error = err
    finally:
        if sandbox is not None:
            sandbox.__exit__()
        for p, g in zip(params, inner_grads):
            if inner is not None and p.grad is not None:
                inner[p] = p.grad
            p.grad = g
        if guard is not None:
            guard.__exit__()
    return error, caught


def trace() -> Trace:
    """A context manager that notes ops run under ``no_grad`` on tensors that require grad."""
    return Trace()
