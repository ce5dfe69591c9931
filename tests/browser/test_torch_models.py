"""Real torch models of real size stay legible: a 6-layer MLP, an
``nn.TransformerEncoderLayer`` and a small CNN (Conv2d, BatchNorm2d,
MaxPool2d), each drawn with ``collapse=True`` (forward, traced by
``viz.record()``, and backward), and a BackwardStepper on the MLP, shown in
JupyterLab at 1400×900 in English and Chinese. Measured as in
:mod:`tests.browser.test_legibility`: nothing cut off outside a zoom frame,
and no text under 9 CSS pixels."""

from __future__ import annotations

import json
import os

import pytest

from .lab import open_notebook, run_all, wait_idle
from .test_legibility import Graphs, _figures, _steppers, _zoom_views, lab, window  # noqa: F401
from .test_lessons import PANEL, _Fresh, _shut_down_kernels

pytestmark = pytest.mark.browser

SETUP = """\
import torch
from torch import nn
import minigrad
from minigrad import viz, widgets
minigrad.set_language({lang!r})
torch.manual_seed(0)"""

CELLS = [
    """\
mlp = nn.Sequential(*[m for _ in range(6) for m in (nn.Linear(16, 16), nn.ReLU())])
x = torch.randn(4, 16)
with viz.record():
    loss = mlp(x).pow(2).mean()
viz.draw_forward(loss, collapse=True)""",
    "viz.draw_backward(loss, collapse=True)",
    "widgets.BackwardStepper(mlp[10](mlp[9](mlp[8](x))).sum())",
    """\
encoder = nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, dropout=0.0,
                                     batch_first=True)
tokens = torch.randn(2, 5, 16)
with viz.record():
    encoded = encoder(tokens).sum()
viz.draw_forward(encoded, collapse=True)""",
    "viz.draw_backward(encoded, collapse=True)",
    """\
cnn = nn.Sequential(
    nn.Conv2d(1, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(4, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(32, 3),
)
images = torch.randn(2, 1, 8, 8)
with viz.record():
    scores = cnn(images).sum()
viz.draw_forward(scores, collapse=True)""",
    "viz.draw_backward(scores, collapse=True)",
]


def _notebook(lang: str) -> dict:
    cells = [SETUP.format(lang=lang), *CELLS]
    return {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": c,
                "outputs": [],
                "execution_count": None,
            }
            for c in cells
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_three_torch_models_fit_and_are_legible(lab, window, lang: str) -> None:  # noqa: F811
    page = window
    name = f"torch_models_{lang}.ipynb"
    (lab.root / name).write_text(json.dumps(_notebook(lang)), encoding="utf-8")
    try:
        open_notebook(page, _Fresh(lab), name)
        run_all(page)
        page.wait_for_function(
            f"n => [...document.querySelectorAll('{PANEL} .jp-CodeCell .jp-InputPrompt')]"
            ".filter(p => /\\[\\d+\\]/.test(p.textContent)).length >= n",
            arg=len(CELLS) + 1,
            timeout=180_000,
        )
        wait_idle(page, timeout=180)
        errors = page.query_selector_all(f"{PANEL} .jp-OutputArea-output[data-mime-type*=error]")
        assert not errors, errors[0].inner_text()
        # (a "zh/" name makes the measuring read the Chinese stepper buttons)
        found = Graphs("zh/torch_models" if lang == "zh" else "torch_models", page)
        for cell in page.query_selector_all(f"{PANEL} .jp-CodeCell"):
            _figures(cell, found)
            _steppers(page, cell, found)
            _zoom_views(cell, found)
    finally:
        _shut_down_kernels(lab)
    report = os.environ.get("MINIGRAD_LEGIBILITY_REPORT")
    if report:
        with open(report, "a", encoding="utf-8") as f:
            for r in found.rows:
                f.write(json.dumps(dict(r, notebook=found.notebook)) + "\n")
    # six figures (each an image, or a zoom frame when too small to read fitted)
    shown = {r["cell"] for r in found.rows if not r["view"].startswith("BackwardStepper")}
    assert len(shown) == 6, found.rows
    assert any(r["view"].startswith("BackwardStepper") for r in found.rows)
    problems = found.failures()
    assert not problems, "\n".join(problems)
