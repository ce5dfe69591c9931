"""In-place changes, rounding, clamping and 0-dim tensors under torch and minigrad:
the same values, grad_fn names and errors. Checks run in torch's order (a leaf or
a view of one is refused before a shape that does not fit; a key is read before the
leaf is refused); ``floor``/``round`` of integers are copies; ``clamp_`` by numbers
names the C++ type it cannot write into; softmax, cumsum and prod(dim) of a 0-dim
tensor record their own nodes; ``add(alpha=)`` of bools stays bool."""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

CASES = {
    "gradient summed back to a 0-dim tensor: x.expand(3)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.expand(3)\ng, "
        "= torch.autograd.grad((y * y).sum(), x, create_graph=True)\nprint(g, "
        "g.grad_fn.name())"
    ),
    "gradient summed back to a 1 element tensor: x.expand(3)": (
        "x = torch.tensor([1.5], requires_grad=True)\ny = x.expand(3)\ng, "
        "= torch.autograd.grad((y * y).sum(), x, create_graph=True)\nprint(g, "
        "g.grad_fn.name())"
    ),
    "gradient summed back to a 0-dim tensor: x + torch.ones(3)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x + torch.ones(3)\ng, "
        "= torch.autograd.grad((y * y).sum(), x, create_graph=True)\nprint(g, "
        "g.grad_fn.name())"
    ),
    "gradient summed back to a 1 element tensor: x + torch.ones(3)": (
        "x = torch.tensor([1.5], requires_grad=True)\ny = x + torch.ones(3)\ng, "
        "= torch.autograd.grad((y * y).sum(), x, create_graph=True)\nprint(g, "
        "g.grad_fn.name())"
    ),
    "gradient summed back to a 0-dim tensor: x * torch.ones(2, 3)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x * torch.ones(2, 3)\ng, "
        "= torch.autograd.grad((y * y).sum(), x, create_graph=True)\nprint(g, "
        "g.grad_fn.name())"
    ),
    "gradient summed back to a 1 element tensor: x * torch.ones(2, 3)": (
        "x = torch.tensor([1.5], requires_grad=True)\ny = x * torch.ones(2, 3)\ng, "
        "= torch.autograd.grad((y * y).sum(), x, create_graph=True)\nprint(g, "
        "g.grad_fn.name())"
    ),
    "gradient summed back to a 0-dim tensor: x.expand(2, 2)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.expand(2, 2)\ng, "
        "= torch.autograd.grad((y * y).sum(), x, create_graph=True)\nprint(g, "
        "g.grad_fn.name())"
    ),
    "gradient summed back to a 1 element tensor: x.expand(2, 2)": (
        "x = torch.tensor([1.5], requires_grad=True)\ny = x.expand(2, 2)\ng, "
        "= torch.autograd.grad((y * y).sum(), x, create_graph=True)\nprint(g, "
        "g.grad_fn.name())"
    ),
    "gradient summed back to a 0-dim tensor: torch.ones(3) - x": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = torch.ones(3) - x\ng, "
        "= torch.autograd.grad((y * y).sum(), x, create_graph=True)\nprint(g, "
        "g.grad_fn.name())"
    ),
    "gradient summed back to a 1 element tensor: torch.ones(3) - x": (
        "x = torch.tensor([1.5], requires_grad=True)\ny = torch.ones(3) - x\ng, "
        "= torch.autograd.grad((y * y).sum(), x, create_graph=True)\nprint(g, "
        "g.grad_fn.name())"
    ),
    "pow by a bool tensor, backward": (
        "x = torch.tensor([0.5, 2.], requires_grad=True)\ny = x ** torch.tensor([True, "
        "False])\nprint(y)\ny.sum().backward()"
    ),
    "pow by an int tensor, backward": (
        "x = torch.tensor([0.5, 2.], requires_grad=True)\ny = x ** torch.tensor([2, "
        "0])\ny.sum().backward()\nprint(x.grad)"
    ),
    "view of an op on an expand": (
        "x = torch.ones(2, 1).expand(2, 2, 1)\nfor y in (x.double(), x ** 0.5, x ** 3, "
        "x.sqrt(), x ** torch.ones(1)):\n    print(y.is_contiguous(), y.view(-1))"
    ),
    "detach_ leaf then backward": (
        "x = torch.tensor([1., 2.], requires_grad=True)\ny = (x * x).sum()\n"
        "x.detach_()\ny.backward()\nprint(x.grad, x.requires_grad)"
    ),
    "requires_grad False then backward": (
        "x = torch.tensor([1., 2.], requires_grad=True)\ny = (x * x).sum()\n"
        "x.requires_grad_(False)\ny.backward()\nprint(x.grad)"
    ),
    "requires_grad False then grad": (
        "x = torch.tensor([1., 2.], requires_grad=True)\ny = (x * x).sum()\n"
        "x.requires_grad_(False)\nprint(torch.autograd.grad(y, x))"
    ),
    "detach_ leaf post hook": (
        "x = torch.tensor([1., 2.], requires_grad=True)\n"
        "x.register_post_accumulate_grad_hook(lambda t: print('hook'))\n"
        "y = (x * x).sum()\nx.detach_()\ny.backward()\nprint(x.grad)"
    ),
    "requires_grad toggled back": (
        "x = torch.tensor([1., 2.], requires_grad=True)\ny = (x * x).sum()\n"
        "x.requires_grad_(False)\nx.requires_grad_(True)\ny.backward()\nprint(x.grad)"
    ),
    "torch.bool t.clamp_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.bool)\nprint(t.clamp_(0.5, 1), t)"
    ),
    "torch.bool t.clamp_(0, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.bool)\nprint(t.clamp_(0, 1), t)"
    ),
    "torch.bool t.clamp_(min=0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.bool)\nprint(t.clamp_(min=0.5), t)"
    ),
    "torch.bool t.clamp_max_(0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.bool)\nprint(t.clamp_max_(0.5), t)"
    ),
    "torch.bool t.clamp_min_(0)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.bool)\nprint(t.clamp_min_(0), t)"
    ),
    "torch.bool t.clamp_(torch.tensor(0.5), None)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.bool)\nprint(t.clamp_(torch.tensor(0.5), None), t)"
    ),
    "torch.bool t.clip_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.bool)\nprint(t.clip_(0.5, 1), t)"
    ),
    "torch.bool t.clamp_(True)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.bool)\nprint(t.clamp_(True), t)"
    ),
    "torch.bool t.clamp_max_(torch.tensor(1))": (
        "t = torch.tensor([0, 1, 2], dtype=torch.bool)\nprint(t.clamp_max_(torch.tensor(1)), t)"
    ),
    "torch.int32 t.clamp_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int32)\nprint(t.clamp_(0.5, 1), t)"
    ),
    "torch.int32 t.clamp_(0, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int32)\nprint(t.clamp_(0, 1), t)"
    ),
    "torch.int32 t.clamp_(min=0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int32)\nprint(t.clamp_(min=0.5), t)"
    ),
    "torch.int32 t.clamp_max_(0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int32)\nprint(t.clamp_max_(0.5), t)"
    ),
    "torch.int32 t.clamp_min_(0)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int32)\nprint(t.clamp_min_(0), t)"
    ),
    "torch.int32 t.clamp_(torch.tensor(0.5), None)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int32)\n"
        "print(t.clamp_(torch.tensor(0.5), None), t)"
    ),
    "torch.int32 t.clip_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int32)\nprint(t.clip_(0.5, 1), t)"
    ),
    "torch.int32 t.clamp_(True)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int32)\nprint(t.clamp_(True), t)"
    ),
    "torch.int32 t.clamp_max_(torch.tensor(1))": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int32)\nprint(t.clamp_max_(torch.tensor(1)), t)"
    ),
    "torch.long t.clamp_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.long)\nprint(t.clamp_(0.5, 1), t)"
    ),
    "torch.long t.clamp_(0, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.long)\nprint(t.clamp_(0, 1), t)"
    ),
    "torch.long t.clamp_(min=0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.long)\nprint(t.clamp_(min=0.5), t)"
    ),
    "torch.long t.clamp_max_(0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.long)\nprint(t.clamp_max_(0.5), t)"
    ),
    "torch.long t.clamp_min_(0)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.long)\nprint(t.clamp_min_(0), t)"
    ),
    "torch.long t.clamp_(torch.tensor(0.5), None)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.long)\nprint(t.clamp_(torch.tensor(0.5), None), t)"
    ),
    "torch.long t.clip_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.long)\nprint(t.clip_(0.5, 1), t)"
    ),
    "torch.long t.clamp_(True)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.long)\nprint(t.clamp_(True), t)"
    ),
    "torch.long t.clamp_max_(torch.tensor(1))": (
        "t = torch.tensor([0, 1, 2], dtype=torch.long)\nprint(t.clamp_max_(torch.tensor(1)), t)"
    ),
    "torch.uint8 t.clamp_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.uint8)\nprint(t.clamp_(0.5, 1), t)"
    ),
    "torch.uint8 t.clamp_(0, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.uint8)\nprint(t.clamp_(0, 1), t)"
    ),
    "torch.uint8 t.clamp_(min=0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.uint8)\nprint(t.clamp_(min=0.5), t)"
    ),
    "torch.uint8 t.clamp_max_(0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.uint8)\nprint(t.clamp_max_(0.5), t)"
    ),
    "torch.uint8 t.clamp_min_(0)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.uint8)\nprint(t.clamp_min_(0), t)"
    ),
    "torch.uint8 t.clamp_(torch.tensor(0.5), None)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.uint8)\n"
        "print(t.clamp_(torch.tensor(0.5), None), t)"
    ),
    "torch.uint8 t.clip_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.uint8)\nprint(t.clip_(0.5, 1), t)"
    ),
    "torch.uint8 t.clamp_(True)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.uint8)\nprint(t.clamp_(True), t)"
    ),
    "torch.uint8 t.clamp_max_(torch.tensor(1))": (
        "t = torch.tensor([0, 1, 2], dtype=torch.uint8)\nprint(t.clamp_max_(torch.tensor(1)), t)"
    ),
    "torch.int8 t.clamp_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int8)\nprint(t.clamp_(0.5, 1), t)"
    ),
    "torch.int8 t.clamp_(0, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int8)\nprint(t.clamp_(0, 1), t)"
    ),
    "torch.int8 t.clamp_(min=0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int8)\nprint(t.clamp_(min=0.5), t)"
    ),
    "torch.int8 t.clamp_max_(0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int8)\nprint(t.clamp_max_(0.5), t)"
    ),
    "torch.int8 t.clamp_min_(0)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int8)\nprint(t.clamp_min_(0), t)"
    ),
    "torch.int8 t.clamp_(torch.tensor(0.5), None)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int8)\nprint(t.clamp_(torch.tensor(0.5), None), t)"
    ),
    "torch.int8 t.clip_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int8)\nprint(t.clip_(0.5, 1), t)"
    ),
    "torch.int8 t.clamp_(True)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int8)\nprint(t.clamp_(True), t)"
    ),
    "torch.int8 t.clamp_max_(torch.tensor(1))": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int8)\nprint(t.clamp_max_(torch.tensor(1)), t)"
    ),
    "torch.int16 t.clamp_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int16)\nprint(t.clamp_(0.5, 1), t)"
    ),
    "torch.int16 t.clamp_(0, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int16)\nprint(t.clamp_(0, 1), t)"
    ),
    "torch.int16 t.clamp_(min=0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int16)\nprint(t.clamp_(min=0.5), t)"
    ),
    "torch.int16 t.clamp_max_(0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int16)\nprint(t.clamp_max_(0.5), t)"
    ),
    "torch.int16 t.clamp_min_(0)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int16)\nprint(t.clamp_min_(0), t)"
    ),
    "torch.int16 t.clamp_(torch.tensor(0.5), None)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int16)\n"
        "print(t.clamp_(torch.tensor(0.5), None), t)"
    ),
    "torch.int16 t.clip_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int16)\nprint(t.clip_(0.5, 1), t)"
    ),
    "torch.int16 t.clamp_(True)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int16)\nprint(t.clamp_(True), t)"
    ),
    "torch.int16 t.clamp_max_(torch.tensor(1))": (
        "t = torch.tensor([0, 1, 2], dtype=torch.int16)\nprint(t.clamp_max_(torch.tensor(1)), t)"
    ),
    "torch.float32 t.clamp_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float32)\nprint(t.clamp_(0.5, 1), t)"
    ),
    "torch.float32 t.clamp_(0, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float32)\nprint(t.clamp_(0, 1), t)"
    ),
    "torch.float32 t.clamp_(min=0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float32)\nprint(t.clamp_(min=0.5), t)"
    ),
    "torch.float32 t.clamp_max_(0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float32)\nprint(t.clamp_max_(0.5), t)"
    ),
    "torch.float32 t.clamp_min_(0)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float32)\nprint(t.clamp_min_(0), t)"
    ),
    "torch.float32 t.clamp_(torch.tensor(0.5), None)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float32)\n"
        "print(t.clamp_(torch.tensor(0.5), None), t)"
    ),
    "torch.float32 t.clip_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float32)\nprint(t.clip_(0.5, 1), t)"
    ),
    "torch.float32 t.clamp_(True)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float32)\nprint(t.clamp_(True), t)"
    ),
    "torch.float32 t.clamp_max_(torch.tensor(1))": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float32)\nprint(t.clamp_max_(torch.tensor(1)), t)"
    ),
    "torch.float64 t.clamp_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float64)\nprint(t.clamp_(0.5, 1), t)"
    ),
    "torch.float64 t.clamp_(0, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float64)\nprint(t.clamp_(0, 1), t)"
    ),
    "torch.float64 t.clamp_(min=0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float64)\nprint(t.clamp_(min=0.5), t)"
    ),
    "torch.float64 t.clamp_max_(0.5)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float64)\nprint(t.clamp_max_(0.5), t)"
    ),
    "torch.float64 t.clamp_min_(0)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float64)\nprint(t.clamp_min_(0), t)"
    ),
    "torch.float64 t.clamp_(torch.tensor(0.5), None)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float64)\n"
        "print(t.clamp_(torch.tensor(0.5), None), t)"
    ),
    "torch.float64 t.clip_(0.5, 1)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float64)\nprint(t.clip_(0.5, 1), t)"
    ),
    "torch.float64 t.clamp_(True)": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float64)\nprint(t.clamp_(True), t)"
    ),
    "torch.float64 t.clamp_max_(torch.tensor(1))": (
        "t = torch.tensor([0, 1, 2], dtype=torch.float64)\nprint(t.clamp_max_(torch.tensor(1)), t)"
    ),
    "t.clamp(True)": "t = torch.tensor([True, False])\nprint(t.clamp(True))",
    "t.clamp(True, True)": "t = torch.tensor([True, False])\nprint(t.clamp(True, True))",
    "t.clamp(max=False)": "t = torch.tensor([True, False])\nprint(t.clamp(max=False))",
    "t.clamp(0,1)": "t = torch.tensor([True, False])\nprint(t.clamp(0,1))",
    "t.clamp(torch.tensor(True))": (
        "t = torch.tensor([True, False])\nprint(t.clamp(torch.tensor(True)))"
    ),
    "t.clamp_min(True)": "t = torch.tensor([True, False])\nprint(t.clamp_min(True))",
    "t.clamp_max(True)": "t = torch.tensor([True, False])\nprint(t.clamp_max(True))",
    "t.clamp_min_(True)": "t = torch.tensor([True, False])\nprint(t.clamp_min_(True))",
    "x.clamp_min_(0.) grad": (
        "x = torch.tensor([-1., 2.], requires_grad=True) * 1\nx.clamp_min_(0.)\n"
        "print(x)\nx.sum().backward()"
    ),
    "x.clamp_max_(0.) grad": (
        "x = torch.tensor([-1., 2.], requires_grad=True) * 1\nx.clamp_max_(0.)\n"
        "print(x)\nx.sum().backward()"
    ),
    "x.clamp_(0.) grad": (
        "x = torch.tensor([-1., 2.], requires_grad=True) * 1\nx.clamp_(0.)\nprint(x)\n"
        "x.sum().backward()"
    ),
    "get x[:]": "x = torch.tensor(2.)\nprint(x[:])",
    "set x[:]": "x = torch.tensor(2.)\nx[:] = 3.\nprint(x)",
    "get x[..., :1]": "x = torch.tensor(2.)\nprint(x[..., :1])",
    "set x[..., :1]": "x = torch.tensor(2.)\nx[..., :1] = 3.\nprint(x)",
    "get x[:, None]": "x = torch.tensor(2.)\nprint(x[:, None])",
    "set x[:, None]": "x = torch.tensor(2.)\nx[:, None] = 3.\nprint(x)",
    "get x[None, :]": "x = torch.tensor(2.)\nprint(x[None, :])",
    "set x[None, :]": "x = torch.tensor(2.)\nx[None, :] = 3.\nprint(x)",
    "get x[0:1, ...]": "x = torch.tensor(2.)\nprint(x[0:1, ...])",
    "set x[0:1, ...]": "x = torch.tensor(2.)\nx[0:1, ...] = 3.\nprint(x)",
    "get x[::2]": "x = torch.tensor(2.)\nprint(x[::2])",
    "set x[::2]": "x = torch.tensor(2.)\nx[::2] = 3.\nprint(x)",
    "get x[(slice(None),)]": "x = torch.tensor(2.)\nprint(x[(slice(None),)])",
    "set x[(slice(None),)]": "x = torch.tensor(2.)\nx[(slice(None),)] = 3.\nprint(x)",
    "get x[0]": "x = torch.tensor(2.)\nprint(x[0])",
    "set x[0]": "x = torch.tensor(2.)\nx[0] = 3.\nprint(x)",
    "get x[..., 0]": "x = torch.tensor(2.)\nprint(x[..., 0])",
    "set x[..., 0]": "x = torch.tensor(2.)\nx[..., 0] = 3.\nprint(x)",
    "get x[None, 0]": "x = torch.tensor(2.)\nprint(x[None, 0])",
    "set x[None, 0]": "x = torch.tensor(2.)\nx[None, 0] = 3.\nprint(x)",
    "get x[:, :]": "x = torch.tensor(2.)\nprint(x[:, :])",
    "set x[:, :]": "x = torch.tensor(2.)\nx[:, :] = 3.\nprint(x)",
    "get x[torch.tensor([0])]": "x = torch.tensor(2.)\nprint(x[torch.tensor([0])])",
    "set x[torch.tensor([0])]": "x = torch.tensor(2.)\nx[torch.tensor([0])] = 3.\nprint(x)",
    "get x[[0]]": "x = torch.tensor(2.)\nprint(x[[0]])",
    "set x[[0]]": "x = torch.tensor(2.)\nx[[0]] = 3.\nprint(x)",
    "get x[None, ..., :]": "x = torch.tensor(2.)\nprint(x[None, ..., :])",
    "set x[None, ..., :]": "x = torch.tensor(2.)\nx[None, ..., :] = 3.\nprint(x)",
    "get x[(0,)]": "x = torch.tensor(2.)\nprint(x[(0,)])",
    "set x[(0,)]": "x = torch.tensor(2.)\nx[(0,)] = 3.\nprint(x)",
    "get x[torch.tensor(0)]": "x = torch.tensor(2.)\nprint(x[torch.tensor(0)])",
    "set x[torch.tensor(0)]": "x = torch.tensor(2.)\nx[torch.tensor(0)] = 3.\nprint(x)",
    "get x[True]": "x = torch.tensor(2.)\nprint(x[True])",
    "set x[True]": "x = torch.tensor(2.)\nx[True] = 3.\nprint(x)",
    "get x[None]": "x = torch.tensor(2.)\nprint(x[None])",
    "set x[None]": "x = torch.tensor(2.)\nx[None] = 3.\nprint(x)",
    "get x[...]": "x = torch.tensor(2.)\nprint(x[...])",
    "set x[...]": "x = torch.tensor(2.)\nx[...] = 3.\nprint(x)",
    "get x[[True]]": "x = torch.tensor(2.)\nprint(x[[True]])",
    "set x[[True]]": "x = torch.tensor(2.)\nx[[True]] = 3.\nprint(x)",
    "x.log_softmax(0)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.log_softmax(0)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.softmax(0)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.softmax(0)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.log_softmax(-1)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.log_softmax(-1)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.sum()": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.sum()\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.sum(0)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.sum(0)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.prod(0)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.prod(0)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.prod()": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.prod()\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.mean(0)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.mean(0)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.amax(0)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.amax(0)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.max(0)[0]": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.max(0)[0]\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.logsumexp(0)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.logsumexp(0)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.cumsum(0)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.cumsum(0)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.norm()": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.norm()\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x[x > 0]": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x[x > 0]\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.std()": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.std()\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.sort(0)[0]": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.sort(0)[0]\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.topk(1, 0)[0]": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.topk(1, 0)[0]\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.squeeze()": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.squeeze()\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.squeeze(0)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.squeeze(0)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.flatten()": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.flatten()\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.view(-1)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.view(-1)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.reshape(())": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.reshape(())\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.unsqueeze(0)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.unsqueeze(0)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.expand(3)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.expand(3)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.expand(())": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.expand(())\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.flip(0)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.flip(0)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.roll(1)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.roll(1)\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.tril()": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.tril()\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.clone()": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.clone()\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.contiguous()": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.contiguous()\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.diagonal()": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.diagonal()\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.float()": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.float()\nprint(y, "
        "y.grad_fn and y.grad_fn.name())\ng, = torch.autograd.grad(y.sum() * 2, x, "
        "create_graph=True)\nprint(g, g.grad_fn and g.grad_fn.name())"
    ),
    "x.sum(-1, keepdim=True)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.sum(-1, keepdim=True)\n"
        "print(y, y.grad_fn and y.grad_fn.name())\ng, "
        "= torch.autograd.grad(y.sum() * 2, x, create_graph=True)\nprint(g, "
        "g.grad_fn and g.grad_fn.name())"
    ),
    "x.amin(-1, keepdim=True)": (
        "x = torch.tensor(1.5, requires_grad=True)\ny = x.amin(-1, keepdim=True)\n"
        "print(y, y.grad_fn and y.grad_fn.name())\ng, "
        "= torch.autograd.grad(y.sum() * 2, x, create_graph=True)\nprint(g, "
        "g.grad_fn and g.grad_fn.name())"
    ),
    "floor": "t = torch.tensor([1, -2])\nr = t.floor()\nt.add_(5)\nprint(r, r is t)",
    "floor bool": "t = torch.tensor([True, False])\nr = t.floor()\nprint(r, r is t)",
    "ceil": "t = torch.tensor([1, -2])\nr = t.ceil()\nt.add_(5)\nprint(r, r is t)",
    "ceil bool": "t = torch.tensor([True, False])\nr = t.ceil()\nprint(r, r is t)",
    "round": "t = torch.tensor([1, -2])\nr = t.round()\nt.add_(5)\nprint(r, r is t)",
    "round bool": "t = torch.tensor([True, False])\nr = t.round()\nprint(r, r is t)",
    "sign": "t = torch.tensor([1, -2])\nr = t.sign()\nt.add_(5)\nprint(r, r is t)",
    "sign bool": "t = torch.tensor([True, False])\nr = t.sign()\nprint(r, r is t)",
    "abs": "t = torch.tensor([1, -2])\nr = t.abs()\nt.add_(5)\nprint(r, r is t)",
    "abs bool": "t = torch.tensor([True, False])\nr = t.abs()\nprint(r, r is t)",
    "relu": "t = torch.tensor([1, -2])\nr = t.relu()\nt.add_(5)\nprint(r, r is t)",
    "relu bool": "t = torch.tensor([True, False])\nr = t.relu()\nprint(r, r is t)",
    "clone": "t = torch.tensor([1, -2])\nr = t.clone()\nt.add_(5)\nprint(r, r is t)",
    "clone bool": "t = torch.tensor([True, False])\nr = t.clone()\nprint(r, r is t)",
    "neg": "t = torch.tensor([1, -2])\nr = t.neg()\nt.add_(5)\nprint(r, r is t)",
    "neg bool": "t = torch.tensor([True, False])\nr = t.neg()\nprint(r, r is t)",
    "square": "t = torch.tensor([1, -2])\nr = t.square()\nt.add_(5)\nprint(r, r is t)",
    "square bool": "t = torch.tensor([True, False])\nr = t.square()\nprint(r, r is t)",
    "b.add(b, alpha=2)": "b = torch.tensor([True, False])\nprint(b.add(b, alpha=2))",
    "torch.add(b, b, alpha=2)": "b = torch.tensor([True, False])\nprint(torch.add(b, b, alpha=2))",
    "b.add(True, alpha=2)": "b = torch.tensor([True, False])\nprint(b.add(True, alpha=2))",
    "b.add(b, alpha=0)": "b = torch.tensor([True, False])\nprint(b.add(b, alpha=0))",
    "b.sub(b, alpha=2)": "b = torch.tensor([True, False])\nprint(b.sub(b, alpha=2))",
    "b.sub(True, alpha=2.5)": "b = torch.tensor([True, False])\nprint(b.sub(True, alpha=2.5))",
    "torch.tensor([1]).add(torch.tensor([1]), alpha=2.5)": (
        "b = torch.tensor([True, False])\n"
        "print(torch.tensor([1]).add(torch.tensor([1]), alpha=2.5))"
    ),
    "b.add(b, alpha=2.5)": "b = torch.tensor([True, False])\nprint(b.add(b, alpha=2.5))",
    "b.add(1, alpha=2)": "b = torch.tensor([True, False])\nprint(b.add(1, alpha=2))",
    "b.add(torch.tensor([1, 2]), alpha=3)": (
        "b = torch.tensor([True, False])\nprint(b.add(torch.tensor([1, 2]), alpha=3))"
    ),
    "b.add_(b, alpha=2)": "b = torch.tensor([True, False])\nprint(b.add_(b, alpha=2))",
    "b.sub(1, alpha=2)": "b = torch.tensor([True, False])\nprint(b.sub(1, alpha=2))",
    "no_grad copy_ on view of leaf": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\nv = x.squeeze(-1)\n"
        "with torch.no_grad():\n    v.copy_(v)\ny = v.abs()\nprint(v.requires_grad, "
        "v.grad_fn, y)"
    ),
    "no_grad mul_ on view of leaf": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\nv = x.squeeze(-1)\n"
        "with torch.no_grad():\n    v.mul_(2)\ny = v.abs()\nprint(v.requires_grad, "
        "v.grad_fn, y, x)"
    ),
    "no_grad mul_ on view of nonleaf": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\nv = (x * 1).squeeze(-1)\n"
        "with torch.no_grad():\n    v.mul_(2)\ny = v.abs()\nprint(v.requires_grad, "
        "v.grad_fn, y)"
    ),
    "no_grad setitem view of leaf": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\nv = x[0]\n"
        "with torch.no_grad():\n    v[0] = 5.\nprint(v.requires_grad, v.grad_fn, "
        "v.abs(), x)"
    ),
    "copy_ view of leaf bad shape": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\nv = x.flatten()\n"
        "v.copy_(torch.ones(2, 2))"
    ),
    "copy_ leaf bad shape": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\nx.copy_(torch.ones(3, 3))"
    ),
    "masked_fill_ leaf bad shape": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\nx.masked_fill_(torch.ones(3) > 0, 1.)"
    ),
    "masked_fill_ view of leaf bad shape": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\n"
        "x[0].masked_fill_(torch.ones(3) > 0, 1.)"
    ),
    "add_ view of leaf bad shape": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\nx[0].add_(torch.ones(3))"
    ),
    "setitem 0-d leaf": "x = torch.tensor(1., requires_grad=True)\nx[0] = 7",
    "setitem 0-d leaf slice": "x = torch.tensor(1., requires_grad=True)\nx[:] = 7",
    "setitem 0-d leaf tuple": "x = torch.tensor(1., requires_grad=True)\nx[..., 0] = 7",
    "setitem 0-d": "x = torch.tensor(1.)\nx[0] = 7",
    "setitem leaf out of range": "x = torch.tensor([[1.], [2.]], requires_grad=True)\nx[5] = 7",
    "setitem leaf bad value": "x = torch.tensor([[1.], [2.]], requires_grad=True)\nx[0] = 'a'",
    "permute 0-d": "print(torch.tensor(1.).permute())",
    "permute 0-d empty tuple": "print(torch.tensor(1.).permute(()))",
    "permute 1-d none": "print(torch.ones(2).permute())",
    "torch.permute 0-d": "print(torch.permute(torch.tensor(1.), ()))",
    "no_grad self copy_ on view of leaf": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\nv = x.squeeze(-1)\n"
        "with torch.no_grad():\n    v.copy_(v)\nprint(v.requires_grad, v.grad_fn)\n"
        "y = v.abs()\nprint(y)"
    ),
    "no_grad copy_ from view on view of leaf": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\nv = x.squeeze(-1)\n"
        "w = x.flatten()\nwith torch.no_grad():\n    v.copy_(w)\n"
        "print(v.requires_grad, v.grad_fn)"
    ),
    "no_grad self copy_ leaf": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\nwith torch.no_grad():\n"
        "    x.copy_(x)\nprint(x.requires_grad, x.grad_fn)"
    ),
    "self copy_ nonleaf": (
        "x = torch.tensor([[1.], [2.]], requires_grad=True)\ny = x * 1\ny.copy_(y)\n"
        "print(y.requires_grad, y.grad_fn)\ny.sum().backward()\nprint(x.grad)"
    ),
    "setitem whole (2, 1) = (1, 2, 3)": (
        "t = torch.zeros(2, 1)\nt[...] = torch.ones(1, 2, 3)\nprint(t)"
    ),
    "setitem colon (2, 1) = (1, 2, 3)": (
        "t = torch.zeros(2, 1)\nt[:] = torch.ones(1, 2, 3)\nprint(t)"
    ),
    "setitem part (2, 1) = (1, 2, 3)": (
        "t = torch.zeros(2, 1)\nt[0] = torch.ones(1, 2, 3)\nprint(t)"
    ),
    "setitem whole (3, 1) = (1, 3)": "t = torch.zeros(3, 1)\nt[...] = torch.ones(1, 3)\nprint(t)",
    "setitem colon (3, 1) = (1, 3)": "t = torch.zeros(3, 1)\nt[:] = torch.ones(1, 3)\nprint(t)",
    "setitem part (3, 1) = (1, 3)": "t = torch.zeros(3, 1)\nt[0] = torch.ones(1, 3)\nprint(t)",
    "setitem whole (2, 3) = (1, 1, 2, 3)": (
        "t = torch.zeros(2, 3)\nt[...] = torch.ones(1, 1, 2, 3)\nprint(t)"
    ),
    "setitem colon (2, 3) = (1, 1, 2, 3)": (
        "t = torch.zeros(2, 3)\nt[:] = torch.ones(1, 1, 2, 3)\nprint(t)"
    ),
    "setitem part (2, 3) = (1, 1, 2, 3)": (
        "t = torch.zeros(2, 3)\nt[0] = torch.ones(1, 1, 2, 3)\nprint(t)"
    ),
    "setitem whole (2, 3) = (2, 2, 3)": (
        "t = torch.zeros(2, 3)\nt[...] = torch.ones(2, 2, 3)\nprint(t)"
    ),
    "setitem colon (2, 3) = (2, 2, 3)": (
        "t = torch.zeros(2, 3)\nt[:] = torch.ones(2, 2, 3)\nprint(t)"
    ),
    "setitem part (2, 3) = (2, 2, 3)": (
        "t = torch.zeros(2, 3)\nt[0] = torch.ones(2, 2, 3)\nprint(t)"
    ),
    "setitem whole (2, 3) = (1, 3)": "t = torch.zeros(2, 3)\nt[...] = torch.ones(1, 3)\nprint(t)",
    "setitem colon (2, 3) = (1, 3)": "t = torch.zeros(2, 3)\nt[:] = torch.ones(1, 3)\nprint(t)",
    "setitem part (2, 3) = (1, 3)": "t = torch.zeros(2, 3)\nt[0] = torch.ones(1, 3)\nprint(t)",
    "setitem whole (3,) = (1, 1, 3)": (
        "t = torch.zeros(3,)\nt[...] = torch.ones(1, 1, 3)\nprint(t)"
    ),
    "setitem colon (3,) = (1, 1, 3)": "t = torch.zeros(3,)\nt[:] = torch.ones(1, 1, 3)\nprint(t)",
    "setitem part (3,) = (1, 1, 3)": "t = torch.zeros(3,)\nt[0] = torch.ones(1, 1, 3)\nprint(t)",
    "setitem whole (2, 3) = (3, 1)": "t = torch.zeros(2, 3)\nt[...] = torch.ones(3, 1)\nprint(t)",
    "setitem colon (2, 3) = (3, 1)": "t = torch.zeros(2, 3)\nt[:] = torch.ones(3, 1)\nprint(t)",
    "setitem part (2, 3) = (3, 1)": "t = torch.zeros(2, 3)\nt[0] = torch.ones(3, 1)\nprint(t)",
    "setitem whole (3,) = (2,)": "t = torch.zeros(3,)\nt[...] = torch.ones(2,)\nprint(t)",
    "setitem colon (3,) = (2,)": "t = torch.zeros(3,)\nt[:] = torch.ones(2,)\nprint(t)",
    "setitem part (3,) = (2,)": "t = torch.zeros(3,)\nt[0] = torch.ones(2,)\nprint(t)",
    "setitem whole (1, 3) = (1, 1, 3)": (
        "t = torch.zeros(1, 3)\nt[...] = torch.ones(1, 1, 3)\nprint(t)"
    ),
    "setitem colon (1, 3) = (1, 1, 3)": (
        "t = torch.zeros(1, 3)\nt[:] = torch.ones(1, 1, 3)\nprint(t)"
    ),
    "setitem part (1, 3) = (1, 1, 3)": (
        "t = torch.zeros(1, 3)\nt[0] = torch.ones(1, 1, 3)\nprint(t)"
    ),
    "changed after promotion torch.bool": (
        "x = torch.ones(3, dtype=torch.bool)\nw = torch.ones(3, requires_grad=True, "
        "dtype=torch.double)\ny = w * x\nx[0] = 0\ny.sum().backward()"
    ),
    "changed after promotion torch.int32": (
        "x = torch.ones(3, dtype=torch.int32)\nw = torch.ones(3, requires_grad=True, "
        "dtype=torch.double)\ny = w * x\nx[0] = 0\ny.sum().backward()"
    ),
    "changed after promotion torch.long": (
        "x = torch.ones(3, dtype=torch.long)\nw = torch.ones(3, requires_grad=True, "
        "dtype=torch.double)\ny = w * x\nx[0] = 0\ny.sum().backward()"
    ),
    "changed after promotion torch.half": (
        "x = torch.ones(3, dtype=torch.half)\nw = torch.ones(3, requires_grad=True, "
        "dtype=torch.double)\ny = w * x\nx[0] = 0\ny.sum().backward()"
    ),
    "changed after promotion torch.float": (
        "x = torch.ones(3, dtype=torch.float)\nw = torch.ones(3, requires_grad=True, "
        "dtype=torch.double)\ny = w * x\nx[0] = 0\ny.sum().backward()"
    ),
    "changed after promotion torch.double": (
        "x = torch.ones(3, dtype=torch.double)\nw = torch.ones(3, requires_grad=True, "
        "dtype=torch.double)\ny = w * x\nx[0] = 0\ny.sum().backward()"
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_inplace_and_0_dim_like_torch(name: str) -> None:
    code = CASES[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
