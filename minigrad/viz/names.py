"""Names for the tensors in a picture, taken from the learner's own variables.

``draw_forward(z)`` looks at the code that called it: the local variables of
that function first, then the module (or notebook) globals. Every variable
that holds a tensor names it; names starting with ``_`` (``_``, ``_3``,
``__``: IPython's output history) are ignored. The parameters of every
``nn.Module`` variable are named as the module names them (``0.weight``,
``0.bias``: ``named_parameters()``), after the plain variables. A ``names=``
mapping given by the caller wins over what was found.

Example (in a notebook)::

    w = torch.tensor(2.0, requires_grad=True)
    z = w * 3
    viz.draw_forward(z)                      # nodes labelled "w" and "z"
    viz.draw_forward(z, names={w: "weight"})  # "weight" instead of "w"
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from types import FrameType
from typing import Any

from .walk import tensor_key


def frame_outside_viz() -> FrameType | None:
    """The first frame on the call stack whose code is not part of ``minigrad.viz``."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_globals.get("__name__", "").startswith("minigrad.viz"):
        frame = frame.f_back
    return frame


def _is_tensor(value: Any) -> bool:
    return hasattr(value, "grad_fn") and hasattr(value, "requires_grad")


def namespace_tensors(frame: FrameType | None) -> list[tuple[str, Any]]:
    """``(name, tensor)`` for every tensor variable visible in ``frame``: locals first."""
    if frame is None:
        return []
    found: list[tuple[str, Any]] = []
    scopes = [frame.f_locals]
    if frame.f_globals is not frame.f_locals:
        scopes.append(frame.f_globals)
    modules = []
    for scope in scopes:
        for name, value in list(scope.items()):
            if name.startswith("_"):
                continue
            if _is_tensor(value):
                found.append((name, value))
            elif _is_module(value):
                modules.append(value)
    for module in modules:  # after the variables: a parameter's own variable name wins
        try:
            found += list(module.named_parameters())
        except Exception:  # noqa: BLE001 - a half-built module must not break a picture
            continue
    return found


def module_kinds(frame: FrameType | None) -> dict[str, str]:
    """``{"0": "Linear", "2": "Linear"}``: the class of every submodule of the
    ``nn.Module`` variables in ``frame``, by the prefix its parameters carry."""
    kinds: dict[str, str] = {}
    if frame is None:
        return kinds
    scopes = [frame.f_locals, frame.f_globals]
    for scope in scopes:
        for name, value in list(scope.items()):
            if name.startswith("_") or not _is_module(value):
                continue
            try:
                for prefix, sub in value.named_modules():
                    if prefix:
                        kinds.setdefault(prefix, type(sub).__name__)
            except Exception:  # noqa: BLE001 - a half-built module must not break a picture
                continue
    return kinds


def _is_module(value: Any) -> bool:
    """An ``nn.Module`` (minigrad's or torch's), recognised by what it has."""
    return (
        not isinstance(value, type)
        and callable(getattr(value, "named_parameters", None))
        and hasattr(value, "training")
    )


def infer_names(frame: FrameType | None) -> dict[tuple, str]:
    """Map each tensor's picture key (see :func:`walk.tensor_key`) to a variable name.

    When several variables hold the same tensor, the first one wins: a local
    before a global, and an earlier-defined variable before a later one.
    """
    names: dict[tuple, str] = {}
    for name, value in namespace_tensors(frame):
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
