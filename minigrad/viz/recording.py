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

import threading
import weakref
from typing import Any

from .._grad_mode import _State
from .._tensor import Tensor
from ..autograd import engine
from ..autograd.function import Op


class Recording:
    """What :func:`record` saw: one step per node the engine ran."""

    def __init__(self) -> None:
        self.steps: list[dict] = []
        self._remove: Any = None
        self._depth = 0  # ``with rec: with rec:`` watches once, until the outer exit

    def __enter__(self) -> Recording:
        if self._depth == 0:
            self._remove = engine.add_observer(self.steps.append)
        self._depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0 and self._remove is not None:
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


# The traces now active, with the thread each was entered in. While there is
# one, ``Op.apply`` is replaced (once, however many traces are nested, and
# in whatever order they end) by a version that tells them about every op.
_active: list[tuple[Trace, int]] = []
_original_apply: Any = None


def _traced_apply(cls: type, *inputs: Any, **settings: Any) -> Any:
    out = _original_apply.__func__(cls, *inputs, **settings)
    if not _State.enabled:
        me = threading.get_ident()
        for trace, thread in list(_active):
            if thread == me:  # a trace sees the ops of its own thread
                trace._note(cls, inputs, out)
    return out


class Trace:
    """What :func:`trace` saw: ``id(output) -> (op name, inputs, record)`` for the
    ops that autograd did not record although an input required grad."""

    def __init__(self) -> None:
        self.ops: dict[int, tuple[str, tuple, object]] = {}
        self._refs: list[weakref.ref] = []

    def __enter__(self) -> Trace:
        global _original_apply
        if not _active:
            _original_apply = Op.__dict__["apply"]
            Op.apply = classmethod(_traced_apply)  # type: ignore[method-assign,assignment]
        _active.append((self, threading.get_ident()))
        return self

    def __exit__(self, *exc: object) -> None:
        for i, (trace, _) in enumerate(_active):
            if trace is self:
                del _active[i]
                break
        if not _active and _original_apply is not None:
            Op.apply = _original_apply  # type: ignore[method-assign]

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
