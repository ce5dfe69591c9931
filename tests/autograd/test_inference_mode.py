"""``inference_mode()`` against real PyTorch: inference tensors have no version
counter, cannot be saved for backward, changed in place or made to require grad
outside inference mode; the mode nests with ``no_grad`` like torch's."""

from __future__ import annotations

from typing import Any

import pytest

from ..compare import same


def _modes(lib: Any) -> Any:
    seen = [lib.is_inference_mode_enabled()]
    with lib.inference_mode():
        seen += [lib.is_inference_mode_enabled(), lib.is_grad_enabled()]
        with lib.inference_mode(False):
            seen += [lib.is_inference_mode_enabled(), lib.is_grad_enabled()]
        with lib.no_grad():
            seen += [lib.is_inference_mode_enabled(), lib.is_grad_enabled()]
    with lib.no_grad():
        with lib.inference_mode(False):
            seen += [lib.is_inference_mode_enabled(), lib.is_grad_enabled()]
        with lib.inference_mode():
            seen += [lib.is_inference_mode_enabled(), lib.is_grad_enabled()]
        seen.append(lib.is_grad_enabled())

    @lib.inference_mode()
    def called() -> bool:
        return lib.is_inference_mode_enabled()

    @lib.inference_mode
    def bare() -> bool:
        return lib.is_inference_mode_enabled()

    return seen + [called(), bare(), lib.is_inference_mode_enabled()]


PROGRAMS = {
    "modes": _modes,
    "made inside": lambda lib: _inside(lib, lambda x, z: (x * 2, x * 2, z)),
    "which are inference": lambda lib: _inside(
        lib,
        lambda x, z: [
            t.is_inference() for t in (x, z, x * 2, z.view(2), z[0], z.detach(), z.clone(), z + 1)
        ],
    ),
    "version inside": lambda lib: _inside(lib, lambda x, z: (x._version, z._version)),
    "version after": lambda lib: _after(lib, lambda x, z: z._version),
    "in-place inside": lambda lib: _inside(lib, lambda x, z: z.add_(1)),
    "in-place after": lambda lib: _after(lib, lambda x, z: z.mul_(2)),
    "in-place under no_grad after": lambda lib: _after(lib, lambda x, z: _nograd(lib, z.mul_, 2)),
    "requires_grad after": lambda lib: _after(lib, lambda x, z: z.requires_grad_()),
    "requires_grad= after": lambda lib: _after(lib, lambda x, z: setattr(z, "requires_grad", True)),
    "requires_grad_(False) after": lambda lib: _after(lib, lambda x, z: z.requires_grad_(False)),
    "saved by mul": lambda lib: _after(lib, lambda x, z: x * z),
    "saved by exp*": lambda lib: _after(lib, lambda x, z: (x.exp() * z).sum().backward()),
    "not saved by add": lambda lib: _after(lib, lambda x, z: (x + z).sum().backward() or x.grad),
    "clone is fine": lambda lib: _after(
        lib, lambda x, z: (x * z.clone()).sum().backward() or x.grad
    ),
    "values": lambda lib: _after(lib, lambda x, z: (z, z + 1, z.sum())),
}


def _inside(lib: Any, fn: Any) -> Any:
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    with lib.inference_mode():
        z = lib.ones(2) * 3
        return fn(x, z)


def _after(lib: Any, fn: Any) -> Any:
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    with lib.inference_mode():
        z = lib.ones(2) * 3
    return fn(x, z)


def _nograd(lib: Any, fn: Any, *args: Any) -> Any:
    with lib.no_grad():
        return fn(*args)


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_inference_mode_like_torch(name: str) -> None:
    same(PROGRAMS[name])
