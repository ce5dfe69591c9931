"""``torch.utils``: only ``torch.utils.data`` (datasets and data loaders)."""

from . import data

__all__ = ["data"]
