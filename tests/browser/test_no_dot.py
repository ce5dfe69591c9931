"""The lessons on a machine without graphviz's ``dot``, in JupyterLab and Chromium.

The JupyterLab server, and so every kernel it starts, runs with a PATH that
holds no ``dot`` (see ``tests/nodot.py``). Then:

- two lessons run as a learner runs them, every graph is drawn (by the pip
  package graphviz-pure) as an SVG with the expected node labels, and no cell
  shows an error;
- with ``viz.set_renderer("browser")`` the figures are laid out in the browser
  by graphviz compiled to WebAssembly, with nothing fetched from outside.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ..nodot import path_without_dot
from .conftest import start_lab
from .lab import open_notebook, run_all, wait_idle
from .test_lessons import PANEL, _code_cells, _Fresh, _run_and_check, _shut_down_kernels

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
# node labels each lesson's pictures must show
LESSONS = {
    "01_tensors_and_graphs.ipynb": {"w", "x", "mul", "add", "mean", "mm", "squeeze"},
    "03_scalar_backward.ipynb": {"mul", "MulBackward0", "AddBackward0", "AccumulateGrad"},
}

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    base = tmp_path_factory.mktemp("lab-without-dot")
    path = path_without_dot(base / "bin")
    with start_lab(base, {"PATH": path, "MINIGRAD_RENDERER": "auto"}) as server:
        settings = base / "settings" / "@jupyterlab" / "notebook-extension"
        settings.mkdir(parents=True, exist_ok=True)
        (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
        yield server


LOCAL = re.compile(
    r"^(https?://(127\.0\.0\.1|localhost)[:/]|wss?://(127\.0\.0\.1|localhost)[:/]|data:|blob:)"
)


def _offline(page) -> list[str]:
    """Every request the page makes to anywhere but this machine (there must be none)."""
    outside: list[str] = []
    page.on("request", lambda r: None if LOCAL.match(r.url) else outside.append(r.url))
    return outside


def _svg_texts(page) -> list[str]:
    """The text of every SVG image in the notebook's outputs, decoded."""
    return page.eval_on_selector_all(
        f'{PANEL} .jp-OutputArea-output img[src^="data:image/svg+xml"]',
        "imgs => imgs.map(i => decodeURIComponent(i.src.slice(i.src.indexOf(',') + 1)))",
    )


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_lessons_draw_every_graph_without_dot(lab, page, name: str, tmp_path) -> None:
    outside = _offline(page)
    stored = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    fresh = json.loads(json.dumps(stored))
    for cell in _code_cells(fresh):
        cell["outputs"], cell["execution_count"] = [], None
    (lab.root / name).write_text(json.dumps(fresh, indent=1), encoding="utf-8")
    open_notebook(page, _Fresh(lab), name)
    try:
        _run_and_check(page, lab, name, _code_cells(stored))  # every graph, no error
        svgs = _svg_texts(page)
        assert svgs and all("graphviz-pure" in s for s in svgs), "drawn without dot"
        shown = " ".join(svgs)
        for label in LESSONS[name]:
            assert f">{label}<" in shown, f"{name}: no node {label!r}"
        # the widgets' pictures too: no error box, an SVG in each
        outputs = page.inner_text(PANEL)
        assert "needs a graphviz program" not in outputs
        page.screenshot(path=str(tmp_path / f"{Path(name).stem}.png"), full_page=False)
    finally:
        _shut_down_kernels(lab)
    assert not outside


BROWSER_NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "metadata": {},
            "outputs": [],
            "execution_count": None,
            "source": source,
        }
        for source in (
            "import minigrad as torch\nfrom minigrad import viz\nviz.set_renderer('browser')\n"
            "x = torch.tensor([2.0])\nw = torch.tensor([0.5], requires_grad=True)\n"
            "b = torch.tensor([0.1], requires_grad=True)\nz = w * x + b\nz.backward()\n"
            "viz.renderer()",
            "viz.draw_forward(z)",
            "viz.draw_backward(z)",
            "viz.draw(z)",
            "from minigrad.widgets import BackwardStepper, interact_graph\n"
            "BackwardStepper(w * x + b)",
            "interact_graph(lambda x, w, b: w * x + b, x=2.0, w=(-3.0, 3.0), b=(-3.0, 3.0))",
        )
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}


def test_figures_laid_out_in_the_browser(lab, page, tmp_path) -> None:
    outside = _offline(page)
    name = "browser_renderer.ipynb"
    (lab.root / name).write_text(json.dumps(BROWSER_NOTEBOOK), encoding="utf-8")
    open_notebook(page, _Fresh(lab), name)
    try:
        run_all(page)
        wait_idle(page)
        graphs = f"{PANEL} .jp-OutputArea-output svg .node"
        page.wait_for_function(
            "sel => document.querySelectorAll(sel).length > 0", arg=graphs, timeout=60_000
        )
        page.wait_for_function(
            f"() => [...document.querySelectorAll('{PANEL} .jp-CodeCell')].slice(1)"
            ".every(c => c.querySelector('.jp-OutputArea-output svg .node'))",
            timeout=60_000,
        )
        cells = page.eval_on_selector_all(
            f"{PANEL} .jp-CodeCell",
            "cells => cells.map(c => [...c.querySelectorAll('.jp-OutputArea-output svg text')]"
            ".map(t => t.textContent))",
        )
        assert "'browser'" in page.inner_text(f"{PANEL} .jp-CodeCell >> nth=0")
        forward, backward, both = cells[1:4]
        assert {"w", "x", "b", "mul", "add"} <= set(forward)
        assert {"MulBackward0", "AddBackward0", "AccumulateGrad"} <= set(backward)
        assert {"mul", "MulBackward0", "forward: the computation"} <= set(both)
        assert not page.query_selector(f"{PANEL} .jp-OutputArea-output[data-mime-type*=error]")
        page.screenshot(path=str(tmp_path / "browser_renderer.png"), full_page=True)

        # the stepper and the sliders draw in the browser too, and follow the buttons
        stepper, sliders = ".minigrad-backward-stepper", ".minigrad-interact-graph"
        assert "not computed yet" in page.text_content(f"{stepper} svg")
        assert {"AddBackward0", "MulBackward0"} <= set(cells[4]) and "w" in cells[5]
        page.locator(f"{stepper} button", has_text="Next").click()
        page.wait_for_function(
            "sel => document.querySelector(sel + ' svg').textContent.includes('step 1')",
            arg=stepper,
        )
        assert "needs a graphviz program" not in page.inner_text(PANEL)
        page.locator(f"{sliders} svg").scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "browser_widgets.png"))
    finally:
        _shut_down_kernels(lab)
    assert not outside
