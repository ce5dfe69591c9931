"""Small helpers shared by the widgets: names, SVG, and showing up in Jupyter."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..exact import names as _names


def caller_names(given: Mapping | None = None, more: Iterable[Any] = ()) -> dict[int, str]:
    """``id(tensor) -> name`` from the learner's variables, then ``given`` on top.

    The variables are those of the first frame outside minigrad (the notebook
    cell that created the widget, see :mod:`minigrad.exact.names`). ``given`` maps
    tensors to names (``{w: "weight"}``) or names to tensors. ``more`` are modules
    known otherwise (see :func:`minigrad.exact.names.tensor_variables`).
    """
    names: dict[int, str] = {}
    for name, t in _names.caller_tensors(more=more):
        names.setdefault(id(t), name)
    for k, v in (given or {}).items():
        tensor, name = (v, k) if isinstance(k, str) else (k, v)
        names[id(tensor)] = str(name)
    return names


def svg_markup(svg: bytes | str) -> str:
    """An SVG document as markup that can sit inside an HTML widget.

    The picture shrinks to the width of the output area (never grows beyond
    its natural size), so a wide graph is not cut off.
    """
    text = svg.decode("utf-8") if isinstance(svg, bytes) else svg
    start = text.find("<svg")
    if start < 0:
        return text
    text = text[start:]
    head_end = text.find(">")
    head = text[:head_end]
    width = re.search(r'\swidth="([0-9.]+)pt"', head)
    if width is not None:
        head = re.sub(r'\s(width|height)="[0-9.]+pt"', "", head)
        head += f' width="100%" style="max-width:{width.group(1)}pt;height:auto"'
    return head + text[head_end:]


def error_box(message: str) -> str:
    """A red box with ``message`` (kept as plain text)."""
    return (
        '<pre style="color:#D55E00;border:2px solid #D55E00;padding:6px;'
        f'white-space:pre-wrap">{html.escape(message)}</pre>'
    )


class DisplaysAsWidget:
    """Shows ``self.widget`` in Jupyter, with a short text for plain-text front ends."""

    widget: Any

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        bundle = self.widget._repr_mimebundle_(include=include, exclude=exclude) or {}
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle)
        bundle["text/plain"] = repr(self)
        static = self._static_html()
        if static:  # for pages without a live kernel: a web page, a notebook viewer
            bundle["text/html"] = static
        return bundle

    def _static_html(self) -> str | None:
        """What the widget shows without Jupyter (HTML), or None: only the widget."""
        return None


def show_picture(
    container: Any, image: Any, source: str, svg: str | None, problem: str = ""
) -> None:
    """Show a widget's graph: ``svg`` (drawn in Python) in the HTML widget ``image``.

    When no program in Python can draw (``viz.renderer() == "browser"``), a
    widget that lays ``source`` out in the browser, with graphviz compiled to
    WebAssembly, takes the place of ``image`` among ``container``'s children.
    Otherwise ``problem`` is shown in a red box.
    """
    from ..viz.render import DotNotFoundError, browser_view, renderer

    shown = image
    if svg is not None:
        image.value = svg
    elif renderer() == "browser":
        try:
            view = getattr(image, "_minigrad_browser", None)
            if view is None:
                view = image._minigrad_browser = browser_view(source)
                view.layout.flex, view.layout.min_width = image.layout.flex, "0"
            view.dot_source = source
            shown = view
        except DotNotFoundError as err:  # graphviz-anywidget is missing too
            image.value = error_box(str(err))
    else:
        image.value = error_box(problem)
    children = list(container.children)
    for i, child in enumerate(children):
        if child is image or child is getattr(image, "_minigrad_browser", None):
            children[i] = shown
    if tuple(children) != tuple(container.children):
        container.children = tuple(children)


def torch_lib(f: Any, *values: Any) -> Any:
    """The real ``torch`` module when ``f`` is written with it (a global of ``f``'s
    code is torch or one of its modules) or a value is a torch tensor; else None.
    torch is never imported here: it is looked up only if already loaded."""
    import sys

    torch = sys.modules.get("torch")
    if torch is None:
        return None
    from .. import Tensor  # minigrad's own Tensor (it calls itself torch.Tensor)

    if any(isinstance(v, torch.Tensor) and not isinstance(v, Tensor) for v in values):
        return torch
    code, scope = getattr(f, "__code__", None), getattr(f, "__globals__", {})
    for name in getattr(code, "co_names", ()):
        mod = getattr(scope.get(name), "__name__", "")
        if isinstance(mod, str) and (mod == "torch" or mod.startswith("torch.")):
            return torch
    return None
