"""Regenerate the gallery of the textbook's figures: ``python -m minigrad.viz.gallery OUTDIR``.

Writes SVG and PNG files, forward and backward, for

1. ``z = w*x + b`` (figures 2-9 and 2-10): ``x = torch.Tensor([2])`` is a
   constant, ``w`` and ``b`` come from ``torch.randn(1, requires_grad=True)``
   after ``torch.manual_seed(0)``;
2. ``y = (x+1)*(x+2)`` at ``x = 2``: ``x`` is used twice, so two gradients meet;
3. ``z = x*x*y`` at ``x = 2, y = 3``, and its derivative ``dz/dx = 2xy``,
   built with ``create_graph=True`` and differentiated again (``d2z/dx2 = 2y``).

Each backward runs inside :func:`minigrad.viz.record`, so every edge shows the
gradient that flowed along it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import minigrad as torch
from minigrad import viz
from minigrad.i18n import text as tr


def linear(out: Path) -> list[Path]:
    """Figures 2-9 and 2-10: ``y = w*x``, ``z = y + b``."""
    torch.manual_seed(0)
    x = torch.Tensor([2])
    w = torch.randn(1, requires_grad=True)
    b = torch.randn(1, requires_grad=True)
    y = torch.mul(w, x)
    z = torch.add(y, b)
    names = {x: "x", w: "w", b: "b", y: "y", z: "z"}  # as the textbook names them
    forward = viz.draw_forward(z, names, title=tr("gallery.linear_forward"))
    files = _save(forward, out, "linear_forward")
    with viz.record() as rec:
        z.backward()
    title = tr("gallery.linear_backward")
    backward = viz.draw_backward(z, names, recording=rec, title=title)
    files += _save(backward, out, "linear_backward")
    both = viz.draw(z, names, recording=rec, title=tr("gallery.linear_both"))
    return files + _save(both, out, "linear_both")


def quadratic(out: Path) -> list[Path]:
    """``y = (x+1)*(x+2)``: one leaf used twice, so two gradients are summed."""
    x = torch.tensor(2.0, requires_grad=True)
    y = (x + 1) * (x + 2)
    names = {x: "x", y: "y"}
    files = _save(viz.draw_forward(y, names, title="y = (x+1)*(x+2)"), out, "quadratic_forward")
    with viz.record() as rec:
        y.backward()
    title = tr("gallery.quadratic_backward")
    return files + _save(
        viz.draw_backward(y, names, recording=rec, title=title), out, "quadratic_backward"
    )


def second_derivative(out: Path) -> list[Path]:
    """``z = x*x*y``, its derivative graph (create_graph=True), and the second derivative."""
    x = torch.tensor(2.0, requires_grad=True)
    y = torch.tensor(3.0, requires_grad=True)
    z = x * x * y
    names = {x: "x", y: "y", z: "z"}
    files = _save(viz.draw_forward(z, names, title="z = x*x*y"), out, "second_forward")
    with viz.record() as rec:
        (dz_dx,) = torch.autograd.grad(z, x, create_graph=True)
    title = tr("gallery.second_backward")
    files += _save(viz.draw_backward(z, names, recording=rec, title=title), out, "second_backward")
    names = {x: "x", y: "y", dz_dx: "dz/dx"}
    title = tr("gallery.second_grad_forward")
    files += _save(viz.draw_forward(dz_dx, names, title=title), out, "second_grad_forward")
    with viz.record() as rec2:
        dz_dx.backward()
    title = tr("gallery.second_grad_backward")
    fig = viz.draw_backward(dz_dx, names, recording=rec2, title=title)
    return files + _save(fig, out, "second_grad_backward")


def _save(fig: viz.Figure, out: Path, stem: str) -> list[Path]:
    return [fig.render(out / f"{stem}.{fmt}") for fmt in ("svg", "png")]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m minigrad.viz.gallery OUTDIR", file=sys.stderr)
        return 2
    out = Path(args[0])
    out.mkdir(parents=True, exist_ok=True)
    files = linear(out) + quadratic(out) + second_derivative(out)
    for f in files:
        print(f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
