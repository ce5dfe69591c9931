"""Keep the Chinese lessons' code identical to the English lessons' code.

    python scripts/sync_zh_lessons.py            # copy the English code cells into notebooks/zh/py/
    python scripts/sync_zh_lessons.py --execute  # ... then pair the .ipynb and run it

A Chinese lesson (notebooks/zh/py/NN_name.py) is its English lesson
(notebooks/py/NN_name.py) with the markdown translated and one more cell in
front: the setup cell tagged ``language``, which makes minigrad's learning aids
speak Chinese. Every other code cell is the English one, token for
token, comments aside (tests/lessons/test_zh_code_identity.py checks it). This script
copies the English code cells (source and metadata) over the Chinese ones, in
order. When the English lesson gained or lost a cell, the cells no longer line
up: the script says so and changes nothing, and the new cell must be placed (and
its markdown translated) by hand first.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import jupytext

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = ROOT / "notebooks" / "py"
CHINESE = ROOT / "notebooks" / "zh" / "py"
LANGUAGE_TAG = "language"


def same_code(a: str, b: str) -> bool:
    """True when two cells hold the same code apart from comments (which the Chinese
    lessons translate)."""
    import io
    import tokenize

    def tokens(code: str):
        lines = [
            ("pass  " + x) if x.lstrip().startswith(("%", "!")) else x for x in code.splitlines()
        ]
        try:
            stream = tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline)
            return [
                (t.type, t.string) for t in stream if t.type not in (tokenize.COMMENT, tokenize.NL)
            ]
        except (tokenize.TokenError, SyntaxError):
            return code

    return tokens(a) == tokens(b)


def is_language_cell(cell) -> bool:
    return LANGUAGE_TAG in cell.metadata.get("tags", [])


def sync(name: str) -> str | None:
    """Copy the code of ``notebooks/py/<name>`` into the Chinese lesson; None when done,
    else why it could not be done."""
    en = jupytext.read(ENGLISH / name)
    path = CHINESE / name
    if not path.exists():
        return f"{name}: no Chinese lesson yet"
    zh = jupytext.read(path)
    cells = [c for c in zh.cells if not is_language_cell(c)]
    kinds_en = [c.cell_type for c in en.cells]
    kinds_zh = [c.cell_type for c in cells]
    if kinds_en != kinds_zh:
        return (
            f"{name}: the cells no longer line up (English {kinds_en.count('code')} code + "
            f"{kinds_en.count('markdown')} markdown, Chinese {kinds_zh.count('code')} + "
            f"{kinds_zh.count('markdown')}): place the new cells by hand"
        )
    changed = False
    for mine, theirs in zip(cells, en.cells):
        if theirs.cell_type != "code":
            continue
        if same_code(mine.source, theirs.source):
            if dict(mine.metadata) != dict(theirs.metadata):
                mine.metadata = theirs.metadata  # keep the translated comments
                changed = True
        else:
            mine.source, mine.metadata = theirs.source, theirs.metadata
            changed = True
    if changed:
        jupytext.write(zh, path, fmt="py:percent")
    return None


def main(argv: list[str]) -> int:
    problems = []
    names = sorted(p.name for p in ENGLISH.glob("[0-9][0-9]_*.py"))
    for name in names:
        problem = sync(name)
        if problem:
            problems.append(problem)
    for problem in problems:
        print(problem, file=sys.stderr)
    if "--execute" in argv:
        bin_dir = Path(sys.executable).parent
        for name in names:
            if not (CHINESE / name).exists():
                continue
            subprocess.run([bin_dir / "jupytext", "--sync", str(CHINESE / name)], check=True)
            notebook = CHINESE.parent / (Path(name).stem + ".ipynb")
            subprocess.run(
                [
                    bin_dir / "jupyter",
                    "nbconvert",
                    "--to",
                    "notebook",
                    "--execute",
                    "--inplace",
                    str(notebook),
                ],
                check=True,
            )
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
