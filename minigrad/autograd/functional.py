"""``minigrad.autograd.functional``: derivatives of whole functions.

Each function here takes a Python function ``func`` and the point
``inputs`` at which to differentiate it, and is built from
``autograd.grad`` alone:

- ``vjp``: vector-Jacobian product ``vᵀ J``  (one backward pass);
- ``jacobian``: the full ``J``, one backward pass per output element;
- ``jvp``: Jacobian-vector product ``J v``, by the *double-backward trick*:
  ``u ↦ uᵀ J`` is linear in ``u``, so differentiating it with respect to
  ``u`` (a second backward pass, with ``v`` as the incoming gradient) gives
  ``J v`` without forward-mode autodiff;
- ``hessian``, ``vhp`` and ``hvp``: the same ideas applied to the gradient
  of a scalar function.

``inputs`` is a Tensor or a tuple of Tensors, and so is what ``func``
returns; results come back with the same structure, exactly as in torch.
Results are detached unless ``create_graph=True``.

>>> import minigrad as torch
>>> from minigrad.autograd.functional import jacobian
>>> jacobian(lambda x: x ** 2, torch.tensor([1.0, 2.0]))
tensor([[2., 0.],
        [0., 4.]])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .. import _creation
from ..core.engine import reuse_plans
from ..core.grad_mode import enable_grad, is_grad_enabled, set_grad_enabled
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..ops.join import stack

__all__ = ["vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]


# --- helpers: tuples in, tuples out ---------------------------------------------------
def _as_tuple(value: Any, arg_name: str, fn_name: str) -> tuple[bool, tuple]:
    """Return ``(was_a_tuple, value_as_tuple)``, checking that it holds only Tensors."""
    is_tuple = isinstance(value, tuple)
    items = value if is_tuple else (value,)
    for i, el in enumerate(items):
        if not isinstance(el, Tensor):
            where = f"the value at index {i}" if is_tuple else f"the given {arg_name}"
            raise TypeError(_messages.not_tensor_or_tuple(arg_name, fn_name, where, type(el)))
    return is_tuple, items


def _unpack(result: Any, was_tuple: bool | tuple[bool, bool]) -> Any:
    """Undo the tuple wrapping: give back a Tensor where the user gave a Tensor.

    ``was_tuple`` is one flag, or ``(outputs_were_tuple, inputs_were_tuple)``
    for results indexed ``[output][input]`` (jacobian, hessian).
    """
    if isinstance(was_tuple, tuple):
        outputs_tuple, inputs_tuple = was_tuple
        if not inputs_tuple:
            result = tuple(row[0] for row in result)
        return result if outputs_tuple else result[0]
    return result if was_tuple else result[0]


def _prepare_inputs(inputs: tuple, create_graph: bool) -> tuple:
    """Fresh tensors to differentiate with respect to.

    Normally a detached copy that requires grad, so ``func``'s graph starts
    here. With ``create_graph=True`` an input that already requires grad is
    kept connected (through a view) so that the result can be differentiated
    again with respect to the caller's tensors.
    """
    return tuple(
        x.view_as(x) if create_graph and x.requires_grad else x.detach().requires_grad_(True)
        for x in inputs
    )


def _prepare_v(v: tuple, create_graph: bool) -> tuple:
    return tuple(x.view_as(x) if create_graph and x.requires_grad else x.detach() for x in v)


def _finish(values: tuple, create_graph: bool) -> tuple:
    """Detach the results (recursively) unless the caller wants to differentiate them."""
    if create_graph:
        return values
    return tuple(_finish(v, False) if isinstance(v, tuple) else v.detach() for v in values)


def _check_v(v: tuple, like: tuple, like_is_tuple: bool) -> None:
    if len(v) != len(like):
        if like_is_tuple:
            raise RuntimeError(
                f"v is a tuple of invalid length: should be {len(like)} but got {len(v)}."
            )
        raise RuntimeError("The given v should contain a single Tensor.")
    for i, (a, b) in enumerate(zip(v, like)):
        if a.size() != b.size():
            where = f"Entry {i} in " if like_is_tuple else ""
            raise RuntimeError(
                f"{where}v has invalid size: should be {b.size()} but got {a.size()}."
            )


def _strict_check(tensors: tuple, kind: str, strict: bool) -> None:
    """In strict mode, refuse results that cannot depend on the inputs."""
    if not strict:
        return
    for i, t in enumerate(tensors):
        if t is None:
            raise RuntimeError(_messages.strict_output_independent_of_input(i))
        if t.requires_grad:
            continue
        if kind == "hessian":
            raise RuntimeError(_messages.strict_hessian_independent_of_input(i))
        if kind == "jacobian":
            raise RuntimeError(_messages.strict_jacobian_not_twice_differentiable(i))
        if kind == "grad_inputs":
            raise RuntimeError(_messages.strict_gradient_independent_of_inputs(i))
        raise RuntimeError(_messages.output_does_not_require_grad(i))


def _grads(
    outputs: tuple,
    inputs: tuple,
    grad_outputs: tuple | None = None,
    create_graph: bool = False,
    retain_graph: bool | None = None,
) -> tuple:
    """``autograd.grad`` that skips outputs not requiring grad; None for an unused input."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    pairs = [(o, g) for o, g in zip(outputs, grad_outputs) if o is not None and o.requires_grad]
    if not pairs:
        return (None,) * len(inputs)
    from . import grad

    outs, gs = zip(*pairs)
    return grad(
        outs, inputs, gs, allow_unused=True, create_graph=create_graph, retain_graph=retain_graph
    )


_ZERO_MESSAGES = {
    "back": _messages.STRICT_OUTPUT_INDEPENDENT,
    "back_trick": _messages.STRICT_GRADIENT_INDEPENDENT_OF_ENTRY,
    "double_back": _messages.STRICT_JACOBIAN_INDEPENDENT,
    "double_back_trick": _messages.STRICT_HESSIAN_INDEPENDENT_OF_ENTRY,
}


def _zeros_for_none(grads: tuple, like: tuple, strict: bool, create_graph: bool, stage: str):
    """A gradient of None means "does not depend": make it zeros (or complain if strict)."""
    result = []
    for i, g in enumerate(grads):
        if g is None:
            if strict:
                raise RuntimeError(_ZERO_MESSAGES[stage].format(i=i))
            g = _creation.zeros_like(like[i])
        elif strict and create_graph and not g.requires_grad:
            what = "hessian" if "double" in stage else "jacobian"
            raise RuntimeError(_messages.strict_independent_of_input(what, i))
        result.append(g)
    return tuple(result)


def _single_scalar_output(outputs: tuple, was_tuple: bool, fn_name: str) -> None:
    if was_tuple or not isinstance(outputs[0], Tensor):
        raise RuntimeError(f"The function given to {fn_name} should return a single Tensor")
    if outputs[0].nelement() != 1:
        raise RuntimeError(
            f"The Tensor returned by the function given to {fn_name} should contain a single "
            "element"
        )


def _v_needed(inputs: tuple, fn_name: str) -> None:
    if len(inputs) != 1 or inputs[0].nelement() != 1:
        raise RuntimeError(_messages.V_NONE_NEEDS_SINGLE_ELEMENT_INPUT)


def _stack(rows: list[Tensor], like: Tensor) -> Tensor:
    """``torch.stack(rows)``: the rows of a Jacobian, one above the other."""
    if rows:
        return stack(rows, dim=0)
    out = _creation.zeros((len(rows),) + tuple(like.shape), dtype=like.dtype)
    for k, row in enumerate(rows):
        out[k] = row
    return out


# --- vector-Jacobian and Jacobian-vector products -----------------------------------------
def vjp(
    func: Callable[..., Any],
    inputs: Tensor | tuple[Tensor, ...],
    v: Tensor | tuple[Tensor, ...] | None = None,
    create_graph: bool = False,
    strict: bool = False,
) -> tuple[Any, Any]:
    """``(func(inputs), vᵀ J)``: one backward pass with ``v`` as the output gradient.

    >>> import minigrad as torch
    >>> from minigrad.autograd.functional import vjp
    >>> vjp(lambda x: x * 3, torch.ones(2), torch.tensor([1.0, 2.0]))
    (tensor([3., 3.]), tensor([3., 6.]))
    """
    with enable_grad():
        inputs_tuple, inputs = _as_tuple(inputs, "inputs", "vjp")
        inputs = _prepare_inputs(inputs, create_graph)
        outputs_tuple, outputs = _as_tuple(
            func(*inputs), "outputs of the user-provided function", "vjp"
        )
        _strict_check(outputs, "outputs", strict)
        if v is not None:
            v = _prepare_v(_as_tuple(v, "v", "vjp")[1], create_graph)
            _check_v(v, outputs, outputs_tuple)
        elif len(outputs) != 1 or outputs[0].nelement() != 1:
            raise RuntimeError(_messages.V_NONE_NEEDS_SINGLE_ELEMENT_OUTPUT)
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        grads = _grads(outputs, inputs, v, create_graph=create_graph)
        result = _zeros_for_none(grads, inputs, strict, create_graph, "back")
    return (
        _unpack(_finish(outputs, create_graph), outputs_tuple),
        _unpack(_finish(result, create_graph), inputs_tuple),
    )


def jvp(
    func: Callable[..., Any],
    inputs: Tensor | tuple[Tensor, ...],
    v: Tensor | tuple[Tensor, ...] | None = None,
    create_graph: bool = False,
    strict: bool = False,
) -> tuple[Any, Any]:
    """``(func(inputs), J v)``, computed with two backward passes (the double-backward trick).

    >>> import minigrad as torch
    >>> from minigrad.autograd.functional import jvp
    >>> jvp(lambda x: x ** 2, torch.tensor([1.0, 2.0]), torch.tensor([1.0, 1.0]))
    (tensor([1., 4.]), tensor([2., 4.]))
    """
    with enable_grad():
        inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jvp")
        inputs = _prepare_inputs(inputs, create_graph)
        if v is not None:
            v = _prepare_v(_as_tuple(v, "v", "jvp")[1], create_graph)
            _check_v(v, inputs, inputs_tuple)
        else:
            _v_needed(inputs, "jvp")
        outputs_tuple, outputs = _as_tuple(
            func(*inputs), "outputs of the user-provided function", "jvp"
        )
        _strict_check(outputs, "outputs", strict)
        # g(u) = uᵀ J is linear in u; its derivative with respect to u, applied to v, is J v
        u = tuple(_creation.zeros_like(out, requires_grad=True) for out in outputs)
        u_J = _grads(outputs, inputs, u, create_graph=True)
        _strict_check(u_J, "grad_inputs", strict)
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        grads = _grads(u_J, u, v, create_graph=create_graph)
        result = _zeros_for_none(grads, outputs, strict, create_graph, "back_trick")
    return (
        _unpack(_finish(outputs, create_graph), outputs_tuple),
        _unpack(_finish(result, create_graph), outputs_tuple),
    )


# --- full Jacobian and Hessian ---------------------------------------------------------
def jacobian(
    func: Callable[..., Any],
    inputs: Tensor | tuple[Tensor, ...],
    create_graph: bool = False,
    strict: bool = False,
    vectorize: bool = False,
    strategy: str = "reverse-mode",
) -> Any:
    """The Jacobian of ``func`` at ``inputs``: entry ``[i..., j...]`` is
    ``d output[i...] / d input[j...]``, so its shape is ``output.shape + input.shape``.

    With several inputs or outputs the result is a tuple (over inputs), a
    tuple (over outputs), or a tuple of tuples ``[output][input]``.
    Row by row: one backward pass per output element; with ``vectorize=True``
    a single backward pass carries all the rows at once, as a batch.

    >>> import minigrad as torch
    >>> from minigrad.autograd.functional import jacobian
    >>> jacobian(lambda x, y: x * y, (torch.tensor([2.0]), torch.tensor([3.0])))
    (tensor([[3.]]), tensor([[2.]]))
    """
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError(_messages.BAD_STRATEGY)
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError(_messages.JACOBIAN_CREATE_GRAPH_FORWARD_MODE)
        if strict:
            raise RuntimeError(_messages.JACOBIAN_STRICT_FORWARD_MODE)
        if not vectorize:
            raise NotImplementedError(_messages.FORWARD_AD_NEEDS_VECTORIZE)
        # the reverse-mode Jacobian is the same matrix (and minigrad's forward mode,
        # autograd.forward_ad, is made of backward passes anyway)
    if vectorize and strict:
        raise RuntimeError(_messages.JACOBIAN_STRICT_AND_VECTORIZED)
    with enable_grad():
        inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _prepare_inputs(inputs, create_graph)
        outputs_tuple, outputs = _as_tuple(
            func(*inputs), "outputs of the user-provided function", "jacobian"
        )
        _strict_check(outputs, "outputs", strict)
        if vectorize:
            result = _finish(_jacobian_batched(outputs, inputs, create_graph), create_graph)
            if strategy == "forward-mode":  # torch's forward-mode path gives lists, not tuples
                result = [list(row) for row in result]
            return _unpack(result, (outputs_tuple, inputs_tuple))
        result = []
        with reuse_plans():  # every row goes back through one graph: count it once
            for i, out in enumerate(outputs):
                rows: list[list[Tensor]] = [[] for _ in inputs]  # rows[j]: d out[k] / d input j
                # row k is the gradient of out[k] alone: torch takes ``out.reshape(-1)[k]``;
                # a one-hot gradient sent into out gives the same numbers, with no reshape
                # and no select node to go back through
                for k in range(out.nelement()):
                    one_hot = np.zeros(out._data.shape, dtype=out._data.dtype)
                    one_hot.flat[k] = 1
                    one_hot = Tensor._make(one_hot, None)
                    grads = _grads(
                        (out,), inputs, (one_hot,), retain_graph=True, create_graph=create_graph
                    )
                    for j, (g, x) in enumerate(zip(grads, inputs)):
                        if g is None:
                            if strict:
                                raise RuntimeError(
                                    _messages.strict_output_i_independent_of_input_j(i, j)
                                )
                            g = _creation.zeros_like(x)
                        elif strict and create_graph and not g.requires_grad:
                            raise RuntimeError(_messages.strict_jacobian_independent_of_input(i))
                        rows[j].append(g)
                result.append(
                    tuple(
                        _stack(rows_j, x).view(out.size() + x.size())
                        for rows_j, x in zip(rows, inputs)
                    )
                )
        return _unpack(_finish(tuple(result), create_graph), (outputs_tuple, inputs_tuple))


def _jacobian_batched(outputs: tuple, inputs: tuple, create_graph: bool) -> tuple:
    """``vectorize=True``: every row of the Jacobian in one backward pass. The
    gradients are a batch (``is_grads_batched``): row k of the identity matrix,
    for every output element k at once, goes back through the graph together."""
    from . import grad

    sizes = [out.nelement() for out in outputs]
    total = sum(sizes)
    eye = _creation.eye(total, dtype=outputs[0].dtype) if total else None
    grad_outputs, start = [], 0
    for out, n in zip(outputs, sizes):
        # the rows of the identity that belong to this output, shaped like it
        block = eye[:, start : start + n] if total else _creation.zeros(0, n)
        grad_outputs.append(block.reshape((total,) + tuple(out.shape)).to(out.dtype))
        start += n
    used = [k for k, out in enumerate(outputs) if out.requires_grad]
    grads = [None] * len(inputs)
    if used and total:
        grads = list(
            grad(
                [outputs[k] for k in used],
                inputs,
                [grad_outputs[k] for k in used],
                retain_graph=True,
                create_graph=create_graph,
                allow_unused=True,
                is_grads_batched=True,
            )
        )
    result, start = [], 0
    for out, n in zip(outputs, sizes):
        row = []
        for g, x in zip(grads, inputs):
            if g is None:
                block = _creation.zeros(tuple(out.shape) + tuple(x.shape), dtype=x.dtype)
            else:
                block = g[start : start + n].view(tuple(out.shape) + tuple(x.shape))
            row.append(block)
        result.append(tuple(row))
        start += n
    return tuple(result)


def hessian(
    func: Callable[..., Any],
    inputs: Tensor | tuple[Tensor, ...],
    create_graph: bool = False,
    strict: bool = False,
    vectorize: bool = False,
    outer_jacobian_strategy: str = "reverse-mode",
) -> Any:
    """The Hessian (matrix of second derivatives) of a function returning one number:
    the Jacobian of its gradient. Shape ``input.shape + input.shape``; for a tuple
    of inputs, a tuple of tuples ``[i][j]`` = d²f / d input_i d input_j.

    >>> import minigrad as torch
    >>> from minigrad.autograd.functional import hessian
    >>> hessian(lambda x: (x ** 3).sum(), torch.tensor([1.0, 2.0]))
    tensor([[ 6.,  0.],
            [ 0., 12.]])
    """
    inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')

    def scalar_func(*inp: Tensor) -> Tensor:
        out = func(*inp)
        out_tuple, outs = _as_tuple(out, "outputs of the user-provided function", "hessian")
        _strict_check(outs, "outputs", strict)
        _single_scalar_output(outs, out_tuple, "hessian")
        return out.squeeze()

    def gradient(*inp: Tensor) -> Any:
        jac = jacobian(scalar_func, inp, create_graph=True)
        _strict_check(jac, "jacobian", strict)
        return jac

    result = jacobian(
        gradient,
        inputs,
        create_graph=create_graph,
        strict=strict,
        vectorize=vectorize,
        strategy=outer_jacobian_strategy,
    )
    return _unpack(result, (inputs_tuple, inputs_tuple))


def _gradient_with_graph(
    func: Callable, inputs: Any, v: Any, create_graph: bool, strict: bool, name: str
) -> tuple:
    """The first half of ``vhp`` and ``hvp``: check the arguments, run ``func``
    (which must return one number) and take its gradient with a graph, ready to be
    differentiated once more."""
    inputs_tuple, inputs = _as_tuple(inputs, "inputs", name)
    inputs = _prepare_inputs(inputs, create_graph)
    if v is not None:
        v = _prepare_v(_as_tuple(v, "v", name)[1], create_graph)
        _check_v(v, inputs, inputs_tuple)
    else:
        _v_needed(inputs, name)
    outputs_tuple, outputs = _as_tuple(func(*inputs), "outputs of the user-provided function", name)
    _strict_check(outputs, "outputs", strict)
    _single_scalar_output(outputs, outputs_tuple, name)
    jac = _grads(outputs, inputs, create_graph=True)
    _strict_check(jac, "jacobian", strict)
    return inputs_tuple, inputs, v, outputs_tuple, outputs, jac


def vhp(
    func: Callable[..., Any],
    inputs: Tensor | tuple[Tensor, ...],
    v: Tensor | tuple[Tensor, ...] | None = None,
    create_graph: bool = False,
    strict: bool = False,
) -> tuple[Any, Any]:
    """``(func(inputs), vᵀ H)`` for a function returning one number: the
    gradient, then one more backward pass with ``v``.

    >>> import minigrad as torch
    >>> from minigrad.autograd.functional import vhp
    >>> vhp(lambda x: (x ** 3).sum(), torch.tensor([1.0, 2.0]), torch.tensor([1.0, 0.0]))
    (tensor(9.), tensor([6., 0.]))
    """
    with enable_grad():
        inputs_tuple, inputs, v, outputs_tuple, outputs, jac = _gradient_with_graph(
            func, inputs, v, create_graph, strict, "vhp"
        )
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        grads = _grads(jac, inputs, v, create_graph=create_graph)
        result = _zeros_for_none(grads, inputs, strict, create_graph, "double_back")
    return (
        _unpack(_finish(outputs, create_graph), outputs_tuple),
        _unpack(_finish(result, create_graph), inputs_tuple),
    )


def hvp(
    func: Callable[..., Any],
    inputs: Tensor | tuple[Tensor, ...],
    v: Tensor | tuple[Tensor, ...] | None = None,
    create_graph: bool = False,
    strict: bool = False,
) -> tuple[Any, Any]:
    """``(func(inputs), H v)`` for a function returning one number, by the
    double-backward trick applied to ``vhp`` (for a smooth function ``H`` is
    symmetric, so this equals ``vhp``; torch computes it this way all the same).

    >>> import minigrad as torch
    >>> from minigrad.autograd.functional import hvp
    >>> hvp(lambda x: (x ** 3).sum(), torch.tensor([1.0, 2.0]), torch.tensor([1.0, 0.0]))
    (tensor(9.), tensor([6., 0.]))
    """
    with enable_grad():
        inputs_tuple, inputs, v, outputs_tuple, outputs, jac = _gradient_with_graph(
            func, inputs, v, create_graph, strict, "hvp"
        )
        u = tuple(_creation.zeros_like(x, requires_grad=True) for x in inputs)
        u_H = _grads(jac, inputs, u, create_graph=True)  # uᵀ H, linear in u
        _strict_check(jac, "hessian", strict)
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        grads = _grads(u_H, u, v, create_graph=create_graph)
        result = _zeros_for_none(grads, inputs, strict, create_graph, "double_back_trick")
    return (
        _unpack(_finish(outputs, create_graph), outputs_tuple),
        _unpack(_finish(result, create_graph), inputs_tuple),
    )
