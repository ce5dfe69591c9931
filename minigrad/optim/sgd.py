"""Stochastic gradient descent, with momentum, weight decay and Nesterov.

For each parameter ``p`` with gradient ``g`` one ``step()`` does, in this order
(the same arithmetic, in the same order, as torch's CPU implementation; the
products marked ``(*)`` are added with a single rounding, as torch's fused
multiply-adds are: see ``_fused.py``)::

    g = -g                             if maximize
    g = g + weight_decay * p           (L2 penalty)  (*)
    if momentum:
        buf = g                        on the first step, else
        buf = momentum * buf + (1 - dampening) * g            (*)
        g = g + momentum * buf         if nesterov, else g = buf    (*)
    p = p - lr * g                                                  (*)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..core.grad_mode import no_grad
from ..core.tensor import Tensor
from ._fused import fma
from .optimizer import Optimizer, _to_scalar


class SGD(Optimizer):
    """Gradient descent: ``p ← p - lr · g`` (plus optional momentum and weight decay).

    >>> import minigrad as torch
    >>> w = torch.tensor([1.0], requires_grad=True)
    >>> opt = torch.optim.SGD([w], lr=0.1)
    >>> (w * 2).sum().backward(); opt.step(); w
    tensor([0.8000], requires_grad=True)
    """

    _defaults_on_load = dict(
        nesterov=False, maximize=False, foreach=None, differentiable=False, fused=False
    )

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        momentum: float = 0,
        dampening: float = 0,
        weight_decay: float = 0,
        nesterov: bool = False,
        *,
        maximize: bool = False,
        foreach: bool | None = None,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError("Tensor lr must be 1-element")
        if lr < 0.0:  # (not _check_lr's test: a wrong type fails as in torch)
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(
            lr=lr,
            momentum=momentum,
            dampening=dampening,
            weight_decay=weight_decay,
            nesterov=nesterov,
            maximize=maximize,
            foreach=foreach,
            differentiable=differentiable,
            fused=fused,
        )
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    @no_grad()
    @np.errstate(all="ignore")  # inf and nan are computed silently, as in torch
    def step(self, closure: Callable[[], Any] | None = None) -> Any:
        """Update every parameter that has a ``.grad``; returns ``closure()``'s loss if given."""
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr, momentum = _to_scalar(group["lr"]), group["momentum"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                g = p._grad._data
                if group["maximize"]:
                    g = -g
                if group["weight_decay"] != 0:
                    g = fma(group["weight_decay"], p._data, g)
                if momentum != 0:
                    state = self.state[p]
                    buf = state.get("momentum_buffer")
                    if buf is None:
                        buf = state["momentum_buffer"] = Tensor._make(np.array(g, copy=True), None)
                    else:
                        b = buf._data
                        b *= momentum
                        b[...] = fma(1 - group["dampening"], g, b)
                        buf._bump_version()
                    g = fma(momentum, buf._data, g) if group["nesterov"] else buf._data
                p._data[...] = fma(-lr, g, p._data)
                p._bump_version()
        return loss


SGD.__module__ = "torch.optim.sgd"
