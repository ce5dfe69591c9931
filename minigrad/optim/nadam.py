"""NAdam: Adam with Nesterov momentum.

NAdam keeps Adam's two running averages, ``m`` of the gradients and ``v`` of
their squares, but steps partly along the *current* gradient and partly along
``m``, as Nesterov momentum looks ahead. The momentum coefficient ``mu`` grows
from ``beta1 / 2`` towards ``beta1`` (how fast: ``momentum_decay``), and
``mu_product`` (the product of all ``mu`` so far, kept in the state) plays the
part of Adam's bias correction. One ``step()``, in torch's order of arithmetic
(the products marked ``(*)`` are added with a single rounding, as torch's fused
multiply-adds are: see ``_fused.py``)::

    t = t + 1
    g = -g                                 if maximize
    g = g + weight_decay * p  (*)          or   p = p * (1 - lr * weight_decay)   (decoupled)
    mu      = beta1 * (1 - 0.5 * 0.96**(t * momentum_decay))
    mu_next = beta1 * (1 - 0.5 * 0.96**((t + 1) * momentum_decay))
    mu_product = mu_product * mu
    m = m + (1 - beta1) * (g - m)  (*)
    v = beta2 * v + (1 - beta2) * g * g    (*)
    denom = sqrt(v / (1 - beta2**t)) + eps
    p = p - lr * (1 - mu) / (1 - mu_product) * g / denom
    p = p - lr * mu_next / (1 - mu_product * mu_next) * m / denom
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..core.grad_mode import no_grad
from ..core.tensor import Tensor
from ._fused import addcmul_, fma, lerp_
from .optimizer import Optimizer, _check_betas, _to_scalar


class NAdam(Optimizer):
    """NAdam (Dozat, 2016), updating parameters exactly as ``torch.optim.NAdam``.

    >>> import minigrad as torch
    >>> w = torch.tensor([1.0, -1.0], requires_grad=True)
    >>> opt = torch.optim.NAdam([w], lr=0.1)
    >>> (w * w).sum().backward(); opt.step(); w
    tensor([ 0.8944, -0.8944], requires_grad=True)
    """

    _defaults_on_load = dict(
        maximize=False,
        foreach=None,
        capturable=False,
        differentiable=False,
        decoupled_weight_decay=False,
    )

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 2e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        momentum_decay: float = 4e-3,
        decoupled_weight_decay: bool = False,
        *,
        foreach: bool | None = None,
        maximize: bool = False,
        capturable: bool = False,
        differentiable: bool = False,
    ) -> None:
        _check_betas(lr, eps, betas, weight_decay)
        if not 0.0 <= momentum_decay:
            raise ValueError(f"Invalid momentum_decay value: {momentum_decay}")
        defaults = dict(
            lr=lr,
            betas=betas,
            eps=eps,
            weight_decay=weight_decay,
            momentum_decay=momentum_decay,
            decoupled_weight_decay=decoupled_weight_decay,
            maximize=maximize,
            foreach=foreach,
            capturable=capturable,
            differentiable=differentiable,
        )
        super().__init__(params, defaults)

    def _state_for(self, p: Tensor) -> dict[str, Any]:
        """The per-parameter state, created on the first step."""
        state = self.state[p]
        if not state:
            state["step"] = Tensor._make(np.array(0.0, dtype=np.float32), None)
            state["mu_product"] = Tensor._make(np.array(1.0, dtype=np.float32), None)
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
            momentum_decay = group["momentum_decay"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self._state_for(p)
                g = p._grad._data
                if group["maximize"]:
                    g = -g
                state["step"]._data += 1
                t = float(state["step"]._data)
                bias_correction2 = 1 - beta2**t
                if wd != 0:
                    if group["decoupled_weight_decay"]:
                        p._data *= 1 - lr * wd
                    else:
                        g = fma(wd, p._data, g)  # torch: g.add(p, alpha=weight_decay)
                mu = beta1 * (1.0 - 0.5 * (0.96 ** (t * momentum_decay)))
                mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((t + 1) * momentum_decay)))
                state["mu_product"]._data *= mu  # a float32 product, as in torch
                mu_product = float(state["mu_product"]._data)
                m, v = state["exp_avg"]._data, state["exp_avg_sq"]._data
                lerp_(m, g, 1 - beta1)
                v *= beta2
                addcmul_(v, 1 - beta2, g, g)
                denom = np.sqrt(v / bias_correction2)
                denom += eps
                p._data += (-lr * (1.0 - mu) / (1.0 - mu_product)) * g / denom
                p._data += ((-lr * mu_next) / (1.0 - mu_product * mu_next)) * m / denom
                p._bump_version()
        return loss


NAdam.__module__ = "torch.optim.nadam"
