"""The visual grammar of every minigrad picture, in one place.

Colours come from the Okabe-Ito palette, which stays distinguishable with the
common forms of colour blindness. Colour is never the only cue: shape, border
and line style say the same thing.

========================  ===========================================  =====================
what                      how it is drawn                               legend entry
========================  ===========================================  =====================
leaf, requires grad       sky-blue ellipse, thick border                ``leaf (requires_grad)``
constant (no grad)        white ellipse, grey border and text           ``constant (no grad)``
computed tensor           orange ellipse                                ``computed (has grad_fn)``
root (what you draw)      orange ellipse with a double border           ``output``
Python number             small grey text, no border                    (self-explanatory)
operator (forward)        light-grey box named by the op: ``mul``       ``operator``
grad_fn node (backward)   light-grey box with torch's name              ``grad_fn node``
AccumulateGrad            bluish-green box                              ``AccumulateGrad``
gradient on an edge       blue text next to the arrow                   ``gradient``
cut (detach/.data/no_grad) dashed red line, flat ``tee`` head          ``cut``
saved tensor              small reddish-purple note, dotted link        ``saved for backward``
freed saved tensors       grey dashed note "freed"                      ``freed``
left out (``elide=True``) grey dashed box "… N more nodes"              (self-explanatory)
repeated (collapse=True)  grey box, double border: ``×N``, its ops    ``×N: a block repeated …``
========================  ===========================================  =====================

In the gradient-flow view the arrows point the way gradients travel (from the
output back to the leaves), while the layout stays the same as the forward
view, so the two pictures can be read side by side.
"""

from __future__ import annotations

from ..i18n import Section, text

# Okabe-Ito palette
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
RED = "#CC3311"  # a clear red for cuts (Paul Tol's vibrant red: not an Okabe-Ito colour)
REDDISH_PURPLE = "#CC79A7"
GREY = "#999999"
DARK_GREY = "#555555"
LIGHT_GREY = "#EEEEEE"
PALE_ORANGE = "#F5CF80"  # ORANGE mixed with white, so black text stays legible
PALE_SKY = "#A9D9F4"  # SKY_BLUE mixed with white
PALE_GREEN = "#7FCEB9"  # BLUISH_GREEN mixed with white
PALE_PURPLE = "#E5BCD3"  # REDDISH_PURPLE mixed with white

FONT = "Helvetica"


def font() -> str:
    """The font of the labels in the current language: ``FONT``, or for Chinese a CJK font
    that has the glyphs (catalogue key ``style.font``: "Noto Sans CJK SC", Debian's
    fonts-noto-cjk, conda-forge's font-ttf-noto-cjk), so no character is drawn as a box."""
    return text("style.font")


# For a viewer without the CJK font the figure was laid out with: the fonts that
# macOS and Windows have, then the browser's default.
CJK_FALLBACKS = ("PingFang SC", "Microsoft YaHei", "sans-serif")


def with_font_fallbacks(svg: str) -> str:
    """``svg`` with the fallbacks of ``CJK_FALLBACKS`` after a CJK font it names
    (graphviz writes only the font it laid the text out with).

    >>> with_font_fallbacks('<text font-family="Noto Sans CJK SC">')
    '<text font-family="Noto Sans CJK SC,PingFang SC,Microsoft YaHei,sans-serif">'
    """
    import re

    extra = ",".join(CJK_FALLBACKS)
    return re.sub(r'font-family="([^",]*CJK[^",]*)"', rf'font-family="\1,{extra}"', svg)


GRAPH = {
    "fontname": FONT,
    "fontsize": "12",
    "nodesep": "0.3",
    "ranksep": "0.35",
    "bgcolor": "white",
    "pad": "0.15",
    # never wider than this (inches): a bigger drawing is scaled down to fit an
    # output area next to JupyterLab's file browser, instead of being cut off
    "size": "9.4,1000",
}

# The width (points) a left-to-right layout may take before a long graph is
# drawn top to bottom instead (see :mod:`minigrad.viz.layout`)
FIT_WIDTH = 640.0
NODE = {"fontname": FONT, "fontsize": "12", "style": "filled", "penwidth": "1"}
EDGE = {"fontname": FONT, "fontsize": "10", "arrowsize": "0.7", "color": "#333333"}

# node kind -> DOT attributes
NODES: dict[str, dict[str, str]] = {
    "param": {"shape": "ellipse", "fillcolor": PALE_SKY, "color": BLUE, "penwidth": "2"},
    "const": {"shape": "ellipse", "fillcolor": "white", "color": GREY, "fontcolor": DARK_GREY},
    "computed": {"shape": "ellipse", "fillcolor": PALE_ORANGE, "color": "#8A5F00"},
    "root": {
        "shape": "ellipse",
        "fillcolor": PALE_ORANGE,
        "color": "#8A5F00",
        "peripheries": "2",
    },
    "number": {"shape": "plain", "style": "", "fontcolor": DARK_GREY, "fontsize": "10"},
    "op": {"shape": "box", "fillcolor": LIGHT_GREY, "color": "#333333", "style": "filled,rounded"},
    "op_cut": {
        "shape": "box",
        "fillcolor": "white",
        "color": RED,
        "style": "filled,rounded,dashed",
        "fontcolor": RED,
    },
    "grad_fn": {"shape": "box", "fillcolor": LIGHT_GREY, "color": "#333333"},
    "accumulate": {"shape": "box", "fillcolor": PALE_GREEN, "color": "#005F45"},
    "saved": {
        "shape": "note",
        "fillcolor": PALE_PURPLE,
        "color": REDDISH_PURPLE,
        "fontsize": "10",
    },
    "more": {
        "shape": "box",
        "fillcolor": "white",
        "color": GREY,
        "style": "filled,dashed,rounded",
        "fontcolor": DARK_GREY,
    },
    "fold": {
        "shape": "box",
        "fillcolor": LIGHT_GREY,
        "color": "#333333",
        "style": "filled,rounded",
        "peripheries": "2",
    },
    "freed": {
        "shape": "note",
        "fillcolor": "white",
        "color": GREY,
        "style": "filled,dashed",
        "fontcolor": DARK_GREY,
        "fontsize": "10",
    },
}

# edge kind -> DOT attributes
EDGES: dict[str, dict[str, str]] = {
    "data": {},
    "number": {"color": GREY, "arrowsize": "0.5"},
    "cut": {
        "style": "dashed",
        "color": RED,
        "fontcolor": RED,
        "arrowhead": "tee",
        "penwidth": "1.5",
    },
    # gradient edges are laid out in forward direction and drawn backwards
    "grad": {"dir": "back", "color": BLUE, "fontcolor": BLUE},
    "grad_none": {"dir": "back", "color": GREY, "fontcolor": DARK_GREY, "style": "dashed"},
    "accumulate": {"dir": "back", "color": BLUISH_GREEN, "fontcolor": BLUE},
    "saved": {"style": "dotted", "color": REDDISH_PURPLE, "arrowhead": "none"},
    "freed": {"style": "dotted", "color": GREY, "arrowhead": "none"},
}

# legend entries: node or edge kind -> text (shown only for kinds in the figure)
# (the texts live in the catalogues minigrad/i18n/<language>.py, keys "legend.<kind>")
LEGEND = Section("legend.")

# How many values a tensor label shows before "…"
MAX_VALUES = 3
# A tensor with more elements than this is big: its label shows BIG_VALUES values
BIG = 8
BIG_VALUES = 2
