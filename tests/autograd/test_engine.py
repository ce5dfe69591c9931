"""The backward engine against real PyTorch: hooks on tensors and on nodes (what
they may return, their handles, the order they run in, post-accumulate-grad
hooks), ``grad``/``backward(inputs=)`` with repeated, non-leaf and empty inputs,
what grad-of-grad results require, and in-place changes: of leaves, of values
saved for backward, and the version counter they bump.

Each test runs one program under ``torch`` and under ``minigrad`` and compares
values, gradients, ``requires_grad``/``grad_fn`` names, errors and warnings.
"""

from __future__ import annotations

from typing import Any

import pytest
import torch

import minigrad

from ..compare import same
from ..transcript import run


# --- hooks may replace a gradient, but not change its size or type ----------------
def _shrink(g: Any) -> Any:
    return g.sum()


class _Callable:
    def __call__(self, g: Any) -> Any:
        return g[:1]


HOOKS = {
    "same": lambda g: g * 2,
    "none": lambda g: None,
    "size": lambda g: g.sum(),
    "named size": _shrink,
    "object size": _Callable(),
    "dtype": lambda g: g.double(),
    "int dtype": lambda g: g.long(),
    "size and dtype": lambda g: g.double().sum(),
    "not a tensor": lambda g: 3,
}


@pytest.mark.parametrize("where", ["leaf", "non-leaf", "retained non-leaf"])
@pytest.mark.parametrize("hook", sorted(HOOKS))
def test_tensor_hook_results_are_checked(hook: str, where: str) -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = x * 3
        target = x if where == "leaf" else y
        if where == "retained non-leaf":
            y.retain_grad()
        target.register_hook(HOOKS[hook])
        (y * y).sum().backward()
        return x.grad, y.grad if where == "retained non-leaf" else None

    same(program)


NODE_HOOKS = {
    "pre same": ("pre", lambda go: (go[0] * 2,)),
    "pre none entry": ("pre", lambda go: (None,)),
    "pre size": ("pre", lambda go: (go[0].sum(),)),
    "pre dtype": ("pre", lambda go: (go[0].double(),)),
    "pre count": ("pre", lambda go: (go[0], go[0])),
    "pre list": ("pre", lambda go: [go[0]]),
    "pre bare tensor": ("pre", lambda go: go[0]),
    "pre number": ("pre", lambda go: (3,)),
    "post same": ("post", lambda gi, go: (gi[0] * 5, gi[1])),
    "post none": ("post", lambda gi, go: None),
    "post drop": ("post", lambda gi, go: (None, None)),
    "post size": ("post", lambda gi, go: (gi[0].sum(), gi[1])),
    "post dtype": ("post", lambda gi, go: (gi[0].double(), gi[1])),
    "post count": ("post", lambda gi, go: (gi[0],)),
}


@pytest.mark.parametrize("hook", sorted(NODE_HOOKS))
def test_node_hook_results_are_checked(hook: str) -> None:
    kind, fn = NODE_HOOKS[hook]

    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        w = lib.tensor([0.5, -1.0], requires_grad=True)
        y = x * w
        register = y.grad_fn.register_prehook if kind == "pre" else y.grad_fn.register_hook
        handle = register(fn)
        (y * y).sum().backward(retain_graph=True)
        first = (x.grad, w.grad)
        handle.remove()
        x.grad = w.grad = None
        (y * y).sum().backward()  # the hook is gone
        return first, x.grad, w.grad

    same(program)


def test_hook_order_tensor_hooks_then_retain_grad_then_node_prehooks() -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = x * 2
        y.grad_fn.register_prehook(lambda go: (go[0] * 10,))
        y.retain_grad()
        y.register_hook(lambda g: g * 3)
        (y * 1).sum().backward()
        return y.grad, x.grad

    same(program)


def test_node_hook_handles_remove_and_work_as_context_managers() -> None:
    def program(lib: Any) -> Any:
        calls: list[str] = []
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = x * 2
        pre = y.grad_fn.register_prehook(lambda go: calls.append("pre"))
        post = y.grad_fn.register_hook(lambda gi, go: calls.append("post"))
        y.sum().backward(retain_graph=True)
        pre.remove()
        y.sum().backward(retain_graph=True)
        post.remove()
        post.remove()
        with y.register_hook(lambda g: calls.append("tensor")):
            y.sum().backward(retain_graph=True)
        y.sum().backward()
        return calls, x.grad

    same(program)


def test_post_accumulate_grad_hook() -> None:
    def program(lib: Any) -> Any:
        seen: list = []
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        h = x.register_post_accumulate_grad_hook(lambda t: seen.append(t.grad.clone()))
        x.register_hook(lambda g: g * 10)
        (x * 3).sum().backward()
        (x * x).sum().backward()
        h.remove()
        (x * 1).sum().backward()
        return seen, x.grad

    def errors(lib: Any) -> Any:
        out = []
        for t in (lib.tensor([1.0]), lib.tensor([1.0], requires_grad=True) * 2):
            try:
                t.register_post_accumulate_grad_hook(lambda t: None)
            except RuntimeError as err:
                out.append(str(err))
        return out

    same(program)
    same(errors)


# --- grad / backward inputs ---------------------------------------------------------
INPUTS = {
    "grad [x, x]": lambda lib, x, y, z: lib.autograd.grad(z, [x, x]),
    "grad [y, x, y]": lambda lib, x, y, z: lib.autograd.grad(z, [y, x, y]),
    "grad []": lambda lib, x, y, z: lib.autograd.grad(z, []),
    "grad ()": lambda lib, x, y, z: lib.autograd.grad(z, ()),
    "grad dict": lambda lib, x, y, z: lib.autograd.grad(z, {"a": x, "b": y}),
    "grad unused": lambda lib, x, y, z: lib.autograd.grad(z, [x * 2]),
    "backward inputs=[y]": lambda lib, x, y, z: (
        z.backward(inputs=[y]),
        y.grad,
        x.grad,
        y.retains_grad,
    ),
    "backward inputs=[y, y]": lambda lib, x, y, z: (z.backward(inputs=[y, y]), y.grad, x.grad),
    "backward inputs=[x, y]": lambda lib, x, y, z: (z.backward(inputs=[x, y]), y.grad, x.grad),
    "backward inputs=y": lambda lib, x, y, z: (z.backward(inputs=y), y.grad),
    "backward inputs=[]": lambda lib, x, y, z: z.backward(inputs=[]),
    "backward inputs twice": lambda lib, x, y, z: (
        z.backward(inputs=[y], retain_graph=True),
        z.backward(),
        y.grad,
        x.grad,
    ),
    "backward inputs no grad": lambda lib, x, y, z: z.backward(inputs=[lib.ones(2)]),
}


@pytest.mark.parametrize("case", sorted(INPUTS))
def test_grad_and_backward_inputs(case: str) -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = x * 3
        z = (y * y * x).sum()
        return INPUTS[case](lib, x, y, z)

    same(program)


# --- what grad-of-grad results require --------------------------------------------
SECOND = {
    "prod 0-d": (lambda a: a.prod(), 2.0),
    "prod 0-d dim": (lambda a: a.prod(0), 2.0),
    "prod 1-d": (lambda a: a.prod(), [2.0, 3.0]),
    "prod 1-d zero": (lambda a: a.prod(), [2.0, 0.0, 3.0]),
    "prod dim": (lambda a: a.prod(1), [[2.0, 3.0], [1.0, 4.0]]),
    "sum": (lambda a: a.sum(), [2.0, 3.0]),
    "square sum": (lambda a: (a * a).sum(), [2.0, 3.0]),
    "exp": (lambda a: a.exp().sum(), [0.5, 1.0]),
    "max": (lambda a: a.max(), [1.0, 3.0]),
    "mean": (lambda a: a.mean(), [1.0, 3.0]),
}


@pytest.mark.parametrize("case", sorted(SECOND))
def test_grad_of_grad_requires_grad_like_torch(case: str) -> None:
    f, value = SECOND[case]

    def program(lib: Any) -> Any:
        a = lib.tensor(value, requires_grad=True)
        (g,) = lib.autograd.grad(f(a), a, create_graph=True)
        out = [g]
        if g.requires_grad:
            (gg,) = lib.autograd.grad(g.sum(), a, allow_unused=True, create_graph=True)
            out.append(gg)
        return out

    same(program)


# --- in-place changes and the version counter ----------------------------------------
VERSIONS = {
    "in-place on leaf": "x = torch.tensor([1., 2.], requires_grad=True)\nx.add_(1)",
    "augmented assignment on leaf": "x = torch.tensor([1., 2.], requires_grad=True)\nx *= 2",
    "setitem on leaf": "x = torch.tensor([1., 2.], requires_grad=True)\nx[0] = 5.",
    "zero_ on leaf": "x = torch.tensor([1., 2.], requires_grad=True)\nx.zero_()",
    "in-place on a view of a leaf": (
        "x = torch.tensor([1., 2.], requires_grad=True)\nv = x[:1]\nv.mul_(2)"
    ),
    "in-place on leaf under no_grad is fine": (
        "x = torch.tensor([1., 2.], requires_grad=True)\nwith torch.no_grad():\n"
        "    x.add_(1)\nprint(x)\nx.data.mul_(10)\nprint(x, x.is_leaf, x.grad_fn)"
    ),
    "saved output modified": (
        "a = torch.tensor([1., 2., 3.], requires_grad=True)\nb = a.exp()\n"
        "print(b._version)\nb.add_(1)\nprint(b._version)\nb.sum().backward()"
    ),
    "saved input modified": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\na = x * 2\nb = a * a\n"
        "a.mul_(3)\nb.sum().backward()"
    ),
    "saved input modified through setitem": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\na = x * 2\nb = a.sin()\n"
        "a[0] = 0.\nb.sum().backward()"
    ),
    "saved float64 modified": (
        "x = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)\n"
        "a = x.tanh()\na.zero_()\na.sum().backward()"
    ),
    "saved tensor modified through detach": (
        "x = torch.tensor([1., 2.], requires_grad=True)\ny = x.exp()\n"
        "y.detach().zero_()\nprint(y)\ny.sum().backward()"
    ),
    "saved tensor modified through a view": (
        "x = torch.tensor([1., 2.], requires_grad=True)\na = x * 1\nb = a * a\n"
        "a[:1].mul_(2)\nb.sum().backward()"
    ),
    "version counter of views": (
        "a = torch.zeros(4)\nv = a[1:3]\nv.add_(1)\nw = a.view(2, 2)\n"
        "print(a._version, v._version, w._version)\na.add_(1)\nprint(v._version)"
    ),
}


@pytest.mark.parametrize("name", list(VERSIONS))
def test_in_place_changes_and_versions_like_torch(name: str) -> None:
    code = VERSIONS[name]
    theirs = run(code, torch)
    mine = run(code, minigrad)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
    # never leak numpy's own wording
    assert "numpy" not in (mine.error or "").lower() or "numpy()" in (mine.error or "")
    assert "axis" not in (mine.error or "")


def test_in_place_cases_mostly_raise_in_torch() -> None:
    errors = sum(run(code, torch).error is not None for code in VERSIONS.values())
    assert errors >= len(VERSIONS) - 2


GRAD_VERSIONS = (
    # with create_graph, torch copies a leaf's first gradient into a fresh tensor (an
    # in-place copy_: _version 1) and adds later ones out of place (a new tensor: 0)
    "x = torch.tensor(2., requires_grad=True)\ny = torch.tensor(3., requires_grad=True)\n"
    "for _ in range(2):\n    (x * x * y).backward(create_graph=True)\n"
    "    print(x.grad, x.grad._version)\n"
    "w = torch.tensor(2., requires_grad=True)\n"
    "for _ in range(2):\n    (w + w + w).backward(create_graph=True)\n"
    "    print(w.grad, w.grad._version)\n"
    # seed 001: zeroing .grad through .data, or recorded (ZeroBackward0)
    "x = torch.tensor(2., requires_grad=True)\n(x * x * y).backward(create_graph=True)\n"
    "x.grad.data.zero_()\nprint(x.grad._version)\nx.grad.backward()\nprint(x.grad)\n"
    "x = torch.tensor(2., requires_grad=True)\n(x * x * y).backward(create_graph=True)\n"
    "x.grad.zero_()\nprint(x.grad, x.grad._version)\nx.grad.backward()\nprint(x.grad)"
)


def test_grad_versions_after_create_graph_like_torch() -> None:
    theirs = run(GRAD_VERSIONS, torch)
    mine = run(GRAD_VERSIONS, minigrad)
    assert theirs.error is None
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
