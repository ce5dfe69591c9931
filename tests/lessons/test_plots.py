"""The lessons' plots (matplotlib, minigrad.lessons.plot_*) are tested like the figures:
stored in the notebooks as images that fit the page at 1400×900 without shrinking,
with text large enough to read and every character drawn (Chinese included)."""

from __future__ import annotations

import base64
import io
import json
import warnings
from pathlib import Path

import pytest
from PIL import Image

import minigrad
from minigrad import lessons

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PAGES = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted(
    (NOTEBOOKS / "zh").glob("[0-9][0-9]_*.ipynb")
)
MAX_WIDTH, MAX_HEIGHT = 1000, 600  # JupyterLab's output area at 1400×900 shows it 1:1
MIN_TEXT_PX = 9


PLOT_FUNCTIONS = [name for name in vars(lessons) if name.startswith("plot_")]


def plot_cells(path: Path) -> list[dict]:
    """The code cells that draw one of the lessons' plots."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [
        c
        for c in cells
        if c["cell_type"] == "code"
        and any(f"{name}(" in "".join(c["source"]) for name in PLOT_FUNCTIONS)
    ]


def test_the_course_has_plots_in_both_languages() -> None:
    en = [p.name for p in PAGES if p.parent == NOTEBOOKS and plot_cells(p)]
    zh = [p.name for p in PAGES if p.parent.name == "zh" and plot_cells(p)]
    assert {"02_what_a_derivative_is.ipynb", "13_training_a_model.ipynb"} <= set(en)
    assert en == zh


@pytest.mark.parametrize(
    "path", [p for p in PAGES if plot_cells(p)], ids=lambda p: str(p.relative_to(NOTEBOOKS))
)
def test_stored_plots_are_images_that_fit_the_page(path: Path) -> None:
    for cell in plot_cells(path):
        pngs = [o["data"]["image/png"] for o in cell["outputs"] if "image/png" in o.get("data", {})]
        assert pngs, "".join(cell["source"])
        for data in pngs:
            width, height = Image.open(io.BytesIO(base64.b64decode(data))).size
            assert 500 <= width <= MAX_WIDTH and height <= MAX_HEIGHT, (width, height)


def _plots() -> dict:
    return {
        "slope": lambda: lessons.plot_function_and_slope(lambda x: x**3),
        "errors": lambda: lessons.plot_difference_errors(lambda x: x**3),
        "training": lambda: lessons.plot_training(
            [1.0, 0.4, 0.1], [-1.0, 0.0, 1.0], [1.0, 0.0, 1.0], [0.9, 0.1, 0.9]
        ),
    }


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("name", sorted(_plots()))
def test_plot_text_is_readable_and_every_glyph_is_drawn(name: str, language: str) -> None:
    with minigrad.language(language):
        plot = _plots()[name]()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        png = plot._repr_png_()
    missing = [str(w.message) for w in caught if "missing from" in str(w.message)]
    assert not missing, missing  # a box instead of a character
    assert Image.open(io.BytesIO(png)).size[0] <= MAX_WIDTH
    dpi = 100  # what Plot._repr_png_ draws at
    texts = [t for t in plot.figure.findobj(lambda a: hasattr(a, "get_fontsize")) if t.get_text()]
    assert texts
    for text in texts:
        assert text.get_fontsize() * dpi / 72 >= MIN_TEXT_PX, (text.get_text(), text.get_fontsize())
