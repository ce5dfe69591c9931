"""minigrad's random numbers must equal torch's CPU random numbers bit for bit."""

import numpy as np
import pytest
import torch
from hypothesis import given
from hypothesis import strategies as st

from minigrad.exact import random as R

TORCH_DTYPE = {
    np.float32: torch.float32,
    np.float64: torch.float64,
    np.int64: torch.int64,
    np.int32: torch.int32,
}
SEEDS = [0, 1, 42, 2024, 2**32 + 7, -3]
SIZES = [1, 2, 3, 15, 16, 17, 31, 100, 1000]
SHAPES = [(5, 3), (64, 128), (2, 3, 4), ()]
FLOATS = [np.float32, np.float64]


def assert_same(ours: np.ndarray, theirs: torch.Tensor) -> None:
    theirs = theirs.numpy()
    assert ours.dtype == theirs.dtype
    assert ours.shape == theirs.shape
    assert np.array_equal(ours, theirs), (ours.ravel()[:5], theirs.ravel()[:5])


def seed_both(seed: int) -> None:
    torch.manual_seed(seed)
    R.manual_seed(seed)


# --- seeding and state --------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS + [2**64 - 1, -(2**63)])
def test_initial_seed_and_state_bytes_match(seed):
    seed_both(seed)
    assert R.initial_seed() == torch.initial_seed()
    assert np.array_equal(R.get_rng_state(), torch.get_rng_state().numpy())


@pytest.mark.parametrize("bad_seed", [2**64, -(2**63) - 1])
def test_out_of_range_seed(bad_seed):
    with pytest.raises(ValueError) as theirs:
        torch.manual_seed(bad_seed)
    with pytest.raises(ValueError) as ours:
        R.manual_seed(bad_seed)
    assert str(ours.value) == str(theirs.value)


def test_new_generator_starts_like_torch():
    ours, theirs = R.Generator(), torch.Generator()
    assert ours.initial_seed() == theirs.initial_seed() == 67280421310721
    assert np.array_equal(ours.get_state(), theirs.get_state().numpy())
    assert_same(R.randn((20,), generator=ours), torch.randn(20, generator=theirs))
    assert_same(R.rand((3,), generator=ours), torch.rand(3, generator=theirs))


def test_seed_picks_a_fresh_unpredictable_seed():
    gen = R.Generator()
    first = gen.seed()
    assert gen.initial_seed() == first
    assert 0 <= first < 2**64
    assert gen.seed() != first  # 64 random bits: a repeat would be a broken source
    assert R.manual_seed(5) is R.default_generator


def test_generator_is_independent_of_default():
    seed_both(0)
    ours = R.Generator().manual_seed(9)
    theirs = torch.Generator().manual_seed(9)
    assert_same(R.rand((4,), generator=ours), torch.rand(4, generator=theirs))
    assert_same(R.rand((4,)), torch.rand(4))  # default stream untouched


def test_state_after_draws_matches_torch_and_restores():
    seed_both(11)
    for ours, theirs in [
        (R.randn((3,)), torch.randn(3)),  # leaves a cached sample
        (R.rand((700,)), torch.rand(700)),  # crosses a 624-draw block
        (R.randint(0, 5, (2,)), torch.randint(0, 5, (2,))),
    ]:
        assert_same(ours, theirs)
        assert np.array_equal(R.get_rng_state(), torch.get_rng_state().numpy())
    saved = R.get_rng_state()
    first = R.randn((5,))
    R.set_rng_state(saved)
    assert np.array_equal(R.randn((5,)), first)
    # torch's own state bytes can be loaded too
    torch_state = torch.get_rng_state()
    R.set_rng_state(torch_state.numpy())
    assert_same(R.randn((7,)), torch.randn(7))


def test_set_state_rejects_wrong_size():
    with pytest.raises(RuntimeError):
        R.set_rng_state(np.zeros(10, dtype=np.uint8))


# --- uniform ------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("dtype", FLOATS)
def test_rand_matches(seed, dtype):
    seed_both(seed)
    for n in SIZES:
        assert_same(R.rand((n,), dtype), torch.rand(n, dtype=TORCH_DTYPE[dtype]))
    for shape in SHAPES:
        assert_same(R.rand(shape, dtype), torch.rand(shape, dtype=TORCH_DTYPE[dtype]))


@pytest.mark.parametrize("seed", SEEDS[:3])
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize(
    "a, b", [(-1.0, 1.0), (-0.3, 2.7), (2.0, 2.0), (-1e6, 3.5), (-1 / np.sqrt(3), 1 / np.sqrt(3))]
)  # nn.Linear(3, _)
def test_uniform_matches(seed, dtype, a, b):
    seed_both(seed)
    for n in [1, 5, 17, 1000]:
        ours = R.uniform_(np.empty(n, dtype), a, b)
        assert_same(ours, torch.empty(n, dtype=TORCH_DTYPE[dtype]).uniform_(a, b))


def test_uniform_fills_in_place_and_checks_range():
    arr = np.zeros((2, 3), np.float32)
    assert R.uniform_(arr, 0.5, 1.0) is arr
    assert ((arr >= 0.5) & (arr < 1.0)).all()
    with pytest.raises(RuntimeError) as theirs:
        torch.empty(3).uniform_(2, 1)
    with pytest.raises(RuntimeError) as ours:
        R.uniform_(np.empty(3, np.float32), 2, 1)
    assert str(ours.value) == str(theirs.value)


# --- normal -------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("dtype", FLOATS)
def test_randn_matches_every_size(seed, dtype):
    seed_both(seed)
    for n in SIZES:
        assert_same(R.randn((n,), dtype), torch.randn(n, dtype=TORCH_DTYPE[dtype]))
    for shape in SHAPES:
        assert_same(R.randn(shape, dtype), torch.randn(shape, dtype=TORCH_DTYPE[dtype]))


@pytest.mark.parametrize("dtype", FLOATS)
def test_randn_large(dtype):
    seed_both(3)
    assert_same(R.randn((100_003,), dtype), torch.randn(100_003, dtype=TORCH_DTYPE[dtype]))


@pytest.mark.parametrize("seed", SEEDS[:3])
@pytest.mark.parametrize("dtype", FLOATS)
@pytest.mark.parametrize("mean, std", [(0.3, 2.7), (-5.0, 0.01), (1.0, 0.0)])
def test_normal_with_mean_and_std(seed, dtype, mean, std):
    seed_both(seed)
    for n in [1, 3, 15, 16, 40, 1000]:
        ours = R.normal_(np.empty(n, dtype), mean, std)
        assert_same(ours, torch.empty(n, dtype=TORCH_DTYPE[dtype]).normal_(mean, std))


@pytest.mark.parametrize("dtype", FLOATS)
def test_normal_on_non_contiguous_array_uses_scalar_path(dtype):
    seed_both(8)
    ours = np.zeros((20, 20), dtype)
    theirs = torch.zeros(20, 20, dtype=TORCH_DTYPE[dtype])
    R.normal_(ours[:, ::2], 1.0, 2.0)
    theirs[:, ::2].normal_(1.0, 2.0)
    assert_same(ours, theirs)
    assert_same(R.randn((5,), dtype), torch.randn(5, dtype=TORCH_DTYPE[dtype]))


def test_cached_second_sample_survives_vectorised_calls():
    seed_both(0)
    calls = [(3,), (20,), (1,), (1,), (17,), (1,), (64, 128), (5, 3), (2,)]
    for shape in calls:
        assert_same(R.randn(shape), torch.randn(shape))
    seed_both(0)
    for shape in calls:
        assert_same(R.randn(shape, np.float64), torch.randn(shape, dtype=torch.float64))


def test_manual_seed_drops_cached_sample():
    seed_both(1)
    assert_same(R.randn((1,)), torch.randn(1))
    seed_both(1)
    assert_same(R.randn((1,)), torch.randn(1))
    assert_same(R.randn((1,)), torch.randn(1))


def test_negative_std_is_an_error():
    with pytest.raises(RuntimeError) as theirs:
        torch.empty(3).normal_(0, -1)
    with pytest.raises(RuntimeError) as ours:
        R.normal_(np.empty(3, np.float32), 0, -1)
    assert str(ours.value) == str(theirs.value)


# --- integers, permutations, coin flips ---------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    "low, high",
    [
        (0, 2),
        (0, 10),
        (-5, 5),
        (0, 2**28 - 1),
        (0, 2**28),
        (3, 2**31),
        (-(2**40), 2**40),
        (-(2**62), 2**62),
    ],
)
def test_randint_matches(seed, low, high):
    seed_both(seed)
    assert_same(R.randint(low, high, (50,)), torch.randint(low, high, (50,)))
    assert_same(R.randint(low, high, (4, 3)), torch.randint(low, high, (4, 3)))


@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.float64])
def test_randint_other_dtypes(dtype):
    seed_both(4)
    theirs = torch.randint(-7, 100, (30,), dtype=TORCH_DTYPE[dtype])
    assert_same(R.randint(-7, 100, (30,), dtype), theirs)


def test_randint_empty_range_is_an_error():
    with pytest.raises(RuntimeError) as theirs:
        torch.randint(5, 5, (2,))
    with pytest.raises(RuntimeError) as ours:
        R.randint(5, 5, (2,))
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize("seed", SEEDS)
def test_randperm_matches(seed):
    seed_both(seed)
    for n in [0, 1, 2, 3, 10, 100, 1000, 20_000]:
        assert_same(R.randperm(n), torch.randperm(n))
    assert_same(R.randperm(7, np.int32), torch.randperm(7, dtype=torch.int32))


def test_randperm_negative_is_an_error():
    with pytest.raises(RuntimeError) as theirs:
        torch.randperm(-1)
    with pytest.raises(RuntimeError) as ours:
        R.randperm(-1)
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize("p", [0.0, 0.1, 0.5, 0.9, 1.0])
def test_bernoulli_matches(p):
    seed_both(6)
    for shape in [(1,), (100,), (8, 16)]:
        assert_same(R.bernoulli_p(shape, p, np.float32), torch.empty(shape).bernoulli_(p))


def test_dropout_mask_matches():
    seed_both(2)
    x = torch.ones(10, 10)
    theirs = torch.nn.functional.dropout(x, p=0.3, training=True)
    mask = R.bernoulli_p((10, 10), 1 - 0.3, np.float32)
    assert np.array_equal(mask / np.float32(1 - 0.3), theirs.numpy())


# --- random call sequences ----------------------------------------------------

CALL = st.one_of(
    st.tuples(st.just("rand"), st.integers(0, 40), st.sampled_from(FLOATS)),
    st.tuples(st.just("randn"), st.integers(0, 40), st.sampled_from(FLOATS)),
    st.tuples(st.just("normal"), st.integers(0, 40), st.sampled_from(FLOATS)),
    st.tuples(st.just("uniform"), st.integers(0, 40), st.sampled_from(FLOATS)),
    st.tuples(st.just("randint"), st.integers(0, 20), st.sampled_from([3, 2**28, 2**33])),
    st.tuples(st.just("randperm"), st.integers(0, 30), st.just(None)),
)


def run_both(call):
    name, n, arg = call
    if name == "rand":
        return R.rand((n,), arg), torch.rand(n, dtype=TORCH_DTYPE[arg])
    if name == "randn":
        return R.randn((n,), arg), torch.randn(n, dtype=TORCH_DTYPE[arg])
    if name == "normal":
        return (
            R.normal_(np.empty(n, arg), -1.5, 0.7),
            torch.empty(n, dtype=TORCH_DTYPE[arg]).normal_(-1.5, 0.7),
        )
    if name == "uniform":
        return (
            R.uniform_(np.empty(n, arg), -2.0, 0.5),
            torch.empty(n, dtype=TORCH_DTYPE[arg]).uniform_(-2.0, 0.5),
        )
    if name == "randint":
        return R.randint(-1, arg, (n,)), torch.randint(-1, arg, (n,))
    return R.randperm(n), torch.randperm(n)


@given(seed=st.integers(0, 2**32 - 1), calls=st.lists(CALL, max_size=8))
def test_any_call_sequence_matches(seed, calls):
    seed_both(seed)
    for call in calls:
        ours, theirs = run_both(call)
        assert_same(ours, theirs)
    assert np.array_equal(R.get_rng_state(), torch.get_rng_state().numpy())
