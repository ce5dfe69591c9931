"""STAND-IN for the observation hooks (the real module comes from the core-engine
branch and replaces this file when it is merged). It implements the shared spec
with the old mechanisms so that the consumers can be written and tested against it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from . import engine
from .function import Op as _OpClass


@dataclass(frozen=True)
class Op:
    name: str
    inputs: tuple
    outputs: tuple
    node: Any
    settings: Mapping


@dataclass(frozen=True)
class Step:
    node: Any
    grads_in: tuple
    grads_out: tuple
    grad: Any
    error: BaseException | None


_op_watchers: list[tuple[Callable, int]] = []
_original_apply: Any = None


def _watched_apply(cls: type, *inputs: Any, **settings: Any) -> Any:
    out = _original_apply.__func__(cls, *inputs, **settings)
    me = threading.get_ident()
    watchers = [fn for fn, t in _op_watchers if t == me]
    if watchers:
        outs = out if isinstance(out, tuple) else (out,)
        node = outs[0].grad_fn if outs and hasattr(outs[0], "grad_fn") else None
        op = Op(cls.__name__, inputs, outs, node, MappingProxyType(dict(settings)))
        for fn in watchers:
            fn(op)
    return out


class Handle:
    def __init__(self, remove: Callable[[], None]) -> None:
        self._remove = remove

    def remove(self) -> None:
        if self._remove is not None:
            self._remove()
            self._remove = None

    def __enter__(self) -> Handle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()


def on_op(fn: Callable[[Op], None]) -> Handle:
    global _original_apply
    entry = (fn, threading.get_ident())
    if not _op_watchers:
        _original_apply = _OpClass.__dict__["apply"]
        _OpClass.apply = classmethod(_watched_apply)  # type: ignore[method-assign,assignment]
    _op_watchers.append(entry)

    def remove() -> None:
        if entry in _op_watchers:
            _op_watchers.remove(entry)
        if not _op_watchers and _original_apply is not None:
            _OpClass.apply = _original_apply  # type: ignore[method-assign]

    return Handle(remove)


def on_node(fn: Callable[[Step], None]) -> Handle:
    me = threading.get_ident()

    def adapt(info: dict) -> None:
        fn(Step(info["node"], tuple(info["grads_in"]), tuple(info["grads_out"]),
                info.get("grad"), None))

    remove = engine.add_observer(adapt)
    original = engine.run_backward

    def run_backward(*args: Any, **kwargs: Any) -> Any:
        try:
            return original(*args, **kwargs)
        except BaseException as err:
            if threading.get_ident() == me:
                tb, node = err.__traceback__, None
                while tb is not None:
                    if tb.tb_frame.f_code is original.__code__:
                        node = tb.tb_frame.f_locals.get("node")
                    tb = tb.tb_next
                if node is not None:
                    fn(Step(node, (), (), None, err))
            raise

    engine.run_backward = run_backward

    def undo() -> None:
        remove()
        engine.run_backward = original

    return Handle(undo)


@contextmanager
def watching(on_op: Callable | None = None, on_node: Callable | None = None) -> Iterator[None]:
    handles = []
    if on_op is not None:
        handles.append(globals()["on_op"](on_op))
    if on_node is not None:
        handles.append(globals()["on_node"](on_node))
    try:
        yield
    finally:
        for h in handles:
            h.remove()
