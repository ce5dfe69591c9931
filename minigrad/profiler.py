"""``torch.profiler``: the same recorder as ``torch.autograd.profiler``, CPU only.

>>> import minigrad as torch
>>> from minigrad.profiler import ProfilerActivity, profile
>>> with profile(activities=[ProfilerActivity.CPU]) as prof:
...     _ = torch.ones(2) * 3
>>> prof.key_averages()[0].key
'aten::mul'
"""

from __future__ import annotations

import enum

from .autograd.profiler import profile as _profile
from .autograd.profiler import record_function

__all__ = ["ProfilerActivity", "profile", "record_function"]


class ProfilerActivity(enum.Enum):
    """What to record; only the CPU is there to profile."""

    CPU = 0
    CUDA = 2


class profile(_profile):
    """``torch.profiler.profile(activities=[ProfilerActivity.CPU], ...)``."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(True)

    def step(self) -> None:
        """One step of a training loop (schedules are not modelled: all is recorded)."""
