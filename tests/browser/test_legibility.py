"""Every graph of every lesson fits its output area and its text can be read.

A learner opens a lesson (English, or Chinese from notebooks/zh/) in JupyterLab 4
at a 1400×900 window, in the default layout (file browser open, scrollbars
shown), and runs all cells. Then, for
every graph on the page:

- it is not cut off: no part of it is hidden behind the output area's
  horizontal scrolling (or past its right edge);
- its smallest text, as displayed, is at least ``MIN_PX`` CSS pixels: the
  SVG's smallest ``font-size`` times the scale it is drawn at (the graph's own
  ``scale(...)`` and the displayed width over the SVG's ``viewBox`` width).

This covers the figures (``image/svg+xml`` outputs, shown by JupyterLab as
``<img>``) and the graphs inside widgets (inline ``<svg>``): a
``BackwardStepper`` is measured at every step (by clicking Next), an
``interact_graph`` at every position of its sliders (by the arrow keys), a
``Figure.zoomable()`` frame as it opens (the graph pans inside it: the frame
is what must not be cut off).

A failure names the notebook, the cell's execution count, the view, the size
and the scale. ``MINIGRAD_LEGIBILITY_REPORT=file`` appends one JSON line per
graph measured; ``MINIGRAD_LEGIBILITY_SHOTS=folder`` saves a screenshot of the
window (1400×900) showing each graph, to look at.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from minigrad.i18n import catalogue

from .conftest import CHROMIUM, CHROMIUM_ARGS
from .lab import open_notebook, run_all, wait_idle
from .test_lessons import (
    LESSONS,
    PANEL,
    _code_cells,
    _Fresh,
    _ids,
    _name,
    _shut_down_kernels,
    _source_hidden,
)

pytestmark = pytest.mark.browser

MIN_PX = 9.0  # the smallest text a learner should have to read, in CSS pixels
WINDOW = {"width": 1400, "height": 900}

# Measures one graph: its smallest displayed font, and whether it is cut off.
# ``svg`` is the graph's SVG element (parsed from the <img> data, or inline),
# ``shown`` the element on the page.
MEASURE = """
(shown, svgText) => {
  let svg = shown;
  if (svgText !== null) {
    svg = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
  }
  const viewBox = (svg.getAttribute('viewBox') || '').trim().split(/[\\s,]+/).map(Number);
  const rect = shown.getBoundingClientRect();
  const vbWidth = viewBox.length === 4 ? viewBox[2] : rect.width;
  const graph = svg.querySelector('g.graph') || svg.querySelector('g');
  const m = /scale\\(([0-9.eE+-]+)/.exec(graph ? (graph.getAttribute('transform') || '') : '');
  const scale = (m ? Number(m[1]) : 1) * rect.width / vbWidth;
  let font = Infinity;
  for (const t of svg.querySelectorAll('text')) {
    if (!t.textContent.trim()) continue;
    const size = Number(t.getAttribute('font-size') || 14);
    font = Math.min(font, size);
  }
  const area = shown.closest('.jp-OutputArea-output');
  const box = area.getBoundingClientRect();
  const right = box.left + area.clientWidth;
  // in a zoom frame (Figure.zoomable) the graph pans: the frame is what must fit
  const frame = shown.closest('.minigrad-zoom-frame');
  const outer = frame ? frame.getBoundingClientRect() : rect;
  const hidden = Math.max(area.scrollWidth - area.clientWidth, outer.right - right, 0);
  return {font: font, scale: scale, px: font * scale, hidden: hidden,
          width: rect.width, area: area.clientWidth};
}
"""


@pytest.fixture(scope="module")
def lab(jupyterlab):
    """The shared server, rendering every cell (no windowing), so that all
    outputs are on the page at once."""
    settings = jupyterlab.root.parent / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    return jupyterlab


@pytest.fixture(scope="module")
def window(playwright: object, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """A 1400×900 Chromium window that shows its scrollbars, as a desktop one does
    (Playwright hides them in headless mode unless told otherwise)."""
    context = playwright.chromium.launch_persistent_context(  # type: ignore[attr-defined]
        str(tmp_path_factory.mktemp("chromium-legibility")),
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        ignore_default_args=["--hide-scrollbars"],
        viewport=WINDOW,
    )
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        yield page
    finally:
        context.close()


class Graphs:
    """What was measured in one notebook, and what failed."""

    def __init__(self, notebook: str, page=None) -> None:
        self.notebook, self.page = notebook, page
        self.rows: list[dict] = []

    def add(self, cell: str, view: str, m: dict, element=None) -> None:
        self.rows.append(dict(m, cell=cell, view=view))
        shots = os.environ.get("MINIGRAD_LEGIBILITY_SHOTS")
        if shots and element is not None:  # a picture of what the learner sees, to look at
            name = re.sub(r"[^\w.=-]+", "_", f"{self.notebook}_{cell}_{view}")
            element.scroll_into_view_if_needed()
            self.page.screenshot(path=str(Path(shots) / f"{name}.png"))

    def failures(self) -> list[str]:
        bad = []
        for r in self.rows:
            where = f"{self.notebook} [{r['cell']}] {r['view']}"
            if r["hidden"] > 1:
                bad.append(
                    f"{where}: cut off, {r['hidden']:.0f} px hidden "
                    f"(graph {r['width']:.0f} px wide, output area {r['area']} px)"
                )
            if r["px"] < MIN_PX:
                bad.append(
                    f"{where}: smallest text {r['px']:.1f} px "
                    f"(font-size {r['font']:g} at scale {r['scale']:.3f}), under {MIN_PX:g} px"
                )
        return bad


def _cells(page) -> list:
    return page.query_selector_all(f"{PANEL} .jp-CodeCell")


def _count(cell) -> str:
    text = cell.query_selector(".jp-InputPrompt").inner_text()
    return text.strip().strip("[]:") or "?"


def _measure(element, svg_text: str | None) -> dict:
    element.scroll_into_view_if_needed()
    return element.evaluate(MEASURE, svg_text)


def _figures(cell, found: Graphs) -> None:
    images = cell.query_selector_all('.jp-OutputArea-output img[src^="data:image/svg+xml"]')
    for k, img in enumerate(images):
        text = img.evaluate(
            "img => { const s = img.src, i = s.indexOf(',');"
            " return s.slice(0, i).endsWith(';base64') ? atob(s.slice(i + 1))"
            " : decodeURIComponent(s.slice(i + 1)); }"
        )
        view = "figure" + (f" {k + 1}" if len(images) > 1 else "")
        found.add(_count(cell), view, _measure(img, text), img)


def _zoom_views(cell, found: Graphs) -> None:
    """``Figure.zoomable()`` frames, as they open: at their default scale."""
    for k, frame in enumerate(cell.query_selector_all(".minigrad-zoom-frame")):
        svg = frame.query_selector("svg")
        found.add(_count(cell), f"zoomable {k + 1}", _measure(svg, None), frame)


def _inline(widget):
    return widget.query_selector("svg")


def _stepper_words(notebook: str) -> tuple[str, str]:
    """The stepper's "Next" button and its "Step k of" heading, in the lesson's language
    (the Chinese lessons in notebooks/zh/ set minigrad's language to zh)."""
    words = catalogue("zh" if notebook.startswith("zh/") else "en")
    return words["stepper.next"], words["stepper.head"].split("{last}")[0]


def _steppers(page, cell, found: Graphs) -> None:
    next_word, head = _stepper_words(found.notebook)
    for stepper in cell.query_selector_all(".minigrad-backward-stepper"):
        nxt = stepper.query_selector(f"button:has-text('{next_word}')")
        k = 0
        while True:
            svg = _inline(stepper)
            found.add(_count(cell), f"BackwardStepper step {k}", _measure(svg, None), stepper)
            if nxt.is_disabled():
                break
            before = svg.evaluate("s => s.outerHTML")
            nxt.click()
            k += 1
            stepper.wait_for_selector(f"text={head.format(index=k)}")
            _wait_redrawn(page, stepper, before)


def _wait_redrawn(page, widget, before: str) -> None:
    page.wait_for_function(
        "([w, before]) => { const s = w.querySelector('svg');"
        " return s !== null && s.outerHTML !== before; }",
        arg=[widget, before],
    )


def _slider_graphs(page, cell, found: Graphs) -> None:
    for widget in cell.query_selector_all(".minigrad-interact-graph"):
        for slider in widget.query_selector_all(".widget-slider"):
            name = slider.query_selector(".widget-label").inner_text().strip()
            handle = slider.query_selector(".noUi-handle")
            handle.focus()
            value = handle.get_attribute("aria-valuetext")
            before = _inline(widget).evaluate("s => s.outerHTML")
            page.keyboard.press("Home")  # the slider's minimum, then step by step
            if handle.get_attribute("aria-valuetext") != value:
                _wait_redrawn(page, widget, before)
            while True:
                svg = _inline(widget)
                value = handle.get_attribute("aria-valuetext")
                view = f"interact_graph {name}={value}"
                found.add(_count(cell), view, _measure(svg, None), widget)
                before = svg.evaluate("s => s.outerHTML")
                page.keyboard.press("ArrowRight")
                if handle.get_attribute("aria-valuetext") == value:
                    break  # at the slider's maximum
                _wait_redrawn(page, widget, before)


def _run(page, lab, notebook: Path) -> Graphs:
    stored = json.loads(notebook.read_text(encoding="utf-8"))
    fresh = json.loads(json.dumps(stored))
    for cell in _code_cells(fresh):
        cell["outputs"], cell["execution_count"] = [], None
    name = _name(notebook)
    (lab.root / name).parent.mkdir(exist_ok=True)
    (lab.root / name).write_text(json.dumps(fresh, indent=1), encoding="utf-8")
    open_notebook(page, _Fresh(lab), name)
    run_all(page)
    # every code cell shows its "[n]:" once run, except those whose input is hidden
    # (the solutions cell), which have no prompt on show
    cells = _code_cells(stored)
    page.wait_for_function(
        f"n => [...document.querySelectorAll('{PANEL} .jp-CodeCell .jp-InputPrompt')]"
        ".filter(p => /\\[\\d+\\]/.test(p.textContent)).length >= n",
        arg=len(cells) - sum(_source_hidden(c) for c in cells),
        timeout=120_000,
    )
    wait_idle(page, timeout=120)
    # the default layout: the file browser is open next to the notebook
    assert page.is_visible(".jp-FileBrowser"), "the file browser should be open"

    found = Graphs(_name(notebook), page)
    for cell in _cells(page):
        _figures(cell, found)
        _steppers(page, cell, found)
        _slider_graphs(page, cell, found)
        _zoom_views(cell, found)
    return found


@pytest.mark.parametrize("notebook", LESSONS, ids=_ids(LESSONS))
def test_every_graph_fits_and_is_legible(lab, window, notebook: Path) -> None:
    page = window
    try:
        found = _run(page, lab, notebook)
    finally:
        _shut_down_kernels(lab)
    report = os.environ.get("MINIGRAD_LEGIBILITY_REPORT")
    if report:  # one JSON line per graph, for the record
        with open(report, "a", encoding="utf-8") as f:
            for r in found.rows:
                f.write(json.dumps(dict(r, notebook=found.notebook)) + "\n")
    drawn = sum(_svg_outputs(c) for c in _code_cells(json.loads(notebook.read_text())))
    figures = sum(r["view"].startswith("figure") for r in found.rows)
    assert figures == drawn, f"{notebook.stem}: {figures} figures measured, {drawn} stored"
    problems = found.failures()
    assert not problems, "\n".join(problems)


def _svg_outputs(cell: dict) -> int:
    return sum("image/svg+xml" in o.get("data", {}) for o in cell.get("outputs", []))
