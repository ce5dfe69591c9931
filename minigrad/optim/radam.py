"""RAdam: Adam with a "rectified" step size while the averages are young.

Early in training Adam's running average ``v`` of the squared gradients rests
on only a few gradients, and dividing by its square root gives erratic steps.
RAdam estimates how many gradients ``v`` effectively averages (``rho_t``, up
to ``rho_inf``): while that is 5 or fewer it takes plain momentum steps
``lr * m_hat``, and afterwards Adam's step scaled by a factor ``rect`` that
grows towards 1. One ``step()``, in torch's order of arithmetic (the products
marked ``(*)`` are added with a single rounding, as torch's fused
multiply-adds are: see ``_fused.py``)::

    t = t + 1
    g = -g                                 if maximize
    g = g + weight_decay * p  (*)          or   p = p * (1 - lr * weight_decay)   (decoupled)
    m = m + (1 - beta1) * (g - m)  (*)
    v = beta2 * v + (1 - beta2) * g * g    (*)
    m_hat = m / (1 - beta1**t)
    rho_inf = 2 / (1 - beta2) - 1
    rho_t = rho_inf - 2 * t * beta2**t / (1 - beta2**t)
    if rho_t > 5:
        rect = sqrt((rho_t - 4) (rho_t - 2) rho_inf / ((rho_inf - 4) (rho_inf - 2) rho_t))
        p = p - m_hat * lr * (1 / (sqrt(v) + eps) * sqrt(1 - beta2**t)) * rect
    else:
        p = p - m_hat * lr
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..core.grad_mode import no_grad
from ..core.tensor import Tensor
from ._fused import addcmul_, fma, lerp_
from .optimizer import Optimizer, _check_betas, _to_scalar


class RAdam(Optimizer):
    """RAdam (Liu et al., 2019), updating parameters exactly as ``torch.optim.RAdam``.

    >>> import minigrad as torch
    >>> w = torch.tensor([1.0, -1.0], requires_grad=True)
    >>> opt = torch.optim.RAdam([w], lr=0.1)
    >>> (w * w).sum().backward(); opt.step(); w
    tensor([ 0.8000, -0.8000], requires_grad=True)
    """

    _defaults_on_load = dict(
        foreach=None,
        maximize=False,
        differentiable=False,
        decoupled_weight_decay=False,
        capturable=False,
    )

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        decoupled_weight_decay: bool = False,
        *,
        foreach: bool | None = None,
        maximize: bool = False,
        capturable: bool = False,
        differentiable: bool = False,
    ) -> None:
        _check_betas(lr, eps, betas, weight_decay)
        defaults = dict(
            lr=lr,
            betas=betas,
            eps=eps,
            weight_decay=weight_decay,
            maximize=maximize,
            foreach=foreach,
            capturable=capturable,
            decoupled_weight_decay=decoupled_weight_decay,
            differentiable=differentiable,
        )
        super().__init__(params, defaults)

    def _state_for(self, p: Tensor) -> dict[str, Any]:
        """The per-parameter state, created (all zeros) on the first step."""
        state = self.state[p]
        if not state:
            state["step"] = Tensor._make(np.array(0.0, dtype=np.float32), None)
            state["exp_avg"] = Tensor._make(np.zeros_like(p._data), None)
            state["exp_avg_sq"] = Tensor._make(np.zeros_like(p._data), None)
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
                    if group["decoupled_weight_decay"]:
                        p._data *= 1 - lr * wd
                    else:
                        g = fma(wd, p._data, g)  # torch: g.add(p, alpha=weight_decay)
                m, v = state["exp_avg"]._data, state["exp_avg_sq"]._data
                lerp_(m, g, 1 - beta1)
                v *= beta2
                addcmul_(v, 1 - beta2, g, g)
                bias_correction1 = 1 - beta1**t
                bias_correction2 = 1 - beta2**t
                m_hat = m / bias_correction1
                rho_inf = 2 / (1 - beta2) - 1
                rho_t = rho_inf - 2 * t * (beta2**t) / bias_correction2
                if rho_t > 5.0:
                    ratio = (rho_t - 4) * (rho_t - 2) * rho_inf
                    rect = (ratio / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
                    # torch: bias_correction2**0.5 / denom, which torch computes as
                    # (1 / denom) * bias_correction2**0.5
                    adaptive_lr = 1 / (np.sqrt(v) + eps) * bias_correction2**0.5
                    p._data -= m_hat * lr * adaptive_lr * rect
                else:
                    p._data -= m_hat * lr
                p._bump_version()
        return loss


RAdam.__module__ = "torch.optim.radam"
