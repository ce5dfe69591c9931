"""Drawing without a system graphviz: Chinese labels at the right size and in the right font.

graphviz-pure (the ``dot`` of the pip package) cannot measure a font it was not built
with. Text in "Noto Sans CJK SC" is measured as Times, and each Chinese character as
if it were a few spaces, so the boxes come out too narrow for their labels (about
15% narrower than ``dot`` makes them). Its own PNG, JPEG and PDF are drawn with
built-in fonts that have no Chinese glyphs: every character becomes a box.

So, for graphviz-pure only:

- the layout is done in a font whose built-in widths come close to the CJK font's
  (Verdana: within a few percent of ``dot``'s Noto Sans CJK SC on the course's
  figures), and the SVG is then told the real font again;
- PNG, JPEG and PDF are drawn from that SVG by resvg, which uses the system's fonts
  (the same rasterizer that saves the stepper's animations).

>>> for_layout('node [fontname="Noto Sans CJK SC"]')
('node [fontname="Verdana"]', {'Verdana': 'Noto Sans CJK SC'})
"""

from __future__ import annotations

import io
import re

# the font a label is drawn in -> the font graphviz-pure measures it with
METRICS_STAND_INS = {"Noto Sans CJK SC": "Verdana"}

# resvg finds fonts by name: after the one graphviz names, the usual stand-ins,
# as a browser would find them
FALLBACK_FONTS = "Liberation Sans, Arimo, Arial, DejaVu Sans, Noto Sans CJK SC, sans-serif"

RASTER_FORMATS = ("png", "jpeg", "jpg", "jpe", "pdf")
PDF_DPI = 192  # a PDF page holds the picture drawn at this resolution


def for_layout(source: str) -> tuple[str, dict[str, str]]:
    """``source`` with each font graphviz-pure cannot measure replaced by its stand-in,
    and the replacements made (stand-in -> real font), for :func:`from_layout`."""
    back = {}
    for real, stand_in in METRICS_STAND_INS.items():
        if f'fontname="{real}"' in source:
            source = source.replace(f'fontname="{real}"', f'fontname="{stand_in}"')
            back[stand_in] = real
    return source, back


def from_layout(svg: str, back: dict[str, str]) -> str:
    """The SVG of a layout made by :func:`for_layout`, naming the real fonts again."""
    for stand_in, real in back.items():
        svg = svg.replace(f'font-family="{stand_in}"', f'font-family="{real}"')
    return svg


def _with_fallbacks(svg: str) -> str:
    return re.sub(
        r'font-family="([^",]+)(?:,[^"]*)?"',
        lambda m: f'font-family="{m.group(1)}, {FALLBACK_FONTS}"',
        svg,
    )


def _in_pixels(svg: str) -> str:
    """The root's size in CSS pixels: graphviz writes points, which resvg refuses."""

    def px(m: re.Match) -> str:
        return f'{m.group(1)}="{float(m.group(2)) * 96 / 72:.2f}"'

    head, tag_end = svg.find("<svg"), svg.find(">", svg.find("<svg"))
    root = re.sub(r'\b(width|height)="([0-9.]+)pt"', px, svg[head:tag_end])
    return svg[:head] + root + svg[tag_end:]


def image(svg: str, zoom: float = 1.0):  # -> PIL.Image.Image
    """An RGB Pillow image of ``svg`` on white (``zoom`` 1: 96 pixels per inch, as dot's PNG)."""
    import resvg_py
    from PIL import Image

    svg = _with_fallbacks(_in_pixels(svg))
    png = resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom, background="white")
    return Image.open(io.BytesIO(bytes(png))).convert("RGB")


def rasterize(svg: str, format: str) -> bytes:  # noqa: A002
    """``svg`` drawn as PNG or JPEG (at 96 dpi), or as a one-page PDF (at ``PDF_DPI``)."""
    picture = image(svg, zoom=PDF_DPI / 96 if format == "pdf" else 1.0)
    out = io.BytesIO()
    if format == "pdf":
        picture.save(out, format="PDF", resolution=PDF_DPI)
    else:
        picture.save(out, format="PNG" if format == "png" else "JPEG", quality=92)
    return out.getvalue()
