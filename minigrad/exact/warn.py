"""Warnings shown where the learner's code called minigrad.

torch raises most of its warnings from C++ code, and Python then points them at
the line of the caller's code that called into torch (``script.py:7:
UserWarning: ...``, with that line under it). minigrad's warnings come from
Python functions that call each other, so a fixed ``stacklevel`` would point at
a different line depending on the path taken (``x.var()`` or ``torch.var(x)``,
a method or a module's forward). :func:`warn` counts the frames instead (with
the one module that reads the call stack, ``_names``).
"""

from __future__ import annotations

import warnings

from .names import learner_stacklevel


def warn(message: str, category: type[Warning] = UserWarning, *, functional: bool = False) -> None:
    """``warnings.warn`` at the first frame outside minigrad (the learner's line).

    ``functional``: torch warns from its Python function ``F.<name>``, at that
    function's caller; through an ``nn`` module, that is the module's ``forward``.
    """
    level = learner_stacklevel("nn/modules" if functional else None)
    warnings.warn(message, category, stacklevel=level)
