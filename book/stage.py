"""The lessons as the website shows them: copies of the stored notebooks, made static.

Nothing is executed. Each notebook is copied as it is stored, and its outputs
are changed only in how they are shown:

- a graph (an ``image/svg+xml`` output drawn by graphviz) becomes inline SVG in a
  frame that never shrinks it below a readable size: a graph too wide for the
  page scrolls inside its frame instead of shrinking its text below ``MIN_PX``;
- a widget output (``application/vnd.jupyter.widget-view+json``) shows what the
  notebook stored: a ``BackwardStepper`` its frames (the ``text/html`` it leaves
  next to the widget, which the site's script plays), other widgets their stored
  state (sliders at their values, the graph they showed), drawn from the
  notebook's widget state, with a sentence on what the live version does;
- the index gets the site's table of contents (a hidden ``toctree``).
"""

from __future__ import annotations

import ast
import copy
import html
import json
import re
from pathlib import Path
from typing import Any

MIN_PX = 9.5  # the smallest text on the site, in CSS pixels (the tests ask for 9)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

NOTES = {
    "en": {
        "slider": "A still of the live widget, at its stored values: in Jupyter, moving a "
        "slider runs the code again and updates what is shown here.",
        "explorer": "A still of the live widget: in Jupyter, its buttons and fields build "
        "the Jacobian row by row and compute vᵀJ for the v you type.",
        "zoom": "In Jupyter this frame zooms and pans (drag, Ctrl + wheel); here it scrolls.",
        "widget": "A still of a live widget, as it was stored; run the notebook to use it.",
    },
    "zh": {
        "slider": "这是小部件按保存时的取值显示的静态快照：在 Jupyter 中拖动滑块，"
        "代码会重新运行，这里显示的内容随之更新。",
        "explorer": "这是小部件的静态快照：在 Jupyter 中用它的按钮和输入框，"
        "可以逐行构造雅可比矩阵，并对你输入的 v 计算 vᵀJ。",
        "zoom": "在 Jupyter 中这个框可以缩放和拖动（拖动、Ctrl + 滚轮）；这里可以滚动查看。",
        "widget": "这是小部件保存下来的静态快照；运行 notebook 即可交互使用。",
    },
}


# --- graphs at a readable size ------------------------------------------------------------
def _svg_font_px(svg: str) -> tuple[float, float] | None:
    """(natural width in CSS px, smallest text in CSS px at that width), or None."""
    head = svg[svg.find("<svg") :]
    head = head[: head.find(">")]
    view = re.search(r'viewBox="\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)', head)
    width = re.search(r'\swidth="([0-9.]+)(pt|px)?"', head)
    style_width = re.search(r"max-width:\s*([0-9.]+)(pt|px)", head)
    if view is None:
        return None
    if width is not None:
        natural = float(width.group(1)) * (4 / 3 if width.group(2) != "px" else 1)
    elif style_width is not None:
        natural = float(style_width.group(1)) * (4 / 3 if style_width.group(2) == "pt" else 1)
    else:
        natural = float(view.group(1)) * 4 / 3
    scale = re.search(r'class="graph"[^>]*transform="scale\(([0-9.eE+-]+)', svg)
    g = float(scale.group(1)) if scale else 1.0
    sizes = [float(s) for s in re.findall(r'<text[^>]*font-size="([0-9.]+)"', svg)]
    if not sizes:
        return None
    return natural, min(sizes) * g * natural / float(view.group(1))


def legible_svg(svg: str) -> str:
    """A graphviz SVG as inline HTML: as wide as the page allows, never so narrow that
    its smallest text drops below ``MIN_PX``; past that, its frame scrolls."""
    start = svg.find("<svg")
    if start < 0:
        return svg
    svg = svg[start:]
    measured = _svg_font_px(svg)
    head_end = svg.find(">")
    head = re.sub(r'\s(width|height|style)="[^"]*"', "", svg[:head_end])
    if measured is None:
        return f'<div class="minigrad-figure">{head} style="max-width:100%"{svg[head_end:]}</div>'
    natural, font = measured
    least = natural * MIN_PX / font if font < MIN_PX * 4 else natural / 4
    biggest = max(natural, least)
    head += (
        f' width="{biggest:.0f}" style="width:100%;height:auto;'
        f'max-width:{biggest:.0f}px;min-width:{least:.0f}px"'
    )
    return f'<div class="minigrad-figure minigrad-zoom-frame">{head}{svg[head_end:]}</div>'


def _is_graph(svg: str) -> bool:
    return 'class="graph"' in svg


def legible_html(markup: str) -> str:
    """Every graphviz ``<svg>`` inside ``markup`` made legible (see :func:`legible_svg`)."""
    out, pos = [], 0
    for m in re.finditer(r"<svg\b", markup):
        if m.start() < pos:
            continue
        end = markup.find("</svg>", m.start())
        if end < 0:
            break
        end += len("</svg>")
        svg = markup[m.start() : end]
        out.append(markup[pos : m.start()])
        out.append(legible_svg(svg) if _is_graph(svg) else svg)
        pos = end
    out.append(markup[pos:])
    return "".join(out)


# --- widgets from their stored state --------------------------------------------------------
def _parse(value: Any) -> Any:
    """Widget state as nbconvert stored it (some fields as Python reprs)."""
    if isinstance(value, str) and value[:1] in "[{" and value[-1:] in "]}":
        try:
            return ast.literal_eval(value)
        except (ValueError, SyntaxError):
            return value
    return value


class WidgetState:
    """The widget models a notebook stored, rendered as static HTML."""

    def __init__(self, nb: dict) -> None:
        state = nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {})
        self.models = state.get("state", {})

    def model(self, ref: str) -> dict | None:
        mid = ref.removeprefix("IPY_MODEL_")
        m = self.models.get(mid)
        return None if m is None else {k: _parse(v) for k, v in m.get("state", {}).items()}

    def kinds(self, ref: str) -> set[str]:
        m = self.model(ref)
        if m is None:
            return set()
        found = {m.get("_model_name", "")}
        for child in m.get("children", []) or []:
            found |= self.kinds(child)
        return found

    def render(self, ref: str) -> str:
        m = self.model(ref)
        if m is None:
            return ""
        name = m.get("_model_name", "")
        desc = html.escape(str(m.get("description", "")))
        if name in ("VBoxModel", "HBoxModel", "BoxModel", "GridBoxModel"):
            direction = "row" if name == "HBoxModel" else "column"
            inner = "".join(self.render(c) for c in m.get("children", []) or [])
            style = f"flex-direction:{direction}"
            return f'<div class="minigrad-static-box" style="{style}">{inner}</div>'
        if name in ("HTMLModel", "HTMLMathModel", "LabelModel"):
            value = str(m.get("value", ""))
            value = value if name != "LabelModel" else html.escape(value)
            return f'<div class="minigrad-static-html">{legible_html(value)}</div>'
        if name in ("FloatSliderModel", "IntSliderModel"):
            value = m.get("value", 0)
            return (
                f'<label class="minigrad-static-slider">{desc} '
                f'<input type="range" disabled min="{m.get("min", 0)}" max="{m.get("max", 1)}" '
                f'step="{m.get("step", 1)}" value="{value}"> <output>{value}</output></label>'
            )
        if name in ("FloatTextModel", "IntTextModel", "TextModel", "BoundedFloatTextModel"):
            return (
                f'<label class="minigrad-static-slider">{desc} <input type="text" disabled '
                f'value="{html.escape(str(m.get("value", "")))}"></label>'
            )
        if name == "ButtonModel":
            return f'<button class="minigrad-static-button" disabled>{desc}</button>'
        if name == "OutputModel":
            return "".join(_output_html(o) for o in m.get("outputs", []) or [])
        if name == "AnyModel" and isinstance(m.get("svg"), str):  # Figure.zoomable()
            return legible_svg(m["svg"])
        return ""  # a Play button, a link: nothing to show in a still


def _output_html(output: dict) -> str:
    if output.get("output_type") == "stream":
        return f"<pre>{html.escape(''.join(output.get('text', '')))}</pre>"
    data = output.get("data", {})
    if "image/svg+xml" in data:
        return legible_svg("".join(data["image/svg+xml"]))
    if "text/html" in data:
        return legible_html("".join(data["text/html"]))
    if "text/plain" in data:
        return f"<pre>{html.escape(''.join(data['text/plain']))}</pre>"
    return ""


def _note_key(kinds: set[str]) -> str:
    if "AnyModel" in kinds:
        return "zoom"
    if kinds & {"FloatTextModel", "ButtonModel"}:
        return "explorer"
    if kinds & {"FloatSliderModel", "IntSliderModel"}:
        return "slider"
    return "widget"


def static_output(output: dict, widgets: WidgetState, lang: str) -> dict:
    """One output as the site shows it (a copy; the notebook itself is never changed)."""
    data = output.get("data")
    if not data:
        return output
    out = copy.deepcopy(output)
    data = out["data"]
    text = lambda key: "".join(data[key])  # noqa: E731
    if WIDGET_VIEW in data:
        ref = data.pop(WIDGET_VIEW)["model_id"]
        if "text/html" in data:  # a BackwardStepper's frames, stored beside the widget
            data["text/html"] = legible_html(text("text/html"))
        elif "image/svg+xml" in data:
            data["text/html"] = legible_svg(text("image/svg+xml"))
        else:
            still = widgets.render(ref)
            note = NOTES[lang][_note_key(widgets.kinds(ref))]
            if still:
                data["text/html"] = (
                    f'<div class="minigrad-widget-still"><p class="minigrad-still-note">'
                    f"<i>{html.escape(note)}</i></p>{still}</div>"
                )
    elif "image/svg+xml" in data and _is_graph(text("image/svg+xml")):
        data["text/html"] = legible_svg(text("image/svg+xml"))
    elif "text/html" in data:
        data["text/html"] = legible_html(text("text/html"))
    return out


def _other_language_links(source: str, lang: str) -> str:
    """The Chinese lessons link the English ones as ``../NAME.ipynb``: on the site,
    that page is ``../en/NAME.html`` (a sibling project). (A solutions page's
    ``../NAME.ipynb`` is its own lesson, in its own language: not rewritten.)"""
    if lang != "zh":
        return source
    return re.sub(
        r"\[([^\]]*)\]\(\.\./([\w-]+)\.ipynb\)", r'<a href="../en/\2.html">\1</a>', source
    )


def stage_notebook(nb: dict, lang: str, in_solutions: bool = False) -> dict:
    """A copy of ``nb`` whose outputs read on a static page (see the module's doc)."""
    nb = copy.deepcopy(nb)
    widgets = WidgetState(nb)
    for cell in nb["cells"]:
        if cell.get("cell_type") == "markdown":
            text = "".join(cell.get("source", ""))
            cell["source"] = text if in_solutions else _other_language_links(text, lang)
        if cell.get("cell_type") == "code":
            cell["outputs"] = [static_output(o, widgets, lang) for o in cell.get("outputs", [])]
    nb.get("metadata", {}).pop("widgets", None)  # nothing left for a widget manager
    return nb


def add_toctree(nb: dict, captions: list[tuple[str, list[str]]]) -> dict:
    """``nb`` with hidden tables of contents at its end: (caption, documents) each."""
    nb = copy.deepcopy(nb)
    for caption, docs in captions:
        if not docs:
            continue
        body = "\n".join(docs)
        source = f"```{{toctree}}\n:hidden:\n:caption: {caption}\n:maxdepth: 1\n\n{body}\n```\n"
        cell_id = f"minigrad-toc-{len(nb['cells'])}"
        cell = {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": source}
        nb["cells"].append(cell)
    return nb


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def dump(nb: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
