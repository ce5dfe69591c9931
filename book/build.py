"""Build the course website into _build/book/ (``make book``): Sphinx, myst-nb and
sphinx-book-theme, from the stored notebooks, with no execution and no network.

    python book/build.py            # both languages
    python book/build.py --out DIR  # elsewhere

The lessons are found by name: ``notebooks/NN_*.ipynb`` and their solutions
``notebooks/solutions/NN_*.ipynb`` (Chinese: ``notebooks/zh/``). Each language is
a Sphinx project of its own (``_build/book/en/``, ``_build/book/zh/``) made from
staged copies (see ``book/stage.py``); ``_build/book/index.html`` opens the
English one and links the Chinese one.
"""

from __future__ import annotations

import argparse
import html
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import stage  # noqa: E402

LANGS = {"en": ROOT / "notebooks", "zh": ROOT / "notebooks" / "zh"}
SPHINX_LANGUAGE = {"en": "en", "zh": "zh_CN"}
CAPTIONS = {
    "en": ("Lessons", "Solutions", "Using the notebooks"),
    "zh": ("课程", "参考答案", "使用 notebook"),
}
MATHJAX = ROOT / "node_modules" / "mathjax" / "es5" / "tex-svg-full.js"


def lessons(folder: Path) -> list[Path]:
    return sorted(folder.glob("[0-9][0-9]_*.ipynb"))


def stage_language(lang: str, src: Path, dest: Path) -> None:
    """Copy ``lang``'s notebooks into ``dest`` as the site shows them."""
    if dest.exists():
        shutil.rmtree(dest)
    found = lessons(src)
    if not found:
        raise SystemExit(f"no lessons in {src}")
    solutions = lessons(src / "solutions")
    index = found[0]
    for path in found + solutions:
        nb = stage.stage_notebook(stage.load(path), lang, in_solutions=path in solutions)
        rel = path.relative_to(src)
        if path == index:
            nb = stage.add_toctree(
                nb,
                [
                    (CAPTIONS[lang][0], [p.stem for p in found[1:]]),
                    (CAPTIONS[lang][1], [f"solutions/{p.stem}" for p in solutions]),
                    (CAPTIONS[lang][2], ["run"]),
                ],
            )
        stage.dump(nb, dest / rel)
    for page in (HERE / "pages" / lang).glob("*.md"):
        shutil.copy2(page, dest / page.name)
    # the notebooks themselves, as stored, for the "Notebook" link of each page
    for path in found + solutions:
        target = dest / "_notebooks" / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


def landing_page(out: Path) -> None:
    """``index.html``: opens the English course, and offers the Chinese one."""
    en = "en/" + lessons(LANGS["en"])[0].stem + ".html"
    zh = "zh/" + lessons(LANGS["zh"])[0].stem + ".html"
    out.joinpath("index.html").write_text(
        f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="0; url={html.escape(en)}">
<title>minigrad: the course</title></head>
<body style="font-family:sans-serif;margin:3em">
<h1>minigrad</h1>
<p><a href="{html.escape(en)}">The course in English</a></p>
<p lang="zh-CN"><a href="{html.escape(zh)}">中文课程</a></p>
</body></html>
""",
        encoding="utf-8",
    )


def build(out: Path, work: Path, quiet: bool = True) -> None:
    if not MATHJAX.exists():
        raise SystemExit(f"{MATHJAX} is missing: run `npm ci` first (make book does)")
    assets = work / "assets"
    (assets / "mathjax").mkdir(parents=True, exist_ok=True)
    shutil.copy2(MATHJAX, assets / "mathjax" / MATHJAX.name)
    if out.exists():
        shutil.rmtree(out)
    for lang, src in LANGS.items():
        staged = work / lang
        stage_language(lang, src, staged)
        cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-c", str(HERE), "-E", "-n"]
        cmd += ["-D", f"language={SPHINX_LANGUAGE[lang]}", "-D", f"root_doc={lessons(src)[0].stem}"]
        cmd += ["-q"] if quiet else []
        cmd += [str(staged), str(out / lang)]
        env = dict(os.environ, MINIGRAD_BOOK_LANG=lang, MINIGRAD_BOOK_ASSETS=str(assets))
        subprocess.run(cmd, check=True, env=env)
        shutil.copytree(staged / "_notebooks", out / lang / "_notebooks", dirs_exist_ok=True)
    landing_page(out)
    print(f"The course website is in {out}/ (open {out / 'index.html'})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "book")
    parser.add_argument("--work", type=Path, default=ROOT / "_build" / "book-src")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    build(args.out.resolve(), args.work.resolve(), quiet=not args.verbose)


if __name__ == "__main__":
    main()
