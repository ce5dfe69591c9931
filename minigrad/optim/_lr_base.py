"""The base class of every learning-rate scheduler (``LRScheduler``), and the
helpers that read and write a parameter group's values.

The schedulers themselves are in ``lr_scheduler.py`` and ``_lr_cycles.py``.
"""

from __future__ import annotations

import warnings
import weakref
from functools import wraps
from typing import Any

from ..core.tensor import Tensor
from ..exact import messages as _messages
from .optimizer import Optimizer


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
