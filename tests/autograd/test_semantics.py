"""Autograd semantics against real PyTorch: casts, NaN and ties in max/min,
hooks that change a gradient, ``grad``/``backward(inputs=)`` with repeated,
non-leaf and empty inputs, double backward of ``prod``, ``numpy()`` and
``float()`` on tensors that require grad.

Each test runs one program under ``torch`` and under ``minigrad`` and compares
values, gradients, ``requires_grad``/``grad_fn`` names, errors and warnings.
"""

from __future__ import annotations

import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch

import minigrad

LIBS = (torch, minigrad)


def outcome(fn: Callable[[Any], Any], lib: Any) -> Any:
    """What running ``fn(lib)`` gives, in a form both libraries can be compared by:
    values as lists, tensors as (values, dtype, requires_grad, grad_fn name),
    errors as (type name, message), plus the warnings it raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = ("ok", describe(fn(lib)))
        except Exception as err:  # noqa: BLE001 - the error itself is what is compared
            result = ("error", type(err).__name__, str(err))
    return result, [(w.category.__name__, str(w.message)) for w in caught]


def describe(value: Any) -> Any:
    if isinstance(value, (torch.Tensor, minigrad.Tensor)):
        fn = value.grad_fn
        values = np.asarray(np.round(np.asarray(value.detach().tolist(), dtype=float), 5))
        shown = values.astype(object)  # (stays an array when 0-dim)
        shown[np.isnan(values)] = "nan"  # NaN == NaN is False: compare it by name
        return (
            shown.tolist(),
            str(value.dtype),
            value.requires_grad,
            None if fn is None else fn.name().split("::")[-1],
        )
    if isinstance(value, (tuple, list)):
        return [describe(v) for v in value]
    if isinstance(value, dict):
        return {k: describe(v) for k, v in value.items()}
    return value


def same(fn: Callable[[Any], Any]) -> Any:
    expected, got = outcome(fn, torch), outcome(fn, minigrad)
    assert got == expected
    # an error in describing the result would make both sides agree for nothing
    assert expected[0][:2] != ("error", "TypeError") or "hook returned" in expected[0][2]
    return expected


# --- 1. integer and bool casts leave the graph --------------------------------------
CASTS = {
    "long": lambda t, lib: t.long(),
    "int": lambda t, lib: t.int(),
    "bool": lambda t, lib: t.bool(),
    "to(int64)": lambda t, lib: t.to(lib.int64),
    "to(dtype=int32)": lambda t, lib: t.to(dtype=lib.int32),
    "type(int32)": lambda t, lib: t.type(lib.int32),
    "to(bool)": lambda t, lib: t.to(lib.bool),
    "double": lambda t, lib: t.double(),
    "half": lambda t, lib: t.half(),
}


@pytest.mark.parametrize("cast", sorted(CASTS))
def test_casts_keep_requires_grad_only_for_floating_dtypes(cast: str) -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.5, -2.0, 3.0], requires_grad=True)
        y = CASTS[cast](x, lib)
        return y, y.requires_grad, y.is_leaf

    same(program)


@pytest.mark.parametrize("cast", ["long", "int", "bool", "to(int64)", "type(int32)"])
def test_backward_through_an_integer_cast_raises(cast: str) -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.5, -2.0, 3.0], requires_grad=True)
        CASTS[cast](x * 2, lib).sum().backward()
        return x.grad

    result = same(program)
    assert result[0][0] == "error"


def test_integer_cast_in_the_middle_of_a_graph() -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.5, -2.0, 3.0], requires_grad=True)
        y = x * x + x.long()  # the cast adds a constant
        y.sum().backward()
        return y, x.grad

    same(program)


# --- 2. NaN and ties in max/min/amax/amin --------------------------------------------
NAN = float("nan")
REDUCTIONS = {
    "max()": lambda a: a.max(),
    "min()": lambda a: a.min(),
    "amax()": lambda a: a.amax(),
    "amin()": lambda a: a.amin(),
    "max(1)": lambda a: a.max(1).values,
    "min(1)": lambda a: a.min(1)[0],
    "max(0,keepdim)": lambda a: a.max(0, keepdim=True).values,
    "amax(1)": lambda a: a.amax(1),
    "amin(0)": lambda a: a.amin(0),
}
ROWS = {
    "nan": [[1.0, NAN, 3.0], [2.0, 2.0, 0.0]],
    "two nans": [[NAN, 1.0, NAN], [0.0, 5.0, 5.0]],
    "ties": [[3.0, 1.0, 3.0], [3.0, 3.0, 3.0]],
    "plain": [[0.5, -1.0, 2.0], [4.0, 1.0, -3.0]],
}


@pytest.mark.parametrize("rows", sorted(ROWS))
@pytest.mark.parametrize("op", sorted(REDUCTIONS))
def test_max_min_gradients_with_nan_and_ties(op: str, rows: str) -> None:
    def program(lib: Any) -> Any:
        a = lib.tensor(ROWS[rows], requires_grad=True)
        out = REDUCTIONS[op](a)
        out.sum().backward()
        return out, a.grad

    same(program)


# --- 3. hooks may replace a gradient, but not change its size or type ----------------
def _shrink(g: Any) -> Any:
    return g.sum()


class _Callable:
    def __call__(self, g: Any) -> Any:
        return g[:1]


HOOKS = {
    "same": lambda g: g * 2,
    "none": lambda g: None,
    "size": lambda g: g.sum(),
    "named size": _shrink,
    "object size": _Callable(),
    "dtype": lambda g: g.double(),
    "int dtype": lambda g: g.long(),
    "size and dtype": lambda g: g.double().sum(),
    "not a tensor": lambda g: 3,
}


@pytest.mark.parametrize("where", ["leaf", "non-leaf", "retained non-leaf"])
@pytest.mark.parametrize("hook", sorted(HOOKS))
def test_tensor_hook_results_are_checked(hook: str, where: str) -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = x * 3
        target = x if where == "leaf" else y
        if where == "retained non-leaf":
            y.retain_grad()
        target.register_hook(HOOKS[hook])
        (y * y).sum().backward()
        return x.grad, y.grad if where == "retained non-leaf" else None

    same(program)


NODE_HOOKS = {
    "pre same": ("pre", lambda go: (go[0] * 2,)),
    "pre none entry": ("pre", lambda go: (None,)),
    "pre size": ("pre", lambda go: (go[0].sum(),)),
    "pre dtype": ("pre", lambda go: (go[0].double(),)),
    "pre count": ("pre", lambda go: (go[0], go[0])),
    "pre list": ("pre", lambda go: [go[0]]),
    "pre bare tensor": ("pre", lambda go: go[0]),
    "pre number": ("pre", lambda go: (3,)),
    "post same": ("post", lambda gi, go: (gi[0] * 5, gi[1])),
    "post none": ("post", lambda gi, go: None),
    "post drop": ("post", lambda gi, go: (None, None)),
    "post size": ("post", lambda gi, go: (gi[0].sum(), gi[1])),
    "post dtype": ("post", lambda gi, go: (gi[0].double(), gi[1])),
    "post count": ("post", lambda gi, go: (gi[0],)),
}


@pytest.mark.parametrize("hook", sorted(NODE_HOOKS))
def test_node_hook_results_are_checked(hook: str) -> None:
    kind, fn = NODE_HOOKS[hook]

    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        w = lib.tensor([0.5, -1.0], requires_grad=True)
        y = x * w
        register = y.grad_fn.register_prehook if kind == "pre" else y.grad_fn.register_hook
        handle = register(fn)
        (y * y).sum().backward(retain_graph=True)
        first = (x.grad, w.grad)
        handle.remove()
        x.grad = w.grad = None
        (y * y).sum().backward()  # the hook is gone
        return first, x.grad, w.grad

    same(program)


def test_hook_order_tensor_hooks_then_retain_grad_then_node_prehooks() -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = x * 2
        y.grad_fn.register_prehook(lambda go: (go[0] * 10,))
        y.retain_grad()
        y.register_hook(lambda g: g * 3)
        (y * 1).sum().backward()
        return y.grad, x.grad

    same(program)


# --- 4. grad / backward inputs ---------------------------------------------------------
INPUTS = {
    "grad [x, x]": lambda lib, x, y, z: lib.autograd.grad(z, [x, x]),
    "grad [y, x, y]": lambda lib, x, y, z: lib.autograd.grad(z, [y, x, y]),
    "grad []": lambda lib, x, y, z: lib.autograd.grad(z, []),
    "grad ()": lambda lib, x, y, z: lib.autograd.grad(z, ()),
    "grad dict": lambda lib, x, y, z: lib.autograd.grad(z, {"a": x, "b": y}),
    "grad unused": lambda lib, x, y, z: lib.autograd.grad(z, [x * 2]),
    "backward inputs=[y]": lambda lib, x, y, z: (
        z.backward(inputs=[y]),
        y.grad,
        x.grad,
        y.retains_grad,
    ),
    "backward inputs=[y, y]": lambda lib, x, y, z: (z.backward(inputs=[y, y]), y.grad, x.grad),
    "backward inputs=[x, y]": lambda lib, x, y, z: (z.backward(inputs=[x, y]), y.grad, x.grad),
    "backward inputs=y": lambda lib, x, y, z: (z.backward(inputs=y), y.grad),
    "backward inputs=[]": lambda lib, x, y, z: z.backward(inputs=[]),
    "backward inputs twice": lambda lib, x, y, z: (
        z.backward(inputs=[y], retain_graph=True),
        z.backward(),
        y.grad,
        x.grad,
    ),
    "backward inputs no grad": lambda lib, x, y, z: z.backward(inputs=[lib.ones(2)]),
}


@pytest.mark.parametrize("case", sorted(INPUTS))
def test_grad_and_backward_inputs(case: str) -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = x * 3
        z = (y * y * x).sum()
        return INPUTS[case](lib, x, y, z)

    same(program)


# --- 5. what grad-of-grad results require --------------------------------------------
SECOND = {
    "prod 0-d": (lambda a: a.prod(), 2.0),
    "prod 0-d dim": (lambda a: a.prod(0), 2.0),
    "prod 1-d": (lambda a: a.prod(), [2.0, 3.0]),
    "prod 1-d zero": (lambda a: a.prod(), [2.0, 0.0, 3.0]),
    "prod dim": (lambda a: a.prod(1), [[2.0, 3.0], [1.0, 4.0]]),
    "sum": (lambda a: a.sum(), [2.0, 3.0]),
    "square sum": (lambda a: (a * a).sum(), [2.0, 3.0]),
    "exp": (lambda a: a.exp().sum(), [0.5, 1.0]),
    "max": (lambda a: a.max(), [1.0, 3.0]),
    "mean": (lambda a: a.mean(), [1.0, 3.0]),
}


@pytest.mark.parametrize("case", sorted(SECOND))
def test_grad_of_grad_requires_grad_like_torch(case: str) -> None:
    f, value = SECOND[case]

    def program(lib: Any) -> Any:
        a = lib.tensor(value, requires_grad=True)
        (g,) = lib.autograd.grad(f(a), a, create_graph=True)
        out = [g]
        if g.requires_grad:
            (gg,) = lib.autograd.grad(g.sum(), a, allow_unused=True, create_graph=True)
            out.append(gg)
        return out

    same(program)


# --- 7. numpy() -----------------------------------------------------------------------
def test_numpy_on_a_tensor_that_requires_grad() -> None:
    def outside(lib: Any) -> Any:
        return lib.tensor([1.0, 2.0], requires_grad=True).numpy().tolist()

    def under_no_grad(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        with lib.no_grad():
            a = x.numpy()
        a[0] = 7.0  # shares memory
        return a.tolist(), x

    def in_custom_forward(lib: Any) -> Any:
        class Twice(lib.autograd.Function):
            @staticmethod
            def forward(ctx: Any, x: Any) -> Any:
                return lib.tensor(x.numpy() * 2)

            @staticmethod
            def backward(ctx: Any, g: Any) -> Any:
                return g * 2

        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = Twice.apply(x)
        y.sum().backward()
        return y, x.grad

    assert same(outside)[0][0] == "error"
    same(under_no_grad)
    same(in_custom_forward)


# --- 8. float() on a tensor that requires grad warns, once per process --------------
_FLOAT_PROGRAM = """
import warnings, sys
import {lib} as lib
warnings.simplefilter("always")
s = lib.tensor(2.0, requires_grad=True)
seen = []
def conv(name, f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        f()
    seen.append((name, [(x.category.__name__, str(x.message)) for x in w]))
conv("int", lambda: int(s))
conv("item", lambda: s.item())
conv("bool", lambda: bool(s))
conv("detached", lambda: float(s.detach()))
def nograd():
    with lib.no_grad():
        float(s)
conv("no_grad", nograd)
conv("float", lambda: float(s))
conv("float again", lambda: float(s))
conv("float non-leaf", lambda: float(s * 2))
print(repr(seen))
"""


def test_float_of_a_tensor_that_requires_grad_warns_once_like_torch() -> None:
    root = Path(__file__).resolve().parents[2]
    runs = []
    for lib in ("torch", "minigrad"):
        done = subprocess.run(
            [sys.executable, "-c", _FLOAT_PROGRAM.format(lib=lib)],
            capture_output=True,
            text=True,
            cwd=root,
            check=True,
        )
        runs.append(done.stdout)
    assert runs[1] == runs[0]
    assert "Converting a tensor with requires_grad=True" in runs[0]
