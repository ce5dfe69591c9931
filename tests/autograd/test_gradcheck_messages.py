"""gradcheck's failures read exactly as torch 2.13's: same message, same numbers.

Each snippet runs under torch and under minigrad (tests/transcript.py); the printed
output, the error (type and full message) and the warnings must be identical. The
snippets cover the slow mode (both Jacobians in full), ``fast_mode=True`` (the
random projections vᵀJu, drawn from a fresh generator, then the slow-mode
Jacobians), ``raise_exception=False``, several inputs and outputs, and a backward
that is not reentrant.
"""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

WRONG = """
class WrongCube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x * grad  # should be 3 * x ** 2 * grad


class WrongMul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return grad * b, grad * b  # the second should be grad * a


calls = [0]


class Restless(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2

    @staticmethod
    def backward(ctx, grad):
        calls[0] += 1
        return grad * (2 + 1e-3 * calls[0])  # a different gradient on every call


x = torch.tensor([0.5, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
a = torch.tensor([[0.3, -0.7], [1.1, 0.2]], dtype=torch.float64, requires_grad=True)
b = torch.tensor([[1.5, 0.4], [-0.6, 2.2]], dtype=torch.float64, requires_grad=True)
s = torch.tensor(1.3, dtype=torch.float64, requires_grad=True)
m = torch.linspace(-1, 1, 9, dtype=torch.float64).view(3, 3).requires_grad_()
"""

CALLS = {
    "cube": "WrongCube.apply, (x,)",
    "cube_scalar_input": "WrongCube.apply, (s,)",
    "two_inputs": "WrongMul.apply, (a, b)",
    "second_input_only": "lambda p, q: WrongMul.apply(p.detach(), q), (a, b)",
    "two_outputs": "lambda p, q: (p * q, WrongCube.apply(q).sum()), (a, b)",
    "broadcast_output": "lambda p: WrongCube.apply(p).unsqueeze(0).expand(2, 3) * 1, (x,)",
    "square_input": "lambda p: WrongCube.apply(p) * 2, (m,)",
    "float32_input": "WrongCube.apply, (torch.tensor([0.5, 1.5], requires_grad=True),)",
    "not_reentrant": "Restless.apply, (x,)",
}


@pytest.mark.parametrize("fast_mode", [False, True], ids=["slow", "fast"])
@pytest.mark.parametrize("name", CALLS)
def test_gradcheck_failure_reads_as_in_torch(name: str, fast_mode: bool) -> None:
    call = CALLS[name]
    code = WRONG + (
        f"print(torch.autograd.gradcheck({call}, raise_exception=False, fast_mode={fast_mode}))\n"
        f"torch.autograd.gradcheck({call}, fast_mode={fast_mode})\n"
    )
    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.error and theirs.error.startswith("GradcheckError: "), theirs
    assert mine.stdout == theirs.stdout == "False\n"
    if fast_mode and name in ("broadcast_output", "square_input"):
        # Fast mode's two numbers are sums of 6 or 9 products: torch's CPU sum of more than 4
        # numbers may round the 16th digit differently. Everything else is identical.
        mine_lines, their_lines = mine.error.splitlines(), theirs.error.splitlines()
        assert len(mine_lines) == len(their_lines)
        for m, t in zip(mine_lines, their_lines):
            if m.startswith(("numerical:", "analytical:")) and "tensor" not in m:
                label, value = m.split(":")
                assert t.startswith(label + ":")
                assert float(value) == pytest.approx(float(t.split(":")[1]), rel=1e-13)
            else:
                assert m == t
    else:
        assert mine.error == theirs.error
    assert mine.warnings == theirs.warnings


@pytest.mark.parametrize("fast_mode", [False, True], ids=["slow", "fast"])
def test_a_right_backward_passes_in_both_modes(fast_mode: bool) -> None:
    code = (
        "x = torch.tensor([0.5, -1.2, 2.0], dtype=torch.float64, requires_grad=True)\n"
        f"print(torch.autograd.gradcheck(lambda t: (t ** 3).sin(), (x,), fast_mode={fast_mode}))\n"
        "print(torch.rand(2))  # gradcheck's own generator leaves the global one alone\n"
    )
    torch.manual_seed(0)
    theirs = run(code, torch)
    minigrad.manual_seed(0)
    mine = run(code, minigrad)
    assert mine.stdout == theirs.stdout
    assert mine.stdout.startswith("True\n")


def test_the_lesson_example_prints_torchs_message() -> None:
    """Lesson 12 shows this failure to the learner."""
    code = WRONG + "torch.autograd.gradcheck(WrongCube.apply, (x,))\n"
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.error == theirs.error
    assert mine.error.splitlines()[:2] == [
        "GradcheckError: Jacobian mismatch for output 0 with respect to input 0,",
        "numerical:tensor([[ 0.7500,  0.0000,  0.0000],",
    ]
