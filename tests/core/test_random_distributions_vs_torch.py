"""bernoulli (function, method and ``bernoulli_``), poisson and randint_like against
real torch: for the same seed the very same draws (minigrad's generator mirrors
torch's, bit for bit), dtypes, grad_fn names, zero gradients, and the errors,
including how many numbers torch drew before it complained."""

from __future__ import annotations

import pytest

from ..compare import same

DRAWS = {
    "bernoulli_float32": lambda T: T.bernoulli(T.rand(50)),
    "bernoulli_float64": lambda T: T.bernoulli(T.rand(3, 7, dtype=T.float64)),
    "bernoulli_method": lambda T: T.rand(4, 5).bernoulli(),
    "bernoulli_number_p": lambda T: T.bernoulli(T.zeros(9), 0.3),
    "bernoulli_generator": lambda T: T.bernoulli(
        T.full((6,), 0.5), generator=T.Generator().manual_seed(3)
    ),
    "bernoulli_in_place_number": lambda T: T.ones(8).bernoulli_(0.25),
    "bernoulli_in_place_tensor": lambda T: T.ones(2, 4).bernoulli_(T.tensor([0.1, 0.9, 0.5, 0.7])),
    "bernoulli_in_place_ints": lambda T: T.ones(6, dtype=T.int64).bernoulli_(0.5),
    "bernoulli_in_place_float64_p": lambda T: T.ones(5).bernoulli_(T.rand(5, dtype=T.float64)),
    "poisson_small_rates": lambda T: T.poisson(T.tensor([0.0, 0.5, 1.0, 3.0, 9.9])),
    "poisson_large_rates": lambda T: T.poisson(T.tensor([10.0, 20.0, 100.0, 1000.0] * 3)),
    "poisson_float64": lambda T: T.poisson(T.rand(2, 6, dtype=T.float64) * 30),
    "poisson_generator": lambda T: T.poisson(T.full((5,), 4.0), T.Generator().manual_seed(7)),
    "randint_like": lambda T: T.randint_like(T.ones(2, 5), 10),
    "randint_like_low_high": lambda T: T.randint_like(T.ones(7, dtype=T.int64), -3, 4),
    "randint_like_dtype": lambda T: T.randint_like(T.ones(6), 100, dtype=T.int32),
    "randint_like_large": lambda T: T.randint_like(T.ones(4, dtype=T.int64), 0, 2**40),
}


@pytest.mark.parametrize("name", list(DRAWS))
def test_the_same_draws_for_the_same_seed(name: str) -> None:
    def program(T):
        T.manual_seed(2024)
        first = DRAWS[name](T)
        then = T.rand(3)  # the generator moved on by as many draws as torch's
        return first, then, repr(first)

    same(program)


def test_gradients_are_zero_and_named_as_in_torch() -> None:
    def program(T):
        T.manual_seed(0)
        p = T.tensor([0.1, 0.5, 0.9, 0.3], requires_grad=True)
        y = T.bernoulli(p)
        rates = p * 30
        z = T.poisson(rates)
        (y * 3 + z).sum().backward()
        return y, z, p.grad, repr(y), repr(z)

    same(program)


MISUSE = {
    "bernoulli_p_above_one": lambda T: T.bernoulli(T.tensor([1.5])),
    "bernoulli_number_p_above_one": lambda T: T.bernoulli(T.tensor([0.5]), 1.5),
    "bernoulli_in_place_p_above_one": lambda T: T.ones(2).bernoulli_(1.5),
    "bernoulli_ints": lambda T: T.bernoulli(T.tensor([1, 0])),
    "poisson_negative": lambda T: T.poisson(T.tensor([-1.0])),
    "poisson_ints": lambda T: T.poisson(T.tensor([2, 3])),
    "randint_like_empty_range": lambda T: T.randint_like(T.ones(2), 5, 3),
}


@pytest.mark.parametrize("name", list(MISUSE))
def test_misuse(name: str) -> None:
    outcome = same(MISUSE[name])
    assert outcome[0][0] == "error"


@pytest.mark.parametrize(
    "bad",
    [
        lambda T: T.ones(4).bernoulli_(T.tensor([0.5, 0.2, -1.0, 0.5])),
        lambda T: T.poisson(T.tensor([3.0, 20.0, -1.0])),
    ],
)
def test_the_draws_made_before_a_bad_probability_or_rate(bad) -> None:
    def program(T):
        T.manual_seed(5)
        try:
            bad(T)
        except RuntimeError as err:
            return str(err), T.rand(4)  # what is drawn next shows how many were used
        return None

    same(program)
