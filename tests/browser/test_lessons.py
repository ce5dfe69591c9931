"""Every lesson, run by a learner: open it in JupyterLab (headless Chromium),
Run All, and check what the page shows.

For each notebook in ``notebooks/`` and in ``notebooks/zh/`` (the Chinese course):

- every code cell ran (each has an execution count), and only the cells tagged
  ``raises-exception`` show an error (read from the notebook as JupyterLab
  saves it after the run);
- every graph drawn by ``minigrad.viz`` is on the page as an SVG image
  (JupyterLab 4 shows ``image/svg+xml`` as ``<img src="data:image/svg+xml,...">``),
  as many per cell as the stored notebook has.

The fixtures (a JupyterLab server and a Chromium page) are in ``conftest.py``.
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

import pytest

from .lab import open_notebook, run_all, wait_idle

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted(
    (NOTEBOOKS / "zh").glob("[0-9][0-9]_*.ipynb")
)
SVG = "image/svg+xml"
# The notebook on screen (JupyterLab may restore earlier notebooks as hidden tabs).
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"

pytestmark = pytest.mark.browser


def _name(notebook: Path) -> str:
    """The notebook's path under notebooks/ (``zh/01_tensors_and_graphs.ipynb``)."""
    return notebook.relative_to(NOTEBOOKS).as_posix()


def _ids(notebooks: list[Path]) -> list[str]:
    return [_name(p).removesuffix(".ipynb").replace("/", "-") for p in notebooks]


def _code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def _tags(cell: dict) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def _source_hidden(cell: dict) -> bool:
    return bool(cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"))


def _svg_count(cell: dict) -> int:
    return sum(SVG in o.get("data", {}) for o in cell.get("outputs", []))


@pytest.fixture(scope="module")
def lab(jupyterlab):
    """The shared server, told to render every cell (no windowing), so that the
    page holds all outputs at once and they can be counted."""
    settings = jupyterlab.root.parent / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    return jupyterlab


class _Fresh:
    """The server, with addresses that reset JupyterLab's workspace, so that the
    notebooks of earlier tests are not reopened (each with a kernel of its own)."""

    def __init__(self, server) -> None:
        self.server = server

    def url(self, name: str) -> str:
        return self.server.url(name) + "&reset"


def _shut_down_kernels(server) -> None:
    """Delete every session (and so its kernel) through the REST API."""
    auth = {"Authorization": f"token {server.token}"}
    with urllib.request.urlopen(
        urllib.request.Request(f"{server.base}/api/sessions", headers=auth), timeout=10
    ) as r:
        sessions = json.load(r)
    for s in sessions:
        request = urllib.request.Request(
            f"{server.base}/api/sessions/{s['id']}", headers=auth, method="DELETE"
        )
        urllib.request.urlopen(request, timeout=10).close()


def _wait_saved_run(path: Path, n_code: int, timeout: float = 30) -> dict:
    """The notebook file once JupyterLab has saved it with every code cell executed."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            nb = json.loads(path.read_text(encoding="utf-8"))
            counts = [c.get("execution_count") for c in _code_cells(nb)]
            if len(counts) == n_code and all(counts):
                return nb
        except (OSError, json.JSONDecodeError):
            pass  # not written yet, or being written
        if time.monotonic() > deadline:
            raise AssertionError(f"{path.name}: the saved notebook never had all cells executed")
        time.sleep(0.25)


@pytest.mark.parametrize("notebook", LESSONS, ids=_ids(LESSONS))
def test_run_all_in_jupyterlab(lab, page, notebook: Path) -> None:
    stored = json.loads(notebook.read_text(encoding="utf-8"))
    cells = _code_cells(stored)
    # Start from a notebook without outputs, so everything on the page is fresh.
    fresh = json.loads(json.dumps(stored))
    for cell in _code_cells(fresh):
        cell["outputs"], cell["execution_count"] = [], None
    name = _name(notebook)
    (lab.root / name).parent.mkdir(exist_ok=True)
    (lab.root / name).write_text(json.dumps(fresh, indent=1), encoding="utf-8")

    open_notebook(page, _Fresh(lab), name)
    try:
        _run_and_check(page, lab, name, cells)
    finally:
        _shut_down_kernels(lab)


def _run_and_check(page, lab, name: str, cells: list[dict]) -> None:
    run_all(page)

    # Every code cell with its input on show gets its execution count "[n]:" (Run
    # All goes on past the cells tagged raises-exception, and stops at any other
    # error). The solutions cell has its input hidden, and so its prompt; the saved
    # notebook, read below, shows that it ran too.
    hidden = sum(_source_hidden(c) for c in cells)
    page.wait_for_function(
        f"n => [...document.querySelectorAll('{PANEL} .jp-CodeCell .jp-InputPrompt')]"
        ".filter(p => /\\[\\d+\\]/.test(p.textContent)).length >= n",
        arg=len(cells) - hidden,
        timeout=120_000,
    )
    wait_idle(page, timeout=120)
    page.wait_for_selector(
        f"{PANEL} .jp-Notebook-ExecutionIndicator[data-status='idle']", state="attached"
    )

    # Every graph is on the page, in the cell that draws it.
    expected = [_svg_count(c) for c in cells]
    page.wait_for_function(
        "n => document.querySelectorAll("
        f"'{PANEL} .jp-OutputArea-output img[src^=\"data:image/svg+xml\"]').length >= n",
        arg=sum(expected),
        timeout=30_000,
    )
    shown = page.eval_on_selector_all(
        f"{PANEL} .jp-CodeCell",
        "cells => cells.map(c => c.querySelectorAll("
        "'.jp-OutputArea-output img[src^=\"data:image/svg+xml\"]').length)",
    )
    assert shown == expected, f"{name}: SVG graphs per code cell"

    # Save, and read what ran: errors only where the lesson means them.
    page.keyboard.press("Control+s")
    saved = _wait_saved_run(lab.root / name, len(cells))
    for i, (cell, ran) in enumerate(zip(cells, _code_cells(saved))):
        errors = [o for o in ran.get("outputs", []) if o["output_type"] == "error"]
        if "raises-exception" in _tags(cell):
            assert errors, f"{name}, code cell {i}: expected an error"
        else:
            assert not errors, f"{name}, code cell {i}: {errors[0]['ename']}: {errors[0]['evalue']}"
        assert _svg_count(ran) == _svg_count(cell), f"{name}, code cell {i}: graphs"
