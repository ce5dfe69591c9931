"""``torch.nn.utils.rnn``: putting sequences of different lengths in one batch.

``pad_sequence`` stacks tensors of shapes ``(L_i, *)`` into one tensor of
shape ``(L_max, B, *)`` (``(B, L_max, *)`` with ``batch_first=True``), filling
the missing steps with ``padding_value``. As in torch, each sequence is copied
into its place in a tensor of padding, so the result's ``grad_fn`` is
``CopySlices`` and each sequence gets back the gradient of its own steps.

>>> import minigrad as torch
>>> from minigrad.nn.utils.rnn import pad_sequence
>>> pad_sequence([torch.tensor([1, 2, 3]), torch.tensor([4])], batch_first=True)
tensor([[1, 2, 3],
        [4, 0, 0]])
"""

from __future__ import annotations

from typing import Any

from ...core.tensor import Tensor

__all__ = ["pad_sequence"]


def pad_sequence(
    sequences: Any,
    batch_first: bool = False,
    padding_value: float = 0.0,
    padding_side: str = "right",
) -> Tensor:
    """The sequences, padded to the longest one's length and stacked along a
    new batch dimension (the second one, or the first with ``batch_first``)."""
    if isinstance(sequences, Tensor):
        sequences = sequences.unbind(0)
    sequences = list(sequences)
    if padding_side not in ("left", "right"):
        raise RuntimeError(
            f"Expected padding_side to be one of left or right, but got {padding_side}."
        )
    if not sequences:
        raise RuntimeError("received an empty list of sequences")
    first = sequences[0]
    max_len = max(s.size(0) for s in sequences)
    batch = len(sequences)
    shape = (batch, max_len) if batch_first else (max_len, batch)
    out = first.new_full(shape + tuple(first.shape[1:]), padding_value)
    for i, seq in enumerate(sequences):
        n = seq.size(0)
        start = 0 if padding_side == "right" else max_len - n
        place = out.select(0, i) if batch_first else out.select(1, i)
        place.narrow(0, start, n).copy_(seq)
    return out
