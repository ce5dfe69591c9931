"""A dtype carries torch's names for it, and torch.dtype's public attributes."""

import pytest
import torch

import minigrad

NAMES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]


def _torch_error(fn):
    with pytest.raises(RuntimeError) as err:
        fn()
    return str(err.value)


@pytest.mark.parametrize("name", NAMES)
def test_public_attributes_match_torch(name):
    ours, theirs = getattr(minigrad, name), getattr(torch, name)
    assert repr(ours) == repr(theirs)
    for attr in ("is_floating_point", "is_complex", "is_signed", "itemsize", "abbr"):
        assert getattr(ours, attr) == getattr(theirs, attr), attr
    assert ours.to_real() is ours and theirs.to_real() is theirs


@pytest.mark.parametrize("name", NAMES)
def test_names_used_in_messages_are_torchs(name):
    ours, d = getattr(minigrad, name), getattr(torch, name)
    other = torch.float64 if d is torch.float32 else torch.float32
    assert f"torch.{ours.legacy_name}" == torch.empty(0, dtype=d).type()
    dot = _torch_error(lambda: torch.dot(torch.ones(1, dtype=d), torch.ones(1, dtype=other)))
    assert f"but found {ours.scalar_name} and " in dot
    mm = _torch_error(lambda: torch.mm(torch.ones(1, 1, dtype=d), torch.ones(1, 1, dtype=other)))
    assert mm.startswith(f"expected m1 and m2 to have the same dtype, but got: {ours.cpp_name} !=")
    if name not in ("bool", "float64"):  # (every number fits these two)
        fill = _torch_error(lambda: torch.zeros(2, dtype=d).fill_(1e300))
        assert fill == f"value cannot be converted to type {ours.c_type} without overflow"


@pytest.mark.parametrize("attr", ["is_floating_point", "is_signed", "itemsize", "abbr"])
def test_dtypes_are_read_only_like_torchs(attr):
    messages = []
    for module in (torch, minigrad):
        with pytest.raises(AttributeError) as err:
            setattr(module.float32, attr, 1)
        messages.append(str(err.value))
    assert (
        messages[0] == messages[1] == f"attribute '{attr}' of 'torch.dtype' objects is not writable"
    )
    for module in (torch, minigrad):
        with pytest.raises(AttributeError, match="'torch.dtype' object has no attribute 'foo'"):
            module.float32.foo = 1
