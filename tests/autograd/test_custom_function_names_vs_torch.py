"""How torch's messages name the node of a custom autograd Function: the class's
name without its ``Backward`` suffix (``Inplace``, not ``InplaceBackward``)."""

from __future__ import annotations

from typing import Any

import pytest

from ..compare import same


def _functions(lib: Any) -> dict[str, type]:
    class Inplace(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            x.mul_(2)
            ctx.mark_dirty(x)
            return x

        @staticmethod
        def backward(ctx, g):
            return g * 2

    class Plain(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

    class XBackward(Plain):
        pass

    class Y2(Plain):
        pass

    return {"Inplace": Inplace, "Plain": Plain, "XBackward": XBackward, "Y2": Y2}


@pytest.mark.parametrize("name", ["Inplace", "Plain", "XBackward", "Y2"])
def test_version_message_names_the_custom_function(name: str) -> None:
    def program(lib: Any) -> Any:
        fn = _functions(lib)[name]
        x = lib.ones(3, requires_grad=True)
        a = fn.apply(x * 1)
        y = a.sin()
        with lib.no_grad():
            a.add_(1)
        y.sum().backward()

    result = same(program)
    assert result[0][0] == "error"
    assert f"which is output 0 of {name}," in result[0][2]


@pytest.mark.parametrize("name", ["Inplace", "XBackward"])
def test_grad_fn_name_keeps_its_suffix(name: str) -> None:
    def program(lib: Any) -> Any:
        fn = _functions(lib)[name]
        out = fn.apply(lib.ones(2, requires_grad=True) * 1)
        return out.grad_fn.name(), type(out.grad_fn).__name__

    assert same(program)[0][1][0] == name + "Backward"
