"""``Figure.zoomable()`` in a real JupyterLab 4: a graph too wide for the output area,
shown at a readable size, that zooms, pans, fits and opens full size."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from .lab import open_notebook, run_all, wait_idle

pytestmark = pytest.mark.browser

# a graph far too wide for an output area: 24 products side by side, top to bottom
CODE = """\
import minigrad as torch
from minigrad import viz
xs = [torch.tensor(float(k), requires_grad=True) for k in range(24)]
total = sum(x * x for x in xs)
fig = viz.draw_forward(total, rankdir="TB", legend=False, max_nodes=200)
view = fig.zoomable()
view
"""

# the smallest displayed text of the graph, the frame and the output area
MEASURE = """
w => {
  const frame = w.querySelector('.minigrad-zoom-frame');
  const svg = frame.querySelector('svg');
  const vb = svg.getAttribute('viewBox').trim().split(/[\\s,]+/).map(Number);
  const r = svg.getBoundingClientRect();
  const g = svg.querySelector('g.graph');
  const m = /scale\\(([0-9.eE+-]+)/.exec(g.getAttribute('transform') || '');
  const scale = (m ? Number(m[1]) : 1) * r.width / vb[2];
  let font = Infinity;
  for (const t of svg.querySelectorAll('text')) {
    if (t.textContent.trim()) font = Math.min(font, Number(t.getAttribute('font-size')));
  }
  const f = frame.getBoundingClientRect();
  const area = w.closest('.jp-OutputArea-output');
  const a = area.getBoundingClientRect();
  return {px: font * scale, svg: [r.left, r.top, r.right, r.bottom],
          frame: [f.left, f.top, f.right, f.bottom], areaRight: a.left + area.clientWidth,
          areaScroll: area.scrollWidth - area.clientWidth,
          transform: frame.querySelector('.minigrad-zoom-stage').style.transform,
          percent: w.querySelector('.minigrad-zoom-percent').textContent};
}
"""


def _shot(page, name: str) -> None:
    """A screenshot of the window, to look at (``MINIGRAD_LEGIBILITY_SHOTS=folder``)."""
    folder = os.environ.get("MINIGRAD_LEGIBILITY_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"zoom_{name}.png"))


def _notebook(path) -> None:
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "zoom",
                "metadata": {},
                "outputs": [],
                "source": CODE,
            },
            # shown as it is: too small to read once fitted, so it opens zoomable too
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "plain",
                "metadata": {},
                "outputs": [],
                "source": "fig",
            },
        ],
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            },
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(nb), encoding="utf-8")


def test_a_too_wide_graph_zooms_pans_and_opens_full_size(jupyterlab, page):
    page.set_viewport_size({"width": 1400, "height": 900})
    _notebook(jupyterlab.root / "zoom_demo.ipynb")
    open_notebook(page, jupyterlab, "zoom_demo.ipynb")
    run_all(page)
    wait_idle(page)
    widget = page.wait_for_selector(".minigrad-zoom-frame svg")
    page.wait_for_function(
        "() => document.querySelectorAll('.minigrad-zoom-frame svg').length === 2"
    )
    plain = page.query_selector_all(".minigrad-zoom")[1]
    plain.scroll_into_view_if_needed()
    shown = plain.evaluate(MEASURE)
    assert shown["px"] >= 9 and shown["frame"][2] <= shown["areaRight"] + 1, shown
    w = page.query_selector(".minigrad-zoom")
    w.scroll_into_view_if_needed()
    start = w.evaluate(MEASURE)
    _shot(page, "start")
    # readable by default, and the frame fits the output area: nothing is cut off by it
    assert start["percent"] == "100%"
    assert start["px"] >= 9, start
    assert start["frame"][2] <= start["areaRight"] + 1 and start["areaScroll"] <= 1, start
    assert start["svg"][2] > start["frame"][2]  # the graph is wider: the rest is panned to

    # + zooms in by 1.25
    w.query_selector("button:text-is('+')").click()
    page.wait_for_function(
        "w => w.querySelector('.minigrad-zoom-percent').textContent === '125%'", arg=w
    )
    bigger = w.evaluate(MEASURE)
    assert bigger["px"] == pytest.approx(start["px"] * 1.25, rel=0.02)

    # dragging pans the graph
    frame = w.query_selector(".minigrad-zoom-frame").bounding_box()
    cx, cy = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx - 200, cy, steps=5)
    page.mouse.up()
    panned = w.evaluate(MEASURE)
    assert panned["svg"][0] == pytest.approx(bigger["svg"][0] - 200, abs=2)

    # Fit shows all of it inside the frame; Actual size comes back to the readable size
    w.query_selector("button:text-is('Fit')").click()
    page.wait_for_function(
        "w => w.querySelector('.minigrad-zoom-percent').textContent !== '125%'", arg=w
    )
    fit = w.evaluate(MEASURE)
    _shot(page, "fit")
    s, f = fit["svg"], fit["frame"]
    assert f[0] - 1 <= s[0] and s[2] <= f[2] + 1 and f[1] - 1 <= s[1] and s[3] <= f[3] + 1, fit
    w.query_selector("button:text-is('Actual size')").click()
    page.wait_for_function(
        "w => w.querySelector('.minigrad-zoom-percent').textContent === '100%'", arg=w
    )
    assert w.evaluate(MEASURE)["px"] == pytest.approx(start["px"], rel=0.01)

    # Open full size: the SVG alone, in a new tab
    with page.context.expect_page() as opened:
        w.query_selector("button:text-is('Open full size')").click()
    tab = opened.value
    tab.wait_for_load_state()
    assert tab.url.startswith("blob:")
    assert tab.evaluate("() => document.documentElement.tagName.toLowerCase()") == "svg"
    assert "AccumulateGrad" not in tab.content() and "mul" in tab.content()
    tab.close()
    assert widget is not None
