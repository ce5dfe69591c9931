"""DOT text, and the figure object every ``draw_*`` function returns.

:class:`Dot` collects nodes and edges by *kind* (``"param"``, ``"op"``,
``"grad"``...) and turns them into DOT text with the attributes of
:mod:`minigrad.viz.style`, plus a legend of the kinds that were used.

:class:`Figure` holds that text. Jupyter shows it as SVG; ``.render(path)``
writes SVG, PNG or PDF by running graphviz's ``dot`` program. Without ``dot``
you get :class:`DotNotFoundError` with install instructions, and ``.source``
still works::

    fig = viz.draw_forward(z)
    print(fig.source)          # the DOT text
    fig.render("z.png")        # or format="pdf"
"""

from __future__ import annotations

import os
import shutil
import subprocess
import textwrap
from pathlib import Path
from typing import Any

from . import style
from .labels import escape

DOT_PROGRAM = "dot"  # change (or set MINIGRAD_DOT) to use another graphviz binary
FORMATS = ("svg", "png", "pdf")


class DotNotFoundError(RuntimeError):
    """graphviz's ``dot`` program is not installed (or not on the PATH)."""


class DotError(RuntimeError):
    """``dot`` ran but failed."""


INSTALL_HELP = (
    "Drawing needs the graphviz program 'dot', which was not found{where}. Install it with "
    "one of:\n"
    "  Debian/Ubuntu: sudo apt-get install graphviz\n"
    "  macOS:         brew install graphviz\n"
    "  conda:         conda install -c conda-forge graphviz\n"
    "The DOT text is still available as .source."
)


def _attrs(attrs: dict[str, str]) -> str:
    parts = []
    for k, v in attrs.items():
        if v.startswith("<") and v.endswith(">"):  # an HTML-like label
            parts.append(f"{k}={v}")
        else:
            v = v.replace("\\", "\\\\").replace('"', '\\"')
            parts.append(f'{k}="{v}"')
    return ", ".join(parts)


class Dot:
    """A graph under construction: nodes and edges by kind, written as DOT."""

    def __init__(self, rankdir: str = "LR", title: str = "") -> None:
        if rankdir not in ("LR", "TB", "RL", "BT"):
            raise ValueError(f"rankdir must be 'LR' or 'TB', not {rankdir!r}")
        self.rankdir = rankdir
        self.title = title
        self.lines: list[str] = []
        self.kinds: list[str] = []  # in first-use order, for the legend
        self.notes: list[str] = []

    def _use(self, kind: str) -> None:
        if kind not in self.kinds:
            self.kinds.append(kind)

    def node(self, id: str, kind: str, label: str, **extra: str) -> None:  # noqa: A002
        self._use(kind)
        attrs = dict(style.NODES[kind])
        attrs.update(extra)
        attrs["label"] = label
        self.lines.append(f"  {id} [{_attrs(attrs)}]")

    def edge(self, src: str, dst: str, kind: str = "data", label: str = "", **extra: str) -> None:
        if kind in style.LEGEND:
            self._use(kind)
        attrs = dict(style.EDGES[kind])
        attrs.update(extra)
        if label:
            attrs["label"] = label
        self.lines.append(f"  {src} -> {dst}" + (f" [{_attrs(attrs)}]" if attrs else ""))

    def raw(self, line: str) -> None:
        self.lines.append(line)

    def note(self, text: str) -> None:
        """A line of small print under the figure."""
        if text not in self.notes:
            self.notes.append(text)

    def legend_cells(self, kinds: list[str] | None = None) -> list[str]:
        """One ``swatch | text`` pair of table cells per kind used in the figure."""
        cells = []
        used = kinds if kinds is not None else self.kinds
        for kind in style.LEGEND:  # always in the same order
            if kind not in used:
                continue
            text = escape(style.LEGEND[kind])
            if kind in style.NODES:
                a = style.NODES[kind]
                fill = a.get("fillcolor", "white")
                border = a.get("color", "black")
                swatch = (
                    f'<TD BGCOLOR="{fill}" COLOR="{border}" BORDER="1" WIDTH="18" '
                    f'HEIGHT="12" FIXEDSIZE="TRUE"> </TD>'
                )
            else:
                a = style.EDGES[kind]
                line = "- - -" if "dashed" in a.get("style", "") else "——"
                swatch = f'<TD><FONT COLOR="{a.get("color", "black")}"><B>{line}</B></FONT></TD>'
            cells.append(f'{swatch}<TD ALIGN="LEFT">{text}</TD>')
        return cells

    def caption(self, legend: bool = True, per_row: int = 4) -> str:
        """The figure's caption, drawn under it: title, legend and notes, as one table.

        Being the graph's label, it takes no part in the layout of the nodes.
        """
        cells = self.legend_cells() if legend else []
        width = 2 * min(per_row, len(cells)) or 1
        rows = []
        if self.title:
            rows.append(
                f'<TR><TD COLSPAN="{width}"><FONT POINT-SIZE="12"><B>{escape(self.title)}</B>'
                "</FONT></TD></TR>"
            )
        for k in range(0, len(cells), per_row):
            chunk = cells[k : k + per_row]
            pad = "<TD></TD><TD></TD>" * (width // 2 - len(chunk))
            rows.append("<TR>" + "".join(chunk) + pad + "</TR>")
        for text in self.notes:
            wrapped = '<BR ALIGN="LEFT"/>'.join(escape(line) for line in textwrap.wrap(text, 70))
            rows.append(
                f'<TR><TD COLSPAN="{width}" ALIGN="LEFT"><FONT POINT-SIZE="9" '
                f'COLOR="{style.DARK_GREY}">{wrapped}<BR ALIGN="LEFT"/></FONT></TD></TR>'
            )
        if not rows:
            return ""
        return (
            '<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="3" CELLPADDING="1">'
            + "".join(rows)
            + "</TABLE>>"
        )

    def source(self, legend: bool = True, body: list[str] | None = None) -> str:
        """The DOT text of the whole figure."""
        graph_attrs = dict(style.GRAPH, rankdir=self.rankdir)
        caption = self.caption(legend)
        if caption:
            graph_attrs.update(label=caption, labelloc="b", labeljust="c", fontsize="10")
        lines = ["digraph minigrad {", f"  graph [{_attrs(graph_attrs)}]"]
        lines.append(f"  node [{_attrs(style.NODE)}]")
        lines.append(f"  edge [{_attrs(style.EDGE)}]")
        lines += body if body is not None else self.lines
        return "\n".join(lines) + "\n}\n"


def find_dot(program: str | None = None) -> str:
    """The path of the ``dot`` executable, or :class:`DotNotFoundError`."""
    program = program or os.environ.get("MINIGRAD_DOT") or DOT_PROGRAM
    path = shutil.which(program)
    if path is None:
        where = f" (looked for {program!r} on the PATH)"
        raise DotNotFoundError(INSTALL_HELP.format(where=where))
    return path


def run_dot(source: str, format: str = "svg", program: str | None = None) -> bytes:  # noqa: A002
    """Lay out ``source`` with graphviz and return the image bytes."""
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    exe = find_dot(program)
    try:
        done = subprocess.run(
            [exe, f"-T{format}"], input=source.encode("utf-8"), capture_output=True, timeout=60
        )
    except FileNotFoundError:
        raise DotNotFoundError(INSTALL_HELP.format(where=f" (at {exe!r})")) from None
    except subprocess.TimeoutExpired:
        raise DotError("graphviz took more than 60 s to lay out this graph") from None
    if done.returncode != 0:
        raise DotError(f"dot failed: {done.stderr.decode('utf-8', 'replace').strip()}")
    return done.stdout


class Figure:
    """A drawn graph: shows as SVG in Jupyter, ``.source`` is the DOT text.

    >>> import minigrad as torch
    >>> from minigrad import viz
    >>> x = torch.tensor(2.0, requires_grad=True)
    >>> fig = viz.draw_forward(x * 3, names={x: "x"})
    >>> fig.source.startswith("digraph")
    True
    """

    def __init__(self, source: str, program: str | None = None) -> None:
        self.source = source
        self.program = program  # None: the default ``dot``
        self._svg: str | None = None

    def __repr__(self) -> str:
        return f"<minigrad.viz.Figure: {self.source.count(chr(10))} lines of DOT>"

    def pipe(self, format: str = "svg") -> bytes:  # noqa: A002
        """The rendered image as bytes (``svg``, ``png`` or ``pdf``)."""
        return run_dot(self.source, format, self.program)

    def svg(self) -> str:
        """The SVG text (computed once, then cached)."""
        if self._svg is None:
            self._svg = self.pipe("svg").decode("utf-8")
        return self._svg

    def render(self, path: str | os.PathLike, format: str | None = None) -> Path:  # noqa: A002
        """Write the picture to ``path``; the format comes from ``format`` or the suffix."""
        path = Path(path)
        fmt = format or path.suffix.lstrip(".").lower() or "svg"
        data = self.pipe(fmt)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return path

    # --- Jupyter ------------------------------------------------------------------
    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        try:
            return {"image/svg+xml": self.svg()}
        except DotNotFoundError as err:  # still show something useful
            return {"text/plain": f"{err}\n\n{self.source}"}
