"""Interactive learning aids for Jupyter (ipywidgets 8).

- :class:`BackwardStepper`: step through ``backward()`` one node at a time,
  exactly in the order the engine runs them; ``stepper.save("steps.gif")`` (or
  ``.pdf``, one page per step) takes the steps to slides (see :mod:`.export`).
- :func:`interact_graph`: sliders for a function's inputs; the graph and the
  gradients are recomputed and redrawn on every change.
- :class:`JacobianExplorer`: the Jacobian of a vector function, built row by
  row, and what ``y.backward(v)`` really computes: ``vᵀJ``.

Each object shows itself in Jupyter and exposes its state for tests
(``.steps``, ``.step``, ``.sliders``, ``.grads``, ``.J``, ``.v``, ``.vjp``...).
"""

from __future__ import annotations

from .jacobian import JacobianExplorer
from .sliders import InteractGraph, interact_graph
from .stepper import BackwardStepper

__all__ = ["BackwardStepper", "interact_graph", "InteractGraph", "JacobianExplorer"]
