"""Drawing a real PyTorch tensor's backward graph.

PyTorch's grad_fn objects have the same shape as minigrad's nodes:
``name()``, ``next_functions`` and, for ``AccumulateGrad``, ``.variable``.
So the same walk draws both, and a learner can put the two pictures side by
side. torch is imported only when a torch tensor is passed in.

Saved tensors are read from the node's ``_saved_*`` attributes (torch raises
an error for them once a backward has freed the graph). Edge gradients are
recomputed by torch's own engine: ``torch.autograd.grad`` from a gradient of
ones to the leaves, with a hook on every node that notes what arrived and
what it sent (``.grad`` is not touched).
"""

from __future__ import annotations

import sys
from typing import Any

from .. import Tensor
from .labels import values


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
        return values(t.detach().resolve_conj().resolve_neg().cpu())

    @staticmethod
    def grad(t: Any) -> Any:
        return t.grad

    @staticmethod
    def saved(fn: Any) -> tuple[list, bool]:
        from .untouched import readable_saved

        values = []
        for attr in sorted(readable_saved(fn)):  # (not those a checkpoint would recompute)
            try:
                values.append((attr[len("_saved_") :], getattr(fn, attr)))
            except RuntimeError:
                return [], True
        return values, False

    @staticmethod
    def rerun(graph: Any) -> dict:
        """Run torch's engine again from ``graph``'s output; the gradient on every edge."""
        import torch

        from .backward import edge_grads

        root = graph.root_tensor
        nodes, leaves, frozen, stack = {}, [], False, [root.grad_fn]
        while stack:  # the whole graph, also the part a large picture leaves out
            fn = stack.pop()
            if fn is None or id(fn) in nodes:
                continue
            nodes[id(fn)] = fn
            if TorchAdapter.is_accumulate(fn):
                if fn.variable.requires_grad:
                    leaves.append(fn.variable)
                else:  # frozen since the graph was made: autograd.grad cannot ask for it
                    frozen = True
            stack += [nxt for nxt, _ in fn.next_functions]
        steps: dict[int, dict] = {}

        def noter(fn: Any) -> Any:
            def note(grads_out: tuple, grads_in: tuple) -> None:  # torch's names are reversed
                steps[id(fn)] = {"node": fn, "grads_in": grads_in, "grads_out": grads_out}

            return note

        handles = [
            fn.register_hook(noter(fn))
            for fn in nodes.values()
            if not TorchAdapter.is_accumulate(fn)
        ]
        seed = torch.ones_like(root).detach()
        from .untouched import has_reentrant, recomputes, reentrant_backward, untouched

        found = recomputes(nodes.values())
        try:  # (a checkpoint recomputes its block: its buffers and the RNG are put back)
            with untouched(found, torch):
                if has_reentrant(nodes.values()) or frozen:  # the real backward() then
                    named = {str(k): t for k, t in enumerate(leaves)}
                    reentrant_backward(root, seed, False, named, found)
                else:
                    torch.autograd.grad(root, leaves, seed, retain_graph=True, allow_unused=True)
        except RuntimeError:  # a freed graph: the edges not reached stay n/a
            pass
        finally:
            for h in handles:
                h.remove()
        grads = edge_grads(graph, steps)
        grads["seed"] = seed
        return grads

    @staticmethod
    def add(a: Any, b: Any) -> Any:
        return a + b

    @staticmethod
    def backward_ran(graph: Any) -> bool:
        if any(b.leaf is not None and b.leaf.grad is not None for b in graph.nodes):
            return True
        return any(TorchAdapter.saved(b.fn)[1] for b in graph.nodes if b.leaf is None)
