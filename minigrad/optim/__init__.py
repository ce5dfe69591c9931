"""``minigrad.optim``: optimisers that update parameters from their ``.grad``.

>>> import minigrad as torch
>>> w = torch.nn.Parameter(torch.tensor([2.0]))
>>> opt = torch.optim.SGD([w], lr=0.5)
>>> (w * w).sum().backward(); opt.step(); w
Parameter containing:
tensor([0.], requires_grad=True)
"""

from . import lr_scheduler
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adam import Adam, AdamW
from .adamax import Adamax
from .asgd import ASGD
from .lbfgs import LBFGS
from .nadam import NAdam
from .optimizer import Optimizer
from .radam import RAdam
from .rmsprop import RMSprop
from .rprop import Rprop
from .sgd import SGD

__all__ = [
    "Optimizer",
    "SGD",
    "Adam",
    "AdamW",
    "RMSprop",
    "Adagrad",
    "Adamax",
    "NAdam",
    "RAdam",
    "Adadelta",
    "Rprop",
    "ASGD",
    "LBFGS",
    "lr_scheduler",
]
