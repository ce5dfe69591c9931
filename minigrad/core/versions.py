"""Version counters: how backward notices a saved tensor that was changed in place.

Every tensor's data has a counter (shared by all views of that data); every
in-place operation adds one. A node remembers the version of each tensor it
saved, and backward refuses to use a tensor whose version moved on since.

A tensor makes its counter when first needed: ``Tensor._vc is None`` means
version 0, and a view or ``detach()`` creates the counter it then shares.
"""

from __future__ import annotations


class _Version:
    """A tensor's version counter, shared by all tensors that share its data.
    Every in-place operation adds one."""

    __slots__ = ("v", "dtype", "detached")

    def __init__(self) -> None:
        self.v = 0
        # when a tensor with a grad_fn was detached in place (``detach_()``): the
        # sequence number of that moment, to tell the nodes that saved it before
        self.detached = -1
        # the data's dtype, when an operation saved a copy promoted to another one
        # (torch's messages name the tensor that was changed)
        self.dtype = None


# Inference tensors (made inside ``inference_mode()``) all share this counter: it
# marks them, and is never read (their ``_version`` is an error, as in torch).
_INFERENCE = _Version()
