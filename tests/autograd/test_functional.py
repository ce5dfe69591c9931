"""``autograd.functional`` against real torch: the same snippet must print the
same thing (values, dtypes, grad_fn, tuple structure) or raise the same error."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

from ..transcript import run

SETUP = """
AF = torch.autograd.functional
x = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)
y = torch.tensor([[1.0, 2.0], [3.0, -0.5]], dtype=torch.float64)
s = torch.tensor(1.5, dtype=torch.float64)
v3 = torch.tensor([1.0, 0.5, -2.0], dtype=torch.float64)
"""

SNIPPETS = {
    # --- jacobian: every combination of single / tuple inputs and outputs
    "jac_single": "print(AF.jacobian(lambda a: a.exp() * a.sum(), x))",
    "jac_matrix_input": "print(AF.jacobian(lambda m: m.sin() * 2, y))",
    "jac_scalar": "print(AF.jacobian(lambda a: a * a * a, s))",
    "jac_tuple_in": "print(AF.jacobian(lambda a, b: a * b.sum(), (x, y)))",
    "jac_tuple_out": "print(AF.jacobian(lambda a: (a * 2, a.sum()), x))",
    "jac_tuple_tuple": "print(AF.jacobian(lambda a, b: (a * b, a - b * b), (x, v3)))",
    "jac_one_tuple": "print(AF.jacobian(lambda a: a ** 2, (x,)))",
    "jac_unused_input": "print(AF.jacobian(lambda a, b: a * 3, (x, v3)))",
    "jac_constant_output": "print(AF.jacobian(lambda a: torch.ones(2), x))",
    "jac_vectorize": "print(AF.jacobian(lambda a: a ** 3, x, vectorize=True))",
    "jac_create_graph": """
xr = x.clone().requires_grad_()
J = AF.jacobian(lambda a: a ** 3, xr, create_graph=True)
print(J.requires_grad, J.grad_fn.name())
J.sum().backward()
print(xr.grad)
""",
    "jac_input_untouched": """
xr = x.clone().requires_grad_()
J = AF.jacobian(lambda a: a ** 3, xr)
print(J.requires_grad, xr.grad, xr.requires_grad)
""",
    # --- hessian
    "hess_single": "print(AF.hessian(lambda a: (a ** 3).sum() + (a[0] * a[1]), x))",
    "hess_matrix": "print(AF.hessian(lambda m: (m * m * m).sum(), y))",
    "hess_tuple": "print(AF.hessian(lambda a, b: (a * a * b).sum(), (x, v3)))",
    "hess_scalar_1elem": "print(AF.hessian(lambda a: (a * a).sum().reshape(1), x))",
    "hess_create_graph": """
xr = x.clone().requires_grad_()
H = AF.hessian(lambda a: (a ** 4).sum(), xr, create_graph=True)
print(H.requires_grad)
H.sum().backward()
print(xr.grad)
""",
    # --- vjp / jvp
    "vjp": "print(AF.vjp(lambda a: a.exp() * 2, x, v3))",
    "vjp_scalar_no_v": "print(AF.vjp(lambda a: (a * a).sum(), x))",
    "vjp_tuple": "print(AF.vjp(lambda a, b: (a * b, a.sum() * b), (x, v3), (v3, x)))",
    "vjp_create_graph": """
xr = x.clone().requires_grad_()
out, g = AF.vjp(lambda a: a ** 3, xr, v3, create_graph=True)
print(out.grad_fn is not None, g.grad_fn is not None)
g.sum().backward()
print(xr.grad)
""",
    "jvp": "print(AF.jvp(lambda a: a.exp() * a.sum(), x, v3))",
    "jvp_tuple": "print(AF.jvp(lambda a, b: (a * b, (a - b).sum()), (x, v3), (v3, x)))",
    "jvp_scalar_no_v": "print(AF.jvp(lambda a: a * a * torch.ones(2, dtype=a.dtype), s))",
    "jvp_create_graph": """
xr = x.clone().requires_grad_()
out, g = AF.jvp(lambda a: a ** 3, xr, v3, create_graph=True)
print(g.requires_grad)
g.sum().backward()
print(xr.grad)
""",
    # --- vhp / hvp
    "vhp": "print(AF.vhp(lambda a: (a ** 3).sum() * a[0], x, v3))",
    "hvp": "print(AF.hvp(lambda a: (a ** 3).sum() * a[0], x, v3))",
    "hvp_tuple": "print(AF.hvp(lambda a, b: (a * a * b).sum(), (x, v3), (v3, x)))",
    "vhp_tuple": "print(AF.vhp(lambda a, b: (a * a * b).sum(), (x, v3), (v3, x)))",
    "hvp_scalar_no_v": "print(AF.hvp(lambda a: a * a * a, s))",
    "hvp_create_graph": """
xr = x.clone().requires_grad_()
out, g = AF.hvp(lambda a: (a ** 4).sum(), xr, v3, create_graph=True)
g.sum().backward()
print(xr.grad)
""",
    # --- strict mode and argument errors
    "strict_independent_input": "AF.jacobian(lambda a, b: a * 2, (x, v3), strict=True)",
    "strict_no_grad_output": "AF.jacobian(lambda a: torch.ones(2), x, strict=True)",
    "strict_vjp": "AF.vjp(lambda a, b: a * 2, (x, v3), (v3,), strict=True)",
    "strict_vjp_output": "AF.vjp(lambda a: torch.ones(3), x, v3, strict=True)",
    "strict_jvp": "AF.jvp(lambda a, b: a * 2, (x, v3), (v3, x), strict=True)",
    "strict_hessian_linear": "AF.hessian(lambda a: a.sum(), x, strict=True)",
    "strict_hvp_linear": "AF.hvp(lambda a: (a * 2).sum(), x, v3, strict=True)",
    "strict_vhp_linear": "AF.vhp(lambda a: (a * 2).sum(), x, v3, strict=True)",
    "strict_ok": "print(AF.jacobian(lambda a: a * a, x, strict=True))",
    "strict_create_graph_linear": (
        "AF.jacobian(lambda a: a * 2, x.clone().requires_grad_(), create_graph=True, strict=True)"
    ),
    "strict_vectorize": "AF.jacobian(lambda a: a * a, x, strict=True, vectorize=True)",
    "err_v_missing": "AF.vjp(lambda a: a * 2, x)",
    "err_v_missing_jvp": "AF.jvp(lambda a: a * 2, x)",
    "err_v_size": "AF.vjp(lambda a: a * 2, x, torch.ones(2, dtype=torch.float64))",
    "err_v_tuple_size": "AF.jvp(lambda a, b: a * b, (x, v3), (v3, torch.ones(2)))",
    "err_v_tuple_len": "AF.jvp(lambda a, b: a * b, (x, v3), (v3,))",
    "err_v_single": "AF.vjp(lambda a: a * 2, x, (v3, v3))",
    "err_input_type": "AF.jacobian(lambda a: a, [x])",
    "err_input_tuple_type": "AF.jacobian(lambda a, b: a, (x, 3))",
    "err_output_type": "AF.jacobian(lambda a: 3, x)",
    "err_hessian_not_scalar": "AF.hessian(lambda a: a * a, x)",
    "err_hessian_tuple": "AF.hessian(lambda a: (a.sum(), a.sum()), x)",
    "err_hvp_not_scalar": "AF.hvp(lambda a: a * a, x, v3)",
    "err_vhp_tuple": "AF.vhp(lambda a: (a.sum(),), x, v3)",
    "err_strategy": "AF.jacobian(lambda a: a, x, strategy='sideways')",
    "err_forward_mode_graph": (
        "AF.jacobian(lambda a: a, x, create_graph=True, strategy='forward-mode')"
    ),
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    code = SETUP + SNIPPETS[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.lines(), "the snippet should print or raise something"
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings


FORWARD_MODE = """
x, v3 = x.abs(), v3.abs()  # (forward mode adds +0 where reverse mode keeps a -0)
for f, i in [(lambda a, b: a * b, (x, v3)), (lambda a, b: (a * b, a + b), (x, v3)),
             (lambda a: (a * 2, a + 1), x), (lambda a: a * 2, x)]:
    J = AF.jacobian(f, i, strategy="forward-mode", vectorize=True)
    print(type(J).__name__, type(J[0]).__name__, J)
H = AF.hessian(lambda a, b: (a * a * b).sum(), (x, v3), vectorize=True,
               outer_jacobian_strategy="forward-mode")
print(type(H).__name__, type(H[0]).__name__)
"""


def test_forward_mode_jacobian_gives_lists_as_torch() -> None:
    # (torch's first forward-mode call imports machinery that warns about torch.jit:
    # only the printed lines are compared)
    code = SETUP + FORWARD_MODE
    assert run(code, minigrad).lines() == run(code, torch).lines()


def _as_numpy(result):
    if isinstance(result, tuple):
        return tuple(_as_numpy(r) for r in result)
    return result.detach().numpy()


def _assert_close(a, b):
    assert type(a) is type(b)
    if isinstance(a, tuple):
        assert len(a) == len(b)
        for p, q in zip(a, b):
            _assert_close(p, q)
    else:
        assert a.shape == b.shape
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("fn_name", ["jacobian", "hessian"])
def test_random_points_match_torch(fn_name: str) -> None:
    """Full-precision comparison at a few random points, with tuple inputs."""
    rng = np.random.default_rng(0)

    def f(lib, a, b):
        return (
            ((a.sin() * b.sum()).exp() + (a * a * b[:1])).sum()
            if fn_name == "hessian"
            else (
                a.sin() * b.sum(),
                (a * a).sum() * b,
            )
        )

    for _ in range(3):
        a = rng.standard_normal(3)
        b = rng.standard_normal(2)
        ours = getattr(minigrad.autograd.functional, fn_name)(
            lambda p, q: f(minigrad, p, q), (minigrad.tensor(a), minigrad.tensor(b))
        )
        theirs = getattr(torch.autograd.functional, fn_name)(
            lambda p, q: f(torch, p, q), (torch.tensor(a), torch.tensor(b))
        )
        _assert_close(_as_numpy(ours), _as_numpy(theirs))


def test_jvp_equals_jacobian_times_v() -> None:
    """The double-backward trick gives J v, with J from the jacobian."""
    x = minigrad.tensor([0.3, -0.7, 1.1], dtype=minigrad.float64)
    v = minigrad.tensor([1.0, 2.0, -1.0], dtype=minigrad.float64)

    def f(a):
        return a.exp() * a.sum()

    _, jv = minigrad.autograd.functional.jvp(f, x, v)
    J = minigrad.autograd.functional.jacobian(f, x)
    np.testing.assert_allclose(jv.numpy(), J.numpy() @ v.numpy(), rtol=1e-12)
