"""Warnings shown where the learner's code called minigrad.

torch raises most of its warnings from C++ code, and Python then points them at
the line of the caller's code that called into torch (``script.py:7:
UserWarning: ...``, with that line under it). minigrad's warnings come from
Python functions that call each other, so a fixed ``stacklevel`` would point at
a different line depending on the path taken (``x.var()`` or ``torch.var(x)``,
a method or a module's forward). :func:`warn` counts the frames instead.
"""

from __future__ import annotations

import os
import sys
import warnings

_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep


_MODULES = os.path.join(_PACKAGE, "nn", "modules") + os.sep


def warn(message: str, category: type[Warning] = UserWarning, *, functional: bool = False) -> None:
    """``warnings.warn`` at the first frame outside minigrad (the learner's line).

    ``functional``: torch warns from its Python function ``F.<name>``, at that
    function's caller; through an ``nn`` module, that is the module's ``forward``.
    """
    frame, level = sys._getframe(1), 2  # (stacklevel 2: the caller of this function)
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        if functional and frame.f_code.co_filename.startswith(_MODULES):
            break
        frame, level = frame.f_back, level + 1
    warnings.warn(message, category, stacklevel=level)
