"""The teacher's side of the classroom: lessons become nbgrader assignments.

The release a student fetches must hold no solution: each lesson's solutions
(notebooks/solutions/<stem>.ipynb, or solution cells left in the lesson) are
grepped for in it, line by line.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "classroom"))
import class_check  # noqa: E402
import course  # noqa: E402

LESSONS = {lang: course.lessons_with_exercises(lang) for lang in ("en", "zh")}


def _code(nb: dict) -> list[str]:
    return [course._text(c) for c in nb["cells"] if c["cell_type"] == "code"]


def test_check_calls_reads_key_and_answer_in_order():
    src = 'a = ...\nb = ...\ncheck("k.1", a)\ncheck("k.2", f(b, 2))\nprint("check")'
    assert course.check_calls(src) == [("k.1", "a"), ("k.2", "f(b, 2)")]
    assert course.check_calls("%timeit check('k', 1)") == []


def test_solution_links_and_cells_are_left_out():
    lesson = {
        "metadata": {},
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": "## Exercises"},
            {
                "cell_type": "code",
                "metadata": {},
                "outputs": [],
                "source": 'a = ...\ncheck("k.1", a)',
            },
            {
                "cell_type": "markdown",
                "metadata": {},
                "source": "Last one.\n[Solutions](solutions/x.ipynb)",
            },
            {"cell_type": "markdown", "metadata": {}, "source": "[参考答案](solutions/x.ipynb)"},
            {"cell_type": "markdown", "metadata": {}, "source": "### Solutions\nBelow."},
            {
                "cell_type": "code",
                "metadata": {},
                "outputs": [],
                "source": 'assert passes("k.1", 2)',
            },
        ],
    }
    nb, keys = course.assignment_source(lesson)
    texts = [course._text(c) for c in nb["cells"]]
    assert keys == ["k.1"]
    assert texts[:2] == ["## Exercises", 'a = ...\ncheck("k.1", a)']
    assert texts[3] == "Last one." and len(texts) == 4
    assert "assert passes('k.1', a)" in texts[2]


def test_answer_cell_fills_in_the_dots_only():
    src = 'answer_1 = ...  # a number\n\ncheck("scalar.1", answer_1)'
    assert class_check.answer_cell(src, "scalar.1", "27") == (
        'answer_1 = 27  # a number\n\ncheck("scalar.1", answer_1)'
    )
    with pytest.raises(AssertionError):
        class_check.answer_cell('check("scalar.1", 5)', "scalar.1", "27")


def test_the_course_has_graded_lessons_in_both_languages():
    assert "03_scalar_backward" in LESSONS["en"]
    assert set(LESSONS["en"]) == set(LESSONS["zh"])


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("stem", sorted(LESSONS["en"]))
def test_assignment_source_grades_each_exercise_with_its_checker(lang, stem):
    lesson = json.loads(LESSONS[lang][stem].read_text(encoding="utf-8"))
    nb, keys = course.assignment_source(lesson)
    asked = [k for src in _code(lesson) for k, _ in course.check_calls(src)]
    assert keys == asked and keys
    tests = [c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]
    assert len(tests) == len(keys)
    for cell, key in zip(tests, keys):
        meta = cell["metadata"]["nbgrader"]
        assert meta["locked"] and meta["points"] == 1
        assert f"assert passes({key!r}, " in cell["source"]
        assert "### BEGIN HIDDEN TESTS" in cell["source"]
    others = [c for c in nb["cells"] if c not in tests]
    assert not any(course.is_solution_cell(c) for c in others)
    assert all(not c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code")


def solution_lines(lang: str, stem: str) -> set[str]:
    """Lines of the worked solutions that the lesson itself does not show."""
    lesson_path = LESSONS[lang][stem]
    lesson = json.loads(lesson_path.read_text(encoding="utf-8"))
    shown = "\n".join(course._text(c) for c in lesson["cells"] if not course.is_solution_cell(c))
    sources = [course._text(c) for c in lesson["cells"] if course.is_solution_cell(c)]
    solutions = lesson_path.parent / "solutions" / lesson_path.name
    if solutions.exists():
        sources += _code(json.loads(solutions.read_text(encoding="utf-8")))
    lines = set()
    for src in sources:
        for line in src.splitlines():
            text = line.split("#")[0].strip()
            if len(text) > 3 and text not in shown and not text.startswith(("from ", "import ")):
                lines.add(text)
    return lines


@pytest.fixture(scope="module")
def released(tmp_path_factory, request) -> Path:
    run = tmp_path_factory.mktemp("classroom")
    mp = pytest.MonkeyPatch()
    mp.setenv("CLASSROOM_RUN", str(run))
    request.addfinalizer(mp.undo)
    course.release([])
    return run / "course" / "release"


@pytest.mark.parametrize("stem", sorted(LESSONS["en"]))
def test_release_holds_no_solution(released, stem):
    release = json.loads((released / stem / f"{stem}.ipynb").read_text(encoding="utf-8"))
    # what a student can read: every cell's text and outputs, unescaped
    text = "\n".join(
        course._text(c) + json.dumps(c.get("outputs", []), ensure_ascii=False)
        for c in release["cells"]
    )
    graded = [c for c in release["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]
    assert graded  # the graded cells are there, their tests hidden
    assert "passes(" not in text and "HIDDEN TESTS" not in text
    lines = solution_lines("en", stem)
    assert lines, "found no solution to look for"
    leaked = sorted(line for line in lines if line in text)
    assert not leaked, f"solution lines in the release of {stem}: {leaked}"


def test_gather_copies_each_students_own_submissions_and_no_one_elses(tmp_path):
    """Kubernetes: each student writes only into inbound/<name>/ of the volume; what
    they put there under another's name never reaches the teacher's nbgrader."""
    volume = tmp_path / "volume"
    for owner, made in [("ada", "ada+03+t1 r1"), ("ada", "bo+03+t2 r2"), ("bo", "bo+03+t3 r3")]:
        (volume / owner / made).mkdir(parents=True)
        (volume / owner / made / "03.ipynb").write_text(owner)
    inbound = tmp_path / "exchange" / "minigrad" / "inbound"
    copied, refused = course.gather(volume, inbound)
    assert copied == ["ada+03+t1 r1", "bo+03+t3 r3"]
    assert refused == ["ada/bo+03+t2 r2"]
    assert (inbound / "bo+03+t3 r3" / "03.ipynb").read_text() == "bo"
    assert course.gather(volume, inbound)[0] == []  # twice: nothing copied again
