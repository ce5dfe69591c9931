"""``torch.finfo`` and ``torch.iinfo``: the limits of a dtype (``torch.finfo(torch.float32).eps``).

>>> import minigrad as torch
>>> torch.finfo(torch.float32).eps
1.1920928955078125e-07
>>> torch.iinfo(torch.uint8).max
255
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import dtype as _dtype
from . import messages as _messages


class finfo:
    """The limits of a floating point dtype (the default dtype if none is given)."""

    def __init__(self, type: Any = None) -> None:  # noqa: A002 - torch's name
        d = _dtype.get_default_dtype() if type is None else type
        if not isinstance(d, _dtype.dtype) or not d.is_floating_point:
            raise TypeError(_messages.FINFO_NOT_FLOAT)
        info = np.finfo(d.np)
        self.bits = int(info.bits)
        self.eps = float(info.eps)
        self.max = float(info.max)
        self.min = float(info.min)
        self.tiny = self.smallest_normal = float(info.tiny)
        self.resolution = 10.0 ** -int(info.precision)  # (torch: a power of ten, exactly)
        self.dtype = str(d).removeprefix("torch.")

    def __repr__(self) -> str:
        fields = [
            ("resolution", self.resolution),
            ("min", self.min),
            ("max", self.max),
            ("eps", self.eps),
            ("smallest_normal", self.smallest_normal),
            ("tiny", self.tiny),
        ]
        shown = ", ".join(f"{name}={value:g}" for name, value in fields)
        return f"finfo({shown}, dtype={self.dtype})"


class iinfo:
    """The limits of an integer dtype."""

    def __init__(self, type: Any) -> None:  # noqa: A002 - torch's name
        if not isinstance(type, _dtype.dtype) or type.np.kind not in "iu":
            raise TypeError(_messages.IINFO_NOT_INT)
        info = np.iinfo(type.np)
        self.bits = int(info.bits)
        self.max = int(info.max)
        self.min = int(info.min)
        self.dtype = str(type).removeprefix("torch.")

    def __repr__(self) -> str:
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"


finfo.__module__ = iinfo.__module__ = "torch"
