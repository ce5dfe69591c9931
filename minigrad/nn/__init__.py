"""``minigrad.nn``: layers, losses and parameters built on minigrad tensors.

>>> import minigrad as torch
>>> model = torch.nn.Sequential(torch.nn.Linear(2, 1), torch.nn.Sigmoid())
>>> sum(p.numel() for p in model.parameters())
3
"""

from . import functional, init, utils
from .modules import (
    ELU,
    GELU,
    AvgPool2d,
    BCELoss,
    BCEWithLogitsLoss,
    Conv2d,
    CrossEntropyLoss,
    Dropout,
    Flatten,
    Identity,
    L1Loss,
    LazyLinear,
    LeakyReLU,
    Linear,
    LogSoftmax,
    MaxPool2d,
    Module,
    ModuleList,
    MSELoss,
    NLLLoss,
    ReLU,
    Sequential,
    Sigmoid,
    SiLU,
    Softmax,
    Softplus,
    Tanh,
)
from .parameter import Parameter, UninitializedParameter

__all__ = [
    "functional",
    "init",
    "utils",
    "Parameter",
    "UninitializedParameter",
    "LazyLinear",
    "Module",
    "Sequential",
    "ModuleList",
    "Linear",
    "Identity",
    "Flatten",
    "Dropout",
    "ReLU",
    "LeakyReLU",
    "GELU",
    "SiLU",
    "ELU",
    "Softplus",
    "Sigmoid",
    "Tanh",
    "Softmax",
    "LogSoftmax",
    "L1Loss",
    "MSELoss",
    "BCELoss",
    "BCEWithLogitsLoss",
    "NLLLoss",
    "CrossEntropyLoss",
    "Conv2d",
    "MaxPool2d",
    "AvgPool2d",
]
