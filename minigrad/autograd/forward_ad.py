"""``minigrad.autograd.forward_ad``: forward-mode AD with dual tensors.

Reverse mode (``backward``) gives rows of the Jacobian, ``vᵀ J``; forward mode
gives columns, ``J t``: the *tangent* ``t`` (a direction in input space) is
carried along with the forward pass, and every result knows how fast it moves
when the input moves along ``t``.

>>> import minigrad as torch
>>> import minigrad.autograd.forward_ad as fwAD
>>> with fwAD.dual_level():
...     x = fwAD.make_dual(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 0.0]))
...     y = x * x
...     fwAD.unpack_dual(y).tangent
tensor([2., 0.])

How minigrad does it: a dual tensor is an ordinary tensor whose tangent is kept
in a table for the open dual level (``function._TANGENTS``). When an operation
(``Op.apply``) gets a dual tensor, it computes its result as usual and then the
result's tangent, eagerly, like torch. Torch has a forward derivative formula
for every operation; minigrad derives it from the operation's own backward rule
by the *double-backward trick*: ``u ↦ uᵀ J`` is linear in ``u``, so its
derivative with respect to ``u``, applied to ``t``, is ``J t`` (two small
backward passes per operation: slow, but no second set of formulas to trust).

A custom ``autograd.Function`` gives its outputs' tangents with its own
``jvp(ctx, *tangents)``; an in-place operation hands its result's tangent to the
tensor it changed (and, through a view, to its base; another view of that base,
made before, keeps its old tangent). Leaving ``dual_level`` forgets every tangent
of that level.
"""

from __future__ import annotations

import weakref
from typing import Any, NamedTuple

import numpy as np

from ..core import registry
from ..core.grad_mode import enable_grad, is_grad_enabled
from ..core.node import _TANGENTS
from ..core.tensor import Tensor
from ..exact import messages as _messages
from .custom_function import Function

__all__ = [
    "UnpackedDualTensor",
    "enter_dual_level",
    "exit_dual_level",
    "make_dual",
    "unpack_dual",
    "dual_level",
]

_level: list[int] = []  # the open dual level (torch opens one at a time; the first is 0)


class UnpackedDualTensor(NamedTuple):
    """What :func:`unpack_dual` returns: the ``primal`` and its ``tangent`` (or None)."""

    primal: Tensor
    tangent: Tensor | None


UnpackedDualTensor.__module__ = __name__


def enter_dual_level() -> int:
    """Open a dual level (``dual_level`` does this for you) and return it."""
    if _level:
        raise RuntimeError(_messages.NESTED_DUAL_LEVEL)
    _level.append(0)
    return 0


def exit_dual_level(*, level: int | None = None) -> None:
    """Close the dual level: every tangent made in it is forgotten."""
    if not _level:
        raise RuntimeError(_messages.DUAL_LEVEL_NOT_POSITIVE)
    _level.pop()
    _TANGENTS.clear()


class dual_level:  # noqa: N801 - torch's name
    """``with dual_level():`` the block in which dual tensors live.

    >>> import minigrad as torch
    >>> import minigrad.autograd.forward_ad as fwAD
    >>> with fwAD.dual_level():
    ...     y = fwAD.make_dual(torch.tensor(3.0), torch.tensor(1.0)) ** 2
    ...     print(y)
    tensor(9., tangent=6.0)
    >>> print(fwAD.unpack_dual(y).tangent)  # gone with the level
    None
    """

    def __enter__(self) -> int:
        return enter_dual_level()

    def __exit__(self, *exc: Any) -> None:
        exit_dual_level()


def make_dual(tensor: Tensor, tangent: Tensor, *, level: int | None = None) -> Tensor:
    """A dual tensor: a view of ``tensor`` that carries ``tangent`` (same size)."""
    if not _level:
        raise RuntimeError(_messages.MAKE_DUAL_NO_LEVEL)
    if not tensor.is_floating_point():
        raise ValueError(_messages.dual_not_floating("primal", tensor.dtype))
    if not tangent.is_floating_point():
        raise ValueError(_messages.dual_not_floating("tangent", tangent.dtype))
    if tensor.shape != tangent.shape:
        raise RuntimeError(_messages.tangent_size_mismatch(list(tensor.shape), list(tangent.shape)))
    if tangent_of(tensor) is not None:
        raise RuntimeError(_messages.already_dual(_level[-1]))
    with no_tangents():
        dual = tensor.view_as(tensor)
    _set_tangent(dual, tangent)
    return dual


def unpack_dual(tensor: Tensor, *, level: int | None = None) -> UnpackedDualTensor:
    """``(primal, tangent)`` of ``tensor``; the tangent is None for a tensor that
    has none (a plain tensor, or any tensor once its dual level is closed)."""
    if not _level:
        return UnpackedDualTensor(tensor, None)
    if not isinstance(tensor, Tensor):
        raise TypeError(
            f"_unpack_dual(): argument 'dual' (position 1) must be Tensor, not "
            f"{type(tensor).__name__}"
        )
    from ..ops.indexing import Identity

    tangent = tangent_of(tensor)
    with no_tangents():
        primal = Identity.apply(tensor)  # an alias of the values, without the tangent
    return UnpackedDualTensor(primal, tangent)


# --- the table of tangents (function._TANGENTS) ------------------------------------
def tangent_of(tensor: Any) -> Tensor | None:
    """The tangent of ``tensor`` at the open level, or None."""
    entry = _TANGENTS.get(id(tensor))
    if entry is None or entry[0]() is not tensor:  # (an id reused by another object)
        return None
    return entry[1]


def _set_tangent(tensor: Tensor, tangent: Tensor) -> None:
    key = id(tensor)

    def forget(_: Any) -> None:  # the tensor is gone: so is its entry
        if key in _TANGENTS and _TANGENTS[key][0]() is None:
            del _TANGENTS[key]

    _TANGENTS[key] = (weakref.ref(tensor, forget), tangent)


class no_tangents:  # noqa: N801
    """Run operations without forward AD (the table is put aside and back)."""

    def __enter__(self) -> None:
        self.saved = dict(_TANGENTS)
        _TANGENTS.clear()

    def __exit__(self, *exc: Any) -> None:
        _TANGENTS.update(self.saved)


# --- each operation's tangent, by the double-backward trick ------------------------
def apply_dual(op: type, inputs: tuple, settings: dict) -> Any:
    """``op.apply(*inputs)`` when some inputs are dual: the result, with its tangent.

    ``Op.apply`` sends operations here when a dual tensor comes in.
    """
    tangents = {i: tangent_of(x) for i, x in enumerate(inputs)}
    tangents = {i: t for i, t in tangents.items() if t is not None}
    with no_tangents():  # (the operation itself, and the trick, run as usual)
        result = op.apply(*inputs, **settings)
        outputs = result if isinstance(result, tuple) else (result,)
        out_tangents = _jvp(op, inputs, settings, tangents) if tangents else []
    for out, tangent in zip(outputs, out_tangents):
        if tangent is not None:
            _set_tangent(out, tangent)
    return result


def _jvp(op: type, inputs: tuple, settings: dict, tangents: dict) -> list:
    """``J t`` for each output of ``op``, by the double-backward trick."""
    from .._creation import zeros_like
    from ..exact.dtype import from_numpy_dtype
    from . import grad

    # the tangents are differentiable when something they come from requires grad
    keep_graph = is_grad_enabled() and (
        any(isinstance(x, Tensor) and x.requires_grad for x in inputs)
        or any(t.requires_grad for t in tangents.values())
    )
    with enable_grad():
        # fresh inputs to differentiate with respect to (kept connected to the
        # caller's graph when they require grad, so that tangents can be differentiated)
        fresh = list(inputs)
        for i in tangents:
            x = inputs[i]
            fresh[i] = x.view_as(x) if x.requires_grad else x.detach().requires_grad_(True)
        result = op.apply(*fresh, **settings)
        outputs = result if isinstance(result, tuple) else (result,)
        moving = [k for k, o in enumerate(outputs) if isinstance(o, Tensor) and o.requires_grad]
        if not moving:
            return [None] * len(outputs)
        u = {k: zeros_like(outputs[k], requires_grad=True) for k in moving}
        uJ = grad(  # uᵀ J for each input with a tangent: linear in u
            [outputs[k] for k in moving],
            [fresh[i] for i in tangents],
            [u[k] for k in moving],
            create_graph=True,
            allow_unused=True,
        )
        pairs = [(g, t) for g, t in zip(uJ, tangents.values()) if g is not None and g.requires_grad]
        jvps: tuple = (None,) * len(moving)
        if pairs:
            jvps = grad(
                [g for g, _ in pairs],
                [u[k] for k in moving],
                [t.to(g.dtype) for g, t in pairs],
                create_graph=keep_graph,
                allow_unused=True,
            )
    found = dict(zip(moving, jvps))
    answer = []
    for k, out in enumerate(outputs):
        if k not in found:
            answer.append(None)
            continue
        jvp = zeros_like(out) if found[k] is None else found[k]
        jvp = jvp if keep_graph else jvp.detach()
        # a tangent keeps the widest dtype of the output and the tangents (as torch's)
        wide = np.result_type(out._data.dtype, *(t._data.dtype for t in tangents.values()))
        answer.append(jvp if wide == jvp._data.dtype else jvp.to(from_numpy_dtype(wide)))
    return answer


# --- custom Functions, in-place operations and writes through an index -------------
def check_jvp(function: type) -> None:
    """A custom ``autograd.Function`` meets a dual tensor: it needs a ``jvp``."""
    if function.jvp is Function.jvp:
        raise NotImplementedError(_messages.NO_JVP)


def give_function_tangents(function: type, ctx: Any, args: tuple, result: Any) -> None:
    """After ``function.apply(*args)``, with some arguments dual: the function's
    own ``jvp(ctx, *tangents)`` gives its outputs' tangents (a tensor argument
    without a tangent counts as one of zeros; others get None)."""
    from .._creation import zeros_like

    tangents = []
    for a in args:
        t = tangent_of(a)
        if t is None and isinstance(a, Tensor):
            t = zeros_like(a)
        tangents.append(t)
    out_tangents = function.jvp(ctx, *tangents)
    if not isinstance(out_tangents, tuple):
        out_tangents = (out_tangents,)
    outputs = result if isinstance(result, tuple) else (result,)
    for out, tangent in zip(outputs, out_tangents):
        if isinstance(out, Tensor) and tangent is not None:
            _set_tangent(out, tangent)


def copy_tangent(source: Tensor, target: Tensor) -> None:
    """After an in-place operation: ``target`` now holds ``source``'s values, so
    it takes ``source``'s tangent (or loses its own)."""
    tangent = tangent_of(source)
    if tangent is not None:
        _set_tangent(target, tangent)
    elif tangent_of(target) is not None:
        del _TANGENTS[id(target)]


def inplace_tangent(result: Tensor, target: Tensor) -> None:
    """After an in-place operation that wrote ``result`` into ``target``: ``target``
    takes ``result``'s tangent, and so does its base where ``target`` is a view."""
    copy_tangent(result, target)
    _through_view(target)


def _through_view(view: Tensor) -> None:
    """A view was changed in place: its base's tangent, at the view's positions,
    becomes the view's tangent."""
    from .._creation import zeros_like
    from ..exact.memory import _positions_in

    base = view._base
    if base is None:
        return
    own, whole = tangent_of(view), tangent_of(base)
    if own is None and whole is None:
        return
    with no_tangents():
        tangent = zeros_like(base) if whole is None else whole.clone()
        tangent[_positions_in(view._data, base._data)] = 0.0 if own is None else own
    _set_tangent(base, tangent)


def setitem_dual(tensor: Tensor, key: Any, value: Any) -> None:
    """``tensor[key] = value`` when one of them is dual: the values are written as
    usual, and ``tensor``'s tangent gets ``value``'s tangent (or 0) at ``key``."""
    from .._creation import zeros_like

    own, written = tangent_of(tensor), tangent_of(value)
    with no_tangents():
        tensor[key] = value
        tangent = zeros_like(tensor) if own is None else own.clone()
        tangent[key] = 0.0 if written is None else written
    _set_tangent(tensor, tangent)
    _through_view(tensor)


# the core and the rules call these through the registry (they sit below this module)
registry.register(
    apply_dual=apply_dual,
    tangent_of=tangent_of,
    inplace_tangent=inplace_tangent,
    copy_tangent=copy_tangent,
    setitem_dual=setitem_dual,
)
