"""Tests of minigrad.viz: golden DOT files, real rendering, escaping, names,
gradient labels (checked against torch and by hand), the torch input, cuts,
and the missing-``dot`` error.

Regenerate the golden files with ``UPDATE_GOLDEN=1 pytest tests/viz/test_viz.py``
and read every changed file before committing it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import torch as real_torch

import minigrad as torch
from minigrad import viz
from minigrad.viz import labels, render

GOLDEN = Path(__file__).parent / "golden"


def check_golden(name: str, source: str) -> None:
    path = GOLDEN / f"{name}.dot"
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(source)
    assert path.exists(), f"missing golden file {path}; run with UPDATE_GOLDEN=1"
    assert source == path.read_text(), f"{name}: DOT differs from {path}"


def edge_labels(source: str) -> list[tuple[str, str, str]]:
    """``(src, dst, label text)`` for every labelled edge of a DOT source."""
    found = re.findall(r"^\s*(\w+) -> (\w+) \[.*label=<(.*)>\]$", source, re.M)
    return [(a, b, re.sub(r"<[^>]+>", "", text)) for a, b, text in found]


def node_labels(source: str) -> dict[str, str]:
    """``id -> label text`` (markup removed) for every node of a DOT source."""
    found = re.findall(r"^\s*(\w+) \[.*label=<(.*)>\]$", source, re.M)
    return {n: " ".join(re.sub(r"<[^>]+>", " ", text).split()) for n, text in found}


# --- the seed's examples, as golden files --------------------------------------
def linear_example():
    torch.manual_seed(0)
    x = torch.Tensor([2])
    w = torch.randn(1, requires_grad=True)
    b = torch.randn(1, requires_grad=True)
    y = torch.mul(w, x)
    z = torch.add(y, b)
    forward = viz.draw_forward(z)
    with viz.record() as rec:
        z.backward()
    backward = viz.draw_backward(z, recording=rec)
    return forward, backward, (w, b, x)


def test_golden_linear_forward_and_backward():
    forward, backward, _ = linear_example()
    check_golden("viz_linear_forward", forward.source)
    check_golden("viz_linear_backward", backward.source)


def test_golden_quadratic_and_second_derivative():
    x = torch.tensor(2.0, requires_grad=True)
    y = (x + 1) * (x + 2)
    check_golden("viz_quadratic_forward", viz.draw_forward(y).source)
    with viz.record() as rec:
        y.backward()
    check_golden("viz_quadratic_backward", viz.draw_backward(y, recording=rec).source)

    x = torch.tensor(2.0, requires_grad=True)
    v = torch.tensor(3.0, requires_grad=True)
    z = x * x * v
    (dz,) = torch.autograd.grad(z, x, create_graph=True)
    check_golden("viz_second_grad_forward", viz.draw_forward(dz, {dz: "dz/dx"}).source)
    with viz.record() as rec:
        dz.backward()
    fig = viz.draw_backward(dz, {dz: "dz/dx"}, recording=rec, show_saved=True)
    check_golden("viz_second_grad_backward", fig.source)


def test_dot_is_deterministic():
    a, b, _ = linear_example()
    c, d, _ = linear_example()  # new objects, new id()s: same text
    assert a.source == c.source and b.source == d.source
    assert "0x" not in a.source and "0x" not in b.source


# --- what the forward view shows -------------------------------------------------
def test_forward_view_kinds_ops_and_constants():
    src = linear_example()[0].source
    nodes = node_labels(src)
    assert {"x [2.0]", "w [1.541]", "b [-0.2934]", "y [3.082]", "z [2.7886]"} <= set(nodes.values())
    assert "label=<mul>" in src and "label=<add>" in src
    # leaves that require grad, the constant, computed tensors and the root differ
    x_line = next(line for line in src.splitlines() if "<B>x</B>" in line)
    w_line = next(line for line in src.splitlines() if "<B>w</B>" in line)
    y_line = next(line for line in src.splitlines() if "<B>y</B>" in line)
    z_line = next(line for line in src.splitlines() if "<B>z</B>" in line)
    assert len({x_line.split("label")[0], w_line.split("label")[0], y_line.split("label")[0]}) == 3
    assert 'peripheries="2"' in z_line and 'peripheries="2"' not in y_line
    # Python numbers are drawn as small constants
    x = torch.tensor(2.0, requires_grad=True)
    src = viz.draw_forward(x + 1).source
    assert "label=<1>" in src and 'shape="plain"' in src


def test_forward_shapes_and_dtype():
    m = torch.ones(2, 3, dtype=torch.float64, requires_grad=True)
    s = m.sum()
    nodes = node_labels(viz.draw_forward(s).source)
    assert "m shape [2, 3] [1.0, 1.0, 1.0, …] float64" in nodes.values()
    assert "s 6.0 float64" in nodes.values()


def test_cuts_detach_data_and_no_grad():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    d = a.detach()
    dd = a.data
    with viz.trace() as tr:
        with torch.no_grad():
            n = a * 3
    out = (a * d).sum() + (dd * a).sum() + (n * a).sum()
    src = viz.draw_forward(out, trace=tr).source
    cuts = {text for _, _, text in edge_labels(src)}
    assert {"detach()", ".data"} <= cuts
    assert "under no_grad" in src and "op_cut" not in src
    traced_op = re.search(r"^\s*(op\d+) \[.*under no_grad", src, re.M).group(1)
    a_id = re.search(r"^\s*(\w+) \[.*<B>a</B>", src, re.M).group(1)
    into = [line for line in src.splitlines() if line.strip().startswith(f"{a_id} -> {traced_op}")]
    assert into and 'arrowhead="tee"' in into[0]  # a drawn as cut off from the no_grad op
    # without the trace the no_grad result is honestly just a constant
    src = viz.draw_forward(out).source
    assert "under no_grad" not in src and "n shape [2] [3.0, 6.0]" in node_labels(src).values()


# --- the gradient-flow view ------------------------------------------------------
def test_backward_labels_match_hand_calculus():
    _, backward, (w, b, x) = linear_example()
    src = backward.source
    nodes = node_labels(src)
    assert "MulBackward0" in nodes.values() and "AddBackward0" in nodes.values()
    assert sum(v == "AccumulateGrad" for v in nodes.values()) == 2
    # dz/dw = x = 2, dz/db = 1: on the edges and in the leaves
    grads = sorted(text for _, _, text in edge_labels(src) if text != "+=")
    assert grads == ["[1.0]", "[1.0]", "[1.0]", "[2.0]"]
    assert "w [1.541] grad: [2.0]" in nodes.values()
    assert "b [-0.2934] grad: [1.0]" in nodes.values()


def test_fan_out_shows_the_sum_recorded_replayed_and_torch_agree():
    x = torch.tensor(2.0, requires_grad=True)
    y = (x + 1) * (x + 2)
    with viz.record() as rec:
        y.backward(retain_graph=True)
    recorded = viz.draw_backward(y, recording=rec).source
    replayed = viz.draw_backward(y).source  # recomputed from the saved tensors
    assert recorded == replayed
    # dy/dx = (x+2) + (x+1) = 4 + 3
    assert "AccumulateGrad in: 4.0 + 3.0 = 7.0" in node_labels(recorded).values()

    tx = real_torch.tensor(2.0, requires_grad=True)
    ty = (tx + 1) * (tx + 2)
    ty.backward(retain_graph=True)
    from_torch = viz.draw_backward(ty, names={tx: "x", ty: "y"}).source
    assert from_torch == recorded  # same nodes, names, edges and gradients as torch computes


def test_freed_graph_shows_na_and_saved_state():
    x = torch.tensor(2.0, requires_grad=True)
    y = x * x
    before = viz.draw_backward(y, show_saved=True).source
    assert "x = 2.0" in before and "freed" not in before
    y.backward()
    after = viz.draw_backward(y, show_saved=True).source
    assert "saved: freed" in after
    assert "n/a" in {text for _, _, text in edge_labels(after)}
    assert "x 2.0 grad: 4.0" in node_labels(after).values()


def test_grads_before_backward_and_switches():
    x = torch.tensor(2.0, requires_grad=True)
    y = x * 3
    plain = viz.draw_backward(y).source
    assert "x 2.0 grad: None" in node_labels(plain).values()
    assert [t for _, _, t in edge_labels(plain) if t not in ("", "+=")] == []
    forced = viz.draw_backward(y, grads=True).source
    assert "3.0" in {t for _, _, t in edge_labels(forced)}
    assert x.grad is None  # the replay does not touch .grad


def test_broadcast_gradient_is_reduced_on_the_edge():
    b = torch.zeros(2, requires_grad=True)
    x = torch.ones(3, 2)
    s = (x + b).sum()
    with viz.record() as rec:
        s.backward()
    texts = [t for _, _, t in edge_labels(viz.draw_backward(s, recording=rec).source)]
    assert "[3.0, 3.0]" in texts  # the gradient summed over the broadcast dimension
    assert b.grad.tolist() == [3.0, 3.0]


def test_torch_tensor_names_and_edges_match_torch():
    x = real_torch.tensor([2.0])
    w = real_torch.tensor([0.5], requires_grad=True)
    b = real_torch.tensor([0.1], requires_grad=True)
    z = w * x + b
    src = viz.draw_backward(z).source
    nodes = node_labels(src)
    # walk torch ourselves: every grad_fn name and every edge must be in the picture
    expected_nodes, expected_edges, stack, seen = [], [], [z.grad_fn], set()
    while stack:
        fn = stack.pop()
        if fn in seen:
            continue
        seen.add(fn)
        expected_nodes.append(fn.name().split("::")[-1])
        for nxt, _ in fn.next_functions:
            if nxt is not None:
                expected_edges.append((nxt.name().split("::")[-1], fn.name()))
                stack.append(nxt)
    boxes = [v for k, v in nodes.items() if re.fullmatch(r"g\d+", k)]
    assert sorted(boxes) == sorted(expected_nodes)
    # a DOT edge "a -> b [dir=back]" draws the gradient going from b to a
    drawn = [(nodes[a], nodes[b]) for a, b in re.findall(r"^\s*(g\d+) -> (g\d+) ", src, re.M)]
    assert sorted(drawn) == sorted(expected_edges)
    assert "w [0.5] grad: None" in nodes.values()
    assert "torch" in sys.modules


# --- names -------------------------------------------------------------------------
weight = torch.tensor(2.0, requires_grad=True)
_hidden = torch.tensor(5.0, requires_grad=True)


def _draw_global_product():
    return viz.draw_forward(weight * _hidden)  # no locals hold these tensors


def test_names_from_module_globals_ignore_underscores():
    nodes = node_labels(_draw_global_product().source)
    assert "weight 2.0" in nodes.values()
    assert "5.0" in nodes.values()  # _hidden is not used as a name


def test_names_from_locals_override_and_neutral_intermediates():
    def inner():
        speed = torch.tensor(3.0, requires_grad=True)
        time = torch.tensor(4.0)
        distance = speed * time + 1
        return viz.draw_forward(distance), viz.draw_forward(distance, names={speed: "v"})

    found, given = inner()
    assert {"speed 3.0", "time 4.0", "distance 13.0", "12.0"} <= set(
        node_labels(found.source).values()
    )
    assert "v 3.0" in node_labels(given.source).values()
    with pytest.raises(TypeError, match="names="):
        viz.draw_forward(weight * 2, names={"a": "b"})


# --- escaping and rendering ---------------------------------------------------------
HOSTILE = "a<b>&c\"d'\ne]]>\\x\x07"


def test_escaping_hostile_names_renders_to_valid_svg(tmp_path):
    x = torch.tensor([float("nan"), float("inf"), -1e-9], requires_grad=True)
    y = (x * 2).sum()
    y.backward()
    for fig in (
        viz.draw_forward(y, names={x: HOSTILE}, title=HOSTILE),
        viz.draw_backward(y, names={x: HOSTILE}),
        viz.draw(y, names={x: HOSTILE}),
    ):
        svg = fig.render(tmp_path / "h.svg").read_text()
        root = ET.fromstring(svg)
        texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
        assert "a<b>&c\"d'" in texts and "e]]>\\x\\x07" in texts
        assert "nan" in texts and "inf" in texts and "-1.000e-09" in texts
    assert labels.escape("<&>") == "&lt;&amp;&gt;"


def test_render_svg_png_pdf(tmp_path):
    forward, backward, _ = linear_example()
    png = forward.render(tmp_path / "f.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert backward.render(tmp_path / "b", format="pdf").read_bytes()[:5] == b"%PDF-"
    svg = backward.render(tmp_path / "b.svg").read_text()
    assert ET.fromstring(svg).tag.endswith("svg")
    bundle = forward._repr_mimebundle_()
    assert list(bundle) == ["image/svg+xml"] and "<svg" in bundle["image/svg+xml"]
    # every graphviz format, named by the suffix; an unknown suffix is refused
    assert forward.render(tmp_path / "f.gif").read_bytes()[:4] == b"GIF8"
    with pytest.raises(ValueError, match="format"):
        forward.render(tmp_path / "f.xyz")


def test_layout_direction_and_legend():
    forward = linear_example()[0]
    assert 'rankdir="LR"' in forward.source and "leaf (requires_grad)" in forward.source
    x = torch.tensor(1.0, requires_grad=True)
    src = viz.draw_forward(x * 2, rankdir="TB", legend=False).source
    assert 'rankdir="TB"' in src and "leaf (requires_grad)" not in src
    with pytest.raises(ValueError, match="rankdir"):
        viz.draw_forward(x * 2, rankdir="sideways")


def test_missing_dot_has_install_help_and_source_still_works(tmp_path, monkeypatch):
    fig = viz.draw_forward(weight * 2, dot_program=str(tmp_path / "no-such-dot"))
    assert fig.source.startswith("digraph")
    with pytest.raises(viz.DotNotFoundError) as err:
        fig.render(tmp_path / "x.svg")
    message = str(err.value)
    assert isinstance(err.value, RuntimeError)
    for hint in (
        "sudo apt-get install graphviz",
        "brew install graphviz",
        "conda install -c conda-forge graphviz",
    ):
        assert hint in message
    assert "install" in fig._repr_mimebundle_()["text/plain"]
    # and the ordinary path: no dot on the PATH at all, when dot is asked for
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(render, "_choice", "dot")
    with pytest.raises(viz.DotNotFoundError):
        viz.draw_forward(weight * 2).svg()


def test_large_graph_is_refused_quickly():
    t = torch.tensor(1.0, requires_grad=True)
    for _ in range(5000):
        t = t * 1.0
    with pytest.raises(viz.GraphTooLarge, match="max_nodes="):
        viz.draw_forward(t)
    with pytest.raises(viz.GraphTooLarge, match="max_nodes="):
        viz.draw_backward(t, max_nodes=50)
    short = torch.tensor(1.0, requires_grad=True)
    for _ in range(60):
        short = short * 1.0
    assert viz.draw_forward(short, max_nodes=200).source.count("label=<mul>") == 60


def test_twenty_node_graph_renders():
    torch.manual_seed(0)
    x = torch.randn(4, 3)
    W = torch.randn(3, 2, requires_grad=True)
    b = torch.zeros(2, requires_grad=True)
    h = (x @ W + b).relu()
    loss = (h * h).mean() + h.sum() * 0.1
    fig = viz.draw_forward(loss)
    assert 15 <= fig.source.count("label=<") - 1 <= 25
    assert ET.fromstring(fig.svg()).tag.endswith("svg")
    assert "label=<mm>" in fig.source and "label=<relu>" in fig.source


def test_gallery_command(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "minigrad.viz.gallery", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in tmp_path.iterdir())
    for stem in (
        "linear_forward",
        "linear_backward",
        "quadratic_forward",
        "quadratic_backward",
        "second_forward",
        "second_grad_forward",
        "second_grad_backward",
    ):
        assert f"{stem}.svg" in names and f"{stem}.png" in names
    assert (tmp_path / "linear_forward.png").read_bytes()[:4] == b"\x89PNG"
