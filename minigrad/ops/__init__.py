"""The operations, by family: each rule class (forward and derivative) with the
function that records it. ``minigrad/_tensor_methods.py`` makes them methods."""

from . import (
    elementwise,
    indexing,
    linalg,
    logical,
    ordering,
    reduction,
    shape,
    special,
    statistics,
)

__all__ = [
    "elementwise",
    "indexing",
    "linalg",
    "logical",
    "ordering",
    "reduction",
    "shape",
    "special",
    "statistics",
]
