"""Names for the tensors in a picture, taken from the learner's own variables.

``draw_forward(z)`` looks at the code that called it (found by
:mod:`minigrad.exact.names`): the local variables of that function first, then the
module (or notebook) globals. Every variable
that holds a tensor names it; names starting with ``_`` (``_``, ``_3``,
``__``: IPython's output history) are ignored. The parameters of every
``nn.Module`` variable are named by their module path (``0.weight``, ``0.bias``:
``named_parameters()``; ``enc.weight`` for a layer on its own), and that name
wins over a plain variable holding the same parameter. A ``names=`` mapping
given by the caller wins over what was found.

Example (in a notebook)::

    w = torch.tensor(2.0, requires_grad=True)
    z = w * 3
    viz.draw_forward(z)                      # nodes labelled "w" and "z"
    viz.draw_forward(z, names={w: "weight"})  # "weight" instead of "w"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..exact.names import is_tensor as _is_tensor
from .walk import tensor_key


def infer_names(found: list[tuple[str, Any]]) -> dict[tuple, str]:
    """Map each tensor's picture key (see :func:`walk.tensor_key`) to a variable name,
    from the ``(name, tensor)`` pairs of :func:`minigrad.exact.names.caller_tensors`.

    When several variables hold the same tensor, the first one wins: a local
    before a global, and an earlier-defined variable before a later one.
    """
    names: dict[tuple, str] = {}
    for name, value in found:
        names.setdefault(tensor_key(value), name)
    return names


def merge(inferred: Mapping[tuple, str], given: Mapping[Any, str] | None) -> dict[tuple, str]:
    """Overlay ``given`` (tensor -> name, or name -> tensor) on the inferred names."""
    result = dict(inferred)
    if not given:
        return result
    for k, v in given.items():
        tensor, name = (k, v) if _is_tensor(k) else (v, k)
        if not _is_tensor(tensor):
            raise TypeError(
                "names= maps tensors to names, e.g. names={w: 'weight'} "
                "(or names to tensors, e.g. names={'weight': w})"
            )
        result[tensor_key(tensor)] = str(name)
    return result
