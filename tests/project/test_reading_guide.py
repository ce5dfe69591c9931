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


# --- the numbered path ---------------------------------------------------------------
SKIP = re.compile(r"`(minigrad/[\w/]+\.py)#L(\d+)-L(\d+)`\s*[(（]`([^`]+)`[)）]")
STEP = re.compile(r"^(\d+)\. \*\*", re.M)
# the helpers a student met on the path that an earlier guide did not name
# (docs: shared review of the code, "Omissions"); each must be a place of the path
HELPERS = [
    "minigrad/core/node.py::Node.needs_input_grad",
    "minigrad/core/node.py::Op.save_for_backward",
    "minigrad/core/node.py::_compute",
    "minigrad/autograd/__init__.py::_root_grads",
    "minigrad/core/engine.py::_ready_roots",
    "minigrad/core/engine.py::_deliver_roots",
    "minigrad/core/engine.py::_plain_nodes",
    "minigrad/core/node.py::_grad_node",
    "minigrad/core/engine.py::_pre_hooks",
    "minigrad/core/engine.py::_tensor_hooks",
    "minigrad/core/node.py::Node._release",
    "minigrad/ops/reduction.py::sum",
    "minigrad/ops/linalg.py::mm",
    "minigrad/ops/linalg.py::mm_mat1_grad",
    "minigrad/ops/linalg.py::mm_mat2_grad",
    "minigrad/ops/_dispatch.py::_inplace",
    "minigrad/core/tensor.py::Tensor._take_history",
    "minigrad/core/node.py::Node._output_moved",
    "minigrad/core/node.py::_modified_message",
]


def span_of(path: str, qualname: str) -> tuple[int, int]:
    node: ast.AST = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    for part in qualname.split("."):
        node = next(
            n
            for n in ast.iter_child_nodes(node)
            if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == part
        )
    return node.lineno, node.end_lineno


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_the_path_is_numbered_and_names_every_helper_it_runs(guide):
    text = guide.read_text(encoding="utf-8")
    steps = [int(n) for n in STEP.findall(text)]
    assert steps == list(range(1, len(steps) + 1)) and len(steps) >= 8
    named = {f"{p}::{q}" for p, q, _ in places(text)}
    assert [h for h in HELPERS if h not in named] == []


@pytest.mark.parametrize("guide", GUIDES, ids=lambda p: p.name)
def test_every_range_to_skip_starts_where_it_says_inside_a_place_of_the_path(guide):
    text = guide.read_text(encoding="utf-8")
    skips = SKIP.findall(text)
    assert len(skips) >= 3
    spans = [(p, *span_of(p, q)) for p, q, _ in places(text)]
    for path, first, last, marker in skips:
        first, last = int(first), int(last)
        lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
        assert first <= last <= len(lines)
        assert marker in lines[first - 1], f"{path}#L{first}: {lines[first - 1]!r} lacks {marker!r}"
        assert any(p == path and a <= first and last <= b for p, a, b in spans), (path, first)


def test_both_guides_skip_the_same_ranges():
    texts = [g.read_text(encoding="utf-8") for g in GUIDES]
    assert {s[:3] for s in SKIP.findall(texts[0])} == {s[:3] for s in SKIP.findall(texts[1])}


# --- the docstrings on the path point to things that exist ----------------------------
FILE_NAME = re.compile(r"(?<![\w/.-])((?:\w+/)*\w+\.py)\b")
ROLE = re.compile(r":(?:mod|func|class|meth|attr|data):`~?([\w.]+)`")


def _docstrings(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                yield getattr(node, "name", "<module>"), doc


def _file_exists(name: str, here: Path) -> bool:
    if any(p.exists() for p in (ROOT / name, ROOT / "minigrad" / name, here.parent / name)):
        return True
    return any(str(p).endswith("/" + name) for p in (ROOT / "minigrad").rglob("*.py"))


def _resolves(dotted: str, module: str) -> bool:
    import importlib

    for candidate in (dotted, f"{module}.{dotted}"):
        parts = candidate.split(".")
        for i in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:i]))
            except ImportError:
                continue
            try:
                for part in parts[i:]:
                    obj = getattr(obj, part)
                return True
            except AttributeError:
                break
    return False


def stale_pointers(path: Path, module: str | None = None) -> list[str]:
    if module is None:
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    stale = []
    for where, doc in _docstrings(path):
        stale += [f"{where}: {f}" for f in FILE_NAME.findall(doc) if not _file_exists(f, path)]
        stale += [f"{where}: {o}" for o in ROLE.findall(doc) if not _resolves(o, module)]
    return stale


def test_the_docstrings_on_the_path_name_files_and_functions_that_exist():
    files = {p for p, _, _ in places(GUIDES[0].read_text(encoding="utf-8"))}
    assert len(files) >= 8
    stale = {f: s for f in sorted(files) if (s := stale_pointers(ROOT / f))}
    assert stale == {}


def test_a_stale_pointer_is_caught(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        '"""See ``_tensor.py``, :func:`minigrad.core.engine.no_such`, ``core/tensor.py``\n'
        'and :func:`run_backward`."""\n'
    )
    assert stale_pointers(probe, "minigrad.core.engine") == [
        "<module>: _tensor.py",
        "<module>: minigrad.core.engine.no_such",
    ]
