"""DOT text, and the figure object every ``draw_*`` function returns.

:class:`Dot` collects nodes and edges by *kind* (``"param"``, ``"op"``,
``"grad"``...) and turns them into DOT text with the attributes of
:mod:`minigrad.viz.style`, plus a legend of the kinds that were used.

:class:`Figure` is a :class:`graphviz.Source`: ``.source``, ``.pipe()``,
``.render()``, ``.view()`` and the Jupyter display work as the ``graphviz``
package documents them. minigrad only chooses *which program* lays the graph
out (see :func:`set_renderer`):

- ``"dot"``: graphviz's own ``dot`` program, when it is installed;
- ``"graphviz-pure"``: the ``dot``-compatible program of the pip package
  ``graphviz-pure``, for machines without a system graphviz;
- ``"browser"``: in Jupyter, the graph is laid out in the browser by a
  WebAssembly build of graphviz (the pip package ``graphviz-anywidget``).

``"auto"`` (the default) takes the first of these that is there::

    fig = viz.draw_forward(z)
    print(fig.source)                 # the DOT text
    fig.render("z.png")               # the suffix names the format
    fig.render("z", format="pdf")     # graphviz's way: writes z (DOT) and z.pdf
    viz.renderer()                    # 'dot', 'graphviz-pure' or 'browser'
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sysconfig
import textwrap
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import graphviz
from graphviz.backend import dot_command, piping, rendering

from . import pure, style
from .labels import escape

DOT_PROGRAM = "dot"  # change (or set MINIGRAD_DOT) to use another graphviz binary
PURE_PROGRAM = "graphviz-pure"  # the command of the pip package graphviz-pure
RENDERERS = ("auto", "dot", "graphviz-pure", "browser")


class DotNotFoundError(RuntimeError):
    """No program to lay the graph out: neither ``dot`` nor ``graphviz-pure``."""


class DotError(RuntimeError):
    """The layout program ran but failed."""


INSTALL_HELP = (
    "Drawing to a file needs a graphviz program, and none was found{where}. "
    "Install one with:\n"
    "  any system:    pip install graphviz-pure\n"
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
            width = 38 if any(ord(c) > 0x2E80 for c in text) else 70  # CJK is twice as wide
            lines = textwrap.wrap(text, width, break_long_words=False)  # (a name stays whole)
            wrapped = '<BR ALIGN="LEFT"/>'.join(escape(line) for line in lines)
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
        font = style.font()
        graph_attrs = dict(style.GRAPH, rankdir=self.rankdir, fontname=font)
        caption = self.caption(legend)
        if caption:
            graph_attrs.update(label=caption, labelloc="b", labeljust="c", fontsize="10")
        lines = ["digraph minigrad {", f"  graph [{_attrs(graph_attrs)}]"]
        lines.append(f"  node [{_attrs(dict(style.NODE, fontname=font))}]")
        lines.append(f"  edge [{_attrs(dict(style.EDGE, fontname=font))}]")
        lines += body if body is not None else self.lines
        return "\n".join(lines) + "\n}\n"


# --- which program draws ------------------------------------------------------------
# MINIGRAD_RENDERER sets the starting choice (tests use it to force one renderer).
_choice = os.environ.get("MINIGRAD_RENDERER", "auto")
if _choice not in RENDERERS:
    _wrong = f"MINIGRAD_RENDERER={_choice!r} is none of {RENDERERS}: using 'auto'"
    warnings.warn(_wrong, stacklevel=2)
    _choice = "auto"


def set_renderer(name: str) -> None:
    """Choose who lays graphs out: ``"auto"``, ``"dot"``, ``"graphviz-pure"`` or ``"browser"``.

    >>> from minigrad import viz
    >>> viz.set_renderer("auto")      # the system dot, else graphviz-pure, else the browser
    """
    global _choice
    if name not in RENDERERS:
        raise ValueError(f"renderer must be one of {', '.join(map(repr, RENDERERS))}, not {name!r}")
    _choice = name


def find_dot(program: str | None = None) -> str:
    """The path of the ``dot`` executable, or :class:`DotNotFoundError`."""
    program = program or os.environ.get("MINIGRAD_DOT") or DOT_PROGRAM
    path = shutil.which(program)
    if path is None:
        raise DotNotFoundError(INSTALL_HELP.format(where=f" (looked for {program!r} on the PATH)"))
    return path


def find_graphviz_pure() -> str | None:
    """The ``graphviz-pure`` program: on the PATH, or next to this Python.

    Jupyter often starts kernels without the virtual environment's ``bin``
    folder on the PATH, hence the second place.
    """
    found = shutil.which(PURE_PROGRAM)
    if found is None:
        scripts = sysconfig.get_path("scripts")
        found = shutil.which(PURE_PROGRAM, path=scripts) if scripts else None
    return found


def _resolve(program: str | None = None) -> tuple[str, str | None]:
    """``(renderer, executable)`` that draws now; the browser has no executable."""
    if program is not None:  # an explicit program is used or fails, never replaced
        return "dot", find_dot(program)
    if _choice in ("auto", "dot"):
        try:
            return "dot", find_dot()
        except DotNotFoundError:
            if _choice == "dot":
                raise
    if _choice in ("auto", "graphviz-pure"):
        pure = find_graphviz_pure()
        if pure is not None:
            return "graphviz-pure", pure
        if _choice == "graphviz-pure":
            raise DotNotFoundError(INSTALL_HELP.format(where=f" (looked for {PURE_PROGRAM!r})"))
    return "browser", None


def renderer(program: str | None = None) -> str:
    """The renderer that draws now: ``"dot"``, ``"graphviz-pure"`` or ``"browser"``.

    >>> from minigrad import viz
    >>> viz.renderer() in ("dot", "graphviz-pure", "browser")
    True
    """
    return _resolve(program)[0]


def _executable(program: str | None) -> tuple[str, str]:
    """The program that makes files; the browser cannot, so that is an error."""
    name, exe = _resolve(program)
    if exe is None:
        where = " (neither 'dot' nor 'graphviz-pure'; Jupyter draws in the browser meanwhile)"
        raise DotNotFoundError(INSTALL_HELP.format(where=where))
    return name, exe


# The graphviz package runs ``graphviz.backend.dot_command.DOT_BINARY``; it is set
# to the chosen program for the length of one call.
_binary_lock = threading.Lock()


@contextmanager
def _running(exe: str) -> Iterator[None]:
    with _binary_lock:
        saved = dot_command.DOT_BINARY
        dot_command.DOT_BINARY = Path(exe)
        try:
            yield
        except graphviz.ExecutableNotFound as err:
            raise DotNotFoundError(INSTALL_HELP.format(where=f" ({err})")) from None
        except graphviz.CalledProcessError as err:
            stderr = err.stderr or b""
            text = stderr.decode("utf-8", "replace") if isinstance(stderr, bytes) else stderr
            raise DotError(f"graphviz failed: {text.strip()}") from None
        finally:
            dot_command.DOT_BINARY = saved


def _pure_picture(exe: str, source: str, format: str) -> bytes:  # noqa: A002
    """``source`` drawn by graphviz-pure: its SVG in the real fonts, and the raster
    formats drawn from that SVG (see :mod:`minigrad.viz.pure`)."""
    layout, back = pure.for_layout(source)
    done = subprocess.run([exe, "-Tsvg"], input=layout.encode("utf-8"), capture_output=True)
    if done.returncode != 0:
        raise DotError(f"graphviz failed: {done.stderr.decode('utf-8', 'replace').strip()}")
    svg = pure.from_layout(done.stdout.decode("utf-8"), back)
    if format == "svg":
        return svg.encode("utf-8")
    return pure.rasterize(style.with_font_fallbacks(svg), format)


# --- one dot process for many pictures ------------------------------------------------
# Starting dot costs more than laying out a small graph (about 16 of the 25 ms a
# 20-node picture takes): it loads its plugins and the fonts. A slider or the
# stepper draws a picture on every move, so the SVGs of minigrad's own graphs
# come from one dot process that stays open and reads graph after graph.
# Behind each graph goes an empty one, END: once its SVG is out, the graph's is
# complete. Anything unexpected (an error, dot gone) falls back to one dot run
# per picture, which also gives the error message.
_END = b"digraph minigrad_server_end {}\n"
_END_TITLE = b"<!-- Title: minigrad_server_end "
_servers: dict[tuple[str, int], subprocess.Popen] = {}  # (dot's path, our process id)
_servers_lock = threading.Lock()


def _served_svg(source: str, exe: str) -> bytes | None:
    """``source``'s SVG from the long-running ``exe -Tsvg``, or None if it could not."""
    # minigrad's own graphs only (Dot.source): named (an unnamed graph's title would
    # differ) and whole (dot would wait for the rest of one that is cut short)
    if not (source.startswith("digraph minigrad {") and source.endswith("\n}\n")):
        return None
    try:
        data = source.encode("utf-8") + b"\n" + _END
    except UnicodeError:
        return None
    key = (exe, os.getpid())  # a forked process starts its own
    with _servers_lock:
        server = _servers.get(key)
        try:
            if server is None:
                server = _servers[key] = subprocess.Popen(
                    [exe, "-Tsvg"],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,  # its warnings, as quiet=True hides them
                )
            server.stdin.write(data)
            server.stdin.flush()
            out = b""
            while not (_END_TITLE in out and out.endswith(b"</svg>\n")):
                chunk = os.read(server.stdout.fileno(), 1 << 16)
                if not chunk:  # dot stopped: a syntax error, or it crashed
                    raise OSError("dot stopped")
                out += chunk
        except BaseException as err:  # also Ctrl-C: a half-read answer must not stay behind
            if server is not None:
                _stop(_servers.pop(key, server))
            if isinstance(err, (OSError, ValueError)):
                return None
            raise
    svg = out[: out.rfind(b"<?xml", 0, out.find(_END_TITLE))]
    if not svg:  # dot skipped the graph: one run of its own says why
        return None
    # dot numbers the pictures after its first one as pages: give back the first's id
    return svg.replace(b'<g id="page0,1_graph0" class="graph"', b'<g id="graph0" class="graph"', 1)


def _stop(server: subprocess.Popen) -> None:
    for pipe in (server.stdin, server.stdout):
        try:
            pipe.close()
        except OSError:  # dot is gone, and with it what was still to be written
            pass
    server.kill()
    server.wait()


@atexit.register
def _stop_servers() -> None:
    with _servers_lock:
        for key, server in list(_servers.items()):
            if key[1] == os.getpid():
                _stop(server)
        _servers.clear()


def run_dot(source: str, format: str = "svg", program: str | None = None) -> bytes:  # noqa: A002
    """Lay out ``source`` with the current renderer and return the image bytes.

    >>> run_dot("digraph { a -> b }")[:5] in (b"<?xml", b"<svg ")
    True
    """
    if format == "svg":
        served = _svg_of_dot(source, program)
        if served is not None:
            return served
    return Figure(source, program).pipe(format)


def _svg_of_dot(source: str, program: str | None) -> bytes | None:
    """The SVG from the long-running dot, when dot is the renderer (else None)."""
    name, exe = _resolve(program)
    return _served_svg(source, exe) if name == "dot" and exe is not None else None


# --- the figure ------------------------------------------------------------------------
class Figure(graphviz.Source):
    """A drawn graph: a :class:`graphviz.Source` that draws with :func:`renderer`.

    Jupyter shows it as SVG, ``.source`` is the DOT text, and ``.pipe()``,
    ``.render()`` and ``.view()`` take graphviz's arguments. Graphviz's harmless
    warnings about minigrad's tables are not printed unless ``quiet=False``.

    >>> import minigrad as torch
    >>> from minigrad import viz
    >>> x = torch.tensor(2.0, requires_grad=True)
    >>> fig = viz.draw_forward(x * 3, names={x: "x"})
    >>> fig.source.startswith("digraph")
    True
    """

    def __init__(self, source: str, program: str | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("format", "svg")
        super().__init__(source, **kwargs)
        self.program = program  # None: the current renderer; a path: that dot only
        self._svg: str | None = None

    def _copy_kwargs(self, **kwargs: Any) -> dict:
        return super()._copy_kwargs(program=self.program, **kwargs)

    def __repr__(self) -> str:
        return f"<minigrad.viz.Figure: {self.source.count(chr(10))} lines of DOT>"

    # graphviz calls these three to run its program; they run the chosen one.
    @property
    def _pipe_lines(self) -> Any:
        return self._with_program(piping.pipe_lines, pipe=True)

    @property
    def _pipe_lines_string(self) -> Any:
        return self._with_program(piping.pipe_lines_string, pipe=True)

    @property
    def _render(self) -> Any:
        return self._with_program(rendering.render, pipe=False)

    def _with_program(self, run: Any, pipe: bool) -> Any:
        def call(engine: str, format: str, *args: Any, **kwargs: Any) -> Any:  # noqa: A002
            name, exe = _executable(self.program)
            plain = not (kwargs.get("renderer") or kwargs.get("formatter"))
            if name == "graphviz-pure" and plain and format in ("svg", *pure.RASTER_FORMATS):
                return self._pure(exe, format, pipe, *args, **kwargs)
            with _running(exe):
                return run(engine, format, *args, **kwargs)

        return call

    def _pure(self, exe: str, format: str, pipe: bool, *args: Any, **kwargs: Any) -> Any:  # noqa: A002
        """What graphviz's pipe or render returns, drawn by graphviz-pure."""
        data = _pure_picture(exe, self.source, format)
        if pipe:
            return data.decode(kwargs["encoding"]) if kwargs.get("encoding") else data
        filepath = args[0] if args else kwargs.get("filepath")
        outfile = kwargs.get("outfile") or f"{filepath}.{format}"
        Path(outfile).write_bytes(data)
        return os.fspath(outfile)

    def pipe(self, format: str | None = None, *args: Any, quiet: bool = True, **kwargs: Any) -> Any:  # noqa: A002
        """The picture as bytes (``svg`` unless ``format`` says otherwise), as graphviz's."""
        return super().pipe(format, *args, quiet=quiet, **kwargs)

    def render(
        self,
        filename: str | os.PathLike | None = None,
        *args: Any,
        format: str | None = None,  # noqa: A002
        quiet: bool = True,
        **kwargs: Any,
    ) -> Path:
        """Write the picture to a file and return its path, as graphviz's ``render``.

        ``fig.render("z.png")`` (a suffix naming a format) writes ``z.png``
        alone; ``fig.render("z", format="png")`` writes the DOT text to ``z``
        and the picture to ``z.png``, as :meth:`graphviz.Source.render` does.
        """
        if filename is not None and format is None and not args and "outfile" not in kwargs:
            suffix = Path(filename).suffix.lstrip(".").lower()
            if suffix in graphviz.FORMATS:
                kwargs.update(outfile=filename, cleanup=True)
                filename = None
            elif suffix and suffix not in ("gv", "dot"):
                raise ValueError(
                    f"unknown format {suffix!r}: use a suffix among graphviz's formats "
                    "(svg, png, pdf, ...) or give format="
                )
        if "outfile" in kwargs:
            Path(kwargs["outfile"]).parent.mkdir(parents=True, exist_ok=True)
        out = super().render(filename, *args, format=format, quiet=quiet, **kwargs)
        return Path(out)

    def unflatten(self, *args: Any, **kwargs: Any) -> Figure:
        """graphviz's ``unflatten`` (needs its ``unflatten`` program), as a Figure."""
        flat = super().unflatten(*args, **kwargs)
        return Figure(
            flat.source,
            self.program,
            filename=flat.filename,
            directory=flat.directory,
            format=flat.format,
            engine=flat.engine,
        )

    def zoomable(self, *, scale: float = 1.0, max_height: int = 560) -> Any:
        """This figure at its natural, readable size, in a frame that zooms and pans,
        with a button that opens it full size (see :mod:`minigrad.viz.zoom`).

        For a graph so big that fitting it to the output area makes its text too
        small: ``viz.draw_backward(loss).zoomable()``.
        """
        from .zoom import zoomable

        return zoomable(self, scale=scale, max_height=max_height)

    def svg(self) -> str:
        """The SVG text (computed once, then cached)."""
        if self._svg is None:
            served = _svg_of_dot(self.source, self.program) if self.engine == "dot" else None
            if served is not None:
                self._svg = served.decode("utf-8")
            else:
                self._svg = self.pipe(format="svg", encoding="utf-8")
            self._svg = style.with_font_fallbacks(self._svg)
        return self._svg

    # --- Jupyter ------------------------------------------------------------------
    def _repr_image_svg_xml(self) -> str:
        return self.svg()

    # A figure whose text, scaled down to the output area's width, would be smaller than
    # zoom.MIN_PX shows in Jupyter as fig.zoomable() (its SVG stays in the output too,
    # for static views of the notebook). False: always the plain SVG.
    auto_zoom = True

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None, **_: Any) -> dict:
        try:
            if _resolve(self.program)[0] == "browser":
                return browser_bundle(self.source)
            bundle = super()._repr_mimebundle_(include, exclude)
            return self._zoomed(bundle) if self.auto_zoom else bundle
        except (DotNotFoundError, DotError) as err:  # a message, never a traceback
            return {"text/plain": f"{err}\n\n{self.source}"}

    def _zoomed(self, bundle: dict) -> dict:
        """``bundle`` with the zoomable view in front, when the SVG is too small to read."""
        from .zoom import MIN_PX, displayed_px

        svg = bundle.get("image/svg+xml")
        if not svg or displayed_px(svg) >= MIN_PX:
            return bundle
        try:
            view = self.zoomable()._repr_mimebundle_()
        except ImportError:  # no anywidget: the small picture is still a picture
            return bundle
        return dict(bundle, **view)


def browser_view(source: str) -> Any:
    """A widget that lays ``source`` out in the browser (graphviz as WebAssembly).

    It comes with the pip package ``graphviz-anywidget``, which carries its
    JavaScript and WebAssembly: nothing is fetched from the internet.
    """
    try:
        from graphviz_anywidget import GraphvizAnyWidget
    except ImportError:
        raise DotNotFoundError(
            INSTALL_HELP.format(where=" (nor the package graphviz-anywidget for the browser)")
        ) from None

    class BrowserGraph(GraphvizAnyWidget):
        # a wide graph shrinks to the output's width instead of being cut off
        _css = GraphvizAnyWidget._css + (
            ".minigrad-browser-graph svg { max-width: 100%; height: auto; }"
            ".minigrad-browser-graph { min-width: 0; overflow: hidden; }"
        )

    view = BrowserGraph(dot_source=source, enable_zoom=False)
    view.add_class("minigrad-browser-graph")
    return view


def browser_bundle(source: str) -> dict:
    """The Jupyter display of :func:`browser_view`, with the DOT text as plain text."""
    bundle = browser_view(source)._repr_mimebundle_()
    if isinstance(bundle, tuple):
        bundle = bundle[0]
    return dict(bundle, **{"text/plain": "<minigrad.viz.Figure drawn in the browser>"})
