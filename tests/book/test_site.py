"""The built course website, read as files: every lesson in both languages, its
links, its exercises, its widgets, and nothing that would be fetched from the web.
(tests/book/test_site_browser.py opens the same pages in Chromium.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from .conftest import LANGS, lesson_notebooks, page_of

PAGES = [(lang, nb) for lang in LANGS for nb in lesson_notebooks(lang)]
IDS = [page_of(lang, nb) for lang, nb in PAGES]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def outputs(nb: Path) -> list[dict]:
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    return [o for c in cells if c["cell_type"] == "code" for o in c.get("outputs", [])]


def links(page: str) -> list[str]:
    return re.findall(r'<a\b[^>]*\bhref="([^"#]+)', page)


def test_the_site_opens_at_index_html(site):
    index = (site / "index.html").read_text(encoding="utf-8")
    for target in links(index):
        assert (site / target).is_file(), target
    assert {t.split("/")[0] for t in links(index)} == {"en", "zh"}


@pytest.mark.parametrize("lang,nb", PAGES, ids=IDS)
def test_every_lesson_has_a_page_with_its_links(site, lang, nb):
    path = site / page_of(lang, nb)
    page = path.read_text(encoding="utf-8")
    # the language switch leads to the same lesson in the other language
    other = "zh" if lang == "en" else "en"
    switch = re.search(r'class="minigrad-lang-switch[^"]*" href="([^"]+)"', page)
    assert switch is not None
    target = (path.parent / switch.group(1)).resolve()
    assert target == (site / page_of(other, LANGS[other] / nb.relative_to(LANGS[lang]))).resolve()
    assert target.is_file()
    # the notebook as stored, and how to run it
    notebook = re.search(r'class="minigrad-notebook-link[^"]*" href="([^"]+)"', page)
    assert notebook is not None
    assert (path.parent / notebook.group(1)).read_bytes() == nb.read_bytes()
    run = re.search(r'class="minigrad-run-link[^"]*" href="([^"]+)"', page)
    assert run is not None
    run_page = (path.parent / run.group(1)).read_text(encoding="utf-8")
    assert "make lab" in re.sub(r"<[^>]+>", "", run_page)
    # every local link of the page leads to a file of the site
    for href in links(page):
        if urlsplit(href).scheme:
            continue
        assert (path.parent / unquote(href)).exists(), f"{href} is missing"


@pytest.mark.parametrize("lang,nb", PAGES, ids=IDS)
def test_exercises_show_their_checker_call(site, lang, nb):
    page = (site / page_of(lang, nb)).read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", page).replace("&quot;", '"').replace("&#39;", "'")
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    calls = [
        line.strip()
        for c in cells
        if c["cell_type"] == "code"
        for line in "".join(c["source"]).splitlines()
        if re.match(r"\s*(check|assert passes)\(", line)
    ]
    for call in calls:
        assert call in text, f"{call!r} is not on the page"


@pytest.mark.parametrize("lang,nb", PAGES, ids=IDS)
def test_widgets_are_players_or_stills_never_empty(site, lang, nb):
    page = (site / page_of(lang, nb)).read_text(encoding="utf-8")
    assert WIDGET_VIEW not in page  # no placeholder waiting for a widget manager
    stored = [o for o in outputs(nb) if WIDGET_VIEW in o.get("data", {})]
    steppers = [o for o in stored if "BackwardStepper" in "".join(o["data"].get("text/plain", ""))]
    players = page.count('class="minigrad-stepper-static"')
    stills = page.count('class="minigrad-widget-still"')
    assert players == len(steppers), "every BackwardStepper must carry its frames"
    assert players + stills == len(stored)
    for o in steppers:  # as many frames on the page as the stepper has steps
        frames = "".join(o["data"]["text/html"]).count('class="minigrad-stepper-frame"')
        last = re.search(r"of (\d+)|共 (\d+) 步", "".join(o["data"]["text/plain"]))
        steps = int(last.group(1) or last.group(2))
        assert frames == steps + 1
    assert page.count('class="minigrad-stepper-frame"') == sum(
        "".join(o["data"]["text/html"]).count('class="minigrad-stepper-frame"') for o in steppers
    )


def test_solutions_have_their_own_pages(site):
    for lang in LANGS:
        for nb in sorted((LANGS[lang] / "solutions").glob("[0-9][0-9]_*.ipynb")):
            assert (site / page_of(lang, nb)).is_file()
            lesson = (site / page_of(lang, nb.parent.parent / nb.name)).read_text(encoding="utf-8")
            article = lesson[lesson.find("<article") : lesson.find("</article>")]
            assert f'href="solutions/{nb.stem}.html' in article  # the lesson's own link


def test_nothing_is_loaded_from_the_web(site):
    files = [p for p in site.rglob("*") if p.suffix in (".html", ".css")]
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for attr, url in re.findall(r'\b(src|href)="((?:https?:)?//[^"]+)"', text):
            if path.suffix == ".html" and attr == "href" and "<link" not in text[:0]:
                tag = text[: text.find(url)].rsplit("<", 1)[-1]
                assert not tag.startswith(("link", "script", "img")), f"{path}: {url}"
            assert attr != "src", f"{path}: {url}"
        for url in re.findall(r"url\(\s*['\"]?((?:https?:)?//[^)'\"]+)", text):
            pytest.fail(f"{path}: {url}")
