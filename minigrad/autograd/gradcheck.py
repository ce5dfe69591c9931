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

from .. import _creation
from ..core.tensor import Tensor
from ..exact import messages as _messages

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


def _mismatch_message(analytical: Any, numerical: Any, output_idx: int, input_idx: int) -> str:
    """torch's message: both Jacobians (or, in fast mode, both scalars) in full."""
    return _messages.jacobian_mismatch(output_idx, input_idx, numerical, analytical)


FAST_FAIL_SLOW_OK_MSG = _messages.FAST_FAIL_SLOW_OK_MSG.strip()


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
        inputs = _as_tuple(inputs)
        if not check_backward_ad and not check_forward_ad:
            return True
        if check_backward_ad:
            _gradcheck(func, inputs, eps, atol, rtol, nondet_tol, fast_mode)
        if check_forward_ad:
            _forward_gradcheck(func, inputs, eps, atol, rtol)
        return True
    except GradcheckError:
        if raise_exception:
            raise
        return False


def _gradcheck(
    func: Callable,
    inputs: tuple,
    eps: float,
    atol: float,
    rtol: float,
    nondet_tol: float,
    fast_mode: bool = False,
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
    if fast_mode:
        _fast_gradcheck(func, func_out, inputs, outputs, keep, eps, atol, rtol, nondet_tol)
    for i, out in enumerate(() if fast_mode else outputs):
        analytical = _analytical_jacobians(inputs, out)
        again = _analytical_jacobians(inputs, out)
        for a, b in zip(analytical, again):
            _check_reentrant(a, b, nondet_tol)
        for j, a in enumerate(analytical):
            n = numerical[j][keep[i]].astype(a.dtype, copy=False)
            if not np.allclose(a, n, rtol=rtol, atol=atol):
                raise GradcheckError(
                    _mismatch_message(Tensor._make(a, None), Tensor._make(n, None), i, j)
                )
    _check_backward_scales_with_grad_output(outputs, diff_inputs)
    return True


def _forward_gradcheck(func: Callable, inputs: tuple, eps: float, atol: float, rtol: float) -> None:
    """``check_forward_ad=True``: the Jacobian by forward-mode AD (``forward_ad``),
    row by row: each input element in turn gets the tangent 1, and the outputs'
    tangents are that row. It must match the numerical Jacobian."""
    from . import forward_ad as fw

    _check_inputs(inputs)
    numerical = _numerical_jacobians(func, inputs, eps)
    for j, x in enumerate(x for x in inputs if isinstance(x, Tensor) and x.requires_grad):
        position = next(n for n, y in enumerate(inputs) if y is x)
        rows = []
        for k in range(x.numel()):
            onehot = np.zeros(x.numel(), dtype=x._data.dtype)
            onehot[k] = 1
            with fw.dual_level():
                args = list(inputs)
                args[position] = fw.make_dual(x, Tensor._make(onehot.reshape(x.shape), None))
                outs = [o for o in _as_tuple(func(*args)) if isinstance(o, Tensor)]
                row = []
                for o in outs:
                    tangent = fw.unpack_dual(o).tangent
                    row.append(np.zeros(o.numel()) if tangent is None else tangent._data.ravel())
            rows.append(row)
        for i in range(len(rows[0]) if rows else 0):
            a = np.stack([r[i] for r in rows])
            n = numerical[j][i].astype(a.dtype, copy=False)
            if not np.allclose(a, n, rtol=rtol, atol=atol):
                raise GradcheckError(
                    _messages.forward_jacobian_mismatch(
                        i, j, Tensor._make(n, None), Tensor._make(a, None)
                    )
                )


def _check_reentrant(a: np.ndarray, b: np.ndarray, nondet_tol: float) -> None:
    if a.size and np.max(np.abs(a - b)) > nondet_tol:
        raise GradcheckError(
            _messages.backward_not_reentrant(nondet_tol) + _messages.FAILED_NONDET_MSG
        )


# --- fast mode: compare vᵀ J u instead of J ------------------------------------------------
#
# As torch (https://github.com/pytorch/pytorch/issues/53876): random unit vectors u (one per
# input) and v (one per output), drawn from a fresh Generator (so the same every time, and the
# global random state is untouched), turn each Jacobian into the single number vᵀ J u: J u by
# one central difference along u, vᵀ J by one backward pass with v as the output gradient.
def _random_unit(t: Tensor, generator: Any) -> np.ndarray:
    vec = _creation.rand(t.numel(), generator=generator).to(dtype=t.dtype)._data
    # torch's CPU norm sums the squares in double, also for float32
    norm = np.sqrt(np.sum(vec.astype(np.float64) ** 2)).astype(vec.dtype)
    return vec / norm


def _dot(a: np.ndarray, b: np.ndarray) -> float:
    """torch's CPU dot of two float vectors: two interleaved partial sums up to 8 elements.
    (Beyond that its BLAS, like torch's sum of more than 4 elements, may round the last
    bit differently, which shows only in the 16th digit of fast mode's two numbers.)"""
    products = a * b
    if products.size > 8:
        return products.dtype.type(np.dot(a, b))
    return products[0::2].sum() + products[1::2].sum() if products.size else products.sum()


def _fast_gradcheck(
    func: Callable,
    func_out: tuple,
    inputs: tuple,
    outputs: tuple,
    keep: list[int],
    eps: float,
    atol: float,
    rtol: float,
    nondet_tol: float,
) -> None:
    from ..exact.random import Generator
    from . import grad

    generator = Generator()
    diff_idx = [k for k, x in enumerate(inputs) if isinstance(x, Tensor) and x.requires_grad]
    diff_inputs = [inputs[k] for k in diff_idx]
    all_u = [_random_unit(x, generator) for x in diff_inputs]
    all_v = [_random_unit(o, generator) for o in outputs]
    float_outs = [
        k
        for k, o in enumerate(o for o in func_out if isinstance(o, Tensor))
        if o.is_floating_point()
    ]

    def outputs_now() -> list[np.ndarray]:
        return [
            np.array(o._data, copy=True) for o in _as_tuple(func(*inputs)) if isinstance(o, Tensor)
        ]

    numerical = []  # numerical[i][j]: vⱼᵀ (J u_i) for input i and output j
    for x, u in zip(diff_inputs, all_u):
        data = x._data
        orig = data.copy()
        delta = (u * eps).reshape(data.shape)
        data[...] = orig - delta
        before = outputs_now()
        data[...] = orig + delta
        after = outputs_now()
        data[...] = orig
        ju = [((b - a) / (2 * eps)).reshape(-1) for a, b in zip(before, after)]
        ju = [ju[k] for k in float_outs]
        numerical.append([(v * j).sum() for v, j in zip(all_v, ju)])

    analytical = []  # analytical[j][i]: (vⱼᵀ J) u_i
    for out, v in zip(outputs, all_v):
        grad_out = Tensor._make(v.reshape(out.shape), None)
        first, second = (
            grad(out, diff_inputs, grad_out, retain_graph=True, allow_unused=True) for _ in range(2)
        )
        row = []
        for g1, g2, x, u in zip(first, second, diff_inputs, all_u):
            vj1 = np.zeros(x.numel(), x._data.dtype) if g1 is None else g1._data.reshape(-1)
            vj2 = np.zeros(x.numel(), x._data.dtype) if g2 is None else g2._data.reshape(-1)
            if g1 is not None and g1.shape != x.shape:
                raise GradcheckError("Analytical gradient has incorrect size")
            _check_reentrant(vj1.astype(x._data.dtype), vj2.astype(x._data.dtype), nondet_tol)
            row.append(_dot(vj1.astype(x._data.dtype, copy=False), u))
        analytical.append(row)

    for i, per_output in enumerate(numerical):
        for j, n in enumerate(per_output):
            a = analytical[j][i]
            dtype = np.result_type(a, n)
            updated_atol = atol * float(all_u[i].sum()) * float(all_v[j].sum())
            if not np.allclose(
                np.asarray(a, dtype), np.asarray(n, dtype), rtol=rtol, atol=updated_atol
            ):
                raise GradcheckError(
                    _mismatch_message(
                        Tensor._make(np.asarray(a), None), Tensor._make(np.asarray(n), None), j, i
                    )
                    + _slow_mode_report(func, inputs, outputs[j], keep[j], i, eps, atol, rtol)
                )


def _slow_mode_report(
    func: Callable,
    inputs: tuple,
    output: Tensor,
    output_idx: int,
    input_idx: int,
    eps: float,
    atol: float,
    rtol: float,
) -> str:
    """The Jacobians of one (input, output) pair in full, for the fast mode's message."""
    analytical = _analytical_jacobians(inputs, output)[input_idx]
    numerical = _numerical_jacobians(func, inputs, eps)[input_idx][output_idx]
    numerical = numerical.astype(analytical.dtype, copy=False)
    max_diff = Tensor._make(np.abs(numerical - analytical).max(), None)
    msg = _messages.fast_mode_recomputed(
        Tensor._make(numerical, None), Tensor._make(analytical, None), max_diff
    )
    if np.allclose(analytical, numerical, rtol=rtol, atol=atol):
        msg += FAST_FAIL_SLOW_OK_MSG
    return msg


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
