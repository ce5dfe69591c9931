"""``minigrad.autograd``: ``backward`` fills ``.grad``; ``grad`` returns gradients.

``y.backward()`` is the same as ``autograd.backward(y)``. Both check their
arguments the way torch does and then hand over to the engine.
"""

from __future__ import annotations

import sys as _sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..exact import messages as _messages

if TYPE_CHECKING:
    from ..core.tensor import Tensor

from ..core import engine, registry
from ..core import tensor as _t
from ..core.node import AccumulateGrad, Node

__all__ = ["backward", "grad", "Function", "Node", "AccumulateGrad", "engine"]

import threading as _threading  # noqa: E402

# One entry per backward running in this thread: does it run the whole graph (a plain
# backward()), or only what some inputs need (grad(), backward(inputs=...))?
_tasks = _threading.local()


def _is_checkpoint_valid() -> bool:
    """Can a reentrant checkpoint run its own backward here? Not inside ``grad()``
    or ``backward(inputs=...)``: its inner backward would fill ``.grad`` instead."""
    stack = getattr(_tasks, "whole", None)
    return stack[-1] if stack else True


def _run(whole: bool, *args: Any, **kwargs: Any) -> list:
    stack = _tasks.__dict__.setdefault("whole", [])
    stack.append(whole)
    try:
        return engine.run_backward(*args, **kwargs)
    finally:
        stack.pop()


def _as_tuple(x: Any) -> tuple:
    if x is None:
        return ()
    if isinstance(x, _t.Tensor):
        return (x,)
    if type(x) is dict:  # torch takes a dict of inputs too (its values)
        return tuple(x.values())
    return tuple(x)


def _size(shape: tuple) -> Any:
    from ..exact.size import Size

    return Size(shape)


def _root_grads(outputs: tuple, grads: tuple, batched: bool = False) -> list[Tensor]:
    """Check each output and make its starting gradient (1 for a one-element output).
    ``batched``: each gradient has an extra first dim, a batch of gradients."""
    from .. import _creation

    result = []
    if not grads:
        grads = (None,) * len(outputs)
    if len(grads) < len(outputs):
        raise RuntimeError(f"got {len(outputs)} tensors and {len(grads)} gradients")
    grads = grads[: len(outputs)]  # torch ignores extra gradients
    for i, (out, g) in enumerate(zip(outputs, grads)):
        if not out._requires_grad:
            raise RuntimeError(
                f"element {i} of tensors does not require grad and does not have a grad_fn"
            )
        if g is None:
            if out._data.size != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
            g = _creation.ones_like(out)
        else:
            if not isinstance(g, _t.Tensor):
                raise TypeError(
                    f"gradients can be either Tensors or None, but got {type(g).__name__}"
                )
            if batched:
                if g.dim() == 0:
                    raise IndexError(_messages.INDEX_OF_0_DIM_TENSOR)
                # (torch's message shows the sizes after the first two dims)
                if g._data.shape[1:] != out._data.shape:
                    raise RuntimeError(
                        _messages.batched_grad_shape_mismatch(
                            i, _size(g._data.shape[2:]), out.shape
                        )
                    )
            elif g._data.shape != out._data.shape:
                raise RuntimeError(_messages.grad_output_shape_mismatch(i, g.shape, out.shape))
            if g._data.dtype != out._data.dtype:
                g = (
                    _t.Tensor._make(g._data.astype(out._data.dtype), None)
                    if not g._requires_grad
                    else g.to(out.dtype)
                )
        result.append(g)
    return result


def backward(
    tensors: Tensor | Sequence[Tensor],
    grad_tensors: Tensor | Sequence[Tensor | None] | None = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    inputs: Tensor | Sequence[Tensor] | None = None,
) -> None:
    """Add the gradient of ``tensors`` into the ``.grad`` of every leaf.

    >>> import minigrad as torch
    >>> x = torch.tensor([1.0, 2.0], requires_grad=True)
    >>> torch.autograd.backward((x * x).sum())
    >>> x.grad
    tensor([2., 4.])
    """
    outputs = _as_tuple(tensors)
    grads = _root_grads(outputs, _as_tuple(grad_tensors))
    if retain_graph is None:
        retain_graph = create_graph
    ins = None
    if inputs is not None:
        ins = _as_tuple(inputs)
        if not ins:
            raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
        for t in ins:
            # like torch, a non-leaf input keeps its gradient through retain_grad()
            # (which also refuses a tensor that does not require grad)
            t.retain_grad()
    create_graph = bool(create_graph)  # (torch reads any true value as True)
    _run(ins is None, outputs, grads, retain_graph, create_graph, inputs=ins, accumulate=True)


def grad(
    outputs: Tensor | Sequence[Tensor],
    inputs: Tensor | Sequence[Tensor],
    grad_outputs: Tensor | Sequence[Tensor | None] | None = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
    only_inputs: bool = True,
    allow_unused: bool | None = None,
    is_grads_batched: bool = False,
    materialize_grads: bool = False,
) -> tuple[Tensor | None, ...]:
    """Return the gradients of ``outputs`` with respect to ``inputs`` (a tuple),
    without touching any ``.grad``.

    ``is_grads_batched=True``: the first dim of each of ``grad_outputs`` is a
    batch; one backward pass carries the whole batch, and each gradient gets
    the same first dim (``grad_outputs=torch.eye(n)`` gives a whole Jacobian).

    >>> import minigrad as torch
    >>> x = torch.tensor(2.0, requires_grad=True)
    >>> torch.autograd.grad(x * x, x)
    (tensor(4.),)
    """
    outs = _as_tuple(outputs)
    ins = _as_tuple(inputs)
    if not ins:
        raise RuntimeError("`inputs` argument to `grad()` cannot be empty.")
    grads = _root_grads(outs, _as_tuple(grad_outputs), is_grads_batched)
    for t in ins:
        if not isinstance(t, _t.Tensor) or not t._requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    if retain_graph is None:
        retain_graph = create_graph
    if allow_unused is None:
        allow_unused = materialize_grads
    result = _run(
        False,
        outs,
        grads,
        retain_graph,
        bool(create_graph),
        inputs=ins,
        accumulate=False,
        batched=is_grads_batched,
    )
    for i, (g, t) in enumerate(zip(result, ins)):
        if g is None:
            if materialize_grads:
                from .._creation import zeros, zeros_like

                result[i] = zeros_like(t)
                if is_grads_batched:
                    result[i] = zeros((len(grads[0]),) + tuple(t.shape), dtype=t.dtype)
            elif not allow_unused:
                raise RuntimeError(_messages.unused_input(i))
        elif g._data.dtype != t._data.dtype:
            result[i] = g.to(t.dtype)
    if type(inputs) is dict:
        return dict(zip(inputs.keys(), result))  # type: ignore[return-value]
    return tuple(result)


registry.register(backward=backward)  # Tensor.backward() is this function

from . import graph  # noqa: E402  (gives Node torch's names for saved values)
from .gradcheck import GradcheckError, gradcheck, gradgradcheck  # noqa: E402

__all__ += ["functional", "forward_ad", "graph", "gradcheck", "gradgradcheck", "GradcheckError"]
from .anomaly_mode import detect_anomaly, set_detect_anomaly  # noqa: E402
from .custom_function import Function, FunctionCtx, once_differentiable  # noqa: E402, F811
from .variable import Variable  # noqa: E402

__all__ += ["FunctionCtx", "once_differentiable", "Variable"]

# torch.autograd.function names the module of the node classes, which here is the
# core's minigrad/core/node.py; minigrad.autograd.engine is minigrad/core/engine.py.
# Both old paths stay importable and name the same module objects (as os.path does).
from ..core import node as function  # noqa: E402
from .custom_function import BackwardCFunction  # noqa: E402

# torch.autograd.function also holds the custom Function's names
function.Function, function.FunctionCtx = Function, FunctionCtx
function.once_differentiable, function.BackwardCFunction = once_differentiable, BackwardCFunction
_sys.modules[f"{__name__}.function"] = function
_sys.modules[f"{__name__}.engine"] = engine
__all__ += ["detect_anomaly", "set_detect_anomaly"]


# ``functional`` (jacobian, hessian...) and ``forward_ad`` load on first use, like
# minigrad.nn (see minigrad/__init__.py), so that ``import minigrad`` stays quick.
_LAZY = ("functional", "forward_ad", "profiler")


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
