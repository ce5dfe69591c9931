"""LBFGS side by side with torch, with and without the strong Wolfe line search.

minigrad's LBFGS does torch's arithmetic in torch's order, but its dot
products are numpy's, which add in another order than torch's (its BLAS), so
the two agree bit for bit only until a dot product's last bit decides
something; afterwards they agree to a few units in the last place per
iteration. The tests check both: one iteration exactly, whole runs closely,
with the same number of iterations and evaluations."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad


def _problem(lib, n: int, dtype: str, seed: int = 1):
    """A smooth convex loss of ``n`` parameters (elementwise, so that its gradient
    is computed the same way by both libraries), its parameter and an LBFGS."""
    rng = np.random.default_rng(seed)
    a = lib.tensor((rng.random(n) + 0.5).astype(dtype))
    c = lib.tensor(rng.standard_normal(n).astype(dtype))
    w = lib.nn.Parameter(lib.tensor(rng.standard_normal(n).astype(dtype)))

    def loss_fn():
        return (a * (w - c) ** 2 + 0.1 * w**4).sum()

    return w, loss_fn


def _closure(opt, loss_fn):
    """The closure LBFGS re-evaluates: clear the gradients, compute the loss, backward."""

    def closure():
        opt.zero_grad()
        loss = loss_fn()
        loss.backward()
        return loss

    return closure


def _run(lib, n: int, dtype: str, steps: int, **kwargs):
    w, loss_fn = _problem(lib, n, dtype)
    opt = lib.optim.LBFGS([w], **kwargs)
    closure = _closure(opt, loss_fn)
    losses = [opt.step(closure).item() for _ in range(steps)]
    state = opt.state[w]
    return dict(
        w=w.detach().numpy().copy(),
        losses=losses,
        counts=(state["func_evals"], state["n_iter"], len(state["old_dirs"])),
        keys=list(state),
        final=loss_fn().item(),
    )


@pytest.mark.parametrize("line_search_fn", [None, "strong_wolfe"])
@pytest.mark.parametrize("n", [5, 40])
def test_one_iteration_is_torchs_bit_for_bit(line_search_fn, n: int) -> None:
    mine = _run(minigrad, n, "float32", 1, max_iter=1, line_search_fn=line_search_fn)
    theirs = _run(torch, n, "float32", 1, max_iter=1, line_search_fn=line_search_fn)
    np.testing.assert_array_equal(mine["w"], theirs["w"])
    assert mine["counts"] == theirs["counts"]


CASES = [
    dict(),
    dict(line_search_fn="strong_wolfe"),
    dict(lr=0.5, history_size=3, max_iter=7),
    dict(line_search_fn="strong_wolfe", history_size=2, max_eval=9),
    dict(tolerance_grad=1e-3, tolerance_change=1e-4),
]


@pytest.mark.parametrize("kwargs", CASES, ids=str)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_runs_like_torch(kwargs: dict, dtype: str) -> None:
    mine = _run(minigrad, 40, dtype, 3, **kwargs)
    theirs = _run(torch, 40, dtype, 3, **kwargs)
    tol = 1e-5 if dtype == "float32" else 1e-12
    np.testing.assert_allclose(mine["w"], theirs["w"], rtol=tol, atol=tol)
    np.testing.assert_allclose(mine["losses"], theirs["losses"], rtol=tol)
    assert mine["counts"] == theirs["counts"]
    assert mine["keys"] == theirs["keys"]


def test_fitting_a_model_with_the_line_search_like_torch() -> None:
    """The usual LBFGS loop: a closure that computes a model's loss."""
    results = []
    for lib in (torch, minigrad):
        lib.manual_seed(0)
        rng = np.random.default_rng(0)
        x = lib.tensor(rng.standard_normal((16, 3)).astype("float32"))
        y = lib.tensor(rng.standard_normal((16, 1)).astype("float32"))
        model = lib.nn.Linear(3, 1)
        opt = lib.optim.LBFGS(model.parameters(), lr=0.8, line_search_fn="strong_wolfe")
        mse = lib.nn.functional.mse_loss
        closure = _closure(opt, lambda model=model, x=x, y=y, mse=mse: mse(model(x), y))
        losses = [opt.step(closure).item() for _ in range(4)]
        results.append((losses, model.weight.detach().numpy().copy()))
    (losses_t, w_t), (losses_m, w_m) = results
    np.testing.assert_allclose(losses_m, losses_t, rtol=1e-5)
    np.testing.assert_allclose(w_m, w_t, rtol=1e-4, atol=1e-5)


def test_defaults_repr_and_state_dict_match_torch() -> None:
    seen = []
    for lib in (torch, minigrad):
        w, loss_fn = _problem(lib, 3, "float32")
        opt = lib.optim.LBFGS([w], history_size=4)
        opt.step(_closure(opt, loss_fn))
        sd = opt.state_dict()
        seen.append(
            (
                opt.defaults,
                repr(opt),
                type(opt).__module__,
                sd["param_groups"],
                list(sd["state"]),
                {k: type(v).__name__ for k, v in sd["state"][0].items()},
            )
        )
    assert seen[0] == seen[1]
    assert "LBFGS" in minigrad.optim.__all__


def _error(make) -> tuple[str, str]:
    try:
        make()
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        return type(e).__name__, str(e)
    raise AssertionError("no error")


def _step_without_closure(lib):
    lib.optim.LBFGS([lib.nn.Parameter(lib.ones(2))]).step()


def _unknown_line_search(lib):
    w = lib.nn.Parameter(lib.ones(2))
    opt = lib.optim.LBFGS([w], line_search_fn="armijo")
    opt.step(lambda: (w * w).sum().backward() or (w * w).sum())


ERRORS = {
    "groups": lambda lib: lib.optim.LBFGS(
        [{"params": [lib.nn.Parameter(lib.ones(1))]}, {"params": [lib.nn.Parameter(lib.ones(1))]}]
    ),
    "lr": lambda lib: lib.optim.LBFGS([lib.nn.Parameter(lib.ones(1))], lr=-1),
    "no closure": _step_without_closure,
    "line search": _unknown_line_search,
}


@pytest.mark.parametrize("name", list(ERRORS))
def test_errors_are_torchs(name: str) -> None:
    assert _error(lambda: ERRORS[name](minigrad)) == _error(lambda: ERRORS[name](torch))


def test_an_optimal_start_returns_at_once() -> None:
    for lib in (torch, minigrad):
        w = lib.nn.Parameter(lib.zeros(2))
        opt = lib.optim.LBFGS([w])
        calls = []

        def loss_fn(w=w, calls=calls):
            calls.append(1)
            return (w * w).sum()

        assert opt.step(_closure(opt, loss_fn)).item() == 0.0
        assert len(calls) == 1 and opt.state[w]["func_evals"] == 1
