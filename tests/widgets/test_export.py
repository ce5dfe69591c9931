"""A stepper saved for slides: one animation frame or one PDF page per step.

Each export is made with both renderers (graphviz's ``dot`` and the pip
package graphviz-pure) and in both languages, and read back with Pillow and
pypdf: as many frames and pages as the stepper has steps, all the same size,
each with its own caption.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

import minigrad
from minigrad import viz
from minigrad.i18n import language
from minigrad.i18n import text as tr
from minigrad.viz.render import DotNotFoundError
from minigrad.widgets import BackwardStepper, export


@pytest.fixture(params=["dot", "graphviz-pure"])
def renderer(request):
    viz.set_renderer(request.param)
    assert viz.renderer() == request.param  # both must really be there
    yield request.param
    viz.set_renderer("auto")


@pytest.fixture(params=["en", "zh"])
def lang(request):
    with language(request.param):
        yield request.param


def seed_stepper() -> BackwardStepper:
    """The textbook's z = w*x + b: a start and four nodes."""
    x = minigrad.Tensor([2.0])
    w = minigrad.tensor([0.5], requires_grad=True)
    b = minigrad.tensor([0.1], requires_grad=True)
    return BackwardStepper(w * x + b, names={w: "w", b: "b"})


def fan_out_stepper() -> BackwardStepper:
    """x used twice, so a node sums two gradients: more steps, longer captions."""
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x + x.exp()).sum()
    return BackwardStepper(y, names={x: "x"})


def gif_frames(path) -> list[Image.Image]:
    im = Image.open(path)
    out = []
    for k in range(im.n_frames):
        im.seek(k)
        out.append(im.convert("RGB"))
    return out


@pytest.mark.parametrize("make", [seed_stepper, fan_out_stepper])
def test_gif_has_one_frame_per_step_all_the_same_size(tmp_path, renderer, lang, make):
    s = make()
    s.goto(1)
    out = s.save(tmp_path / "steps.gif")
    assert out == tmp_path / "steps.gif"
    frames = gif_frames(out)
    assert len(frames) == len(s.steps)
    assert len({f.size for f in frames}) == 1
    width, height = frames[0].size
    assert width >= 360 and height >= 150
    # every step looks different from the one before (the running node moves on)
    pixels = [np.asarray(f, dtype=np.int16) for f in frames]
    for a, b in zip(pixels, pixels[1:]):
        assert np.abs(a - b).max() > 0
    assert s.step == 1  # the stepper is back where the learner left it


def test_each_frame_has_a_caption_with_its_step_and_the_grads(renderer, lang):
    s = seed_stepper()
    frames = export.frames(s)
    last = len(s.steps) - 1
    for k, f in enumerate(frames):
        assert f.title.startswith(tr("stepper.head", index=k, last=last))
        assert s.steps[k].text in f.title
    assert f"b.grad = {tr('stepper.none_yet')}" in frames[0].grads
    assert "w.grad = [2.0]" in frames[-1].grads  # dz/dw = x
    # the caption is drawn inside the frame, above the graph: ink in the top rows
    image = export.images(s)[2]
    top = np.asarray(image)[:20]
    assert (top < 128).any()


def test_caption_lines_fit_the_frame():
    text = "MulBackward0 receives [1.0] and sends [2.0], None to its inputs. " * 3
    lines = export.wrap(text, 300)
    assert len(lines) > 2 and " ".join(lines) == " ".join(text.split())
    assert all(export._text_width(line) * export.CAPTION_PT <= 300 for line in lines)
    zh = "MulBackward0 收到 [1.0]，并把 [2.0], None 传给它的输入。它保存的值已被释放。" * 2
    lines = export.wrap(zh, 300)
    assert len(lines) > 1 and "".join(lines).replace(" ", "") == zh.replace(" ", "")
    assert all(export._text_width(line) * export.CAPTION_PT <= 300 for line in lines)


def test_pdf_has_one_page_per_step(tmp_path, renderer, lang):
    s = fan_out_stepper()
    reader = PdfReader(s.save(tmp_path / "steps.pdf"))
    assert len(reader.pages) == len(s.steps)
    sizes = {(round(p.mediabox.width), round(p.mediabox.height)) for p in reader.pages}
    assert len(sizes) == 1
    # vector pages: the captions are text in the PDF, not pictures of text
    last = len(s.steps) - 1
    for k, page in enumerate(reader.pages):
        head = tr("stepper.head", index=k, last=last).strip()
        assert re.sub(r"\s", "", head) in re.sub(r"\s", "", page.extract_text())


def test_pdf_without_cairo_has_image_pages(tmp_path):
    s = seed_stepper()
    reader = PdfReader(s.save(tmp_path / "steps.pdf", vector=False))
    assert len(reader.pages) == len(s.steps)
    assert all(page.images for page in reader.pages)


def test_apng_and_svg(tmp_path, renderer):
    s = seed_stepper()
    png = Image.open(s.save(tmp_path / "steps.png"))
    assert png.format == "PNG" and png.n_frames == len(s.steps)
    svg = s.save(tmp_path / "steps.svg").read_text(encoding="utf-8")
    assert svg.count('<g id="graph0"') == len(s.steps)


def test_unknown_format_and_no_renderer(tmp_path):
    s = seed_stepper()
    with pytest.raises(ValueError, match="cannot save a stepper as '.jpg'"):
        s.save(tmp_path / "steps.jpg")
    viz.set_renderer("browser")
    try:
        with pytest.raises(DotNotFoundError, match="graphviz-pure"):
            s.save(tmp_path / "steps.gif")
    finally:
        viz.set_renderer("auto")
    assert not (tmp_path / "steps.gif").exists()


def test_notebook_output_carries_every_frame_for_static_pages(lang):
    s = fan_out_stepper()
    bundle = s._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    page = bundle["text/html"]
    assert page.count('class="minigrad-stepper-frame"') == len(s.steps)
    assert page.count("<svg") == len(s.steps)
    assert tr("export.live_note") in page.replace("&#x27;", "'")
    assert "<script" not in page  # notebook viewers drop scripts: the strip reads without


def test_no_static_html_when_only_the_browser_draws():
    s = seed_stepper()
    viz.set_renderer("browser")
    try:
        bundle = s._repr_mimebundle_()
    finally:
        viz.set_renderer("auto")
    assert "text/html" not in bundle


def test_a_backward_that_fails_ends_on_its_error_frame(tmp_path, renderer):
    x = minigrad.tensor(2.0, requires_grad=True)
    y = x * x
    y.backward()  # the graph is freed: stepping through it again fails
    s = BackwardStepper(y, names={x: "x"})
    assert s.steps[-1].kind == "error"
    frames = gif_frames(s.save(tmp_path / "steps.gif"))
    assert len(frames) == len(s.steps) and len({f.size for f in frames}) == 1
    assert "RuntimeError" in export.frames(s)[-1].title
    assert len(PdfReader(s.save(tmp_path / "steps.pdf")).pages) == len(s.steps)


def test_a_static_frame_scrolls_rather_than_shrink_its_text_below_9px():
    # a wide graph: 24 leaves summed, drawn left to right
    leaves = [minigrad.tensor(float(k), requires_grad=True) for k in range(24)]
    total = leaves[0] * 1.5
    for leaf in leaves[1:]:
        total = total + leaf * 1.5
    page = BackwardStepper(total, max_nodes=200)._static_html()
    frames = re.findall(r'<div class="minigrad-stepper-graph"[^>]*>(<svg.*?</svg>)', page, re.S)
    assert frames
    for svg in frames:
        least = float(re.search(r"min-width:([0-9.]+)px", svg).group(1))
        view = float(re.search(r'viewBox="[-0-9. ]*? [-0-9.]+ ([0-9.]+) ', svg).group(1))
        scale = re.search(r'class="graph" transform="scale\(([0-9.]+)', svg)
        fonts = [float(f) for f in re.findall(r'font-size="([0-9.]+)"', svg)]
        # shown at its narrowest, the smallest text is 9 px (within rounding)
        smallest = min(fonts) * (float(scale.group(1)) if scale else 1.0) * least / view
        assert smallest >= 9 - 0.05
