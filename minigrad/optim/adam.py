"""Adam (and AdamW): gradient descent with per-element step sizes.

Adam keeps two running averages per parameter: ``m`` of the gradients and
``v`` of the squared gradients. Dividing by ``sqrt(v)`` makes the step size
about ``lr`` for every element, however large or small its gradient. Early
on both averages are biased towards their starting value 0, which the
"bias corrections" undo. One ``step()``, in torch's order of arithmetic (the
products marked ``(*)`` are added with a single rounding, as torch's fused
multiply-adds are: see ``_fused.py``)::

    t = t + 1
    g = -g                                 if maximize
    g = g + weight_decay * p  (*)          (Adam)   or   p = p * (1 - lr * weight_decay)   (AdamW)
    m = m + (1 - beta1) * (g - m)  (*)     i.e. beta1 * m + (1 - beta1) * g
    v = beta2 * v + (1 - beta2) * g * g    (*)
    v_max = max(v_max, v)                  if amsgrad (and use v_max instead of v below)
    denom = sqrt(v) / sqrt(1 - beta2**t) + eps
    p = p - lr / (1 - beta1**t) * m / denom
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..core.grad_mode import no_grad
from ..core.tensor import Tensor
from ._fused import addcmul_, fma, lerp_
from .optimizer import Optimizer, _check_betas, _to_scalar


class Adam(Optimizer):
    """Adam (Kingma & Ba, 2014), updating parameters exactly as ``torch.optim.Adam``.

    >>> import minigrad as torch
    >>> w = torch.tensor([1.0, -1.0], requires_grad=True)
    >>> opt = torch.optim.Adam([w], lr=0.1)
    >>> (w * w).sum().backward(); opt.step(); w
    tensor([ 0.9000, -0.9000], requires_grad=True)
    """

    _defaults_on_load = dict(
        amsgrad=False,
        maximize=False,
        foreach=None,
        capturable=False,
        differentiable=False,
        decoupled_weight_decay=False,
        fused=None,
    )

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 0,
        amsgrad: bool = False,
        *,
        foreach: bool | None = None,
        maximize: bool = False,
        capturable: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
        decoupled_weight_decay: bool = False,
    ) -> None:
        _check_betas(lr, eps, betas, weight_decay)
        defaults = dict(
            lr=lr,
            betas=betas,
            eps=eps,
            weight_decay=weight_decay,
            amsgrad=amsgrad,
            maximize=maximize,
            foreach=foreach,
            capturable=capturable,
            differentiable=differentiable,
            fused=fused,
            decoupled_weight_decay=decoupled_weight_decay,
        )
        super().__init__(params, defaults)

    def _state_for(self, p: Tensor, amsgrad: bool) -> dict[str, Any]:
        """The per-parameter state, created (all zeros) on the first step."""
        state = self.state[p]
        if not state:
            state["step"] = Tensor._make(np.array(0.0, dtype=np.float32), None)
            state["exp_avg"] = Tensor._make(np.zeros_like(p._data), None)
            state["exp_avg_sq"] = Tensor._make(np.zeros_like(p._data), None)
            if amsgrad:
                state["max_exp_avg_sq"] = Tensor._make(np.zeros_like(p._data), None)
        return state

    @no_grad()
    @np.errstate(all="ignore")  # inf and nan are computed silently, as in torch
    def step(self, closure: Callable[[], Any] | None = None) -> Any:
        """Update every parameter that has a ``.grad``; returns ``closure()``'s loss if given."""
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr, eps, wd, amsgrad = (
                _to_scalar(group["lr"]),
                group["eps"],
                group["weight_decay"],
                group["amsgrad"],
            )
            beta1, beta2 = group["betas"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self._state_for(p, amsgrad)
                m, v = state["exp_avg"]._data, state["exp_avg_sq"]._data
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
                lerp_(m, g, 1 - beta1)
                v *= beta2
                addcmul_(v, 1 - beta2, g, g)
                if amsgrad:
                    v_max = state["max_exp_avg_sq"]._data
                    np.maximum(v_max, v, out=v_max)
                    v = v_max
                bias_correction1 = 1 - beta1**t
                bias_correction2 = 1 - beta2**t
                step_size = lr / bias_correction1
                denom = np.sqrt(v) / bias_correction2**0.5
                denom += eps
                p._data += -step_size * m / denom
                p._bump_version()
        return loss


class AdamW(Adam):
    """Adam with *decoupled* weight decay: ``p ← p · (1 - lr · weight_decay)``
    before the Adam step, instead of adding ``weight_decay · p`` to the gradient."""

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
        weight_decay: float = 1e-2,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
        foreach: bool | None = None,
        capturable: bool = False,
        differentiable: bool = False,
        fused: bool | None = None,
    ) -> None:
        super().__init__(
            params,
            lr,
            betas,
            eps,
            weight_decay,
            amsgrad,
            foreach=foreach,
            maximize=maximize,
            capturable=capturable,
            differentiable=differentiable,
            fused=fused,
            decoupled_weight_decay=True,
        )


Adam.__module__ = "torch.optim.adam"
AdamW.__module__ = "torch.optim.adamw"
