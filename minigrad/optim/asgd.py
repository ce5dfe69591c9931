"""ASGD: gradient descent that also keeps an average of the parameters.

ASGD ("averaged SGD") steps as SGD does, with a learning rate ``eta`` that
decays as ``lr / (1 + lambd * lr * step)**alpha`` (and a decay term
``lambd``), and from step ``t0`` on also keeps ``ax``, the running average of
the parameters, in its state (before ``t0`` ``ax`` is just a copy of the
parameters). The parameters themselves are not replaced by the average: copy
``state["ax"]`` into them yourself if you want it. One ``step()``, in torch's
order of arithmetic (the products marked ``(*)`` are added with a single
rounding, as torch's fused multiply-adds are: see ``_fused.py``)::

    step = step + 1
    g = -g                                  if maximize
    g = g + weight_decay * p                (L2 penalty)  (*)
    p = p * (1 - lambd * eta)
    p = p - eta * g                                       (*)
    ax = ax + (p - ax) * mu                 (ax = p while mu is 1)
    eta = lr / (1 + lambd * lr * step)**alpha
    mu = 1 / max(1, step - t0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..core.grad_mode import no_grad
from ..core.tensor import Tensor
from ._fused import fma
from .optimizer import Optimizer, _check_lr, _to_scalar


class ASGD(Optimizer):
    """Averaged SGD (Polyak & Juditsky, 1992), updating parameters exactly as
    ``torch.optim.ASGD``.

    >>> import minigrad as torch
    >>> w = torch.tensor([1.0, -1.0], requires_grad=True)
    >>> opt = torch.optim.ASGD([w], lr=0.1)
    >>> (w * w).sum().backward(); opt.step(); w
    tensor([ 0.8000, -0.8000], requires_grad=True)
    """

    _defaults_on_load = dict(foreach=None, maximize=False, differentiable=False, capturable=False)

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-2,
        lambd: float = 1e-4,
        alpha: float = 0.75,
        t0: float = 1e6,
        weight_decay: float = 0,
        foreach: bool | None = None,
        maximize: bool = False,
        differentiable: bool = False,
        capturable: bool = False,
    ) -> None:
        _check_lr(lr)
        if not 0.0 <= weight_decay:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(
            lr=lr,
            lambd=lambd,
            alpha=alpha,
            t0=t0,
            weight_decay=weight_decay,
            foreach=foreach,
            maximize=maximize,
            differentiable=differentiable,
            capturable=capturable,
        )
        super().__init__(params, defaults)

    def _state_for(self, p: Tensor, lr: float) -> dict[str, Any]:
        """The per-parameter state, created on the first step."""
        state = self.state[p]
        if not state:
            state["step"] = Tensor._make(np.array(0.0, dtype=np.float32), None)
            state["eta"] = Tensor._make(np.array(lr, dtype=np.float32), None)
            state["mu"] = Tensor._make(np.array(1.0, dtype=np.float32), None)
            state["ax"] = Tensor._make(np.zeros_like(p._data), None)
        return state

    @no_grad()
    @np.errstate(all="ignore")  # inf and nan are computed silently, as in torch
    def step(self, closure: Callable[[], Any] | None = None) -> Any:
        """Update every parameter that has a ``.grad``; returns ``closure()``'s loss if given."""
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            lr, lambd, alpha, t0 = group["lr"], group["lambd"], group["alpha"], group["t0"]
            lr = _to_scalar(lr)
            wd = group["weight_decay"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self._state_for(p, lr)
                g = p._grad._data
                if group["maximize"]:
                    g = -g
                state["step"]._data += 1
                if wd != 0:
                    g = fma(wd, p._data, g)  # torch: g.add(p, alpha=weight_decay)
                eta = float(state["eta"]._data)
                p._data *= 1 - lambd * eta
                p._data[...] = fma(-eta, g, p._data)  # torch: p.add_(g, alpha=-eta)
                ax, mu = state["ax"]._data, state["mu"]._data
                if float(mu) != 1:
                    ax += (p._data - ax) * mu
                else:
                    ax[...] = p._data
                t = float(state["step"]._data)
                state["eta"]._data[...] = lr / ((1 + lambd * lr * t) ** alpha)
                state["mu"]._data[...] = 1 / max(1, t - t0)
                p._bump_version()
        return loss


ASGD.__module__ = "torch.optim.asgd"
