"""The operations, by family: each rule class (forward and derivative) with the
function that records it. ``minigrad/_tensor_methods.py`` makes them methods."""

from . import (
    copies,
    distances,
    elementwise,
    indexing,
    inverses,
    join,
    linalg,
    logical,
    norms,
    ordering,
    piecewise,
    pointwise,
    reduction,
    shape,
    special,
    statistics,
    unary,
)

__all__ = [
    "copies",
    "distances",
    "elementwise",
    "indexing",
    "inverses",
    "join",
    "linalg",
    "logical",
    "norms",
    "ordering",
    "piecewise",
    "pointwise",
    "reduction",
    "shape",
    "special",
    "statistics",
    "unary",
]
