"""The graphs that ``create_graph=True`` records carry torch's node names.

For every differentiable op, take the gradient with ``create_graph=True`` under
torch and minigrad, then walk the gradient's graph (``next_functions``, depth
first) and compare the names node by node, and which leaf each path ends at.
Where torch has a dedicated backward op (``TanhBackwardBackward0``,
``SoftmaxBackwardDataBackward0``, ``NllLossBackwardBackward0``...), minigrad
must record the same node. The second-order gradients are compared too.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest
import torch

import minigrad

SEED = random.randrange(2**32)


def _pos(shape: tuple) -> Callable:
    return lambda rng: np.abs(rng.randn(*shape)) + 0.5


def _any(shape: tuple) -> Callable:
    return lambda rng: rng.randn(*shape)


def _unit(shape: tuple) -> Callable:
    return lambda rng: rng.uniform(0.1, 0.9, shape)


def _diag_heavy(n: int) -> Callable:
    """A well-conditioned square matrix (for inverses and solves)."""
    return lambda rng: rng.randn(n, n) + 3 * np.eye(n)


S = (2, 3)
# name: (fn(T, *leaves), makers of the leaves' values)
OPS: dict[str, tuple[Callable, tuple]] = {
    # elementwise, one input
    "exp": (lambda T, x: x.exp(), (_any(S),)),
    "log": (lambda T, x: x.log(), (_pos(S),)),
    "log2": (lambda T, x: T.log2(x), (_pos(S),)),
    "log10": (lambda T, x: x.log10(), (_pos(S),)),
    "log1p": (lambda T, x: x.log1p(), (_pos(S),)),
    "exp2": (lambda T, x: T.exp2(x), (_any(S),)),
    "sqrt": (lambda T, x: x.sqrt(), (_pos(S),)),
    "sin": (lambda T, x: x.sin(), (_any(S),)),
    "cos": (lambda T, x: x.cos(), (_any(S),)),
    "tanh": (lambda T, x: x.tanh(), (_any(S),)),
    "sigmoid": (lambda T, x: x.sigmoid(), (_any(S),)),
    "relu": (lambda T, x: x.relu(), (_any(S),)),
    "F.relu": (lambda T, x: T.nn.functional.relu(x), (_any(S),)),
    "leaky_relu": (lambda T, x: T.nn.functional.leaky_relu(x, 0.2), (_any(S),)),
    "abs": (lambda T, x: x.abs(), (_any(S),)),
    "neg": (lambda T, x: -x, (_any(S),)),
    "reciprocal": (lambda T, x: x.reciprocal(), (_pos(S),)),
    "square": (lambda T, x: x.square(), (_any(S),)),
    "pow2": (lambda T, x: x**2, (_any(S),)),
    "pow3": (lambda T, x: x**3, (_any(S),)),
    "pow_half": (lambda T, x: x**0.5, (_pos(S),)),
    "rpow": (lambda T, x: 2.0**x, (_any(S),)),
    "erf": (lambda T, x: T.erf(x), (_any(S),)),
    "sign": (lambda T, x: x.sign() * x, (_any(S),)),
    "clamp": (lambda T, x: x.clamp(-0.5, 0.5), (_any(S),)),
    "clamp_min": (lambda T, x: x.clamp(min=0.0), (_any(S),)),
    "clamp_tensors": (lambda T, x, lo, hi: x.clamp(lo, hi) ** 2, (_any(S), _any(S), _pos(S))),
    "clamp_min_tensor": (lambda T, x, lo: T.clamp_min(x, lo) ** 2, (_any(S), _any((3,)))),
    "clamp_max_tensor": (lambda T, x, hi: x.clamp_max(hi) ** 2, (_any(S), _any((2, 1)))),
    "masked_fill": (lambda T, x: (x * x).masked_fill(x > 0, 0.0), (_any(S),)),
    "mul_scalar": (lambda T, x: (x * x) * 3.0, (_any(S),)),
    "div_scalar": (lambda T, x: (x * x) / 3.0, (_any(S),)),
    "rsub": (lambda T, x: 1 - x * x, (_any(S),)),
    "add_scalar": (lambda T, x: x * x + 1, (_any(S),)),
    # elementwise, two inputs
    "mul": (lambda T, x, y: x * y, (_any(S), _any(S))),
    "div": (lambda T, x, y: x / y, (_any(S), _pos(S))),
    "add": (lambda T, x, y: (x + y) * x, (_any(S), _any(S))),
    "sub": (lambda T, x, y: (x - y) * y, (_any(S), _any(S))),
    "where": (lambda T, x, y: T.where(x > 0, x * y, y * y), (_any(S), _any(S))),
    "broadcast_mul": (lambda T, x, y: x * y, (_any(S), _any((3,)))),
    "addcmul": (lambda T, x, y, z: T.addcmul(x, y, z, value=2), (_any(S), _any(S), _any(S))),
    "addcdiv": (lambda T, x, y, z: T.addcdiv(x, y, z, value=2), (_any(S), _any(S), _pos(S))),
    "xlogy": (lambda T, x, y: T.xlogy(x, y), (_any(S), _pos(S))),
    "xlogy_numbers": (lambda T, x, y: T.xlogy(x, 2.0) * T.xlogy(3.0, y), (_any(S), _pos(S))),
    "logit": (lambda T, x: T.logit(x), (_unit(S),)),
    "logit_eps": (lambda T, x: T.logit(x, eps=0.2), (_unit(S),)),
    "logaddexp": (lambda T, x, y: T.logaddexp(x, y), (_any(S), _any(S))),
    "hypot": (lambda T, x, y: T.hypot(x, y), (_any(S), _any(S))),
    "float_power": (lambda T, x, y: T.float_power(x, y) * T.float_power(x, 2), (_pos(S), _any(S))),
    "fmod": (lambda T, x, y: T.fmod(x, y) * x.fmod(0.3), (_any(S), _pos(S))),
    "copysign": (lambda T, x, y: T.copysign(x, y) * x.copysign(-1.0), (_any(S), _any(S))),
    # reductions
    "sum": (lambda T, x: (x * x).sum(), (_any(S),)),
    "sum_dim": (lambda T, x: (x * x).sum(1), (_any(S),)),
    "mean": (lambda T, x: (x * x).mean(), (_any(S),)),
    "mean_dim": (lambda T, x: (x * x).mean(0, keepdim=True), (_any(S),)),
    "max": (lambda T, x: (x * x).max(), (_any(S),)),
    "max_dim": (lambda T, x: (x * x).max(1).values, (_any(S),)),
    "amax": (lambda T, x: (x * x).amax(1), (_any(S),)),
    "pow_tensor": (lambda T, x, y: x**y, (_pos(S), _any(S))),
    "pow_tensor_zeros": (lambda T, x, y: x.relu() ** y.relu(), (_any(S), _any(S))),
    "maximum": (lambda T, x, y: T.maximum(x, y) * x, (_any(S), _any(S))),
    "minimum": (lambda T, x, y: T.minimum(x, y) * y, (_any(S), _any(S))),
    "maximum_ties": (lambda T, x: T.maximum(x, x.clamp(min=0.0)) * x, (_any(S),)),
    "minimum_broadcast": (lambda T, x, y: T.minimum(x, y) * x, (_any(S), _any((3,)))),
    "prod": (lambda T, x: x.prod(), (_any(S),)),
    "prod_dim": (lambda T, x: x.prod(1), (_any(S),)),
    "prod_keepdim": (lambda T, x: x.prod(0, keepdim=True), (_any(S),)),
    "norm": (lambda T, x: x.norm(), (_any(S),)),
    "norm_dim": (lambda T, x: x.norm(dim=1), (_any(S),)),
    "norm_keepdim": (lambda T, x: x.norm(dim=0, keepdim=True), (_any(S),)),
    "var": (lambda T, x: x.var(), (_any(S),)),
    "var_dim": (lambda T, x: x.var(0, keepdim=True), (_any(S),)),
    "std": (lambda T, x: x.std(1), (_any(S),)),
    "std_all": (lambda T, x: x.std(), (_any(S),)),
    "logsumexp": (lambda T, x: x.logsumexp(1), (_any(S),)),
    "logsumexp_keepdim": (lambda T, x: T.logsumexp(x, 0, keepdim=True), (_any(S),)),
    "cumsum": (lambda T, x: (x * x).cumsum(1), (_any(S),)),
    "median": (lambda T, x: (x * x).median() + (x * x).median(1).values.sum(), (_any(S),)),
    "nanmedian": (lambda T, x: (x * x).nanmedian() + (x * x).nanmedian(0).values.sum(), (_any(S),)),
    "nanquantile": (lambda T, x: T.nanquantile(x * x, 0.3, dim=1), (_any(S),)),
    "kthvalue": (lambda T, x: (x * x).kthvalue(2, 1).values, (_any(S),)),
    "var_mean": (lambda T, x: sum(T.var_mean(x * x, 1)), (_any(S),)),
    "std_mean": (lambda T, x: sum(T.std_mean(x * x, 0, keepdim=True)), (_any(S),)),
    "nansum": (lambda T, x: T.nansum(x * x, 1) + T.nanmean(x * x), (_any(S),)),
    "cummax": (lambda T, x: (x * x).cummax(1).values + (x * x).cummin(1).values, (_any(S),)),
    "logcumsumexp": (lambda T, x: (x * x).logcumsumexp(1), (_any(S),)),
    "aminmax": (lambda T, x: sum(T.aminmax(x * x, dim=0)), (_any(S),)),
    "diff": (lambda T, x: T.diff(x * x, prepend=x[:, :1]), (_any(S),)),
    "quantile": (lambda T, x: T.quantile(x * x, 0.3, dim=1), (_any(S),)),
    # shapes and indexing
    "view": (lambda T, x: (x * x).view(3, 2), (_any(S),)),
    "reshape": (lambda T, x: (x * x).reshape(-1), (_any(S),)),
    "transpose": (lambda T, x: (x * x).t(), (_any(S),)),
    "permute": (lambda T, x: (x * x).permute(1, 0), (_any(S),)),
    "expand": (lambda T, x: (x * x)[:, :1].expand(2, 4), (_any(S),)),
    "unsqueeze": (lambda T, x: (x * x).unsqueeze(0), (_any(S),)),
    "squeeze": (lambda T, x: (x * x)[:1].squeeze(0), (_any(S),)),
    "cat": (lambda T, x, y: T.cat([x * y, y], 0), (_any(S), _any(S))),
    "stack": (lambda T, x, y: T.stack([x * y, x], 0), (_any(S), _any(S))),
    "index": (lambda T, x: (x * x)[1], (_any(S),)),
    "slice": (lambda T, x: (x * x)[:, 1:], (_any(S),)),
    "fancy_index": (lambda T, x: (x * x)[[0, 1, 1]], (_any(S),)),
    "gather": (lambda T, x: (x * x).gather(1, T.tensor([[0, 2], [1, 1]])), (_any(S),)),
    "index_select": (lambda T, x: T.index_select(x * x, 1, T.tensor([2, 0])), (_any(S),)),
    "flip": (lambda T, x: (x * x).flip([1]), (_any(S),)),
    "roll": (lambda T, x: (x * x).roll(1, 1), (_any(S),)),
    "tril": (lambda T, x: (x * x).tril(), (_any((3, 3)),)),
    "diagonal": (lambda T, x: (x * x).diagonal(), (_any((3, 3)),)),
    "trace": (lambda T, x: (x * x).trace(), (_any((3, 3)),)),
    "sort": (lambda T, x: (x * x).sort(1).values, (_any(S),)),
    "topk": (lambda T, x: (x * x).topk(2).values, (_any(S),)),
    # linear algebra
    "matmul": (lambda T, x, y: x @ y, (_any(S), _any((3, 4)))),
    "mm": (lambda T, x, y: T.mm(x, y), (_any(S), _any((3, 2)))),
    "mv": (lambda T, x, y: T.mv(x, y), (_any(S), _any((3,)))),
    "mm_transposed": (lambda T, x, y: T.mm(x.t(), y.t()), (_any((3, 2)), _any((4, 3)))),
    "matmul_transposed": (lambda T, x, y: (x * 2).t() @ y, (_any((3, 2)), _any((3, 4)))),
    "dot": (lambda T, x, y: T.dot(x, y), (_any((3,)), _any((3,)))),
    "bmm": (lambda T, x, y: T.bmm(x, y), (_any((2, 2, 3)), _any((2, 3, 2)))),
    "inv": (lambda T, a: T.linalg.inv(a), (_diag_heavy(3),)),
    "det": (lambda T, a: T.linalg.det(a), (_diag_heavy(3),)),
    "diag_embed": (lambda T, x: T.diag_embed(x * x, 1, 0, 2), (_any(S),)),
    "solve": (lambda T, a, b: T.linalg.solve(a, b), (_diag_heavy(3), _any((3, 2)))),
    "solve_vector": (lambda T, a, b: T.linalg.solve(a, b), (_diag_heavy(3), _any((3,)))),
    "solve_right": (lambda T, a, b: T.linalg.solve(a, b, left=False), (_diag_heavy(3), _any(S))),
    "slogdet": (lambda T, a: T.linalg.slogdet(a).logabsdet, (_diag_heavy(3),)),
    "logdet": (lambda T, a: T.logdet(a), (_diag_heavy(3),)),
    "cross": (lambda T, a, b: T.linalg.cross(a, b), (_any(S), _any(S))),
    "kron": (lambda T, a, b: T.kron(a, b), (_any(S), _any((2, 2)))),
    "dist": (lambda T, a, b: T.dist(a, b), (_any(S), _any(S))),
    "matrix_norm_2": (lambda T, a: T.linalg.matrix_norm(a, 2), (_any(S),)),
    "matrix_norm_1": (lambda T, a: T.linalg.matrix_norm(a, 1), (_any(S),)),
    "rot90": (lambda T, x: T.rot90(x * x, 1), (_any(S),)),
    "block_diag": (lambda T, x, y: T.block_diag(x * y, y), (_any(S), _any(S))),
    "take_along_dim": (lambda T, x: T.take_along_dim(x * x, T.tensor([[2], [0]]), 1), (_any(S),)),
    "trapezoid": (
        lambda T, y: T.trapezoid(y * y, T.tensor([0.0, 1.0, 3.0])) + T.trapezoid(y, dx=2),
        (_any(S),),
    ),
    "erfinv": (lambda T, x: T.erfinv(x * 0.3), (_unit(S),)),
    "lgamma": (lambda T, x: T.lgamma(x), (_pos(S),)),
    "digamma": (lambda T, x: T.digamma(x), (_pos(S),)),
    "polygamma": (lambda T, x: T.polygamma(2, x), (_pos(S),)),
    "sinc": (lambda T, x: T.sinc(x), (_any(S),)),
    "deg2rad": (lambda T, x: T.deg2rad(x * x) + T.rad2deg(x * x), (_any(S),)),
    "addmv": (lambda T, i, m, v: T.addmv(i, m, v), (_any((2,)), _any(S), _any((3,)))),
    "addmv_scaled": (
        lambda T, i, m, v: T.addmv(i, m, v, beta=0.5, alpha=2),
        (_any((2,)), _any(S), _any((3,))),
    ),
    "baddbmm": (
        lambda T, i, a, b: T.baddbmm(i, a, b, beta=2, alpha=0.5),
        (_any((2, 2, 2)), _any((2, 2, 3)), _any((2, 3, 2))),
    ),
    "addbmm": (
        lambda T, i, a, b: T.addbmm(i, a, b, alpha=3),
        (_any((2, 2)), _any((2, 2, 3)), _any((2, 3, 2))),
    ),
    "outer": (lambda T, x, y: T.outer(x, y), (_any((3,)), _any((2,)))),
    # nn.functional
    "linear": (
        lambda T, x, w, b: T.nn.functional.linear(x, w, b),
        (_any(S), _any((4, 3)), _any((4,))),
    ),
    "linear_no_bias": (lambda T, x, w: T.nn.functional.linear(x, w), (_any(S), _any((4, 3)))),
    "linear_3d": (lambda T, x, w: T.nn.functional.linear(x, w), (_any((2, 2, 3)), _any((4, 3)))),
    "softmax": (lambda T, x: T.softmax(x, 1), (_any(S),)),
    "log_softmax": (lambda T, x: T.log_softmax(x, 1), (_any(S),)),
    "F.tanh": (lambda T, x: T.nn.functional.tanh(x), (_any(S),)),
    "F.sigmoid": (lambda T, x: T.nn.functional.sigmoid(x), (_any(S),)),
    "mse_loss": (lambda T, x, y: T.nn.functional.mse_loss(x, y), (_any(S), _any(S))),
    "mse_loss_none": (
        lambda T, x, y: T.nn.functional.mse_loss(x, y, reduction="none"),
        (_any(S), _any(S)),
    ),
    "l1_loss": (lambda T, x, y: T.nn.functional.l1_loss(x, y), (_any(S), _any(S))),
    "smooth_l1_loss": (
        lambda T, x, y: T.nn.functional.smooth_l1_loss(x, y, beta=1.5),
        (_any(S), _any(S)),
    ),
    "smooth_l1_loss_sum": (
        lambda T, x, y: T.nn.functional.smooth_l1_loss(x, y, reduction="sum"),
        (_any(S), _any(S)),
    ),
    "smooth_l1_loss_none": (
        lambda T, x, y: T.nn.functional.smooth_l1_loss(x, y, reduction="none", beta=0.5),
        (_any(S), _any(S)),
    ),
    "huber_loss": (lambda T, x, y: T.nn.functional.huber_loss(x, y, delta=1.5), (_any(S), _any(S))),
    "huber_loss_sum": (
        lambda T, x, y: T.nn.functional.huber_loss(x, y, reduction="sum"),
        (_any(S), _any(S)),
    ),
    "huber_loss_none": (
        lambda T, x, y: T.nn.functional.huber_loss(x, y, reduction="none", delta=0.5),
        (_any(S), _any(S)),
    ),
    "huber_loss_weight": (
        lambda T, x, y, w: T.nn.functional.huber_loss(x, y, delta=0.7, weight=w),
        (_any(S), _any(S), _pos(S)),
    ),
    "kl_div_batchmean": (
        lambda T, x, y: T.nn.functional.kl_div(x, y, reduction="batchmean"),
        (_any(S), _unit(S)),
    ),
    "kl_div_sum_log_target": (
        lambda T, x, y: T.nn.functional.kl_div(x, y, reduction="sum", log_target=True),
        (_any(S), _any(S)),
    ),
    "kl_div_none": (
        lambda T, x, y: T.nn.functional.kl_div(x, y, reduction="none"),
        (_any(S), _unit(S)),
    ),
    "smooth_l1_loss_beta0": (
        lambda T, x, y: T.nn.functional.smooth_l1_loss(x, y, beta=0.0),
        (_any(S), _any(S)),
    ),
    "bce": (
        lambda T, x: T.nn.functional.binary_cross_entropy(x, T.tensor(0.3, dtype=T.float64)),
        (_unit(()),),
    ),
    "bce_with_logits": (
        lambda T, x, y: T.nn.functional.binary_cross_entropy_with_logits(x, y),
        (_any(S), _unit(S)),
    ),
    "nll_loss": (
        lambda T, x: T.nn.functional.nll_loss(x, T.tensor([2, 0])),
        (_any(S),),
    ),
    "nll_loss_2d": (
        lambda T, x: T.nn.functional.nll_loss(x, T.tensor([[[2, 0]]])),
        (_any((1, 3, 1, 2)),),
    ),
    "cross_entropy": (
        lambda T, x: T.nn.functional.cross_entropy(x, T.tensor([2, 0])),
        (_any(S),),
    ),
    "cross_entropy_smoothing": (
        lambda T, x: T.nn.functional.cross_entropy(x, T.tensor([2, 0]), label_smoothing=0.2),
        (_any(S),),
    ),
    "cross_entropy_probs": (
        lambda T, x, p: T.nn.functional.cross_entropy(x, p),
        (_any(S), _unit(S)),
    ),
}


def _signature(root, leaves: list) -> list:
    """The gradient's graph, depth first: one ``(name, children)`` per node,
    children given by their position in the list (shared nodes appear once)."""
    seen: dict[int, int] = {}
    out: list = []

    def visit(node) -> object:
        if node is None:
            return None
        if id(node) in seen:
            return seen[id(node)]
        name = node.name()
        if name == "torch::autograd::AccumulateGrad":
            var = node.variable
            which = [i for i, leaf in enumerate(leaves) if leaf is var]
            return f"leaf{which}"
        seen[id(node)] = len(out)
        entry = [name, None]
        out.append(entry)
        entry[1] = [visit(n) for n, _ in node.next_functions]
        return seen[id(node)]

    visit(root)
    return out


def _run(T, fn: Callable, arrays: list, rng: np.random.RandomState) -> tuple:
    leaves = [T.tensor(a, requires_grad=True) for a in arrays]
    out = fn(T, *leaves)
    v = T.tensor(rng.randn(*out.shape))
    grads = T.autograd.grad(out, leaves, v, create_graph=True, allow_unused=True)
    sigs = [None if g is None else (g.requires_grad, _signature(g.grad_fn, leaves)) for g in grads]
    ws = [T.tensor(rng.randn(*a.shape)) for a in arrays]
    terms = [(g * w).sum() for g, w in zip(grads, ws) if g is not None and g.requires_grad]
    second = None
    if terms:
        total = terms[0]
        for t in terms[1:]:
            total = total + t
        second = T.autograd.grad(total, leaves, allow_unused=True)
        second = [None if s is None else s.detach().numpy(force=True) for s in second]
    first = [None if g is None else g.detach().numpy(force=True) for g in grads]
    return sigs, first, second


@pytest.mark.parametrize("name", list(OPS))
def test_derivative_graph_names_match_torch(name: str) -> None:
    fn, makers = OPS[name]
    rng = np.random.RandomState(SEED)
    arrays = [m(rng) for m in makers]
    t_sigs, t_first, t_second = _run(torch, fn, arrays, np.random.RandomState(SEED + 1))
    m_sigs, m_first, m_second = _run(minigrad, fn, arrays, np.random.RandomState(SEED + 1))
    for i, (m, t) in enumerate(zip(m_sigs, t_sigs)):
        assert m == t, f"{name}: graph of the gradient of input {i} (seed {SEED})"
    for m, t in zip(m_first, t_first):
        np.testing.assert_allclose(m, t, rtol=1e-7, atol=1e-10, err_msg=f"seed {SEED}")
    assert (m_second is None) == (t_second is None), f"seed {SEED}"
    for m, t in zip(m_second or (), t_second or ()):
        if m is None or t is None:
            assert m is None and t is None or np.all((m if t is None else t) == 0)
            continue
        np.testing.assert_allclose(m, t, rtol=1e-7, atol=1e-10, err_msg=f"seed {SEED}")
