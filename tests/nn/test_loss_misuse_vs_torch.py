"""Losses and activations given what they cannot take, under torch and minigrad:
the same exception type and message (or the same result, where torch accepts it).
Wrong target dtypes and shapes for ``cross_entropy`` / ``nll_loss``, probabilities
outside [0, 1] for ``binary_cross_entropy``, weights that do not broadcast, integer
inputs to float-only kernels."""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

CASES = {
    "ce 1d t1": "print(F.cross_entropy(torch.ones(3), torch.tensor([1])))",
    "ce 1d t1 none": "print(F.cross_entropy(torch.ones(3), torch.tensor([1]), reduction='none'))",
    "ce 1d t2": "print(F.cross_entropy(torch.ones(3), torch.tensor([1, 2])))",
    "nll 1d t1": "print(F.nll_loss(torch.ones(3), torch.tensor([1])))",
    "nll 1d t1 none": "print(F.nll_loss(torch.ones(3), torch.tensor([1]), reduction='none'))",
    "nll 1d t1 sum": "print(F.nll_loss(torch.ones(3), torch.tensor([1]), reduction='sum'))",
    "nll 1d t1 grad": (
        "x = torch.ones(3, requires_grad=True)\nl = F.nll_loss(x, torch.tensor([1]))\n"
        "l.backward()\nprint(l, x.grad)"
    ),
    "nll 1d t1 grad none": (
        "x = torch.ones(3, requires_grad=True)\nl = F.nll_loss(x, torch.tensor([1]), "
        "reduction='none')\nl.sum().backward()\nprint(l, x.grad)"
    ),
    "nll 1d t2": "print(F.nll_loss(torch.ones(3), torch.tensor([1, 2])))",
    "nll 1d t 2d": "print(F.nll_loss(torch.ones(3), torch.tensor([[1]])))",
    "ce 0d": "print(F.cross_entropy(torch.tensor(1.), torch.tensor(0)))",
    "ce 0d float": "print(F.cross_entropy(torch.tensor(1.), torch.tensor(0.)))",
    "nll 0d": "print(F.nll_loss(torch.tensor(1.), torch.tensor(0)))",
    "ce same shape long": (
        "print(F.cross_entropy(torch.ones(2, 3), torch.zeros(2, 3, dtype=torch.long)))"
    ),
    "ce same shape bool": (
        "print(F.cross_entropy(torch.ones(2, 3), torch.zeros(2, 3, dtype=torch.bool)))"
    ),
    "ce 1d same shape long": (
        "print(F.cross_entropy(torch.ones(1), torch.zeros(1, dtype=torch.long)))"
    ),
    "ce weight f64": (
        "print(F.cross_entropy(torch.ones(2, 3), torch.tensor([0, 1]), "
        "weight=torch.ones(3, dtype=torch.float64)))"
    ),
    "ce weight f64 probs": (
        "print(F.cross_entropy(torch.ones(2, 3), torch.ones(2, 3), "
        "weight=torch.ones(3, dtype=torch.float64)))"
    ),
    "ce weight long": (
        "print(F.cross_entropy(torch.ones(2, 3), torch.tensor([0, 1]), "
        "weight=torch.ones(3, dtype=torch.long)))"
    ),
    "ce weight 2d": (
        "print(F.cross_entropy(torch.ones(2, 3), torch.tensor([0, 1]), weight=torch.ones(1, 3)))"
    ),
    "nll weight f64": (
        "print(F.nll_loss(torch.ones(2, 3), torch.tensor([0, 1]), weight=torch.ones(3, "
        "dtype=torch.float64)))"
    ),
    "nll input f64 weight f32": (
        "print(F.nll_loss(torch.ones(2, 3, dtype=torch.float64), torch.tensor([0, 1]), "
        "weight=torch.ones(3)))"
    ),
    "nll long": "print(F.nll_loss(torch.ones(2, 3, dtype=torch.long), torch.tensor([0, 1])))",
    "nll long 1d": "print(F.nll_loss(torch.ones(3, dtype=torch.long), torch.tensor(1)))",
    "nll long 4d": (
        "print(F.nll_loss(torch.ones(2, 3, 2, 2, dtype=torch.long), torch.zeros(2, 2, "
        "2, dtype=torch.long)))"
    ),
    "nll long 3d": (
        "print(F.nll_loss(torch.ones(2, 3, 2, dtype=torch.long), torch.zeros(2, 2, "
        "dtype=torch.long)))"
    ),
    "nll bool": "print(F.nll_loss(torch.ones(2, 3, dtype=torch.bool), torch.tensor([0, 1])))",
    "nll half": "print(F.nll_loss(torch.ones(2, 3).half(), torch.tensor([0, 1])))",
    "ce long": "print(F.cross_entropy(torch.ones(2, 3, dtype=torch.long), torch.tensor([0, 1])))",
    "bce nan": "print(F.binary_cross_entropy(torch.tensor([float('nan')]), torch.tensor([1.])))",
    "bce target 2": "print(F.binary_cross_entropy(torch.tensor([0.5]), torch.tensor([2.])))",
    "bce target nan": (
        "print(F.binary_cross_entropy(torch.tensor([0.5]), torch.tensor([float('nan')])))"
    ),
    "bce both bad": "print(F.binary_cross_entropy(torch.tensor([2.]), torch.tensor([2.])))",
    "bce target -1": "print(F.binary_cross_entropy(torch.tensor([0.5]), torch.tensor([-1.])))",
    "bce weight 3": (
        "print(F.binary_cross_entropy(torch.tensor([0.5, 0.5]), torch.tensor([1., "
        "0.]), weight=torch.ones(3)))"
    ),
    "bce weight 2,1": (
        "print(F.binary_cross_entropy(torch.tensor([0.5, 0.5]), torch.tensor([1., "
        "0.]), weight=torch.ones(2, 1)))"
    ),
    "bce weight 1": (
        "print(F.binary_cross_entropy(torch.tensor([0.5, 0.5]), torch.tensor([1., "
        "0.]), weight=torch.tensor([2.])))"
    ),
    "bce weight 2x3 in 3": (
        "print(F.binary_cross_entropy(torch.full((2, 3), 0.5), torch.ones(2, 3), "
        "weight=torch.ones(2)))"
    ),
    "bce weight f64": (
        "print(F.binary_cross_entropy(torch.tensor([0.5, 0.5]), torch.tensor([1., "
        "0.]), weight=torch.ones(2, dtype=torch.float64)))"
    ),
    "bce weight long": (
        "print(F.binary_cross_entropy(torch.tensor([0.5, 0.5]), torch.tensor([1., "
        "0.]), weight=torch.ones(2, dtype=torch.long)))"
    ),
    "bcel bool": (
        "print(F.binary_cross_entropy_with_logits(torch.ones(2), torch.tensor([True, False])))"
    ),
    "bcel pw 3": (
        "print(F.binary_cross_entropy_with_logits(torch.ones(2, 2), torch.ones(2, 2), "
        "pos_weight=torch.ones(3)))"
    ),
    "bcel w 3": (
        "print(F.binary_cross_entropy_with_logits(torch.ones(2, 2), torch.ones(2, 2), "
        "weight=torch.ones(3)))"
    ),
    "bcel w 2,1,1": (
        "print(F.binary_cross_entropy_with_logits(torch.ones(2, 2), torch.ones(2, 2), "
        "weight=torch.ones(3, 1, 1)))"
    ),
    "bcel pw 3,1,1": (
        "print(F.binary_cross_entropy_with_logits(torch.ones(2, 2), torch.ones(2, 2), "
        "pos_weight=torch.ones(3, 1, 1)))"
    ),
    "bcel w f64": (
        "print(F.binary_cross_entropy_with_logits(torch.ones(2), torch.ones(2), "
        "weight=torch.ones(2, dtype=torch.float64)))"
    ),
    "bcel pw f64": (
        "print(F.binary_cross_entropy_with_logits(torch.ones(2), torch.ones(2), "
        "pos_weight=torch.ones(2, dtype=torch.float64)))"
    ),
    "bcel w long": (
        "print(F.binary_cross_entropy_with_logits(torch.ones(2), torch.ones(2), "
        "weight=torch.ones(2, dtype=torch.long)))"
    ),
    "bcel pw long": (
        "print(F.binary_cross_entropy_with_logits(torch.ones(2), torch.ones(2), "
        "pos_weight=torch.ones(2, dtype=torch.long)))"
    ),
    "bcel w list": (
        "print(F.binary_cross_entropy_with_logits(torch.ones(2), torch.ones(2), weight=[1., 2.]))"
    ),
    "leaky long": "print(F.leaky_relu(torch.tensor([1])))",
    "leaky bool": "print(F.leaky_relu(torch.tensor([True])))",
    "leaky module long": "print(torch.nn.LeakyReLU()(torch.tensor([1, -2])))",
    "relu bool": "print(F.relu(torch.tensor([True])))",
    "relu long": "print(F.relu(torch.tensor([1, -2])))",
    "tanh module long": "print(torch.nn.Tanh()(torch.tensor([1, -2])))",
    "sigmoid module bool": "print(torch.nn.Sigmoid()(torch.tensor([True])))",
    "softmax module long": "print(torch.nn.Softmax(0)(torch.tensor([1, -2])))",
    "logsoftmax module long": "print(torch.nn.LogSoftmax(0)(torch.tensor([1, -2])))",
    "mse module bool": "print(torch.nn.MSELoss()(torch.tensor([True]), torch.tensor([False])))",
    "l1 long": "print(F.l1_loss(torch.tensor([1]), torch.tensor([2])))",
    "l1 bool": "print(F.l1_loss(torch.tensor([True]), torch.tensor([False])))",
    "l1 long float": "print(F.l1_loss(torch.tensor([1]), torch.tensor([2.])))",
    "mse long float": "print(F.mse_loss(torch.tensor([1]), torch.tensor([2.])))",
    "mse float long": "print(F.mse_loss(torch.tensor([1.]), torch.tensor([2])))",
    "l1 float long": "print(F.l1_loss(torch.tensor([1.]), torch.tensor([2])))",
    "mse f32 f64": (
        "print(F.mse_loss(torch.tensor([1.]), torch.tensor([2.], dtype=torch.float64)))"
    ),
    "l1 f32 f64": "print(F.l1_loss(torch.tensor([1.]), torch.tensor([2.], dtype=torch.float64)))",
    "smooth_l1 long": "print(F.smooth_l1_loss(torch.tensor([1]), torch.tensor([2])))",
    "smooth_l1 long float": "print(F.smooth_l1_loss(torch.tensor([1]), torch.tensor([2.5])))",
    "smooth_l1 f32 f64": (
        "print(F.smooth_l1_loss(torch.tensor([1.]), torch.tensor([2.], dtype=torch.float64)))"
    ),
    "smooth_l1 beta negative": "F.smooth_l1_loss(torch.ones(2), torch.ones(2), beta=-0.5)",
    "smooth_l1 long beta negative": (
        "F.smooth_l1_loss(torch.tensor([1]), torch.tensor([2]), beta=-0.5)"
    ),
    "smooth_l1 reduction bad": "F.smooth_l1_loss(torch.ones(2), torch.ones(2), reduction='avg')",
    "smooth_l1 broadcast warning": (
        "print(F.smooth_l1_loss(torch.ones(2, 1), torch.tensor([0.5, 3.0])))"
    ),
    "smooth_l1 not broadcastable": "F.smooth_l1_loss(torch.ones(3), torch.ones(2))",
    "smooth_l1 legacy flags": (
        "print(F.smooth_l1_loss(torch.ones(2), torch.zeros(2), size_average=False))"
    ),
    "SmoothL1Loss legacy flags": "print(torch.nn.SmoothL1Loss(reduce=False).reduction)",
    "smooth_l1 beta 0 grad": (
        "x = torch.tensor([1., -2.], requires_grad=True)\n"
        "l = F.smooth_l1_loss(x, torch.zeros(2), beta=0.)\nl.backward()\nprint(l, x.grad)"
    ),
    "huber long": "print(F.huber_loss(torch.tensor([1]), torch.tensor([2])))",
    "huber long float": "print(F.huber_loss(torch.tensor([1]), torch.tensor([2.5])))",
    "huber float long": "print(F.huber_loss(torch.tensor([1.]), torch.tensor([3])))",
    "huber f32 f64": (
        "print(F.huber_loss(torch.tensor([1.]), torch.tensor([2.], dtype=torch.float64)))"
    ),
    "huber f64 f32": (
        "print(F.huber_loss(torch.tensor([1.], dtype=torch.float64), torch.tensor([2.])))"
    ),
    "huber delta 0": "F.huber_loss(torch.ones(2), torch.ones(2), delta=0.)",
    "huber delta negative long": "F.huber_loss(torch.tensor([1]), torch.tensor([2]), delta=-1)",
    "huber reduction bad": "F.huber_loss(torch.ones(2), torch.ones(2), reduction='avg')",
    "huber reduction bad delta bad": (
        "F.huber_loss(torch.ones(2), torch.ones(2), reduction='avg', delta=-1.)"
    ),
    "huber weight reduction bad": (
        "F.huber_loss(torch.ones(2), torch.ones(2), reduction='avg', weight=torch.ones(2))"
    ),
    "huber weight size": "F.huber_loss(torch.ones(2, 3), torch.ones(2, 3), weight=torch.ones(3))",
    "huber weight size delta bad": (
        "F.huber_loss(torch.ones(2), torch.ones(2), delta=-1., weight=torch.ones(1))"
    ),
    "huber weight broadcast target": (
        "print(F.huber_loss(torch.zeros(2, 3), torch.tensor([0.5, 2., -3.]), "
        "weight=torch.full((2, 3), 2.)))"
    ),
    "huber broadcast warning": "print(F.huber_loss(torch.ones(2, 1), torch.tensor([0.5, 3.0])))",
    "huber not broadcastable": "F.huber_loss(torch.ones(3), torch.ones(2))",
    "HuberLoss delta str": "torch.nn.HuberLoss(delta='1')",
    "kl mean warning": "print(F.kl_div(torch.zeros(2, 3), torch.full((2, 3), 0.5)))",
    "KLDivLoss mean warning": (
        "print(torch.nn.KLDivLoss()(torch.zeros(2, 3), torch.full((2, 3), 0.5)))"
    ),
    "kl batchmean 0-dim": (
        "print(F.kl_div(torch.tensor(-1.), torch.tensor(0.5), reduction='batchmean'))"
    ),
    "kl target zero": (
        "x = torch.zeros(3, requires_grad=True)\n"
        "y = torch.tensor([0., 0.5, 1.], requires_grad=True)\n"
        "l = F.kl_div(x, y, reduction='sum')\nl.backward()\nprint(l, x.grad, y.grad)"
    ),
    "kl long": "F.kl_div(torch.tensor([1]), torch.tensor([0.5]), reduction='sum')",
    "kl bool target": "F.kl_div(torch.tensor([1.]), torch.tensor([True]), reduction='sum')",
    "kl reduction bad": "F.kl_div(torch.ones(2), torch.ones(2), reduction='avg')",
    "kl legacy flags": "print(F.kl_div(torch.ones(2), torch.ones(2), size_average=False))",
    "kl legacy flags batchmean": (
        "print(F.kl_div(torch.ones(2, 2), torch.ones(2, 2), reduce=True, reduction='batchmean'))"
    ),
    "kl broadcast": "print(F.kl_div(torch.zeros(2, 1), torch.full((3,), 0.5), reduction='sum'))",
    "kl not broadcastable": "F.kl_div(torch.ones(3), torch.ones(2), reduction='sum')",
    "kl f32 f64": (
        "print(F.kl_div(torch.zeros(2), torch.full((2,), 0.5, dtype=torch.float64), "
        "reduction='sum'))"
    ),
    "ce 1d t1 ls": "print(F.cross_entropy(torch.ones(3), torch.tensor([1]), label_smoothing=0.1))",
    "ce 1d t1 ls none": (
        "print(F.cross_entropy(torch.ones(3), torch.tensor([1]), label_smoothing=0.1, "
        "reduction='none'))"
    ),
    "ce 1d t1 w": (
        "print(F.cross_entropy(torch.tensor([1., 2., 3.]), torch.tensor([1]), "
        "weight=torch.tensor([1., 2., 3.])))"
    ),
    "ce 1d t1 ignore": "print(F.cross_entropy(torch.tensor([1., 2., 3.]), torch.tensor([-100])))",
    "ce 0d input 1d target": "print(F.cross_entropy(torch.tensor(1.), torch.tensor([0])))",
    "nll 0d input 1d target": "print(F.nll_loss(torch.tensor(1.), torch.tensor([0])))",
    "ce 3d weight 2d": (
        "print(F.cross_entropy(torch.ones(2, 3, 4), torch.zeros(2, 4, "
        "dtype=torch.long), weight=torch.ones(1, 3)))"
    ),
    "ce 2d backward with 1-d target grads": (
        "x = torch.ones(2, 3, requires_grad=True)\nF.cross_entropy(x, torch.tensor([0, "
        "2])).backward()\nprint(x.grad)"
    ),
    "ce probs long input": (
        "print(F.cross_entropy(torch.ones(2, 3, dtype=torch.long), torch.ones(2, 3)))"
    ),
    "ce probs 1d": "print(F.cross_entropy(torch.ones(3), torch.ones(3) / 3))",
    "ce float target 1d diff shape": "print(F.cross_entropy(torch.ones(2, 3), torch.ones(2)))",
    "ce float target 0d": "print(F.cross_entropy(torch.ones(3), torch.tensor(1.)))",
    "bce grad weight": (
        "x = torch.full((2,), 0.3, requires_grad=True)\nF.binary_cross_entropy(x, "
        "torch.tensor([1., 0.]), weight=torch.tensor([2.])).backward()\nprint(x.grad)"
    ),
    "bcel grad pw bcast": (
        "x = torch.zeros(2, 2, requires_grad=True)\n"
        "F.binary_cross_entropy_with_logits(x, torch.ones(2, 2), "
        "pos_weight=torch.tensor([1., 3.]), weight=torch.tensor([[2.], "
        "[1.]])).backward()\nprint(x.grad)"
    ),
    "BCELoss module weight bad": (
        "print(torch.nn.BCELoss(weight=torch.ones(3))(torch.full((2,), 0.5), torch.ones(2)))"
    ),
    "NLLLoss module weight long": (
        "print(torch.nn.NLLLoss(weight=torch.ones(3, dtype=torch.long))(torch.ones(2, "
        "3), torch.tensor([0, 1])))"
    ),
    "CE module target float 1d": (
        "print(torch.nn.CrossEntropyLoss()(torch.ones(2, 3), torch.tensor([0., 1.])))"
    ),
    "leaky_ long": "x = torch.tensor([1, -2])\nF.leaky_relu_(x)",
    "leaky inplace long": "x = torch.tensor([1, -2])\nF.leaky_relu(x, inplace=True)",
    "LeakyReLU inplace": (
        "x = torch.tensor([1., -2.])\nprint(torch.nn.LeakyReLU(0.1, inplace=True)(x), x)"
    ),
    # the batch sizes are compared before the target's dims and dtype
    "nll batch before multi-target": "F.nll_loss(torch.ones(2, 3), torch.tensor([[0, 1]]))",
    "nll batch before dtype": "F.nll_loss(torch.ones(2, 3), torch.tensor([0.0, 1.0, 1.0]))",
    "ce batch before multi-target": "F.cross_entropy(torch.ones(2, 3), torch.tensor([[0, 1]]))",
}


@pytest.mark.parametrize("name", CASES)
def test_loss_misuse_like_torch(name: str) -> None:
    code = CASES[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
