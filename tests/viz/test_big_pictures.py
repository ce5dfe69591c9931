"""A big graph is drawn, not refused: one box per module (or per stretch of the graph
when it has no modules), legible in a static page, and the note names the option that
draws every node, which works."""

from __future__ import annotations

import re

import torch

from minigrad import viz
from minigrad.viz import zoom
from tests.zoo.models import ZOO


def boxes(source: str) -> list[str]:
    return re.findall(r"^\s+m\d+ \[.*label=<([^<]*)<BR/>", source, re.M)


def test_a_transformer_is_drawn_one_box_per_module_and_reads_at_9px() -> None:
    model, loss = ZOO["transformer"](torch)
    for fig in (viz.draw_forward(loss), viz.draw_backward(loss)):
        names = boxes(fig.source)
        assert "layers.0.self_attn (MultiheadAttention)" in names
        assert 4 <= len(names) <= 25
        assert zoom.displayed_px(fig.svg()) >= 9
    loss.backward(retain_graph=True)
    after = viz.draw_backward(loss).source  # the gradients that crossed between modules
    assert re.search(r"m\d+ -> m\d+ \[.*label=<\[-?\d", after)
    n = int(re.search(r"max_nodes=(\d+)", after).group(1))
    every = viz.draw_backward(loss, max_nodes=n).source  # the option the note names
    assert "SafeSoftmaxBackward0" in every and not boxes(every)


def test_an_rnn_is_drawn_in_stretches() -> None:
    model, loss = ZOO["gru"](torch)
    fig = viz.draw_backward(loss)
    assert all("from the output" in b for b in boxes(fig.source)) and len(boxes(fig.source)) >= 5
    assert zoom.displayed_px(fig.svg()) >= 9


def draw_inside_a_function(loss, **options):  # no model variable in sight here
    return viz.draw_backward(loss, **options).source


def test_model_names_the_modules_of_a_picture_drawn_inside_a_function() -> None:
    model, loss = ZOO["transformer"](torch)
    named = draw_inside_a_function(loss, model=model)
    assert "layers.0.self_attn (MultiheadAttention)" in boxes(named)
    small_model, small_loss = ZOO["hooks"](torch)
    source = draw_inside_a_function(small_loss, model=small_model)
    assert "<B>0.weight</B>" in source and "label=<0: Linear>" in source


def test_a_sequentials_layers_without_parameters_are_their_own_box() -> None:
    with viz.record():
        model, loss = ZOO["cnn"](torch)  # Conv2d, BatchNorm2d, then ReLU...Flatten, Linear
    source = viz.draw_forward(loss).source
    assert {"0 (Conv2d)", "1 (BatchNorm2d)", "2–5", "6 (Linear)"} <= set(boxes(source))
    assert "Drawn in groups so that it reads at this width" in source


def test_a_crowded_torch_forward_draws_what_autograd_did_not_keep_as_dots() -> None:
    model, loss = ZOO["many_losses"](torch)  # five losses side by side: too wide with "?"s
    fig = viz.draw_forward(loss)
    assert 'shape="point"' in fig.source and "or a dot, in a crowded picture" in fig.source
    assert "<B>model.weight</B>" in fig.source  # what has a name keeps its label
    assert zoom.displayed_px(fig.svg()) >= 9


def test_a_bfloat16_tensor_is_drawn_with_its_values_and_its_dtype() -> None:
    t = torch.tensor([1.5, -2.25], dtype=torch.bfloat16, requires_grad=True)
    source = viz.draw_forward(t * 2).source
    assert "bfloat16" in source and "[3.0, -4.5]" in source


def test_a_wide_graph_staggers_its_fans_and_draws_what_it_computed_as_dots() -> None:
    import minigrad

    for lib in (torch, minigrad):  # one tensor used by seven ops, no modules
        model, loss = ZOO["scans_and_sorts"](lib)
        fig = viz.draw_forward(loss)
        assert zoom.displayed_px(fig.svg()) >= 9, lib
        assert "<B>model.weight</B>" in fig.source
        back = viz.draw_backward(loss)
        assert zoom.displayed_px(back.svg()) >= 9, lib
    # minigrad keeps every value: the seven users staggered, the values as dots on hover
    assert "minlen=" in fig.source and "Each dot is a tensor computed on the way" in fig.source
    assert 'tooltip="shape [3, 4] [' in fig.source
    assert "[:, :3]" in fig.source  # y[:, :3] written as in the code
