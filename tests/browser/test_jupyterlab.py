"""The widgets in a real JupyterLab 4, in headless Chromium.

Opens ``stepper_demo.ipynb``, runs all cells, presses Next on the backward
stepper and moves a slider of ``interact_graph``, and checks that the picture
and the numbers change. Screenshots go to the pytest temporary folder; set
``MINIGRAD_UPDATE_FIGURES=1`` to also refresh ``docs/figures/stepper.png``.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from .lab import open_notebook, run_all, wait_idle

HERE = Path(__file__).resolve().parent
FIGURE = HERE.parents[1] / "docs" / "figures" / "stepper.png"

pytestmark = pytest.mark.browser


def _svg(page, widget: str) -> str:
    """The markup of the picture inside a widget (inline SVG, or an <img> data URL)."""
    return page.eval_on_selector(
        widget,
        "w => { const s = w.querySelector('svg'); if (s) return s.outerHTML;"
        " const i = w.querySelector('img[src^=\"data:image/svg+xml\"]'); return i ? i.src : ''; }",
    )


def test_stepper_and_sliders_in_jupyterlab(jupyterlab, page, tmp_path):
    name = jupyterlab.add(HERE / "stepper_demo.ipynb")
    open_notebook(page, jupyterlab, name)
    run_all(page)
    stepper = ".minigrad-backward-stepper"
    sliders = ".minigrad-interact-graph"
    page.wait_for_selector(f"{stepper} svg")
    page.wait_for_selector(f"{sliders} svg")
    wait_idle(page)

    # --- the stepper: Next moves one node on, and the picture follows
    text = page.locator(f"{stepper} .widget-html").first
    assert "Step 0 of 4" in text.inner_text()
    assert "b.grad = none yet" in text.inner_text()
    before = _svg(page, stepper)
    assert "not computed yet" in before
    next_button = page.locator(f"{stepper} button", has_text="Next")
    for k in (1, 2):
        next_button.click()
        page.wait_for_function(
            "([sel, k]) => document.querySelector(sel).innerText.includes(`Step ${k} of 4`)",
            arg=[stepper, k],
        )
    page.wait_for_function(
        "sel => { const s = document.querySelector(sel + ' svg');"
        " return s && s.outerHTML.includes('step 2: running'); }",
        arg=stepper,
    )
    after = _svg(page, stepper)
    assert after != before and "step 2: running" in after
    assert "b.grad = [1.0]" in text.inner_text()  # AccumulateGrad(b) has run: dz/db = 1
    assert page.locator(f"{stepper} .widget-slider .widget-readout").first.inner_text() == "2"

    # --- interact_graph: move the w slider (keyboard on its handle), the graph and table change
    table = page.locator(f"{sliders} table.minigrad-grads")
    old_table = table.inner_text()
    old_graph = _svg(page, sliders)
    page.locator(sliders).scroll_into_view_if_needed()
    handle = page.locator(f"{sliders} .widget-slider").first.locator(".noUi-handle")
    handle.focus()
    for _ in range(10):
        page.keyboard.press("ArrowRight")
    # wait until the table shows the value the slider shows (the last key press is done)
    page.wait_for_function(
        "sel => { const w = document.querySelector(sel);"
        " const r = parseFloat(w.querySelector('.widget-readout').innerText);"
        " const row = [...w.querySelectorAll('table.minigrad-grads tr')]"
        ".find(tr => tr.cells[0].innerText === 'w');"
        " return r > 0 && row && Math.abs(parseFloat(row.cells[1].innerText) - r) < 1e-6; }",
        arg=sliders,
    )
    new_table = table.inner_text()
    assert new_table != old_table
    w_row = [r for r in new_table.splitlines() if r.startswith("w")][0]
    assert float(w_row.split()[1]) > 0  # w moved right from the middle of (-3, 3)
    z_row = [r for r in new_table.splitlines() if r.startswith("z")][0]
    assert float(z_row.split()[1]) == pytest.approx(2.0 * float(w_row.split()[1]), abs=1e-3)
    assert _svg(page, sliders) != old_graph

    # --- a screenshot of the notebook
    shot = tmp_path / "stepper.png"
    page.locator(stepper).scroll_into_view_if_needed()
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    if os.environ.get("MINIGRAD_UPDATE_FIGURES") == "1":
        FIGURE.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, FIGURE)
