"""``autograd.functional.jacobian`` / ``hessian`` / ``jvp`` / ``vjp`` on small random
programs: what a learner prints (values, and the sign of every zero: ``-0.`` against
``0.``) is what torch 2.13 prints.

Each program chains a few element-wise operations of one or two inputs, chosen by a
seeded random generator, so the programs are the same on every run. Zeros arise on
purpose: one-hot and zero directions, multiplications by 0 and by negative numbers,
and outputs that do not depend on an input.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

UNARY = [
    ("sin", lambda t, a: a.sin()),
    ("cos", lambda t, a: a.cos()),
    ("exp", lambda t, a: (a * 0.5).exp()),
    ("tanh", lambda t, a: a.tanh()),
    ("neg", lambda t, a: -a),
    ("square", lambda t, a: a * a),
    ("cube", lambda t, a: a**3),
    ("times_zero", lambda t, a: a * 0.0),
    ("times_minus", lambda t, a: a * -2.0),
    ("minus_const", lambda t, a: 1.0 - a),
    ("sigmoid", lambda t, a: a.sigmoid()),
    ("abs", lambda t, a: a.abs()),
    ("relu", lambda t, a: a.relu()),
]
BINARY = [
    ("add", lambda t, a, b: a + b),
    ("sub", lambda t, a, b: a - b),
    ("mul", lambda t, a, b: a * b),
    ("first_only", lambda t, a, b: a * 1.5),
    ("div", lambda t, a, b: a / (b * b + 1.0)),
]


def make_program(seed: int):
    """A function ``f(torch, x, y)`` of two 3-vectors and its description."""
    rng = np.random.default_rng(seed)
    steps = []
    for _ in range(rng.integers(2, 5)):
        if rng.random() < 0.4:
            steps.append(("binary", int(rng.integers(len(BINARY)))))
        else:
            steps.append(("unary", int(rng.integers(len(UNARY)))))

    def f(t, x, y):
        a = x
        for kind, k in steps:
            a = BINARY[k][1](t, a, y) if kind == "binary" else UNARY[k][1](t, a)
        return a

    names = [(BINARY if kind == "binary" else UNARY)[k][0] for kind, k in steps]
    return f, " -> ".join(names)


def _points(seed: int):
    rng = np.random.default_rng(1000 + seed)
    x = rng.choice([-1.5, -0.5, 0.0, 0.5, 2.0], 3) + rng.uniform(-0.2, 0.2, 3).round(2)
    y = rng.choice([-1.0, 0.0, 1.0, 3.0], 3)
    v = rng.choice([-1.0, 0.0, 1.0], 3)
    return x, y, v


def _run(lib, seed: int) -> list[str]:
    f, _ = make_program(seed)
    xs, ys, vs = _points(seed)
    x, y, v = (lib.tensor(a, dtype=lib.float64) for a in (xs, ys, vs))
    AF = lib.autograd.functional
    lines = []
    lines.append(str(AF.jacobian(lambda a, b: f(lib, a, b), (x, y))))
    lines.append(str(AF.hessian(lambda a, b: f(lib, a, b).sum(), (x, y))))
    lines.append(str(AF.jvp(lambda a: f(lib, a, y), x, v)))
    lines.append(str(AF.vjp(lambda a: f(lib, a, y), x, v)))
    lines.append(str(AF.jvp(lambda a: f(lib, a, y), x, lib.zeros(3, dtype=lib.float64))))
    return lines


def _signs(text: str) -> list[str]:
    return [tok for tok in text.replace(",", " ").replace("[", " ").split() if "0." in tok]


# abs's derivative is grad * sgn(x), and sgn's derivative is torch's "efficient zero
# tensor", which adds to another gradient without changing it (-0. + ZeroTensor = -0.).
# minigrad's engine sums a real +0., so a Hessian through abs can print 0. where torch
# prints -0. (the values are equal). Strict: these fail loudly once the engine is fixed.
ABS_HESSIAN_SIGNS = {3, 13, 28}
SEEDS = [
    pytest.param(
        seed,
        marks=pytest.mark.xfail(
            strict=True, reason="the sign of a zero after sgn's zero derivative (see above)"
        ),
    )
    if seed in ABS_HESSIAN_SIGNS
    else seed
    for seed in range(40)
]


@pytest.mark.parametrize("seed", SEEDS)
def test_random_program_prints_as_in_torch(seed: int) -> None:
    _, description = make_program(seed)
    mine, theirs = _run(minigrad, seed), _run(torch, seed)
    for m, t in zip(mine, theirs):
        assert m == t, f"{description}\nminigrad: {m}\ntorch:    {t}"


def test_the_programs_produce_signed_zeros() -> None:
    """The test above can fail on a sign: some programs print -0. in torch."""
    printed = "\n".join(line for seed in range(40) for line in _run(torch, seed))
    assert "-0." in printed and " 0." in printed


LESSON_EXAMPLES = {
    # lesson 7
    "jacobian_two_by_two": "print(AF.jacobian(f2, torch.tensor([2.0, 3.0])))",
    # lesson 8
    "jacobian_three_by_two": "print(AF.jacobian(f3, x))",
    "jvp_column": "print(AF.jvp(f3, x, torch.tensor([1.0, 0.0])))",
    "vjp_row": "print(AF.vjp(f3, x, torch.tensor([1.0, 0.0, 0.0])))",
    "columns": "print(torch.stack([AF.jvp(f3, x, e)[1] for e in torch.eye(2)], dim=1))",
    "rows": "print(torch.stack([AF.vjp(f3, x, e)[1] for e in torch.eye(3)]))",
    "jvp_negative": "print(AF.jvp(f3, -x, torch.tensor([0.0, -1.0])))",
    # lesson 9
    "hessian": "print(AF.hessian(lambda v: v[0] * v[0] * v[1], torch.tensor([2.0, 3.0])))",
    "hessian_negative": "print(AF.hessian(lambda v: -v[0] * v[0] * v[1], -torch.eye(2)[0]))",
}

LESSON_SETUP = """
AF = torch.autograd.functional


def f2(x):
    y = torch.zeros(2)
    y[0] = x[0] ** 2 + 3 * x[1]
    y[1] = x[1] ** 2 + 2 * x[0]
    return y


def f3(x):
    return torch.stack([x[0] * x[1], x[0] + x[1], x[0] ** 2])


x = torch.tensor([2.0, 3.0])
"""


@pytest.mark.parametrize("name", LESSON_EXAMPLES)
def test_lesson_examples_print_as_in_torch(name: str) -> None:
    from ..transcript import run

    code = LESSON_SETUP + LESSON_EXAMPLES[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.stdout and not theirs.error
    assert mine.lines() == theirs.lines()
