"""A graph too big for its output area, at a size you can read: zoom, pan, open full size.

A figure wider than the output area is scaled down to fit it, and a big one
then has text too small to read. ``fig.zoomable()`` shows the same drawing at
its natural size (the size graphviz lays it out at, where the smallest text is
9 pt, 12 CSS px) inside a frame as wide as the output area, with

- **drag** to pan, **Ctrl + wheel** (or a trackpad pinch) to zoom around the
  pointer; the page still scrolls with the plain wheel;
- the buttons **−** and **+**, **Actual size** (back to the natural size) and
  **Fit** (the whole graph in the frame, however small its text gets);
- **Open full size**: the SVG alone in a new browser tab, to zoom with the
  browser and save;
- the keys ``+``, ``-``, ``0`` and the arrows, once the frame has the focus.

It is a small `anywidget <https://anywidget.dev>`_ widget: the SVG is drawn
by the current renderer (graphviz's ``dot`` or ``graphviz-pure``) in Python,
and the browser only moves it. Without either program, the graph is laid out
in the browser by graphviz-anywidget, with its own zoom.

>>> import minigrad as torch
>>> from minigrad import viz
>>> x = torch.tensor(2.0, requires_grad=True)
>>> view = viz.draw_forward(x * 3, names={x: "x"}).zoomable()
>>> view.svg.startswith("<?xml") and view.scale == 1.0
True
"""

from __future__ import annotations

import re
from typing import Any

import anywidget
import traitlets

from ..i18n import Section
from ..i18n import text as tr

# the figure's ``size`` caps its width for an output area; a zoomable view drops it
_SIZE = re.compile(r'(?<![\w-])size="[^"]*", ')

_ESM = r"""
function render({ model, el }) {
  el.classList.add("minigrad-zoom");
  const bar = document.createElement("div");
  bar.className = "minigrad-zoom-bar";
  const frame = document.createElement("div");
  frame.className = "minigrad-zoom-frame";
  frame.tabIndex = 0;
  const t = (key) => model.get("labels")[key];  // the texts, in minigrad's language
  frame.title = t("frame_title");
  const stage = document.createElement("div");
  stage.className = "minigrad-zoom-stage";
  frame.appendChild(stage);
  el.append(bar, frame);

  let natural = { w: 1, h: 1 };
  let x = 0, y = 0;
  const scale = () => model.get("scale");

  function button(text, title, onClick) {
    const b = document.createElement("button");
    b.textContent = text;
    b.title = title;
    b.className = "minigrad-zoom-button";
    b.addEventListener("click", onClick);
    bar.appendChild(b);
    return b;
  }
  function setScale(s, cx, cy) {
    const old = scale();
    s = Math.min(Math.max(s, model.get("min_scale")), model.get("max_scale"));
    // keep the point (cx, cy) of the frame where it is
    if (cx === undefined) { cx = frame.clientWidth / 2; cy = frame.clientHeight / 2; }
    x = cx - (cx - x) * (s / old);
    y = cy - (cy - y) * (s / old);
    model.set("scale", s);
    model.save_changes();
    place();
  }
  // where the view opens: the node nearest the drawing's top left corner (where a
  // graph begins, top to bottom or left to right), in the middle of the frame
  let started = false;
  function start() {
    const s = scale(), fw = frame.clientWidth;
    const sr = stage.getBoundingClientRect();
    let best = null;
    for (const node of stage.querySelectorAll("g.node")) {
      const r = node.getBoundingClientRect();
      const nx = (r.left - sr.left) / s, ny = (r.top - sr.top) / s;
      if (best === null || nx + ny < best.nx + best.ny) {
        best = { nx, ny, w: r.width / s };
      }
    }
    // (the top left corner itself, when that node is in view there)
    if (best !== null && (best.nx + best.w) * s > fw) {
      x = fw / 2 - (best.nx + best.w / 2) * s;
    }
    if (best !== null && best.ny * s > frame.clientHeight / 2) {
      y = 8 - best.ny * s;
    }
  }
  function place() {
    const s = scale();
    if (!started && frame.clientWidth > 0 && natural.w > 1) {
      started = true;
      start();
    }
    frame.style.height = Math.min(natural.h * s + 2, model.get("max_height")) + "px";
    const w = natural.w * s, h = natural.h * s;
    const fw = frame.clientWidth, fh = frame.clientHeight;
    // never lose the graph: it stays in the frame, centred when it is smaller
    x = w <= fw ? (fw - w) / 2 : Math.min(0, Math.max(fw - w, x));
    y = h <= fh ? (fh - h) / 2 : Math.min(0, Math.max(fh - h, y));
    stage.style.transform = `translate(${x}px, ${y}px) scale(${s})`;
    percent.textContent = Math.round(s * 100) + "%";
  }
  function draw() {
    stage.innerHTML = model.get("svg");
    const svg = stage.querySelector("svg");
    if (svg === null) return;
    const pt = (v) => parseFloat(v) * (String(v).endsWith("pt") ? 4 / 3 : 1);
    natural = { w: pt(svg.getAttribute("width")), h: pt(svg.getAttribute("height")) };
    svg.style.width = natural.w + "px";
    svg.style.height = natural.h + "px";
    x = 0; y = 0;
    started = false;
    place();
  }

  button("\u2212", t("out_title"), () => setScale(scale() / 1.25));
  const percent = document.createElement("span");
  percent.className = "minigrad-zoom-percent";
  bar.appendChild(percent);
  button("+", t("in_title"), () => setScale(scale() * 1.25));
  button(t("actual"), t("actual_title"), () => setScale(1));
  button(t("fit"), t("fit_title"), () => {
    const fw = frame.clientWidth, fh = model.get("max_height");
    setScale(Math.min(fw / natural.w, fh / natural.h, 1));
  });
  button(t("open"), t("open_title"), () => {
    const blob = new Blob([model.get("svg")], { type: "image/svg+xml" });
    window.open(URL.createObjectURL(blob), "_blank");
  });
  const hint = document.createElement("span");
  hint.className = "minigrad-zoom-hint";
  hint.textContent = t("hint");
  bar.appendChild(hint);

  let drag = null;
  frame.addEventListener("pointerdown", (e) => {
    drag = { px: e.clientX, py: e.clientY, x, y };
    frame.setPointerCapture(e.pointerId);
    frame.classList.add("minigrad-zoom-dragging");
  });
  frame.addEventListener("pointermove", (e) => {
    if (drag === null) return;
    x = drag.x + e.clientX - drag.px;
    y = drag.y + e.clientY - drag.py;
    place();
  });
  const stop = () => { drag = null; frame.classList.remove("minigrad-zoom-dragging"); };
  frame.addEventListener("pointerup", stop);
  frame.addEventListener("pointercancel", stop);
  frame.addEventListener("wheel", (e) => {
    if (!(e.ctrlKey || e.metaKey)) return;  // the plain wheel scrolls the page
    e.preventDefault();
    const r = frame.getBoundingClientRect();
    setScale(scale() * Math.exp(-e.deltaY / 300), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  frame.addEventListener("keydown", (e) => {
    const step = 60;
    const keys = {
      "+": () => setScale(scale() * 1.25), "=": () => setScale(scale() * 1.25),
      "-": () => setScale(scale() / 1.25), "0": () => setScale(1),
      ArrowLeft: () => { x += step; place(); }, ArrowRight: () => { x -= step; place(); },
      ArrowUp: () => { y += step; place(); }, ArrowDown: () => { y -= step; place(); },
    };
    if (keys[e.key]) { e.preventDefault(); e.stopPropagation(); keys[e.key](); }
  });

  model.on("change:svg", draw);
  model.on("change:scale", place);
  model.on("change:max_height", place);
  const resized = new ResizeObserver(() => place());
  resized.observe(frame);
  draw();
  return () => resized.disconnect();
}
export default { render };
"""

_CSS = """
.minigrad-zoom { width: 100%; min-width: 0; box-sizing: border-box;
  font-family: var(--jp-ui-font-family, sans-serif); }
.minigrad-zoom-bar { display: flex; align-items: center; gap: 4px; margin-bottom: 4px;
  flex-wrap: wrap; font-size: 12px; }
.minigrad-zoom-button { font-size: 12px; padding: 2px 8px; cursor: pointer; }
.minigrad-zoom-percent { min-width: 3.5em; text-align: center; }
.minigrad-zoom-hint { color: #555555; margin-left: 8px; }
.minigrad-zoom-frame { position: relative; overflow: hidden; width: 100%;
  box-sizing: border-box;
  border: 1px solid #cccccc; border-radius: 3px; background: white; cursor: grab;
  touch-action: none; }
.minigrad-zoom-frame:focus { outline: 2px solid #0072B2; }
.minigrad-zoom-dragging { cursor: grabbing; }
.minigrad-zoom-stage { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
.minigrad-zoom-stage svg { display: block; max-width: none; }
"""


class ZoomView(anywidget.AnyWidget):
    """A figure at a readable size in a frame that zooms and pans (see the module)."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    scale = traitlets.Float(1.0).tag(sync=True)  # 1: graphviz's natural size
    min_scale = traitlets.Float(0.05).tag(sync=True)
    max_scale = traitlets.Float(8.0).tag(sync=True)
    max_height = traitlets.Int(560).tag(sync=True)  # CSS px; taller graphs pan
    labels = traitlets.Dict().tag(sync=True)  # the controls' texts (catalogue keys "zoom.*")

    def __init__(self, svg: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("labels", {k: v for k, v in Section("zoom.").items()})
        super().__init__(svg=svg, **kwargs)
        self.add_class("minigrad-zoom-widget")

    def __repr__(self) -> str:
        return tr("zoom.repr", scale=f"{self.scale:.0%}")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        if bundle:
            bundle["text/plain"] = repr(self)
        return bundle


MIN_PX = 9.0  # the smallest text a learner should have to read, in CSS pixels
_SCALE = re.compile(r'class="graph" transform="scale\(([0-9.eE+-]+)')
_FONT = re.compile(r'font-size="([0-9.]+)"')
_PT = re.compile(r'<svg width="([0-9.]+)pt"[^>]*viewBox="[0-9.+-]+ [0-9.+-]+ ([0-9.]+) ')


def displayed_px(svg: str) -> float:
    """The smallest text of a graphviz SVG, in CSS pixels, as a notebook shows it at
    its own size (1 pt = 4/3 px), however graphviz scaled it down to fit.

    >>> displayed_px('<svg width="100pt" height="9pt" viewBox="0.00 0.00 200.00 18.00">'
    ...              '<g id="graph0" class="graph" transform="scale(0.5 0.5) rotate(0)">'
    ...              '<text font-size="12.00">x</text></g></svg>')
    8.0
    """
    fonts = [float(f) for f in _FONT.findall(svg)]
    if not fonts:
        return float("inf")
    m = _SCALE.search(svg)
    scale = float(m.group(1)) if m else 1.0
    size = _PT.search(svg)
    if size is not None and not m:  # no transform: the width says how it was scaled
        scale = float(size.group(1)) / float(size.group(2))
    return min(fonts) * scale * 4 / 3


def natural_source(source: str) -> str:
    """The DOT text without the width cap (``size``) meant for an output area.

    >>> natural_source('graph [fontsize="10", size="9.4,1000", rankdir="LR"]')
    'graph [fontsize="10", rankdir="LR"]'
    """
    return _SIZE.sub("", source, count=1)


def zoomable(figure: Any, *, scale: float = 1.0, max_height: int = 560) -> Any:
    """``figure`` in a :class:`ZoomView`, at ``scale`` times its natural size.

    Without a program to draw the SVG in Python (only the browser renderer),
    the graph is laid out in the browser by graphviz-anywidget, with its zoom on.
    """
    from .render import Figure, _resolve, browser_view

    big = Figure(natural_source(figure.source), figure.program)
    if _resolve(figure.program)[0] == "browser":
        view = browser_view(big.source)
        view.enable_zoom = True
        return view
    return ZoomView(big.svg(), scale=scale, max_height=max_height)
