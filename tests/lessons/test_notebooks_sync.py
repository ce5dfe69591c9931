"""The lessons in ``notebooks/`` are stored twice: a jupytext ``.py`` file in
``notebooks/py/`` (the source to read and review) and an ``.ipynb`` with the
outputs of a real run. The sources live in a subfolder so that JupyterLab's file
browser shows each lesson once.

nbval (``make test``) re-executes every ``.ipynb`` and compares fresh outputs with
the stored ones. These tests catch what nbval cannot see:

- a ``.py`` edited without updating its ``.ipynb`` (or the other way round);
- stored outputs that were not produced by one clean run from top to bottom
  (edited by hand, cells run out of order, or never executed);
- an error output in a cell that is not tagged ``raises-exception``, and a
  tagged cell that raises nothing;
- widget cells whose live output nbval must not compare.

To bring a notebook up to date after editing its ``.py``::

    jupytext --sync notebooks/py/NN_name.py
    jupyter nbconvert --to notebook --execute --inplace notebooks/NN_name.ipynb
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
IPYNB = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
PAIRED = sorted((NOTEBOOKS / "py").glob("[0-9][0-9]_*.py"))
LESSONS = [p for p in IPYNB if not p.name.startswith("00_")]


# The last lesson draws, steps and explains real PyTorch models: it imports torch itself.
REAL_TORCH_LESSON = "14_your_own_pytorch_model"


def ids(paths: list[Path]) -> list[str]:
    return [p.stem for p in paths]


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def source(cell: dict) -> str:
    src = cell["source"]
    return (src if isinstance(src, str) else "".join(src)).strip()


def tags(cell: dict) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def test_there_are_fourteen_lessons_and_an_index() -> None:
    names = [p.name for p in IPYNB]
    assert names[0] == "00_index.ipynb"
    assert [int(p.name[:2]) for p in LESSONS] == list(range(1, 15)), names
    assert LESSONS[-1].stem == REAL_TORCH_LESSON


def test_no_unpaired_py_next_to_the_notebooks() -> None:
    """The file browser shows each lesson once: no .py beside the .ipynb files."""
    assert not list(NOTEBOOKS.glob("*.py"))


def test_every_notebook_has_its_paired_source() -> None:
    assert [p.stem for p in IPYNB] == [p.stem for p in PAIRED]


@pytest.mark.parametrize("path", IPYNB, ids=ids(IPYNB))
def test_ipynb_matches_its_py_source(path: Path) -> None:
    """The cells of the .ipynb are exactly the cells of the paired .py file."""
    stored = load(path)
    text = jupytext.read(NOTEBOOKS / "py" / (path.stem + ".py"))
    assert len(stored["cells"]) == len(text.cells), "different number of cells: run jupytext --sync"
    for i, (a, b) in enumerate(zip(stored["cells"], text.cells)):
        assert a["cell_type"] == b.cell_type, f"cell {i}"
        assert source(a) == b.source.strip(), f"cell {i} differs: run jupytext --sync"
        assert tags(a) == set(b.metadata.get("tags", [])), f"cell {i}: tags differ"


@pytest.mark.parametrize("path", IPYNB, ids=ids(IPYNB))
def test_outputs_come_from_one_clean_run(path: Path) -> None:
    """Execution counts 1, 2, 3... in order: every code cell ran once, top to bottom,
    in a fresh kernel (as `jupyter nbconvert --execute` does)."""
    counts = [c.get("execution_count") for c in code_cells(load(path))]
    assert counts == list(range(1, len(counts) + 1)), (
        f"stale or hand-edited outputs (execution counts {counts}): re-execute the notebook"
    )


@pytest.mark.parametrize("path", IPYNB, ids=ids(IPYNB))
def test_errors_only_where_tagged(path: Path) -> None:
    for i, cell in enumerate(code_cells(load(path))):
        errors = [o for o in cell.get("outputs", []) if o["output_type"] == "error"]
        if "raises-exception" in tags(cell):
            assert errors, f"code cell {i} is tagged raises-exception but raised nothing"
        else:
            assert not errors, f"code cell {i} raised {errors[0]['ename']} without the tag"


@pytest.mark.parametrize("path", IPYNB, ids=ids(IPYNB))
def test_widget_cells_are_not_compared_by_nbval(path: Path) -> None:
    for i, cell in enumerate(code_cells(load(path))):
        shows_widget = any(
            "application/vnd.jupyter.widget-view+json" in o.get("data", {})
            for o in cell.get("outputs", [])
        )
        if shows_widget or re.search(r"\bminigrad\.widgets\b|\bipywidgets\b", source(cell)):
            assert "nbval-ignore-output" in tags(cell), f"code cell {i} shows a widget"


@pytest.mark.parametrize("path", IPYNB, ids=ids(IPYNB))
def test_no_numpy_scalar_reprs(path: Path) -> None:
    """numpy 2 prints np.float64(1.5): lessons print tensors or rounded floats."""
    for i, cell in enumerate(code_cells(load(path))):
        for o in cell.get("outputs", []):
            text = o.get("text", "") or "".join(o.get("data", {}).get("text/plain", ""))
            text = text if isinstance(text, str) else "".join(text)
            assert "np.float" not in text and "np.int" not in text, f"code cell {i}"


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_lesson_shape(path: Path) -> None:
    """A lesson says what it teaches, uses minigrad as torch, draws graphs,
    compares with PyTorch and ends with exercises and a link to their solutions."""
    nb = load(path)
    cells = nb["cells"]
    assert cells[0]["cell_type"] == "markdown"
    assert "What you will learn" in source(cells[0])
    code = "\n".join(source(c) for c in code_cells(nb))
    if path.stem == REAL_TORCH_LESSON:  # the last lesson turns the aids on real PyTorch
        assert re.search(r"^import torch$", code, re.M) and "import minigrad" in code
    else:
        assert "import minigrad as torch" in code
        assert "from minigrad.lessons import compare_with_pytorch" in code
        assert "compare_with_pytorch(example)" in code
    assert "manual_seed(0)" in code
    markdown = "\n".join(source(c) for c in cells if c["cell_type"] == "markdown")
    assert "## Exercises" in markdown
    assert f"[Solutions](solutions/{path.name})" in markdown, "the exercises link their solutions"
    svgs = [
        o
        for c in code_cells(nb)
        for o in c.get("outputs", [])
        if "image/svg+xml" in o.get("data", {})
    ]
    assert svgs, "a lesson shows at least one graph"
    exercises = markdown[markdown.index("## Exercises") :]
    assert "**Exercise 1" in exercises


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_exercise_cells_do_not_show_the_answer(path: Path) -> None:
    """Between "## Exercises" and the link to the solutions, code cells ask and check
    (``check("key", answer)``); the expected values live in minigrad.lessons."""
    cells = load(path)["cells"]
    start = next(i for i, c in enumerate(cells) if "## Exercises" in source(c))
    end = next(i for i, c in enumerate(cells) if "](solutions/" in source(c))
    asks = [source(c) for c in cells[start:end] if c["cell_type"] == "code"]
    assert any("check(" in a for a in asks)
    for text in asks:
        for line in text.splitlines():
            if line.startswith("check("):
                assert re.fullmatch(r'check\("[a-z]+\.(\d|[a-z]+)", [\w(), ]+\)', line), line


def test_lessons_do_not_import_real_torch_by_accident() -> None:
    """`from torch... import` would load real PyTorch under a minigrad lesson."""
    for path in PAIRED:
        if path.stem == REAL_TORCH_LESSON:  # real PyTorch on purpose
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            assert not re.match(r"\s*(from torch\b|import torch\s*$)", line), (path.name, line)


@pytest.mark.parametrize("path", IPYNB, ids=ids(IPYNB))
def test_errors_shown_on_purpose_are_one_line(path: Path) -> None:
    """A cell that fails on purpose shows ``Type: message``, not a traceback through
    minigrad's code: the lesson sets ``%xmode Minimal`` before its first such cell."""
    cells = code_cells(load(path))
    failing = [i for i, c in enumerate(cells) if "raises-exception" in tags(c)]
    if not failing:
        return
    assert any("%xmode Minimal" in source(c) for c in cells[: failing[0]]), path.name
    for i in failing:
        for o in cells[i]["outputs"]:
            if o["output_type"] == "error":
                assert len(o["traceback"]) == 1, f"code cell {i}: a long traceback"
