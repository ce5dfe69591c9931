"""``torch.Size``: a tuple of ints that prints as ``torch.Size([2, 3])``."""

from __future__ import annotations

import operator
from typing import Any


class Size(tuple):
    """The shape of a tensor.

    >>> import minigrad as torch
    >>> torch.ones(2, 3).shape
    torch.Size([2, 3])
    """

    __slots__ = ()
    __module__ = "torch"  # so ``type(x.shape)`` prints <class 'torch.Size'>, as in torch

    def __new__(cls, sizes: Any = ()) -> Size:
        values = tuple(sizes)
        for i, v in enumerate(values):
            if type(v) is not int:  # (anything with __index__ will do, as in torch)
                try:
                    operator.index(v)
                except TypeError:
                    raise TypeError(
                        f"torch.Size() takes an iterable of 'int' (item {i} is "
                        f"'{type(v).__name__}')"
                    ) from None
                values = tuple(operator.index(x) for x in values)
                break
        return tuple.__new__(cls, values)

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
        if not isinstance(other, tuple):
            raise TypeError(
                f"can only concatenate tuple (not {type(other).__name__}) to torch.Size"
            )
        return Size(tuple(self) + other)

    def __radd__(self, other: tuple) -> Size:
        if not isinstance(other, tuple):
            return NotImplemented
        return Size(other + tuple(self))

    def __mul__(self, n: Any) -> Size:  # type: ignore[override]
        return Size(tuple(self) * n)

    __rmul__ = __mul__

    def __setitem__(self, key: Any, value: Any) -> None:
        raise TypeError("'torch.Size' object does not support item assignment")

    def __delitem__(self, key: Any) -> None:
        raise TypeError("'torch.Size' object doesn't support item deletion")


def _size(dims: tuple) -> Size:
    """A Size again, from pickle."""
    return Size(dims)
