"""``torch.autograd.Function`` for your own operations, written the torch way.

Subclass :class:`Function` with two static methods. ``forward(ctx, *args)``
receives **Tensors** and computes the result with ordinary tensor operations
(they are not recorded); ``backward(ctx, *grads)`` receives the gradient of
each output and returns one gradient per argument of ``forward`` (None for
arguments that need none). Call it with ``.apply``::

    class Exp(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            y = x.exp()
            ctx.save_for_backward(y)
            return y

        @staticmethod
        def backward(ctx, grad):
            (y,) = ctx.saved_tensors
            return grad * y

    y = Exp.apply(x)          # y.grad_fn is an ExpBackward node

``ctx`` *is* that node: ``ctx.save_for_backward``, ``ctx.saved_tensors``,
``ctx.needs_input_grad``, ``ctx.mark_dirty`` and ``ctx.mark_non_differentiable``
work as in torch, and you may store any other value on it (``ctx.k = 3``).
``backward`` is run with grad mode on when ``create_graph=True``, so writing it
with tensor operations makes double backward work too.

(minigrad's own operators, in ``minigrad/ops/``, use a leaner base class,
:class:`minigrad.core.node.Op`, whose ``forward`` computes on
numpy arrays. This class is the one for user code.)
"""

from __future__ import annotations

import contextlib
import warnings
from typing import Any

from ..core import node as _f
from ..core.grad_mode import _State, no_grad
from ..core.tensor import Tensor
from ..exact import messages as _messages
from . import observe

__all__ = ["Function", "FunctionCtx", "BackwardCFunction", "once_differentiable"]


class FunctionCtx:
    """What ``ctx`` offers inside ``forward``/``setup_context`` (documentation class;
    at run time ``ctx`` is the backward node, a :class:`BackwardCFunction`)."""

    def save_for_backward(self, *tensors: Tensor | None) -> None:
        """Keep tensors for backward; read them back with ``ctx.saved_tensors``."""
        self._to_save = tensors

    def mark_dirty(self, *tensors: Tensor) -> None:
        """Declare inputs that forward modified in place (and returns)."""
        self._dirty = tensors

    def mark_non_differentiable(self, *tensors: Tensor) -> None:
        """Declare outputs that have no gradient (e.g. indices)."""
        self._non_differentiable = tensors

    def set_materialize_grads(self, value: bool) -> None:
        """Whether backward receives zeros (True, the default) or None for the
        gradient of an output that was not used."""
        self._materialize_grads = value


class BackwardCFunction(FunctionCtx, _f.Op):
    """The node a custom Function leaves in the graph (``ExpBackward`` for ``Exp``)."""

    _forward_cls: type
    _outputs = 1

    def __repr__(self) -> str:
        return f"<torch.autograd.function.{type(self).__name__} object at {hex(id(self))}>"

    @property
    def next_functions(self) -> tuple:
        # one entry per Tensor argument, as in torch (numbers have no edge)
        nrs = self._next_nr or (0,) * len(self._next)
        return tuple(
            (n, nr) for n, nr, x in zip(self._next, nrs, self._inputs) if isinstance(x, Tensor)
        )

    @staticmethod
    def backward(ctx: BackwardCFunction, *grads: Any) -> tuple:
        """Called by the engine: run the user's backward and check what it returns."""
        name = type(ctx).__name__
        if ctx._forward_cls.boxed_grads_call:  # one list, which backward may empty as it goes
            result = ctx._forward_cls.backward(ctx, list(grads))
        else:
            result = ctx._forward_cls.backward(ctx, *grads)
        if not isinstance(result, tuple):
            result = (result,)
        n = len(ctx._inputs)
        if len(result) < n or any(g is not None for g in result[n:]):
            raise RuntimeError(
                f"function {name} returned an incorrect number of gradients (expected {n}, got "
                f"{len(result)})"
            )
        result = result[:n]
        for i, (g, x) in enumerate(zip(result, ctx._inputs)):
            if g is None or not isinstance(x, Tensor):
                continue
            if not isinstance(g, Tensor):
                raise TypeError(_messages.gradient_for_non_differentiable(name, i + 1))
            if not _expandable(tuple(x.shape), tuple(g.shape)):
                raise RuntimeError(
                    _messages.invalid_gradient_shape(name, i, list(g.shape), list(x.shape))
                )
        return result


def _expandable(shape: tuple, to: tuple) -> bool:
    """Can a tensor of ``shape`` be broadcast to ``to``? (Then its gradient can be summed back.)"""
    if len(shape) > len(to):
        return False
    return all(a == b or a == 1 for a, b in zip(reversed(shape), reversed(to)))


class _FunctionMeta(type):
    """Creates ``<Name>Backward``, the node class, for every Function subclass."""

    def __init__(cls, name: str, bases: tuple, attrs: dict) -> None:
        super().__init__(name, bases, attrs)
        cls._backward_cls = type(name + "Backward", (BackwardCFunction,), {"_forward_cls": cls})


class Function(FunctionCtx, metaclass=_FunctionMeta):
    """Base class for a differentiable operation with a hand-written backward.

    >>> import minigrad as torch
    >>> class Square(torch.autograd.Function):
    ...     @staticmethod
    ...     def forward(ctx, x):
    ...         ctx.save_for_backward(x)
    ...         return x * x
    ...     @staticmethod
    ...     def backward(ctx, grad):
    ...         (x,) = ctx.saved_tensors
    ...         return 2 * x * grad
    >>> x = torch.tensor(3.0, requires_grad=True)
    >>> y = Square.apply(x); y.backward(); x.grad
    tensor(6.)
    """

    # True: backward(ctx, grads) gets the output gradients as one list, which it may
    # clear as it goes to free memory early, instead of backward(ctx, *grads)
    boxed_grads_call = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        warnings.warn(
            _messages.function_instantiated(type(self)),
            DeprecationWarning,
            stacklevel=2,
        )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(_messages.LEGACY_AUTOGRAD_FUNCTION)

    @staticmethod
    def forward(ctx: Any, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(
            "You must implement the forward function for custom autograd.Function."
        )

    @staticmethod
    def setup_context(ctx: Any, inputs: tuple, output: Any) -> Any:
        """Alternative style: ``forward(*args)`` without ctx, then this fills ctx."""
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx: Any, *grad_outputs: Any) -> Any:
        raise NotImplementedError(_messages.NO_BACKWARD_OR_VJP)

    @staticmethod
    def jvp(ctx: Any, *grad_inputs: Any) -> Any:
        """Forward-mode AD (``autograd.forward_ad``): one tangent per input of
        ``forward`` in (zeros for a tensor without one, None for a non-tensor),
        the tangent of each output out."""
        raise NotImplementedError(_messages.NO_JVP)

    @classmethod
    def apply(cls, *args: Any, **kwargs: Any) -> Any:
        """Run ``forward`` on ``args`` and, if any Tensor argument requires grad,
        connect the outputs to a new ``<Name>Backward`` node."""
        dual = None  # forward-mode AD (autograd.forward_ad): forward runs on the plain
        # values, then the function's ``jvp`` gives the outputs' tangents
        if _f._TANGENTS and any(id(a) in _f._TANGENTS for a in args):
            from . import forward_ad as dual

            dual.check_jvp(cls)
        nexts = tuple(_f._grad_node(a) if isinstance(a, Tensor) else None for a in args)
        nrs = None
        if any(isinstance(a, Tensor) and a._out_nr for a in args):
            nrs = tuple(a._out_nr if isinstance(a, Tensor) else 0 for a in args)
        edges = tuple(e for a, nxt in zip(args, nexts) for e in (a, nxt))  # a0, next0, a1...
        node = _f.make_node(cls._backward_cls, edges, nrs)
        node._to_save = ()
        record = _State.enabled and any(n is not None for n in node._next)

        with no_grad(), dual.no_tangents() if dual else contextlib.nullcontext():
            if cls.setup_context is not Function.setup_context:
                output = cls.forward(*args, **kwargs)
                cls.setup_context(node, args, output)
            else:
                output = cls.forward(node, *args, **kwargs)
        if not record:
            if observe.ops:  # somebody watches (minigrad.autograd.observe)
                observe.op_ran(node.name(), args, output, None, kwargs)
            if dual:
                dual.give_function_tangents(cls, node, args, output)
            return output

        is_tuple = isinstance(output, tuple)
        outs = list(output) if is_tuple else [output]
        dirty = {id(t) for t in getattr(node, "_dirty", ())}
        non_diff = {id(t) for t in getattr(node, "_non_differentiable", ())}
        node._outputs = len(outs)
        node._output_meta = []
        for i, out in enumerate(outs):
            if not isinstance(out, Tensor):
                node._output_meta.append(((), None))
                continue
            marked = id(out) in non_diff
            if id(out) in dirty:  # modified in place: the input itself becomes the output
                out._check_inplace()
                out._bump_version()
            elif any(out is a for a in args):  # an input returned as is: give back a view
                out = outs[i] = Tensor._make(out._data, None)._view_of(out)
            if marked or not out.is_floating_point():
                out._requires_grad = False
            else:
                out.grad_fn = node
                out._requires_grad = True
                out._out_nr = i
            node._output_meta.append((out.shape, out.dtype))
        _keep_saved(node, outs)
        result = tuple(outs) if is_tuple else outs[0]
        if observe.ops:
            observe.op_ran(node.name(), args, result, node, kwargs)
        if dual:
            dual.give_function_tangents(cls, node, args, result)
        return result


def _keep_saved(node: BackwardCFunction, outs: list) -> None:
    """Store what forward saved; saved outputs are kept as data (no reference cycle)."""
    saved, versions = [], []
    for t in node._to_save:
        if t is None or not isinstance(t, Tensor):
            saved.append(t)
            versions.append(None)
        elif any(t is o for o in outs) and t.grad_fn is node:
            s = _f._SavedOutput(t)
            saved.append(s)
            versions.append(s.vc.v)
        else:
            saved.append(t)
            versions.append(t._version)
    node._saved, node._versions = tuple(saved), tuple(versions)
    node._to_save = ()
    if _State.saved_hooks:
        _f._pack_saved(node)


def once_differentiable(fn: Any) -> Any:
    """Decorator for a ``backward`` that cannot itself be differentiated: it runs
    under ``no_grad``."""

    def wrapper(ctx: Any, *grads: Any) -> Any:
        with no_grad():
            return fn(ctx, *grads)

    wrapper.__name__ = getattr(fn, "__name__", "backward")
    wrapper.__doc__ = fn.__doc__
    return wrapper


for _cls in (Function, FunctionCtx, BackwardCFunction):
    _cls.__module__ = "torch.autograd.function"
