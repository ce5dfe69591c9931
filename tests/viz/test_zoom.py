"""Figure.zoomable(): the figure at its natural size in a zoom-and-pan widget
(the browser side is tested in tests/browser/test_zoom.py)."""

from __future__ import annotations

import re

import minigrad
from minigrad import viz
from minigrad.viz.zoom import ZoomView, natural_source


def _wide():
    xs = [minigrad.tensor(float(k), requires_grad=True) for k in range(16)]
    total = sum(x * x for x in xs)
    return viz.draw_forward(total, rankdir="TB", max_nodes=200)


def _width_pt(svg: str) -> float:
    return float(re.search(r'<svg width="([\d.]+)pt"', svg).group(1))


def test_the_figure_is_capped_to_an_output_area_and_the_zoomable_view_is_not():
    fig = _wide()
    assert 'size="9.4,1000"' in fig.source
    capped = _width_pt(fig.svg())
    assert capped <= 9.4 * 72 + 1  # scaled down to fit the output area ...
    view = fig.zoomable()
    assert isinstance(view, ZoomView)
    natural = _width_pt(view.svg)
    assert natural > 1.5 * capped  # ... the zoomable view keeps graphviz's natural size
    # drawn unscaled, its smallest text is at least 9 pt (12 CSS px) at 100%
    assert "scale(1 1)" in view.svg
    assert min(float(f) for f in re.findall(r'font-size="([\d.]+)"', view.svg)) >= 9
    assert view.scale == 1.0 and view.max_height == 560


def test_natural_source_drops_only_the_size_attribute():
    src = _wide().source
    out = natural_source(src)
    assert re.search(r'\bsize="9.4', src) and not re.search(r'[ ,]size="', out)
    assert out.count("fontsize=") == src.count("fontsize=")
    assert natural_source(out) == out


def test_the_view_shows_as_a_widget_with_a_text_fallback():
    view = viz.draw_forward(minigrad.tensor(2.0, requires_grad=True) * 3).zoomable(
        scale=1.5, max_height=300
    )
    bundle = view._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith("<minigrad.viz.ZoomView at 150%")
    assert view.max_height == 300
    # the JavaScript has every control the docs promise (their texts come from the
    # catalogue of minigrad's language, minigrad/i18n)
    for control in ("open", "actual", "fit", "ctrlKey", "pointerdown"):
        assert control in view._esm
    assert {view.labels["open"], view.labels["actual"], view.labels["fit"]} == {
        "Open full size",
        "Actual size",
        "Fit",
    }


def test_without_a_program_the_browser_lays_it_out_with_its_zoom_on():
    from graphviz_anywidget import GraphvizAnyWidget

    fig = viz.draw_forward(minigrad.tensor(2.0, requires_grad=True) * 3)
    viz.set_renderer("browser")
    try:
        view = fig.zoomable()
    finally:
        viz.set_renderer("auto")
    assert isinstance(view, GraphvizAnyWidget) and view.enable_zoom is True
    assert not re.search(r'[ ,]size="', view.dot_source)


def test_a_figure_too_small_to_read_when_fitted_shows_as_a_zoomable_view():
    from minigrad.viz.zoom import MIN_PX, displayed_px

    fig = _wide()
    assert displayed_px(fig.svg()) < MIN_PX  # fitted to the output area: too small
    bundle = fig._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle  # what JupyterLab shows
    assert bundle["image/svg+xml"] == fig.svg()  # kept for static views of the notebook
    small = viz.draw_forward(minigrad.tensor(2.0, requires_grad=True) * 3)
    assert displayed_px(small.svg()) >= MIN_PX
    assert list(small._repr_mimebundle_()) == ["image/svg+xml"]  # a readable one: unchanged
    fig.auto_zoom = False
    assert "application/vnd.jupyter.widget-view+json" not in fig._repr_mimebundle_()
