"""Watching autograd while it works, for the pictures.

- :func:`record` watches the backward engine and keeps, for every node it ran,
  the gradients that arrived and the gradients it sent on::

      with viz.record() as rec:
          z.backward()
      viz.draw_backward(z, recording=rec)   # every edge labelled with its gradient

- :func:`trace` watches operations while it is active, including the ones
  autograd does *not* record because they ran under ``no_grad``. Only then can
  the forward view show where such a tensor came from::

      with viz.trace() as tr:
          with torch.no_grad():
              y = w * 2
      viz.draw_forward(y * w, trace=tr)      # the no_grad op drawn as a cut
"""

from __future__ import annotations

import weakref
from typing import Any

from .._grad_mode import is_grad_enabled
from ..autograd import observe


class Recording:
    """What :func:`record` saw: one step per node the engine ran.

    Each step is a dict with the node, ``grads_in`` (the gradients that
    arrived), ``grads_out`` (what it sent along ``next_functions``) and, for
    AccumulateGrad, ``grad`` (the leaf's ``.grad`` afterwards). A node that
    raised is not a step; ``errors`` keeps its :class:`observe.Step`.
    """

    def __init__(self) -> None:
        self.steps: list[dict] = []
        self.errors: list[observe.Step] = []
        self._handle: observe.Handle | None = None
        self._depth = 0  # ``with rec: with rec:`` watches once, until the outer exit

    def __enter__(self) -> Recording:
        if self._depth == 0:
            self._handle = observe.on_node(self._note)
        self._depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0 and self._handle is not None:
            self._handle.remove()
            self._handle = None

    def _note(self, step: observe.Step) -> None:
        if step.error is not None:
            self.errors.append(step)
            return
        entry = {"node": step.node, "grads_in": step.grads_in, "grads_out": step.grads_out}
        if step.grad is not None or step.node.name().endswith("AccumulateGrad"):
            entry["grad"] = step.grad
        self.steps.append(entry)

    def by_node(self) -> dict[int, dict]:
        """``id(node) -> step``; when a node ran several times, its last step."""
        return {id(step["node"]): step for step in self.steps}

    def __len__(self) -> int:
        return len(self.steps)


def record() -> Recording:
    """A context manager that records the gradients of every backward run inside it."""
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


def trace() -> Trace:
    """A context manager that notes ops run under ``no_grad`` on tensors that require grad."""
    return Trace()
