"""A lesson exported with ``jupyter nbconvert --to html`` keeps its figures as
static SVG: from the stored notebook (run with ``dot``), and when run again on a
machine with no ``dot`` at all (drawn by graphviz-pure)."""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys
from pathlib import Path

from ..nodot import path_without_dot

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "03_scalar_backward.ipynb"
LABELS = ("MulBackward0", "AddBackward0", "AccumulateGrad", "mul", "add")


def _stored_svgs() -> int:
    nb = json.loads(LESSON.read_text(encoding="utf-8"))
    return sum(
        "image/svg+xml" in o.get("data", {})
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for o in c["outputs"]
    )


def _export(tmp_path: Path, env: dict, execute: bool) -> str:
    args = [sys.executable, "-m", "nbconvert", "--to", "html", "--output-dir", str(tmp_path)]
    if execute:
        args += ["--execute", "--ExecutePreprocessor.timeout=120"]
    done = subprocess.run(
        [*args, str(LESSON)], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return (tmp_path / f"{LESSON.stem}.html").read_text(encoding="utf-8")


def _figures(page: str) -> list[str]:
    """The SVG figures of an exported page (nbconvert embeds each as a base64 data URL)."""
    found = re.findall(
        r'data-mime-type="image/svg\+xml"[^>]*>\s*'
        r'<img [^>]*src="data:image/svg\+xml;base64,([^"]+)"',
        page,
    )
    return [base64.b64decode(data).decode("utf-8") for data in found]


def _check(page: str, drawn_by: str) -> None:
    figures = _figures(page)
    assert len(figures) == _stored_svgs() > 0
    assert all("<svg" in f and 'class="graph"' in f for f in figures)
    shown = " ".join(figures)
    for label in LABELS:
        assert f">{label}</text>" in shown
    assert all(drawn_by in f for f in figures)


def test_export_of_the_stored_lesson_has_its_figures(tmp_path):
    _check(_export(tmp_path, dict(os.environ), execute=False), drawn_by="graphviz version")


def test_export_run_without_dot_has_its_figures(tmp_path):
    env = dict(os.environ, PATH=path_without_dot(tmp_path / "bin"))
    env.pop("MINIGRAD_RENDERER", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    _check(_export(tmp_path, env, execute=True), drawn_by="graphviz-pure")
