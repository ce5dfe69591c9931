"""Learning-rate schedulers: change each parameter group's ``lr`` as training goes.

A scheduler is stepped once per epoch (after the optimiser's steps)::

    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10, gamma=0.1)
    for epoch in range(epochs):
        train_one_epoch()          # ... optimizer.step() ...
        scheduler.step()           # lr for the next epoch
        scheduler.get_last_lr()    # the lr it just set, one per parameter group

Creating a scheduler records each group's starting ``lr`` as
``group["initial_lr"]`` (the scheduler's ``base_lrs``) and counts epochs in
``last_epoch`` (0 after creation). Most schedulers compute the next ``lr``
from the current one ("chainable"), in the same arithmetic as torch, so the
sequences of learning rates are the same floats. ``ReduceLROnPlateau`` instead
watches a metric: ``scheduler.step(val_loss)``.
"""

from __future__ import annotations

import math
import types
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from ..exact import messages as _messages
from ._lr_base import LRScheduler, _group_values, _LRScheduler, _one_per_group, _set_group_value
from ._lr_cycles import CosineAnnealingWarmRestarts, CyclicLR, OneCycleLR, ReduceLROnPlateau
from .optimizer import Optimizer

__all__ = [
    "LambdaLR",
    "MultiplicativeLR",
    "StepLR",
    "MultiStepLR",
    "ConstantLR",
    "LinearLR",
    "ExponentialLR",
    "SequentialLR",
    "CosineAnnealingLR",
    "ChainedScheduler",
    "ReduceLROnPlateau",
    "CyclicLR",
    "CosineAnnealingWarmRestarts",
    "OneCycleLR",
    "PolynomialLR",
    "LRScheduler",
]


class LambdaLR(LRScheduler):
    """``lr = initial_lr * lr_lambda(epoch)``, with your function (one per group, or one for all).

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda epoch: 0.5**epoch)
    >>> opt.step(); sched.step(); sched.get_last_lr()
    [0.5]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        lr_lambda: Callable[[int], float] | list[Callable[[int], float]],
        last_epoch: int = -1,
    ) -> None:
        self.optimizer = optimizer
        self.lr_lambdas = _one_per_group(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def state_dict(self) -> dict[str, Any]:
        """As the base class's, but functions are not saved: only the ``__dict__``
        of callable objects (a plain function or lambda becomes ``None``)."""
        state = {k: v for k, v in self.__dict__.items() if k not in ("optimizer", "lr_lambdas")}
        state["lr_lambdas"] = [
            None if isinstance(fn, types.FunctionType) else fn.__dict__.copy()
            for fn in self.lr_lambdas
        ]
        return state

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore what ``state_dict()`` returned (the functions stay the ones given)."""
        lr_lambdas = state_dict.pop("lr_lambdas")
        self.__dict__.update(state_dict)
        state_dict["lr_lambdas"] = lr_lambdas  # leave the caller's dict as it was
        for fn, saved in zip(self.lr_lambdas, lr_lambdas):
            if saved is not None:
                fn.__dict__.update(saved)

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        return [
            base_lr * lmbda(self.last_epoch)
            for lmbda, base_lr in zip(self.lr_lambdas, self.base_lrs, strict=True)
        ]


class StepLR(LRScheduler):
    """Multiply ``lr`` by ``gamma`` every ``step_size`` epochs.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2)
    >>> for _ in range(4):
    ...     opt.step(); sched.step()
    >>> sched.get_last_lr()
    [0.010000000000000002]
    """

    def __init__(
        self, optimizer: Optimizer, step_size: int, gamma: float = 0.1, last_epoch: int = -1
    ) -> None:
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return _group_values(self.optimizer, "lr")
        return [group["lr"] * self.gamma for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self) -> list[Any]:
        return [
            base_lr * self.gamma ** (self.last_epoch // self.step_size) for base_lr in self.base_lrs
        ]


class MultiStepLR(LRScheduler):
    """Multiply ``lr`` by ``gamma`` at each epoch listed in ``milestones``.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[1, 3], gamma=0.5)
    >>> for _ in range(3):
    ...     opt.step(); sched.step(); print(sched.get_last_lr())
    [0.5]
    [0.5]
    [0.25]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        milestones: Iterable[int],
        gamma: float = 0.1,
        last_epoch: int = -1,
    ) -> None:
        self.milestones = Counter(milestones)  # a milestone given twice multiplies twice
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        if self.last_epoch not in self.milestones:
            return _group_values(self.optimizer, "lr")
        return [
            group["lr"] * self.gamma ** self.milestones[self.last_epoch]
            for group in self.optimizer.param_groups
        ]

    def _get_closed_form_lr(self) -> list[Any]:
        milestones = sorted(self.milestones.elements())
        return [
            base_lr * self.gamma ** bisect_right(milestones, self.last_epoch)
            for base_lr in self.base_lrs
        ]


class ExponentialLR(LRScheduler):
    """Multiply ``lr`` by ``gamma`` every epoch.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
    >>> opt.step(); sched.step(); sched.step(); sched.get_last_lr()
    [0.25]
    """

    def __init__(self, optimizer: Optimizer, gamma: float, last_epoch: int = -1) -> None:
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        if self._is_initial:  # resuming from a checkpoint must not step ahead
            return _group_values(self.optimizer, "lr")
        return [group["lr"] * self.gamma for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self) -> list[Any]:
        return [base_lr * self.gamma**self.last_epoch for base_lr in self.base_lrs]


class CosineAnnealingLR(LRScheduler):
    """Follow half a cosine from ``initial_lr`` down to ``eta_min`` over ``T_max`` epochs
    (and back up over the next ``T_max``)::

        lr(epoch) = eta_min + (initial_lr - eta_min) * (1 + cos(pi * epoch / T_max)) / 2

    Like torch, each ``step()`` computes it from the previous ``lr`` (so that another
    scheduler may change ``lr`` in between), which gives the same floats as torch's.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=2)
    >>> for _ in range(4):
    ...     opt.step(); sched.step(); print(round(sched.get_last_lr()[0], 6))
    0.5
    0.0
    0.5
    1.0
    """

    def __init__(
        self, optimizer: Optimizer, T_max: int, eta_min: float = 0.0, last_epoch: int = -1
    ) -> None:
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        T_max, eta_min, epoch = self.T_max, self.eta_min, self.last_epoch
        if self._is_initial:
            return _group_values(self.optimizer, "lr")
        if self._step_count == 1 and epoch > 0:  # resumed: use the closed form once
            return [
                eta_min + (base_lr - eta_min) * (1 + math.cos(epoch * math.pi / T_max)) / 2
                for base_lr in self.base_lrs
            ]
        if (epoch - 1 - T_max) % (2 * T_max) == 0:  # leaving the bottom: the ratio would be 0/0
            return [
                group["lr"] + (base_lr - eta_min) * (1 - math.cos(math.pi / T_max)) / 2
                for base_lr, group in zip(self.base_lrs, self.optimizer.param_groups, strict=True)
            ]
        return [
            (1 + math.cos(math.pi * epoch / T_max))
            / (1 + math.cos(math.pi * (epoch - 1) / T_max))
            * (group["lr"] - eta_min)
            + eta_min
            for group in self.optimizer.param_groups
        ]

    def _get_closed_form_lr(self) -> list[Any]:
        return [
            self.eta_min
            + (base_lr - self.eta_min) * (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2
            for base_lr in self.base_lrs
        ]


class MultiplicativeLR(LRScheduler):
    """Multiply ``lr`` by ``lr_lambda(epoch)`` every epoch (one function per group,
    or one for all): unlike ``LambdaLR``, the factors pile up.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> sched = torch.optim.lr_scheduler.MultiplicativeLR(opt, lambda epoch: 0.5)
    >>> opt.step(); sched.step(); sched.step(); sched.get_last_lr()
    [0.25]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        lr_lambda: Callable[[int], float] | list[Callable[[int], float]],
        last_epoch: int = -1,
    ) -> None:
        self.optimizer = optimizer
        self.lr_lambdas = _one_per_group(optimizer, lr_lambda)
        for fn in self.lr_lambdas:
            if not callable(fn):
                raise TypeError(f"lr_lambda should be a function, but got {type(fn).__name__}")
        super().__init__(optimizer, last_epoch)

    state_dict = LambdaLR.state_dict
    load_state_dict = LambdaLR.load_state_dict

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        if self._is_initial:
            return _group_values(self.optimizer, "lr")
        return [
            group["lr"] * lmbda(self.last_epoch)
            for lmbda, group in zip(self.lr_lambdas, self.optimizer.param_groups, strict=True)
        ]


class ConstantLR(LRScheduler):
    """Multiply ``lr`` by ``factor`` for the first ``total_iters`` epochs, then give it back.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=0.3)
    >>> sched = torch.optim.lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2)
    >>> print(sched.get_last_lr())
    [0.15]
    >>> for _ in range(3):
    ...     opt.step(); sched.step(); print(sched.get_last_lr())
    [0.15]
    [0.3]
    [0.3]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        factor: float = 1.0 / 3,
        total_iters: int = 5,
        last_epoch: int = -1,
    ) -> None:
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        if self.last_epoch == 0:
            return [group["lr"] * self.factor for group in self.optimizer.param_groups]
        if self.last_epoch != self.total_iters:
            return _group_values(self.optimizer, "lr")
        return [group["lr"] * (1.0 / self.factor) for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self) -> list[Any]:
        return [
            base_lr * (self.factor + (self.last_epoch >= self.total_iters) * (1 - self.factor))
            for base_lr in self.base_lrs
        ]


class LinearLR(LRScheduler):
    """Change ``lr`` linearly from ``start_factor * initial_lr`` to ``end_factor *
    initial_lr`` over ``total_iters`` epochs (a "warm-up" when it rises).

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> sched = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.25, total_iters=3)
    >>> for _ in range(4):
    ...     print(sched.get_last_lr()); opt.step(); sched.step()
    [0.25]
    [0.5]
    [0.75]
    [1.0]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        start_factor: float = 1.0 / 3,
        end_factor: float = 1.0,
        total_iters: int = 5,
        last_epoch: int = -1,
    ) -> None:
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError(_messages.LINEAR_LR_START_FACTOR)
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        if self.last_epoch == 0:
            return [group["lr"] * self.start_factor for group in self.optimizer.param_groups]
        if self._is_initial or self.last_epoch > self.total_iters:
            return _group_values(self.optimizer, "lr")
        # the ratio of this epoch's factor to the last one's (chainable, as in torch)
        change = self.end_factor - self.start_factor
        last = self.total_iters * self.start_factor + (self.last_epoch - 1) * change
        ratio = 1.0 + change / last
        return [group["lr"] * ratio for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self) -> list[Any]:
        return [
            base_lr
            * (
                self.start_factor
                + (self.end_factor - self.start_factor)
                * min(self.total_iters, self.last_epoch)
                / self.total_iters
            )
            for base_lr in self.base_lrs
        ]


def _check_schedulers(name: str, schedulers: Any, optimizer: Any) -> None:
    """SequentialLR's and ChainedScheduler's checks of the schedulers they are given."""
    for i, scheduler in enumerate(schedulers):
        if not hasattr(scheduler, "optimizer"):
            raise TypeError(_messages.scheduler_without_optimizer(name, i))
        if isinstance(scheduler, ReduceLROnPlateau):
            raise ValueError(_messages.scheduler_is_plateau(name, i))
        if optimizer != scheduler.optimizer:
            raise ValueError(
                _messages.scheduler_other_optimizer(
                    name,
                    type(scheduler).__name__,
                    i,
                    scheduler.optimizer,
                    type(optimizer).__name__,
                )
            )


class SequentialLR(LRScheduler):
    """Run ``schedulers`` one after the other, switching at the epochs in ``milestones``
    (each one starts afresh from ``initial_lr``), e.g. a warm-up then a decay.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> warmup = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.5, total_iters=2)
    >>> decay = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
    >>> sched = torch.optim.lr_scheduler.SequentialLR(opt, [warmup, decay], milestones=[2])
    >>> for _ in range(5):
    ...     print(sched.get_last_lr()); opt.step(); sched.step()
    [0.5]
    [0.75]
    [1.0]
    [0.5]
    [0.25]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        schedulers: list[LRScheduler],
        milestones: list[int],
        last_epoch: int = -1,
    ) -> None:
        name = type(self).__name__
        if len(schedulers) < 1:
            raise ValueError(_messages.schedulers_none_given(name, chained=False))
        _check_schedulers(name, schedulers, optimizer)
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(
                _messages.sequential_milestones_count(len(schedulers), len(milestones))
            )
        self._schedulers = schedulers
        self._milestones = milestones
        self.last_epoch = last_epoch + 1
        self.optimizer = optimizer
        # undo what creating the schedulers did: back to the initial lr, and one
        # epoch back for each of them ...
        for group in self.optimizer.param_groups:
            _set_group_value(group, "lr", group["initial_lr"])
        self.recursive_undo()
        # ... then start the first one
        idx = bisect_right(self._milestones, 0)
        self._schedulers[idx]._initial_step()
        self._last_lr = schedulers[idx].get_last_lr()

    def recursive_undo(self, sched: Any = None) -> None:
        """Take one epoch off every scheduler (and off those they hold)."""
        scheds = self if sched is None else sched
        if hasattr(scheds, "_schedulers"):
            for s in scheds._schedulers:
                self.recursive_undo(s)
        elif hasattr(scheds, "last_epoch"):
            scheds.last_epoch -= 1

    def step(self) -> None:  # type: ignore[override]
        """Step the scheduler of this epoch (at a milestone, start the next one at epoch 0)."""
        self.last_epoch += 1
        idx = bisect_right(self._milestones, self.last_epoch)
        scheduler = self._schedulers[idx]
        if idx > 0 and self._milestones[idx - 1] == self.last_epoch:
            scheduler._update_lr(0)
        else:
            scheduler.step()
        self._last_lr = scheduler.get_last_lr()

    def state_dict(self) -> dict[str, Any]:
        """As the base class's, with each scheduler's own state dict."""
        return _with_schedulers_states(self)

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore what ``state_dict()`` returned, the schedulers' states too."""
        _load_with_schedulers_states(self, state_dict)


def _with_schedulers_states(self: Any) -> dict[str, Any]:
    state = {k: v for k, v in self.__dict__.items() if k not in ("optimizer", "_schedulers")}
    state["_schedulers"] = [s.state_dict() for s in self._schedulers]
    return state


def _load_with_schedulers_states(self: Any, state_dict: dict[str, Any]) -> None:
    schedulers = state_dict.pop("_schedulers")
    self.__dict__.update(state_dict)
    state_dict["_schedulers"] = schedulers  # leave the caller's dict as it was
    for scheduler, saved in zip(self._schedulers, schedulers):
        scheduler.load_state_dict(saved)


class PolynomialLR(LRScheduler):
    """Decay ``lr`` to 0 over ``total_iters`` epochs as ``(1 - epoch / total_iters)**power``.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> sched = torch.optim.lr_scheduler.PolynomialLR(opt, total_iters=4, power=2.0)
    >>> for _ in range(5):
    ...     opt.step(); sched.step(); print(sched.get_last_lr())
    [0.5625]
    [0.25]
    [0.0625]
    [0.0]
    [0.0]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        total_iters: int = 5,
        power: float = 1.0,
        last_epoch: int = -1,
    ) -> None:
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        if self._is_initial or self.last_epoch > self.total_iters:
            return _group_values(self.optimizer, "lr")
        decay_factor = (
            (1.0 - self.last_epoch / self.total_iters)
            / (1.0 - (self.last_epoch - 1) / self.total_iters)
        ) ** self.power
        return [group["lr"] * decay_factor for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self) -> list[Any]:
        decay = (1.0 - min(self.total_iters, self.last_epoch) / self.total_iters) ** self.power
        return [base_lr * decay for base_lr in self.base_lrs]


class ChainedScheduler(LRScheduler):
    """Step several schedulers together: each epoch, each one changes ``lr`` in turn.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> warmup = torch.optim.lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2)
    >>> decay = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
    >>> sched = torch.optim.lr_scheduler.ChainedScheduler([warmup, decay])
    >>> for _ in range(3):
    ...     opt.step(); sched.step(); print(sched.get_last_lr())
    [0.25]
    [0.25]
    [0.125]
    """

    def __init__(self, schedulers: Any, optimizer: Optimizer | None = None) -> None:
        name = type(self).__name__
        if len(schedulers) < 1:
            raise ValueError(_messages.schedulers_none_given(name, chained=True))
        optimizer = optimizer or schedulers[0].optimizer
        _check_schedulers(name, schedulers, optimizer)
        self._schedulers = schedulers
        self.optimizer = optimizer
        self._last_lr = _group_values(self._schedulers[-1].optimizer, "lr")

    def step(self) -> None:  # type: ignore[override]
        """Step every scheduler, in order."""
        for scheduler in self._schedulers:
            scheduler.step()
        self._last_lr = _group_values(self._schedulers[-1].optimizer, "lr")

    def state_dict(self) -> dict[str, Any]:
        """As the base class's, with each scheduler's own state dict."""
        return _with_schedulers_states(self)

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore what ``state_dict()`` returned, the schedulers' states too."""
        _load_with_schedulers_states(self, state_dict)


for _cls in (
    LRScheduler,
    _LRScheduler,
    LambdaLR,
    StepLR,
    MultiStepLR,
    ExponentialLR,
    CosineAnnealingLR,
    ReduceLROnPlateau,
    MultiplicativeLR,
    ConstantLR,
    LinearLR,
    SequentialLR,
    PolynomialLR,
    ChainedScheduler,
    CyclicLR,
    CosineAnnealingWarmRestarts,
    OneCycleLR,
):
    _cls.__module__ = "torch.optim.lr_scheduler"
del _cls
