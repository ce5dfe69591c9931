"""What a node receives during backward, as the engine sees it.

A node has one gradient *per output*. ``a, b = w.split([2, 4])`` makes one
``SplitWithSizesBackward0`` node with two outputs; the engine hands it two
gradients, one of shape ``[2, ...]`` for ``a`` and one of shape ``[4, ...]``
for ``b``, and the node's rule puts them side by side (concatenates them).
The engine *adds* gradients only when several edges arrive at the *same*
output (fan-out in the forward pass: ``y`` used twice gets ``g1 + g2``).

So a label shows, for each output that received something, what arrived
there, and adds up only what arrived at one output:

>>> import numpy as np
>>> one = np.ones(2, dtype=np.float32)
>>> [text for _, text in lines([(0, one), (0, 2 * one)], n_outputs=1)]
['in: [1.0, 1.0] + [2.0, 2.0] = [3.0, 3.0]']
>>> [text for _, text in lines([(0, one), (1, 3 * np.ones(3, np.float32))], n_outputs=2)]
['in at output 0, shape [2]: [1.0, 1.0]', 'in at output 1, shape [3]: [3.0, 3.0, 3.0]']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from ..i18n import text as tr
from . import labels

# torch nodes that always have several outputs, even when only one of them was used
# (minigrad's own nodes say how many outputs they have: observe.n_outputs)
MULTI_OUTPUT = {
    "SplitBackward0",
    "SplitWithSizesBackward0",
    "UnsafeSplitBackward0",
    "UnsafeSplitWithSizesBackward0",
    "UnbindBackward0",
}


def n_outputs(fn: Any, name: str, nrs: Iterable[int]) -> int:
    """How many outputs ``fn`` has: known for minigrad's nodes and torch's splits,
    otherwise at least one more than the highest output number an edge uses."""
    from ..autograd import Node, observe

    known = observe.n_outputs(fn) if isinstance(fn, Node) else 0
    if name in MULTI_OUTPUT:
        known = max(known, 2)
    return max([known, 1] + [nr + 1 for nr in nrs])


def _text(a: Any) -> str:
    return "None" if a is None else labels.short_value(a)


def sum_text(parts: list) -> str:
    """``2.0`` or ``2.0 + 3.0 = 5.0``: what several edges delivered to one output."""
    if len(parts) == 1:
        return _text(parts[0])
    arrays = [np.asarray(p) for p in parts]
    total = arrays[0]
    for a in arrays[1:]:  # (one output: the engine checked that the shapes agree)
        total = total + a
    return " + ".join(_text(p) for p in parts) + " = " + _text(total)


def lines(
    arrived: list[tuple[int, Any]], n_outputs: int, *, waiting: bool = False
) -> list[tuple[str, str]]:
    """Label lines (see :func:`minigrad.viz.labels.html`) for what arrived at a node.

    ``arrived`` holds ``(output number, gradient as a numpy array)``, one per edge
    (and the seed); ``None`` marks a gradient that is not known. An output with an
    unknown gradient shows no line. A node with one output shows its line only when
    several edges arrived (one edge's label says it already), unless ``waiting``.
    """
    by_nr: dict[int, list] = {}
    for nr, g in arrived:
        by_nr.setdefault(nr, []).append(g)
    out: list[tuple[str, str]] = []
    for nr in sorted(by_nr):
        parts = by_nr[nr]
        if any(p is None for p in parts):
            continue
        if n_outputs <= 1:
            if len(parts) > 1 or waiting:
                key = "steps.waiting" if waiting else "steps.in"
                out.append(("grad", tr(key, values=sum_text(parts))))
            continue
        dims = ", ".join(str(n) for n in np.shape(parts[0]))
        shape = tr("steps.output_shape", dims=dims)
        key = "steps.waiting_output" if waiting else "steps.in_output"
        out.append(("grad", tr(key, nr=nr, shape=shape, values=sum_text(parts))))
    return out
