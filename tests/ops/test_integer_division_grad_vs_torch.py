"""``//``, ``%`` and rounded ``div`` on float tensors that require grad, under torch
and minigrad: the node each records (``RemainderBackward0``, ``DivBackward2``, or
torch's ``NotImplemented`` for ``x // y``), the values (the sign of every zero
included), the gradients, and the error backward raises where torch has no
derivative. Also their in-place forms (``x //= y``, ``x %= y``...), which change
the tensor itself, as torch does (a view of it sees the change)."""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

EXPRESSIONS = [
    "x % 2",
    "x % -2.5",
    "x % d",
    "x % d.detach()",
    "x.detach() % d",
    "x.double() % d",
    "x % torch.tensor(2)",
    "x.remainder(x)",
    "torch.remainder(3., x)",
    "7 % x",
    "x // 2",
    "x // d",
    "x.floor_divide(d)",
    "x.long() // 2",
    "x // 0.",
    "x % 0",
    "torch.div(x, 2, rounding_mode='trunc')",
    "torch.div(x, d, rounding_mode='floor')",
    "torch.div(x.detach(), d, rounding_mode='floor')",
    "x.div(0, rounding_mode='trunc')",
]


def _program(expression: str, create_graph: bool) -> str:
    head = (
        "x = torch.tensor([5., -7., 7., 0.], requires_grad=True)\n"
        "d = torch.tensor([2., 3., -7., -1.], requires_grad=True)\n"
        f"y = {expression}\n"
        "print(y, y.requires_grad, y.grad_fn and y.grad_fn.name())\n"
    )
    if create_graph:
        return head + (
            "g = torch.autograd.grad(y.sum(), [x, d], create_graph=True, allow_unused=True)\n"
            "print(g)\n"
        )
    return head + "y.sum().backward()\nprint(x.grad, d.grad)"


@pytest.mark.parametrize("create_graph", [False, True], ids=["backward", "create_graph"])
@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_integer_division_records_like_torch(expression: str, create_graph: bool) -> None:
    code = _program(expression, create_graph)
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings


INPLACE = ["//= 2", "%= 2", "**= 2", "//= torch.tensor([2., 3.])", "%= torch.tensor([2, 3])"]
INPLACE += ["**= torch.tensor([2., 3.])", "&= torch.tensor([1, 0])", "|= 1", "^= True"]
BASES = ["torch.tensor([5., 7.])", "torch.tensor([5, 7])", "torch.tensor([True, False])"]


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("op", INPLACE)
def test_augmented_assignment_is_in_place(op: str, base: str) -> None:
    code = f"a = {base}\nv = a.view(2)\nb = a\na {op}\nprint(a, v, a is b, a._version)"
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()


@pytest.mark.parametrize("op", INPLACE)
def test_augmented_assignment_records_like_torch(op: str) -> None:
    code = (
        "x = torch.tensor([5., 7.], requires_grad=True)\n"
        f"a = x * 1\na {op}\nprint(a, a.requires_grad, a.grad_fn and a.grad_fn.name())\n"
        "a.sum().backward()\nprint(x.grad)\n"
        "x {op}\n".replace("{op}", op)
        + "y = torch.tensor([5, 7])\n"
        f"y {op.split()[0]} torch.ones(3, 2, dtype=torch.long)\n"
    )
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()


@pytest.mark.parametrize(
    "method", ["floor_divide_", "remainder_", "bitwise_and_", "bitwise_or_", "bitwise_xor_"]
)
@pytest.mark.parametrize("base", ["torch.tensor([5, -7])", "torch.tensor([5., -7.])"])
def test_in_place_methods(method: str, base: str) -> None:
    code = f"a = {base}\nprint(a.{method}(3), a, a._version)"
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()


def test_remainder_signs_of_zero_and_infinities() -> None:
    values = [0.0, -0.0, 1.0, -1.0, 7.0, -7.0, 2.5, -2.5, float("inf"), -float("inf")]
    values += [float("nan"), 1e-30, 3.0, -0.3]
    code = (
        f"v = torch.tensor({values})\n"
        "a, b = v.repeat_interleave(len(v)), v.repeat(len(v))\n"
        "r = a % b\nprint(r.tolist(), [str(z) for z in r.tolist()])\n"
        "print((a // b).tolist(), torch.div(a, b, rounding_mode='trunc').tolist())\n"
        "i = torch.tensor([5, -5, 0, 7, -7] * 2) % torch.tensor([3, -3] * 5)\n"
        "print(torch.remainder(7, v).tolist(), i.tolist())"
    )
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings == []
