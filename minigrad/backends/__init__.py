"""``torch.backends``: which accelerators this build supports (none but the CPU).

Example:
    >>> import minigrad as torch
    >>> torch.backends.mps.is_available()
    False
"""

from . import cudnn, mps

__all__ = ["cudnn", "mps"]
