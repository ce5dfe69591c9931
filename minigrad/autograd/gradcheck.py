"""``gradcheck`` and ``gradgradcheck``: test a derivative against finite differences.

For a function ``f`` and inputs ``x``, gradcheck builds the Jacobian
``J[j, i] = d f_i / d x_j`` two ways and compares them:

- *numerically*, by nudging one input element at a time and using the
  central difference ``(f(x + eps) - f(x - eps)) / (2 eps)``;
- *analytically*, by autograd: one backward pass per output element, with a
  one-hot gradient, gives one column of ``J``.

They must agree within ``atol + rtol * |numerical|`` (like ``allclose``).
With ``eps=1e-6`` this only works in float64: in float32 the rounding error
of ``f`` divided by ``2 eps`` swamps the derivative, so gradcheck warns about
inputs that are not double precision. ``gradgradcheck`` checks second
derivatives by running gradcheck on the function ``(x, v) ↦ vᵀ J(x)``.

>>> import minigrad as torch
>>> x = torch.tensor([0.5, 1.5], dtype=torch.float64, requires_grad=True)
>>> torch.autograd.gradcheck(lambda t: (t * t).sin(), (x,))
True
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import _creation, _messages
from .._tensor import Tensor

__all__ = ["GradcheckError", "gradcheck", "gradgradcheck"]


class GradcheckError(RuntimeError):
    """Raised by :func:`gradcheck` and :func:`gradgradcheck` when a check fails."""


GradcheckError.__module__ = "torch.autograd.gradcheck"


def _as_tuple(x: Any) -> tuple:
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _differentiable(outputs: Any) -> tuple[Tensor, ...]:
    return tuple(o for o in _as_tuple(outputs) if isinstance(o, Tensor) and o.requires_grad)


def _check_inputs(inputs: tuple) -> None:
    found = False
    for idx, x in enumerate(inputs):
        if isinstance(x, Tensor) and x.requires_grad:
            if x.dtype.legacy_name != "DoubleTensor":
                warnings.warn(
                    _messages.gradcheck_not_double(idx),
                    UserWarning,
                    stacklevel=4,
                )
            if not all(st > 0 or sz <= 1 for st, sz in zip(x.stride(), x.shape)):
                raise RuntimeError(_messages.gradcheck_stride_0(idx))
            found = True
    if not found:
        raise ValueError(_messages.GRADCHECK_NO_INPUT_REQUIRES_GRAD)


# --- the two Jacobians ------------------------------------------------------------------
def _numerical_jacobians(func: Callable, inputs: tuple, eps: float) -> list[list[np.ndarray]]:
    """``result[j][i]``: d output_i / d input_j by central differences, as an array of
    shape ``(input_j.numel(), output_i.numel())``. Only inputs that require grad count."""

    def outputs_now() -> list[np.ndarray]:
        return [
            np.array(o._data, copy=True) for o in _as_tuple(func(*inputs)) if isinstance(o, Tensor)
        ]

    result = []
    for x in inputs:
        if not (isinstance(x, Tensor) and x.requires_grad):
            continue
        data = x._data  # nudged in place, as the function reads it
        columns = []
        for idx in itertools.product(*[range(n) for n in data.shape]):
            orig = data[idx].copy()
            data[idx] = orig - eps
            before = outputs_now()
            data[idx] = orig + eps
            after = outputs_now()
            data[idx] = orig
            columns.append([((b - a) / (2 * eps)).reshape(-1) for a, b in zip(before, after)])
        n_out = len(columns[0]) if columns else len(outputs_now())
        per_output = []
        for i in range(n_out):
            rows = [c[i] for c in columns]
            per_output.append(np.stack(rows) if rows else np.zeros((0, 0)))
        result.append(per_output)
    return result


def _analytical_jacobians(inputs: tuple, output: Tensor) -> list[np.ndarray]:
    """``result[j]``: d output / d input_j by autograd, shape ``(input_j.numel(), output.numel())``.
    Column ``k`` is the gradient for a one-hot output gradient at element ``k``."""
    from . import grad

    diff_inputs = [x for x in inputs if isinstance(x, Tensor) and x.requires_grad]
    jac = [np.zeros((x.numel(), output.numel()), dtype=output._data.dtype) for x in diff_inputs]
    for k in range(output.numel()):
        onehot = np.zeros(output.numel(), dtype=output._data.dtype)
        onehot[k] = 1
        grads = grad(
            output,
            diff_inputs,
            Tensor._make(onehot.reshape(output.shape), None),
            retain_graph=True,
            allow_unused=True,
        )
        for j, (g, x) in enumerate(zip(grads, diff_inputs)):
            if g is None:
                continue
            if g.shape != x.shape:
                raise GradcheckError("Analytical gradient has incorrect size")
            jac[j][:, k] = g._data.reshape(-1)
    return jac


def _mismatch_message(
    analytical: np.ndarray,
    numerical: np.ndarray,
    output_idx: int,
    input_idx: int,
    input_shape: tuple,
    output_shape: tuple,
    atol: float,
    rtol: float,
) -> str:
    """torch's message (both Jacobians in full), then the differing entries spelled out."""
    text = _messages.jacobian_mismatch(
        output_idx, input_idx, Tensor._make(numerical, None), Tensor._make(analytical, None)
    )
    bad = np.argwhere(~np.isclose(analytical, numerical, rtol=rtol, atol=atol, equal_nan=True))
    lines = []
    for row, col in bad[:5]:
        x_idx = np.unravel_index(row, input_shape) if input_shape else ()
        y_idx = np.unravel_index(col, output_shape) if output_shape else ()
        x_at = "[" + ", ".join(str(int(i)) for i in x_idx) + "]" if input_shape else ""
        y_at = "[" + ", ".join(str(int(i)) for i in y_idx) + "]" if output_shape else ""
        lines.append(
            f"  d output{y_at} / d input{x_at}: numerical {numerical[row, col]:.6g}, "
            f"analytical {analytical[row, col]:.6g}"
        )
    more = f"  ... and {len(bad) - 5} more\n" if len(bad) > 5 else ""
    return (
        text
        + _messages.gradcheck_backward_disagrees(output_idx, input_idx, len(bad), analytical.size)
        + "\n".join(lines)
        + "\n"
        + more
    )


def gradcheck(
    func: Callable[..., Any],
    inputs: Tensor | Sequence[Any],
    *,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    raise_exception: bool = True,
    nondet_tol: float = 0.0,
    check_undefined_grad: bool = True,
    check_grad_dtypes: bool = False,
    check_batched_grad: bool = False,
    check_batched_forward_grad: bool = False,
    check_forward_ad: bool = False,
    check_backward_ad: bool = True,
    fast_mode: bool = False,
    masked: bool | None = None,
) -> bool:
    """Check the gradients of ``func`` at ``inputs`` against finite differences.

    Returns True, or raises :class:`GradcheckError` naming the output, the input
    and the entries whose derivatives differ (returns False instead with
    ``raise_exception=False``). Use float64 inputs with ``requires_grad=True``.

    >>> import minigrad as torch
    >>> x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    >>> torch.autograd.gradcheck(lambda t: t.exp().sum(), x)
    True
    """
    try:
        return _gradcheck(func, _as_tuple(inputs), eps, atol, rtol, nondet_tol)
    except GradcheckError:
        if raise_exception:
            raise
        return False


def _gradcheck(
    func: Callable, inputs: tuple, eps: float, atol: float, rtol: float, nondet_tol: float
) -> bool:
    _check_inputs(inputs)
    func_out = _as_tuple(func(*inputs))
    outputs = _differentiable(func_out)
    numerical = _numerical_jacobians(func, inputs, eps)
    if not outputs:
        # nothing is differentiable: then the function must not change with its inputs
        for per_output in numerical:
            for jac in per_output:
                if np.any(jac != 0):
                    raise GradcheckError("Numerical gradient for function expected to be zero")
        return True
    keep = [
        i for i, o in enumerate(o for o in func_out if isinstance(o, Tensor)) if o.requires_grad
    ]
    diff_inputs = [x for x in inputs if isinstance(x, Tensor) and x.requires_grad]
    for i, out in enumerate(outputs):
        analytical = _analytical_jacobians(inputs, out)
        again = _analytical_jacobians(inputs, out)
        for a, b in zip(analytical, again):
            if np.any(np.abs(a - b) > nondet_tol):
                raise GradcheckError(_messages.backward_not_reentrant(nondet_tol))
        for j, (a, x) in enumerate(zip(analytical, diff_inputs)):
            n = numerical[j][keep[i]].astype(a.dtype, copy=False)
            if not np.allclose(a, n, rtol=rtol, atol=atol):
                raise GradcheckError(
                    _mismatch_message(a, n, i, j, tuple(x.shape), tuple(out.shape), atol, rtol)
                )
    _check_backward_scales_with_grad_output(outputs, diff_inputs)
    return True


def _check_backward_scales_with_grad_output(outputs: tuple, diff_inputs: list) -> None:
    """A zero output gradient must give zero input gradients (backward is linear in it)."""
    from . import grad

    zeros = [_creation.zeros_like(o) for o in outputs]
    grads = grad(outputs, diff_inputs, zeros, allow_unused=True)
    for g, x in zip(grads, diff_inputs):
        if g is None:
            continue
        if np.any(g._data != 0):
            raise GradcheckError("backward not multiplied by grad_output")
        if g._data.dtype != x._data.dtype:
            raise GradcheckError("grad is incorrect type")
        if g.shape != x.shape:
            raise GradcheckError("grad is incorrect size")


def gradgradcheck(
    func: Callable[..., Any],
    inputs: Tensor | Sequence[Any],
    grad_outputs: Tensor | Sequence[Tensor | None] | None = None,
    *,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    gen_non_contig_grad_outputs: bool = False,
    raise_exception: bool = True,
    nondet_tol: float = 0.0,
    check_undefined_grad: bool = True,
    check_grad_dtypes: bool = False,
    check_batched_grad: bool = False,
    check_fwd_over_rev: bool = False,
    check_rev_over_rev: bool = True,
    fast_mode: bool = False,
    masked: bool = False,
) -> bool:
    """Check second derivatives: gradcheck of ``(inputs, v) ↦ vᵀ J(inputs)``.

    ``grad_outputs`` (the ``v``) are drawn uniformly from [-1, 1] when not given.

    >>> import minigrad as torch
    >>> x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    >>> torch.autograd.gradgradcheck(lambda t: (t ** 3).sum(), x)
    True
    """
    inputs = _as_tuple(inputs)
    if grad_outputs is None:
        outs = _differentiable(func(*inputs))
        vs = []
        for o in outs:
            dtype = o.dtype if o.is_floating_point() else None
            v = _creation.empty(*o.shape, dtype=dtype).uniform_(-1, 1)
            vs.append(v.requires_grad_(True))
        grad_outputs = tuple(vs)
    else:
        grad_outputs = _as_tuple(grad_outputs)
    n_out = len(grad_outputs)
    diff_input_idx = {i for i, x in enumerate(inputs) if isinstance(x, Tensor) and x.requires_grad}
    diff_v_idx = {i for i, v in enumerate(grad_outputs) if v.requires_grad}

    def first_derivatives(*args: Any) -> tuple:
        from . import grad

        ins = tuple(
            x.requires_grad_() if i in diff_input_idx else x for i, x in enumerate(args[:-n_out])
        )
        outs = _differentiable(func(*ins))
        vs = tuple(
            v.requires_grad_() if i in diff_v_idx else v for i, v in enumerate(args[-n_out:])
        )
        wrt = tuple(x for i, x in enumerate(ins) if i in diff_input_idx)
        grads = grad(outs, wrt, vs, create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(
        first_derivatives,
        inputs + grad_outputs,
        eps=eps,
        atol=atol,
        rtol=rtol,
        raise_exception=raise_exception,
        nondet_tol=nondet_tol,
    )
