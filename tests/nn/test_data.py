"""``torch.utils.data``: datasets, samplers, DataLoader, random_split, and the random
draws behind them (``Tensor.random_``, ``multinomial``), against real torch.

The randomised tests pick a new seed and new shapes every run; a failure
prints the seed so it can be replayed."""

from __future__ import annotations

import collections
import random
import warnings

import numpy as np
import pytest
import torch
import torch.utils.data as tdata

import minigrad
import minigrad.utils.data as mdata

from ..transcript import run


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(2**63)


def _to_plain(x):
    """Batches as plain Python values plus dtype names, to compare torch and minigrad."""
    if isinstance(x, (torch.Tensor, minigrad.Tensor)):
        return ("tensor", str(x.dtype), tuple(x.shape), x.tolist())
    if isinstance(x, dict):
        return {k: _to_plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, [_to_plain(v) for v in x])
    return x


# --- Tensor.random_ and multinomial: torch's random streams, bit for bit ----------------

_SMALL = [(), (7,), (-5, 20)]
RANDOM_CASES = (
    [("int64", b) for b in _SMALL + [(0, 2**31), (-(2**35), 2**35), (0, 2**40 + 3)]]
    + [("int32", b) for b in _SMALL + [(0, 2**31), (-(2**31), 2**30)]]
    + [(d, b) for d in ("int16", "int8") for b in _SMALL]
    + [("uint8", b) for b in [(), (7,), (3, 200)]]
    + [("bool", b) for b in [(), (2,), (0, 2)]]
    + [("float32", b) for b in _SMALL + [(0, 2**24)]]
    + [("float64", b) for b in _SMALL + [(0, 2**31), (-(2**40), 2**35)]]
)


@pytest.mark.parametrize(("dtype", "bounds"), RANDOM_CASES)
def test_random_matches_torch(dtype, bounds):
    seed = _fresh_seed()
    out = []
    for lib in (torch, minigrad):
        lib.manual_seed(seed)
        t = lib.empty(37, dtype=getattr(lib, dtype)).random_(*bounds)
        out.append(
            (t.tolist(), lib.empty((), dtype=lib.int64).random_().item(), lib.rand(3).tolist())
        )
    assert out[0] == out[1], f"seed={seed}"


def test_random_with_generator_and_keywords():
    seed = _fresh_seed()
    out = []
    for lib in (torch, minigrad):
        g = lib.Generator().manual_seed(seed)
        a = lib.empty(5, dtype=lib.int64).random_(generator=g)
        b = lib.empty(5).random_(to=9, generator=g)
        c = lib.empty(5, dtype=lib.int32).random_(3, 9, generator=g)
        out.append((a.tolist(), b.tolist(), c.tolist()))
    assert out[0] == out[1], f"seed={seed}"


@pytest.mark.parametrize("trial", range(40))
def test_multinomial_matches_torch(trial):
    seed = _fresh_seed()
    rng = np.random.default_rng(seed)
    k = int(rng.integers(1, 40))
    rows = [None, int(rng.integers(1, 5))][trial % 2]
    dtype = ["float32", "float64"][trial // 2 % 2]
    p = rng.random((rows or 1, k)).astype(dtype)
    p[p < rng.random()] = 0
    p[:, int(rng.integers(k))] += 0.1  # every row has some weight
    if rows is None:
        p = p[0]
    replacement = bool(trial // 4 % 2)
    nonzero = int((p > 0).sum(-1).min())
    n = int(rng.integers(1, 60)) if replacement else int(rng.integers(1, nonzero + 1))
    out = []
    for lib in (torch, minigrad):
        lib.manual_seed(seed)
        probs = lib.tensor(p.tolist(), dtype=getattr(lib, dtype))
        out.append(
            (
                lib.multinomial(probs, n, replacement).tolist(),
                probs.multinomial(n, replacement=replacement).tolist(),
                lib.randn(17).tolist(),
            )
        )
    assert out[0] == out[1], f"seed={seed} probs={p.tolist()} n={n} replacement={replacement}"


MISUSE = {
    "multinomial 3-D": "torch.multinomial(torch.ones(2, 2, 2), 1)",
    "multinomial 0-D": "torch.multinomial(torch.tensor(1.), 1)",
    "multinomial no samples": "torch.multinomial(torch.ones(3), 0)",
    "multinomial too many": "torch.multinomial(torch.ones(3), 4)",
    "multinomial negative": "torch.multinomial(torch.tensor([1., -1.]), 1)",
    "multinomial nan": "torch.multinomial(torch.tensor([1., float('nan')]), 2, True)",
    "multinomial inf": "torch.multinomial(torch.tensor([1., float('inf')]), 3, True)",
    "multinomial negative, replacement": "torch.multinomial(torch.tensor([1., -1.]), 2, True)",
    "multinomial inf, one sample": "torch.multinomial(torch.tensor([1., float('inf')]), 1, True)",
    "multinomial zero, replacement": "torch.multinomial(torch.tensor([0., 0.]), 2, True)",
    "multinomial zero row": "torch.multinomial(torch.tensor([[1., 0.], [0., 0.]]), 1)",
    "multinomial ints": "torch.multinomial(torch.tensor([1, 2]), 1)",
    "random_ empty range": "torch.ones(2).random_(3, 1)",
    "random_ negative to": "torch.ones(2).random_(-1)",
    "random_ on a leaf": "torch.tensor([1.], requires_grad=True).random_()",
    "TensorDataset sizes": ("torch.utils.data.TensorDataset(torch.ones(3), torch.ones(4))"),
    "random_split bad sum": "torch.utils.data.random_split(range(10), [3, 3])",
    "random_split bad fraction": "torch.utils.data.random_split(range(10), [1.5, -0.5])",
    "random_split empty part": (
        "torch.manual_seed(0)\n"
        "print([list(s) for s in torch.utils.data.random_split(range(2), [0.1, 0.9])])"
    ),
    "collate unequal lists": ("torch.utils.data.default_collate([[1, 2], [3]])"),
    "collate objects": "torch.utils.data.default_collate([object()])",
    "shuffle with sampler": (
        "torch.utils.data.DataLoader(range(3), shuffle=True, sampler=[0, 1, 2])"
    ),
    "batch_size None with drop_last": (
        "torch.utils.data.DataLoader(range(3), batch_size=None, drop_last=True)"
    ),
    "pin_memory without a GPU": (
        "torch.manual_seed(0)\n"
        "loader = torch.utils.data.DataLoader(range(5), batch_size=2, shuffle=True, "
        "pin_memory=True, num_workers=0)\n"
        "for epoch in range(2):\n    print([b.tolist() for b in loader])"
    ),
    "batch_size zero": "torch.utils.data.DataLoader(range(3), batch_size=0)",
    "negative workers": "torch.utils.data.DataLoader(range(3), num_workers=-1)",
}


@pytest.mark.parametrize("name", sorted(MISUSE))
def test_misuse_like_torch(name):
    theirs, mine = run(MISUSE[name], torch), run(MISUSE[name], minigrad)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings


# --- collation --------------------------------------------------------------------------

Point = collections.namedtuple("Point", "x y")


def _samples(lib):
    return {
        "tensor pairs": [
            (lib.tensor([1.0, 2.0]), lib.tensor(0)),
            (lib.tensor([3.0, 4.0]), lib.tensor(1)),
        ],
        "numbers": [(1, 2.5, True), (3, -0.5, False)],
        "dicts": [{"a": lib.ones(2), "b": 1, "s": "x"}, {"a": lib.zeros(2), "b": 2, "s": "y"}],
        "lists": [[1, lib.tensor([1])], [2, lib.tensor([2])]],
        "numpy": [np.arange(3, dtype=np.float32), np.ones(3, dtype=np.float32)],
        "numpy scalars": [np.float64(1.5), np.float64(2.5)],
        "namedtuples": [Point(1, lib.ones(1)), Point(2, lib.zeros(1))],
        "int64 numpy": [np.array([1, 2]), np.array([3, 4])],
    }


@pytest.mark.parametrize("kind", sorted(_samples(torch)))
def test_default_collate_like_torch(kind):
    theirs = tdata.default_collate(_samples(torch)[kind])
    mine = mdata.default_collate(_samples(minigrad)[kind])
    assert _to_plain(mine) == _to_plain(theirs)
    assert type(mine).__name__ == type(theirs).__name__


def test_batch_size_none_converts_each_sample():
    ds = [(np.arange(2.0), 3), {"a": np.ones(2), "b": "s"}, [np.float32(2.5), 1.5]]
    theirs = [_to_plain(b) for b in tdata.DataLoader(ds, batch_size=None)]
    mine = [_to_plain(b) for b in mdata.DataLoader(ds, batch_size=None)]
    assert mine == theirs
    assert len(mdata.DataLoader(ds, batch_size=None)) == len(tdata.DataLoader(ds, batch_size=None))


# --- DataLoader and random_split orders: randomised against torch -----------------------


class _Squares:
    """A plain map-style dataset (no base class), as many tutorials write."""

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return {"x": [float(i), float(i * i)], "y": i % 3}


def _epochs(lib, data, seed, n, batch_size, shuffle, drop_last, with_generator, kind):
    lib.manual_seed(seed)
    if kind == "tensors":
        x = lib.arange(n * 2, dtype=lib.float32).reshape(n, 2)
        ds = data.TensorDataset(x, lib.arange(n))
    else:
        ds = _Squares(n)
    gen = lib.Generator().manual_seed(seed + 1) if with_generator else None
    loader = data.DataLoader(
        ds, batch_size=batch_size, shuffle=shuffle, drop_last=drop_last, generator=gen
    )
    out = [len(loader)]
    for _ in range(2):  # two epochs: the second pass draws new seeds
        out.append([_to_plain(b) for b in loader])
    out.append(lib.rand(2).tolist())  # the global stream is left in the same place
    return out


def test_dataloader_orders_and_shapes_like_torch():
    master = _fresh_seed()
    rng = random.Random(master)
    for _ in range(25):
        args = dict(
            seed=rng.randrange(2**62),
            n=rng.randrange(1, 40),
            batch_size=rng.choice([None, 1, 2, 3, 5, 8, 64]),
            shuffle=rng.random() < 0.7,
            drop_last=rng.random() < 0.4,
            with_generator=rng.random() < 0.3,
            kind=rng.choice(["tensors", "dicts"]),
        )
        if args["batch_size"] is None:
            args["drop_last"] = False
        theirs = _epochs(torch, tdata, **args)
        mine = _epochs(minigrad, mdata, **args)
        assert mine == theirs, f"master seed={master} case={args}"


def test_random_split_like_torch():
    master = _fresh_seed()
    rng = random.Random(master)
    for _ in range(30):
        n = rng.randrange(1, 60)
        seed = rng.randrange(2**62)
        if rng.random() < 0.5:
            cuts = sorted(rng.randrange(n + 1) for _ in range(rng.randrange(1, 4)))
            lengths = [b - a for a, b in zip([0] + cuts, cuts + [n])]
        else:
            parts = [rng.random() + 0.05 for _ in range(rng.randrange(1, 4))]
            lengths = [p / sum(parts) for p in parts]
            if not (abs(sum(lengths) - 1) < 1e-9 and sum(lengths) <= 1):
                continue
        use_gen = rng.random() < 0.5
        out = []
        for lib, data in ((torch, tdata), (minigrad, mdata)):
            lib.manual_seed(seed)
            kw = {"generator": lib.Generator().manual_seed(seed)} if use_gen else {}
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                parts_ = data.random_split(range(n), lengths, **kw)
            out.append(
                (
                    [list(p) for p in parts_],
                    [len(p) for p in parts_],
                    lib.randint(0, 100, (3,)).tolist(),
                    [str(w.message) for w in caught],
                )
            )
        assert out[0] == out[1], f"master seed={master} n={n} lengths={lengths}"


def test_random_sampler_with_replacement_like_torch():
    seed = _fresh_seed()
    out = []
    for lib, data in ((torch, tdata), (minigrad, mdata)):
        lib.manual_seed(seed % 2**62)
        s = data.RandomSampler(range(10), replacement=True, num_samples=70)
        out.append((list(s), len(s), list(data.SubsetRandomSampler([5, 6, 7, 8]))))
    assert out[0] == out[1], f"seed={seed}"


def test_dataset_subclass_concat_and_iterable():
    out = []
    for lib, data in ((torch, tdata), (minigrad, mdata)):

        class Squares(data.Dataset[int]):
            make = lib.tensor

            def __len__(self):
                return 4

            def __getitem__(self, i):
                return type(self).make([i * i])

        class Stream(data.IterableDataset):
            sampler_hint = data.Sampler[int]

            def __iter__(self):
                return iter(range(7))

        both = Squares() + Squares()
        stream = [_to_plain(b) for b in data.DataLoader(Stream(), batch_size=3)]
        out.append(
            (
                len(both),
                _to_plain(both[5]),
                _to_plain(both[-1]),
                stream,
                list(data.BatchSampler(range(7), 3, True)),
                len(data.DataLoader(range(7), batch_size=3)),
            )
        )
    assert out[0] == out[1]


DATA_SNIPPETS = {
    "strings_in_tuples": """
dl = torch.utils.data.DataLoader([(1, "x"), (2, "y")], batch_size=2)
print(list(dl), torch.utils.data.default_collate([("a", 1.0), ("b", 2.0)]))
""",
    "weighted_sampler": """
W = torch.utils.data.WeightedRandomSampler
g = torch.Generator().manual_seed(0)
print(list(W([0.1, 0.9, 0.5], 5, generator=g)), len(W([1, 2], 7)))
print(list(W(torch.tensor([0.0, 1.0, 3.0]), 2, replacement=False, generator=g)))
torch.manual_seed(3)
ds = torch.utils.data.TensorDataset(torch.arange(6.0))
dl = torch.utils.data.DataLoader(ds, batch_size=4, sampler=W([1.0] * 6, 8))
print([b[0].tolist() for b in dl])
""",
    "weighted_sampler_bad_count": "torch.utils.data.WeightedRandomSampler([1.0], 0)",
    "weighted_sampler_bad_replacement": "torch.utils.data.WeightedRandomSampler([1.0], 2, 1)",
    "weighted_sampler_bad_weights": "torch.utils.data.WeightedRandomSampler([[1.0]], 2)",
}


@pytest.mark.parametrize("name", list(DATA_SNIPPETS))
def test_data_snippets_like_torch(name):
    code = DATA_SNIPPETS[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.lines()
    assert mine.lines() == theirs.lines()
