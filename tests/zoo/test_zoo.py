"""Every learning aid on a zoo of 35 real architectures (tests/zoo/models.py), on torch
and, wherever minigrad has the operations, on minigrad.

On each model every aid runs without an error, and:
- nothing the learner owns changes: parameters, buffers, ``.grad``, the RNG state,
  the modules' hook dictionaries;
- the stepper runs the nodes in the engine's order (node post-hooks on a real
  backward) and ends on exactly the ``.grad`` a plain ``loss.backward()`` gives;
- every node label (what arrived at each output) and every edge label of
  ``draw_backward(grads=True)`` is what torch's engine passed there
  (tests/viz/test_multi_output.py: node pre- and post-hooks).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import torch
import torch.utils.checkpoint

import minigrad
from minigrad import explain, viz
from minigrad.viz.zoom import displayed_px
from minigrad.widgets import BackwardStepper
from tests.viz.test_multi_output import check_picture, graph_nodes
from tests.zoo.models import TORCH_ONLY, ZOO

# What minigrad does not have yet: each model here must really fail on it (when
# minigrad gains the operation, this test says so, and the model joins the zoo).
MINIGRAD_LACKS = {
    "unet": "ConvTranspose2d",
    "transformer": "TransformerEncoderLayer",
    "vit": "TransformerEncoderLayer",
    "self_attention": "MultiheadAttention",
    "cross_attention": "MultiheadAttention",
    "packed_lstm": "pack_padded_sequence",
    "decoder": "TransformerDecoderLayer",
    "weight_norm": "parametrizations",
    "pre_norm_encoder": "TransformerEncoderLayer",
}


def _copy(t: Any) -> Any:
    if t is None or isinstance(t, np.ndarray):
        return None if t is None else t.copy()
    t = t.detach()
    if str(t.dtype).endswith("bfloat16"):  # numpy has no bfloat16; float32 holds it exactly
        t = t.float()
    return np.array(t.numpy(force=True))


def state(lib: Any, model: Any) -> dict:
    """Everything an aid must leave as it was, as plain numpy copies."""
    out: dict = {"rng": _copy(lib.get_rng_state())}
    for name, t in model.state_dict(keep_vars=True).items():
        out[name] = _copy(t)
        out[name + ".grad"] = _copy(t.grad)
    for name, m in model.named_modules():
        for kind in ("_forward_hooks", "_forward_pre_hooks", "_backward_hooks"):
            out[f"{name}.{kind}"] = len(getattr(m, kind, {}))
    return out


def same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for k in a:
        if isinstance(a[k], np.ndarray):
            np.testing.assert_array_equal(a[k], b[k], err_msg=k)
        else:
            assert a[k] == b[k], k


def engine_order(loss: Any) -> tuple[list, dict]:
    """The nodes in the order a real ``backward()`` runs them (post-hooks), and the
    leaves' ``.grad`` afterwards; every ``.grad`` is put back as it was."""
    nodes = graph_nodes(loss)
    ran: list = []
    handles = [fn.register_hook(lambda gi, go, fn=fn: ran.append(fn)) for fn in nodes.values()]
    leaves = [fn.variable for fn in nodes.values() if type(fn).__name__ == "AccumulateGrad"]
    before = [t.grad for t in leaves]
    loss.backward(retain_graph=True)
    grads = {id(t): _copy(t.grad) for t in leaves}
    for t, g in zip(leaves, before):
        t.grad = g
    for h in handles:
        h.remove()
    return ran, grads


def run_every_aid(lib: Any, name: str) -> None:
    model, loss = ZOO[name](lib)
    before = state(lib, model)
    for k in range(2):  # twice: the second run sees what the first one left
        for view, draw in (("forward", viz.draw_forward), ("backward", viz.draw_backward)):
            px = displayed_px(draw(loss).svg())
            if k == 0:  # a static page shows the default picture at 9 px or more
                assert px >= 9, (view, round(px, 1))
        assert viz.draw_backward(loss, grads=True).svg()
        explain(loss)
        param = next(p for p in model.parameters())
        explain(param, output=loss)
        stepper = BackwardStepper(loss, model=model)
        for k in range(len(stepper.steps)):
            assert stepper.goto(k).source
        same(before, state(lib, model))
    assert stepper.error is None, stepper.error
    ran, grads = engine_order(loss)
    replayed = [s.node for s in stepper.recording.steps if s.kind == "node"]
    if name != "checkpoint_reentrant":  # (its block runs a backward of its own)
        assert replayed == ran
    final = stepper.steps[-1].leaf_grads
    for pname, p in model.named_parameters():
        if id(p) in grads and grads[id(p)] is not None:
            np.testing.assert_array_equal(final[pname], grads[id(p)], err_msg=pname)
    if name != "checkpoint_reentrant":  # (torch.autograd.grad refuses its inputs=)
        check_picture(loss)


@pytest.mark.parametrize("name", sorted(ZOO))
def test_every_aid_on_torch(name: str) -> None:
    run_every_aid(torch, name)


@pytest.mark.parametrize("name", sorted(set(ZOO) - set(MINIGRAD_LACKS)))
def test_every_aid_on_minigrad(name: str) -> None:
    run_every_aid(minigrad, name)


@pytest.mark.parametrize("name", sorted(MINIGRAD_LACKS))
def test_minigrad_still_lacks(name: str) -> None:
    with pytest.raises(AttributeError, match=MINIGRAD_LACKS[name]):
        ZOO[name](minigrad)


@pytest.mark.parametrize("name", sorted(TORCH_ONLY))
def test_every_aid_where_backward_works(name: str) -> None:
    """Complex weights, in-place operations inside record(), a parameter frozen after
    its graph was made: wherever loss.backward() works, every aid does."""
    ZOO_AND_MORE = {**ZOO, **TORCH_ONLY}
    saved = dict(ZOO)
    ZOO.update(ZOO_AND_MORE)
    try:
        run_every_aid(torch, name)
    finally:
        ZOO.clear()
        ZOO.update(saved)
