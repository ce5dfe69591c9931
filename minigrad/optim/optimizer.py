"""``Optimizer``: the base class of every optimiser.

An optimiser holds *parameter groups* (lists of parameters that share
settings such as ``lr``) and a ``state`` per parameter (e.g. SGD's momentum
buffer). The usual training loop is::

    optimizer.zero_grad()   # forget last step's gradients (sets .grad to None)
    loss = loss_fn(model(x), y)
    loss.backward()         # fill every parameter's .grad
    optimizer.step()        # update the parameters from their .grad

``step()`` changes the parameters in place and is not recorded by autograd.
"""

from __future__ import annotations

import copy
import warnings
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

from ..core import grad_mode as _grad_mode
from ..core.tensor import Tensor
from ..exact import messages as _messages


def _typename(value: Any) -> str:
    if isinstance(value, Tensor):
        return f"torch.{value.dtype.legacy_name}"
    return type(value).__name__


def _check_lr(lr: Any) -> None:
    """Every optimiser's check of ``lr`` (a number, or a one-element tensor)."""
    if isinstance(lr, Tensor) and lr.numel() != 1:
        raise ValueError("Tensor lr must be 1-element")
    if not 0.0 <= lr:
        raise ValueError(f"Invalid learning rate: {lr}")


def _to_scalar(value: Any) -> Any:
    """A tensor ``lr`` as a Python number, as torch's steps read it."""
    return value.item() if isinstance(value, Tensor) else value


def _check_betas(lr: Any, eps: float, betas: tuple[float, float], weight_decay: float) -> None:
    """The checks the Adam family makes of its settings, with torch's messages."""
    _check_lr(lr)
    if not 0.0 <= eps:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if not 0.0 <= weight_decay:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


def _cast(param: Tensor, value: Any, key: Any = None) -> Any:
    """A loaded state value for ``param``: tensors in the parameter's floating-point
    dtype (``step`` as it is), containers rebuilt around their values."""
    if isinstance(value, Tensor):
        if key != "step" and param.is_floating_point() and value.dtype != param.dtype:
            return value.to(param.dtype)
        return value
    if isinstance(value, dict):
        return {k: _cast(param, v, key=k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_cast(param, v) for v in value)
    return value


class _Required:
    """Marks a setting that every parameter group must give (e.g. SGD's old required ``lr``)."""

    def __repr__(self) -> str:
        return "<required parameter>"


required = _Required()


class Optimizer:
    """Base class: keeps ``param_groups`` and ``state``; subclasses write ``step``.

    >>> import minigrad as torch
    >>> w = torch.nn.Parameter(torch.ones(2))
    >>> opt = torch.optim.SGD([w], lr=0.1)
    >>> len(opt.param_groups), opt.param_groups[0]["lr"]
    (1, 0.1)
    """

    def __init__(self, params: Iterable[Any], defaults: dict[str, Any]) -> None:
        self.defaults = defaults
        if isinstance(params, Tensor):
            raise TypeError(_messages.params_not_iterable(_typename(params)))
        self.state: defaultdict[Tensor, dict[str, Any]] = defaultdict(dict)
        self.param_groups: list[dict[str, Any]] = []
        groups = list(params)
        if not groups:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)

    def add_param_group(self, param_group: dict[str, Any]) -> None:
        """Add a group of parameters with its own settings (missing ones come from the defaults)."""
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group)}")
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError(_messages.PARAMS_UNORDERED)
        else:
            param_group["params"] = list(params)
        # (name, parameter) pairs, as model.named_parameters() gives: keep the names
        names = [p[0] for p in param_group["params"] if isinstance(p, tuple)]
        param_group["params"] = [p[1] if isinstance(p, tuple) else p for p in param_group["params"]]
        if names:
            if len(names) != len(param_group["params"]):
                raise ValueError(_messages.PARAM_NAMES_MISSING)
            param_group["param_names"] = names
        for p in param_group["params"]:
            if not isinstance(p, Tensor):
                raise TypeError(
                    f"optimizer can only optimize Tensors, but one of the params is {_typename(p)}"
                )
            if not self.defaults.get("differentiable") and not (p.is_leaf or p.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError(
                    "parameter group didn't specify a value of required optimization parameter "
                    f"{name}"
                )
            param_group.setdefault(name, default)
        ids = [id(p) for p in param_group["params"]]
        if len(ids) != len(set(ids)):
            warnings.warn(
                _messages.DUPLICATE_PARAMETERS,
                UserWarning,
                stacklevel=3,
            )
        for group in self.param_groups:
            if ("param_names" in param_group) != ("param_names" in group):
                raise ValueError(_messages.param_names_mixed("param_names" in param_group))
        taken = {id(p) for group in self.param_groups for p in group["params"]}
        if taken & set(ids):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none: bool = True) -> None:
        """Forget the gradients: set every ``.grad`` to None (the default, as in
        torch) or, with ``set_to_none=False``, fill it with zeros."""
        for group in self.param_groups:
            for p in group["params"]:
                if p._grad is None:
                    continue
                if set_to_none:
                    p._grad = None
                else:
                    if p._grad.grad_fn is not None:
                        p._grad.detach_()
                    else:
                        p._grad.requires_grad_(False)
                    with _grad_mode.no_grad():
                        p._grad.zero_()

    def step(self, closure: Callable[[], Any] | None = None) -> Any:
        raise NotImplementedError

    def _closure_loss(self, closure: Callable[[], Any] | None) -> Any:
        """Some optimisers re-evaluate the loss: ``closure()`` runs with grad enabled."""
        if closure is None:
            return None
        with _grad_mode.enable_grad():
            return closure()

    # --- saving and loading ------------------------------------------------------
    def state_dict(self) -> dict[str, Any]:
        """The state and settings, with parameters replaced by their position (0, 1, ...)."""
        index: dict[int, int] = {}
        groups = []
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != "params"}
            for p in group["params"]:
                index.setdefault(id(p), len(index))
            packed["params"] = [index[id(p)] for p in group["params"]]
            groups.append(packed)
        state = {index[id(p)]: s for p, s in self.state.items() if id(p) in index}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Restore what ``state_dict()`` returned, as torch does: the saved groups
        replace the current ones (only the parameters stay), and the state tensors
        are taken as they are, not copied (converted only to a floating-point
        parameter's dtype), so the optimiser shares them with ``state_dict``."""
        saved_groups = copy.deepcopy(state_dict["param_groups"])
        if len(saved_groups) != len(self.param_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        by_index = {}
        for group, saved in zip(self.param_groups, saved_groups):
            if len(group["params"]) != len(saved["params"]):
                raise ValueError(_messages.LOADED_GROUP_SIZE_MISMATCH)
            by_index.update(zip(saved["params"], group["params"]))
        state: defaultdict[Any, dict[str, Any]] = defaultdict(dict)
        for i, s in state_dict["state"].items():
            if i in by_index:
                state[by_index[i]] = _cast(by_index[i], s)
            else:
                state[i] = s
        for group, saved in zip(self.param_groups, saved_groups):
            saved["params"] = group["params"]
            if "param_names" in group and "param_names" not in saved:
                saved["param_names"] = group["param_names"]
        self.__setstate__({"state": state, "param_groups": saved_groups})

    # --- printing ------------------------------------------------------------------
    def __repr__(self) -> str:
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        return text + ")"

    def __getstate__(self) -> dict[str, Any]:
        return {"defaults": self.defaults, "state": self.state, "param_groups": self.param_groups}

    # settings that groups saved by older versions may lack, filled in on loading
    _defaults_on_load: dict[str, Any] = {}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        for group in self.param_groups:
            for key, value in self._defaults_on_load.items():
                group.setdefault(key, value)
        self.defaults.setdefault("differentiable", False)

    def __reduce_ex__(self, protocol: int) -> Any:
        # SGD and Adam print as torch's classes, which is not where pickle would
        # find them: name them by their minigrad module
        from ..serialization import reduce_by_minigrad_name

        return reduce_by_minigrad_name(self, protocol)


Optimizer.__module__ = "torch.optim.optimizer"
