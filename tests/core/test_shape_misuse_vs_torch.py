"""Shapes that do not fit, and indices out of range, under torch and minigrad:
the same exception type and message. The messages name what torch names:
the sizes in the order torch compares them (``self`` first for an in-place
operation), and for an index out of range its place in the key (``a[0, 5]``:
dimension 1, though 5 indexes the second dimension of what is left). A Python
bool in a key is a 0-dim mask: a new dim of size 1 (``True``) or 0."""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

CASES = {
    "floor_divide shapes": "print(torch.ones(2, 3) // torch.ones(4))",
    "remainder shapes": "print(torch.ones(2, 3) % torch.ones(4))",
    "div trunc shapes": "print(torch.div(torch.ones(2, 3), torch.ones(4), rounding_mode='trunc'))",
    "masked_fill_ shapes": "a = torch.ones(2, 3)\na.masked_fill_(torch.ones(4) > 0, 1.)",
    "masked_fill_ bigger mask": "a = torch.ones(3)\na.masked_fill_(torch.ones(2, 3) > 0, 1.)",
    "masked_fill_ float mask": "a = torch.ones(2, 3)\na.masked_fill_(torch.ones(4), 1.)",
    "index 2nd out of range": "a = torch.ones(2, 3)\nprint(a[0, 5])",
    "index 3rd out of range": "a = torch.ones(2, 3, 4)\nprint(a[1, 2, 4])",
    "index after slice": "a = torch.ones(2, 3, 4)\nprint(a[:, 2, 4])",
    "index after ellipsis": "a = torch.ones(2, 3, 4)\nprint(a[..., 4])",
    "index after ellipsis negative": "a = torch.ones(2, 3, 4)\nprint(a[..., -5])",
    "index after None": "a = torch.ones(2, 3, 4)\nprint(a[None, 0, 3])",
    "index after two None": "a = torch.ones(2, 3, 4)\nprint(a[None, None, 0, 3])",
    "index after a bool": "a = torch.ones(2, 3, 4)\nprint(a[True, 0, 3])",
    "index after a tensor": "a = torch.ones(2, 3, 4)\nprint(a[0, torch.tensor([0]), 5])",
    "setitem 2nd out of range": "a = torch.ones(2, 3)\na[0, 5] = 1.",
    "split of empty backward": (
        "x = torch.ones(0, requires_grad=True)\nparts = x.split(1, 0)\n"
        "print(len(parts))\n(parts[0] * 2).sum().backward()\nprint(x.grad)"
    ),
    "chunk of empty backward": (
        "x = torch.ones(0, requires_grad=True)\nparts = x.chunk(2)\nprint(len(parts))\n"
        "(parts[0] * 2).sum().backward()\nprint(x.grad)"
    ),
    "0-d flatten(0, 1)": "print(torch.tensor(2.).flatten(0, 1))",
    "0-d flatten(-1)": "print(torch.tensor(2.).flatten(-1))",
    "0-d logsumexp(1)": "print(torch.tensor(2.).logsumexp(1))",
    "0-d logsumexp(-1)": "print(torch.tensor(2.).logsumexp(-1))",
    "0-d select": "print(torch.tensor(2.).select(0, 0))",
    "0-d narrow": "print(torch.tensor(2.).narrow(0, 0, 1))",
    "0-d split": "print(torch.tensor(2.).split(1))",
    "0-d split sizes": "print(torch.tensor(2.).split([1]))",
    "0-d unbind(1)": "print(torch.tensor(2.).unbind(1))",
    "0-d unbind(-1)": "print(torch.tensor(2.).unbind(-1))",
    "0-d roll no dims": "print(torch.tensor(2.).roll(1))",
    "0-d roll(1, 0)": "print(torch.tensor(2.).roll(1, 0))",
    "0-d roll(1, -1)": "print(torch.tensor(2.).roll(1, -1))",
    "0-d roll(1, 1)": "print(torch.tensor(2.).roll(1, 1))",
    "cat of empties": "print(torch.cat([torch.ones(0), torch.ones(0, dtype=torch.float64)]))",
    "get [True]": (
        "x = torch.arange(24.).view(2, 3, 4).requires_grad_()\ny = x[True]\n"
        "print(y.shape, y.grad_fn.name())\ny.sum().backward()\nprint(x.grad.sum())"
    ),
    "set [True]": "x = torch.arange(24.).view(2, 3, 4)\nx[True] = -1.\nprint(x.sum())",
    "get [False]": (
        "x = torch.arange(24.).view(2, 3, 4).requires_grad_()\ny = x[False]\n"
        "print(y.shape, y.grad_fn.name())\ny.sum().backward()\nprint(x.grad.sum())"
    ),
    "set [False]": "x = torch.arange(24.).view(2, 3, 4)\nx[False] = -1.\nprint(x.sum())",
    "get [True, 0]": (
        "x = torch.arange(24.).view(2, 3, 4).requires_grad_()\ny = x[True, 0]\n"
        "print(y.shape, y.grad_fn.name())\ny.sum().backward()\nprint(x.grad.sum())"
    ),
    "set [True, 0]": "x = torch.arange(24.).view(2, 3, 4)\nx[True, 0] = -1.\nprint(x.sum())",
    "get [0, True, 1]": (
        "x = torch.arange(24.).view(2, 3, 4).requires_grad_()\ny = x[0, True, 1]\n"
        "print(y.shape, y.grad_fn.name())\ny.sum().backward()\nprint(x.grad.sum())"
    ),
    "set [0, True, 1]": "x = torch.arange(24.).view(2, 3, 4)\nx[0, True, 1] = -1.\nprint(x.sum())",
    "get [..., True]": (
        "x = torch.arange(24.).view(2, 3, 4).requires_grad_()\ny = x[..., True]\n"
        "print(y.shape, y.grad_fn.name())\ny.sum().backward()\nprint(x.grad.sum())"
    ),
    "set [..., True]": "x = torch.arange(24.).view(2, 3, 4)\nx[..., True] = -1.\nprint(x.sum())",
    "get [True, True]": (
        "x = torch.arange(24.).view(2, 3, 4).requires_grad_()\ny = x[True, True]\n"
        "print(y.shape, y.grad_fn.name())\ny.sum().backward()\nprint(x.grad.sum())"
    ),
    "set [True, True]": "x = torch.arange(24.).view(2, 3, 4)\nx[True, True] = -1.\nprint(x.sum())",
    "get [True, torch.tensor([0, 1])]": (
        "x = torch.arange(24.).view(2, 3, 4).requires_grad_()\ny = x[True, "
        "torch.tensor([0, 1])]\nprint(y.shape, y.grad_fn.name())\ny.sum().backward()\n"
        "print(x.grad.sum())"
    ),
    "set [True, torch.tensor([0, 1])]": (
        "x = torch.arange(24.).view(2, 3, 4)\nx[True, torch.tensor([0, 1])] = -1.\nprint(x.sum())"
    ),
    "get [0, False]": (
        "x = torch.arange(24.).view(2, 3, 4).requires_grad_()\ny = x[0, False]\n"
        "print(y.shape, y.grad_fn.name())\ny.sum().backward()\nprint(x.grad.sum())"
    ),
    "set [0, False]": "x = torch.arange(24.).view(2, 3, 4)\nx[0, False] = -1.\nprint(x.sum())",
    "get [1, :, True]": (
        "x = torch.arange(24.).view(2, 3, 4).requires_grad_()\ny = x[1, :, True]\n"
        "print(y.shape, y.grad_fn.name())\ny.sum().backward()\nprint(x.grad.sum())"
    ),
    "set [1, :, True]": "x = torch.arange(24.).view(2, 3, 4)\nx[1, :, True] = -1.\nprint(x.sum())",
    # squeeze with a tuple of dims; the gradient of a squeeze is unsqueezed back
    "squeeze dims": (
        "x = torch.ones(1, 2, 1, requires_grad=True)\n"
        "for d in [(), (0,), [0, 2], (-1, 1)]:\n"
        "    y = x.squeeze(d)\n    print(y.shape, y.grad_fn.name(), y._base is x)\n"
        "    v = torch.ones(y.shape, requires_grad=True)\n"
        "    g, = torch.autograd.grad(y, x, v, create_graph=True)\n"
        "    print(g.shape, g.grad_fn and g.grad_fn.name())\n"
        "y = x.squeeze()\ng, = torch.autograd.grad(y, x, torch.ones(2, requires_grad=True), "
        "create_graph=True)\nprint(g.grad_fn.name(), g.grad_fn.next_functions[0][0].name())\n"
        "print(torch.tensor(3.).squeeze((0,)).shape, torch.squeeze(x, dim=(0, 2)).shape)"
    ),
    # an in-place op looks at memory, then shapes, then dtypes and options
    "sub_ shapes before alpha": (
        "t = torch.tensor([[2], [3]], dtype=torch.int32)\n"
        "t.sub_(torch.ones(2, 3, dtype=torch.int32), alpha=0.5)"
    ),
    "&= shapes before dtype": "t = torch.ones(2, 1).double()\nt &= torch.ones(2, 3).int()",
    "+= shapes before cast": "t = torch.ones(2, 1, dtype=torch.int32)\nt += torch.ones(2, 3)",
    "sub_ bools before shapes": "t = torch.ones(2, 1).bool()\nt.sub_(torch.ones(3).bool())",
    "copy_ overlap before shapes": "t = torch.ones(2, 3)\nt.copy_(t.mT)",
    "copy_ of a view onto itself": (
        "t = torch.ones(3)\ne = t.expand(2, 3)\ne.copy_(e)\nprint(t._version)\n"
        "e[...] = t\ne[0] = t\nprint(t._version)\ne.copy_(t)"
    ),
    # a value of another shape is written through a view without its leading
    # size-1 dims, expanded to the part it goes to
    "setitem value graph": (
        "def chain(t):\n    n, out = t.grad_fn, []\n    while n is not None:\n"
        "        out.append(n.name())\n"
        "        n = next((f[0] for f in n.next_functions if f[0] is not None), None)\n"
        "    return out\n"
        "for shape in [(1, 3), (1,), (), (1, 1, 3)]:\n"
        "    for key in [0, slice(None), Ellipsis, torch.tensor([0, 1])]:\n"
        "        x = torch.zeros(2, 3)\n        v = torch.ones(shape, requires_grad=True)\n"
        "        x[key] = v\n        x.sum().backward()\n        print(chain(x), v.grad)"
    ),
    # which complaint comes first, and how a message names a bool tensor
    "expand names each dtype": (
        "for dt in [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,\n"
        "           torch.float16, torch.float32, torch.float64]:\n"
        "    try:\n        torch.ones(2, 3, 1, dtype=dt).expand(2, 1)\n"
        "    except RuntimeError as e:\n        print(e)"
    ),
    "integer division of no elements by 0": (
        "a = torch.tensor([[-3], [0]], dtype=torch.int32)\nb = a[a > 0]\n"
        "print(b % a, b // a, torch.remainder(b, a), torch.div(b, a, rounding_mode='trunc'))\n"
        "print(torch.ones(2).long() % torch.tensor([0, 1]))"
    ),
    "dot dtypes before sizes": "print(torch.tensor([2, 4, 1]).int() @ torch.tensor([1]))",
    "dot bool sizes first": "print(torch.ones(3).bool() @ torch.ones(2).bool())",
    "bmm of bool first": "print(torch.tensor([[True, True, False]]) @ torch.ones(2, 3, 1))",
    "bmm of bool second": "print(torch.ones(2, 1, 3) @ torch.ones(2, 3, 1).bool())",
    "bool pow shapes first": "print(torch.ones(2, 1).bool() ** torch.ones(3, 1).bool())",
    # the same memory seen with another shape overlaps, for torch
    "add_ of itself unsqueezed": "x = torch.ones(3)\nx.add_(x.unsqueeze(0))",
    "add_ into itself unsqueezed": "x = torch.ones(3)\nx.unsqueeze(0).add_(x)",
    "add_ of its transpose": "x = torch.ones(1, 3)\nx.add_(x.mT)",
    "add_ of itself squeezed": "x = torch.ones(2, 3, 1)\nx.add_(x.squeeze())",
    "times its transpose (same strides)": (
        "t = torch.tensor([[-1.83], [-1.8]], dtype=torch.float64)\nt *= t.transpose(0, -1)"
    ),
    "add_ of itself through a view": (
        "x = torch.ones(2, 3).t()\nx.add_(x.unsqueeze(0).squeeze(0))\nprint(x)"
    ),
    "0-dim into itself unsqueezed": "x = torch.tensor(1.)\nx.unsqueeze(0).add_(x)",
    "copy_ into itself unsqueezed": "x = torch.ones(3)\nx.unsqueeze(0).copy_(x)",
    "sub_ of a bool on a leaf": (
        "t = torch.ones(2, 3, requires_grad=True)\nt.sub_(torch.ones(3).bool(), alpha=0.5)"
    ),
    # which results keep their input's layout (a view of them works or fails as in torch)
    "layout of results": (
        "t = torch.arange(6.).reshape(2, 3).t().requires_grad_()\n"
        "for e in ['t.softmax(0)', 't.log_softmax(1)', 't.clone()', 't.flip(0)', "
        "'t.roll(1, 0)', '2 ** t', 't.cumsum(0)', 't.masked_fill(t > 1, 0.)', "
        "'t.contiguous()', 't.mean(1, keepdim=True)', 't.exp()', 't * 2']:\n"
        "    y = eval(e)\n"
        "    print(e, y.is_contiguous(), y.flatten().grad_fn.name())\n"
        "    try:\n        y.view(-1)\n    except RuntimeError as err:\n        print(err)\n"
        "x = torch.tensor(2.)\n"
        "print(x.softmax(0), x.cumsum(0), 2 ** x, x.masked_fill(x > 1, 0.), x.mean(0))"
    ),
    # torch.Size: a tuple of ints that stays a torch.Size
    "Size arithmetic": (
        "s = torch.Size([2, 3])\n"
        "print(s + (4,), (1,) + s, s * 2, 2 * s, s[1:], s == (2, 3))\n"
        "print(torch.Size([torch.tensor(2), 3]), torch.Size(range(3)))"
    ),
    "Size of a float": "print(torch.Size([2, 2.5]))",
    "Size plus a list": "print(torch.Size([2]) + [3])",
    "Size item assignment": "s = torch.Size([2, 3])\ns[0] = 1",
    "Size item deletion": "s = torch.Size([2, 3])\ndel s[0]",
    # a Python int too big for the tensor's integers wraps around, as in torch
    "int operand wraps": (
        "a = torch.tensor([1, 2], dtype=torch.int32)\n"
        "print(a + 2**40, a * 2**33, a - 2**32, torch.tensor([1], dtype=torch.uint8) + (-1))\n"
        "print(torch.tensor([1, 2], dtype=torch.int8) + 200, torch.tensor([1, 2]) + 2**63)\n"
        "a += 2**40\nprint(a)"
    ),
    "int operand too big": "print(torch.tensor([1, 2], dtype=torch.int32) + 2**70)",
    "squeeze repeated dim": "print(torch.ones(2, 1).squeeze((1, -1)))",
    "squeeze dim out of range": "print(torch.ones(2, 1).squeeze((0, 5)))",
}


@pytest.mark.parametrize("name", CASES)
def test_shape_and_index_misuse_like_torch(name: str) -> None:
    code = CASES[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
