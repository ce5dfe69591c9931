"""torch.linalg (norm, vector_norm, matrix_norm, det, slogdet, inv, solve, cross) and
the top-level det, logdet, slogdet, inverse, cross, kron and dist against real torch:
values, grad_fn names, first- and second-order gradients (``check``), named tuples,
reprs and the errors of misuse (``same``)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ..compare import same
from .differential import _randn, check


def _well_conditioned(a: np.ndarray) -> np.ndarray:
    return a + 3 * np.eye(a.shape[-1])


CASES = {
    "det": (lambda T, a: T.linalg.det(a), [(3, 3)], True),
    "det_batch": (lambda T, a: T.det(a), [(2, 3, 3)], True),
    "det_method": (lambda T, a: a.det() * 2, [(2, 2)], False),
    "slogdet": (lambda T, a: T.linalg.slogdet(a), [(3, 3)], True),
    "slogdet_top": (lambda T, a: T.slogdet(a).logabsdet, [(2, 3, 3)], True),
    "logdet": (lambda T, a: T.logdet(a), [(3, 3)], True),
    "inv": (lambda T, a: T.linalg.inv(a), [(3, 3)], True),
    "inverse_batch": (lambda T, a: T.inverse(a), [(2, 3, 3)], True),
    "inverse_method": (lambda T, a: a.inverse().sum(0), [(3, 3)], True),
    "solve": (lambda T, a, b: T.linalg.solve(a, b), [(3, 3), (3, 2)], True),
    "solve_vector": (lambda T, a, b: T.linalg.solve(a, b), [(3, 3), (3,)], True),
    "solve_batch": (lambda T, a, b: T.linalg.solve(a, b), [(2, 3, 3), (2, 3, 2)], True),
    "solve_batch_vectors": (lambda T, a, b: T.linalg.solve(a, b), [(2, 3, 3), (2, 3)], True),
    "solve_right": (lambda T, a, b: T.linalg.solve(a, b, left=False), [(3, 3), (2, 3)], True),
    "cross": (lambda T, a, b: T.linalg.cross(a, b), [(2, 3), (2, 3)], False),
    "cross_dim_broadcast": (lambda T, a, b: T.cross(a, b, dim=0), [(3, 2), (3, 1)], False),
    "cross_method": (lambda T, a, b: a.cross(b, dim=-1), [(4, 3), (1, 3)], False),
    "kron": (lambda T, a, b: T.kron(a, b), [(2, 3), (2, 2)], False),
    "kron_dims": (lambda T, a, b: a.kron(b), [(3,), (2, 2)], False),
    "dist": (lambda T, a, b: T.dist(a, b), [(2, 3), (3,)], False),
    "dist_p1": (lambda T, a, b: T.dist(a, b, 1), [(2, 3), (2, 3)], False),
    "dist_p3": (lambda T, a, b: a.dist(b, 3), [(2, 3), (2, 3)], False),
    "dist_inf": (lambda T, a, b: T.dist(a, b, math.inf), [(4,), (4,)], False),
    "norm": (lambda T, a: T.linalg.norm(a), [(3, 4)], False),
    "norm_vector_ord": (lambda T, a: T.linalg.norm(a, 3), [(5,)], False),
    "norm_dim": (lambda T, a: T.linalg.norm(a, dim=1, keepdim=True), [(3, 4)], False),
    "norm_matrix_ords": (
        lambda T, a: [T.linalg.norm(a, o) for o in ("fro", "nuc", 2, -2, 1, -1, math.inf)],
        [(3, 4)],
        False,
    ),
    "norm_matrix_dims": (lambda T, a: T.linalg.norm(a, 1, dim=(2, 0)), [(3, 2, 4)], False),
    "vector_norm": (lambda T, a: T.linalg.vector_norm(a, 1, dim=0), [(3, 4)], False),
    "vector_norm_all": (lambda T, a: T.linalg.vector_norm(a, math.inf), [(3, 4)], False),
    "matrix_norm": (lambda T, a: T.linalg.matrix_norm(a), [(2, 3, 4)], False),
    "matrix_norm_keepdim": (
        lambda T, a: [T.linalg.matrix_norm(a, o, keepdim=True) for o in (1, -math.inf, 2, "nuc")],
        [(2, 3, 4)],
        False,
    ),
    "matrix_norm_dims": (lambda T, a: T.linalg.matrix_norm(a, -1, dim=(0, 2)), [(3, 2, 4)], False),
}


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("name", list(CASES))
def test_values_and_gradients(name: str, seed: int) -> None:
    fn, shapes, square = CASES[name]
    arrays = _randn(seed, *shapes)
    if square:
        arrays[0] = _well_conditioned(arrays[0])

    def program(T, *xs):
        out = fn(T, *xs)
        return tuple(out) if isinstance(out, list) else out

    check(program, arrays, seed)


PRINTED = {
    "det": lambda T: [
        T.linalg.det(T.tensor([[2.0, 1.0], [1.0, 3.0]])),
        T.linalg.det(T.ones(2, 2)),
        T.linalg.det(T.ones(2, 2, 2)),
        T.linalg.det(T.ones(0, 0)),
    ],
    "slogdet": lambda T: [
        T.linalg.slogdet(T.tensor([[1.0, 2.0], [3.0, 4.0]])),
        T.slogdet(T.tensor([[2.0, 1.0], [1.0, 3.0]])),
        T.linalg.slogdet(T.zeros(2, 2)),
        T.logdet(T.tensor([[1.0, 2.0], [3.0, 4.0]])),
        T.logdet(T.zeros(2, 2)),
    ],
    "inv_solve": lambda T: [
        T.linalg.inv(T.tensor([[1.0, 2.0], [3.0, 4.0]])),
        T.linalg.solve(T.tensor([[2.0, 1.0], [1.0, 3.0]]), T.tensor([1.0, 2.0])),
        T.linalg.solve(T.tensor([[2.0, 1.0], [1.0, 3.0]]), T.ones(2, 2)),
        T.linalg.solve(T.tensor([[[2.0, 1.0], [1.0, 3.0]]] * 2), T.ones(2, 2)),
        T.linalg.solve(T.tensor([[2.0, 1.0], [1.0, 3.0]]), T.ones(2, 2), left=False),
    ],
    "cross_kron_dist": lambda T: [
        T.linalg.cross(T.tensor([1, 0, 0]), T.tensor([0, 1, 0])),
        T.cross(T.ones(3, 2), T.ones(3, 2), dim=0),
        T.kron(T.tensor([[1, 2], [3, 4]]), T.tensor([[0, 1], [1, 0]])),
        T.kron(T.tensor([1.0, 2.0]), T.ones(2, 2)),
        T.kron(T.tensor([1, 2]), T.tensor([1.5])),
        T.dist(T.tensor([1.0, 2.0]), T.tensor([3.0, 5.0])),
        T.dist(T.tensor([1.0, 2.0]), T.tensor([[3.0, 5.0]]), math.inf),
        T.dist(T.ones(2), T.ones(2, dtype=T.float64)),
        T.dist(T.tensor([1.0, 2.0]), T.tensor([3.0, 5.0]), 0),
    ],
    "norms": lambda T: (
        [
            T.linalg.norm(T.tensor([[2.0, 1.0], [1.0, 3.0]]), o)
            for o in (None, "fro", "nuc", 2, -2, 1, -1, math.inf, -math.inf)
        ]
        + [
            T.linalg.norm(T.tensor([3.0, 4.0]), 1),
            T.linalg.norm(T.ones(2, 2, 2)),
            T.linalg.vector_norm(T.tensor([[2.0, 1.0], [1.0, 3.0]]), 1, dim=0, keepdim=True),
            T.linalg.vector_norm(T.tensor([3.0, 4.0]), dtype=T.float64),
            T.linalg.matrix_norm(T.tensor([[2.0, 1.0], [1.0, 3.0]]), 1, keepdim=True),
        ]
    ),
}


@pytest.mark.parametrize("name", list(PRINTED))
def test_values_dtypes_and_reprs(name: str) -> None:
    def program(T):
        out = PRINTED[name](T)
        return out, repr(out)

    same(program)


def test_grad_fn_names_and_reprs_with_grad() -> None:
    def program(T):
        a = T.tensor([[2.0, 1.0], [1.0, 3.0]], requires_grad=True)
        v = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
        outs = [
            T.linalg.det(a),
            T.linalg.slogdet(a),
            T.logdet(a),
            T.linalg.inv(a),
            T.linalg.solve(a, v[:2]),
            T.linalg.cross(v, v.flip(0)),
            T.kron(a, a),
            T.dist(v, v * 2),
            T.cdist(a, a * 2),
            T.cdist(a.repeat(15, 1), a),
            T.linalg.norm(a, 2),
            T.linalg.matrix_norm(a, 1),
        ]
        return [repr(o) for o in outs], outs

    same(program)


def test_cross_without_dim_warns_as_torch() -> None:
    same(lambda T: T.cross(T.ones(3, 2), T.ones(3, 2)))


MISUSE = {
    "det_not_square": lambda T: T.linalg.det(T.ones(2, 3)),
    "det_ints": lambda T: T.linalg.det(T.ones(2, 2, dtype=T.int64)),
    "det_1d": lambda T: T.det(T.ones(3)),
    "inv_not_square": lambda T: T.linalg.inv(T.ones(2, 3)),
    "inv_ints": lambda T: T.inverse(T.ones(2, 2, dtype=T.int64)),
    "solve_shapes": lambda T: T.linalg.solve(T.eye(2), T.ones(3)),
    "solve_matrix_shapes": lambda T: T.linalg.solve(T.eye(2), T.ones(3, 2)),
    "solve_dtypes": lambda T: T.linalg.solve(T.eye(2), T.ones(2, dtype=T.float64)),
    "solve_not_square": lambda T: T.linalg.solve(T.ones(2, 3), T.ones(2)),
    "cross_length": lambda T: T.linalg.cross(T.ones(2), T.ones(2)),
    "cross_dtypes": lambda T: T.linalg.cross(T.ones(3), T.ones(3, dtype=T.float64)),
    "cross_dims": lambda T: T.linalg.cross(T.ones(2, 3), T.ones(3)),
    "cross_broadcast": lambda T: T.linalg.cross(T.ones(4, 3), T.ones(2, 3)),
    "dist_ints": lambda T: T.dist(T.tensor([1, 2]), T.tensor([3, 5])),
    "cdist_ints": lambda T: T.cdist(T.tensor([[1, 2]]), T.tensor([[1, 2]])),
    "cdist_columns": lambda T: T.cdist(T.ones(3, 2), T.ones(2, 3)),
    "cdist_1d": lambda T: T.cdist(T.ones(3), T.ones(2, 2)),
    "cdist_negative_p": lambda T: T.cdist(T.ones(3, 2), T.ones(2, 2), p=-1),
    "cdist_dtypes": lambda T: T.cdist(T.ones(3, 2), T.ones(2, 2, dtype=T.float64)),
    "dist_shapes": lambda T: T.dist(T.ones(2), T.ones(3)),
    "norm_3d_with_ord": lambda T: T.linalg.norm(T.ones(2, 2, 2), 2),
    "norm_fro_of_vector": lambda T: T.linalg.norm(T.tensor([3.0, 4.0]), "fro"),
    "norm_order": lambda T: T.linalg.norm(T.ones(2, 2), 3, dim=(0, 1)),
    "norm_fro_one_dim": lambda T: T.linalg.norm(T.ones(2, 2), "fro", dim=1),
    "vector_norm_ints": lambda T: T.linalg.vector_norm(T.tensor([1, 2])),
    "matrix_norm_1d": lambda T: T.linalg.matrix_norm(T.ones(3)),
    "matrix_norm_ints": lambda T: T.linalg.matrix_norm(T.ones(2, 2, dtype=T.int64)),
}


@pytest.mark.parametrize("name", list(MISUSE))
def test_misuse(name: str) -> None:
    outcome = same(MISUSE[name])
    assert outcome[0][0] == "error"


@pytest.mark.parametrize(
    "code",
    [
        "torch.linalg.inv(torch.ones(2, 2))",
        "torch.linalg.inv(torch.zeros(3, 3))",
        "torch.linalg.inv(torch.tensor([[1.0, 0, 0], [0, 1, 0], [0, 0, 0]]))",
        "torch.linalg.solve(torch.ones(2, 2), torch.ones(2))",
    ],
)
def test_singular_matrices(code: str) -> None:
    import torch

    import minigrad

    from ..transcript import run

    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.error.startswith("_LinAlgError")
    assert mine.lines() == theirs.lines()
    assert issubclass(minigrad.linalg.LinAlgError, RuntimeError)


CDIST = {
    "cdist": (lambda T, a, b: T.cdist(a, b), (3, 2), (4, 2)),
    "cdist_p0": (lambda T, a, b: T.cdist(a, b, 0), (2, 3, 2), (2, 4, 2)),
    "cdist_p1": (lambda T, a, b: T.cdist(a, b, 1), (2, 3, 2), (2, 4, 2)),
    "cdist_p3": (lambda T, a, b: T.cdist(a, b, 3), (3, 2), (4, 2)),
    "cdist_p_half": (lambda T, a, b: T.cdist(a, b, 0.5), (3, 2), (4, 2)),
    "cdist_inf": (lambda T, a, b: T.cdist(a, b, math.inf), (3, 2), (4, 2)),
    "cdist_many_points": (lambda T, a, b: T.cdist(a, b), (30, 2), (3, 2)),
    "cdist_mm": (
        lambda T, a, b: T.cdist(a, b, compute_mode="use_mm_for_euclid_dist"),
        (3, 2),
        (4, 2),
    ),
}


@pytest.mark.parametrize("name", list(CDIST))
def test_cdist_values_and_first_order_gradients(name: str) -> None:
    fn, sa, sb = CDIST[name]
    a, b, w = _randn(3, sa, sb, (sa[:-1] + sb[-2:-1]))

    def program(T):
        x = T.tensor(a, requires_grad=True)
        y = T.tensor(b, requires_grad=True)
        out = fn(T, x, y)
        (out * T.tensor(w)).sum().backward()
        return out, x.grad, y.grad

    same(program)


def test_cdist_has_no_second_derivative_in_torch() -> None:
    def program(T):
        x = T.tensor([[0.0, 1.0], [2.0, 3.0]], requires_grad=True)
        y = T.tensor([[1.0, 1.0]], requires_grad=True)
        (g,) = T.autograd.grad(T.cdist(x, y).sum(), x, create_graph=True)
        names = g.grad_fn.name()
        g.sum().backward()
        return names

    same(program)
