"""The Chinese course (notebooks/zh/) cannot drift from the English one.

Each Chinese lesson is its English lesson with the prose translated and one cell
more: the first cell, tagged ``language``, which calls
``minigrad.set_language("zh")`` so that explain(), the figures and the widgets
speak Chinese. That cell is left out of the comparison (by its tag, and it must be
the first cell and do nothing else). Every other code cell must equal the English
code cell at the same position token for token, comments aside (a Chinese lesson's
comments are Chinese), with the same tags, and
the markdown cells must sit in the same places (same exercises, same pictures).

When an English code cell changes, ``python scripts/sync_zh_lessons.py --execute``
copies it into the Chinese lesson and re-runs the notebook.

The Chinese .ipynb files must also be paired with their .py sources and hold the
outputs of one clean run, like the English ones (tests/test_notebooks_sync.py).
"""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path

import jupytext
import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = ROOT / "notebooks"
CHINESE = ROOT / "notebooks" / "zh"
NAMES = sorted(p.name for p in ENGLISH.glob("[0-9][0-9]_*.ipynb"))
LANGUAGE_TAG = "language"
SETUP = 'import minigrad\n\nminigrad.set_language("zh")'
CJK = re.compile(r"[\u4e00-\u9fff]")


def tags(cell) -> list[str]:
    meta = cell.get("metadata", {}) if isinstance(cell, dict) else cell.metadata
    return list(meta.get("tags", []))


def source(cell) -> str:
    src = cell["source"] if isinstance(cell, dict) else cell.source
    return src if isinstance(src, str) else "".join(src)


def code_without_comments(code: str) -> list[tuple[int, str]]:
    """The tokens of ``code`` without its comments, so that a Chinese lesson may
    translate them; IPython magics (``%...``) are kept as plain lines."""
    lines = [
        ("pass  " + line) if line.lstrip().startswith(("%", "!")) else line
        for line in code.splitlines()
    ]
    tokens = tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline)
    skip = {tokenize.COMMENT, tokenize.NL}
    return [(t.type, t.string) for t in tokens if t.type not in skip]


def lesson_cells(path: Path) -> list[dict]:
    """The cells of a stored notebook, without the Chinese setup cell."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [c for c in cells if LANGUAGE_TAG not in tags(c)]


def test_every_english_lesson_has_a_chinese_one():
    assert len(NAMES) == 15  # the index and fourteen lessons
    assert sorted(p.name for p in CHINESE.glob("[0-9][0-9]_*.ipynb")) == NAMES
    assert sorted(p.name for p in (CHINESE / "py").glob("*.py")) == sorted(
        Path(n).stem + ".py" for n in NAMES
    )
    assert not list(CHINESE.glob("*.py")), "the sources live in notebooks/zh/py/"


@pytest.mark.parametrize("name", NAMES)
def test_first_cell_sets_the_language_and_nothing_else(name):
    cells = json.loads((CHINESE / name).read_text(encoding="utf-8"))["cells"]
    first = cells[0]
    assert first["cell_type"] == "code" and LANGUAGE_TAG in tags(first)
    code = "\n".join(
        line for line in source(first).splitlines() if not line.lstrip().startswith("#")
    ).strip()
    assert code == SETUP
    assert sum(LANGUAGE_TAG in tags(c) for c in cells) == 1, "only the first cell has the tag"
    assert first.get("outputs") == []


@pytest.mark.parametrize("name", NAMES)
def test_code_cells_are_the_english_ones_apart_from_comments(name):
    en = lesson_cells(ENGLISH / name)
    zh = lesson_cells(CHINESE / name)
    assert [c["cell_type"] for c in zh] == [c["cell_type"] for c in en], (
        "the cells no longer line up with the English lesson: place the new cells in "
        "notebooks/zh/py/ and run scripts/sync_zh_lessons.py"
    )
    for i, (a, b) in enumerate(zip(en, zh)):
        if a["cell_type"] != "code":
            continue
        assert code_without_comments(source(b)) == code_without_comments(source(a)), (
            f"code cell {i} differs from the English lesson (comments aside): run "
            "python scripts/sync_zh_lessons.py --execute"
        )
        assert tags(b) == tags(a), f"code cell {i}: tags differ"
        assert b.get("metadata", {}).get("jupyter") == a.get("metadata", {}).get("jupyter")


@pytest.mark.parametrize("name", NAMES)
def test_the_prose_is_chinese_and_cites_the_textbook(name):
    md = [source(c) for c in lesson_cells(CHINESE / name) if c["cell_type"] == "markdown"]
    for i, text in enumerate(md):
        assert CJK.search(text), f"markdown cell {i} is not translated"
    if not name.startswith("00_"):
        assert re.search(r"教材", md[0]), "the first cell cites the textbook section it rebuilds"


# The editor's rules for the Chinese prose: "要点：" (not the legal-sounding "论断："), and no
# half-width full stop closing an exercise heading ("**练习 1**", not "**练习 1.**").
STYLE_SLIPS = {
    "论断": re.compile(r"论断"),
    "**练习 N.**": re.compile(r"\*\*练习 \d+[^*]*\.\*\*"),
}


@pytest.mark.parametrize("name", NAMES)
def test_the_prose_follows_the_editors_rules(name):
    solution = CHINESE / "solutions" / name
    paths = [CHINESE / name] + ([solution] if solution.exists() else [])
    for path in paths:
        md = "".join(source(c) for c in lesson_cells(path) if c["cell_type"] == "markdown")
        found = [slip for slip, pattern in STYLE_SLIPS.items() if pattern.search(md)]
        assert not found, f"{path.relative_to(ROOT)}: {found}"


def test_index_has_the_glossary_and_links_every_lesson():
    md = "".join(source(c) for c in lesson_cells(CHINESE / "00_index.ipynb"))
    for term in (
        *("叶子节点", "计算图", "梯度累加", "雅可比矩阵", "向量-雅可比积", "计算图的释放"),
        *("黑塞矩阵", "前向模式", "反向模式", "对偶数", "保存的张量", "梯度流动图"),
        *("拓扑顺序", "梯度检验", "梯度裁剪", "冻结", "微调", "有向无环图"),
    ):
        assert term in md, term
    for name in NAMES[1:]:
        assert f"]({name})" in md, name


@pytest.mark.parametrize("name", NAMES)
def test_ipynb_matches_its_py_source(name):
    stored = json.loads((CHINESE / name).read_text(encoding="utf-8"))
    text = jupytext.read(CHINESE / "py" / (Path(name).stem + ".py"))
    assert len(stored["cells"]) == len(text.cells), "run jupytext --sync"
    for i, (a, b) in enumerate(zip(stored["cells"], text.cells)):
        assert a["cell_type"] == b.cell_type, f"cell {i}"
        assert source(a).strip() == b.source.strip(), f"cell {i} differs: run jupytext --sync"
        assert set(tags(a)) == set(tags(b)), f"cell {i}: tags differ"


@pytest.mark.parametrize("name", NAMES)
def test_outputs_come_from_one_clean_run_in_chinese(name):
    cells = json.loads((CHINESE / name).read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert [c.get("execution_count") for c in code] == list(range(1, len(code) + 1)), (
        "stale outputs: re-execute the notebook"
    )
    for i, cell in enumerate(code):
        errors = [o for o in cell.get("outputs", []) if o["output_type"] == "error"]
        assert bool(errors) == ("raises-exception" in tags(cell)), f"code cell {i}"


def test_the_learning_aids_spoke_chinese_in_the_stored_outputs():
    """The figures' legends and explain() in the stored outputs are Chinese (so the
    setup cell really ran first), while torch's own error messages stay English."""
    lesson3 = (CHINESE / "03_scalar_backward.ipynb").read_text(encoding="utf-8")
    assert "叶子节点（requires_grad）" in lesson3  # a legend, in the SVG or the DOT text
    assert "不是叶子节点" in lesson3  # explain()
    lesson5 = (CHINESE / "05_backward_vs_grad.ipynb").read_text(encoding="utf-8")
    assert "Trying to backward through the graph a second time" in lesson5


def test_syncing_repairs_a_changed_code_cell(tmp_path, monkeypatch):
    """scripts/sync_zh_lessons.py copies a changed English code cell into the Chinese
    lesson, and refuses (changing nothing) when the cells no longer line up."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("sync", ROOT / "scripts/sync_zh_lessons.py")
    sync = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sync)
    en_dir, zh_dir = tmp_path / "en", tmp_path / "zh"
    en_dir.mkdir()
    zh_dir.mkdir()
    name = "03_scalar_backward.py"
    english = (ENGLISH / "py" / name).read_text(encoding="utf-8")
    changed = english.replace("x = torch.Tensor([2])", "x = torch.Tensor([3])", 1)
    assert changed != english
    (en_dir / name).write_text(changed, encoding="utf-8")
    (zh_dir / name).write_text((CHINESE / "py" / name).read_text(encoding="utf-8"), "utf-8")
    monkeypatch.setattr(sync, "ENGLISH", en_dir)
    monkeypatch.setattr(sync, "CHINESE", zh_dir)
    assert sync.sync(name) is None
    synced = (zh_dir / name).read_text(encoding="utf-8")
    assert "x = torch.Tensor([3])" in synced and "标量反向传播" in synced
    (en_dir / name).write_text(changed + "\n# %%\nprint('a new cell')\n", encoding="utf-8")
    before = (zh_dir / name).read_text(encoding="utf-8")
    assert "no longer line up" in sync.sync(name)
    assert (zh_dir / name).read_text(encoding="utf-8") == before
