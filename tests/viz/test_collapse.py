"""collapse=True: runs of repeated blocks drawn as one ``×N`` node (minigrad.viz.collapse)."""

from __future__ import annotations

import re

import numpy as np
import pytest

import minigrad
from minigrad import nn, viz
from minigrad.viz.collapse import find_folds


def _mlp(hidden_layers: int = 4):
    minigrad.manual_seed(0)
    layers = [nn.Linear(2, 8), nn.Tanh()]
    for _ in range(hidden_layers):
        layers += [nn.Linear(8, 8), nn.Tanh()]
    layers.append(nn.Linear(8, 1))
    return nn.Sequential(*layers)


def _nodes(source: str) -> dict[str, str]:
    """node id -> its label, from DOT text."""
    return dict(re.findall(r"^\s*(\w+) \[.*label=(<.*>)\]$", source, re.M))


def _edges(source: str) -> list[tuple[str, str, str]]:
    return re.findall(r"^\s*(\w+) -> (\w+)(?: \[(.*)\])?$", source, re.M)


def test_a_deep_network_folds_its_repeated_layers_into_one_node():
    model = _mlp(4)
    x = minigrad.randn(5, 2)
    loss = model(x).pow(2).mean()
    full = viz.draw_forward(loss, max_nodes=100).source  # (asked for: every node)
    folded = viz.draw_forward(loss, collapse=True).source
    folds = {k: v for k, v in _nodes(folded).items() if k.startswith("fold")}
    assert len(folds) == 1
    (label,) = folds.values()
    # layers 2..10 repeat "tanh, then the next Linear's addmm": 5 times
    assert "<B>×5</B>" in label and "tanh → addmm" in label
    assert "params: 2.bias, 2.weight, … 10.bias, 10.weight (10)" in label
    # the folded layers' parameters are not drawn on their own; the first layer's are
    assert "<B>4.weight</B>" in full and "<B>4.weight</B>" not in folded
    assert "<B>0.weight</B>" in folded and "<B>x</B>" in folded
    assert len(_nodes(folded)) < len(_nodes(full)) / 3
    # one arrow in (the first layer's output), one out (into pow)
    into = [a for a, b, _ in _edges(folded) if b == "fold0"]
    out = [b for a, b, _ in _edges(folded) if a == "fold0"]
    assert len(into) == 1 and len(out) == 1
    assert viz.Figure(folded).pipe("svg").startswith(b"<?xml")  # dot lays it out


def test_without_collapse_nothing_is_folded():
    loss = _mlp(2)(minigrad.randn(3, 2)).sum()
    assert "fold" not in viz.draw_forward(loss).source
    assert "fold" not in viz.draw_backward(loss).source


def _grad_edges(source: str) -> dict[tuple[str, str], str]:
    """(from, to) -> the text on a gradient edge."""
    out = {}
    for a, b, attrs in _edges(source):
        m = re.search(r"label=<(.*)>", attrs)
        out[a, b] = m.group(1) if m else ""
    return out


def test_the_gradient_flow_view_folds_too_and_its_edges_carry_the_true_gradients():
    model = _mlp(3)
    x = minigrad.randn(4, 2)
    h0 = model[0](x)  # the first layer's output, kept to compare its gradient
    h0.retain_grad()
    out = model[1:](h0)
    loss = out.pow(2).mean()
    loss.backward(retain_graph=True)
    src = viz.draw_backward(loss, collapse=True).source
    nodes = _nodes(src)
    (fold,) = [k for k in nodes if k.startswith("fold")]
    assert "TanhBackward0 ← AddmmBackward0" in nodes[fold] and "<B>×4</B>" in nodes[fold]
    # the gradient leaving the fold is what the first Linear's output received
    (edge,) = [(a, b) for a, b in _grad_edges(src) if b == fold]
    shown = _grad_edges(src)[edge]
    first = [float(v) for v in re.findall(r"-?\d+\.?\d*(?:e-?\d+)?", shown)[:2]]
    np.testing.assert_allclose(first, h0.grad.numpy().ravel()[:2], rtol=5e-3, atol=1e-4)


def test_a_shared_weight_stays_drawn_and_its_gradients_from_the_fold_are_summed():
    w = minigrad.tensor(0.9, requires_grad=True)
    b = minigrad.tensor(0.1, requires_grad=True)
    h = minigrad.tensor(1.0)
    for _ in range(12):
        h = minigrad.tanh(w * h + b)
    y = h.sum()
    y.backward(retain_graph=True)
    forward = viz.draw_forward(y, collapse=True).source
    nodes = _nodes(forward)
    assert "<B>×11</B>" in nodes["fold0"]
    w_id = next(k for k, v in nodes.items() if v.startswith("<<B>w</B>"))
    assert (w_id, "fold0", "") in _edges(forward)  # w feeds the fold: one arrow
    backward = viz.draw_backward(y, collapse=True).source
    texts = _grad_edges(backward)
    sums = [t for t in texts.values() if t.startswith("sum of 11: ")]
    assert len(sums) == 2  # into w's and b's AccumulateGrad
    # the AccumulateGrad of w adds the fold's sum and the unfolded step's gradient
    acc = [v for v in _nodes(backward).values() if "AccumulateGrad" in v and "in: " in v]
    totals = sorted(float(re.search(r"= (-?[\d.]+)</FONT>", v).group(1)) for v in acc)
    np.testing.assert_allclose(totals, sorted([w.grad.item(), b.grad.item()]), rtol=1e-3)


def test_a_block_whose_inside_is_used_elsewhere_is_not_folded_over_it():
    x = minigrad.tensor([0.3, 0.6], requires_grad=True)
    h, kept = x, []
    for _ in range(8):
        h = minigrad.sin(h)
        kept.append(h)
    mid = kept[3]
    y = h + mid  # a tensor from inside the chain is used again at the end
    src = viz.draw_forward(y, names={mid: "mid"}, collapse=True).source
    nodes = _nodes(src)
    mid_id = next(k for k, v in nodes.items() if "<B>mid</B>" in v)
    assert any(a == mid_id for a, _b, _ in _edges(src))  # still drawn, with its arrows
    # the four sins before it fold, and the four after: mid stays between them
    assert [nodes[k] for k in ("fold0", "fold1")] == ["<<B>×4</B><BR/>sin>"] * 2
    edges = {(a, b) for a, b, _ in _edges(src)}
    assert {("fold0", mid_id), (mid_id, "fold1")} <= edges
    assert sum(a == mid_id for a, _b in edges) == 2  # into the second run, and into add


def test_max_nodes_counts_what_is_drawn_after_folding():
    t = minigrad.tensor(0.5, requires_grad=True)
    for _ in range(150):
        t = minigrad.sin(t)
    with pytest.raises(viz.GraphTooLarge, match="collapse=True"):
        viz.draw_forward(t, max_nodes=20)
    src = viz.draw_forward(t, max_nodes=20, collapse=True).source
    assert "<B>×149</B>" in src
    assert len(_nodes(src)) <= 20
    # the walk before folding stops too: at 20 times max_nodes
    with pytest.raises(viz.GraphTooLarge, match="even with collapse=True"):
        viz.draw_forward(t, max_nodes=5, collapse=True)


def test_collapse_draws_a_real_torch_graph():
    import torch

    w = torch.tensor(0.5, requires_grad=True)
    h = w
    for _ in range(6):
        h = torch.sin(h)
    h.backward(retain_graph=True)
    src = viz.draw_backward(h, collapse=True).source
    assert "<B>×6</B><BR/>SinBackward0" in src  # every SinBackward0, in one fold


def test_find_folds_on_a_plain_dag():
    chain = ["x", "a", "b", "c", "d", "y"]
    tokens = dict(zip(chain, ["in", "sin", "sin", "sin", "sin", "out"]))
    got = find_folds(chain, list(zip(chain, chain[1:])), "y", tokens)
    assert [(f.count, f.spine, f.first, f.last) for f in got.folds] == [(4, ["a"], "a", "d")]
    # nothing repeats: no fold
    tokens = dict(zip(chain, ["in", "sin", "cos", "exp", "log", "out"]))
    assert find_folds(chain, list(zip(chain, chain[1:])), "y", tokens).folds == []


def test_draw_folds_both_views_and_a_small_graph_is_left_alone():
    w = minigrad.tensor(0.9, requires_grad=True)
    h = minigrad.tensor(1.0)
    for _ in range(5):
        h = minigrad.tanh(w * h)
    src = viz.draw(h, collapse=True).source
    assert "f_fold0 [" in src and "b_fold0 [" in src  # one fold in each view
    assert "×N: a block repeated N times" in src  # and in the legend
    x = minigrad.tensor(2.0, requires_grad=True)
    small = (x + 1) * (x + 2)
    assert viz.draw_forward(small, collapse=True).source == viz.draw_forward(small).source


def test_a_collapsed_transformer_has_no_label_line_over_60_characters():
    import re

    import torch as real

    real.manual_seed(0)
    layer = real.nn.TransformerEncoderLayer(16, 2, 32, batch_first=True)
    model = real.nn.TransformerEncoder(layer, 4, enable_nested_tensor=False)
    loss = model(real.randn(2, 5, 16)).pow(2).mean()
    for draw in (viz.draw_forward, viz.draw_backward):
        try:
            source = draw(loss, collapse=True).source
        except viz.GraphTooLarge as err:  # the number it suggests is one it takes
            assert "Pass collapse=True" not in str(err)
            n = int(re.search(r"Pass max_nodes=(\d+)", str(err)).group(1))
            source = draw(loss, collapse=True, max_nodes=n).source
        assert "fold" in source
        texts = [
            line
            for label in re.findall(r"label=<(.*?)>\]", source)
            for line in re.sub(r"<(?!BR/)[^>]*>", "", label).split("<BR/>")
        ]
        assert max(len(t) for t in texts) <= 62, max(texts, key=len)
