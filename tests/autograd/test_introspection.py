"""Looking inside the graph the way the autograd documentation does, compared
with real PyTorch: ``torch.autograd.graph.Node``, ``_saved_*`` values, node
metadata and hooks with removable handles, post-accumulate-grad hooks and
``once_differentiable``."""

from __future__ import annotations

from typing import Any

import pytest
import torch

import minigrad

from ..compare import same


def _graph(lib: Any) -> dict:
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    w = lib.tensor([3.0, 4.0], requires_grad=True)
    return {
        "mul": x * w,
        "mul by number": x * 2,
        "number times": 2 * w,
        "mul no grad other": x * lib.tensor([5.0, 6.0]),
        "div": x / w,
        "add": x + w,
        "sub": x - w,
        "pow number": x**3,
        "pow tensor": x**w,
        "exp": x.exp(),
        "tanh": x.tanh(),
        "sigmoid": x.sigmoid(),
        "sqrt": x.sqrt(),
        "relu": x.relu(),
        "log": x.log(),
        "sin": x.sin(),
        "cos": x.cos(),
        "sum": x.sum(),
        "sum dim": x.sum(0),
        "sum keepdim": x.view(1, 2).sum(1, keepdim=True),
        "mean": x.mean(),
        "mean dim": x.view(1, 2).mean(1),
        "view": x.view(2, 1),
        "mm": lib.ones(2, 2).mm(x.view(2, 1)),
        "mm both": w.view(1, 2).mm(x.view(2, 1)),
    }


FIELDS = (
    "self",
    "other",
    "result",
    "exponent",
    "alpha",
    "dim",
    "keepdim",
    "self_sym_sizes",
    "self_sym_numel",
    "mat2",
)


@pytest.mark.parametrize("op", sorted(_graph(torch)))
def test_saved_values_have_torchs_names(op: str) -> None:
    def program(lib: Any) -> Any:
        y = _graph(lib)[op]
        fn = y.grad_fn
        found = {}
        for field in FIELDS:
            if hasattr(fn, "_saved_" + field):
                found[field] = getattr(fn, "_saved_" + field)
        return fn.name(), found

    same(program)


@pytest.mark.parametrize("op", sorted(_graph(torch)))
def test_dir_lists_the_saved_values_of_that_node_only(op: str) -> None:
    # what a learner types to find them: [n for n in dir(y.grad_fn) if "saved" in n]
    def listed(lib: Any) -> list[str]:
        fn = _graph(lib)[op].grad_fn
        names = [n for n in dir(fn) if n.startswith(("_saved_", "_raw_saved_"))]
        return [n for n in names if not n.endswith("_sym_strides")]  # (minigrad has no strides)

    assert listed(minigrad) == listed(torch)


def test_saved_leaf_is_the_leaf_and_saved_result_is_a_new_tensor() -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        w = lib.tensor([3.0, 4.0], requires_grad=True)
        y = x * w
        e = x.exp()
        return (
            y.grad_fn._saved_self is x,
            y.grad_fn._saved_other is w,
            e.grad_fn._saved_result is e,
            e.grad_fn._saved_result.grad_fn.name(),
            type(y.grad_fn._raw_saved_self).__name__,
        )

    same(program)


def test_saved_values_after_backward() -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = x.sum(0) * x
        s = y.grad_fn._saved_self.grad_fn  # SumBackward1
        y.sum().backward()
        return s._saved_dim, s._saved_self_sym_sizes, y.grad_fn._saved_other

    same(program)


def test_unknown_saved_name_is_an_attribute_error() -> None:
    def program(lib: Any) -> Any:
        y = lib.tensor([1.0], requires_grad=True).exp()
        return hasattr(y.grad_fn, "_saved_self"), hasattr(y.grad_fn, "_saved_nothing")

    same(program)


def test_custom_function_ctx_may_use_a_saved_name_for_itself() -> None:
    """torch's names for saved values (``_saved_self``...) are only read from a
    node: a custom Function's ``ctx`` can still keep its own attribute so named."""

    def program(lib: Any) -> Any:
        class Scale(lib.autograd.Function):
            @staticmethod
            def forward(ctx: Any, t: Any) -> Any:
                ctx._saved_self = 3.0
                return t * 3.0

            @staticmethod
            def backward(ctx: Any, g: Any) -> Any:
                return g * ctx._saved_self

        x = lib.tensor([1.0, 2.0], requires_grad=True)
        Scale.apply(x).sum().backward()
        return x.grad

    same(program)


def test_graph_node_is_the_base_of_every_grad_fn() -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)

        class Twice(lib.autograd.Function):
            @staticmethod
            def forward(ctx: Any, t: Any) -> Any:
                return t * 2

            @staticmethod
            def backward(ctx: Any, g: Any) -> Any:
                return g * 2

        y = Twice.apply(x * 3)
        nodes = [y.grad_fn, y.grad_fn.next_functions[0][0]]
        nodes.append(nodes[1].next_functions[0][0])  # AccumulateGrad
        Node = lib.autograd.graph.Node
        return [(isinstance(n, Node), n.name(), n.metadata) for n in nodes], isinstance(x, Node)

    same(program)


def test_metadata_is_kept_per_node() -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = x * 2
        y.grad_fn.metadata["note"] = "doubled"
        z = y.exp()
        return y.grad_fn.metadata, z.grad_fn.metadata, z.grad_fn.next_functions[0][0].metadata

    same(program)


def test_once_differentiable_is_in_autograd_function() -> None:
    def program(lib: Any) -> Any:
        once = lib.autograd.function.once_differentiable

        class Cube(lib.autograd.Function):
            @staticmethod
            def forward(ctx: Any, x: Any) -> Any:
                ctx.save_for_backward(x)
                return x**3

            @staticmethod
            @once
            def backward(ctx: Any, g: Any) -> Any:
                (x,) = ctx.saved_tensors
                return g * 3 * x**2

        x = lib.tensor([1.0, 2.0], requires_grad=True)
        Cube.apply(x).sum().backward()
        return x.grad

    same(program)
    assert minigrad.autograd.function.once_differentiable is not None


SAVED_HOOK_PROGRAMS = {
    "mul": lambda lib, x, w: (x * w).sum(),
    "square": lambda lib, x, w: (x * x).sum(),
    "exp": lambda lib, x, w: x.exp().sum(),
    "chain": lambda lib, x, w: (x.tanh() * w).exp().sum(),
    "sum only": lambda lib, x, w: (x + w).sum(),
    "pow": lambda lib, x, w: (x**3).sum(),
}


@pytest.mark.parametrize("name", sorted(SAVED_HOOK_PROGRAMS))
def test_saved_tensors_hooks(name: str) -> None:
    def program(lib: Any) -> Any:
        packed: list = []
        unpacked: list = []

        def pack(t: Any) -> Any:
            packed.append(t.detach().clone())
            return t.detach().tolist()

        def unpack(data: Any) -> Any:
            unpacked.append(1)
            return lib.tensor(data, dtype=lib.float64) * 2  # changes what backward sees

        x = lib.tensor([0.5, -1.0, 2.0], dtype=lib.float64, requires_grad=True)
        w = lib.tensor([1.5, 2.0, -0.5], dtype=lib.float64, requires_grad=True)
        with lib.autograd.graph.saved_tensors_hooks(pack, unpack):
            y = SAVED_HOOK_PROGRAMS[name](lib, x, w)
        outside = (x * w).sum()  # not packed
        (y + outside).backward()
        packed.sort(key=lambda t: t.tolist())
        return len(packed), packed, bool(unpacked), x.grad, w.grad

    same(program)


def test_save_on_cpu_changes_nothing() -> None:
    def program(lib: Any) -> Any:
        x = lib.tensor([0.5, -1.0, 2.0], requires_grad=True)
        with lib.autograd.graph.save_on_cpu():
            y = (x.exp() * x).sum()
        y.backward()
        return y, x.grad

    same(program)
