"""Two (or more) figures next to each other, e.g. minigrad's and torch's graph of the
same code::

    viz.side_by_side(viz.draw_forward(z_minigrad), viz.draw_forward(z_torch),
                     titles=["minigrad", "torch"])

Each figure keeps its own SVG; in a notebook they share the output's width
(each shrinks to its share, never grows past its natural size).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any


class SideBySide:
    """Figures in one row; shows itself as HTML in Jupyter.

    >>> import minigrad as torch
    >>> from minigrad import viz
    >>> a = torch.tensor(2.0, requires_grad=True)
    >>> row = viz.side_by_side(viz.draw_forward(a * 3), viz.draw_backward(a * 3))
    >>> row._repr_html_().count("<svg")
    2
    """

    def __init__(self, figures: Sequence[Any], titles: Sequence[str] | None = None) -> None:
        if titles is not None and len(titles) != len(figures):
            raise ValueError(f"{len(figures)} figures but {len(titles)} titles")
        self.figures = list(figures)
        self.titles = list(titles) if titles is not None else [""] * len(self.figures)

    def __repr__(self) -> str:
        return f"<side_by_side: {len(self.figures)} figures>"

    def _repr_html_(self) -> str:
        cells = []
        for fig, title in zip(self.figures, self.titles):
            svg = fig.svg()
            svg = svg[svg.find("<svg") :]
            # fit the column, never past the natural size: the width becomes a maximum
            head, rest = svg.split(">", 1)
            natural = re.search(r'\swidth="([^"]*)"', head)
            for attr in ("width", "height"):
                head = re.sub(rf'\s{attr}="[^"]*"', "", head, count=1)
            limit = natural.group(1) if natural else "100%"
            svg = head + f' style="width:100%;max-width:{limit};height:auto">' + rest
            caption = f"<div style='font-weight:bold;margin:4px 0'>{html.escape(title)}</div>"
            cells.append(
                f"<div style='flex:1 1 0;min-width:0'>{caption if title else ''}{svg}</div>"
            )
        return f"<div style='display:flex;gap:16px;align-items:flex-start'>{''.join(cells)}</div>"


def side_by_side(*figures: Any, titles: Sequence[str] | None = None) -> SideBySide:
    """Show ``figures`` in one row (``titles``: a caption above each)."""
    return SideBySide(figures, titles)
