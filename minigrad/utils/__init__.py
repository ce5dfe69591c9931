"""``torch.utils``: ``torch.utils.data`` (datasets and data loaders),
``torch.utils.hooks`` (how module backward hooks reach the graph) and
``torch.utils.checkpoint`` (activation checkpointing)."""

from . import checkpoint, data, hooks

__all__ = ["checkpoint", "data", "hooks"]
