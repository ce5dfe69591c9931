"""Rprop: step by a size of its own per element, using only the gradient's sign.

Rprop ("resilient backpropagation") ignores how large a gradient is. Each
element keeps its own ``step_size`` (starting at ``lr``): it grows by
``etaplus`` while the gradient keeps its sign and shrinks by ``etaminus`` when
the sign flips (we stepped over a minimum), and the element moves by
``step_size`` against the gradient's sign. After a flip the element stands
still for one step (its gradient counts as 0). Full-batch training only: with
mini-batches the signs are noisy. One ``step()``, as torch computes it::

    step = step + 1
    g = -g                              if maximize
    factor = etaplus   where g * prev > 0
             etaminus  where g * prev < 0
             1         where g * prev == 0
    step_size = clamp(step_size * factor, step_size_min, step_size_max)
    g = 0                               where factor == etaminus
    p = p - sign(g) * step_size
    prev = g
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..core.grad_mode import no_grad
from ..core.tensor import Tensor
from .optimizer import Optimizer, _check_lr, _to_scalar


class Rprop(Optimizer):
    """Rprop (Riedmiller & Braun, 1993), updating parameters exactly as ``torch.optim.Rprop``.

    >>> import minigrad as torch
    >>> w = torch.tensor([1.0, -1.0], requires_grad=True)
    >>> opt = torch.optim.Rprop([w], lr=0.1)
    >>> (w * w).sum().backward(); opt.step(); w
    tensor([ 0.9000, -0.9000], requires_grad=True)
    """

    _defaults_on_load = dict(foreach=None, maximize=False, differentiable=False, capturable=False)

    def __init__(
        self,
        params: Iterable[Any],
        lr: float = 1e-2,
        etas: tuple[float, float] = (0.5, 1.2),
        step_sizes: tuple[float, float] = (1e-6, 50),
        *,
        capturable: bool = False,
        foreach: bool | None = None,
        maximize: bool = False,
        differentiable: bool = False,
    ) -> None:
        _check_lr(lr)
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        defaults = dict(
            lr=lr,
            etas=etas,
            step_sizes=step_sizes,
            foreach=foreach,
            maximize=maximize,
            differentiable=differentiable,
            capturable=capturable,
        )
        super().__init__(params, defaults)

    def _state_for(self, p: Tensor, lr: float) -> dict[str, Any]:
        """The per-parameter state, created on the first step (every step size ``lr``)."""
        state = self.state[p]
        if not state:
            state["step"] = Tensor._make(np.array(0.0, dtype=np.float32), None)
            state["prev"] = Tensor._make(np.zeros_like(p._data), None)
            state["step_size"] = Tensor._make(np.full_like(p._data, lr), None)
        return state

    @no_grad()
    @np.errstate(all="ignore")  # inf and nan are computed silently, as in torch
    def step(self, closure: Callable[[], Any] | None = None) -> Any:
        """Update every parameter that has a ``.grad``; returns ``closure()``'s loss if given."""
        loss = self._closure_loss(closure)
        for group in self.param_groups:
            etaminus, etaplus = group["etas"]
            step_size_min, step_size_max = group["step_sizes"]
            for p in group["params"]:
                if p._grad is None:
                    continue
                state = self._state_for(p, _to_scalar(group["lr"]))
                g = p._grad._data
                if group["maximize"]:
                    g = -g
                state["step"]._data += 1
                prev, step_size = state["prev"]._data, state["step_size"]._data
                factor = np.sign(g * prev)
                factor[factor > 0] = etaplus
                factor[factor < 0] = etaminus
                factor[factor == 0] = 1
                step_size *= factor
                np.clip(step_size, step_size_min, step_size_max, out=step_size)
                g = g.copy()
                g[factor == etaminus] = 0
                p._data -= np.sign(g) * step_size
                prev[...] = g
                p._bump_version()
        return loss


Rprop.__module__ = "torch.optim.rprop"
