"""Helpers for driving JupyterLab in the browser tests (see ``conftest.py``)."""

from __future__ import annotations

from typing import Any

Page = Any  # playwright.sync_api.Page; imported only when the browser tests run


def open_notebook(page: Page, server: Any, name: str) -> None:
    """Open ``name`` and wait until its kernel is ready."""
    page.goto(server.url(name))
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell")
    # JupyterLab may ask which kernel to start: take the one it proposes
    dialog = page.locator(".jp-Dialog .jp-mod-accept")
    try:
        dialog.wait_for(state="visible", timeout=8000)
        dialog.click()
    except Exception:  # no dialog: the kernel started by itself
        pass
    page.wait_for_selector(
        ".jp-NotebookPanel .jp-Notebook-ExecutionIndicator[data-status='idle']",
        state="attached",
    )


def run_all(page: Page) -> None:
    """Run > Run All Cells, through the menu."""
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click("li[data-command='runmenu:run-all']")


def wait_idle(page: Page, timeout: float = 60) -> None:
    """Wait until no cell shows ``[*]`` any more."""
    page.wait_for_function(
        "() => ![...document.querySelectorAll('.jp-InputPrompt')]"
        ".some(p => p.textContent.includes('*'))",
        timeout=timeout * 1000,
    )
