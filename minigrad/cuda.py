"""``torch.cuda`` as seen on a machine without a GPU: nothing is available.

Tutorials start with ``device = "cuda" if torch.cuda.is_available() else "cpu"``;
here that always picks the CPU.  The seeding helpers do nothing (as in torch
without CUDA); asking for a GPU fails with torch's message.

Example:
    >>> import minigrad as torch
    >>> torch.cuda.is_available(), torch.cuda.device_count()
    (False, 0)
"""

from __future__ import annotations

_NOT_COMPILED = "Torch not compiled with CUDA enabled"


def is_available() -> bool:
    """Whether a CUDA GPU can be used: never, in minigrad."""
    return False


def device_count() -> int:
    """How many CUDA GPUs there are: none."""
    return 0


def is_initialized() -> bool:
    return False


def manual_seed(seed: int) -> None:
    """Seeds the (absent) GPU generators: does nothing."""


def manual_seed_all(seed: int) -> None:
    """Seeds the (absent) GPU generators: does nothing."""


def seed() -> None:
    """Does nothing without a GPU."""


def seed_all() -> None:
    """Does nothing without a GPU."""


def empty_cache() -> None:
    """Frees cached GPU memory: there is none."""


def _no_cuda(*args: object, **kwargs: object) -> None:
    raise AssertionError(_NOT_COMPILED)


def current_device() -> int:
    _no_cuda()
    return 0


def synchronize(device: object = None) -> None:
    _no_cuda()


def get_device_name(device: object = None) -> str:
    _no_cuda()
    return ""
