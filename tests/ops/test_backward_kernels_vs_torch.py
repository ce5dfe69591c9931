"""The derivatives of tanh and sigmoid give torch's last bit.

torch computes them in kernels of their own (``tanh_backward``,
``sigmoid_backward``), and its compiler fuses ``1 - y * y`` into one rounding
(an FMA). A student who checks a hand-written backward pass against
``x.grad`` with ``==`` (as in "becoming a backprop ninja") sees torch's
answer only if minigrad rounds the same way. Each test feeds both kernels
minigrad's own forward output, so only the backward is compared.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

RNG = np.random.default_rng(7)
X = RNG.standard_normal(20000) * 3
G = RNG.standard_normal(20000)


def _grad(name: str, dtype: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """minigrad's gradient of ``name`` at X for the upstream gradient G, with its output."""
    x = minigrad.tensor(X.astype(dtype), requires_grad=True)
    y = getattr(x, name)()
    y.backward(minigrad.tensor(G.astype(dtype)))
    return x.grad.numpy(), y.detach().numpy(), G.astype(dtype)


def test_float32_tanh_gradient_is_torchs_bit_for_bit() -> None:
    got, y, g = _grad("tanh", "float32")
    want = torch.ops.aten.tanh_backward(torch.from_numpy(g), torch.from_numpy(y)).numpy()
    np.testing.assert_array_equal(got.view(np.int32), want.view(np.int32))
    # (rounding 1 - y*y twice, numpy's way, agrees for only about 70% of inputs)
    assert np.mean(g * (1 - y * y) == want) < 0.9


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_sigmoid_gradient_is_torchs_bit_for_bit(dtype: str) -> None:
    got, y, g = _grad("sigmoid", dtype)
    want = torch.ops.aten.sigmoid_backward(torch.from_numpy(g), torch.from_numpy(y)).numpy()
    np.testing.assert_array_equal(got, want)


def test_float64_tanh_gradient_is_close_to_torchs() -> None:
    # float64 keeps numpy's two roundings: the same to about 1e-16, not every bit
    # (relatively more where tanh saturates and 1 - y*y cancels)
    got, y, g = _grad("tanh", "float64")
    want = torch.ops.aten.tanh_backward(torch.from_numpy(g), torch.from_numpy(y)).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-15)
