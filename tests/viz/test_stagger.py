"""Many sources feeding one node, top to bottom: they sit on two or three rows (as
graphviz's ``unflatten -l`` would put them), so the row is narrower and its text larger.
A module's parameters, drawn in one cluster, are split over two rows too."""

import re

import torch as real_torch

import minigrad as torch
from minigrad import viz
from minigrad.viz import layout
from minigrad.viz.render import Figure
from minigrad.viz.zoom import displayed_px


def _wide_fan_in():
    torch.manual_seed(0)
    leaves = [torch.randn(3, requires_grad=True) for _ in range(8)]
    return leaves, torch.stack(leaves).sum()


def test_a_wide_fan_in_is_drawn_on_two_rows_with_larger_text():
    leaves, y = _wide_fan_in()
    names = {f"weight_of_layer_{k}": t for k, t in enumerate(leaves)}
    fig = viz.draw_forward(y, names=names, rankdir="TB")
    assert (fig.source.count("minlen=2"), fig.source.count("minlen=3")) == (3, 2)  # 3 rows
    flat = Figure(re.sub(r",? ?\[?minlen=\d\]?", "", fig.source))
    assert displayed_px(fig.svg()) > displayed_px(flat.svg())


def test_a_modules_parameters_are_split_over_two_rows_inside_their_frame():
    real_torch.manual_seed(0)
    lstm = real_torch.nn.LSTM(3, 4)
    out, (h, c) = lstm(real_torch.randn(5, 2, 3))
    fig = viz.draw_forward(out.sum() + h.sum() + c.sum())
    hidden = re.findall(r"(v\d+) -> (v\d+) \[style=invis\]", fig.source)
    assert len(hidden) == 2  # weight_ih above weight_hh, bias_ih above bias_hh
    frame = re.search(r"subgraph cluster_\w+ \{.*\}", fig.source).group(0)
    assert all(a in frame and b in frame for a, b in hidden)
    assert displayed_px(fig.svg()) >= 9
    flat = Figure("\n".join(x for x in fig.source.splitlines() if "style=invis" not in x))
    assert displayed_px(fig.svg()) > displayed_px(flat.svg())


def test_a_narrow_graph_is_left_as_it_is():
    lines = [f"  {n} [label=<{n}>]" for n in "abcd"] + [f"  {n} -> op" for n in "abcd"]
    assert layout.stagger(lines) == lines  # four short names fit the width
    assert layout.stagger(lines, budget=0)[5].endswith("[minlen=2]")
