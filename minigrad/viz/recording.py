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

from .._grad_mode import _State
from .._tensor import Tensor
from ..autograd import engine
from ..autograd.function import Function


class Recording:
    """What :func:`record` saw: one step per node the engine ran."""

    def __init__(self) -> None:
        self.steps: list[dict] = []
        self._remove: Any = None

    def __enter__(self) -> Recording:
        self._remove = engine.add_observer(self.steps.append)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._remove is not None:
            self._remove()
            self._remove = None

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
    ops that autograd did not record although an input required grad."""

    def __init__(self) -> None:
        self.ops: dict[int, tuple[str, tuple, object]] = {}
        self._refs: list[weakref.ref] = []
        self._saved_apply: Any = None

    def __enter__(self) -> Trace:
        original = Function.__dict__["apply"]
        self._saved_apply = original
        trace = self

        def apply(cls: type, *inputs: Any, **settings: Any) -> Any:
            out = original.__func__(cls, *inputs, **settings)
            if not _State.enabled:
                trace._note(cls, inputs, out)
            return out

        Function.apply = classmethod(apply)  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        Function.apply = self._saved_apply  # type: ignore[method-assign]

    def _note(self, cls: type, inputs: tuple, out: Any) -> None:
        tracked = any(
            isinstance(x, Tensor) and (x._requires_grad or id(x) in self.ops) for x in inputs
        )
        if not tracked:
            return
        outs = out if isinstance(out, tuple) else (out,)
        record = object()  # one picture node per op call
        for t in outs:
            self.ops[id(t)] = (cls.__name__, inputs, record)
            self._refs.append(weakref.ref(t, self._forget(id(t))))

    def _forget(self, key: int) -> Any:
        def callback(_: Any) -> None:
            self.ops.pop(key, None)

        return callback


def trace() -> Trace:
    """A context manager that notes ops run under ``no_grad`` on tensors that require grad."""
    return Trace()
