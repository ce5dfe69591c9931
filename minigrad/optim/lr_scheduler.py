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
import warnings
import weakref
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable
from functools import partial, wraps
from typing import Any

from ..core.tensor import Tensor
from ..exact import messages as _messages
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


def _group_values(optimizer: Optimizer, key: str) -> list[Any]:
    """``group[key]`` of every parameter group (a copy, if it is a tensor)."""
    return [
        group[key].clone() if isinstance(group[key], Tensor) else group[key]
        for group in optimizer.param_groups
    ]


def _set_group_value(group: dict[str, Any], key: str, value: Any) -> None:
    """``group[key] = value``; a tensor ``lr`` is filled in place instead."""
    if isinstance(group[key], Tensor):
        group[key].fill_(float(value))
    else:
        group[key] = value


def _track_step_calls(optimizer: Optimizer) -> None:
    """Wrap ``optimizer.step`` so that it notes it has been called, which lets
    ``scheduler.step()`` warn when it runs first."""
    if hasattr(optimizer.step, "_wrapped_by_lr_sched"):
        return
    step = type(optimizer).step
    optimizer_ref = weakref.ref(optimizer)  # no cycle optimizer -> wrapper -> optimizer

    @wraps(step)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        opt = optimizer_ref()
        opt._opt_called = True
        return step(opt, *args, **kwargs)

    wrapper._wrapped_by_lr_sched = True
    optimizer.step = wrapper


class LRScheduler:
    """Base class: subclasses write ``get_lr()``, the ``lr`` of each group for ``last_epoch``.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=0.1)
    >>> sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    >>> for epoch in range(5):
    ...     opt.step(); sched.step(); print(sched.last_epoch, sched.get_last_lr())
    1 [0.1]
    2 [0.05]
    3 [0.05]
    4 [0.025]
    5 [0.025]
    """

    _get_lr_called_within_step: bool = False
    _is_initial: bool = False

    def __init__(self, optimizer: Optimizer, last_epoch: int = -1) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                initial_lr = group["lr"]
                if isinstance(initial_lr, Tensor):
                    initial_lr = initial_lr.clone()
                group.setdefault("initial_lr", initial_lr)
        else:  # resuming: the groups must remember where they started
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(_messages.lr_scheduler_no_initial_lr(i))
        self.base_lrs: list[Any] = _group_values(optimizer, "initial_lr")
        self.last_epoch = last_epoch
        _track_step_calls(optimizer)
        self._initial_step()

    def _initial_step(self) -> None:
        """Count no steps yet, then take the step to epoch ``last_epoch + 1`` (0 for a new one)."""
        self._step_count = 0
        self._is_initial = True
        try:
            self.step()
        finally:
            self._is_initial = False

    def state_dict(self) -> dict[str, Any]:
        """Everything the scheduler holds except the optimiser."""
        return {key: value for key, value in self.__dict__.items() if key != "optimizer"}

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore what ``state_dict()`` returned."""
        self.__dict__.update(state_dict)

    def get_last_lr(self) -> list[Any]:
        """The learning rates the last ``step()`` set, one per parameter group."""
        return self._last_lr

    def get_lr(self) -> list[Any]:
        """The learning rates for epoch ``last_epoch`` (called by ``step()``)."""
        raise NotImplementedError

    def step(self, epoch: int | None = None) -> None:
        """Move to the next epoch and set every group's ``lr`` for it. Call it after
        ``optimizer.step()``."""
        if self._step_count == 1:
            if not hasattr(self.optimizer.step, "_wrapped_by_lr_sched"):
                warnings.warn(_messages.LR_SCHEDULER_STEP_OVERRIDDEN, UserWarning, stacklevel=2)
            elif not getattr(self.optimizer, "_opt_called", False):
                warnings.warn(_messages.LR_SCHEDULER_BEFORE_OPTIMIZER, UserWarning, stacklevel=2)
        self._step_count += 1
        if epoch is not None:
            warnings.warn(_messages.LR_SCHEDULER_EPOCH_DEPRECATED, UserWarning, stacklevel=2)
        self._update_lr(epoch)

    def _update_lr(self, epoch: int | None = None) -> None:
        self._get_lr_called_within_step = True
        try:
            if epoch is None:
                self.last_epoch += 1
                values = self.get_lr()
            else:  # the old ``step(epoch)``: jump there, with the closed form if there is one
                self.last_epoch = epoch
                if hasattr(self, "_get_closed_form_lr"):
                    values = self._get_closed_form_lr()
                else:
                    values = self.get_lr()
        finally:
            self._get_lr_called_within_step = False
        for group, lr in zip(self.optimizer.param_groups, values, strict=True):
            _set_group_value(group, "lr", lr)
        self._last_lr: list[Any] = _group_values(self.optimizer, "lr")

    def __reduce_ex__(self, protocol: int) -> Any:
        # the schedulers print as torch's classes, which is not where pickle would
        # find them: name them by their minigrad module
        from ..serialization import reduce_by_minigrad_name

        return reduce_by_minigrad_name(self, protocol)

    def _warn_if_called_directly(self) -> None:
        if not self._get_lr_called_within_step:
            warnings.warn(_messages.LR_SCHEDULER_USE_GET_LAST_LR, UserWarning, stacklevel=3)


class _LRScheduler(LRScheduler):
    """The old name of ``LRScheduler``."""


def _one_per_group(optimizer: Optimizer, lr_lambda: Any) -> list[Any]:
    """One function per parameter group: the one given for all, or a list of them."""
    n = len(optimizer.param_groups)
    if not isinstance(lr_lambda, (list, tuple)):
        return [lr_lambda] * n
    if len(lr_lambda) != n:
        raise ValueError(f"Expected {n} lr_lambdas, but got {len(lr_lambda)}")
    return list(lr_lambda)


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


class ReduceLROnPlateau(LRScheduler):
    """Multiply ``lr`` by ``factor`` when a metric has stopped improving for more than
    ``patience`` epochs: ``scheduler.step(val_loss)``.

    "Improving" means (``mode="min"``) below ``best * (1 - threshold)``
    (``threshold_mode="rel"``) or below ``best - threshold`` (``"abs"``);
    ``mode="max"`` is the mirror image. After a reduction, ``cooldown`` epochs
    are not counted. ``lr`` never goes below ``min_lr``, and changes smaller
    than ``eps`` are skipped.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=1)
    >>> for loss in [3.0, 2.0, 2.0, 2.0, 2.0]:
    ...     opt.step(); sched.step(loss); print(sched.get_last_lr())
    [1.0]
    [1.0]
    [1.0]
    [0.1]
    [0.1]
    """

    def __init__(
        self,
        optimizer: Optimizer,
        mode: str = "min",
        factor: float = 0.1,
        patience: int = 10,
        threshold: float = 1e-4,
        threshold_mode: str = "rel",
        cooldown: int = 0,
        min_lr: list[float] | float = 0,
        eps: float = 1e-8,
    ) -> None:
        if factor >= 1.0:
            raise ValueError("Factor should be < 1.0.")
        self.factor = factor
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        self.optimizer = optimizer
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != len(optimizer.param_groups):
                raise ValueError(
                    f"expected {len(optimizer.param_groups)} min_lrs, got {len(min_lr)}"
                )
            self.default_min_lr = None
            self.min_lrs = list(min_lr)
        else:
            self.default_min_lr = min_lr
            self.min_lrs = [min_lr] * len(optimizer.param_groups)
        self.patience = patience
        self.cooldown = cooldown
        self.eps = eps
        self.last_epoch = 0
        self._last_lr = _group_values(self.optimizer, "lr")
        self._init_is_better(mode=mode, threshold=threshold, threshold_mode=threshold_mode)
        self._reset()

    def _reset(self) -> None:
        self.best = self.mode_worse
        self.cooldown_counter = 0
        self.num_bad_epochs = 0

    def step(self, metrics: Any, epoch: int | None = None) -> None:  # type: ignore[override]
        """Record this epoch's metric (a number or a one-element tensor); reduce ``lr``
        if it has not improved for more than ``patience`` epochs."""
        current = float(metrics)
        if epoch is None:
            epoch = self.last_epoch + 1
        else:
            warnings.warn(_messages.LR_SCHEDULER_EPOCH_DEPRECATED, UserWarning, stacklevel=2)
        self.last_epoch = epoch
        if self._is_better(current, self.best):
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.in_cooldown:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0  # bad epochs during the cooldown do not count
        if self.num_bad_epochs > self.patience:
            self._reduce_lr(epoch)
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
        self._last_lr = _group_values(self.optimizer, "lr")

    def _reduce_lr(self, epoch: int) -> None:
        if len(self.optimizer.param_groups) != len(self.min_lrs):
            if self.default_min_lr is None:
                raise RuntimeError(
                    _messages.plateau_groups_changed(
                        len(self.optimizer.param_groups), len(self.min_lrs)
                    )
                )
            self.min_lrs = [self.default_min_lr] * len(self.optimizer.param_groups)
        for i, group in enumerate(self.optimizer.param_groups):
            old_lr = float(group["lr"])
            new_lr = max(old_lr * self.factor, self.min_lrs[i])
            if old_lr - new_lr > self.eps:
                _set_group_value(group, "lr", new_lr)

    @property
    def in_cooldown(self) -> bool:
        return self.cooldown_counter > 0

    def _is_better(self, a: float, best: float) -> bool:
        if self.mode == "min" and self.threshold_mode == "rel":
            return a < best * (1.0 - self.threshold)
        if self.mode == "min" and self.threshold_mode == "abs":
            return a < best - self.threshold
        if self.mode == "max" and self.threshold_mode == "rel":
            return a > best * (self.threshold + 1.0)
        return a > best + self.threshold  # max, abs

    def _init_is_better(self, mode: str, threshold: float, threshold_mode: str) -> None:
        if mode not in {"min", "max"}:
            raise ValueError("mode " + mode + " is unknown!")
        if threshold_mode not in {"rel", "abs"}:
            raise ValueError("threshold mode " + threshold_mode + " is unknown!")
        self.mode_worse = math.inf if mode == "min" else -math.inf
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore what ``state_dict()`` returned."""
        self.__dict__.update(state_dict)
        self._init_is_better(
            mode=self.mode, threshold=self.threshold, threshold_mode=self.threshold_mode
        )


def _format_param(name: str, optimizer: Optimizer, param: Any) -> list[Any]:
    """``param`` for each parameter group: one value for all, or a list with one per group."""
    if isinstance(param, (list, tuple)):
        if len(param) != len(optimizer.param_groups):
            raise ValueError(
                _messages.format_param_length(name, len(param), len(optimizer.param_groups))
            )
    else:
        param = [param] * len(optimizer.param_groups)
    return [p.clone() if isinstance(p, Tensor) else p for p in param]


def _set_momentums(optimizer: Optimizer, use_beta1: bool, momentums: list[Any]) -> None:
    """Set each group's momentum (or Adam's ``beta1``, the first of its ``betas``)."""
    for group, momentum in zip(optimizer.param_groups, momentums, strict=True):
        if use_beta1:
            group["betas"] = (momentum, *group["betas"][1:])
        else:
            group["momentum"] = momentum


def _triangular_scale_fn(x: float) -> float:
    return 1.0


def _triangular2_scale_fn(x: float) -> float:
    return 1 / (2.0 ** (x - 1))


def _exp_range_scale_fn(gamma: float, x: float) -> float:
    return gamma**x


class CyclicLR(LRScheduler):
    """Cycle ``lr`` between ``base_lr`` and ``max_lr``: up in ``step_size_up``
    steps, down in ``step_size_down`` (Smith, 2017). Step it after every *batch*.

    ``mode`` scales each cycle's height: ``"triangular"`` (the same every cycle),
    ``"triangular2"`` (halved each cycle) or ``"exp_range"`` (times ``gamma`` every
    step); or give your own ``scale_fn``. With ``cycle_momentum`` the momentum (or
    Adam's ``beta1``) cycles the opposite way, between ``max_momentum`` and
    ``base_momentum``.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=0.1, momentum=0.9)
    >>> sched = torch.optim.lr_scheduler.CyclicLR(opt, base_lr=0.1, max_lr=0.5, step_size_up=2)
    >>> for _ in range(5):
    ...     opt.step(); sched.step(); print(round(sched.get_last_lr()[0], 6))
    0.3
    0.5
    0.3
    0.1
    0.3
    """

    def __init__(
        self,
        optimizer: Optimizer,
        base_lr: float | list[float],
        max_lr: float | list[float],
        step_size_up: int = 2000,
        step_size_down: int | None = None,
        mode: str = "triangular",
        gamma: float = 1.0,
        scale_fn: Callable[[float], float] | None = None,
        scale_mode: str = "cycle",
        cycle_momentum: bool = True,
        base_momentum: float = 0.8,
        max_momentum: float = 0.9,
        last_epoch: int = -1,
    ) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        self.optimizer = optimizer
        base_lrs = _format_param("base_lr", optimizer, base_lr)
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups, strict=True):
                _set_group_value(group, "lr", lr)
        self.max_lrs = _format_param("max_lr", optimizer, max_lr)
        step_size_up = float(step_size_up)
        step_size_down = float(step_size_down) if step_size_down is not None else step_size_up
        self.total_size = step_size_up + step_size_down
        self.step_ratio = step_size_up / self.total_size
        if mode not in ["triangular", "triangular2", "exp_range"] and scale_fn is None:
            raise ValueError("mode is invalid and scale_fn is None")
        self.mode = mode
        self.gamma = gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        self._init_scale_fn()
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            if "momentum" not in optimizer.defaults and "betas" not in optimizer.defaults:
                raise ValueError(_messages.CYCLE_MOMENTUM_UNSUPPORTED)
            self.use_beta1 = "betas" in self.optimizer.defaults
            self.base_momentums = _format_param("base_momentum", optimizer, base_momentum)
            self.max_momentums = _format_param("max_momentum", optimizer, max_momentum)
            if last_epoch == -1:
                _set_momentums(optimizer, self.use_beta1, self.max_momentums)
                for m_momentum, b_momentum, group in zip(
                    self.max_momentums, self.base_momentums, optimizer.param_groups, strict=True
                ):
                    group["max_momentum"] = m_momentum
                    group["base_momentum"] = b_momentum
        super().__init__(optimizer, last_epoch)
        self.base_lrs = base_lrs

    def _init_scale_fn(self) -> None:
        if self._scale_fn_custom is not None:
            return
        if self.mode == "triangular":
            self._scale_fn_ref = self._triangular_scale_fn
            self.scale_mode = "cycle"
        elif self.mode == "triangular2":
            self._scale_fn_ref = self._triangular2_scale_fn
            self.scale_mode = "cycle"
        elif self.mode == "exp_range":
            self._scale_fn_ref = partial(self._exp_range_scale_fn, self.gamma)
            self.scale_mode = "iterations"

    def scale_fn(self, x: Any) -> float:
        """The height of the cycle, as a fraction: of the cycle number (``scale_mode``
        ``"cycle"``) or of the step (``"iterations"``)."""
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        return self._scale_fn_ref(x)

    # (module-level functions, so that pickle finds them under any protocol: a
    # method's path would go through the class, which prints as torch's)
    _triangular_scale_fn = staticmethod(_triangular_scale_fn)
    _triangular2_scale_fn = staticmethod(_triangular2_scale_fn)
    _exp_range_scale_fn = staticmethod(_exp_range_scale_fn)

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        cycle = math.floor(1 + self.last_epoch / self.total_size)
        x = 1.0 + self.last_epoch / self.total_size - cycle  # where in the cycle, 0 to 1
        if x <= self.step_ratio:
            scale_factor = x / self.step_ratio  # going up
        else:
            scale_factor = (x - 1) / (self.step_ratio - 1)  # going down
        at = cycle if self.scale_mode == "cycle" else self.last_epoch
        lrs = [
            base_lr + (max_lr - base_lr) * scale_factor * self.scale_fn(at)
            for base_lr, max_lr in zip(self.base_lrs, self.max_lrs, strict=True)
        ]
        if self.cycle_momentum:
            momentums = [
                max_momentum - (max_momentum - base_momentum) * scale_factor * self.scale_fn(at)
                for base_momentum, max_momentum in zip(
                    self.base_momentums, self.max_momentums, strict=True
                )
            ]
            _set_momentums(self.optimizer, self.use_beta1, momentums)
        return lrs

    def state_dict(self) -> dict[str, Any]:
        """As the base class's, but a ``scale_fn`` is saved only as the ``__dict__`` of
        a callable object (a plain function or lambda becomes ``None``)."""
        state = super().state_dict()
        state.pop("_scale_fn_ref", None)
        fn = state.pop("_scale_fn_custom")
        state["_scale_fn_custom"] = None
        if fn is not None and not isinstance(fn, types.FunctionType):
            state["_scale_fn_custom"] = fn.__dict__.copy()
        return state

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore what ``state_dict()`` returned (``scale_fn`` stays the one given)."""
        fn = state_dict.pop("_scale_fn_custom")
        super().load_state_dict(state_dict)
        if fn is not None:
            self._scale_fn_custom.__dict__.update(fn)
        self._init_scale_fn()


class CosineAnnealingWarmRestarts(LRScheduler):
    """Cosine annealing from ``initial_lr`` down to ``eta_min`` over ``T_0`` epochs,
    then a restart at ``initial_lr``; each period is ``T_mult`` times the last
    (Loshchilov & Hutter, SGDR). ``step`` also takes a fractional epoch, to step
    after every batch: ``scheduler.step(epoch + i / iters)``.

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    >>> sched = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2)
    >>> for _ in range(4):
    ...     opt.step(); sched.step(); print(round(sched.get_last_lr()[0], 6))
    0.5
    1.0
    0.5
    1.0
    """

    def __init__(
        self,
        optimizer: Optimizer,
        T_0: int,
        T_mult: int = 1,
        eta_min: float = 0.0,
        last_epoch: int = -1,
    ) -> None:
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f"Expected positive integer T_0, but got {T_0}")
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(f"Expected integer T_mult >= 1, but got {T_mult}")
        if not isinstance(eta_min, (float, int)):
            raise ValueError(
                f"Expected float or int eta_min, but got {eta_min} of type {type(eta_min)}"
            )
        self.T_0 = T_0
        self.T_i = T_0  # the length of this period
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = last_epoch  # epochs since the last restart
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        return [
            self.eta_min
            + (base_lr - self.eta_min) * (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2
            for base_lr in self.base_lrs
        ]

    def step(self, epoch: float | None = None) -> None:
        """Move to the next epoch, or to ``epoch`` (which may be fractional), and set
        every group's ``lr`` for it."""
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:  # a restart
                self.T_cur = self.T_cur % self.T_i
                self.T_i = self.T_i * self.T_mult
        else:
            if epoch < 0:
                raise ValueError(f"Expected non-negative epoch, but got {epoch}")
            if epoch >= self.T_0:
                if self.T_mult == 1:
                    self.T_cur = epoch % self.T_0
                else:  # which period epoch falls in: the periods' lengths grow geometrically
                    n = int(math.log((epoch / self.T_0 * (self.T_mult - 1) + 1), self.T_mult))
                    self.T_cur = epoch - self.T_0 * (self.T_mult**n - 1) / (self.T_mult - 1)
                    self.T_i = self.T_0 * self.T_mult ** (n)
            else:
                self.T_i = self.T_0
                self.T_cur = epoch
        self.last_epoch = math.floor(epoch)
        self._get_lr_called_within_step = True
        try:
            values = self.get_lr()
        finally:
            self._get_lr_called_within_step = False
        for group, lr in zip(self.optimizer.param_groups, values, strict=True):
            _set_group_value(group, "lr", lr)
        self._last_lr = _group_values(self.optimizer, "lr")


class OneCycleLR(LRScheduler):
    """The "1cycle" policy (Smith & Topin, 2018): ``lr`` rises from ``max_lr /
    div_factor`` to ``max_lr`` over the first ``pct_start`` of ``total_steps``, then
    anneals (``"cos"`` or ``"linear"``) to ``initial_lr / final_div_factor``; the
    momentum (or Adam's ``beta1``) goes the opposite way. Step it after every *batch*,
    ``total_steps`` times in all (or ``epochs * steps_per_epoch``).

    >>> import minigrad as torch
    >>> opt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=0.1, momentum=0.9)
    >>> sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=1.0, total_steps=4,
    ...                                             anneal_strategy="linear")
    >>> for _ in range(4):
    ...     print(round(sched.get_last_lr()[0], 6)); opt.step(); sched.step()
    0.04
    0.714287
    0.357145
    4e-06
    """

    def __init__(
        self,
        optimizer: Optimizer,
        max_lr: float | list[float],
        total_steps: int | None = None,
        epochs: int | None = None,
        steps_per_epoch: int | None = None,
        pct_start: float = 0.3,
        anneal_strategy: str = "cos",
        cycle_momentum: bool = True,
        base_momentum: float | list[float] = 0.85,
        max_momentum: float | list[float] = 0.95,
        div_factor: float = 25.0,
        final_div_factor: float = 1e4,
        three_phase: bool = False,
        last_epoch: int = -1,
    ) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        self.optimizer = optimizer
        if total_steps is not None:
            if total_steps <= 0 or not isinstance(total_steps, int):
                raise ValueError(f"Expected positive integer total_steps, but got {total_steps}")
            self.total_steps = total_steps
        elif epochs is not None and steps_per_epoch is not None:
            if not isinstance(epochs, int) or epochs <= 0:
                raise ValueError(f"Expected positive integer epochs, but got {epochs}")
            if not isinstance(steps_per_epoch, int) or steps_per_epoch <= 0:
                raise ValueError(
                    f"Expected positive integer steps_per_epoch, but got {steps_per_epoch}"
                )
            self.total_steps = epochs * steps_per_epoch
        else:
            raise ValueError(_messages.ONE_CYCLE_TOTAL_STEPS)
        # each phase goes from one group value to another by its last step
        up = float(pct_start * self.total_steps) - 1
        if three_phase:
            self._schedule_phases = [
                _phase(up, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                _phase(
                    float(2 * pct_start * self.total_steps) - 2,
                    "max_lr",
                    "initial_lr",
                    "base_momentum",
                    "max_momentum",
                ),
                _phase(
                    self.total_steps - 1, "initial_lr", "min_lr", "max_momentum", "max_momentum"
                ),
            ]
        else:
            self._schedule_phases = [
                _phase(up, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                _phase(self.total_steps - 1, "max_lr", "min_lr", "base_momentum", "max_momentum"),
            ]
        if pct_start < 0 or pct_start > 1 or not isinstance(pct_start, float):
            raise ValueError(f"Expected float between 0 and 1 pct_start, but got {pct_start}")
        if anneal_strategy not in ["cos", "linear"]:
            raise ValueError(_messages.one_cycle_anneal_strategy(anneal_strategy))
        self._anneal_func_type = anneal_strategy
        max_lrs = _format_param("max_lr", self.optimizer, max_lr)
        if last_epoch == -1:
            for idx, group in enumerate(self.optimizer.param_groups):
                group["initial_lr"] = max_lrs[idx] / div_factor
                group["max_lr"] = max_lrs[idx]
                group["min_lr"] = group["initial_lr"] / final_div_factor
        self.cycle_momentum = cycle_momentum
        if self.cycle_momentum:
            if "momentum" not in optimizer.defaults and "betas" not in optimizer.defaults:
                raise ValueError(_messages.CYCLE_MOMENTUM_UNSUPPORTED)
            self.use_beta1 = "betas" in self.optimizer.defaults
            max_momentums = _format_param("max_momentum", optimizer, max_momentum)
            base_momentums = _format_param("base_momentum", optimizer, base_momentum)
            if last_epoch == -1:
                _set_momentums(optimizer, self.use_beta1, max_momentums)
                for m_momentum, b_momentum, group in zip(
                    max_momentums, base_momentums, optimizer.param_groups, strict=True
                ):
                    group["max_momentum"] = m_momentum
                    group["base_momentum"] = b_momentum
        super().__init__(optimizer, last_epoch)

    def _anneal_func(self, start: Any, end: Any, pct: float) -> Any:
        if self._anneal_func_type == "cos":
            return self._annealing_cos(start, end, pct)
        return self._annealing_linear(start, end, pct)

    @staticmethod
    def _annealing_cos(start: Any, end: Any, pct: float) -> Any:
        """Half a cosine from ``start`` (pct 0) to ``end`` (pct 1)."""
        cos_out = math.cos(math.pi * pct) + 1
        return end + (start - end) / 2.0 * cos_out

    @staticmethod
    def _annealing_linear(start: Any, end: Any, pct: float) -> Any:
        """A straight line from ``start`` (pct 0) to ``end`` (pct 1)."""
        return (end - start) * pct + start

    def get_lr(self) -> list[Any]:
        self._warn_if_called_directly()
        lrs = []
        step_num = self.last_epoch
        if step_num > self.total_steps:
            raise ValueError(_messages.one_cycle_stepped_past_end(step_num, self.total_steps))
        for group in self.optimizer.param_groups:
            start_step = 0.0
            for i, phase in enumerate(self._schedule_phases):
                end_step = phase["end_step"]
                if step_num <= end_step or i == len(self._schedule_phases) - 1:
                    pct = (step_num - start_step) / (end_step - start_step)
                    computed_lr = self._anneal_func(
                        group[phase["start_lr"]], group[phase["end_lr"]], pct
                    )
                    if self.cycle_momentum:
                        computed_momentum = self._anneal_func(
                            group[phase["start_momentum"]], group[phase["end_momentum"]], pct
                        )
                    break
                start_step = phase["end_step"]
            lrs.append(computed_lr)
            if self.cycle_momentum:
                if self.use_beta1:
                    group["betas"] = (computed_momentum, *group["betas"][1:])
                else:
                    group["momentum"] = computed_momentum
        return lrs


def _phase(
    end_step: float, start_lr: str, end_lr: str, start_momentum: str, end_momentum: str
) -> dict[str, Any]:
    """One phase of OneCycleLR: which group values it goes between, by which step."""
    return {
        "end_step": end_step,
        "start_lr": start_lr,
        "end_lr": end_lr,
        "start_momentum": start_momentum,
        "end_momentum": end_momentum,
    }


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
