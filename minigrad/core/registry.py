"""What the core uses from the layers above it, handed down by them when they load.

The core (tensors, nodes, the engine) never imports a module above it. A few of
its steps need a piece that is owned higher up, because that piece is an
operation like any other, or part of torch's API. The layer that owns the piece
registers it here when it is imported, and the core calls ``registry.<name>``:

=======================  ===============================================  ======================
name                     used by the core for                             registered by
=======================  ===============================================  ======================
``backward``             ``Tensor.backward`` is ``autograd.backward``     ``autograd/__init__``
``stack``                a batched gradient under ``create_graph``        ``ops/join.py``
``clone_rows``           ``retain_grad``'s copy of a gradient             ``ops/shape.py``
``CopyBackwards``        a gradient copied so it has a ``grad_fn``        ``ops/copies.py``
``CopySlices``,          a write through a view; a view's history         ``ops/indexing.py``
``AsStridedBackward0``   taken again from its base
``legacy_new``           ``torch.Tensor(2, 3)``, the legacy constructor   ``_legacy.py``
``apply_dual``,          forward-mode AD: the tangents of a dual tensor   ``autograd/forward_ad``
``tangent_of``,          (the rules in ``ops/`` call ``copy_tangent`` and
``inplace_tangent``,     ``setitem_dual`` the same way)
``copy_tangent``,
``setitem_dual``
=======================  ===============================================  ======================

A core loaded alone (``tests/core/test_core_alone.py`` runs one with a sheet of
three rules) works without any of them until a step needs one.

>>> from minigrad.core import registry
>>> registry.stack.__module__
'minigrad.ops.join'
"""

from __future__ import annotations

from typing import Any

from ..exact import messages as _messages


def register(**pieces: Any) -> None:
    """Hand pieces down to the core: ``register(stack=stack)``."""
    globals().update(pieces)


def __getattr__(name: str) -> Any:
    if name.startswith("__"):  # Python asking (``__path__``, ``__test__``): not a piece
        raise AttributeError(name)
    raise RuntimeError(_messages.core_piece_missing(name))
