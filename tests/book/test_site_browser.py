"""The course website in Chromium, opened from its folder (file://) with the network cut.

Every page of both languages is opened at 1400×900. Any request for something
that is not a file of the site is aborted and recorded, and the test fails if
there was one. On every page:

- every image has loaded, and the formulas were drawn by the site's own MathJax;
- every graph is measured as tests/browser/test_legibility.py measures the
  lessons in JupyterLab: its smallest text, as displayed, is at least ``MIN_PX``
  CSS pixels, and it is not cut off (a graph too big for the page scrolls
  inside its frame, which itself fits the page);
- every BackwardStepper is a player: Next walks through all its frames, each
  shown with its caption and a legible graph.

``MINIGRAD_BOOK_SHOTS=folder`` saves a screenshot of each page and of each
stepper's last step, to look at.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import LANGS, lesson_notebooks, page_of

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("MINIGRAD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
MIN_PX = 9.0
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WINDOW = {"width": 1400, "height": 900}

# One graph: its smallest displayed font, and how far it (or its frame) sticks out
# of the article. As in tests/browser/test_legibility.py.
MEASURE = """
(svg) => {
  const viewBox = (svg.getAttribute('viewBox') || '').trim().split(/[\\s,]+/).map(Number);
  const rect = svg.getBoundingClientRect();
  const vbWidth = viewBox.length === 4 ? viewBox[2] : rect.width;
  const graph = svg.querySelector('g.graph') || svg.querySelector('g');
  const m = /scale\\(([0-9.eE+-]+)/.exec(graph ? (graph.getAttribute('transform') || '') : '');
  const scale = (m ? Number(m[1]) : 1) * rect.width / vbWidth;
  let font = Infinity;
  for (const t of svg.querySelectorAll('text')) {
    if (!t.textContent.trim()) continue;
    font = Math.min(font, Number(t.getAttribute('font-size') || 14));
  }
  const article = svg.closest('article') || document.body;
  const box = article.getBoundingClientRect();
  const frame = svg.closest('.minigrad-zoom-frame');
  const outer = frame ? frame.getBoundingClientRect() : rect;
  const hidden = Math.max(outer.right - box.right, box.left - outer.left, 0);
  return {font: font, scale: scale, px: font * scale, hidden: hidden, width: rect.width};
}
"""

PAGES = sorted(
    {page_of(lang, nb) for lang in LANGS for nb in lesson_notebooks(lang)}
    | {f"{lang}/run.html" for lang in LANGS}
)


@pytest.fixture(scope="module")
def browser_page(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple]:
    from playwright.sync_api import sync_playwright

    outside: list[str] = []
    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-book")),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            ignore_default_args=["--hide-scrollbars"],
            viewport=WINDOW,
            offline=True,
        )

        def route(r) -> None:  # the network is cut: only the site's files load
            if r.request.url.startswith("file://"):
                r.continue_()
            else:
                outside.append(r.request.url)
                r.abort()

        context.route("**/*", route)
        page = context.new_page()
        page.set_default_timeout(30_000)
        failed: list[str] = []
        page.on("requestfailed", lambda req: failed.append(f"{req.url} {req.failure}"))
        try:
            yield page, outside, failed
        finally:
            context.close()


def _shoot(page, name: str) -> None:
    folder = os.environ.get("MINIGRAD_BOOK_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / (re.sub(r"[^\w.-]+", "_", name) + ".png")))


def _graphs_legible(page, where: str, selector: str = "svg", seen: list | None = None) -> list[str]:
    bad = []
    for svg in page.locator(f"article {selector}").all():
        if not svg.is_visible() or svg.locator("g.graph").count() == 0:
            continue
        m = svg.evaluate(MEASURE)
        if seen is not None:
            seen.append(m)
        if m["px"] < MIN_PX:
            bad.append(f"{where}: text {m['px']:.1f} px (font {m['font']} x {m['scale']:.2f})")
        if m["hidden"] > 1:
            bad.append(f"{where}: a graph sticks out of the page by {m['hidden']:.0f} px")
    return bad


def _stored_graphs(name: str) -> int:
    """The graphs a page should show: each graphviz SVG the notebook stored as an output
    or in a widget's state, a stepper's first frame only (the others are hidden)."""
    lang, rest = name.split("/", 1)
    nb = LANGS[lang] / rest.replace(".html", ".ipynb")
    if not nb.exists():
        return 0
    data = json.loads(nb.read_text(encoding="utf-8"))
    count = 0
    for cell in data["cells"]:
        for out in cell.get("outputs", []):
            d = out.get("data", {})
            if "text/html" in d and "minigrad-stepper-frame" in "".join(d["text/html"]):
                count += 1
            elif WIDGET_VIEW in d:
                ref = d[WIDGET_VIEW]["model_id"]
                count += _widget_graphs(data, ref)
            elif 'class="graph"' in "".join(d.get("image/svg+xml", "")):
                count += 1
            elif "text/html" in d:  # pictures side by side: graphs inside one HTML output
                count += "".join(d["text/html"]).count('<g id="graph0" class="graph"')
    return count


def _widget_graphs(nb: dict, ref: str) -> int:
    state = nb["metadata"]["widgets"][WIDGET_STATE]["state"]
    model = state.get(ref.removeprefix("IPY_MODEL_"), {}).get("state", {})
    count = 0
    for key in ("value", "svg", "outputs"):
        count += str(model.get(key, "")).count('class="graph"')
    for child in model.get("children", []) or []:
        count += _widget_graphs(nb, child)
    return count


@pytest.mark.parametrize("name", PAGES)
def test_page_offline_with_legible_graphs_and_playing_steppers(site, browser_page, name):
    page, outside, failed = browser_page
    outside.clear()
    failed.clear()
    page.goto((site / name).as_uri())
    page.wait_for_load_state("load")
    lang = name.split("/")[0]
    assert page.locator("html").get_attribute("lang") == ("en" if lang == "en" else "zh-CN")
    # formulas: drawn by the site's MathJax (as SVG), none left as raw TeX
    if page.locator("article .math").count():
        page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
        page.evaluate("() => MathJax.startup.promise")
        assert page.locator("article mjx-container svg").count() > 0
        assert "\\frac" not in page.locator("article").inner_text()
    # every picture loaded
    broken = page.evaluate(
        "() => Array.from(document.images).filter(i => !(i.complete && i.naturalWidth > 0))"
        ".map(i => i.src)"
    )
    assert broken == []
    _shoot(page, name)
    measured: list[dict] = []
    bad = _graphs_legible(page, name, seen=measured)
    # as many graphs measured as the notebook stored (figures, widget stills, the first
    # frame of each stepper)
    assert len(measured) == _stored_graphs(name), f"{name}: graphs measured {len(measured)}"
    # each BackwardStepper plays: Next goes through all its frames
    players = page.locator("article .minigrad-stepper-static")
    for k in range(players.count()):
        player = players.nth(k)
        frames = player.locator(".minigrad-stepper-frame")
        n = frames.count()
        assert n >= 2, f"{name}: stepper {k} has {n} frames"
        controls = player.locator(".minigrad-player-controls")
        assert controls.is_visible(), f"{name}: stepper {k} is not a player"
        for step in range(n):
            shown = player.locator(".minigrad-stepper-frame.minigrad-current")
            assert shown.count() == 1 and shown.get_attribute("data-step") == str(step)
            shown.scroll_into_view_if_needed()
            assert shown.locator(".minigrad-stepper-caption").inner_text().strip()
            assert shown.locator("svg g.graph").count() == 1
            bad += _graphs_legible(page, f"{name} stepper {k} step {step}", ".minigrad-current svg")
            if step < n - 1:
                controls.locator(".minigrad-next").click()
        assert controls.locator(".minigrad-next").is_disabled()
        # Play from the last step starts again at the first and moves on by itself
        controls.locator(".minigrad-play").click()
        player.evaluate(
            "(el) => new Promise(ok => { const t = setInterval(() => "
            "{ if (el.dataset.step === '1') { clearInterval(t); ok(); } }, 50); })"
        )
        controls.locator(".minigrad-play").click()  # pause
        _shoot(page, f"{name}_stepper{k}_last")
    assert outside == [], f"{name} asked the network for {outside}"
    assert failed == [], f"{name}: {failed}"
    assert bad == []


def test_every_page_of_both_languages_is_walked(site):
    walked = set(PAGES)
    built = {
        p.relative_to(site).as_posix()
        for lang in LANGS
        for p in (site / lang).rglob("*.html")
        if not p.relative_to(site / lang).as_posix().startswith("_")
        and p.name not in ("genindex.html", "search.html")
    }
    assert built == walked
