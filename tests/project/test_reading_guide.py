"""The reading guide (docs/reading-the-code.md and its Chinese twin) names real places.

Every place is written ``path/to/module.py::Qualified.name`` and followed by its
length in lines, ``(N)``. This test finds each one with ``ast``, checks that the
length quoted is the real one, and that the places, each counted once, add up to the
total the guide gives, at most 1,000 lines.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDES = [ROOT / "docs" / "reading-the-code.md", ROOT / "docs" / "reading-the-code.zh.md"]
BUDGET = 1000
PLACE = re.compile(r"`(minigrad/[\w/]+\.py)::([\w.]+)`(?: \((\d+)[);；])?")
TOTAL = re.compile(r"\*\*(?:Total|合计)[:：]\s*(\d+)")


def lines_of(path: str, qualname: str) -> int:
    """How many lines the function or class ``qualname`` of ``path`` spans
    (decorators included); KeyError if there is none."""
    node: ast.AST = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    for part in qualname.split("."):
        found = [
            n
            for n in ast.iter_child_nodes(node)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and n.name == part
        ]
        if not found:
            raise KeyError(f"{path}::{qualname}")
        node = found[0]
    start = min([node.lineno] + [d.lineno for d in node.decorator_list])
    return node.end_lineno - start + 1


def places(text: str) -> list[tuple[str, str, int | None]]:
    return [(p, q, int(n) if n else None) for p, q, n in PLACE.findall(text)]


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_every_place_exists_and_its_length_is_right(guide):
    found = places(guide.read_text(encoding="utf-8"))
    assert len(found) >= 20
    wrong = []
    for path, qualname, quoted in found:
        real = lines_of(path, qualname)
        if quoted is not None and quoted != real:
            wrong.append(f"{path}::{qualname}: the guide says {quoted}, it is {real}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_the_total_is_the_sum_and_within_the_budget(guide):
    text = guide.read_text(encoding="utf-8")
    unique = {(p, q) for p, q, _ in places(text)}
    total = sum(lines_of(p, q) for p, q in unique)
    quoted = [int(n) for n in TOTAL.findall(text)]
    assert quoted == [total]
    assert total <= BUDGET


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_each_place_is_quoted_with_its_length_once_at_least(guide):
    found = places(guide.read_text(encoding="utf-8"))
    unquoted = {(p, q) for p, q, n in found} - {(p, q) for p, q, n in found if n is not None}
    assert not unquoted


def test_both_guides_name_the_same_places_and_start_with_notebook_04():
    texts = [g.read_text(encoding="utf-8") for g in GUIDES]
    assert {(p, q) for p, q, _ in places(texts[0])} == {(p, q) for p, q, _ in places(texts[1])}
    for text in texts:
        first_place = PLACE.search(text).start()
        assert -1 < text.find("04_inside_backward.ipynb") < first_place


def test_the_checks_catch_a_wrong_length_and_a_missing_function():
    assert lines_of("minigrad/core/engine.py", "run_backward") > 1
    with pytest.raises(KeyError):
        lines_of("minigrad/core/engine.py", "no_such_function")
    text = "`minigrad/core/engine.py::run_backward` (1)"
    ((_, _, quoted),) = places(text)
    assert quoted != lines_of("minigrad/core/engine.py", "run_backward")


@pytest.mark.parametrize("readme", ["README.md", "README.zh.md"])
def test_the_readmes_link_the_guide_and_quote_no_line_counts(readme):
    text = (ROOT / readme).read_text(encoding="utf-8")
    assert "docs/reading-the-code" in text
    # the sizes of files and functions ("`minigrad/x.py` (957)", "(60 lines)") go stale;
    # the guide has them, checked above
    stale = re.findall(r"`minigrad/[\w/]+\.py` \(\d[\d,]*\)|\(\d[\d,]* (?:lines|行)\)", text)
    assert not stale, stale
