"""Each lesson fits one sitting: at most 40 cells, code and markdown together (the
Chinese language-setup cell aside), and the same number of cells in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if p.name[:2] != "00")
MAX_CELLS = 40


def cells(path: Path) -> list[dict]:
    data = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [c for c in data if "language" not in c.get("metadata", {}).get("tags", [])]


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_fits_one_sitting(name: str) -> None:
    en, zh = cells(NOTEBOOKS / name), cells(NOTEBOOKS / "zh" / name)
    assert len(en) <= MAX_CELLS, f"{name}: {len(en)} cells; split it where a topic ends"
    assert len(zh) == len(en)


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_names_its_sources_under_its_title(name: str) -> None:
    for path, label in ((NOTEBOOKS / name, "**Sources:**"), (NOTEBOOKS / "zh" / name, "**出处**")):
        first = "".join(cells(path)[0]["source"])
        assert label in first, f"{path.relative_to(NOTEBOOKS)}: no {label} line"
