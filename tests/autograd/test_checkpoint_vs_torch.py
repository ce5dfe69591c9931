"""``torch.utils.checkpoint`` side by side with torch: what is saved, what is run
again, the gradients (to second order), the random numbers, and the errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import torch

import minigrad

LIBS = pytest.mark.parametrize("lib", [torch, minigrad], ids=["torch", "minigrad"])


def _model(lib, dropout: float = 0.0):
    lib.manual_seed(0)
    calls = []

    class Block(lib.nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = lib.nn.Linear(8, 8)
            self.drop = lib.nn.Dropout(dropout)

        def forward(self, x):
            calls.append(1)
            return self.drop(lib.tanh(self.lin(x)))

    return lib.nn.ModuleList(Block() for _ in range(3)), calls


def _run(lib, checkpointed: bool, dropout: float = 0.0, backwards: int = 1):
    blocks, calls = _model(lib, dropout)
    x = lib.randn(4, 8)
    saved = []

    def pack(t):
        saved.append((tuple(t.shape), t.requires_grad))
        return t

    with lib.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        h = x
        for b in blocks:
            if checkpointed:
                h = lib.utils.checkpoint.checkpoint(b, h, use_reentrant=False)
            else:
                h = b(h)
        loss = h.pow(2).mean()
    forward_calls = len(calls)
    for i in range(backwards):
        loss.backward(retain_graph=i < backwards - 1)
    grads = [p.grad.numpy().copy() for p in blocks.parameters()]
    return {
        "saved": saved,
        "forward calls": forward_calls,
        "backward calls": len(calls) - forward_calls,
        "grads": grads,
        "loss": loss.item(),
        "rng after": lib.rand(3).tolist(),
    }


@pytest.mark.parametrize("checkpointed", [False, True], ids=["plain", "checkpoint"])
@pytest.mark.parametrize("dropout", [0.0, 0.5], ids=["no-dropout", "dropout"])
def test_saved_tensors_reruns_and_gradients_match_torch(checkpointed, dropout):
    mine, theirs = _run(minigrad, checkpointed, dropout), _run(torch, checkpointed, dropout)
    for key in ("saved", "forward calls", "backward calls"):
        assert mine[key] == theirs[key], key
    assert mine["loss"] == pytest.approx(theirs["loss"], rel=1e-6)
    assert mine["rng after"] == theirs["rng after"]  # backward's rerun left the RNG alone
    for a, b in zip(mine["grads"], theirs["grads"]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-7)


def test_a_checkpoint_keeps_only_its_inputs_and_gives_the_same_gradients():
    plain, ck = _run(minigrad, False, 0.5), _run(minigrad, True, 0.5)
    assert len(ck["saved"]) < len(plain["saved"])
    assert ck["backward calls"] == 3 and plain["backward calls"] == 0
    for a, b in zip(plain["grads"], ck["grads"]):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-8)


def test_each_backward_through_a_retained_graph_reruns_the_block():
    mine, theirs = _run(minigrad, True, backwards=2), _run(torch, True, backwards=2)
    assert mine["backward calls"] == theirs["backward calls"] == 6


@LIBS
def test_second_order_through_a_checkpoint(lib):
    x = lib.tensor([1.0, 2.0, -0.5], requires_grad=True)
    y = lib.utils.checkpoint.checkpoint(lambda t: lib.sin(t) * t * t, x, use_reentrant=False)
    (g,) = lib.autograd.grad(y.sum(), x, create_graph=True)
    (gg,) = lib.autograd.grad(g.sum(), x)
    t = x.detach().numpy().astype(np.float64)
    # d/dt (t^2 sin t) = 2t sin t + t^2 cos t; again: 2 sin t + 4t cos t - t^2 sin t
    np.testing.assert_allclose(g.detach().numpy(), 2 * t * np.sin(t) + t * t * np.cos(t), rtol=1e-6)
    np.testing.assert_allclose(
        gg.numpy(), 2 * np.sin(t) + 4 * t * np.cos(t) - t * t * np.sin(t), rtol=1e-5
    )


def _messages(fn):
    out = {}
    for lib in (torch, minigrad):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                result = fn(lib)
            except Exception as e:  # noqa: BLE001 (the error itself is compared)
                result = (type(e).__name__, str(e))
        out[lib.__name__] = (result, [str(w.message) for w in caught])
    return out["torch"], out["minigrad"]


def test_the_reentrant_default_warns_and_names_its_node_like_torch():
    def run(lib):
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = lib.utils.checkpoint.checkpoint(lambda t: t.exp() * 2, x)
        y.sum().backward()
        return y.grad_fn.name(), x.grad.tolist()

    theirs, mine = _messages(run)
    assert mine[0][0] == theirs[0][0] == "CheckpointFunctionBackward"
    np.testing.assert_allclose(mine[0][1], theirs[0][1], rtol=1e-6)
    assert mine[1] == theirs[1]


@pytest.mark.parametrize(
    "case",
    ["grad of a reentrant checkpoint", "kwargs with reentrant", "context_fn with reentrant"],
)
def test_misuse_gets_torchs_error(case):
    def run(lib):
        ck = lib.utils.checkpoint
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        if case == "grad of a reentrant checkpoint":
            y = ck.checkpoint(lambda t: t * t, x, use_reentrant=True)
            return lib.autograd.grad(y.sum(), x)
        if case == "kwargs with reentrant":
            return ck.checkpoint(lambda t, k: t * k, x, k=2, use_reentrant=True)
        return ck.checkpoint(lambda t: t, x, use_reentrant=True, context_fn=lambda: (None, None))

    theirs, mine = _messages(run)
    assert mine == theirs
    assert isinstance(mine[0], tuple) and mine[0][0] in ("RuntimeError", "ValueError")


def test_a_block_that_saves_other_shapes_when_rerun_gets_torchs_checkpoint_error():
    def run(lib):
        n = [2]

        def block(t):
            n[0] += 1
            return (t[: n[0]] * t[: n[0]]).sum()  # saves a different slice each time

        x = lib.arange(6.0, requires_grad=True)
        lib.utils.checkpoint.checkpoint(block, x, use_reentrant=False).backward()

    theirs, mine = _messages(run)
    assert mine[0][0] == theirs[0][0] == "CheckpointError"
    assert mine[0][1].replace("minigrad", "torch") == theirs[0][1]


@LIBS
def test_checkpoint_sequential_gives_the_plain_gradients(lib):
    lib.manual_seed(0)
    net = lib.nn.Sequential(*[lib.nn.Linear(4, 4) for _ in range(4)])
    x = lib.randn(2, 4, requires_grad=True)
    net(x).sum().backward()
    plain = [p.grad.clone() for p in net.parameters()] + [x.grad.clone()]
    net.zero_grad()
    x.grad = None
    lib.utils.checkpoint.checkpoint_sequential(net, 2, x, use_reentrant=False).sum().backward()
    for a, b in zip(plain, [p.grad for p in net.parameters()] + [x.grad]):
        assert lib.allclose(a, b)
