"""Adadelta: step sizes from running averages, with no learning rate to tune.

Adadelta keeps two running averages per element: ``square_avg`` of the squared
gradients and ``acc_delta`` of the squared *updates*. The update is the
gradient times ``sqrt(acc_delta + eps) / sqrt(square_avg + eps)``, so its units
are those of the parameter (``lr``, 1.0 by default, only scales it). One
``step()``, in torch's order of arithmetic (the products marked ``(*)`` are
added with a single rounding, as torch's fused multiply-adds are: see
``_fused.py``)::

    step = step + 1
    g = -g                                           if maximize
    g = g + weight_decay * p                         (L2 penalty)  (*)
    square_avg = rho * square_avg + (1 - rho) * g * g              (*)
    delta = sqrt(acc_delta + eps) / sqrt(square_avg + eps) * g
    acc_delta = rho * acc_delta + (1 - rho) * delta * delta        (*)
    p = p - lr * delta                                             (*)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..core.grad_mode import no_grad
from ..core.tensor import Tensor
from ._fused import addcmul_, fma
from .optimizer import Optimizer, _check_lr, _to_scalar


class Adadelta(Optimizer):
    """Adadelta (Zeiler, 2012), updating parameters exactly as ``torch.optim.Adadelta``.

    >>> import minigrad as torch
    >>> w = torch.tensor([1.0, -1.0], requires_grad=True)
    >>> opt = torch.optim.Adadelta([w])
    >>> (w * w).sum().backward(); opt.step(); w
    tensor([ 0.9968, -0.9968], requires_grad=True)
    """

    _defaults_on_load = dict(foreach=None, maximize=False, differentiable=False, capturable=False)

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1.0,
        rho: float = 0.9,
        eps: float = 1e-6,
        weight_decay: float = 0,
        foreach: bool | None = None,
        *,
        capturable: bool = False,
        maximize: bool = False,
        differentiable: bool = False,
    ) -> None:
        _check_lr(lr)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(
            lr=lr,
            rho=rho,
            eps=eps,
            weight_decay=weight_decay,
            maximize=maximize,
            capturable=capturable,
            foreach=foreach,
            differentiable=differentiable,
        )
        super().__init__(params, defaults)

    def _state_for(self, p: Tensor) -> dict[str, Any]:
        """The per-parameter state, created (all zeros) on the first step."""
        state = self.state[p]
        if not state:
            state["step"] = Tensor._make(np.array(0.0, dtype=np.float32), None)
            state["square_avg"] = Tensor._make(np.zeros_like(p._data), None)
            state["acc_delta"] = Tensor._make(np.zeros_like(p._data), None)
        return state

    @no_grad()
    @np.errstate(all="ignore")  # inf and nan are computed silently, as in torch
    def step(self, closure: Callable[[], Any] | None = None) -> Any:
        """Update every parameter that has a ``.grad``; returns ``closure()``'s loss if given."""
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr, rho, eps = _to_scalar(group["lr"]), group["rho"], group["eps"]
            wd = group["weight_decay"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self._state_for(p)
                state["step"]._data += 1
                g = p._grad._data
                if group["maximize"]:
                    g = -g
                if wd != 0:
                    g = fma(wd, p._data, g)  # torch: g.add(p, alpha=weight_decay)
                square_avg, acc_delta = state["square_avg"]._data, state["acc_delta"]._data
                square_avg *= rho
                addcmul_(square_avg, 1 - rho, g, g)
                std = np.sqrt(square_avg + eps)
                delta = np.sqrt(acc_delta + eps) / std * g
                acc_delta *= rho
                addcmul_(acc_delta, 1 - rho, delta, delta)
                p._data[...] = fma(-lr, delta, p._data)  # torch: p.add_(delta, alpha=-lr)
                p._bump_version()
        return loss


Adadelta.__module__ = "torch.optim.adadelta"
