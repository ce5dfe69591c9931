"""Making tensors from what cannot make one, under torch and minigrad: the same
exception type and message, or the same tensor. ``linspace``'s argument checks and
its integer values (the ends cut to integers first, each value counted from the
nearer end in float64 and cut toward 0); tensors inside lists (each read as one
number); lists whose first row is empty (torch reads no further); and the
``requires_grad`` and ``grad`` setters given what they do not take."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

from ..transcript import run

CASES = {
    "torch.linspace(0, 1, 2.5)": "print(torch.linspace(0, 1, 2.5))",
    "torch.linspace(0, 1)": "print(torch.linspace(0, 1))",
    "torch.linspace('a', 1, 3)": "print(torch.linspace('a', 1, 3))",
    "torch.linspace(0, 1, True)": "print(torch.linspace(0, 1, True))",
    "torch.linspace(0, 1, 3, dtype=torch.bool)": (
        "print(torch.linspace(0, 1, 3, dtype=torch.bool))"
    ),
    "torch.linspace(torch.tensor(0), 1, 3)": "print(torch.linspace(torch.tensor(0), 1, 3))",
    "torch.linspace(torch.tensor([0.,1.]), 1, 3)": (
        "print(torch.linspace(torch.tensor([0.,1.]), 1, 3))"
    ),
    "torch.linspace(0, torch.tensor([0.,1.]), 3)": (
        "print(torch.linspace(0, torch.tensor([0.,1.]), 3))"
    ),
    "torch.linspace(torch.tensor([0.,1.]), torch.tensor([1.]), 3)": (
        "print(torch.linspace(torch.tensor([0.,1.]), torch.tensor([1.]), 3))"
    ),
    "torch.linspace(0, 1, torch.tensor(3))": "print(torch.linspace(0, 1, torch.tensor(3)))",
    "torch.linspace(0, 1, 3, 4)": "print(torch.linspace(0, 1, 3, 4))",
    "torch.linspace(None, 1, 3)": "print(torch.linspace(None, 1, 3))",
    "torch.linspace(0.5, 9.9, 7, dtype=torch.uint8)": (
        "print(torch.linspace(0.5, 9.9, 7, dtype=torch.uint8))"
    ),
    "torch.linspace(-0.5, -9.9, 7, dtype=torch.long)": (
        "print(torch.linspace(-0.5, -9.9, 7, dtype=torch.long))"
    ),
    "torch.linspace(0, 1, 3, dtype=torch.float64)": (
        "print(torch.linspace(0, 1, 3, dtype=torch.float64))"
    ),
    "torch.linspace(1, 1, 1, dtype=torch.long)": (
        "print(torch.linspace(1, 1, 1, dtype=torch.long))"
    ),
    "torch.linspace(2.7, 1, 1, dtype=torch.long)": (
        "print(torch.linspace(2.7, 1, 1, dtype=torch.long))"
    ),
    "torch.linspace(0, 1, 5, dtype=torch.long)": (
        "print(torch.linspace(0, 1, 5, dtype=torch.long))"
    ),
    "torch.linspace(0, 10, 7, dtype=torch.long)": (
        "print(torch.linspace(0, 10, 7, dtype=torch.long))"
    ),
    "torch.linspace(-3, 10, 6, dtype=torch.int32)": (
        "print(torch.linspace(-3, 10, 6, dtype=torch.int32))"
    ),
    "torch.linspace(10, 0, 4, dtype=torch.long)": (
        "print(torch.linspace(10, 0, 4, dtype=torch.long))"
    ),
    "torch.linspace(0, 100, 0, dtype=torch.long)": (
        "print(torch.linspace(0, 100, 0, dtype=torch.long))"
    ),
    "torch.linspace(-7, 13, 11, dtype=torch.int16)": (
        "print(torch.linspace(-7, 13, 11, dtype=torch.int16))"
    ),
    "torch.linspace(0, 1, -1)": "print(torch.linspace(0, 1, -1))",
    "torch.linspace(0, 1, 3, requires_grad=True)": (
        "print(torch.linspace(0, 1, 3, requires_grad=True))"
    ),
    "int linspace 12 1 12": (
        "print(torch.linspace(12, 1, 12, dtype=torch.long), torch.linspace(4.000, "
        "0.143, 12, dtype=torch.int32))"
    ),
    "int linspace -38 43 1": (
        "print(torch.linspace(-38, 43, 1, dtype=torch.long), torch.linspace(-12.667, "
        "6.143, 1, dtype=torch.int32))"
    ),
    "int linspace -17 -43 12": (
        "print(torch.linspace(-17, -43, 12, dtype=torch.long), torch.linspace(-5.667, "
        "-6.143, 12, dtype=torch.int32))"
    ),
    "int linspace 20 -49 1": (
        "print(torch.linspace(20, -49, 1, dtype=torch.long), torch.linspace(6.667, "
        "-7.000, 1, dtype=torch.int32))"
    ),
    "int linspace -9 40 1": (
        "print(torch.linspace(-9, 40, 1, dtype=torch.long), torch.linspace(-3.000, "
        "5.714, 1, dtype=torch.int32))"
    ),
    "int linspace -20 -32 12": (
        "print(torch.linspace(-20, -32, 12, dtype=torch.long), torch.linspace(-6.667, "
        "-4.571, 12, dtype=torch.int32))"
    ),
    "int linspace 19 7 1": (
        "print(torch.linspace(19, 7, 1, dtype=torch.long), torch.linspace(6.333, "
        "1.000, 1, dtype=torch.int32))"
    ),
    "int linspace 19 -24 12": (
        "print(torch.linspace(19, -24, 12, dtype=torch.long), torch.linspace(6.333, "
        "-3.429, 12, dtype=torch.int32))"
    ),
    "int linspace -14 6 1": (
        "print(torch.linspace(-14, 6, 1, dtype=torch.long), torch.linspace(-4.667, "
        "0.857, 1, dtype=torch.int32))"
    ),
    "int linspace -17 10 1": (
        "print(torch.linspace(-17, 10, 1, dtype=torch.long), torch.linspace(-5.667, "
        "1.429, 1, dtype=torch.int32))"
    ),
    "int linspace -39 36 12": (
        "print(torch.linspace(-39, 36, 12, dtype=torch.long), torch.linspace(-13.000, "
        "5.143, 12, dtype=torch.int32))"
    ),
    "int linspace -34 -31 0": (
        "print(torch.linspace(-34, -31, 0, dtype=torch.long), torch.linspace(-11.333, "
        "-4.429, 0, dtype=torch.int32))"
    ),
    "[torch.tensor([1.]), torch.tensor([2.])]": (
        "print(torch.tensor([torch.tensor([1.]), torch.tensor([2.])]))"
    ),
    "[torch.ones(1, 1), torch.ones(1)]": "print(torch.tensor([torch.ones(1, 1), torch.ones(1)]))",
    "[torch.ones(2), torch.ones(2)]": "print(torch.tensor([torch.ones(2), torch.ones(2)]))",
    "[[torch.ones(2)]]": "print(torch.tensor([[torch.ones(2)]]))",
    "[torch.ones(1), torch.ones(2)]": "print(torch.tensor([torch.ones(1), torch.ones(2)]))",
    "[torch.ones(0)]": "print(torch.tensor([torch.ones(0)]))",
    "[torch.tensor(1), 2.5]": "print(torch.tensor([torch.tensor(1), 2.5]))",
    "[[torch.tensor(1)], [2]]": "print(torch.tensor([[torch.tensor(1)], [2]]))",
    "[1, torch.ones(2)]": "print(torch.tensor([1, torch.ones(2)]))",
    "[torch.ones(2), 1]": "print(torch.tensor([torch.ones(2), 1]))",
    "b'ab'": "print(torch.tensor(b'ab'))",
    "[torch.ones(2, requires_grad=True)]": (
        "print(torch.tensor([torch.ones(2, requires_grad=True)]))"
    ),
    "[torch.tensor(1., requires_grad=True)]": (
        "print(torch.tensor([torch.tensor(1., requires_grad=True)]))"
    ),
    "(torch.ones(3),)": "print(torch.tensor((torch.ones(3),)))",
    "[[], [1]]": "print(repr(torch.tensor([[], [1]])))",
    "[[1], []]": "print(repr(torch.tensor([[1], []])))",
    "[[], []]": "print(repr(torch.tensor([[], []])))",
    "[[[]], [[1, 2]]]": "print(repr(torch.tensor([[[]], [[1, 2]]])))",
    "[[], 'a']": "print(repr(torch.tensor([[], 'a'])))",
    "[[], [1.5]]": "print(repr(torch.tensor([[], [1.5]])))",
    "[]": "print(repr(torch.tensor([])))",
    "[[]]": "print(repr(torch.tensor([[]])))",
    "([], [2])": "print(repr(torch.tensor(([], [2]))))",
    "grad self": "x = torch.tensor([1., 2., 3.], requires_grad=True)\nx.grad = x",
    "requires_grad True non-leaf attr": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\ny = x * 2\ny.requires_grad = True"
    ),
    "requires_grad False non-leaf attr": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\ny = x * 2\ny.requires_grad = False"
    ),
    "requires_grad 1 non-leaf attr": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\ny = x * 2\ny.requires_grad = 1"
    ),
    "requires_grad_ string": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\nx.requires_grad_('yes')"
    ),
    "requires_grad_ None": "x = torch.ones(2)\nx.requires_grad_(None)",
    "requires_grad_ 1": "x = torch.ones(2)\nx.requires_grad_(1)",
    "requires_grad_ numpy bool": "x = torch.ones(2)\nx.requires_grad_(np.True_)",
    "requires_grad_ tensor": "x = torch.ones(2)\nx.requires_grad_(torch.tensor(True))",
    "requires_grad attr 1": "x = torch.ones(2)\nx.requires_grad = 1\nprint(x.requires_grad)",
    "requires_grad attr None": "x = torch.ones(2)\nx.requires_grad = None",
    "Module requires_grad_ 0": "torch.nn.Linear(1, 1).requires_grad_(0)",
}


@pytest.mark.parametrize("name", CASES)
def test_creation_misuse_like_torch(name: str) -> None:
    code = CASES[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings


def test_integer_linspace_matches_torch() -> None:
    """Many sizes (past a SIMD block or two) and dtypes; the values near an
    integer are where a multiply-add rounded once and one rounded twice differ."""
    rng = np.random.default_rng(0)
    for _ in range(300):
        a, b = rng.uniform(-3000, 3000, size=2).round(int(rng.integers(0, 3)))
        n = int(rng.choice([rng.integers(0, 20), rng.integers(0, 300)]))
        for dtype in ("long", "int32", "int16", "uint8"):
            if dtype == "uint8":
                a, b = abs(a) % 255, abs(b) % 255
            code = f"print(torch.linspace({a}, {b}, {n}, dtype=torch.{dtype}).tolist())"
            assert run(code, minigrad).lines() == run(code, torch).lines(), code
