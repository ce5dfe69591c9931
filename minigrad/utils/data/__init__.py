"""``torch.utils.data``: datasets, samplers and the ``DataLoader``.

A *dataset* answers ``len(ds)`` and ``ds[i]``; a *sampler* decides the order of
the indices; the ``DataLoader`` groups them into batches and *collates* each
batch (a list of samples) into stacked tensors.  With the same
``torch.manual_seed`` the shuffled order is exactly PyTorch's.

Example:
    >>> import minigrad as torch
    >>> from minigrad.utils.data import DataLoader, TensorDataset
    >>> ds = TensorDataset(torch.arange(5.), torch.arange(5))
    >>> [y.tolist() for x, y in DataLoader(ds, batch_size=2)]
    [[0, 1], [2, 3], [4]]
"""

from .dataloader import DataLoader, default_collate, default_convert
from .dataset import ConcatDataset, Dataset, IterableDataset, Subset, TensorDataset, random_split
from .sampler import (
    BatchSampler,
    RandomSampler,
    Sampler,
    SequentialSampler,
    SubsetRandomSampler,
    WeightedRandomSampler,
)

__all__ = [
    "BatchSampler",
    "ConcatDataset",
    "DataLoader",
    "Dataset",
    "IterableDataset",
    "RandomSampler",
    "Sampler",
    "SequentialSampler",
    "Subset",
    "SubsetRandomSampler",
    "TensorDataset",
    "WeightedRandomSampler",
    "default_collate",
    "default_convert",
    "random_split",
]
