"""``a @ b`` with a batched factor, under torch and minigrad: the same result,
graph (node names along the first inputs), gradients and errors. torch folds the
batch dims into one ``mm``/``mv`` when the other factor requires grad or when the
batch folds without a copy (it looks at the strides), and otherwise broadcasts the
batch dims for one ``bmm``; a factor's shape is checked before its dtype."""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

CASES = {
    "matmul (3,)float32 @ (2, 3, 1)int64": (
        "print(torch.ones((3,), dtype=torch.float32) @ torch.ones((2, 3, 1), dtype=torch.int64))"
    ),
    "matmul (3,)int64 @ (2, 3, 1)float32": (
        "print(torch.ones((3,), dtype=torch.int64) @ torch.ones((2, 3, 1), dtype=torch.float32))"
    ),
    "matmul (3,)float64 @ (2, 3, 1)float32": (
        "print(torch.ones((3,), dtype=torch.float64) @ torch.ones((2, 3, 1), dtype=torch.float32))"
    ),
    "matmul (3,)bool @ (2, 3, 1)bool": (
        "print(torch.ones((3,), dtype=torch.bool) @ torch.ones((2, 3, 1), dtype=torch.bool))"
    ),
    "matmul (3,)int64 @ (2, 3, 1)int64": (
        "print(torch.ones((3,), dtype=torch.int64) @ torch.ones((2, 3, 1), dtype=torch.int64))"
    ),
    "matmul (3,)float32 @ (2, 4, 1)int64": (
        "print(torch.ones((3,), dtype=torch.float32) @ torch.ones((2, 4, 1), dtype=torch.int64))"
    ),
    "matmul (3,)int64 @ (2, 4, 1)float32": (
        "print(torch.ones((3,), dtype=torch.int64) @ torch.ones((2, 4, 1), dtype=torch.float32))"
    ),
    "matmul (3,)float64 @ (2, 4, 1)float32": (
        "print(torch.ones((3,), dtype=torch.float64) @ torch.ones((2, 4, 1), dtype=torch.float32))"
    ),
    "matmul (3,)bool @ (2, 4, 1)bool": (
        "print(torch.ones((3,), dtype=torch.bool) @ torch.ones((2, 4, 1), dtype=torch.bool))"
    ),
    "matmul (3,)int64 @ (2, 4, 1)int64": (
        "print(torch.ones((3,), dtype=torch.int64) @ torch.ones((2, 4, 1), dtype=torch.int64))"
    ),
    "matmul (2, 3)float32 @ (2, 3, 1)int64": (
        "print(torch.ones((2, 3), dtype=torch.float32) @ torch.ones((2, 3, 1), dtype=torch.int64))"
    ),
    "matmul (2, 3)int64 @ (2, 3, 1)float32": (
        "print(torch.ones((2, 3), dtype=torch.int64) @ torch.ones((2, 3, 1), dtype=torch.float32))"
    ),
    "matmul (2, 3)float64 @ (2, 3, 1)float32": (
        "print(torch.ones((2, 3), dtype=torch.float64) @ torch.ones((2, 3, 1), "
        "dtype=torch.float32))"
    ),
    "matmul (2, 3)bool @ (2, 3, 1)bool": (
        "print(torch.ones((2, 3), dtype=torch.bool) @ torch.ones((2, 3, 1), dtype=torch.bool))"
    ),
    "matmul (2, 3)int64 @ (2, 3, 1)int64": (
        "print(torch.ones((2, 3), dtype=torch.int64) @ torch.ones((2, 3, 1), dtype=torch.int64))"
    ),
    "matmul (2, 3)float32 @ (2, 4, 1)int64": (
        "print(torch.ones((2, 3), dtype=torch.float32) @ torch.ones((2, 4, 1), dtype=torch.int64))"
    ),
    "matmul (2, 3)int64 @ (2, 4, 1)float32": (
        "print(torch.ones((2, 3), dtype=torch.int64) @ torch.ones((2, 4, 1), dtype=torch.float32))"
    ),
    "matmul (2, 3)float64 @ (2, 4, 1)float32": (
        "print(torch.ones((2, 3), dtype=torch.float64) @ torch.ones((2, 4, 1), "
        "dtype=torch.float32))"
    ),
    "matmul (2, 3)bool @ (2, 4, 1)bool": (
        "print(torch.ones((2, 3), dtype=torch.bool) @ torch.ones((2, 4, 1), dtype=torch.bool))"
    ),
    "matmul (2, 3)int64 @ (2, 4, 1)int64": (
        "print(torch.ones((2, 3), dtype=torch.int64) @ torch.ones((2, 4, 1), dtype=torch.int64))"
    ),
    "matmul (2, 3, 1)float32 @ (2, 3, 1)int64": (
        "print(torch.ones((2, 3, 1), dtype=torch.float32) @ torch.ones((2, 3, 1), "
        "dtype=torch.int64))"
    ),
    "matmul (2, 3, 1)int64 @ (2, 3, 1)float32": (
        "print(torch.ones((2, 3, 1), dtype=torch.int64) @ torch.ones((2, 3, 1), "
        "dtype=torch.float32))"
    ),
    "matmul (2, 3, 1)float64 @ (2, 3, 1)float32": (
        "print(torch.ones((2, 3, 1), dtype=torch.float64) @ torch.ones((2, 3, 1), "
        "dtype=torch.float32))"
    ),
    "matmul (2, 3, 1)bool @ (2, 3, 1)bool": (
        "print(torch.ones((2, 3, 1), dtype=torch.bool) @ torch.ones((2, 3, 1), dtype=torch.bool))"
    ),
    "matmul (2, 3, 1)int64 @ (2, 3, 1)int64": (
        "print(torch.ones((2, 3, 1), dtype=torch.int64) @ torch.ones((2, 3, 1), dtype=torch.int64))"
    ),
    "matmul (2, 3, 1)float32 @ (2, 1, 3)int64": (
        "print(torch.ones((2, 3, 1), dtype=torch.float32) @ torch.ones((2, 1, 3), "
        "dtype=torch.int64))"
    ),
    "matmul (2, 3, 1)int64 @ (2, 1, 3)float32": (
        "print(torch.ones((2, 3, 1), dtype=torch.int64) @ torch.ones((2, 1, 3), "
        "dtype=torch.float32))"
    ),
    "matmul (2, 3, 1)float64 @ (2, 1, 3)float32": (
        "print(torch.ones((2, 3, 1), dtype=torch.float64) @ torch.ones((2, 1, 3), "
        "dtype=torch.float32))"
    ),
    "matmul (2, 3, 1)bool @ (2, 1, 3)bool": (
        "print(torch.ones((2, 3, 1), dtype=torch.bool) @ torch.ones((2, 1, 3), dtype=torch.bool))"
    ),
    "matmul (2, 3, 1)int64 @ (2, 1, 3)int64": (
        "print(torch.ones((2, 3, 1), dtype=torch.int64) @ torch.ones((2, 1, 3), dtype=torch.int64))"
    ),
    "matmul (2, 2, 3)float32 @ (3,)int64": (
        "print(torch.ones((2, 2, 3), dtype=torch.float32) @ torch.ones((3,), dtype=torch.int64))"
    ),
    "matmul (2, 2, 3)int64 @ (3,)float32": (
        "print(torch.ones((2, 2, 3), dtype=torch.int64) @ torch.ones((3,), dtype=torch.float32))"
    ),
    "matmul (2, 2, 3)float64 @ (3,)float32": (
        "print(torch.ones((2, 2, 3), dtype=torch.float64) @ torch.ones((3,), dtype=torch.float32))"
    ),
    "matmul (2, 2, 3)bool @ (3,)bool": (
        "print(torch.ones((2, 2, 3), dtype=torch.bool) @ torch.ones((3,), dtype=torch.bool))"
    ),
    "matmul (2, 2, 3)int64 @ (3,)int64": (
        "print(torch.ones((2, 2, 3), dtype=torch.int64) @ torch.ones((3,), dtype=torch.int64))"
    ),
    "matmul (2, 2, 3)float32 @ (4,)int64": (
        "print(torch.ones((2, 2, 3), dtype=torch.float32) @ torch.ones((4,), dtype=torch.int64))"
    ),
    "matmul (2, 2, 3)int64 @ (4,)float32": (
        "print(torch.ones((2, 2, 3), dtype=torch.int64) @ torch.ones((4,), dtype=torch.float32))"
    ),
    "matmul (2, 2, 3)float64 @ (4,)float32": (
        "print(torch.ones((2, 2, 3), dtype=torch.float64) @ torch.ones((4,), dtype=torch.float32))"
    ),
    "matmul (2, 2, 3)bool @ (4,)bool": (
        "print(torch.ones((2, 2, 3), dtype=torch.bool) @ torch.ones((4,), dtype=torch.bool))"
    ),
    "matmul (2, 2, 3)int64 @ (4,)int64": (
        "print(torch.ones((2, 2, 3), dtype=torch.int64) @ torch.ones((4,), dtype=torch.int64))"
    ),
    "matmul (2, 2, 3)float32 @ (3, 2)int64": (
        "print(torch.ones((2, 2, 3), dtype=torch.float32) @ torch.ones((3, 2), dtype=torch.int64))"
    ),
    "matmul (2, 2, 3)int64 @ (3, 2)float32": (
        "print(torch.ones((2, 2, 3), dtype=torch.int64) @ torch.ones((3, 2), dtype=torch.float32))"
    ),
    "matmul (2, 2, 3)float64 @ (3, 2)float32": (
        "print(torch.ones((2, 2, 3), dtype=torch.float64) @ torch.ones((3, 2), "
        "dtype=torch.float32))"
    ),
    "matmul (2, 2, 3)bool @ (3, 2)bool": (
        "print(torch.ones((2, 2, 3), dtype=torch.bool) @ torch.ones((3, 2), dtype=torch.bool))"
    ),
    "matmul (2, 2, 3)int64 @ (3, 2)int64": (
        "print(torch.ones((2, 2, 3), dtype=torch.int64) @ torch.ones((3, 2), dtype=torch.int64))"
    ),
    "matmul (2, 2, 3)float32 @ (4, 2)int64": (
        "print(torch.ones((2, 2, 3), dtype=torch.float32) @ torch.ones((4, 2), dtype=torch.int64))"
    ),
    "matmul (2, 2, 3)int64 @ (4, 2)float32": (
        "print(torch.ones((2, 2, 3), dtype=torch.int64) @ torch.ones((4, 2), dtype=torch.float32))"
    ),
    "matmul (2, 2, 3)float64 @ (4, 2)float32": (
        "print(torch.ones((2, 2, 3), dtype=torch.float64) @ torch.ones((4, 2), "
        "dtype=torch.float32))"
    ),
    "matmul (2, 2, 3)bool @ (4, 2)bool": (
        "print(torch.ones((2, 2, 3), dtype=torch.bool) @ torch.ones((4, 2), dtype=torch.bool))"
    ),
    "matmul (2, 2, 3)int64 @ (4, 2)int64": (
        "print(torch.ones((2, 2, 3), dtype=torch.int64) @ torch.ones((4, 2), dtype=torch.int64))"
    ),
    "matmul (3,)float32 @ (3, 2)int64": (
        "print(torch.ones((3,), dtype=torch.float32) @ torch.ones((3, 2), dtype=torch.int64))"
    ),
    "matmul (3,)int64 @ (3, 2)float32": (
        "print(torch.ones((3,), dtype=torch.int64) @ torch.ones((3, 2), dtype=torch.float32))"
    ),
    "matmul (3,)float64 @ (3, 2)float32": (
        "print(torch.ones((3,), dtype=torch.float64) @ torch.ones((3, 2), dtype=torch.float32))"
    ),
    "matmul (3,)bool @ (3, 2)bool": (
        "print(torch.ones((3,), dtype=torch.bool) @ torch.ones((3, 2), dtype=torch.bool))"
    ),
    "matmul (3,)int64 @ (3, 2)int64": (
        "print(torch.ones((3,), dtype=torch.int64) @ torch.ones((3, 2), dtype=torch.int64))"
    ),
    "matmul (3,)float32 @ (4, 2)int64": (
        "print(torch.ones((3,), dtype=torch.float32) @ torch.ones((4, 2), dtype=torch.int64))"
    ),
    "matmul (3,)int64 @ (4, 2)float32": (
        "print(torch.ones((3,), dtype=torch.int64) @ torch.ones((4, 2), dtype=torch.float32))"
    ),
    "matmul (3,)float64 @ (4, 2)float32": (
        "print(torch.ones((3,), dtype=torch.float64) @ torch.ones((4, 2), dtype=torch.float32))"
    ),
    "matmul (3,)bool @ (4, 2)bool": (
        "print(torch.ones((3,), dtype=torch.bool) @ torch.ones((4, 2), dtype=torch.bool))"
    ),
    "matmul (3,)int64 @ (4, 2)int64": (
        "print(torch.ones((3,), dtype=torch.int64) @ torch.ones((4, 2), dtype=torch.int64))"
    ),
    "matmul (2, 3)float32 @ (3,)int64": (
        "print(torch.ones((2, 3), dtype=torch.float32) @ torch.ones((3,), dtype=torch.int64))"
    ),
    "matmul (2, 3)int64 @ (3,)float32": (
        "print(torch.ones((2, 3), dtype=torch.int64) @ torch.ones((3,), dtype=torch.float32))"
    ),
    "matmul (2, 3)float64 @ (3,)float32": (
        "print(torch.ones((2, 3), dtype=torch.float64) @ torch.ones((3,), dtype=torch.float32))"
    ),
    "matmul (2, 3)bool @ (3,)bool": (
        "print(torch.ones((2, 3), dtype=torch.bool) @ torch.ones((3,), dtype=torch.bool))"
    ),
    "matmul (2, 3)int64 @ (3,)int64": (
        "print(torch.ones((2, 3), dtype=torch.int64) @ torch.ones((3,), dtype=torch.int64))"
    ),
    "matmul (2, 3)float32 @ (4,)int64": (
        "print(torch.ones((2, 3), dtype=torch.float32) @ torch.ones((4,), dtype=torch.int64))"
    ),
    "matmul (2, 3)int64 @ (4,)float32": (
        "print(torch.ones((2, 3), dtype=torch.int64) @ torch.ones((4,), dtype=torch.float32))"
    ),
    "matmul (2, 3)float64 @ (4,)float32": (
        "print(torch.ones((2, 3), dtype=torch.float64) @ torch.ones((4,), dtype=torch.float32))"
    ),
    "matmul (2, 3)bool @ (4,)bool": (
        "print(torch.ones((2, 3), dtype=torch.bool) @ torch.ones((4,), dtype=torch.bool))"
    ),
    "matmul (2, 3)int64 @ (4,)int64": (
        "print(torch.ones((2, 3), dtype=torch.int64) @ torch.ones((4,), dtype=torch.int64))"
    ),
    "matmul (1, 2, 3)float32 @ (4, 3, 2)int64": (
        "print(torch.ones((1, 2, 3), dtype=torch.float32) @ torch.ones((4, 3, 2), "
        "dtype=torch.int64))"
    ),
    "matmul (1, 2, 3)int64 @ (4, 3, 2)float32": (
        "print(torch.ones((1, 2, 3), dtype=torch.int64) @ torch.ones((4, 3, 2), "
        "dtype=torch.float32))"
    ),
    "matmul (1, 2, 3)float64 @ (4, 3, 2)float32": (
        "print(torch.ones((1, 2, 3), dtype=torch.float64) @ torch.ones((4, 3, 2), "
        "dtype=torch.float32))"
    ),
    "matmul (1, 2, 3)bool @ (4, 3, 2)bool": (
        "print(torch.ones((1, 2, 3), dtype=torch.bool) @ torch.ones((4, 3, 2), dtype=torch.bool))"
    ),
    "matmul (1, 2, 3)int64 @ (4, 3, 2)int64": (
        "print(torch.ones((1, 2, 3), dtype=torch.int64) @ torch.ones((4, 3, 2), dtype=torch.int64))"
    ),
    "matmul (3, 2, 3)float32 @ (4, 3, 2)int64": (
        "print(torch.ones((3, 2, 3), dtype=torch.float32) @ torch.ones((4, 3, 2), "
        "dtype=torch.int64))"
    ),
    "matmul (3, 2, 3)int64 @ (4, 3, 2)float32": (
        "print(torch.ones((3, 2, 3), dtype=torch.int64) @ torch.ones((4, 3, 2), "
        "dtype=torch.float32))"
    ),
    "matmul (3, 2, 3)float64 @ (4, 3, 2)float32": (
        "print(torch.ones((3, 2, 3), dtype=torch.float64) @ torch.ones((4, 3, 2), "
        "dtype=torch.float32))"
    ),
    "matmul (3, 2, 3)bool @ (4, 3, 2)bool": (
        "print(torch.ones((3, 2, 3), dtype=torch.bool) @ torch.ones((4, 3, 2), dtype=torch.bool))"
    ),
    "matmul (3, 2, 3)int64 @ (4, 3, 2)int64": (
        "print(torch.ones((3, 2, 3), dtype=torch.int64) @ torch.ones((4, 3, 2), dtype=torch.int64))"
    ),
    "matmul graph (3,)False @ (2, 3, 4)False": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(False)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (3,)True @ (2, 3, 4)False": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(True)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (3,)False @ (2, 3, 4)True": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(False)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (3,)True @ (2, 3, 4)True": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(True)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (3,)False @ (2, 1, 4)False": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(False)\n"
        "b = torch.arange(float(2*1*4)).reshape((2, 1, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (3,)True @ (2, 1, 4)False": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(True)\n"
        "b = torch.arange(float(2*1*4)).reshape((2, 1, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (3,)False @ (2, 1, 4)True": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(False)\n"
        "b = torch.arange(float(2*1*4)).reshape((2, 1, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (3,)True @ (2, 1, 4)True": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(True)\n"
        "b = torch.arange(float(2*1*4)).reshape((2, 1, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)False @ (2, 3, 4)False": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)True @ (2, 3, 4)False": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)False @ (2, 3, 4)True": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)True @ (2, 3, 4)True": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)False @ (5, 3, 1)False": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(5*3*1)).reshape((5, 3, 1)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)True @ (5, 3, 1)False": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(5*3*1)).reshape((5, 3, 1)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)False @ (5, 3, 1)True": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(5*3*1)).reshape((5, 3, 1)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)True @ (5, 3, 1)True": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(5*3*1)).reshape((5, 3, 1)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)False @ (3,)False": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(3)).reshape((3,)).requires_grad_(False)\nc = a @ b\n"
        "print(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)True @ (3,)False": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(3)).reshape((3,)).requires_grad_(False)\nc = a @ b\n"
        "print(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)False @ (3,)True": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(3)).reshape((3,)).requires_grad_(True)\nc = a @ b\n"
        "print(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)True @ (3,)True": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(3)).reshape((3,)).requires_grad_(True)\nc = a @ b\n"
        "print(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)False @ (3, 2)False": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(3*2)).reshape((3, 2)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)True @ (3, 2)False": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(3*2)).reshape((3, 2)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)False @ (3, 2)True": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(3*2)).reshape((3, 2)).requires_grad_(True)\nc = a @ b\n"
        "print(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)True @ (3, 2)True": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(3*2)).reshape((3, 2)).requires_grad_(True)\nc = a @ b\n"
        "print(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3, 4)False @ (4,)False": (
        "a = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(False)\n"
        "b = torch.arange(float(4)).reshape((4,)).requires_grad_(False)\nc = a @ b\n"
        "print(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3, 4)True @ (4,)False": (
        "a = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(True)\n"
        "b = torch.arange(float(4)).reshape((4,)).requires_grad_(False)\nc = a @ b\n"
        "print(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3, 4)False @ (4,)True": (
        "a = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(False)\n"
        "b = torch.arange(float(4)).reshape((4,)).requires_grad_(True)\nc = a @ b\n"
        "print(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3, 4)True @ (4,)True": (
        "a = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(True)\n"
        "b = torch.arange(float(4)).reshape((4,)).requires_grad_(True)\nc = a @ b\n"
        "print(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (1, 2, 3)False @ (4, 3, 2)False": (
        "a = torch.arange(float(1*2*3)).reshape((1, 2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(4*3*2)).reshape((4, 3, 2)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (1, 2, 3)True @ (4, 3, 2)False": (
        "a = torch.arange(float(1*2*3)).reshape((1, 2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(4*3*2)).reshape((4, 3, 2)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (1, 2, 3)False @ (4, 3, 2)True": (
        "a = torch.arange(float(1*2*3)).reshape((1, 2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(4*3*2)).reshape((4, 3, 2)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (1, 2, 3)True @ (4, 3, 2)True": (
        "a = torch.arange(float(1*2*3)).reshape((1, 2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(4*3*2)).reshape((4, 3, 2)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)False @ (2, 3, 4)False": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)True @ (2, 3, 4)False": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)False @ (2, 3, 4)True": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 2, 3)True @ (2, 3, 4)True": (
        "a = torch.arange(float(2*2*3)).reshape((2, 2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(2*3*4)).reshape((2, 3, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)False @ (1, 3, 4)False": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(1*3*4)).reshape((1, 3, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)True @ (1, 3, 4)False": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(1*3*4)).reshape((1, 3, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)False @ (1, 3, 4)True": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(False)\n"
        "b = torch.arange(float(1*3*4)).reshape((1, 3, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (2, 3)True @ (1, 3, 4)True": (
        "a = torch.arange(float(2*3)).reshape((2, 3)).requires_grad_(True)\n"
        "b = torch.arange(float(1*3*4)).reshape((1, 3, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (3,)False @ (1, 3, 4)False": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(False)\n"
        "b = torch.arange(float(1*3*4)).reshape((1, 3, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (3,)True @ (1, 3, 4)False": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(True)\n"
        "b = torch.arange(float(1*3*4)).reshape((1, 3, 4)).requires_grad_(False)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (3,)False @ (1, 3, 4)True": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(False)\n"
        "b = torch.arange(float(1*3*4)).reshape((1, 3, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul graph (3,)True @ (1, 3, 4)True": (
        "a = torch.arange(float(3)).reshape((3,)).requires_grad_(True)\n"
        "b = torch.arange(float(1*3*4)).reshape((1, 3, 4)).requires_grad_(True)\n"
        "c = a @ b\nprint(c.shape, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout perm3False @ v4False": (
        "a = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, "
        "2).requires_grad_(False)\nb = torch.arange(4.).requires_grad_(False)\n"
        "c = a @ b\nprint(c, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout perm3True @ v4False": (
        "a = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, 2).requires_grad_(True)\n"
        "b = torch.arange(4.).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout perm3False @ v4True": (
        "a = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, "
        "2).requires_grad_(False)\nb = torch.arange(4.).requires_grad_(True)\n"
        "c = a @ b\nprint(c, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout perm3False @ m42False": (
        "a = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, "
        "2).requires_grad_(False)\nb = torch.arange(8.).reshape(4, "
        "2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout perm3True @ m42False": (
        "a = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, 2).requires_grad_(True)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout perm3False @ m42True": (
        "a = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, "
        "2).requires_grad_(False)\nb = torch.arange(8.).reshape(4, "
        "2).requires_grad_(True)\nc = a @ b\nprint(c, c.grad_fn and c.grad_fn.name())\n"
        "n = c.grad_fn\nnames = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout t3False @ v4False": (
        "a = torch.arange(24.).reshape(2, 4, 3).transpose(1, 2).requires_grad_(False)\n"
        "b = torch.arange(4.).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout t3True @ v4False": (
        "a = torch.arange(24.).reshape(2, 4, 3).transpose(1, 2).requires_grad_(True)\n"
        "b = torch.arange(4.).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout t3False @ v4True": (
        "a = torch.arange(24.).reshape(2, 4, 3).transpose(1, 2).requires_grad_(False)\n"
        "b = torch.arange(4.).requires_grad_(True)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout t3False @ m42False": (
        "a = torch.arange(24.).reshape(2, 4, 3).transpose(1, 2).requires_grad_(False)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout t3True @ m42False": (
        "a = torch.arange(24.).reshape(2, 4, 3).transpose(1, 2).requires_grad_(True)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout t3False @ m42True": (
        "a = torch.arange(24.).reshape(2, 4, 3).transpose(1, 2).requires_grad_(False)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(True)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c3False @ m42False": (
        "a = torch.arange(24.).reshape(3, 2, 4).requires_grad_(False)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c3True @ m42False": (
        "a = torch.arange(24.).reshape(3, 2, 4).requires_grad_(True)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c3False @ m42True": (
        "a = torch.arange(24.).reshape(3, 2, 4).requires_grad_(False)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(True)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c4False @ m42False": (
        "a = torch.arange(48.).reshape(2, 3, 2, 4).requires_grad_(False)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c4True @ m42False": (
        "a = torch.arange(48.).reshape(2, 3, 2, 4).requires_grad_(True)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c4False @ m42True": (
        "a = torch.arange(48.).reshape(2, 3, 2, 4).requires_grad_(False)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(True)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c4False @ v4False": (
        "a = torch.arange(48.).reshape(2, 3, 2, 4).requires_grad_(False)\n"
        "b = torch.arange(4.).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c4True @ v4False": (
        "a = torch.arange(48.).reshape(2, 3, 2, 4).requires_grad_(True)\n"
        "b = torch.arange(4.).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c4False @ v4True": (
        "a = torch.arange(48.).reshape(2, 3, 2, 4).requires_grad_(False)\n"
        "b = torch.arange(4.).requires_grad_(True)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout m23False @ perm3False": (
        "a = torch.arange(6.).reshape(2, 3).requires_grad_(False)\n"
        "b = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, "
        "2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout m23True @ perm3False": (
        "a = torch.arange(6.).reshape(2, 3).requires_grad_(True)\n"
        "b = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, "
        "2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout m23False @ perm3True": (
        "a = torch.arange(6.).reshape(2, 3).requires_grad_(False)\n"
        "b = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, 2).requires_grad_(True)\n"
        "c = a @ b\nprint(c, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\n"
        "names = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout v4False @ c4False": (
        "a = torch.arange(4.).requires_grad_(False)\nb = torch.arange(48.).reshape(2, "
        "3, 2, 4).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout v4True @ c4False": (
        "a = torch.arange(4.).requires_grad_(True)\nb = torch.arange(48.).reshape(2, "
        "3, 2, 4).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout v4False @ c4True": (
        "a = torch.arange(4.).requires_grad_(False)\nb = torch.arange(48.).reshape(2, "
        "3, 2, 4).requires_grad_(True)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout m23False @ c3False": (
        "a = torch.arange(6.).reshape(2, 3).requires_grad_(False)\n"
        "b = torch.arange(24.).reshape(3, 2, 4).requires_grad_(False)\nc = a @ b\n"
        "print(c, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout m23True @ c3False": (
        "a = torch.arange(6.).reshape(2, 3).requires_grad_(True)\n"
        "b = torch.arange(24.).reshape(3, 2, 4).requires_grad_(False)\nc = a @ b\n"
        "print(c, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout m23False @ c3True": (
        "a = torch.arange(6.).reshape(2, 3).requires_grad_(False)\n"
        "b = torch.arange(24.).reshape(3, 2, 4).requires_grad_(True)\nc = a @ b\n"
        "print(c, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout eFalse @ m42False": (
        "a = torch.ones(0, 2, 4).requires_grad_(False)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout eTrue @ m42False": (
        "a = torch.ones(0, 2, 4).requires_grad_(True)\nb = torch.arange(8.).reshape(4, "
        "2).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout eFalse @ m42True": (
        "a = torch.ones(0, 2, 4).requires_grad_(False)\n"
        "b = torch.arange(8.).reshape(4, 2).requires_grad_(True)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout perm3False @ c4False": (
        "a = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, "
        "2).requires_grad_(False)\nb = torch.arange(48.).reshape(2, 3, 2, "
        "4).requires_grad_(False)\nc = a @ b\nprint(c, "
        "c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout perm3True @ c4False": (
        "a = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, 2).requires_grad_(True)\n"
        "b = torch.arange(48.).reshape(2, 3, 2, 4).requires_grad_(False)\nc = a @ b\n"
        "print(c, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout perm3False @ c4True": (
        "a = torch.arange(24.).reshape(2, 3, 4).permute(1, 0, "
        "2).requires_grad_(False)\nb = torch.arange(48.).reshape(2, 3, 2, "
        "4).requires_grad_(True)\nc = a @ b\nprint(c, c.grad_fn and c.grad_fn.name())\n"
        "n = c.grad_fn\nnames = []\nwhile n is not None and n.next_functions:\n"
        "    names.append(n.name())\n    n = n.next_functions[0][0]\nprint(names)\n"
        "if c.requires_grad:\n    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c3False @ c4False": (
        "a = torch.arange(24.).reshape(3, 2, 4).requires_grad_(False)\n"
        "b = torch.arange(48.).reshape(2, 3, 2, 4).requires_grad_(False)\nc = a @ b\n"
        "print(c, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c3True @ c4False": (
        "a = torch.arange(24.).reshape(3, 2, 4).requires_grad_(True)\n"
        "b = torch.arange(48.).reshape(2, 3, 2, 4).requires_grad_(False)\nc = a @ b\n"
        "print(c, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
    "matmul layout c3False @ c4True": (
        "a = torch.arange(24.).reshape(3, 2, 4).requires_grad_(False)\n"
        "b = torch.arange(48.).reshape(2, 3, 2, 4).requires_grad_(True)\nc = a @ b\n"
        "print(c, c.grad_fn and c.grad_fn.name())\nn = c.grad_fn\nnames = []\n"
        "while n is not None and n.next_functions:\n    names.append(n.name())\n"
        "    n = n.next_functions[0][0]\nprint(names)\nif c.requires_grad:\n"
        "    c.sum().backward()\n    print(a.grad, b.grad)"
    ),
}


@pytest.mark.parametrize("name", CASES)
def test_matmul_like_torch(name: str) -> None:
    code = CASES[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
