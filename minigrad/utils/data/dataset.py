"""Datasets: things with ``len(ds)`` and ``ds[i]``, and ``random_split``."""

from __future__ import annotations

import bisect
import itertools
import math
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

from ..._creation import randperm
from ...core.tensor import Tensor
from ...exact import random as _random


class Dataset:
    """The base class of map-style datasets: override ``__getitem__`` (and ``__len__``).

    Example:
        >>> class Squares(Dataset):
        ...     def __len__(self): return 3
        ...     def __getitem__(self, i): return i * i
        >>> [Squares()[i] for i in range(3)]
        [0, 1, 4]
    """

    def __getitem__(self, index: Any) -> Any:
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")

    def __class_getitem__(cls, item: Any) -> type:
        return cls  # ``Dataset[int]`` in type hints, as torch's Dataset is generic

    def __add__(self, other: Dataset) -> ConcatDataset:
        return ConcatDataset([self, other])


class IterableDataset(Dataset):
    """A dataset that is a stream: override ``__iter__`` instead of ``__getitem__``."""

    def __iter__(self) -> Iterator:
        raise NotImplementedError("Subclasses of IterableDataset should implement __iter__.")


class TensorDataset(Dataset):
    """Sample ``i`` is ``(t[i] for t in tensors)``; all tensors share their first size.

    Example:
        >>> import minigrad as torch
        >>> ds = TensorDataset(torch.tensor([[1., 2.], [3., 4.]]), torch.tensor([0, 1]))
        >>> len(ds), ds[1]
        (2, (tensor([3., 4.]), tensor(1)))
    """

    def __init__(self, *tensors: Tensor) -> None:
        if any(tensors[0].size(0) != t.size(0) for t in tensors):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index: Any) -> tuple:
        return tuple(t[index] for t in self.tensors)

    def __len__(self) -> int:
        return self.tensors[0].size(0)


class Subset(Dataset):
    """The samples of ``dataset`` at ``indices``, in that order."""

    def __init__(self, dataset: Any, indices: Sequence[int]) -> None:
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx: Any) -> Any:
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __len__(self) -> int:
        return len(self.indices)


class ConcatDataset(Dataset):
    """Several datasets one after the other."""

    def __init__(self, datasets: Sequence[Any]) -> None:
        self.datasets = list(datasets)
        if not self.datasets:
            raise AssertionError("datasets should not be an empty iterable")
        self.cumulative_sizes = list(itertools.accumulate(len(d) for d in self.datasets))

    def __len__(self) -> int:
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx: int) -> Any:
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        which = bisect.bisect_right(self.cumulative_sizes, idx)
        start = self.cumulative_sizes[which - 1] if which else 0
        return self.datasets[which][idx - start]


def random_split(
    dataset: Any, lengths: Sequence[int | float], generator: Any = _random.default_generator
) -> list[Subset]:
    """Split ``dataset`` into non-overlapping random parts of the given sizes
    (or fractions of its length), using one ``randperm`` as torch does.

    Example:
        >>> import minigrad as torch
        >>> a, b = random_split(range(10), [0.3, 0.7], generator=torch.Generator().manual_seed(0))
        >>> len(a), len(b)
        (3, 7)
    """
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        sizes: list[int] = []
        for i, frac in enumerate(lengths):
            if frac < 0 or frac > 1:
                raise ValueError(f"Fraction at index {i} is not between 0 and 1")
            sizes.append(math.floor(len(dataset) * frac))
        # hand out what the rounding down left over, one at a time
        for i in range(len(dataset) - sum(sizes)):
            sizes[i % len(sizes)] += 1
        lengths = sizes
        for i, length in enumerate(lengths):
            if length == 0:
                warnings.warn(
                    f"Length of split at index {i} is 0. This might result in an empty dataset.",
                    stacklevel=2,
                )
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    indices = randperm(sum(lengths), generator=generator).tolist()
    return [
        Subset(dataset, indices[end - n : end])
        for end, n in zip(itertools.accumulate(lengths), lengths)
    ]
