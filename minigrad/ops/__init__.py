"""The operations, by family. Importing this package attaches the tensor
methods (``+``, ``sum``, ``view``...) that each family defines."""

from . import elementwise, indexing, linalg, logical, ordering, reduction, shape

__all__ = ["elementwise", "indexing", "linalg", "logical", "ordering", "reduction", "shape"]
