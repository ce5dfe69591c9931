"""Many sources feeding one node, top to bottom: they sit on two rows (as graphviz's
``unflatten -l 2`` would put them), so the row is half as wide and its text larger."""

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
    assert fig.source.count("minlen=2") == 4
    flat = Figure(fig.source.replace(", minlen=2]", "]").replace(" [minlen=2]", ""))
    assert displayed_px(fig.svg()) > displayed_px(flat.svg())


def test_a_narrow_graph_is_left_as_it_is():
    lines = [f"  {n} [label=<{n}>]" for n in "abcd"] + [f"  {n} -> op" for n in "abcd"]
    assert layout.stagger(lines) == lines  # four short names fit the width
    assert layout.stagger(lines, budget=0)[5].endswith("[minlen=2]")
