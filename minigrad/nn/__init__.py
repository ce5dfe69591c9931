"""``minigrad.nn``: layers and losses built on minigrad tensors."""

from . import functional

__all__ = ["functional"]
