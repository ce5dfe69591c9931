"""RMSprop: divide each gradient by a running root-mean-square of its past values.

RMSprop keeps ``square_avg``, a running average of the squared gradients.
Dividing by its square root gives every element a step of about ``lr``,
however large or small its gradient. One ``step()``, in torch's order of
arithmetic (the products marked ``(*)`` are added with a single rounding, as
torch's fused multiply-adds are: see ``_fused.py``)::

    g = -g                                       if maximize
    step = step + 1
    g = g + weight_decay * p                     (L2 penalty)  (*)
    square_avg = alpha * square_avg + (1 - alpha) * g * g          (*)
    if centered:
        grad_avg = lerp(grad_avg, g, 1 - alpha)  i.e. alpha * grad_avg + (1 - alpha) * g  (*)
        avg = sqrt(square_avg - grad_avg * grad_avg) + eps         (*)
    else:
        avg = sqrt(square_avg) + eps
    if momentum > 0:
        buf = momentum * buf + g / avg
        p = p - lr * buf                                           (*)
    else:
        p = p - lr * g / avg
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..core.grad_mode import no_grad
from ..core.tensor import Tensor
from ._fused import addcmul_, fma, lerp_
from .optimizer import Optimizer, _check_lr, _to_scalar


class RMSprop(Optimizer):
    """RMSprop (Hinton, 2012), updating parameters exactly as ``torch.optim.RMSprop``.

    >>> import minigrad as torch
    >>> w = torch.tensor([1.0, -1.0], requires_grad=True)
    >>> opt = torch.optim.RMSprop([w], lr=0.01)
    >>> (w * w).sum().backward(); opt.step(); w
    tensor([ 0.9000, -0.9000], requires_grad=True)
    """

    _defaults_on_load = dict(
        momentum=0,
        centered=False,
        foreach=None,
        maximize=False,
        differentiable=False,
        capturable=False,
    )

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-2,
        alpha: float = 0.99,
        eps: float = 1e-8,
        weight_decay: float = 0,
        momentum: float = 0,
        centered: bool = False,
        capturable: bool = False,
        foreach: bool | None = None,
        maximize: bool = False,
        differentiable: bool = False,
    ) -> None:
        _check_lr(lr)
        if not 0.0 <= eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        if not 0.0 <= momentum:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if not 0.0 <= alpha:
            raise ValueError(f"Invalid alpha value: {alpha}")
        defaults = dict(
            lr=lr,
            momentum=momentum,
            alpha=alpha,
            eps=eps,
            centered=centered,
            weight_decay=weight_decay,
            capturable=capturable,
            foreach=foreach,
            maximize=maximize,
            differentiable=differentiable,
        )
        super().__init__(params, defaults)

    def _state_for(self, p: Tensor, group: dict[str, Any]) -> dict[str, Any]:
        """The per-parameter state, created (all zeros) on the first step."""
        state = self.state[p]
        if not state:
            state["step"] = Tensor._make(np.array(0.0, dtype=np.float32), None)
            state["square_avg"] = Tensor._make(np.zeros_like(p._data), None)
            if group["momentum"] > 0:
                state["momentum_buffer"] = Tensor._make(np.zeros_like(p._data), None)
            if group["centered"]:
                state["grad_avg"] = Tensor._make(np.zeros_like(p._data), None)
        return state

    @no_grad()
    @np.errstate(all="ignore")  # inf and nan are computed silently, as in torch
    def step(self, closure: Callable[[], Any] | None = None) -> Any:
        """Update every parameter that has a ``.grad``; returns ``closure()``'s loss if given."""
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr, alpha, eps, wd = group["lr"], group["alpha"], group["eps"], group["weight_decay"]
            lr = _to_scalar(lr)
            momentum = group["momentum"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self._state_for(p, group)
                g = p._grad._data
                if group["maximize"]:
                    g = -g
                state["step"]._data += 1
                if wd != 0:
                    g = fma(wd, p._data, g)  # torch: g.add(p, alpha=weight_decay)
                square_avg = state["square_avg"]._data
                square_avg *= alpha
                addcmul_(square_avg, 1 - alpha, g, g)
                if group["centered"]:
                    grad_avg = state["grad_avg"]._data
                    lerp_(grad_avg, g, 1 - alpha)
                    avg = np.sqrt(fma(-grad_avg, grad_avg, square_avg))
                else:
                    avg = np.sqrt(square_avg)
                avg += eps
                if momentum > 0:
                    buf = state["momentum_buffer"]._data
                    buf *= momentum
                    buf += g / avg
                    p._data[...] = fma(-lr, buf, p._data)  # torch: p.add_(buf, alpha=-lr)
                else:
                    p._data += -lr * g / avg
                p._bump_version()
        return loss


RMSprop.__module__ = "torch.optim.rmsprop"
