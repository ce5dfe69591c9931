"""Stochastic gradient descent: ``p -= lr * p.grad``, done under ``no_grad``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .._grad_mode import no_grad
from .._tensor import Tensor


class Optimizer:
    """Base class: holds parameter groups and clears their gradients."""

    def __init__(self, params: Iterable[Any], defaults: dict) -> None:
        params = list(params)
        if not params:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(params[0], dict):
            params = [{"params": params}]
        self.defaults = defaults
        self.param_groups: list[dict] = []
        self.state: dict = {}
        for group in params:
            g = dict(defaults)
            g.update(group)
            g["params"] = list(g["params"])
            self.param_groups.append(g)

    def zero_grad(self, set_to_none: bool = True) -> None:
        """Forget the gradients (set them to None, as torch does by default)."""
        for group in self.param_groups:
            for p in group["params"]:
                if p._grad is None:
                    continue
                if set_to_none:
                    p._grad = None
                else:
                    p._grad.detach_()
                    p._grad.zero_()


class SGD(Optimizer):
    """Plain gradient descent, with optional momentum and weight decay.

    >>> import minigrad as torch
    >>> w = torch.tensor([1.0], requires_grad=True)
    >>> opt = torch.optim.SGD([w], lr=0.1)
    >>> (w * 2).sum().backward(); opt.step(); w
    tensor([0.8000], requires_grad=True)
    """

    def __init__(
        self,
        params: Iterable[Tensor],
        lr: float = 1e-3,
        momentum: float = 0,
        dampening: float = 0,
        weight_decay: float = 0,
        nesterov: bool = False,
        maximize: bool = False,
    ) -> None:
        super().__init__(
            params,
            dict(
                lr=lr,
                momentum=momentum,
                dampening=dampening,
                weight_decay=weight_decay,
                nesterov=nesterov,
                maximize=maximize,
            ),
        )

    @no_grad()
    def step(self, closure: Any = None) -> Any:
        loss = closure() if closure is not None else None
        for group in self.param_groups:
            for p in group["params"]:
                if p._grad is None:
                    continue
                d_p = p._grad if not group["maximize"] else -p._grad
                if group["weight_decay"]:
                    d_p = d_p + group["weight_decay"] * p
                if group["momentum"]:
                    buf = self.state.setdefault(p, {}).get("momentum_buffer")
                    if buf is None:
                        buf = d_p.clone()
                    else:
                        buf.mul_(group["momentum"]).add_(d_p * (1 - group["dampening"]))
                    self.state[p]["momentum_buffer"] = buf
                    d_p = d_p + group["momentum"] * buf if group["nesterov"] else buf
                p.sub_(d_p * group["lr"])
        return loss
