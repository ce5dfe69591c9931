"""The stepper on big graphs: module by module, with modules that open, on torch and minigrad.

A 300-node Transformer and a 1,000-node MLP are stepped; the module steps cover the
engine's steps in the engine's order, the last step holds exactly what a plain
``loss.backward()`` gives, an arrow between two modules carries the gradient the
engine sent across, and every option an error suggests is one the stepper takes.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
import torch
from torch import nn

import minigrad
from minigrad.viz.walk import GraphTooLarge
from minigrad.widgets import BackwardStepper


def transformer() -> tuple[nn.Module, torch.Tensor]:
    torch.manual_seed(0)
    layer = nn.TransformerEncoderLayer(16, 2, 32, batch_first=True)
    model = nn.TransformerEncoder(layer, 4, enable_nested_tensor=False)
    return model, model(torch.randn(2, 5, 16)).pow(2).mean()


def deep_mlp(lib: Any, n: int) -> tuple[Any, Any]:
    lib.manual_seed(0)
    layers = []
    for _ in range(n):
        layers += [lib.nn.Linear(3, 3), lib.nn.Tanh()]
    model = lib.nn.Sequential(*layers)
    return model, model(lib.ones(2, 3)).sum()


def box_count(source: str) -> int:
    return len(re.findall(r"^\s+m\d+ \[", source, re.M))


def check_grouped(model: Any, loss: Any) -> BackwardStepper:
    s = BackwardStepper(loss)
    assert s.view is not None and len(s.view.groups) >= 2
    # the module steps cover the engine's steps once each, in the engine's order
    covered = [k for run in s.view.covers for k in run]
    assert covered == list(range(len(s.recording.steps)))
    for k in (0, len(s.steps) // 2, len(s.steps) - 1):
        source = s.goto(k).source
        assert 2 <= box_count(source) <= 25
    loss.backward()
    final = s.steps[-1].leaf_grads
    for name, p in model.named_parameters():
        np.testing.assert_array_equal(final[name], p.grad.numpy(force=True), err_msg=name)
    return s


def test_a_300_node_transformer_steps_module_by_module() -> None:
    model, loss = transformer()
    s = check_grouped(model, loss)
    assert {"layers.0", "layers.3"} <= set(s.view.groups)
    assert len(s.recording.steps) > 300


def test_an_arrow_between_modules_carries_the_engines_gradient() -> None:
    model, loss = transformer()
    s = BackwardStepper(loss)
    last = s.goto(len(s.steps) - 1).source
    graph = s._graph
    group = s.view.group_of
    sent = {}
    for st in s.recording.steps:
        if st.kind == "node":
            sent[id(st.node)] = st.sent
    crossing: dict = {}
    for src, i, dst, _nr in graph.edges:
        a, b = group[src], group[dst]
        if a != b:
            g = sent[id(graph.nodes[int(src[1:])].fn)][i]
            crossing.setdefault((a, b), []).append(g)
    gid = {g: f"m{k}" for k, g in enumerate(s.view.groups)}
    from minigrad.viz import labels

    singles = several = 0
    for (a, b), gs in crossing.items():
        line = re.search(rf"^\s+{gid[b]} -> {gid[a]} \[.*$", last, re.M).group(0)
        if len(gs) == 1:  # one edge crosses: its gradient
            assert labels.short_value(gs[0]) in line
            singles += 1
        else:  # several: how many of them carried one
            assert f"{len(gs)} of {len(gs)} gradients" in line
            several += 1
    assert singles >= 1 and several >= 3


def test_a_module_opens_and_steps_only_its_own_nodes() -> None:
    model, loss = transformer()  # (named: the stepper finds the module paths through it)
    s = BackwardStepper(loss)
    layer = s.open("layers.2")
    assert layer.view is not None  # 70 nodes: stepped by its parts
    assert "layers.2.self_attn" in layer.view.groups
    attn = layer.open("layers.2.self_attn")
    assert attn.view is None  # stepped node by node
    names = {st.name.split("::")[-1] for st in attn.steps[1:]}
    assert "SafeSoftmaxBackward0" in names and "NativeLayerNormBackward0" not in names
    for k in range(0, len(attn.steps), 7):
        assert "the rest of the graph" in attn.goto(k).source
    with pytest.raises(ValueError, match="no module 'layers.9'"):
        s.open("layers.9")


@pytest.mark.parametrize("lib", [torch, minigrad], ids=["torch", "minigrad"])
def test_a_1000_node_graph_steps(lib: Any) -> None:
    model, loss = deep_mlp(lib, 210)  # 210 x (Linear + Tanh): 1,050 nodes
    s = check_grouped(model, loss)
    assert len(s.recording.steps) > 1000


@pytest.mark.parametrize("lib", [torch, minigrad], ids=["torch", "minigrad"])
def test_the_options_the_error_suggests_are_accepted(lib: Any) -> None:
    _model, big = deep_mlp(lib, 22)  # 110 nodes
    with pytest.raises(GraphTooLarge, match=r"max_nodes=\d+") as err:
        BackwardStepper(big, by_module=False)
    n = int(re.search(r"max_nodes=(\d+)\)", str(err.value)).group(1))
    assert BackwardStepper(big, by_module=False, max_nodes=n).view is None  # node by node
    assert "by_module=True" in str(err.value) and "model=" in str(err.value)
    assert BackwardStepper(big, by_module=True, model=_model).view is not None


@pytest.mark.parametrize("lib", [torch, minigrad], ids=["torch", "minigrad"])
def test_a_big_graph_with_no_modules_steps_in_stages_of_the_engines_order(lib: Any) -> None:
    w = lib.ones(3, requires_grad=True)
    y = w
    for _ in range(101):
        y = y * 1.01
    s = BackwardStepper(y.sum())  # no module anywhere
    assert s.view is not None and 2 <= len(s.view.groups) <= 24
    assert all("in the engine's order" in g for g in s.view.groups)
    assert [k for run in s.view.covers for k in run] == list(range(len(s.recording.steps)))
    np.testing.assert_allclose(s.steps[-1].leaf_grads["w"], np.full(3, 1.01**101), rtol=1e-5)


def test_an_rnn_steps_in_stages() -> None:
    torch.manual_seed(0)
    gru = nn.GRU(3, 4, num_layers=2)  # its parameters are its own: no submodules
    loss = gru(torch.randn(4, 2, 3))[1][-1].pow(2).sum()
    s = BackwardStepper(loss)
    assert len(s.view.groups) >= 5
    loss.backward()
    for name, p in gru.named_parameters():
        np.testing.assert_array_equal(s.steps[-1].leaf_grads["gru." + name], p.grad.numpy())


@pytest.mark.parametrize("lib", [torch, minigrad], ids=["torch", "minigrad"])
def test_an_output_without_a_graph_gets_torchs_error(lib: Any) -> None:
    x = lib.ones(2)
    with pytest.raises(RuntimeError, match="does not require grad"):
        BackwardStepper(x.sum())


def stepper_of(loss: Any, **options: Any) -> BackwardStepper:
    """Made inside a function: no model variable in sight."""
    return BackwardStepper(loss, **options)


def test_model_tells_the_stepper_its_modules_from_inside_a_function() -> None:
    model, loss = transformer()
    plain = stepper_of(loss)  # no names in sight: stages of the engine's order
    assert all("in the engine's order" in g for g in plain.view.groups)
    s = stepper_of(loss, model=model)  # the modules, named
    assert "layers.1 (TransformerEncoderLayer)" in s.source
    assert set(s.recording.leaves) == {n for n, _ in model.named_parameters()}


def test_a_frame_too_small_to_read_is_shown_in_the_zoom_frame() -> None:
    from minigrad.viz.zoom import ZoomView, displayed_px

    torch.manual_seed(0)
    model = nn.Sequential(*[nn.Linear(2, 2) for _ in range(12)])  # 12 layers side by side
    s = BackwardStepper(model(torch.ones(1, 2)).sum(), by_module=False)
    assert displayed_px(s.svg) < 9  # as wide as the output area: too small
    shown = [w for w in s.widget.children if isinstance(w, ZoomView)]
    assert shown and displayed_px(shown[0].svg) >= 9  # at its natural size, in the frame
    s.goto(5)
    assert shown[0].svg != "" and s.image not in s.widget.children


def test_a_module_step_lists_its_own_parameters_after_a_count_of_all() -> None:
    model, loss = transformer()
    s = BackwardStepper(loss)
    k = next(j for j, st in enumerate(s.steps) if st.name == "layers.2")
    s.goto(k)
    text = s.text.value
    assert "layers.2." in text and "layers.1.norm1.weight.grad" not in text
    n = len(list(model.parameters()))
    assert f"of {n} parameters have a .grad" in text


def test_a_chinese_frame_has_no_english_none() -> None:
    from minigrad.i18n import language

    w = minigrad.tensor(2.0, requires_grad=True)
    with language("zh"):
        source = BackwardStepper(w * w).source
    assert "grad：尚无" in source and "尚无" in source
    assert "grad: none" not in source and "<I>none</I>" not in source
