"""``minigrad.nn``: layers, losses and parameters built on minigrad tensors.

>>> import minigrad as torch
>>> model = torch.nn.Sequential(torch.nn.Linear(2, 1), torch.nn.Sigmoid())
>>> sum(p.numel() for p in model.parameters())
3
"""

from . import functional, init, utils
from .modules import *  # noqa: F403 - every layer and loss: the list is modules.__all__
from .modules import __all__ as _modules
from .parameter import Parameter, UninitializedParameter

__all__ = ["functional", "init", "utils", "Parameter", "UninitializedParameter", *_modules]
