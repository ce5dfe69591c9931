"""A backward stepper on paper and on slides: its steps as an animation or as pages.

    stepper = BackwardStepper(z)
    stepper.save("steps.gif")     # an animated GIF, one frame per step
    stepper.save("steps.png")     # the same as an animated PNG (APNG)
    stepper.save("steps.pdf")     # one page per step, for slides and handouts

Every frame has the same size and scale: the graph keeps one layout for all
the steps (see :mod:`minigrad.viz.steps`), and a caption above it says what
the step did and what the leaves' ``.grad`` are now, in the course language.

A frame is an SVG document (:func:`frame_svgs`): the graph drawn by the
current renderer (``dot`` or ``graphviz-pure``, see :func:`minigrad.viz.renderer`)
under its caption. The animations rasterize it with ``resvg`` (pip package
``resvg-py``, which finds the system's fonts, Chinese ones included); the PDF
keeps it as vector drawing where ``cairosvg`` (and the cairo library) is
there, and falls back to sharp images of the frames elsewhere.

:func:`static_html` is what a page shows without Jupyter: every frame with its
caption, one after the other, which a web page can turn into a player.

>>> import minigrad as torch
>>> from minigrad.widgets import BackwardStepper
>>> w = torch.tensor(2.0, requires_grad=True)
>>> s = BackwardStepper(w * 3)
>>> svgs = frame_svgs(s)
>>> len(svgs) == len(s.steps)
True
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import text as tr
from ..viz import labels, pure, style
from ..viz.render import DotNotFoundError, renderer, run_dot
from ..viz.zoom import MIN_PX, displayed_px
from ._common import svg_markup

CAPTION_PT = 13.0  # the caption's font size (points; the graph's labels are 10 to 12)
LINE_PT = CAPTION_PT * 1.35
PAD_PT = 8.0
MIN_WIDTH_PT = 360.0  # a tiny graph still gets a caption one can read in full
PX = 96 / 72  # CSS pixels per point
FORMATS = ("gif", "png", "apng", "webp", "pdf", "svg")


@dataclass
class Frame:
    """One step, ready to draw: the graph's SVG and the lines of its caption."""

    graph: str  # the renderer's SVG document
    width: float  # the graph's size in points
    height: float
    title: str  # "Step 2 of 4: AccumulateGrad adds ..."
    grads: str  # "w.grad = none yet, b.grad = 1.0"


def _size_pt(svg: str) -> tuple[float, float]:
    head = svg[svg.find("<svg") :]
    head = head[: head.find(">")]
    sizes = []
    for attr in ("width", "height"):
        m = re.search(rf'\s{attr}="([0-9.]+)(pt|px)?"', head)
        if m is None:
            raise ValueError("the renderer's SVG has no width or height")
        value = float(m.group(1))
        sizes.append(value * 0.75 if m.group(2) == "px" else value)
    return sizes[0], sizes[1]


def frames(stepper: Any) -> list[Frame]:
    """The frames of every step of ``stepper`` (a :class:`BackwardStepper`).

    The stepper is moved through its steps to read each one's figure, then put
    back on the step it showed.
    """
    if renderer() == "browser":
        raise DotNotFoundError(
            "Saving a stepper draws each step to a file, which needs `dot` or graphviz-pure "
            "(pip install graphviz-pure); the browser alone cannot."
        )
    shown = stepper.step
    out = []
    last = len(stepper.steps) - 1
    try:
        for k, step in enumerate(stepper.steps):
            stepper.goto(k)
            svg = run_dot(stepper.source).decode("utf-8")
            width, height = _size_pt(svg)
            title = tr("stepper.head", index=step.index, last=last) + step.text
            listed, summary = stepper.leaf_grads_shown(step)
            grads = ", ".join(
                f"{name}.grad = " + (tr("stepper.none_yet") if g is None else labels.short_value(g))
                for name, g in listed
            )
            grads = summary + (tr("modsteps.then") if summary and grads else "") + grads
            out.append(Frame(svg, width, height, title, grads))
    finally:
        stepper.goto(shown)
    return out


# --- captions --------------------------------------------------------------------------
def _is_wide(ch: str) -> bool:
    return ord(ch) >= 0x2E80  # CJK characters and full-width punctuation


def _text_width(text: str) -> float:
    """An estimate of ``text``'s width in ems (a Latin letter about 0.56, a CJK one 1)."""
    return sum(1.0 if _is_wide(c) else 0.56 for c in text)


def wrap(text: str, width_pt: float, size_pt: float = CAPTION_PT) -> list[str]:
    """``text`` in lines no wider than ``width_pt``: at spaces, or between CJK characters.

    >>> wrap("one two three", 60, 13)
    ['one two', 'three']
    """
    ems = width_pt / size_pt
    tokens = re.findall(r"[\u2e80-\uffff]|[^\s\u2e80-\uffff]+|\s+", text)
    lines, line = [], ""
    for tok in tokens:
        if line and _text_width((line + tok).rstrip()) > ems and not tok.isspace():
            lines.append(line.rstrip())
            line = ""
        if not (tok.isspace() and not line):
            line += tok
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


# --- one SVG per frame -------------------------------------------------------------------
def _inner(svg: str) -> tuple[str, str]:
    """(attributes of the root <svg> but its size, and its content) of an SVG document."""
    start = svg.find("<svg")
    head_end = svg.find(">", start)
    head = svg[start + 4 : head_end]
    head = re.sub(r'\s(width|height|x|y)="[^"]*"', "", head)
    body = svg[head_end + 1 : svg.rfind("</svg>")]
    return head, body


def frame_svgs(stepper: Any, scale: float = 1.0) -> list[str]:
    """One SVG document per step, all the same size: the caption above the graph.

    ``scale`` multiplies the natural size (1.0: the graph's points as CSS points).
    """
    fs = frames(stepper)
    width = max(MIN_WIDTH_PT, max(f.width for f in fs))
    text_width = width - 2 * PAD_PT
    captions = [
        [(line, True) for line in wrap(f.title, text_width)]
        + [(line, False) for line in wrap(f.grads, text_width)]
        for f in fs
    ]
    cap_height = PAD_PT + LINE_PT * max(len(c) for c in captions)
    height = cap_height + max(f.height for f in fs)
    family = html.escape(style.font(), quote=True)
    out = []
    for f, caption in zip(fs, captions):
        attrs, body = _inner(f.graph)
        rows = []
        for i, (line, bold) in enumerate(caption):
            y = PAD_PT + LINE_PT * i + CAPTION_PT
            weight = ' font-weight="bold"' if bold else ""
            fill = "#000000" if bold else style.DARK_GREY
            rows.append(
                f'<text x="{PAD_PT}" y="{y:.1f}" font-size="{CAPTION_PT}"{weight} '
                f'fill="{fill}">{html.escape(line)}</text>'
            )
        x = (width - f.width) / 2
        out.append(
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{width * scale * PX:.1f}" height="{height * scale * PX:.1f}" '
            f'viewBox="0 0 {width:.1f} {height:.1f}">\n'
            f'<rect width="{width:.1f}" height="{height:.1f}" fill="white"/>\n'
            f'<g font-family="{family}">{"".join(rows)}</g>\n'
            f'<svg{attrs} x="{x:.1f}" y="{cap_height:.1f}" width="{f.width:.1f}" '
            f'height="{f.height:.1f}">{body}</svg>\n</svg>\n'
        )
    return out


# --- raster and PDF ------------------------------------------------------------------------
def images(stepper: Any, zoom: float = 1.0) -> list[Any]:
    """The frames as Pillow images (RGB), all the same size."""
    return [pure.image(svg, zoom) for svg in frame_svgs(stepper)]


def _vector_pdf(svgs: Sequence[str]) -> bytes | None:
    """One vector page per SVG, or None where cairosvg or its cairo library is missing."""
    try:
        import cairosvg
    except (ImportError, OSError):  # OSError: the cairo library itself is not installed
        return None
    from pypdf import PdfWriter

    writer = PdfWriter()
    for svg in svgs:
        writer.append(io.BytesIO(cairosvg.svg2pdf(bytestring=svg.encode("utf-8"))))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def save(
    stepper: Any,
    path: str | Path,
    *,
    interval: int | None = None,
    zoom: float = 1.0,
    vector: bool = True,
) -> Path:
    """Write ``stepper``'s steps to ``path``; its suffix names the format.

    - ``.gif``, ``.png`` / ``.apng``, ``.webp``: an animation, one frame per step,
      ``interval`` milliseconds each (the stepper's Play speed by default), looping;
    - ``.pdf``: one page per step (vector with cairosvg, else images at twice ``zoom``);
    - ``.svg``: the frames one under the other (a strip for a handout).

    ``zoom`` scales the pictures (1.0: the size they have in Jupyter).
    """
    path = Path(path)
    kind = path.suffix.lower().lstrip(".")
    if kind not in FORMATS:
        raise ValueError(
            f"cannot save a stepper as {path.suffix or 'a file without a suffix'!r}: "
            f"use one of {', '.join('.' + f for f in FORMATS)}"
        )
    if interval is None:
        interval = int(getattr(getattr(stepper, "play", None), "interval", 1200))
    path.parent.mkdir(parents=True, exist_ok=True)
    svgs = frame_svgs(stepper)
    if kind == "svg":
        path.write_text(_strip(svgs), encoding="utf-8")
        return path
    if kind == "pdf":
        pdf = _vector_pdf(svgs) if vector else None
        if pdf is None:
            pages = [pure.image(svg, 2 * zoom) for svg in svgs]
            pages[0].save(path, "PDF", save_all=True, append_images=pages[1:], resolution=144)
        else:
            path.write_bytes(pdf)
        return path
    pictures = [pure.image(svg, zoom) for svg in svgs]
    options: dict[str, Any] = {"save_all": True, "append_images": pictures[1:], "loop": 0}
    options["duration"] = [interval] * len(pictures)
    if kind == "gif":
        # one palette for all frames, so that colours do not flicker from step to step
        from PIL import Image

        palette = pictures[-1].quantize(colors=255, method=Image.Quantize.MEDIANCUT)
        pictures = [p.quantize(palette=palette, dither=Image.Dither.NONE) for p in pictures]
        options["append_images"] = pictures[1:]
        options["disposal"] = 1
        options["optimize"] = False
        pictures[0].save(path, "GIF", **options)
    elif kind == "webp":
        pictures[0].save(path, "WEBP", lossless=True, **options)
    else:
        pictures[0].save(path, "PNG", **options)
    return path


def _strip(svgs: Sequence[str]) -> str:
    """The frames stacked in one SVG document."""
    width, height = (float(v) for v in re.findall(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', svgs[0])[0])
    parts = []
    for k, svg in enumerate(svgs):
        attrs, body = _inner(svg)
        parts.append(
            f'<svg{attrs} x="0" y="{k * height:.1f}" width="{width:.1f}" '
            f'height="{height:.1f}">{body}</svg>'
        )
    total = height * len(svgs)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{width * PX:.1f}" height="{total * PX:.1f}" '
        f'viewBox="0 0 {width:.1f} {total:.1f}">\n' + "\n".join(parts) + "\n</svg>\n"
    )


# --- a page without Jupyter -----------------------------------------------------------------
def legible_markup(svg: str) -> str:
    """:func:`svg_markup` in a frame that scrolls sideways rather than shrink the
    graph's smallest text below 9 px: the static page's zoom frame (a page without a
    kernel has no live one)."""
    markup = svg_markup(svg)
    cap = re.search(r"max-width:([0-9.]+)pt", markup)
    px = displayed_px(svg)  # the smallest text, at the SVG's own size
    if cap is None or not 0 < px < float("inf"):
        return markup
    natural = float(cap.group(1)) * PX
    least = natural * MIN_PX / px  # the width at which that text is MIN_PX
    markup = markup.replace(
        cap.group(0), f"max-width:{max(natural, least):.0f}px;min-width:{least:.0f}px", 1
    )
    return f'<div class="minigrad-stepper-graph" style="overflow-x:auto">{markup}</div>'


def static_html(stepper: Any) -> str:
    """Every step as HTML: a caption and the graph (inline SVG), one after the other.

    This is what the stepper leaves in a notebook for readers without a live
    kernel (a web page, a notebook viewer). The course website turns the
    ``minigrad-stepper-frames`` list into a player (Play, Previous, Next);
    elsewhere it reads as a strip of frames.
    """
    fs = frames(stepper)
    items = []
    for k, f in enumerate(fs):
        items.append(
            f'<li class="minigrad-stepper-frame" data-step="{k}">'
            f'<div class="minigrad-stepper-caption"><b>{html.escape(f.title)}</b><br>'
            f"{html.escape(f.grads)}</div>{legible_markup(f.graph)}</li>"
        )
    note = html.escape(tr("export.live_note"))
    labels_attr = html.escape(
        "|".join(tr(k) for k in ("stepper.play", "stepper.previous", "stepper.next")), quote=True
    )
    return (
        f'<div class="minigrad-stepper-static" data-labels="{labels_attr}">'
        f'<p class="minigrad-stepper-note"><i>{note}</i></p>'
        f'<ol class="minigrad-stepper-frames" style="list-style:none;padding:0">'
        + "".join(items)
        + "</ol></div>"
    )
