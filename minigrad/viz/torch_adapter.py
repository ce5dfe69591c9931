"""Drawing a real PyTorch tensor's backward graph.

PyTorch's grad_fn objects have the same shape as minigrad's nodes:
``name()``, ``next_functions`` and, for ``AccumulateGrad``, ``.variable``.
So the same walk draws both, and a learner can put the two pictures side by
side. torch is imported only when a torch tensor is passed in.

Saved tensors are read from the node's ``_saved_*`` attributes (torch raises
an error for them once a backward has freed the graph). Edge gradients are
recomputed by calling each node, output first, in ``_sequence_nr`` order.
"""

from __future__ import annotations

import sys
from typing import Any

from .._tensor import Tensor


def is_torch_tensor(t: Any) -> bool:
    """True for a real ``torch.Tensor``. If ``t`` is one, torch is already imported."""
    torch = sys.modules.get("torch")
    if torch is None or isinstance(t, Tensor):  # minigrad's Tensor calls itself torch.Tensor
        return False
    return isinstance(t, getattr(torch, "Tensor", ()))


class TorchAdapter:
    """The node interface of :mod:`minigrad.viz.walk`, for real torch."""

    @staticmethod
    def is_accumulate(fn: Any) -> bool:
        return type(fn).__name__ == "AccumulateGrad"

    @staticmethod
    def variable(fn: Any) -> Any:
        return fn.variable

    @staticmethod
    def next_functions(fn: Any) -> tuple:
        return fn.next_functions

    @staticmethod
    def name(fn: Any) -> str:
        return fn.name()

    @staticmethod
    def numpy(t: Any) -> Any:
        return t.detach().cpu().numpy()

    @staticmethod
    def grad(t: Any) -> Any:
        return t.grad

    @staticmethod
    def saved(fn: Any) -> tuple[list, bool]:
        values = []
        for attr in sorted(a for a in dir(fn) if a.startswith("_saved_")):
            try:
                values.append((attr[len("_saved_") :], getattr(fn, attr)))
            except RuntimeError:
                return [], True
        return values, False

    @staticmethod
    def seq(fn: Any) -> int:
        return fn._sequence_nr()

    @staticmethod
    def seed(root: Any) -> Any:
        import torch

        return torch.ones_like(root).detach()

    @staticmethod
    def call(fn: Any, grads: list) -> tuple:
        import torch

        with torch.no_grad():
            out = fn(*grads)
        return out if isinstance(out, tuple) else (out,)

    @staticmethod
    def add(a: Any, b: Any) -> Any:
        return a + b

    @staticmethod
    def backward_ran(graph: Any) -> bool:
        if any(b.leaf is not None and b.leaf.grad is not None for b in graph.nodes):
            return True
        return any(TorchAdapter.saved(b.fn)[1] for b in graph.nodes if b.leaf is None)
