"""Every number a lesson prints is what PyTorch 2.13 prints for the same code.

Each lesson's "same code, real PyTorch" cell compares one example. This test
compares *all* of it: it runs every code cell of every lesson, top to bottom, with
``torch`` bound to real PyTorch instead of minigrad, and checks each cell's output
against the output stored in the ``.ipynb`` (which a run under minigrad produced,
and which nbval keeps current):

- the printed text (memory addresses aside);
- the error that a ``raises-exception`` cell shows (type and message);
- the warnings (category and message).

Some cells use what only minigrad has: pictures (``viz``) and widgets run against a
stand-in that does nothing; cells that read minigrad's own source or its
``explain()``, the comparison cells, and the exercises are not compared.
"""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
import torch

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))

# Cells about minigrad itself (its source, its engine, explain()), and the cells
# that already compare with torch or check exercises.
MINIGRAD_ONLY = re.compile(
    r"inspect\.getsource|minigrad\.explain|\bengine\.|import engine|rec\.steps|compare_with_pytorch"
    r"|\bcheck\(|\bpasses\("
)
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


class _Stub:
    """Stands in for minigrad-only tools (viz, widgets): accepts anything, does nothing."""

    def __getattr__(self, name: str) -> _Stub:
        return _Stub()

    def __call__(self, *args, **kwargs) -> _Stub:
        return _Stub()

    def __enter__(self) -> _Stub:
        return self

    def __exit__(self, *exc) -> bool:
        return False


def as_torch_code(source: str) -> str:
    """The cell's code with real torch where the lesson imports minigrad."""
    lines = []
    for line in source.splitlines():
        if line.startswith("%xmode "):  # IPython's magic prints the mode it sets
            line = f"print('Exception reporting mode: {line.split()[1]}')"
        if line.startswith("%load_ext "):  # the error explainer prints nothing when loaded
            line = "pass"
        line = line.replace("import minigrad as torch", "import torch")
        line = re.sub(r"^from minigrad import nn, viz$", "from torch import nn; viz=_Stub()", line)
        line = re.sub(r"^from minigrad import viz$", "viz = _Stub()", line)
        line = re.sub(r"^from minigrad\.widgets import (\w+)$", r"\1 = _Stub()", line)
        lines.append(line)
    return "\n".join(lines)


def _text(value) -> str:
    return value if isinstance(value, str) else "".join(value)


def stored(cell: dict) -> dict:
    out = {"stdout": "", "stderr": "", "error": None, "result": None}
    for o in cell.get("outputs", []):
        if o["output_type"] == "stream":
            out[o["name"]] += _text(o["text"])
        elif o["output_type"] == "error":
            out["error"] = f"{o['ename']}: {o['evalue']}"
        elif o["output_type"] == "execute_result":
            data = o["data"]
            if "text/plain" in data and not ({"image/svg+xml", "text/html"} & set(data)):
                out["result"] = _text(data["text/plain"])
    return out


def run_cell(code: str, namespace: dict) -> dict:
    """Run one cell as IPython would: print the value of a last bare expression."""
    tree = ast.parse(code)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    out, result, error = io.StringIO(), None, None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.redirect_stdout(out):
            try:
                exec(compile(tree, "<cell>", "exec"), namespace)
                if last is not None:
                    value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
                    result = None if value is None else repr(value)
            except Exception as e:  # noqa: BLE001 - the error is part of the output
                error = f"{type(e).__name__}: {e}"
    # Jupyter shows a warning once per line of code (Python's "default" filter)
    # and, like Python's default filters, a DeprecationWarning only when the cell's own
    # code triggered it (torch's internal ones, e.g. on first use of forward_ad, stay hidden)
    caught = [
        w
        for w in caught
        if not issubclass(w.category, DeprecationWarning) or w.filename == "<cell>"
    ]
    shown = {(w.category, str(w.message), w.lineno): w for w in caught}.values()
    found = [f"{w.category.__name__}: {w.message}" for w in shown]
    return {"stdout": out.getvalue(), "error": error, "result": result, "warnings": found}


# anomaly mode's warning lists the frames of the forward call: here those of this test,
# in the notebook those of the Jupyter kernel; the message around them must agree
_FRAMES = re.compile(r"(?s)(Traceback of forward call that caused the error:\n).*?( \(Triggered)")


def _no_frames(text: str) -> str:
    return _FRAMES.sub(r"\1\2", text)


def code_cells(path: Path) -> list[tuple[int, dict]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    end = next((i for i, c in enumerate(cells) if "## Exercises" in _text(c["source"])), len(cells))
    return [(i, c) for i, c in enumerate(cells[:end]) if c["cell_type"] == "code"]


def run_lesson_under_torch(path: Path) -> dict[int, dict]:
    """Each compared cell's output under real torch, by cell index."""
    namespace: dict = {"__name__": "__lesson__", "_Stub": _Stub}
    torch.manual_seed(0)
    results = {}
    for i, cell in code_cells(path):
        source = _text(cell["source"])
        if not MINIGRAD_ONLY.search(source):
            results[i] = run_cell(as_torch_code(source), namespace)
    return results


def run_in_fresh_process(path: Path) -> dict[int, dict]:
    """torch gives some warnings once per process (backward with create_graph=True):
    each lesson runs in a new Python, as in a new kernel."""
    done = subprocess.run(
        [sys.executable, __file__, str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    return {int(k): v for k, v in json.loads(done.stdout.splitlines()[-1]).items()}


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_every_cell_prints_what_pytorch_prints(path: Path) -> None:
    results = run_in_fresh_process(path)
    compared = 0
    for i, cell in code_cells(path):
        source = _text(cell["source"])
        tags = set(cell.get("metadata", {}).get("tags", []))
        if i not in results or "nbval-ignore-output" in tags:
            continue  # minigrad-only, or a widget: it ran, for the cells after it
        got, want = results[i], stored(cell)
        where = f"{path.name}, cell {i}:\n{source}"
        assert ADDRESS.sub("0x", got["stdout"]) == ADDRESS.sub("0x", want["stdout"]), where
        assert got["error"] == want["error"], where
        if want["result"] is not None:
            result = ADDRESS.sub("0x", got["result"] or "")
            assert result == ADDRESS.sub("0x", want["result"]), where
        for warning in got["warnings"]:
            warning, stderr = _no_frames(warning), _no_frames(want["stderr"])
            assert warning in stderr, f"{where}\nPyTorch warns: {warning}"
        assert want["stderr"].count("Warning: ") == len(got["warnings"]), where
        compared += 1
    assert compared >= 1


def test_the_comparison_covers_most_cells() -> None:
    """The stand-ins leave few cells out: the test above compares most of each lesson."""
    for path in PATHS:
        cells = code_cells(path)
        left_out = [i for i, c in cells if MINIGRAD_ONLY.search(_text(c["source"]))]
        assert len(left_out) <= 4, (path.name, left_out)


if __name__ == "__main__":  # run_in_fresh_process: one lesson, results as JSON
    with contextlib.redirect_stdout(io.StringIO()):  # widgets may print
        found = run_lesson_under_torch(Path(sys.argv[1]))
    print(json.dumps(found))
