"""``minigrad.func`` against ``torch.func`` 2.13: each case runs with both
libraries, and the results must have the same structure (tuples, lists, dicts,
tensors), shapes, dtypes and values, and the same ``requires_grad``."""

from __future__ import annotations

import functools

import numpy as np
import pytest
import torch

import minigrad

from ..transcript import run
from .test_forward_ad import _fixed, _ops


def _same(mine, theirs, rtol=1e-5, atol=1e-6) -> None:
    """Walk both results together."""
    if isinstance(theirs, torch.Tensor):
        assert isinstance(mine, minigrad.Tensor), type(mine)
        assert tuple(mine.shape) == tuple(theirs.shape)
        assert str(mine.dtype) == str(theirs.dtype)
        assert mine.requires_grad == theirs.requires_grad
        np.testing.assert_allclose(
            mine.detach().numpy(), theirs.detach().numpy(), rtol=rtol, atol=atol
        )
    elif isinstance(theirs, (tuple, list)):
        assert type(mine) is type(theirs), (type(mine), type(theirs))
        assert len(mine) == len(theirs)
        for a, b in zip(mine, theirs):
            _same(a, b, rtol, atol)
    elif isinstance(theirs, dict):
        assert type(mine) is dict and list(mine) == list(theirs)
        for k in theirs:
            _same(mine[k], theirs[k], rtol, atol)
    else:
        assert mine == theirs


def _data(lib, *shape, seed=0):
    rng = np.random.default_rng(seed + len(shape))
    return lib.tensor(rng.standard_normal(shape).astype(np.float32))


def _predict(lib, weight, bias, x):
    return lib.nn.functional.linear(x, weight, bias).tanh()


def _in_no_grad(lib, run):
    with lib.no_grad():
        return run()


CASES = {
    # grad and grad_and_value
    "grad": lambda lib: lib.func.grad(lambda x: (x.sin() * x).sum())(_data(lib, 3)),
    "grad argnums tuple": lambda lib: lib.func.grad(
        lambda x, y: (x * y.exp()).sum(), argnums=(0, 1)
    )(_data(lib, 3), _data(lib, 3, seed=1)),
    "grad argnums=(0,)": lambda lib: lib.func.grad(lambda x: x.sum() ** 2, argnums=(0,))(
        _data(lib, 2)
    ),
    "grad negative argnums": lambda lib: lib.func.grad(lambda x, y: (x * y).sum(), argnums=-1)(
        _data(lib, 2), _data(lib, 2, seed=1)
    ),
    "grad has_aux": lambda lib: lib.func.grad(lambda x: ((x**2).sum(), x * 2), has_aux=True)(
        _data(lib, 3)
    ),
    "grad of a dict": lambda lib: lib.func.grad(lambda d: (d["a"] * d["b"]).sum())(
        {"a": _data(lib, 2), "b": _data(lib, 2, seed=1)}
    ),
    "grad of a tuple and a list": lambda lib: lib.func.grad(lambda t: (t[0] * t[1][0]).sum())(
        (_data(lib, 2), [_data(lib, 2, seed=1)])
    ),
    "grad unused input": lambda lib: lib.func.grad(lambda x, y: x.sum(), argnums=1)(
        _data(lib, 2), _data(lib, 3)
    ),
    "grad constant function": lambda lib: lib.func.grad(lambda x: lib.tensor(1.0))(_data(lib, 2)),
    "grad of grad": lambda lib: lib.func.grad(lib.func.grad(lambda x: x.sin() * x**3))(
        lib.tensor(0.7)
    ),
    "grad thrice": lambda lib: lib.func.grad(lib.func.grad(lib.func.grad(lambda x: x.exp() * x)))(
        lib.tensor(0.3)
    ),
    "grad keeps the caller's graph": lambda lib: lib.func.grad(lambda x: (x**3).sum())(
        _data(lib, 2).requires_grad_()
    ),
    "grad_and_value": lambda lib: lib.func.grad_and_value(lambda x: (x**3).sum())(_data(lib, 3)),
    "grad_and_value has_aux": lambda lib: lib.func.grad_and_value(
        lambda x: ((x**2).sum(), {"double": x * 2}), has_aux=True
    )(_data(lib, 3)),
    # vjp
    "vjp": lambda lib: (lambda out, fn: (out, fn(_data(lib, 3, seed=5))))(
        *lib.func.vjp(lambda x: x.sin(), _data(lib, 3))
    ),
    "vjp two primals, two outputs": lambda lib: (
        lambda out, fn: (out, fn((lib.ones(3), _data(lib, 3))))
    )(*lib.func.vjp(lambda x, y: (x * y, x + y), _data(lib, 3), _data(lib, 3, seed=1))),
    "vjp has_aux": lambda lib: (lambda out, fn, aux: (out, fn(lib.ones(3)), aux))(
        *lib.func.vjp(lambda x: (x.exp(), x.sum()), _data(lib, 3), has_aux=True)
    ),
    "vmap of a vjp_fn": lambda lib: lib.func.vmap(
        lib.func.vjp(
            functools.partial(_predict, lib, _data(lib, 4, 4), _data(lib, 4)), _data(lib, 4, seed=2)
        )[1]
    )(lib.eye(4)),
    # jvp and linearize
    "jvp": lambda lib: lib.func.jvp(
        lambda x, y: x**2 + y**2,
        (_data(lib, 3), _data(lib, 3, seed=1)),
        (lib.ones(3), _data(lib, 3, seed=2)),
    ),
    "jvp two outputs": lambda lib: lib.func.jvp(
        lambda x: (x.sin(), x.cos().sum()), (_data(lib, 3),), (_data(lib, 3, seed=1),)
    ),
    "jvp has_aux": lambda lib: lib.func.jvp(
        lambda x: (x.sin(), x.cos()), (_data(lib, 3),), (lib.ones(3),), has_aux=True
    ),
    "jvp of grad (hvp)": lambda lib: lib.func.jvp(
        lib.func.grad(lambda x: x.sin().sum()), (_data(lib, 4),), (_data(lib, 4, seed=1),)
    ),
    "linearize": lambda lib: (lambda out, fn: (out, fn(lib.ones(3)), fn(_data(lib, 3, seed=1))))(
        *lib.func.linearize(lambda x: x.exp() * x, _data(lib, 3))
    ),
    # jacrev, jacfwd, hessian
    "jacrev": lambda lib: lib.func.jacrev(lambda x: x.sin())(_data(lib, 3)),
    "jacrev argnums": lambda lib: lib.func.jacrev(functools.partial(_predict, lib), argnums=(0, 1))(
        _data(lib, 3, 2), _data(lib, 3), _data(lib, 2, seed=1)
    ),
    "jacrev two outputs": lambda lib: lib.func.jacrev(
        lambda x, y: (x * y, x.sum()), argnums=(0, 1)
    )(_data(lib, 3), _data(lib, 3, seed=1)),
    "jacrev has_aux": lambda lib: lib.func.jacrev(lambda x: (x.sin(), x), has_aux=True)(
        _data(lib, 3)
    ),
    "jacrev scalar in and out": lambda lib: lib.func.jacrev(lambda x: x.sin())(lib.tensor(2.0)),
    "jacrev matrix": lambda lib: lib.func.jacrev(lambda m: m @ m)(_data(lib, 2, 2)),
    "jacfwd": lambda lib: lib.func.jacfwd(lambda x: x.sin())(_data(lib, 3)),
    "jacfwd argnums": lambda lib: lib.func.jacfwd(functools.partial(_predict, lib), argnums=(0, 2))(
        _data(lib, 3, 2), _data(lib, 3), _data(lib, 2, seed=1)
    ),
    "jacfwd two outputs": lambda lib: lib.func.jacfwd(lambda x: (x * 2, x.sum()))(_data(lib, 3)),
    "jacfwd has_aux": lambda lib: lib.func.jacfwd(lambda x: (x.sin(), x), has_aux=True)(
        _data(lib, 3)
    ),
    "hessian": lambda lib: lib.func.hessian(lambda x: (x**3).sum() * x.sin().sum())(_data(lib, 3)),
    "hessian argnums": lambda lib: lib.func.hessian(lambda x, y: (x**3 * y).sum(), argnums=(0, 1))(
        _data(lib, 2), _data(lib, 2, seed=1)
    ),
    "hessian of predict": lambda lib: lib.func.hessian(functools.partial(_predict, lib), argnums=2)(
        _data(lib, 2, 3), _data(lib, 2), _data(lib, 3, seed=1)
    ),
    "jacrev of jacrev": lambda lib: lib.func.jacrev(lib.func.jacrev(lambda x: x.exp() * x.sum()))(
        _data(lib, 2)
    ),
    # weights from outside (a closure): the results stay connected to them
    "grad through a closure's weights": lambda lib: (
        lambda w: lib.func.grad(lambda x: (x * x * w).sum())(_data(lib, 2))
    )(_data(lib, 2, seed=1).requires_grad_()),
    "grad_and_value, has_aux through a closure": lambda lib: (
        lambda w: lib.func.grad_and_value(lambda x: ((x * x).sum(), w * 2), has_aux=True)(
            _data(lib, 2)
        )
    )(_data(lib, 2, seed=1).requires_grad_()),
    "vjp through a closure": lambda lib: (
        lambda w: (lambda out, fn: (out, fn(lib.ones(2))))(
            *lib.func.vjp(lambda x: x.sin() * w, _data(lib, 2))
        )
    )(_data(lib, 2, seed=1).requires_grad_()),
    "jacrev through a closure": lambda lib: (
        lambda w: lib.func.jacrev(lambda x: x * w)(_data(lib, 2))
    )(_data(lib, 2, seed=1).requires_grad_()),
    "grad in no_grad": lambda lib: (
        lambda w: _in_no_grad(lib, lambda: lib.func.grad(lambda x: (x * x * w).sum())(w * 1))
    )(_data(lib, 2, seed=1).requires_grad_()),
    # vmap
    "vmap": lambda lib: lib.func.vmap(lambda r: r.sum())(_data(lib, 2, 3)),
    "vmap in_dims=1": lambda lib: lib.func.vmap(lambda r: r.sum(), in_dims=1)(_data(lib, 2, 3)),
    "vmap in_dims None": lambda lib: lib.func.vmap(lambda r, s: r * s, in_dims=(0, None))(
        _data(lib, 2, 3), _data(lib, 3)
    ),
    "vmap out_dims": lambda lib: lib.func.vmap(lambda r: (r * 2, r.sum()), out_dims=(1, 0))(
        _data(lib, 2, 3)
    ),
    "vmap negative dims": lambda lib: lib.func.vmap(lambda r: r * 2, in_dims=-1, out_dims=-1)(
        _data(lib, 2, 3)
    ),
    "vmap nested": lambda lib: lib.func.vmap(lib.func.vmap(lambda a, b: a * b))(
        _data(lib, 2, 3), _data(lib, 2, 3, seed=1)
    ),
    "vmap dot": lambda lib: lib.vmap(lib.dot)(_data(lib, 4, 3), _data(lib, 4, 3, seed=1)),
    "vmap nested in_dims": lambda lib: lib.vmap(lambda t: t[0] + t[1], in_dims=((0, None),))(
        (_data(lib, 2, 3), _data(lib, 3, seed=1))
    ),
    "vmap a dict": lambda lib: lib.func.vmap(lambda d: d["a"] + d["b"])(
        {"a": _data(lib, 2, 3), "b": _data(lib, 2, 3, seed=1)}
    ),
    "vmap a number with None": lambda lib: lib.func.vmap(lambda r, k: r * k, in_dims=(0, None))(
        _data(lib, 2, 3), 3
    ),
    "vmap returns a list": lambda lib: lib.func.vmap(lambda r: [r, r.sum()])(_data(lib, 2, 3)),
    "vmap empty batch": lambda lib: lib.func.vmap(lambda r: r * 2)(lib.ones(0, 3)),
    "vmap keeps the graph": lambda lib: lib.func.vmap(lambda r: (r * 2).sum())(
        _data(lib, 2, 3).requires_grad_()
    ),
    "vmap of grad": lambda lib: lib.func.vmap(
        lib.func.grad(lambda w, x: (x @ w).tanh().sum()), in_dims=(None, 0)
    )(_data(lib, 3), _data(lib, 5, 3)),
    "vmap of jacrev": lambda lib: lib.func.vmap(
        lib.func.jacrev(functools.partial(_predict, lib), argnums=2), in_dims=(None, None, 0)
    )(_data(lib, 2, 3), _data(lib, 2), _data(lib, 4, 3)),
    "vmap of hessian": lambda lib: lib.func.vmap(
        lib.func.hessian(functools.partial(_predict, lib), argnums=2), in_dims=(None, None, 0)
    )(_data(lib, 2, 3), _data(lib, 2), _data(lib, 3, 3)),
    "vmap of vmap of grad": lambda lib: lib.func.vmap(lib.func.vmap(lib.func.grad(lambda x: x**3)))(
        _data(lib, 2, 3)
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_same_as_torch_func(name: str) -> None:
    _same(CASES[name](minigrad), CASES[name](torch))


def _module(lib):
    lib.manual_seed(0)
    return lib.nn.Sequential(lib.nn.Linear(3, 4), lib.nn.Tanh(), lib.nn.Linear(4, 2))


def test_functional_call() -> None:
    results = []
    for lib in (minigrad, torch):
        model = _module(lib)
        x = _data(lib, 5, 3)
        own = dict(model.named_parameters())
        new = {name: p.detach() * 2 for name, p in own.items()}
        out = lib.func.functional_call(model, new, (x,))
        out_single = lib.func.functional_call(model, {"0.bias": lib.zeros(4)}, x)
        call = functools.partial(lib.func.functional_call, model, args=(x,))
        grads = lib.func.grad(lambda params, call=call: call(params).sum())(new)
        # the model keeps its own parameters
        assert all(dict(model.named_parameters())[n] is p for n, p in own.items())
        results.append((out, out_single, grads, model(x)))
    _same(*results)


def test_functional_call_sets_an_unknown_name_for_the_call_only() -> None:
    class Scaled(minigrad.nn.Module):
        scale = 1.0

        def forward(self, x):
            return x * self.scale

    model = Scaled()
    out = minigrad.func.functional_call(model, {"scale": minigrad.tensor(3.0)}, minigrad.ones(2))
    assert out.tolist() == [3.0, 3.0] and model.scale == 1.0
    model.scale = 2.0
    minigrad.func.functional_call(model, {"scale": minigrad.tensor(3.0)}, minigrad.ones(2))
    assert model.scale == 2.0


def test_functional_call_with_buffers() -> None:
    results = []
    for lib in (minigrad, torch):
        lib.manual_seed(0)
        model = lib.nn.BatchNorm1d(3).eval()
        x = _data(lib, 4, 3)
        buffers = {"running_mean": lib.ones(3), "running_var": lib.full((3,), 4.0)}
        results.append(lib.func.functional_call(model, (buffers,), (x,)))
        assert model.running_mean.sum().item() == 0.0
    _same(*results)


def test_a_gradient_penalty_trains_the_weights() -> None:
    """grad(f) of a model's input, then a loss on that gradient: backward reaches
    the model's weights through the closure (as in a WGAN-GP penalty)."""
    results = []
    for lib in (minigrad, torch):
        model = _module(lib)
        x = _data(lib, 5, 3)
        penalty = lib.func.vmap(lib.func.grad(lambda row, model=model: model(row).sum()))(x)
        loss = ((penalty.norm(dim=1) - 1) ** 2).mean()
        loss.backward()
        results.append((loss, [p.grad for p in model.parameters()]))
    _same(*results)


def test_stack_module_state() -> None:
    results = []
    for lib in (minigrad, torch):
        lib.manual_seed(0)
        models = [lib.nn.BatchNorm1d(3) for _ in range(2)]
        models[1].running_mean.add_(1.5)
        results.append(lib.func.stack_module_state(models))
    _same(*results)


def test_the_transforms_leave_the_inputs_alone() -> None:
    x = minigrad.tensor([1.0, 2.0])
    minigrad.func.grad(lambda a: (a * a).sum())(x)
    minigrad.func.jacfwd(lambda a: a.exp())(x)
    assert not x.requires_grad and x.grad is None and x.grad_fn is None


O2 = "torch.ones(2)"
ERRORS = {
    "grad of a vector": "torch.func.grad(lambda x: x * 2)(torch.ones(2))",
    "grad of a number": "torch.func.grad(lambda x: 3.0)(torch.ones(2))",
    "grad argnum too big": f"torch.func.grad(lambda x, y: x.sum(), argnums=2)({O2}, {O2})",
    "grad empty argnums": "torch.func.grad(lambda x: x.sum(), argnums=())(torch.ones(2))",
    "grad has_aux without aux": "torch.func.grad(lambda x: x.sum(), has_aux=True)(torch.ones(2))",
    "grad of an integer tensor": "torch.func.grad(lambda x: x.sum())(torch.tensor([1, 2]))",
    "grad of a number input": "torch.func.grad(lambda x: x.sum())(3.0)",
    "vjp_fn wrong shape": "torch.func.vjp(lambda x: x * 2, torch.ones(3))[1](torch.ones(2))",
    "vjp_fn wrong structure": f"torch.func.vjp(lambda x: x * 2, {O2})[1](({O2}, {O2}))",
    "vjp aux not a tensor": "torch.func.vjp(lambda x: (x, 3), torch.ones(3), has_aux=True)",
    "jvp primals not a tuple": "torch.func.jvp(lambda x: x, torch.ones(2), torch.ones(2))",
    "jvp structure": f"torch.func.jvp(lambda x: x, ({O2},), ({O2}, {O2}))",
    "jvp tangent size": "torch.func.jvp(lambda x: x, (torch.ones(2),), (torch.ones(3),))",
    "jvp returns a number": "torch.func.jvp(lambda x: 3, (torch.ones(2),), (torch.ones(2),))",
    "vmap sizes differ": "torch.func.vmap(torch.mul)(torch.ones(2), torch.ones(3))",
    "vmap in_dims out of range": f"torch.func.vmap(lambda x, y: x, in_dims=(0, 1))({O2}, {O2})",
    "vmap 0-dim input": "torch.func.vmap(lambda x: x)(torch.tensor(1.0))",
    "vmap of a number": "torch.func.vmap(lambda x: x)(3.0)",
    "vmap no inputs": "torch.func.vmap(lambda: 1)()",
    "vmap in_dims None": "torch.func.vmap(lambda x: x, in_dims=None)(torch.ones(2))",
    "vmap in_dims too long": "torch.func.vmap(lambda x: x, in_dims=(0, 0))(torch.ones(2))",
    "vmap nested in_dims that do not fit": f"torch.vmap(lambda t: t, in_dims=((0, 0),))({O2})",
    "vmap nothing mapped": "torch.func.vmap(lambda x: x, in_dims=(None,))(torch.ones(2))",
    "vmap returns a number": "torch.func.vmap(lambda x: 3.0)(torch.ones(2))",
    "functional_call strict, missing": (
        "torch.func.functional_call(torch.nn.Linear(2, 1), {'weight': torch.ones(1, 2)}, "
        "torch.ones(1, 2), strict=True)"
    ),
    "functional_call strict, both": (
        "torch.func.functional_call(torch.nn.Linear(2, 1), {'weight': torch.ones(1, 2), "
        "'w': torch.ones(1)}, torch.ones(1, 2), strict=True)"
    ),
    "functional_call, one name twice": (
        "torch.func.functional_call(torch.nn.Linear(2, 1), ({'bias': torch.ones(1)}, "
        "{'bias': torch.ones(1)}), torch.ones(1, 2))"
    ),
    "stack_module_state of no model": "torch.func.stack_module_state([])",
    "stack_module_state, requires_grad differs": (
        "models = [torch.nn.Linear(2, 2), torch.nn.Linear(2, 2)]\n"
        "models[1].bias.requires_grad_(False)\n"
        "torch.func.stack_module_state(models)"
    ),
}


@pytest.mark.parametrize("name", list(ERRORS))
def test_errors_are_torchs(name: str) -> None:
    mine, theirs = run(ERRORS[name], minigrad), run(ERRORS[name], torch)
    assert theirs.error is not None
    assert mine.lines() == theirs.lines()


def test_vmap_is_a_loop_and_says_so() -> None:
    assert "loop" in minigrad.func.vmap.__doc__
    assert minigrad.vmap is minigrad.func.vmap


@pytest.mark.parametrize("mode", ["jacrev", "jacfwd"])
@pytest.mark.parametrize("name", list(_ops(torch)))
def test_jacobians_of_each_operation_are_torchs(name: str, mode: str) -> None:
    """The Jacobian of each operation of the forward-AD tests, both ways."""
    results = []
    for lib in (minigrad, torch):
        op = _ops(lib)[name]
        results.append(getattr(lib.func, mode)(op)(_fixed(lib, 3, 4)))
    _same(*results, rtol=1e-5, atol=1e-6)
