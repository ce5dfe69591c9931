"""Adagrad: per-element step sizes that shrink as squared gradients pile up.

Adagrad keeps ``sum``, the running *total* of each element's squared
gradients (starting at ``initial_accumulator_value``), and divides by its
square root: elements that have had large gradients take smaller steps.
One ``step()``, in torch's order of arithmetic (``g * g`` and ``weight_decay * p``
added with a single rounding, as torch's fused multiply-adds are: see
``_fused.py``)::

    step = step + 1
    g = -g                                 if maximize
    g = g + weight_decay * p               (L2 penalty, rounded once)
    clr = lr / (1 + (step - 1) * lr_decay)
    sum = sum + g * g                      (rounded once)
    p = p - clr * g / (sqrt(sum) + eps)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..core.grad_mode import no_grad
from ..core.tensor import Tensor
from ._fused import addcmul_, fma
from .optimizer import Optimizer, _check_lr, _to_scalar


class Adagrad(Optimizer):
    """Adagrad (Duchi et al., 2011), updating parameters exactly as ``torch.optim.Adagrad``.

    >>> import minigrad as torch
    >>> w = torch.tensor([1.0, -1.0], requires_grad=True)
    >>> opt = torch.optim.Adagrad([w], lr=0.1)
    >>> (w * w).sum().backward(); opt.step(); w
    tensor([ 0.9000, -0.9000], requires_grad=True)
    """

    _defaults_on_load = dict(foreach=None, maximize=False, differentiable=False, fused=None)

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-2,
        lr_decay: float = 0,
        weight_decay: float = 0,
        initial_accumulator_value: float = 0,
        eps: float = 1e-10,
        foreach: bool | None = None,
        *,
        maximize: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        _check_lr(lr)
        if not 0.0 <= lr_decay:
            raise ValueError(f"Invalid lr_decay value: {lr_decay}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= initial_accumulator_value:
            raise ValueError(
                f"Invalid initial_accumulator_value value: {initial_accumulator_value}"
            )
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        defaults = dict(
            lr=lr,
            lr_decay=lr_decay,
            eps=eps,
            weight_decay=weight_decay,
            initial_accumulator_value=initial_accumulator_value,
            foreach=foreach,
            maximize=maximize,
            differentiable=differentiable,
            fused=fused,
        )
        super().__init__(params, defaults)
        # unlike Adam's, Adagrad's state exists from the start, as in torch
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                state["step"] = Tensor._make(np.array(0.0, dtype=np.float32), None)
                state["sum"] = Tensor._make(np.full_like(p._data, initial_accumulator_value), None)

    @no_grad()
    @np.errstate(all="ignore")  # inf and nan are computed silently, as in torch
    def step(self, closure: Callable[[], Any] | None = None) -> Any:
        """Update every parameter that has a ``.grad``; returns ``closure()``'s loss if given."""
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr, lr_decay, eps, wd = (
                _to_scalar(group["lr"]),
                group["lr_decay"],
                group["eps"],
                group["weight_decay"],
            )
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self.state[p]
                state["step"]._data += 1
                t = float(state["step"]._data)
                g = p._grad._data
                if group["maximize"]:
                    g = -g
                if wd != 0:
                    g = fma(wd, p._data, g)  # torch: g.add(p, alpha=weight_decay)
                clr = lr / (1 + (t - 1) * lr_decay)
                total = state["sum"]._data
                addcmul_(total, 1, g, g)
                std = np.sqrt(total)
                std += eps
                p._data += -clr * g / std
                p._bump_version()
        return loss


Adagrad.__module__ = "torch.optim.adagrad"
