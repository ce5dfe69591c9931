"""Devices: where a tensor lives.  minigrad has only the CPU.

``torch.device('cuda')`` can still be *named* (tutorials write
``device = "cuda" if torch.cuda.is_available() else "cpu"``), but putting a
tensor there fails the way it does on a CPU-only build of PyTorch.

Example:
    >>> import minigrad as torch
    >>> torch.device("cuda:0")
    device(type='cuda', index=0)
    >>> torch.tensor([1.0]).to("cpu").device
    device(type='cpu')
"""

from __future__ import annotations

from typing import Any

_TYPES = (
    "cpu",
    "cuda",
    "ipu",
    "xpu",
    "mkldnn",
    "opengl",
    "opencl",
    "ideep",
    "hip",
    "ve",
    "fpga",
    "maia",
    "xla",
    "lazy",
    "vulkan",
    "mps",
    "meta",
    "hpu",
    "mtia",
    "privateuseone",
)


class device:
    """A device name such as ``cpu`` or ``cuda:1``, like ``torch.device``.

    Example:
        >>> device("cuda", 1)
        device(type='cuda', index=1)
    """

    __slots__ = ("type", "index")

    def __init__(self, type: Any = "cpu", index: int | None = None) -> None:  # noqa: A002
        if isinstance(type, device):
            type, index = type.type, type.index  # noqa: A001
        elif isinstance(type, int):
            raise RuntimeError("Cannot access accelerator device when none is available.")
        name, _, idx = str(type).partition(":")
        if name not in _TYPES:
            raise RuntimeError(
                f"Expected one of {', '.join(_TYPES)} device type at start of device string: {type}"
            )
        if idx:
            if not idx.isdigit() or (len(idx) > 1 and idx[0] == "0") or index is not None:
                raise RuntimeError(f"Invalid device string: '{type}'")
            index = int(idx)
        self.type = name
        self.index = index

    def __repr__(self) -> str:
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self) -> str:
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, device):
            return NotImplemented
        return (self.type, self.index) == (other.type, other.index)

    def __hash__(self) -> int:
        return hash((self.type, self.index))


CPU = device("cpu")


def check(dev: Any) -> None:
    """Raise torch's error (of a CPU-only build) unless ``dev`` names the CPU."""
    if dev is None:
        return
    kind = device(dev).type
    if kind == "cpu":
        return
    if kind in ("cuda", "xpu"):
        raise AssertionError(f"Torch not compiled with {kind.upper()} enabled")
    raise RuntimeError(f"PyTorch is not linked with support for {kind} devices")


_default = CPU


def set_default_device(dev: Any) -> None:
    """Like ``torch.set_default_device``; only the CPU (or ``None``) is accepted."""
    global _default
    check(dev)
    _default = CPU


def get_default_device() -> device:
    """The device new tensors are made on: always the CPU here."""
    return _default
