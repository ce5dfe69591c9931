"""``torch.utils``: ``torch.utils.data`` (datasets and data loaders) and
``torch.utils.hooks`` (how module backward hooks reach the graph)."""

from . import data, hooks

__all__ = ["data", "hooks"]
