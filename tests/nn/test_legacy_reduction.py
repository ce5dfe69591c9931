"""The old ``size_average=``/``reduce=`` flags, against torch: the same reduction,
the same values and the same warning, through the loss functions and modules."""

import itertools
import os
import warnings

import numpy as np
import pytest
import torch

import minigrad

FLAGS = (None, True, False)
REDUCTIONS = ("mean", "sum", "none")
COMBINATIONS = list(itertools.product(FLAGS, FLAGS, REDUCTIONS))


def _inputs(lib, loss):
    """Arguments of ``loss`` built from the same numbers in ``lib``."""
    x = lib.tensor([[0.2, -1.0, 0.5], [1.5, 0.3, -0.7]])
    if loss in ("nll_loss", "NLLLoss", "cross_entropy", "CrossEntropyLoss"):
        return (x.log_softmax(1) if "ll" in loss.lower() else x), lib.tensor([2, 0])
    if loss in ("binary_cross_entropy", "BCELoss"):
        return x.sigmoid(), lib.tensor([[0.0, 1.0, 1.0], [1.0, 0.0, 0.5]])
    return x, lib.tensor([[0.0, 1.0, 1.0], [1.0, 0.0, 0.5]])


FUNCTIONS = [
    "l1_loss",
    "mse_loss",
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "nll_loss",
    "cross_entropy",
    "smooth_l1_loss",
    "kl_div",
]
MODULES = [
    "L1Loss",
    "MSELoss",
    "BCELoss",
    "BCEWithLogitsLoss",
    "NLLLoss",
    "CrossEntropyLoss",
    "SmoothL1Loss",
    "KLDivLoss",
]


def _run(lib, loss, size_average, reduce, reduction):
    """(value, reduction or None, warnings as (category, message, file name))"""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        args = _inputs(lib, loss)
        if loss in MODULES:
            module = getattr(lib.nn, loss)(
                size_average=size_average, reduce=reduce, reduction=reduction
            )
            value, chosen = module(*args), module.reduction
        else:
            fn = getattr(lib.nn.functional, loss)
            value = fn(*args, size_average=size_average, reduce=reduce, reduction=reduction)
            chosen = None
    seen = [(w.category, str(w.message), os.path.basename(w.filename)) for w in caught]
    return value.detach().numpy(), chosen, seen


@pytest.mark.parametrize("loss", FUNCTIONS + MODULES)
def test_every_flag_combination_matches_torch(loss):
    for size_average, reduce, reduction in COMBINATIONS:
        case = (loss, size_average, reduce, reduction)
        ours = _run(minigrad, loss, size_average, reduce, reduction)
        theirs = _run(torch, loss, size_average, reduce, reduction)
        np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-6, atol=1e-7, err_msg=str(case))
        assert ours[1] == theirs[1], case
        assert ours[2] == theirs[2], case


def test_the_warning_names_the_reduction_chosen():
    _, chosen, seen = _run(minigrad, "MSELoss", False, None, "mean")
    assert chosen == "sum"
    assert seen == [
        (
            UserWarning,
            "size_average and reduce args will be deprecated, please use reduction='sum' instead.",
            "loss.py",
        )
    ]
    assert _run(minigrad, "mse_loss", None, None, "none")[2] == []


@pytest.mark.parametrize("loss", ["mse_loss", "l1_loss"])
def test_the_size_warning_comes_first_as_in_torch(loss):
    def run(lib):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fn = getattr(lib.nn.functional, loss)
            fn(lib.ones(2, 2), lib.ones(2), size_average=False)
        return [(w.category, str(w.message)) for w in caught]

    ours, theirs = run(minigrad), run(torch)
    assert len(theirs) == 2
    assert ours == theirs
