"""``torch.Size``: a tuple of ints that prints as ``torch.Size([2, 3])``."""

from __future__ import annotations


class Size(tuple):
    """The shape of a tensor.

    >>> import minigrad as torch
    >>> torch.ones(2, 3).shape
    torch.Size([2, 3])
    """

    __slots__ = ()
    __module__ = "torch"  # so ``type(x.shape)`` prints <class 'torch.Size'>, as in torch

    def __repr__(self) -> str:
        return f"torch.Size({list(self)})"

    def __reduce__(self) -> tuple:
        # pickle names a function of this module, not the class (``torch.Size``)
        return (_size, (tuple(self),))

    __str__ = __repr__

    def numel(self) -> int:
        """The number of elements a tensor of this shape holds."""
        n = 1
        for s in self:
            n *= s
        return n

    def __getitem__(self, key):  # type: ignore[override]
        out = tuple.__getitem__(self, key)
        return Size(out) if isinstance(key, slice) else out

    def __add__(self, other: tuple) -> Size:  # type: ignore[override]
        return Size(tuple(self) + tuple(other))


def _size(dims: tuple) -> Size:
    """A Size again, from pickle."""
    return Size(dims)
