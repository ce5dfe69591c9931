"""No lesson shows a solution: not in the .ipynb as any viewer renders it, not in the .py.

Each lesson with exercises ends its exercise section with a link to
notebooks/solutions/<stem>.ipynb (Chinese: notebooks/zh/solutions/<stem>.ipynb),
where every exercise checked in the lesson is solved and asserted with passes().
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.lessons.test_zh_code_identity import code_without_comments

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = {"en": ROOT / "notebooks", "zh": ROOT / "notebooks" / "zh"}
LINK_TEXT = {"en": "Solutions", "zh": "参考答案"}
# what only a solution contains: the solutions' judge, the closing line, a hidden cell
MARKERS = re.compile(r"\bpasses\(|all_solutions_pass|source_hidden|All solutions pass")
CHECKED = re.compile(r"""\bcheck\(\s*["']([\w.]+)["']""")
ASSERTED = re.compile(r"""assert\s+passes\(\s*["']([\w.]+)["']""")

LESSONS = [
    (lang, path)
    for lang, folder in FOLDERS.items()
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb"))
]
IDS = [f"{lang}-{path.stem}" for lang, path in LESSONS]


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    src = cell["source"]
    return src if isinstance(src, str) else "".join(src)


def checked_keys(path: Path) -> list[str]:
    return [k for c in cells(path) if c["cell_type"] == "code" for k in CHECKED.findall(text(c))]


def test_there_are_lessons_in_both_languages():
    assert sum(lang == "en" for lang, _ in LESSONS) >= 14
    assert sum(lang == "zh" for lang, _ in LESSONS) >= 14


@pytest.mark.parametrize(("lang", "path"), LESSONS, ids=IDS)
def test_no_solution_in_the_lesson(lang, path):
    for i, cell in enumerate(cells(path)):
        assert not MARKERS.search(text(cell)), f"cell {i} holds a solution"
        assert "source_hidden" not in json.dumps(cell.get("metadata", {})), f"cell {i} is hidden"
        for output in cell.get("outputs", []):
            assert "All solutions pass" not in json.dumps(output), f"cell {i} ran a solution"
    source = (path.parent / "py" / (path.stem + ".py")).read_text(encoding="utf-8")
    assert not MARKERS.search(source), "the .py source holds a solution"


@pytest.mark.parametrize(("lang", "path"), LESSONS, ids=IDS)
def test_a_lesson_with_exercises_links_its_solutions(lang, path):
    keys = checked_keys(path)
    if not keys:
        return
    link = f"[{LINK_TEXT[lang]}](solutions/{path.name})"
    markdown = [text(c) for c in cells(path) if c["cell_type"] == "markdown"]
    assert any(link in m for m in markdown), f"no {link} in the lesson"
    last_check = max(i for i, c in enumerate(cells(path)) if CHECKED.search(text(c)))
    assert any(link in text(c) for c in cells(path)[last_check:]), "the link ends the exercises"
    assert (path.parent / "solutions" / path.name).exists()


@pytest.mark.parametrize(("lang", "path"), LESSONS, ids=IDS)
def test_the_solutions_assert_every_exercise_of_the_lesson(lang, path):
    keys = checked_keys(path)
    if not keys:
        return
    solutions = path.parent / "solutions" / path.name
    code = [text(c) for c in cells(solutions) if c["cell_type"] == "code"]
    asserted = {k for c in code for k in ASSERTED.findall(c)}
    assert set(keys) <= asserted, f"not asserted: {sorted(set(keys) - asserted)}"
    assert "all_solutions_pass()" in code[-1], "the last cell calls all_solutions_pass()"
    outputs = cells(solutions)[-1].get("outputs", [])
    closing = {"en": "All solutions pass their checks.", "zh": "所有参考答案都通过了检查。"}[lang]
    assert closing in json.dumps(outputs, ensure_ascii=False), "the stored run did not pass"


@pytest.mark.parametrize(
    "name", sorted(p.name for p in (FOLDERS["en"] / "solutions").glob("[0-9][0-9]_*.ipynb"))
)
def test_solutions_code_is_the_same_in_both_languages(name):
    en = [c for c in cells(FOLDERS["en"] / "solutions" / name) if c["cell_type"] == "code"]
    zh = [
        c
        for c in cells(FOLDERS["zh"] / "solutions" / name)
        if c["cell_type"] == "code" and "language" not in c.get("metadata", {}).get("tags", [])
    ]
    assert len(en) == len(zh)
    for a, b in zip(en, zh):
        assert code_without_comments(text(a)) == code_without_comments(text(b))


@pytest.mark.parametrize(
    "path",
    sorted(FOLDERS["en"].glob("solutions/*.ipynb"))
    + sorted(FOLDERS["zh"].glob("solutions/*.ipynb")),
    ids=lambda p: f"{p.parent.parent.name}-{p.stem}",
)
def test_solutions_notebook_is_paired_with_its_source(path):
    import jupytext

    paired = jupytext.read(path.parent / "py" / (path.stem + ".py"))
    stored = cells(path)
    assert len(stored) == len(paired.cells), "run jupytext --sync"
    for a, b in zip(stored, paired.cells):
        assert text(a).strip() == b.source.strip(), "run jupytext --sync"
    code = [c for c in stored if c["cell_type"] == "code"]
    assert [c.get("execution_count") for c in code] == list(range(1, len(code) + 1)), "re-execute"
