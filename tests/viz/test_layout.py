"""Pictures that fit by design: direction from shape, compact labels, module
parameter names, a stable stepper, local derivatives, and small polish.

The browser test (``tests/browser/test_legibility.py``) measures the lessons'
pictures as displayed; these tests pin the behaviour behind it, without a browser.
"""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

import minigrad
from minigrad import nn, viz
from minigrad.viz import labels, layout, style
from minigrad.widgets import BackwardStepper, JacobianExplorer, interact_graph


def _svg_width_pt(svg: str) -> float:
    return float(re.search(r'<svg width="([0-9.]+)pt"', svg).group(1))


def _node_boxes(svg: str) -> dict[str, str]:
    """Each node's title -> the coordinates of its shape (ellipse or polygon)."""
    boxes = {}
    for g in re.findall(r'<g id="node\d+" class="node">(.*?)</g>', svg, flags=re.S):
        title = re.search(r"<title>(.*?)</title>", g).group(1)
        shape = re.search(r'<(?:ellipse|polygon)[^>]*?(cx="[^"]*" cy="[^"]*"|points="[^"]*")', g)
        boxes[title] = shape.group(1)
    return boxes


def test_short_graph_stays_left_to_right_and_long_chain_goes_top_to_bottom():
    w = minigrad.tensor(0.5, requires_grad=True)
    z = w * 2 + 1
    assert 'rankdir="LR"' in viz.draw_forward(z).source
    h = w
    for _ in range(12):
        h = (h * 1.1).tanh()
    long = viz.draw_forward(h)
    assert 'rankdir="TB"' in long.source
    lr, tb = layout.widths(long.source.splitlines())
    assert tb < lr
    # an explicit direction is kept
    assert 'rankdir="LR"' in viz.draw_forward(h, rankdir="LR").source
    with pytest.raises(ValueError, match="rankdir"):
        viz.draw_forward(h, rankdir="sideways")
    for bad in (0, -1, 2.5, True, "10"):  # a clear error, not "more than max_nodes=-1 nodes"
        with pytest.raises(ValueError, match="max_nodes must be a positive whole number"):
            viz.draw_backward(h, max_nodes=bad)
    # both views in one figure: top to bottom by default, or chosen from the shape
    assert 'rankdir="TB"' in viz.draw(z).source
    assert 'rankdir="TB"' in viz.draw(h, rankdir="auto").source


def test_a_drawing_is_never_wider_than_the_size_limit():
    w = minigrad.tensor(0.5, requires_grad=True)
    h = w
    for _ in range(12):
        h = (h * 1.1).tanh()
    limit = 72 * float(style.GRAPH["size"].split(",")[0])
    svg = viz.draw_forward(h, rankdir="LR").svg()  # forced the long way: scaled to fit
    assert _svg_width_pt(svg) <= limit + 1
    assert "scale(" in svg


def test_big_tensors_get_compact_labels_and_minus_zero_reads_zero():
    assert labels.short_value(np.arange(16.0) / 3) == "[0.0, 0.333, …]"
    assert labels.short_value(np.array([-2.566e-05] * 9)) == "[-2.57e-05, -2.57e-05, …]"
    assert labels.short_value(np.ones((2, 3))) == "[1.0, 1.0, 1.0, …]"  # small: as before
    assert labels.number(-0.0) == "0.0"
    g = interact_graph(lambda x: x * 0.0, x=(-1.0, 1.0, 1.0))
    g.sliders["x"].value = -1.0
    assert "-0.0" not in g.source and "-0.0" not in g.table.value


def _model():
    minigrad.manual_seed(0)
    return nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1))


def test_module_parameters_are_named_as_the_module_names_them():
    model = _model()
    x = minigrad.ones(4, 1)
    loss = model(x).pow(2).mean()
    loss.backward()
    src = viz.draw_backward(loss).source
    for name in ("0.weight", "0.bias", "2.weight", "2.bias"):
        assert f"<B>{name}</B>" in src
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        s = BackwardStepper(model(x).pow(2).mean())
    s.goto(len(s.steps) - 1)
    assert "0.weight.grad" in s.text.value and "leaf0" not in s.text.value
    assert "<B>0.weight</B>" in s.source
    # in the figure, each module's parameters in one group, titled with its name and class
    assert re.search(
        r"subgraph cluster_module_\d+ \{ label=<0: Linear>;.*g\d+_leaf; g\d+_leaf", src
    )
    assert "label=<2: Linear>" in src
    assert model is not None  # the module is a variable of this frame: that is how it is found


def test_stepper_layout_is_the_same_at_every_step():
    w = minigrad.tensor([-1.0, 2.0], requires_grad=True)
    v = minigrad.tensor([2.0, 0.5], requires_grad=True)
    z = (w.relu() * v + v).sum()
    s = BackwardStepper(z, names={w: "w", v: "v"})
    frames = [s.goto(k).svg for k in range(len(s.steps))]
    first = _node_boxes(frames[0])
    assert len(first) >= 6
    for k, svg in enumerate(frames):
        assert _node_boxes(svg) == first, f"a node moved or changed size at step {k}"
        view = re.search(r'viewBox="[^"]*"', svg).group()
        assert view == re.search(r'viewBox="[^"]*"', frames[0]).group(), f"resized at step {k}"
    # "not computed yet" is short on the leaf; the whole sentence is its tooltip
    assert "<I>grad: none</I>" in s.goto(0).source
    assert "grad: none (not computed yet)" not in s.source


def test_stepper_steps_x_grad_backward_and_shows_the_accumulation():
    x = minigrad.tensor(2.0).requires_grad_()
    y = minigrad.tensor(3.0).requires_grad_()
    z = x * x * y
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        z.backward(create_graph=True)
        s = BackwardStepper(x.grad)
    last = s.goto(len(s.steps) - 1).source
    assert "<B>x.grad</B>" in last  # the output is named for what it is
    assert "grad: 12.0 + 6.0 = 18.0" in last
    assert x.grad.item() == 12.0  # the learner's tensors are untouched


def test_local_derivatives_on_the_chain_rule_edges():
    x = minigrad.tensor(2.0, requires_grad=True)
    a = minigrad.add(x, 1)
    b = minigrad.add(x, 2)
    y = minigrad.mul(a, b)
    with viz.record() as rec:
        y.backward()
    src = viz.draw_backward(y, recording=rec, show="local").source
    assert "∂y/∂a = b = 4.0" in src and "∂y/∂b = a = 3.0" in src
    assert "∂a/∂x = 1<" in src  # a constant derivative is not repeated as its value
    assert "∂" not in viz.draw_backward(y, recording=rec).source  # only when asked
    with pytest.raises(ValueError, match="show"):
        viz.draw_backward(y, show="everything")


def test_cut_is_drawn_dashed_red():
    w = minigrad.tensor(2.0, requires_grad=True)
    d = w.detach()
    src = viz.draw_forward(d * w).source
    assert re.search(r'style="dashed", color="#CC3311"', src)
    assert "dashed red" in style.__doc__


def test_widget_table_cells_are_padded():
    g = interact_graph(lambda x, w: w * x, x=2.0, w=(-1.0, 1.0))
    assert re.search(r"<th style='padding:[^']+'>input</th>", g.table.value)
    ex = JacobianExplorer(lambda x: x * x, minigrad.tensor([1.0, 2.0]))
    assert re.search(r"<th style='padding:[^']+'>∂/∂x\[0\]</th>", ex.matrix.value)


def test_jacobian_explorer_moves_x():
    x = minigrad.tensor([1.0, 2.0])
    ex = JacobianExplorer(lambda t: t * t, x)
    assert ex.J.tolist() == [[2.0, 0.0], [0.0, 4.0]]
    ex.x_boxes[1].value = 5.0  # the learner types a new x[1]
    assert ex.J.tolist() == [[2.0, 0.0], [0.0, 10.0]]
    assert ex.set_x([3.0, 4.0]).J.tolist() == [[6.0, 0.0], [0.0, 8.0]]
    assert ex.x_grad.tolist() == [6.0, 8.0]  # v = ones: the sum of J's rows
    assert x.tolist() == [1.0, 2.0]  # the learner's x is untouched
    with pytest.raises(ValueError, match="x needs 2"):
        ex.set_x([1.0])
    with pytest.raises(TypeError, match="expects a function f"):
        JacobianExplorer("t * t", x)


def test_max_nodes_elides_with_a_visible_more_node():
    t = minigrad.tensor(1.0, requires_grad=True)
    for _ in range(500):
        t = t * 1.0
    with pytest.raises(viz.GraphTooLarge):  # the default still refuses
        viz.draw_forward(t, max_nodes=20)
    forward = viz.draw_forward(t, max_nodes=20, elide=True).source
    # 501 tensors, 500 ops and 500 numbers in all: those drawn and those left out
    drawn = forward.count("[shape=") - 1
    hidden = int(re.search(r"… (\d+) more nodes", forward).group(1))
    assert drawn <= 21 and drawn + hidden == 1501
    backward = viz.draw_backward(t, max_nodes=20, elide=True).source
    assert re.search(r"… \d+ more nodes", backward)
    assert backward.count("MulBackward0") == 20
    assert "more -> g19" in backward  # the gradient edge into what was left out
