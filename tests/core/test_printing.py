"""Tensor printing must match real PyTorch character for character.

Every test builds a real torch tensor, hands the same numbers (and autograd
state) to ``minigrad.exact.printing`` and compares the two texts.
"""

from __future__ import annotations

import contextlib

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from minigrad.exact.printing import format_value, get_printoptions, set_printoptions, tensor_repr

nan, inf = float("nan"), float("inf")


def ours(t: torch.Tensor) -> str:
    """Our text for a tensor with the same data and autograd state as `t`."""
    grad_fn = None if t.grad_fn is None else type(t.grad_fn).__name__
    return tensor_repr(t.detach().numpy(), grad_fn_name=grad_fn, requires_grad=t.requires_grad)


def assert_same(t: torch.Tensor) -> None:
    expected = repr(t)
    assert ours(t) == expected, f"\nexpected:\n{expected}\ngot:\n{ours(t)}"


@contextlib.contextmanager
def printoptions(**options):
    """Set the same print options in torch and in minigrad, then restore the defaults."""
    torch.set_printoptions(**options)
    set_printoptions(**options)
    try:
        yield
    finally:
        torch.set_printoptions(profile="default")
        set_printoptions(profile="default")


def with_grad(t: torch.Tensor, how: str) -> torch.Tensor:
    """'plain', a leaf that requires grad, or a non-leaf with a grad_fn (same values)."""
    if how == "plain":
        return t
    leaf = t.detach().clone().requires_grad_()
    return leaf if how == "leaf" else leaf.clone()


def _ones_leaf() -> torch.Tensor:
    return torch.ones(2, 2, requires_grad=True)


# ---------------------------------------------------------------------------
# Hand-written cases
# ---------------------------------------------------------------------------

CASES = {
    # 0-dim
    "scalar integral": lambda: torch.tensor(3.0),
    "scalar fixed": lambda: torch.tensor(3.5),
    "scalar negative": lambda: torch.tensor(-0.5),
    "scalar third": lambda: torch.tensor(1 / 3),
    "scalar int": lambda: torch.tensor(7),
    "scalar bool": lambda: torch.tensor(True),
    "scalar leaf": lambda: torch.tensor(2.0, requires_grad=True),
    "scalar tiny": lambda: torch.tensor(1e-5),
    "scalar huge": lambda: torch.tensor(123456789.0),
    "scalar nan": lambda: torch.tensor(nan),
    "scalar inf": lambda: torch.tensor(inf),
    "scalar -inf": lambda: torch.tensor(-inf),
    "scalar -0": lambda: torch.tensor(-0.0),
    "scalar float64 leaf": lambda: torch.tensor(1.0, dtype=torch.float64, requires_grad=True),
    "scalar int32": lambda: torch.tensor(5, dtype=torch.int32),
    "scalar mean": lambda: ((_ones_leaf() + 2) * (_ones_leaf() + 2) * 3).mean(),
    "argmax": lambda: torch.tensor([1.0, 2.0]).argmax(),
    # 1-D floats
    "integral": lambda: torch.tensor([1.0, 2.0, 3.0]),
    "fixed": lambda: torch.tensor([1.5, 2.0, 3.0]),
    "negative integral": lambda: torch.tensor([-1.0, 2.0, 3.0]),
    "tenths": lambda: torch.tensor([0.1, 0.2, 0.3]),
    "decades": lambda: torch.tensor([2.0, 0.2, 0.02, 0.002]),
    "thirds": lambda: torch.tensor([1 / 3, 2 / 3]),
    "tiny and one": lambda: torch.tensor([1e-5, 1.0]),
    "ratio 1000": lambda: torch.tensor([1000.0, 1.0]),
    "ratio 1001": lambda: torch.tensor([1001.0, 1.0]),
    "ratio 1001.5": lambda: torch.tensor([1001.5, 1.0]),
    "1e8": lambda: torch.tensor([1e8, 1.0]),
    "just below 1e8": lambda: torch.tensor([99999999.0, 99999990.0]),
    "float32 rounding": lambda: torch.tensor([123456.7]),
    "million": lambda: torch.tensor([1000000.0]),
    "nan inf one": lambda: torch.tensor([nan, inf, 1.0]),
    "nan fixed": lambda: torch.tensor([nan, 1.5]),
    "only nan": lambda: torch.tensor([nan, nan, nan]),
    "-inf and tiny": lambda: torch.tensor([-inf, 1.5e-9]),
    "inf sci": lambda: torch.tensor([inf, -inf, 1e-8, 1.0]),
    "-0 integral": lambda: torch.tensor([-0.0, 1.0]),
    "-0 fixed": lambda: torch.tensor([-0.0, 1.5]),
    "-0 sci": lambda: torch.tensor([-0.0, 1e-7, 3.0]),
    "zeros and -0": lambda: torch.tensor([0.0, -0.0, 0.0]),
    "smallest min 1e-4": lambda: torch.tensor([1e-4, 0.5]),
    "exactly 1e-4": lambda: torch.tensor([1e-4, 0.05], dtype=torch.float64),
    "exactly 1e8": lambda: torch.tensor([1e8, 2e7]),
    "just above 1e8": lambda: torch.tensor([100000001.0, 2e7], dtype=torch.float64),
    "fixed above 1e8": lambda: torch.tensor([1e8 + 0.5, 2e7], dtype=torch.float64),
    "ratio exactly 1000, fixed": lambda: torch.tensor([0.5, 500.0, 1.25]),
    "subnormal float32": lambda: torch.tensor([1e-45, 1.0]),
    "float32 max": lambda: torch.tensor([3.4e38, -3.4e38]),
    "float64 extremes": lambda: torch.tensor([1e308, 1e-308], dtype=torch.float64),
    "negative sci": lambda: torch.tensor([-1.2345e-7, 5.0e3]),
    "Tensor([2])": lambda: torch.Tensor([2]),
    "ones": lambda: torch.ones(5),
    "zeros": lambda: torch.zeros(3),
    "linspace": lambda: torch.linspace(0, 1, 5),
    "float16": lambda: torch.tensor([1.0, 2.5, 65504.0], dtype=torch.float16),
    "float16 integral": lambda: torch.tensor([1.0, 2.0], dtype=torch.float16),
    "float64 thirds": lambda: torch.tensor([1 / 3, 2 / 3], dtype=torch.float64),
    # autograd suffixes
    "leaf vector": lambda: torch.tensor([1.0, 2.0], requires_grad=True),
    "leaf fixed": lambda: torch.tensor([1.5, 2.0], requires_grad=True),
    "leaf one": lambda: torch.ones(1, requires_grad=True),
    "leaf float64": lambda: torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True),
    "2-D leaf": _ones_leaf,
    "add": lambda: _ones_leaf() + 2,
    "mul": lambda: (_ones_leaf() + 2) * (_ones_leaf() + 2) * 3,
    "view": lambda: torch.tensor([[2.0, 4.0], [6.0, 8.0]], requires_grad=True).view(4),
    "float64 mul": lambda: (
        torch.tensor([[1.0, 2.0]], dtype=torch.float64)
        * torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
    ),
    "wide float64 grad_fn": lambda: with_grad(
        torch.linspace(0, 1, 20, dtype=torch.float64).view(2, 10), "grad_fn"
    ),
    "wide float64 leaf": lambda: with_grad(torch.linspace(0, 1, 9, dtype=torch.float64), "leaf"),
    "one-line float64 grad_fn": lambda: with_grad(
        torch.tensor([1.5] * 5, dtype=torch.float64), "grad_fn"
    ),
    # 2-D and more
    "full 4.5": lambda: torch.full((2, 2), 4.5),
    "column widths": lambda: torch.tensor([[1.0, -2.5], [100.0, 3.0]]),
    "column widths integral": lambda: torch.tensor([[1.0, -2.0], [100.0, 3.0]]),
    "eye": lambda: torch.eye(3),
    "2-D sci": lambda: torch.tensor([[1e-5, 1.0], [2.0, 3.0]]),
    "3-D": lambda: torch.arange(8.0).view(2, 2, 2),
    "4-D": lambda: torch.arange(36.0).view(3, 2, 3, 2) / 7,
    "4-D int": lambda: torch.arange(-60, 60).view(2, 3, 4, 5),
    "arange 12": lambda: torch.arange(12.0).view(3, 4),
    "column of rows": lambda: torch.arange(6.0).view(6, 1),
    "single row": lambda: torch.arange(5.0).view(1, 1, 5),
    "wrapping rows": lambda: torch.linspace(-1, 1, 60).view(3, 20),
    "wrapping 3-D": lambda: (torch.arange(2 * 2 * 25.0).view(2, 2, 25) - 40) * 1.25,
    # summarised
    "2000 vector": lambda: torch.arange(2000.0),
    "1001 vector": lambda: torch.arange(1001.0) / 3,
    "1000 vector not summarised": lambda: torch.arange(1000.0) / 3,
    "30x100": lambda: torch.arange(3000.0).view(30, 100),
    "summarised 3-D": lambda: torch.arange(2000.0).view(10, 10, 20),
    "summarised 4-D": lambda: torch.arange(1600.0).view(2, 10, 8, 10) - 800,
    "summarised, short rows": lambda: torch.arange(1200).view(600, 2),
    "summarised, hidden extremes": lambda: torch.cat([torch.tensor([1e-9]), torch.ones(2000)]),
    "summarised leaf": lambda: torch.arange(2000.0, requires_grad=True),
    "summarised float64 grad_fn": lambda: with_grad(
        torch.arange(3000.0, dtype=torch.float64).view(30, 100), "grad_fn"
    ),
    # integers and bools
    "int": lambda: torch.tensor([1, 2, 3]),
    "int 2-D": lambda: torch.tensor([[1, 2], [3, 4]]),
    "int widths": lambda: torch.tensor([-1, 10, 100]),
    "arange": lambda: torch.arange(5),
    "int32": lambda: torch.tensor([1, 2], dtype=torch.int32),
    "int16": lambda: torch.tensor([-300, 2], dtype=torch.int16),
    "int8": lambda: torch.tensor([1, 2], dtype=torch.int8),
    "int8 extremes": lambda: torch.tensor([[-128, 127], [0, 5]], dtype=torch.int8),
    "uint8": lambda: torch.tensor([0, 255, 7], dtype=torch.uint8),
    "int64 extremes": lambda: torch.tensor([-(2**63), 2**63 - 1]),
    "long int row": lambda: torch.arange(0, 10**9, 10**7),
    "summarised int": lambda: torch.arange(5000),
    "bool": lambda: torch.tensor([True, False]),
    "comparison": lambda: torch.tensor([1.0, 2.0]) > 1,
    "only True": lambda: torch.tensor([True, True]),
    "bool 2-D": lambda: torch.eye(3) > 0,
    "summarised bool": lambda: torch.arange(3000).view(3, 1000) % 3 == 0,
    # empty
    "empty": lambda: torch.tensor([]),
    "empty 0x3": lambda: torch.zeros(0, 3),
    "empty int64": lambda: torch.tensor([], dtype=torch.int64),
    "empty bool 2-D": lambda: torch.zeros(0, 2, dtype=torch.bool),
    "empty float64 leaf 3-D": lambda: torch.zeros(2, 0, 3, dtype=torch.float64, requires_grad=True),
    "empty int8": lambda: torch.zeros(0, dtype=torch.int8),
    "empty leaf": lambda: torch.zeros(0, requires_grad=True),
}


@pytest.mark.parametrize("make", CASES.values(), ids=CASES.keys())
def test_hand_written_cases_match_torch(make):
    assert_same(make())


@pytest.mark.parametrize("length", range(1, 16))
@pytest.mark.parametrize("how", ["leaf", "grad_fn"])
@pytest.mark.parametrize("rows", [None, 2])
def test_suffix_moves_to_new_line_exactly_when_torch_does(length, how, rows):
    # float64 adds a dtype suffix; lengths around 6-8 elements put the line near 80
    t = torch.linspace(0, 1, length * (rows or 1), dtype=torch.float64)
    if rows:
        t = t.view(rows, length)
    assert_same(with_grad(t, how))


# ---------------------------------------------------------------------------
# Print options
# ---------------------------------------------------------------------------

OPTION_CASES = [
    {"precision": 2},
    {"precision": 0},
    {"precision": 8},
    {"sci_mode": True},
    {"sci_mode": False},
    {"precision": 2, "sci_mode": True},
    {"threshold": 5},
    {"threshold": 5, "edgeitems": 1},
    {"edgeitems": 0},
    {"threshold": 5, "edgeitems": 0},
    {"linewidth": 40},
    {"linewidth": 10},
    {"linewidth": 200},
    {"profile": "short"},
    {"profile": "full"},
    {"profile": "full", "precision": 6},
]

OPTION_TENSORS = {
    "sci": lambda: torch.tensor([1e-5, 1.0, 3.5]),
    "huge integral": lambda: torch.tensor([1e9, 1.0]),
    "fixed": lambda: torch.tensor([[0.125, -2.5], [100.0, 3.0]]),
    "integral": lambda: torch.arange(12.0).view(3, 4),
    "zeros and nan": lambda: torch.tensor([0.0, nan]),
    "-0 and one": lambda: torch.tensor([-0.0, 1.0]),
    "int": lambda: torch.arange(20),
    "bool": lambda: torch.arange(9).view(3, 3) > 4,
    "scalar": lambda: torch.tensor(3.25),
    "2000 vector": lambda: torch.arange(2000.0),
    "30x100": lambda: torch.arange(3000.0).view(30, 100) / 7,
    "3-D grad_fn": lambda: with_grad(
        torch.arange(60.0, dtype=torch.float64).view(3, 4, 5), "grad_fn"
    ),
    "empty": lambda: torch.zeros(0, 3),
}


@pytest.mark.parametrize("options", OPTION_CASES, ids=str)
@pytest.mark.parametrize("make", OPTION_TENSORS.values(), ids=OPTION_TENSORS.keys())
def test_printoptions_match_torch(options, make):
    with printoptions(**options):
        assert_same(make())


def test_get_printoptions_follows_set_printoptions_like_torch():
    from torch._tensor_str import get_printoptions as torch_get_printoptions

    assert get_printoptions() == torch_get_printoptions()
    steps = [
        {"precision": 2, "sci_mode": True},
        {"linewidth": 60},  # sci_mode goes back to None, precision stays
        {"profile": "short"},
        {"profile": "full", "edgeitems": 1},
        {"profile": "default"},
    ]
    try:
        for step in steps:
            torch.set_printoptions(**step)
            set_printoptions(**step)
            assert get_printoptions() == torch_get_printoptions(), step
    finally:
        torch.set_printoptions(profile="default")
        set_printoptions(profile="default")


# ---------------------------------------------------------------------------
# format(tensor, spec)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "spec"),
    [
        (lambda: torch.tensor(3.14159), ".2f"),
        (lambda: torch.tensor(3.14159), ""),
        (lambda: torch.tensor(2.5), ""),
        (lambda: torch.tensor(0.1), ""),
        (lambda: torch.tensor(3.0), ">8.3e"),
        (lambda: torch.tensor(7), "05d"),
        (lambda: torch.tensor(True), ""),
        (lambda: torch.tensor(2.0, requires_grad=True), ".1f"),
        (lambda: torch.tensor([1.0, 2.0]), ""),
        (lambda: torch.tensor([1.0, 2.0], requires_grad=True), ""),
        (lambda: torch.ones(2, 2, requires_grad=True) * 2, ""),
    ],
)
def test_format_matches_torch(make, spec):
    t = make()
    grad_fn = None if t.grad_fn is None else type(t.grad_fn).__name__
    got = format_value(
        t.detach().numpy(), spec, grad_fn_name=grad_fn, requires_grad=t.requires_grad
    )
    assert got == format(t, spec)


def test_format_spec_on_non_scalar_raises_like_torch():
    with pytest.raises(TypeError) as expected:
        format(torch.tensor([3.14159]), ".2f")
    with pytest.raises(TypeError) as got:
        format_value(np.array([3.14159], dtype=np.float32), ".2f")
    assert str(got.value) == str(expected.value)


# ---------------------------------------------------------------------------
# Property tests
# ---------------------------------------------------------------------------

DTYPES = [np.float32, np.float64, np.float16, np.int64, np.int32, np.int8, np.uint8, np.bool_]
GRAD_STATES = ["plain", "leaf", "grad_fn"]


def to_torch(array: np.ndarray, how: str) -> torch.Tensor:
    t = torch.from_numpy(np.ascontiguousarray(array))
    return with_grad(t, how) if t.is_floating_point() else t


@given(
    array=hnp.arrays(
        dtype=st.sampled_from(DTYPES),
        shape=hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=5),
    ),
    how=st.sampled_from(GRAD_STATES),
)
def test_small_arrays_with_any_values_match_torch(array, how):
    # hypothesis picks the elements: nan, inf, -0., subnormals, extremes, ...
    assert_same(to_torch(array, how))


@st.composite
def big_arrays(draw) -> np.ndarray:
    """Arrays up to 4-D with up to ~4000 elements, around the 1000-element threshold."""
    ndim = draw(st.integers(1, 4))
    max_side = {1: 3000, 2: 60, 3: 16, 4: 8}[ndim]
    shape = tuple(draw(st.lists(st.integers(1, max_side), min_size=ndim, max_size=ndim)))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    dtype = draw(st.sampled_from([np.float32, np.float64, np.int64, np.bool_]))
    if dtype is np.bool_:
        return rng.random(shape) < 0.5
    # values spread over a chosen range of magnitudes, maybe rounded to integers
    low = draw(st.integers(-12, 10))
    high = low + draw(st.integers(0, 6))
    values = rng.standard_normal(shape) * 10.0 ** rng.uniform(low, high, shape)
    if draw(st.booleans()):
        values = np.round(values)
    if dtype is np.int64:
        return np.clip(values, -(2**62), 2**62).astype(np.int64)
    values = values.astype(dtype)
    specials = draw(st.lists(st.sampled_from([nan, inf, -inf, 0.0, -0.0]), max_size=3))
    flat = values.reshape(-1)
    for special in specials:
        flat[rng.integers(flat.size)] = special
    return values


@given(array=big_arrays(), how=st.sampled_from(GRAD_STATES))
def test_big_arrays_match_torch(array, how):
    assert_same(to_torch(array, how))


@given(
    array=hnp.arrays(
        dtype=st.sampled_from([np.float32, np.float64, np.int64, np.bool_]),
        shape=hnp.array_shapes(min_dims=0, max_dims=4, min_side=0, max_side=7),
    ),
    how=st.sampled_from(GRAD_STATES),
    precision=st.integers(0, 8),
    threshold=st.integers(0, 300),
    edgeitems=st.integers(0, 4),
    linewidth=st.integers(5, 150),
    sci_mode=st.sampled_from([None, True, False]),
)
def test_any_printoptions_match_torch(
    array, how, precision, threshold, edgeitems, linewidth, sci_mode
):
    options = {
        "precision": precision,
        "threshold": threshold,
        "edgeitems": edgeitems,
        "linewidth": linewidth,
        "sci_mode": sci_mode,
    }
    with printoptions(**options):
        assert_same(to_torch(array, how))


def test_full_profile_prints_every_element():
    with printoptions(profile="full"):
        t = torch.arange(1500.0)
        assert "..." not in ours(t)
        assert_same(t)
    assert get_printoptions()["threshold"] == 1000  # restored on leaving the block
