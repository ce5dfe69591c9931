"""Statistics (median, nanmedian, kthvalue, var_mean, std_mean, nansum, nanmean, cummax,
cummin, logcumsumexp, aminmax, diff, quantile, nanquantile) against real torch: values,
dtypes, grad_fn names, first- and second-order gradients (``check``, on random
inputs without ties), named tuples and reprs, NaNs, and misuse errors."""

from __future__ import annotations

import numpy as np
import pytest

from ..compare import same
from .differential import _randn, check

CASES = {
    "median": (lambda T, x: x.median(), [(3, 4)]),
    "median_odd": (lambda T, x: T.median(x), [(5,)]),
    "median_dim": (lambda T, x: T.median(x, 1), [(3, 4)]),
    "median_dim_keepdim": (lambda T, x: x.median(dim=0, keepdim=True), [(3, 4)]),
    "median_negative_dim": (lambda T, x: x.median(-1).values * 2, [(2, 3, 5)]),
    "kthvalue": (lambda T, x: T.kthvalue(x, 2), [(3, 4)]),
    "kthvalue_dim_keepdim": (lambda T, x: x.kthvalue(3, 0, True), [(3, 4)]),
    "var_mean": (lambda T, x: T.var_mean(x), [(3, 4)]),
    "var_mean_dim": (lambda T, x: T.var_mean(x, 1, keepdim=True), [(3, 4)]),
    "var_mean_correction": (lambda T, x: T.var_mean(x, [0, 1], correction=0), [(2, 3, 2)]),
    "var_mean_only_mean": (lambda T, x: T.var_mean(x, 0)[1] * 3, [(3, 4)]),
    "std_mean": (lambda T, x: T.std_mean(x), [(3, 4)]),
    "std_mean_dim": (lambda T, x: T.std_mean(x, dim=0), [(3, 4)]),
    "std_mean_only_std": (lambda T, x: T.std_mean(x, 1, False)[0].exp(), [(3, 4)]),
    "nansum": (lambda T, x: T.nansum(x), [(3, 4)]),
    "nansum_dim": (lambda T, x: x.nansum(1), [(3, 4)]),
    "nansum_dims_keepdim": (lambda T, x: T.nansum(x, (0, 2), keepdim=True), [(2, 3, 2)]),
    "nanmean": (lambda T, x: T.nanmean(x), [(3, 4)]),
    "nanmean_dim": (lambda T, x: x.nanmean(0, keepdim=True), [(3, 4)]),
    "cummax": (lambda T, x: T.cummax(x, 1), [(3, 5)]),
    "cummin": (lambda T, x: x.cummin(0), [(4, 3)]),
    "logcumsumexp": (lambda T, x: T.logcumsumexp(x, 1), [(3, 5)]),
    "logcumsumexp_dim0": (lambda T, x: x.logcumsumexp(0) * x, [(4, 2)]),
    "aminmax": (lambda T, x: T.aminmax(x), [(3, 4)]),
    "aminmax_dim": (lambda T, x: x.aminmax(dim=1), [(3, 4)]),
    "aminmax_keepdim": (lambda T, x: T.aminmax(x, dim=0, keepdim=True), [(3, 4)]),
    "aminmax_only_max": (lambda T, x: T.aminmax(x, dim=0).max * 2, [(3, 4)]),
    "diff": (lambda T, x: T.diff(x), [(3, 5)]),
    "diff_twice_dim0": (lambda T, x: x.diff(n=2, dim=0), [(4, 3)]),
    "diff_prepend_append": (lambda T, x, p, a: T.diff(x, 1, 1, p, a), [(2, 3), (2, 1), (2, 2)]),
    "quantile": (lambda T, x: T.quantile(x, 0.3), [(3, 4)]),
    "quantile_dim": (lambda T, x: x.quantile(0.75, dim=1), [(3, 4)]),
    "quantile_dim_keepdim": (lambda T, x: T.quantile(x, 0.4, 0, True), [(3, 4)]),
    "quantile_tensor_q": (
        lambda T, x: T.quantile(x, T.tensor([0.1, 0.5, 0.9], dtype=T.float64), dim=1),
        [(3, 4)],
    ),
    "quantile_tensor_q_all": (
        lambda T, x: x.quantile(T.tensor([0.25, 1.0], dtype=T.float64), keepdim=True),
        [(2, 3)],
    ),
    "quantile_midpoint": (lambda T, x: T.quantile(x, 0.3, 1, interpolation="midpoint"), [(2, 5)]),
    "quantile_lower": (lambda T, x: T.quantile(x, 0.3, 1, interpolation="lower"), [(2, 5)]),
    "quantile_nearest": (lambda T, x: T.quantile(x, 0.6, interpolation="nearest"), [(2, 5)]),
    "nanmedian": (lambda T, x: x.nanmedian(), [(3, 4)]),
    "nanmedian_dim": (lambda T, x: T.nanmedian(x, 1, keepdim=True), [(3, 4)]),
    "nanquantile": (lambda T, x: T.nanquantile(x, 0.3, dim=0), [(3, 4)]),
}


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("name", list(CASES))
def test_values_and_gradients(name: str, seed: int) -> None:
    fn, shapes = CASES[name]
    check(fn, _randn(seed, *shapes), seed)


def _nan(T):
    return float("nan")


PRINTED = {
    "nan_variants": lambda T: [
        T.tensor([[1.0, _nan(T), 3.0, 2.0], [5.0, _nan(T), _nan(T), _nan(T)]]).nanmedian(),
        T.tensor([[1.0, _nan(T), 3.0, 2.0], [5.0, _nan(T), _nan(T), 4.0]]).nanmedian(1),
        T.tensor([_nan(T), _nan(T)]).nanmedian(),
        T.tensor([3, 1, 2]).nanmedian(0),
        T.nanquantile(T.tensor([[1.0, _nan(T), 3.0, 2.0], [_nan(T)] * 4]), 0.3, dim=1),
        T.tensor([1.0, _nan(T), 3.0]).nanquantile(T.tensor([0.2, 0.9]), keepdim=True),
    ],
    "median": lambda T: [
        T.tensor([3.0, 1.0, 2.0, 5.0]).median(),  # the lower of the two middle ones
        T.tensor([3, 1, 2, 5]).median(),
        T.tensor([1.0, _nan(T), 2.0]).median(),
        T.tensor([]).median(),
        T.tensor([[1.0, _nan(T), 2.0], [3.0, 2.0, 1.0]]).median(1),
        T.tensor([[1.0, 1.0, 2.0, 1.0]]).median(1),
        T.tensor([2.0]).median(0),
        T.tensor(2.0).median(0),
        T.tensor([[4, 1], [2, 3]]).median(0, keepdim=True),
    ],
    "kthvalue": lambda T: [
        T.tensor([[3.0, 1.0, 2.0]]).kthvalue(2),
        T.tensor([[3.0, 1.0, 2.0]]).kthvalue(1, 0, True),
        T.tensor([1.0, _nan(T), 0.0]).kthvalue(3),
        T.tensor([5, 9, 1]).kthvalue(1),
    ],
    "var_mean": lambda T: [
        T.std_mean(T.tensor([1.0, 2.0, 4.0])),
        T.var_mean(T.tensor([[1.0, 2.0, 4.0]]), 1, keepdim=True),
        T.var_mean(T.tensor([1.0, 2.0, 4.0]), correction=0),
        T.var_mean(T.tensor([[1.0, 2.0, 4.0]]), False),
        T.var_mean(T.tensor([[1.0, 2.0, 4.0]]), 1, False),
        T.std_mean(T.tensor([1.0])),  # (and torch's warning: no degrees of freedom)
        T.var_mean(T.tensor([[1.0, 2.0], [3.0, 5.0]], dtype=T.float64), dim=0),
    ],
    "nansum_nanmean": lambda T: [
        T.nansum(T.tensor([1.0, _nan(T), 2.0])),
        T.nansum(T.tensor([1, 2])),
        T.nansum(T.tensor([True, True])),
        T.nansum(T.tensor([[1.0, _nan(T)], [_nan(T), _nan(T)]]), 1),
        T.nansum(T.tensor([1.0, _nan(T)]), dtype=T.float64),
        T.nanmean(T.tensor([[1.0, _nan(T)], [_nan(T), _nan(T)]]), 1),
        T.tensor([[1.0, _nan(T)], [_nan(T), 3.0]]).nanmean(),
    ],
    "cummax_cummin": lambda T: [
        T.tensor([3, 1, 3, 5, 5]).cummax(0),  # ties: the latest index
        T.tensor([3.0, _nan(T), 3.0, 5.0]).cummax(0),
        T.tensor([3.0, 1.0, 1.0, 5.0]).cummin(0),
        T.tensor([[3.0, 1.0], [2.0, 2.0]]).cummin(1),
        T.tensor(3.0).cummax(0),
        T.tensor([True, False]).cummax(0),
        T.tensor([_nan(T), 1.0, _nan(T)]).cummin(0),
    ],
    "logcumsumexp": lambda T: [
        T.tensor([1.0, 2.0, 3.0]).logcumsumexp(0),
        T.tensor([-float("inf"), 2.0, float("inf")]).logcumsumexp(0),
        T.tensor([1000.0, 1000.0]).logcumsumexp(0),
        T.tensor(2.0).logcumsumexp(0),
    ],
    "aminmax": lambda T: [
        T.aminmax(T.tensor([[3.0, 1.0], [2.0, 2.0]])),
        T.aminmax(T.tensor([[3.0, 1.0], [2.0, 2.0]]), dim=0, keepdim=True),
        T.aminmax(T.tensor([1, 7, -2])),
        T.aminmax(T.tensor([1.0, _nan(T)])),
        T.aminmax(T.tensor([True, False])),
        T.aminmax(T.tensor([1.0, 2.0, 3.0]), dim=0).max,
    ],
    "diff": lambda T: [
        T.diff(T.tensor([1, 4, 9, 16])),
        T.diff(T.tensor([1.0, 4.0, 9.0, 16.0]), n=2),
        T.diff(T.tensor([True, False, False])),
        T.diff(T.tensor([1.0, 2.0]), n=5),
        T.diff(T.tensor([1.0, 2.0]), n=0),
        T.diff(T.tensor([1.0, 2.0]), prepend=T.tensor([0.0]), append=T.tensor([9.0, 8.0])),
        T.diff(T.tensor([[1.0, 2.0], [3.0, 5.0]]), dim=0),
        T.diff(T.tensor([1, 2]), prepend=T.tensor([0.5])),
    ],
    "quantile": lambda T: [
        T.quantile(T.tensor([[1.0, 5.0, 2.0, 8.0], [3.0, 0.0, 4.0, 4.0]]), 0.3),
        T.quantile(T.tensor([[1.0, 5.0, 2.0, 8.0], [3.0, 0.0, 4.0, 4.0]]), 0.3, dim=1),
        T.tensor([[1.0, 5.0], [3.0, 0.0]]).quantile(T.tensor([0.25, 0.5, 1.0]), dim=1),
        T.quantile(T.tensor([[1.0, 5.0], [3.0, 0.0]]), T.tensor([0.25, 0.5]), keepdim=True),
        T.quantile(T.tensor([1.0, 5.0, 2.0, 8.0]), 0.4, interpolation="higher"),
        T.quantile(T.tensor([1.0, 5.0, 2.0, 8.0]), 0.5, interpolation="nearest"),
        T.quantile(
            T.tensor([0.0, 1.0, 2.0, 3.0]),
            T.tensor([0.125, 0.375, 0.625, 0.875]),
            interpolation="nearest",
        ),
        T.quantile(T.tensor([1.0, _nan(T)]), 0.3),
        T.quantile(T.tensor(3.0), 0.3),
        T.quantile(T.tensor(3.0), 0.3, dim=0),
        T.quantile(T.tensor([1.0, 3.0], dtype=T.float64), 0.25),
    ],
}


@pytest.mark.parametrize("name", list(PRINTED))
def test_values_dtypes_and_reprs(name: str) -> None:
    def program(T):
        out = PRINTED[name](T)
        return out, repr(out)

    same(program)


def test_reprs_and_grad_fn_names_with_grad() -> None:
    def program(T):
        x = T.tensor([[3.0, 1.0, 2.0, 5.0], [0.5, 4.0, -1.0, 2.0]], requires_grad=True)
        outs = [
            x.median(),
            x.median(1),
            x.kthvalue(2),
            T.var_mean(x, 1),
            T.std_mean(x),
            T.nansum(x),
            T.nanmean(x, 1),
            x.cummax(1),
            x.cummin(0),
            x.logcumsumexp(1),
            T.aminmax(x),
            T.diff(x),
            T.quantile(x, 0.3),
            T.quantile(x, T.tensor([0.3, 0.5]), dim=1),
        ]
        return [repr(o) for o in outs], outs

    same(program)


def test_ties_share_the_gradient_of_median_and_aminmax() -> None:
    def program(T):
        x = T.tensor([[1.0, 1.0, 3.0, 3.0], [2.0, 2.0, 2.0, 0.0]], requires_grad=True)
        mn, mx = T.aminmax(x)
        (mn * 2 + mx * 5).backward()
        g1 = x.grad
        x.grad = None
        mn, mx = T.aminmax(x, dim=1)
        (mn * T.tensor([2.0, 3.0]) + mx * 5).sum().backward()
        g2 = x.grad
        x.grad = None
        x.median().backward()
        return g1, g2, x.grad

    same(program)


def test_running_extremes_send_each_gradient_to_its_source() -> None:
    def program(T):
        x = T.tensor([3.0, 1.0, 3.0, 5.0, 5.0, 2.0], requires_grad=True)
        values, indices = x.cummax(0)
        (values * T.arange(1.0, 7.0)).sum().backward()
        return values, indices, x.grad

    same(program)


MISUSE = {
    "nanmedian_bool": lambda T: T.tensor([True]).nanmedian(),
    "nanmedian_empty_dim": lambda T: T.ones(2, 0).nanmedian(1),
    "nanquantile_ints": lambda T: T.nanquantile(T.tensor([1, 2]), 0.5),
    "nanquantile_q_range": lambda T: T.nanquantile(T.ones(2), T.tensor([2.0])),
    "median_bool": lambda T: T.tensor([True, False]).median(),
    "median_empty_dim": lambda T: T.ones(2, 0).median(1),
    "median_dim_range": lambda T: T.ones(2, 3).median(2),
    "kthvalue_too_large": lambda T: T.tensor([[3.0, 1.0, 2.0]]).kthvalue(4),
    "kthvalue_zero": lambda T: T.tensor([[3.0, 1.0, 2.0]]).kthvalue(0),
    "var_mean_ints": lambda T: T.var_mean(T.tensor([1, 2])),
    "std_mean_ints": lambda T: T.std_mean(T.tensor([1, 2])),
    "nanmean_ints": lambda T: T.nanmean(T.tensor([1, 2])),
    "cummax_dim": lambda T: T.ones(2).cummax(1),
    "logcumsumexp_ints": lambda T: T.tensor([1, 2]).logcumsumexp(0),
    "aminmax_empty": lambda T: T.aminmax(T.tensor([])),
    "aminmax_dim": lambda T: T.aminmax(T.ones(2, 2), dim=2),
    "diff_0dim": lambda T: T.diff(T.tensor(1.0)),
    "diff_negative_order": lambda T: T.diff(T.tensor([1.0, 2.0]), n=-1),
    "diff_prepend_dims": lambda T: T.diff(T.ones(2, 2), prepend=T.tensor([0.0])),
    "diff_dim": lambda T: T.diff(T.tensor([1.0, 2.0]), dim=1),
    "quantile_ints": lambda T: T.quantile(T.tensor([1, 2]), 0.5),
    "quantile_q_dtype": lambda T: T.quantile(T.ones(3), T.tensor([0.5], dtype=T.float64)),
    "quantile_q_2d": lambda T: T.quantile(T.ones(3), T.tensor([[0.5]])),
    "quantile_q_range": lambda T: T.quantile(T.ones(3), 1.5),
    "quantile_q_negative": lambda T: T.quantile(T.ones(3), -0.1),
    "quantile_q_tensor_range": lambda T: T.quantile(T.ones(3), T.tensor([0.5, 1.5])),
    "quantile_interpolation": lambda T: T.quantile(T.ones(3), 0.5, interpolation="foo"),
    "quantile_empty": lambda T: T.quantile(T.tensor([]), 0.5),
    "quantile_dim": lambda T: T.quantile(T.ones(2, 2), 0.3, dim=2),
}


@pytest.mark.parametrize("name", list(MISUSE))
def test_misuse(name: str) -> None:
    outcome = same(MISUSE[name])
    assert outcome[0][0] == "error"


def test_median_is_an_element_not_an_average() -> None:
    x = np.array([4.0, 1.0, 3.0, 2.0])
    out = same(lambda T: T.median(T.tensor(x)))
    assert out[0][1][0] == 2.0
