"""Tensors that require grad, converted: integer and bool casts leave the graph,
``numpy()`` refuses (except under ``no_grad``), ``float()`` warns once per process.
Each program runs under real PyTorch and under minigrad and the outcomes are compared.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ..compare import same

# --- integer and bool casts leave the graph --------------------------------------
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


# --- numpy() -----------------------------------------------------------------------
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


# --- float() on a tensor that requires grad warns, once per process --------------
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
