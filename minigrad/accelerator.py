"""``torch.accelerator`` as seen on a machine without one: nothing is available.

PyTorch's "Learn the Basics" starts with::

    device = (
        torch.accelerator.current_accelerator().type
        if torch.accelerator.is_available()
        else "cpu"
    )

which here always picks the CPU.
"""

from __future__ import annotations

from typing import Any

_NO_DEVICE = "Cannot access accelerator device when none is available."


def is_available() -> bool:
    """Whether an accelerator (GPU...) can be used: never, in minigrad."""
    return False


def current_accelerator(check_available: bool = False) -> Any:
    """The accelerator's device type, or None when there is none (always, here)."""
    return None


def device_count() -> int:
    """How many accelerator devices there are: none."""
    return 0


def current_device_index() -> int:
    raise RuntimeError(_NO_DEVICE)


def synchronize(device: Any = None) -> None:
    raise RuntimeError(_NO_DEVICE)


def current_stream(device: Any = None) -> Any:
    raise RuntimeError(_NO_DEVICE)


def set_device_index(device: Any) -> None:
    raise RuntimeError(_NO_DEVICE)


current_device_idx = current_device_index
set_device_idx = set_device_index
