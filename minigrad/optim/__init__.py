"""``minigrad.optim``: optimisers that update parameters from their ``.grad``."""

from .sgd import SGD, Optimizer

__all__ = ["SGD", "Optimizer"]
