"""The ``DataLoader``: batches of samples, collated into tensors.

Each pass (each ``iter(loader)``) first draws a "base seed" from the global
generator (torch gives it to worker processes), then the sampler makes its
order.  minigrad loads everything in the main process, but draws the same
numbers, so the batches match torch's under the same ``manual_seed``.
"""

from __future__ import annotations

import collections.abc
import copy
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from ..._creation import as_tensor, empty, tensor
from ...core.tensor import Tensor
from ...exact import messages as _messages
from ...exact.dtype import float64, int64
from ...ops.join import stack
from .dataset import IterableDataset
from .sampler import BatchSampler, RandomSampler, SequentialSampler


def default_collate(batch: list) -> Any:
    """Turn a list of samples into one batch: tensors are stacked along a new
    first dimension, numbers become a tensor, and tuples/lists/dicts are
    collated field by field.

    Example:
        >>> import minigrad as torch
        >>> default_collate([(torch.tensor([1., 2.]), 0), (torch.tensor([3., 4.]), 1)])
        [tensor([[1., 2.],
                [3., 4.]]), tensor([0, 1])]
    """
    elem = batch[0]
    kind = type(elem)
    if isinstance(elem, Tensor):
        return stack(batch, 0)
    if kind.__module__ == "numpy" and kind.__name__ not in ("str_", "string_"):
        if kind.__name__ in ("ndarray", "memmap"):
            if elem.dtype.kind in "USO":
                raise TypeError(_messages.COLLATE_ERROR.format(elem.dtype))
            return default_collate([as_tensor(b) for b in batch])
        if elem.shape == ():  # numpy scalars
            return as_tensor(np.array(batch))
    if isinstance(elem, float):
        return tensor(batch, dtype=float64)
    if isinstance(elem, int):
        return tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        collated = {key: default_collate([d[key] for d in batch]) for key in elem}
        try:
            if isinstance(elem, collections.abc.MutableMapping):
                clone = copy.copy(elem)
                clone.update(collated)
                return clone
            return kind(collated)
        except TypeError:
            return collated
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):  # namedtuple
        return kind(*(default_collate(s) for s in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        size = len(elem)
        if any(len(e) != size for e in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        transposed = list(zip(*batch))  # (tuples: a field of strings stays a tuple, as in torch)
        if isinstance(elem, tuple):
            return [default_collate(s) for s in transposed]  # a list, as in torch
        try:
            if isinstance(elem, collections.abc.MutableSequence):
                clone = copy.copy(elem)
                for i, samples in enumerate(transposed):
                    clone[i] = default_collate(samples)
                return clone
            return kind([default_collate(s) for s in transposed])
        except TypeError:
            return [default_collate(s) for s in transposed]
    raise TypeError(_messages.COLLATE_ERROR.format(kind))


def default_convert(data: Any) -> Any:
    """What ``batch_size=None`` does to each sample: numpy arrays become tensors,
    containers are converted inside, everything else is left alone."""
    kind = type(data)
    if isinstance(data, Tensor):
        return data
    if kind.__module__ == "numpy" and kind.__name__ not in ("str_", "string_"):
        if kind.__name__ == "ndarray" and data.dtype.kind in "USO":
            return data
        return as_tensor(data)
    if isinstance(data, collections.abc.Mapping):
        return {key: default_convert(data[key]) for key in data}
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return kind(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, collections.abc.Sequence) and not isinstance(data, (str, bytes)):
        return [default_convert(d) for d in data]
    return data


class DataLoader:
    """Iterate over ``dataset`` in batches of ``batch_size`` (shuffled if asked).

    Example:
        >>> import minigrad as torch
        >>> from minigrad.utils.data import TensorDataset
        >>> loader = DataLoader(TensorDataset(torch.arange(6.)), batch_size=4, drop_last=True)
        >>> len(loader), [b[0].shape for b in loader]
        (1, [torch.Size([4])])
    """

    def __init__(
        self,
        dataset: Any,
        batch_size: int | None = 1,
        shuffle: bool | None = None,
        sampler: Any = None,
        batch_sampler: Any = None,
        num_workers: int = 0,
        collate_fn: Callable | None = None,
        pin_memory: bool = False,
        drop_last: bool = False,
        timeout: float = 0,
        worker_init_fn: Any = None,
        multiprocessing_context: Any = None,
        generator: Any = None,
        *,
        prefetch_factor: int | None = None,
        persistent_workers: bool = False,
        pin_memory_device: str = "",
        in_order: bool = True,
    ) -> None:
        if num_workers < 0:
            raise ValueError(_messages.NUM_WORKERS_NEGATIVE)
        self.dataset = dataset
        self.num_workers = num_workers  # minigrad always loads in the main process
        self.pin_memory = pin_memory
        self.generator = generator
        self._iterable = isinstance(dataset, IterableDataset)
        if self._iterable:
            if shuffle not in {False, None}:
                raise ValueError(_messages.iterable_dataset_shuffle(shuffle))
        elif sampler is not None and shuffle not in {False, None}:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError(_messages.BATCH_SAMPLER_EXCLUSIVE)
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError(_messages.BATCH_SIZE_NONE_EXCLUSIVE)
        if sampler is None:
            sampler = (
                (
                    RandomSampler(dataset, generator=generator)
                    if shuffle
                    else SequentialSampler(dataset)
                )
                if not self._iterable
                else None
            )
        if batch_size is not None and batch_sampler is None and not self._iterable:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self._auto_collation = batch_sampler is not None or (
            self._iterable and batch_size is not None
        )
        if collate_fn is None:
            collate_fn = default_collate if self._auto_collation else default_convert
        self.collate_fn = collate_fn

    def __iter__(self) -> Iterator:
        if self.pin_memory:
            warnings.warn(
                _messages.PIN_MEMORY_NO_ACCELERATOR,
                stacklevel=2,
            )
        # torch draws a seed for its worker processes at the start of every pass
        empty((), dtype=int64).random_(generator=self.generator)
        if self._iterable:
            return self._iter_stream()
        indices = self.batch_sampler if self._auto_collation else self.sampler
        return (self._fetch(i) for i in indices)

    def _fetch(self, index: Any) -> Any:
        if self._auto_collation:
            return self.collate_fn([self.dataset[i] for i in index])
        return self.collate_fn(self.dataset[index])

    def _iter_stream(self) -> Iterator:
        it = iter(self.dataset)
        if not self._auto_collation:
            for sample in it:
                yield self.collate_fn(sample)
            return
        while True:
            batch = []
            for sample in it:
                batch.append(sample)
                if len(batch) == self.batch_size:
                    break
            if not batch or (self.drop_last and len(batch) < self.batch_size):
                return
            yield self.collate_fn(batch)

    def __len__(self) -> int:
        if self._iterable:
            n = len(self.dataset)
            if self.batch_size is None:
                return n
            return n // self.batch_size if self.drop_last else -(-n // self.batch_size)
        return len(self.batch_sampler if self._auto_collation else self.sampler)
