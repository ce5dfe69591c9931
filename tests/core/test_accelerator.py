"""``torch.accelerator`` on a machine without one, against real torch."""

from __future__ import annotations

import pytest

from ..compare import same


@pytest.mark.parametrize(
    "name",
    ["is_available", "current_accelerator", "device_count", "current_device_index", "synchronize"],
)
def test_accelerator_calls_match_torch(name: str) -> None:
    same(lambda lib: getattr(lib.accelerator, name)())


def test_learn_the_basics_device_line() -> None:
    same(
        lambda lib: (
            lib.accelerator.current_accelerator().type if lib.accelerator.is_available() else "cpu"
        )
    )
