"""Adamax: Adam with the infinity norm in place of the root-mean-square.

Adamax keeps ``m``, a running average of the gradients (as Adam does), and
``u``, a decaying *maximum* of their absolute values, and steps by
``lr · m / u``. With no square root anywhere, every step is exactly torch's.
One ``step()``, in torch's order of arithmetic (the products marked ``(*)`` are
added with a single rounding, as torch's fused multiply-adds are: see
``_fused.py``)::

    t = t + 1
    g = -g                                 if maximize
    g = g + weight_decay * p  (*)          (L2 penalty)
    m = m + (1 - beta1) * (g - m)  (*)     i.e. beta1 * m + (1 - beta1) * g
    u = max(beta2 * u, |g| + eps)
    p = p - lr / (1 - beta1**t) * m / u
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..core.grad_mode import no_grad
from ..core.tensor import Tensor
from ._fused import fma, lerp_
from .optimizer import Optimizer, _check_betas, _to_scalar


class Adamax(Optimizer):
    """Adamax (Kingma & Ba, 2014, section 7), updating parameters exactly as
    ``torch.optim.Adamax``.

    >>> import minigrad as torch
    >>> w = torch.tensor([1.0, -1.0], requires_grad=True)
    >>> opt = torch.optim.Adamax([w], lr=0.1)
    >>> (w * w).sum().backward(); opt.step(); w
    tensor([ 0.9000, -0.9000], requires_grad=True)
    """

    _defaults_on_load = dict(foreach=None, maximize=False, differentiable=False, capturable=False)

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 2e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        foreach: bool | None = None,
        *,
        maximize: bool = False,
        differentiable: bool = False,
        capturable: bool = False,
    ) -> None:
        _check_betas(lr, eps, betas, weight_decay)
        defaults = dict(
            lr=lr,
            betas=betas,
            eps=eps,
            weight_decay=weight_decay,
            foreach=foreach,
            maximize=maximize,
            differentiable=differentiable,
            capturable=capturable,
        )
        super().__init__(params, defaults)

    def _state_for(self, p: Tensor) -> dict[str, Any]:
        """The per-parameter state, created (all zeros) on the first step."""
        state = self.state[p]
        if not state:
            state["step"] = Tensor._make(np.array(0.0, dtype=np.float32), None)
            state["exp_avg"] = Tensor._make(np.zeros_like(p._data), None)
            state["exp_inf"] = Tensor._make(np.zeros_like(p._data), None)
        return state

    @no_grad()
    @np.errstate(all="ignore")  # inf and nan are computed silently, as in torch
    def step(self, closure: Callable[[], Any] | None = None) -> Any:
        """Update every parameter that has a ``.grad``; returns ``closure()``'s loss if given."""
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr, eps, wd = _to_scalar(group["lr"]), group["eps"], group["weight_decay"]
            beta1, beta2 = group["betas"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self._state_for(p)
                g = p._grad._data
                if group["maximize"]:
                    g = -g
                state["step"]._data += 1
                t = float(state["step"]._data)
                if wd != 0:
                    g = fma(wd, p._data, g)  # torch: g.add(p, alpha=weight_decay)
                m, u = state["exp_avg"]._data, state["exp_inf"]._data
                lerp_(m, g, 1 - beta1)
                u *= beta2
                np.maximum(u, np.abs(g) + eps, out=u)
                clr = lr / (1 - beta1**t)
                p._data += -clr * m / u  # torch: p.addcdiv_(m, u, value=-clr)
                p._bump_version()
        return loss


Adamax.__module__ = "torch.optim.adamax"
