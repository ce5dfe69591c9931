"""``torch.nn.utils``: gradient clipping and parameters as one vector.

A training loop clips its gradients between ``backward()`` and ``step()``::

    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    optimizer.step()
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..._creation import tensor
from ...core.grad_mode import no_grad
from ...core.tensor import Tensor
from ...exact import messages as _messages
from ...ops.join import cat, stack
from . import rnn

__all__ = [
    "rnn",
    "clip_grad_norm_",
    "clip_grad_value_",
    "get_total_norm",
    "parameters_to_vector",
    "vector_to_parameters",
]


def _tensor_list(tensors: Any) -> list:
    return [tensors] if isinstance(tensors, Tensor) else list(tensors)


@no_grad()
def get_total_norm(
    tensors: Any, norm_type: float = 2.0, error_if_nonfinite: bool = False, foreach: Any = None
) -> Tensor:
    """The norm of all the tensors together, as if they were one long vector
    (torch computes each tensor's norm, then the norm of those norms)."""
    tensors = _tensor_list(tensors)
    norm_type = float(norm_type)
    if not tensors:
        return tensor(0.0)
    norms = [t.norm(norm_type) for t in tensors]
    total = stack(norms).norm(norm_type)
    if error_if_nonfinite and (total.isnan() | total.isinf()).item():
        raise RuntimeError(_messages.clip_grad_nonfinite(norm_type))
    return total


@no_grad()
def clip_grad_norm_(
    parameters: Iterable[Tensor] | Tensor,
    max_norm: float,
    norm_type: float = 2.0,
    error_if_nonfinite: bool = False,
    foreach: Any = None,
) -> Tensor:
    """Scale the gradients down (in place) so that their total norm is at most
    ``max_norm``; returns the total norm they had."""
    parameters = _tensor_list(parameters)
    grads = [p.grad for p in parameters if p.grad is not None]
    total_norm = get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
    if grads:
        clip_coef = float(max_norm) / (total_norm + 1e-6)
        clip_coef_clamped = clip_coef.clamp(max=1.0)
        for g in grads:
            g.mul_(clip_coef_clamped)
    return total_norm


@no_grad()
def clip_grad_value_(
    parameters: Iterable[Tensor] | Tensor, clip_value: float, foreach: Any = None
) -> None:
    """Clamp every gradient element to ``[-clip_value, clip_value]`` (in place)."""
    clip_value = float(clip_value)
    for p in _tensor_list(parameters):
        if p.grad is not None:
            p.grad.clamp_(min=-clip_value, max=clip_value)


def parameters_to_vector(parameters: Iterable[Tensor]) -> Tensor:
    """All parameters flattened and joined into one 1-D tensor."""
    return cat([p.view(-1) for p in parameters])


def vector_to_parameters(vec: Tensor, parameters: Iterable[Tensor]) -> None:
    """Copy the slices of ``vec`` back into the parameters (their ``.data``)."""
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {type(vec).__name__}")
    start = 0
    for p in parameters:
        n = p.numel()
        p.data = vec[start : start + n].view_as(p).data
        start += n
