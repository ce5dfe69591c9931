"""Tests of how figures are drawn: the graphviz package's conventions, the
choice of renderer, and drawing files on a machine without graphviz's ``dot``.

The no-``dot`` tests run a Python process whose PATH holds no ``dot`` at all
(see ``tests/nodot.py``): minigrad then draws with the pip package
``graphviz-pure``.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import graphviz
import pytest

import minigrad as torch
from minigrad import viz
from minigrad.viz import render

from ..nodot import path_without_dot

ROOT = Path(__file__).resolve().parents[2]
SVG_TEXT = "{http://www.w3.org/2000/svg}text"


def svg_texts(svg: str | bytes) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(SVG_TEXT)]


def linear():
    x = torch.tensor([2.0])
    w = torch.tensor([0.5], requires_grad=True)
    b = torch.tensor([0.1], requires_grad=True)
    z = w * x + b
    z.backward()
    return viz.draw(z, names={x: "x", w: "w", b: "b", z: "z"})


@pytest.fixture
def renderer_choice():
    """Set a renderer for one test, and put the old choice back after it."""
    saved = render._choice
    yield viz.set_renderer
    render._choice = saved


# --- the graphviz package's conventions ---------------------------------------------
def test_a_figure_is_a_graphviz_source(tmp_path):
    fig = linear()
    assert isinstance(fig, graphviz.Source)
    assert fig.pipe(format="svg")[:5] in (b"<?xml", b"<svg ")
    assert fig.pipe(format="svg", encoding="utf-8").lstrip().startswith("<")
    assert fig.copy().source == fig.source and isinstance(fig.copy(), viz.Figure)
    # graphviz's render: the DOT text goes to "z", the picture to "z.png"
    out = fig.render(tmp_path / "z", format="png")
    assert out == tmp_path / "z.png" and out.read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "z").read_text() == fig.source
    # a suffix naming a format writes that file alone
    svg = fig.render(tmp_path / "pic" / "y.svg")
    assert svg == tmp_path / "pic" / "y.svg" and sorted(os.listdir(svg.parent)) == ["y.svg"]
    assert fig.render(outfile=tmp_path / "o.pdf").read_bytes()[:5] == b"%PDF-"
    assert fig.pipe(format="json")[:1] == b"{"
    flat = fig.unflatten(stagger=2)
    assert isinstance(flat, viz.Figure) and flat.source.startswith("digraph")
    assert "<svg" in flat.svg()


def test_backslashes_in_names_are_not_graphviz_escapes():
    a = torch.tensor(1.0, requires_grad=True)
    texts = svg_texts(viz.draw_forward(a * 2, names={a: "\\G\\N"}).svg())
    assert "\\G\\N" in texts and "minigrad" not in " ".join(texts)


def test_huge_names_and_characters_xml_forbids_still_draw():
    a = torch.tensor(1.0, requires_grad=True)
    b = torch.tensor(2.0, requires_grad=True)
    fig = viz.draw_forward(a * b, names={a: "n" * 20_000, b: "x\ufffey\uffffz\ud800"})
    texts = svg_texts(fig.svg())
    assert "x\ufffdy\ufffdz\ufffd" in texts
    assert any(t.startswith("nnnn") and t.endswith("…") for t in texts)


def test_a_layout_error_shows_as_a_message_with_the_dot_text():
    fig = viz.Figure("digraph { a -> }\n")
    with pytest.raises(viz.DotError, match="syntax error"):
        fig.svg()
    bundle = fig._repr_mimebundle_()
    assert list(bundle) == ["text/plain"]
    assert "syntax error" in bundle["text/plain"] and "digraph { a -> }" in bundle["text/plain"]


# --- choosing the renderer ----------------------------------------------------------
def test_renderer_is_visible_and_chosen(renderer_choice):
    assert viz.renderer() == "dot"  # dot is installed where these tests run
    renderer_choice("graphviz-pure")
    assert viz.renderer() == "graphviz-pure"
    assert "graphviz-pure" in linear().svg()  # its SVG says who drew it
    with pytest.raises(ValueError, match="renderer must be one of"):
        viz.set_renderer("cairo")


def test_dot_and_graphviz_pure_draw_the_same_labels(renderer_choice):
    fig = linear()
    by_dot = svg_texts(fig.svg())
    renderer_choice("graphviz-pure")
    by_pure = svg_texts(linear().svg())
    assert sorted(by_dot) == sorted(by_pure)
    for label in ("mul", "add", "MulBackward0", "AddBackward0", "AccumulateGrad", "w", "z"):
        assert label in by_pure


def test_graphviz_pure_writes_a_pdf(renderer_choice, tmp_path):
    import pypdf

    renderer_choice("graphviz-pure")
    fig = linear()
    pdf = fig.render(tmp_path / "f.pdf")
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) == 1
    # the page is the picture's size in points, as dot's PDF is
    width, height = (float(v.rstrip("pt")) for v in svg_size(fig.svg()))
    box = reader.pages[0].mediabox
    assert abs(float(box.width) - width) < 2 and abs(float(box.height) - height) < 2


def svg_size(svg: str) -> tuple[str, str]:
    root = ET.fromstring(svg)
    return root.get("width"), root.get("height")


def one_node(label: str):
    font = 'fontname="Noto Sans CJK SC"'
    return viz.Figure(f'digraph {{ node [{font} shape=box] a [label="{label}"] }}')


@pytest.mark.parametrize("fmt", ["png", "jpeg", "pdf"])
def test_graphviz_pure_draws_chinese_characters_not_boxes(renderer_choice, fmt):
    # A font without the glyphs draws every character as the same box: two labels of
    # four characters would then be the same picture.
    renderer_choice("graphviz-pure")
    first, second = one_node("梯度函数").pipe(format=fmt), one_node("叶子节点").pipe(format=fmt)
    if fmt == "pdf":
        import pypdf

        first, second = (
            pypdf.PdfReader(io.BytesIO(b)).pages[0].images[0].data for b in (first, second)
        )
    from PIL import Image, ImageChops

    a, b = (Image.open(io.BytesIO(x)).convert("L") for x in (first, second))
    assert a.size == b.size
    diff = ImageChops.difference(a, b).point(lambda v: 255 if v > 64 else 0)
    assert diff.getbbox() is not None and sum(diff.histogram()[255:]) > 50


@pytest.fixture
def chinese():
    torch.set_language("zh")
    yield
    torch.set_language("en")


def test_graphviz_pure_lays_chinese_labels_out_as_wide_as_dot(renderer_choice, chinese):
    x = torch.tensor(2.0, requires_grad=True)
    y = (x * 3).tanh() + x
    by_dot = viz.draw_backward(y).svg()
    renderer_choice("graphviz-pure")
    by_pure = viz.draw_backward(y).svg()
    ratio = float(svg_size(by_pure)[0].rstrip("pt")) / float(svg_size(by_dot)[0].rstrip("pt"))
    assert 0.97 <= ratio <= 1.15, ratio
    # laid out with a stand-in's widths, drawn in the real font
    assert 'font-family="Noto Sans CJK SC' in by_pure and "Verdana" not in by_pure


def test_browser_renderer_shows_a_widget_and_files_say_how_to_install(renderer_choice, tmp_path):
    renderer_choice("browser")
    fig = linear()
    bundle = fig._repr_mimebundle_()
    view = bundle["application/vnd.jupyter.widget-view+json"]
    assert view["model_id"]
    with pytest.raises(viz.DotNotFoundError, match="pip install graphviz-pure"):
        fig.render(tmp_path / "f.svg")


# --- no dot on the machine ----------------------------------------------------------
NO_DOT_SCRIPT = textwrap.dedent(
    """
    import json, shutil, sys
    from pathlib import Path
    import minigrad as torch
    from minigrad import viz
    from minigrad.widgets import BackwardStepper

    out = Path(sys.argv[1])
    x = torch.tensor([2.0])
    w = torch.tensor([0.5], requires_grad=True)
    b = torch.tensor([0.1], requires_grad=True)
    z = w * x + b
    z.backward()
    fig = viz.draw(z)
    files = {f: str(fig.render(out / f"z.{f}")) for f in ("svg", "png", "pdf")}
    files["gv"] = str(fig.render(out / "y", format="png"))
    stepper = BackwardStepper(w * x + b)
    print(json.dumps({
        "dot": shutil.which("dot"),
        "renderer": viz.renderer(),
        "files": files,
        "bundle": list(fig._repr_mimebundle_()),
        "stepper": stepper.svg is not None and "<svg" in stepper.svg,
    }))
    """
)


def test_files_and_widgets_without_a_system_dot(tmp_path):
    env = dict(os.environ, PATH=path_without_dot(tmp_path / "bin"))
    env.pop("MINIGRAD_RENDERER", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", NO_DOT_SCRIPT, str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["dot"] is None and seen["renderer"] == "graphviz-pure"
    assert seen["bundle"] == ["image/svg+xml"] and seen["stepper"]
    svg = Path(seen["files"]["svg"]).read_text(encoding="utf-8")
    assert "graphviz-pure" in svg
    assert {"w", "x", "b", "mul", "add", "MulBackward0", "AccumulateGrad"} <= set(svg_texts(svg))
    assert Path(seen["files"]["png"]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert Path(seen["files"]["pdf"]).read_bytes()[:5] == b"%PDF-"
    assert seen["files"]["gv"] == str(tmp_path / "y.png")


# --- one dot process for many pictures ---------------------------------------------
def test_pictures_from_the_running_dot_are_byte_for_byte_a_single_runs():
    from minigrad.viz import render

    x = torch.tensor([0.5, -1.0], requires_grad=True)
    w = torch.tensor(1.5, requires_grad=True)
    z = (torch.tanh(x * w) * 2).sum()
    sources = [viz.draw_forward(z).source, viz.draw_backward(z).source]
    sources.append(viz.draw_forward(x * w, names={x: "x", w: "w"}).source)
    for source in sources * 2:  # the second round comes from a dot that drew before
        assert render.run_dot(source) == viz.Figure(source).pipe("svg")
    assert viz.draw_backward(z).svg() == viz.Figure(sources[1]).pipe("svg", encoding="utf-8")
    assert (render.find_dot(), os.getpid()) in render._servers
    neato = viz.Figure(sources[0], engine="neato")  # another engine: a run of its own
    assert neato.svg() == viz.Figure(sources[0], engine="neato").pipe("svg", encoding="utf-8")


def test_the_running_dot_falls_back_on_errors_and_goes_on():
    from minigrad.viz import render

    good = viz.draw_forward(torch.tensor(2.0, requires_grad=True) * 3).source
    expected = viz.Figure(good).pipe("svg")
    assert render.run_dot(good) == expected
    with pytest.raises(viz.DotError, match="syntax error"):
        render.run_dot("digraph minigrad {\n  a ->\n}\n")  # this dot stops: the next starts anew
    assert render.run_dot(good) == expected
    server = render._servers[(render.find_dot(), os.getpid())]
    with pytest.raises(viz.DotError, match="syntax error"):
        render.run_dot("digraph { a -> }\n")  # not minigrad's: one run of its own
    assert render.run_dot(good) == expected
    assert render._servers[(render.find_dot(), os.getpid())] is server  # the same dot went on
