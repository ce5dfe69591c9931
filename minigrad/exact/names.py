"""Names for tensors, taken from the learner's own variables.

A picture says ``w`` and ``z`` rather than "tensor 1" and "tensor 2" because
it looks at the code that asked for it. This module is the only place in
minigrad that reads the call stack for that, and it has one rule for whose
code a frame runs:

    a frame is minigrad's when its code lives in a file of the minigrad
    package; every other frame (a notebook cell, a script, a doctest, a test)
    is the learner's.

Warnings use the same rule (:func:`learner_stacklevel`): they point at the
learner's line, as torch's do.

``viz.draw_*``, the widgets and ``explain`` ask :func:`learner_frame` for the
first frame that is not minigrad's (the cell that called them), then
:func:`tensor_variables` for its tensor variables: locals first, then the
module (or notebook) globals. Names starting with ``_`` (``_``, ``_3``,
``__``: IPython's output history) are ignored. The parameters of every
``nn.Module`` variable are named by their module path (``0.weight``, or
``enc.weight`` for a layer on its own), and that name wins over a plain variable.

>>> import minigrad as torch
>>> w = torch.tensor(2.0, requires_grad=True)
>>> [name for name, _ in tensor_variables(learner_frame()) if name == "w"]
['w']
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from types import CodeType, FrameType, TracebackType
from typing import Any

# minigrad's own files: the package folder (this file is in minigrad/exact/), as
# imported and with links resolved
_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_HOMES = tuple({_HERE + os.sep, os.path.realpath(_HERE) + os.sep})


def is_minigrad(frame: FrameType) -> bool:
    """Does ``frame`` run code of the minigrad package (rather than the learner's)?"""
    return frame.f_code.co_filename.startswith(_HOMES)


def learner_frame() -> FrameType | None:
    """The innermost frame on the call stack that is not minigrad's.

    Call it from minigrad code; drop the frame (``del frame``) once its
    variables are read, so that the learner's variables are not kept alive.
    """
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and is_minigrad(frame):
        frame = frame.f_back
    return frame


def learner_stacklevel(stop_in: str | None = None) -> int:
    """The ``stacklevel`` that makes a warning raised by the caller of this
    function point at the learner's line (see ``minigrad.exact.warn``): 1 is that
    caller, each minigrad frame above it one more. ``stop_in``: a folder of the
    package (``"nn/modules"``) whose frames count as the learner's."""
    stop = os.path.join(_HERE, *stop_in.split("/")) + os.sep if stop_in else None
    frame: FrameType | None = sys._getframe(1)
    level = 1
    while frame is not None and is_minigrad(frame):
        if stop is not None and frame.f_code.co_filename.startswith(stop):
            break
        frame, level = frame.f_back, level + 1
    return level


def running(code: CodeType) -> FrameType | None:
    """The innermost frame on the call stack that runs ``code`` (a learner's
    function, see :func:`minigrad.widgets.sliders`), or None."""
    frame = learner_frame()
    while frame is not None and frame.f_code is not code:
        frame = frame.f_back
    return frame


# --- a traceback's frames (read by the error explainer, minigrad.error_help) -------------
# code of Python itself or of an installed library (torch, IPython) is nobody's lesson
_LIBRARIES = ("<frozen ", *{os.path.join(p, "") for p in (sys.prefix, sys.base_prefix)})


def is_library_file(filename: str) -> bool:
    """Is ``filename`` part of Python itself or of an installed package (torch, IPython)?"""
    return filename.startswith(_LIBRARIES)


def traceback_learner_frame(tb: TracebackType | None) -> tuple[FrameType | None, int]:
    """The last frame of the traceback ``tb`` that runs the learner's code (not
    minigrad's, not an installed library's), and the line it stopped at."""
    found: tuple[FrameType | None, int] = (None, 0)
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if not name.startswith(_HOMES) and not is_library_file(name):
            found = (tb.tb_frame, tb.tb_lineno)
        tb = tb.tb_next
    return found


def traceback_calls(tb: TracebackType | None, functions: tuple[str, ...]) -> list[dict[str, Any]]:
    """The local variables of each frame of ``tb`` that runs a function named one of
    ``functions`` (``Tensor.backward``'s ``self``, say), outermost first."""
    found = []
    while tb is not None:
        if tb.tb_frame.f_code.co_name in functions:
            found.append(dict(tb.tb_frame.f_locals))
        tb = tb.tb_next
    return found


def outer_learner_frame() -> FrameType | None:
    """The innermost frame on the call stack that runs the learner's code: neither
    minigrad's nor an installed library's (a warning shown through ``warnings``)."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and (is_minigrad(frame) or is_library_file(frame.f_code.co_filename)):
        frame = frame.f_back
    return frame


def scope(frame: FrameType) -> dict[str, Any]:
    """The names a line of ``frame`` can read: its globals, and its locals over them."""
    return {**frame.f_globals, **frame.f_locals}


def is_tensor(value: Any) -> bool:
    """A minigrad or torch tensor, recognised by what it has."""
    return hasattr(value, "grad_fn") and hasattr(value, "requires_grad")


def is_module(value: Any) -> bool:
    """An ``nn.Module`` (minigrad's or torch's), recognised by what it has."""
    return (
        not isinstance(value, type)
        and callable(getattr(value, "named_parameters", None))
        and hasattr(value, "training")
    )


# the code of a comprehension runs in a frame of its own (before Python 3.12)
_COMPREHENSIONS = ("<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>")


def variables(frame: FrameType | None, with_globals: bool = True) -> list[tuple[str, Any]]:
    """``(name, value)`` for the variables of ``frame`` not starting with ``_``:
    its locals (for a comprehension, also those of the code around it), then
    (``with_globals``) its module's globals."""
    if frame is None:
        return []
    scopes = [frame.f_locals]
    outer: FrameType | None = frame
    while outer is not None and outer.f_code.co_name in _COMPREHENSIONS:
        outer = outer.f_back
        while outer is not None and is_minigrad(outer):
            outer = outer.f_back
        if outer is not None and outer.f_locals is not frame.f_globals:
            scopes.append(outer.f_locals)
    if with_globals and frame.f_globals is not frame.f_locals:
        scopes.append(frame.f_globals)
    return [
        (name, value)
        for scope in scopes
        for name, value in list(scope.items())
        if not name.startswith("_")
    ]


def tensor_variables(
    frame: FrameType | None, modules: bool = True, more: Iterable[Any] = ()
) -> list[tuple[str, Any]]:
    """``(name, tensor)`` for the tensor variables of ``frame`` (locals first); with
    ``modules=True`` the parameters of its ``nn.Module`` variables come first, named by
    their module path (see :func:`parameter_names`): a stray variable such as the ``p``
    of ``for name, p in model.named_parameters()`` never wins over ``0.weight``.
    ``more`` are modules known otherwise (called inside ``viz.record()``): named
    through a variable when there is one, else through their class (``linear``)."""
    plain: list[tuple[str, Any]] = []
    owners: list[tuple[str, Any]] = []
    for name, value in variables(frame):
        if is_tensor(value):
            plain.append((name, value))
        elif modules and is_module(value):
            owners.append((name, value))
    known = {id(m) for _, m in owners}
    extra = [m for m in more if id(m) not in known]
    kinds = [type(m).__name__.lower() for m in extra]
    for i, (kind, m) in enumerate(zip(kinds, extra)):
        owners.append((kind if kinds.count(kind) == 1 else f"{kind}{kinds[:i].count(kind)}", m))
    return parameter_names(owners) + plain


def parameter_names(owners: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """``(path, parameter)`` for the modules ``owners`` (``(variable, module)`` pairs).

    A model's parameters are named as ``model.named_parameters()`` names them
    (``0.weight``, ``encoder.layers.0.linear1.weight``). A module that is part of
    another one is named through it. A layer that holds its parameters itself
    (``enc = nn.Linear(3, 4)``), and any module whose paths would clash with
    another's, gets its variable name in front (``enc.weight``), so no two
    parameters share a name.
    """
    params: list[tuple[str, list]] = []
    inside: set[int] = set()
    for var, module in owners:
        try:
            named = list(module.named_parameters())
            subs = [m for _, m in module.named_modules()][1:]
        except Exception:  # noqa: BLE001 - a half-built module must not break a picture
            continue
        if named:
            params.append((var, named))
            inside.update(id(m) for m in subs)
    params = [(var, named) for var, named in params if id(_module_of(owners, var)) not in inside]
    seen: dict[int, str] = {}
    count: dict[str, int] = {}
    for _var, named in params:
        for path, _p in named:
            count[path] = count.get(path, 0) + 1
    found: list[tuple[str, Any]] = []
    for var, named in params:
        standalone = all("." not in path for path, _ in named)
        clash = any(count[path] > 1 for path, _ in named)
        for path, p in named:
            if id(p) in seen:  # the same module under two variables: named once
                continue
            seen[id(p)] = path = f"{var}.{path}" if standalone or clash else path
            found.append((path, p))
    return found


def _module_of(owners: list[tuple[str, Any]], var: str) -> Any:
    return next(m for name, m in owners if name == var)


def module_kinds(frame: FrameType | None) -> dict[str, str]:
    """``{"0": "Linear", "2": "Linear"}``: the class of every submodule of the
    ``nn.Module`` variables of ``frame``, by the prefix its parameters carry."""
    kinds: dict[str, str] = {}
    for _name, value in variables(frame):
        if not is_module(value):
            continue
        try:
            for prefix, sub in value.named_modules():
                if prefix:
                    kinds.setdefault(prefix, type(sub).__name__)
        except Exception:  # noqa: BLE001 - a half-built module must not break a picture
            continue
    return kinds


def split_model(model: Any, recording: Any = None) -> tuple[Any, list]:
    """``model=`` of an aid as (one module or None, the other modules it names): it is a
    module, several (a list), or a ``viz.record()`` recording (the modules called in it).
    ``recording=`` adds the modules called inside that recording."""
    if model is not None and is_module(model):
        one, more = model, []
    elif model is None:
        one, more = None, []
    else:
        found = getattr(model, "modules", model)  # a recording, or several modules
        try:
            more = list(found)
        except TypeError:
            more = [None]
        if not all(is_module(m) for m in more):
            raise TypeError(
                "model= takes an nn.Module, a list of them or a viz.record() recording, "
                f"not {type(model).__name__}"
            )
        one = None
    if recording is not None:
        more += [m for m in recording.modules if m is not one]
    return one, more


def caller_tensors(modules: bool = True, more: Iterable[Any] = ()) -> list[tuple[str, Any]]:
    """:func:`tensor_variables` of the learner's frame that (through minigrad) called us."""
    frame = learner_frame()
    try:
        return tensor_variables(frame, modules, more)
    finally:
        del frame


def caller_module_kinds() -> dict[str, str]:
    """:func:`module_kinds` of the learner's frame that (through minigrad) called us."""
    frame = learner_frame()
    try:
        return module_kinds(frame)
    finally:
        del frame
