"""The course website, built once per test session (as ``make book`` builds it).

``MINIGRAD_BOOK_DIR`` names a site already built by ``make book`` (``make test``
builds it just before the tests, then points here); otherwise the site is built
into a temporary folder with book/build.py. Either way it needs the ``book``
extra (Sphinx, myst-nb, sphinx-book-theme) and ``npm ci`` (MathJax).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGS = {"en": ROOT / "notebooks", "zh": ROOT / "notebooks" / "zh"}


def lesson_notebooks(lang: str) -> list[Path]:
    """Every lesson and every solutions notebook of ``lang``, found by name."""
    folder = LANGS[lang]
    return sorted(folder.glob("[0-9][0-9]_*.ipynb")) + sorted(
        (folder / "solutions").glob("[0-9][0-9]_*.ipynb")
    )


def page_of(lang: str, notebook: Path) -> str:
    """The site path of a notebook's page, e.g. ``zh/solutions/03_scalar_backward.html``."""
    return f"{lang}/{notebook.relative_to(LANGS[lang]).with_suffix('.html').as_posix()}"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("MINIGRAD_BOOK_DIR")
    if given:
        out = Path(given).resolve()
        assert (out / "index.html").exists(), f"MINIGRAD_BOOK_DIR={given} holds no built site"
        return out
    out = tmp_path_factory.mktemp("book") / "site"
    work = out.parent / "work"
    done = subprocess.run(
        [sys.executable, str(ROOT / "book" / "build.py"), "--out", str(out), "--work", str(work)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, f"book/build.py failed:\n{done.stdout}\n{done.stderr}"
    return out
