"""Python's protocols (bool(), len(), in, iteration), modules, hooks, grad modes,
reductions and lookups given what they cannot take, under torch and minigrad: the
same exception type and message, or the same result."""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

CASES = {
    "bool multi": "bool(torch.ones(2))",
    "bool empty": "bool(torch.ones(0))",
    "if multi": "if torch.ones(2) > 0:\n    print(1)",
    "and multi": "print(torch.ones(2) and 1)",
    "len 0d": "len(torch.tensor(1.))",
    "iter 0d": "for v in torch.tensor(1.):\n    print(v)",
    "list 0d": "list(torch.tensor(1.))",
    "unpack 0d": "a, b = torch.tensor(1.)",
    "unpack wrong": "a, b = torch.ones(3)",
    "iter 2d": "for r in torch.ones(2, 2):\n    print(r)",
    "in tensor": "print(2 in torch.tensor([1, 2]))",
    "in tensor str": "print('a' in torch.tensor([1, 2]))",
    "in tensor tensor": "print(torch.tensor([1, 5]) in torch.tensor([1, 2]))",
    "hash": "print(type(hash(torch.ones(1))))",
    "eq diff sizes": "print(torch.ones(2) == torch.ones(3))",
    "lt diff sizes": "print(torch.ones(2) < torch.ones(3))",
    "equal diff": "print(torch.equal(torch.ones(2), torch.ones(3)))",
    "allclose diff": "print(torch.allclose(torch.ones(2), torch.ones(3)))",
    "max two diff": "print(torch.max(torch.ones(2), torch.ones(3)))",
    "int overflow add": "print(torch.tensor([2**62], dtype=torch.long) * 4)",
    "int32 overflow": "print(torch.tensor([2**31 - 1], dtype=torch.int32) + 1)",
    "int8 overflow mul": "print(torch.tensor([100], dtype=torch.int8) * 2)",
    "uint8 underflow": "print(torch.tensor([0], dtype=torch.uint8) - 1)",
    "int sum overflow": "print(torch.tensor([2**62, 2**62], dtype=torch.long).sum())",
    "int pow overflow": "print(torch.tensor([10]) ** 30)",
    "int neg min": "print(-torch.tensor([-2**63]))",
    "int abs min": "print(torch.tensor([-2**63]).abs())",
    "int div min -1": "print(torch.tensor([-2**63]) // -1)",
    "float to int overflow": "print(torch.tensor([1e20]).long())",
    "int32 from big": "torch.tensor([2**40], dtype=torch.int32)",
    "tensor int overflow": "torch.tensor([2**64])",
    "mean of int": "torch.tensor([1, 2]).mean()",
    "log of neg warn": (
        "import warnings\nprint(torch.tensor([-1.]).log(), torch.tensor([-1.]).sqrt(), "
        "torch.tensor([0.]).log())"
    ),
    "log1p -2": "print(torch.tensor([-2.]).log1p())",
    "pow neg frac": (
        "print(torch.tensor([-1.]) ** 0.5, torch.tensor([-1.]).pow(torch.tensor(0.5)))"
    ),
    "float div 0 grad": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n(x / 0).sum().backward()\n"
        "print(x.grad)"
    ),
    "log grad at 0": (
        "x = torch.tensor([0.], requires_grad=True)\nx.log().sum().backward()\nprint(x.grad)"
    ),
    "sqrt neg grad": (
        "x = torch.tensor([-1.], requires_grad=True)\nx.sqrt().sum().backward()\nprint(x.grad)"
    ),
    "norm grad 0": "x = torch.zeros(2, requires_grad=True)\nx.norm().backward()\nprint(x.grad)",
    "std grad 1elem": "x = torch.ones(1, requires_grad=True)\nx.std().backward()\nprint(x.grad)",
    "module wrong arity": "m = torch.nn.Linear(2, 3)\nm(torch.ones(2), torch.ones(2))",
    "module no arg": "m = torch.nn.Linear(2, 3)\nm()",
    "module kwarg": "m = torch.nn.Linear(2, 3)\nm(x=torch.ones(2))",
    "module wrong shape": "m = torch.nn.Linear(2, 3)\nm(torch.ones(3))",
    "module register non-param": (
        "m = torch.nn.Linear(2, 3)\nm.register_parameter('w', torch.ones(2))"
    ),
    "module register bad name": (
        "m = torch.nn.Linear(2, 3)\nm.register_parameter('a.b', torch.nn.Parameter(torch.ones(2)))"
    ),
    "module register empty name": (
        "m = torch.nn.Linear(2, 3)\nm.register_parameter('', torch.nn.Parameter(torch.ones(2)))"
    ),
    "module register existing attr": (
        "m = torch.nn.Linear(2, 3)\nm.register_parameter('training', "
        "torch.nn.Parameter(torch.ones(2)))"
    ),
    "module register None": (
        "m = torch.nn.Linear(2, 3)\nm.register_parameter('w', None)\nprint(m.w, "
        "list(dict(m.named_parameters())))"
    ),
    "module register buffer non tensor": (
        "m = torch.nn.Linear(2, 3)\nm.register_buffer('b', [1, 2])"
    ),
    "module register buffer param": (
        "m = torch.nn.Linear(2, 3)\nm.register_buffer('b', torch.nn.Parameter(torch.ones(1)))"
    ),
    "module add_module non module": "m = torch.nn.Linear(2, 3)\nm.add_module('s', 3)",
    "module set weight tensor": "m = torch.nn.Linear(2, 3)\nm.weight = torch.ones(3, 2)",
    "module set weight None": "m = torch.nn.Linear(2, 3)\nm.weight = None\nprint(m.weight)",
    "module getattr missing": "m = torch.nn.Linear(2, 3)\nm.foo",
    "module load missing": (
        "m = torch.nn.Linear(2, 3)\nm.load_state_dict({'weight': torch.ones(3, 2)})"
    ),
    "module load unexpected": (
        "m = torch.nn.Linear(2, 3)\nm.load_state_dict({'weight': torch.ones(3, 2), "
        "'bias': torch.ones(3), 'x': torch.ones(1)})"
    ),
    "module load not strict": (
        "m = torch.nn.Linear(2, 3)\nprint(m.load_state_dict({'weight': torch.ones(3, "
        "2), 'x': torch.ones(1)}, strict=False))"
    ),
    "module load shape": (
        "m = torch.nn.Linear(2, 3)\nm.load_state_dict({'weight': torch.ones(2, 2), "
        "'bias': torch.ones(3)})"
    ),
    "module load all wrong": (
        "m = torch.nn.Linear(2, 3)\nm.load_state_dict({'w': torch.ones(2, 2), "
        "'bias': torch.ones(4)})"
    ),
    "module load not dict": "m = torch.nn.Linear(2, 3)\nm.load_state_dict([1, 2])",
    "module load ok": (
        "m = torch.nn.Linear(2, 3)\nprint(m.load_state_dict({'weight': torch.ones(3, "
        "2), 'bias': torch.ones(3)}))"
    ),
    "module load int dtype": (
        "m = torch.nn.Linear(2, 3)\nm.load_state_dict({'weight': torch.ones(3, 2, "
        "dtype=torch.long), 'bias': torch.ones(3)})\nprint(m.weight)"
    ),
    "module forward missing": "class M(torch.nn.Module):\n    pass\nM()(torch.ones(1))",
    "module no super init": (
        "class M(torch.nn.Module):\n    def __init__(self):\n"
        "        self.l = torch.nn.Linear(1, 1)\nM()"
    ),
    "sequential index": "s = torch.nn.Sequential(torch.nn.Linear(1, 1))\ns[3]",
    "modulelist index": "s = torch.nn.ModuleList([torch.nn.Linear(1, 1)])\ns[3]",
    "sequential wrong shapes": (
        "s = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Linear(4, 1))\ns(torch.ones(2))"
    ),
    "parameter of list": "torch.nn.Parameter([1., 2.])",
    "linear negative": "torch.nn.Linear(-1, 2)",
    "grad output not requiring": "y = torch.ones(2).sum()\ntorch.autograd.grad(y, torch.ones(2))",
    "grad output not req input req": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\ny = torch.ones(2).sum()\n"
        "torch.autograd.grad(y, x)"
    ),
    "grad output detached": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
        "y = (x * 2).sum().detach()\ntorch.autograd.grad(y, x)"
    ),
    "backward retain twice": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\ny = (x * x).sum()\n"
        "y.backward()\ny.backward()"
    ),
    "grad retain then backward": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\ny = (x.exp()).sum()\n"
        "torch.autograd.grad(y, x)\ny.backward()"
    ),
    "grad retain_graph then grad": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\ny = (x.exp()).sum()\n"
        "torch.autograd.grad(y, x, retain_graph=True)\nprint(torch.autograd.grad(y, x))"
    ),
    "no_grad backward": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\nwith torch.no_grad():\n"
        "    y = (x * 2).sum()\ny.backward()"
    ),
    "no_grad as decorator": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n@torch.no_grad()\n"
        "def f(t):\n    return t * 2\nprint(f(x).requires_grad)"
    ),
    "no_grad bare decorator": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n@torch.no_grad\n"
        "def f(t):\n    return t * 2\nprint(f(x).requires_grad)"
    ),
    "enable_grad inside no_grad": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\nwith torch.no_grad():\n"
        "    with torch.enable_grad():\n        y = x * 2\nprint(y.requires_grad)"
    ),
    "set_grad_enabled bad": "torch.set_grad_enabled('yes')",
    "no_grad call with arg": "torch.no_grad(True)",
    "detach_ view": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\nv = (x * 1)[:2]\nv.detach_()"
    ),
    "detach_ view of leaf": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\nv = x[:2]\nv.detach_()"
    ),
    "detach_ leaf": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\nx.detach_()\nprint(x.requires_grad)"
    ),
    "retain_grad no grad": "x = torch.ones(2)\nx.retain_grad()",
    "register_hook no grad": "x = torch.ones(2)\nx.register_hook(lambda g: g)",
    "register_hook not callable": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\nx.register_hook(3)\n"
        "(x * 2).sum().backward()"
    ),
    "hook wrong shape": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
        "x.register_hook(lambda g: torch.ones(2))\n(x * 2).sum().backward()"
    ),
    "hook wrong type": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
        "x.register_hook(lambda g: 3)\n(x * 2).sum().backward()"
    ),
    "hook wrong dtype": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\n"
        "x.register_hook(lambda g: g.double())\n(x * 2).sum().backward()\nprint(x.grad)"
    ),
    "item of grad tensor": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\nprint(x.sum().item())"
    ),
    "tolist grad": "x = torch.tensor([1., 2., 3.], requires_grad=True)\nprint(x.tolist())",
    "numpy int": "print(torch.tensor([1, 2]).numpy().dtype)",
    "clone requires_grad kw": (
        "x = torch.tensor([1., 2., 3.], requires_grad=True)\nx.clone(requires_grad=True)"
    ),
    "zeros_like requires grad int": (
        "torch.zeros_like(torch.ones(2, dtype=torch.long), requires_grad=True)"
    ),
    "ones requires int": "torch.ones(2, dtype=torch.int32, requires_grad=True)",
    "randn int": "torch.randn(2, dtype=torch.long)",
    "randint float grad": "torch.randint(0, 5, (2,), dtype=torch.float, requires_grad=True)",
    "expand wrong": "torch.ones(2, 3).expand(2, 4)",
    "expand fewer": "torch.ones(2, 3).expand(3)",
    "expand negative": "torch.ones(2, 3).expand(-1, -2)",
    "reshape bad": "torch.ones(6).reshape(4, -1)",
    "view -1 -1": "torch.ones(6).view(-1, -1)",
    "squeeze bad dim": "torch.ones(2, 3).squeeze(3)",
    "unsqueeze bad dim": "torch.ones(2, 3).unsqueeze(4)",
    "transpose bad": "torch.ones(2, 3).transpose(0, 2)",
    "gather negative index": "print(torch.ones(2, 3).gather(1, torch.tensor([[-1]])))",
    "gather int32 index": (
        "print(torch.ones(2, 3).gather(1, torch.tensor([[0]], dtype=torch.int32)))"
    ),
    "index_select int32": (
        "print(torch.ones(2, 3).index_select(1, torch.tensor([0], dtype=torch.int32)))"
    ),
    "index_select 2d": "print(torch.ones(2, 3).index_select(1, torch.tensor([[0]])))",
    "index_select out of range": "print(torch.ones(2, 3).index_select(1, torch.tensor([5])))",
    "cat int float": "print(torch.cat([torch.ones(1, dtype=torch.long), torch.ones(1)]))",
    "stack 0d": "print(torch.stack([torch.tensor(1.), torch.tensor(2.)]))",
    "where no grad mix": (
        "print(torch.where(torch.tensor([True]), torch.tensor([1]), torch.tensor([1.])))"
    ),
    "arange float end int dtype": "print(torch.arange(0.5, 3, dtype=torch.long))",
    "arange neg step float": "print(torch.arange(1, 0, -0.3))",
    "zeros tuple and int": "torch.zeros((2, 3), 4)",
    "full shape int": "print(torch.full(3, 1.))",
    "eye neg": "torch.eye(-1)",
    "tensor requires_grad bool list": "torch.tensor([True], requires_grad=True)",
    "tensor nested tensors grad": (
        "x = torch.tensor([torch.tensor(1., requires_grad=True), torch.tensor(2.)])\n"
        "print(x.requires_grad)"
    ),
    "tensor with dtype str": "torch.tensor([1], dtype='float32')",
    "tensor dtype python float": "print(torch.tensor([1], dtype=float))",
    "tensor dtype python int": "print(torch.tensor([1.5], dtype=int))",
    "tensor dtype python bool": "print(torch.tensor([1.5], dtype=bool))",
    "to string": "torch.ones(2).to('float')",
    "to bad device": "torch.ones(2).to('gpu')",
    "to cuda": "torch.ones(2).to('cuda')",
    "cuda": "torch.ones(2).cuda()",
    "type str": "print(torch.ones(2).type('torch.IntTensor'))",
    "type bad": "torch.ones(2).type('torch.Foo')",
    "sum dim float": "torch.ones(2, 3).sum(1.0)",
    "sum dim str": "torch.ones(2, 3).sum('a')",
    "sum dim list dup": "torch.ones(2, 3).sum([1, 1])",
    "mean dim tuple oob": "torch.ones(2, 3).mean((0, 2))",
    "topk k too big": "torch.ones(3).topk(4)",
    "topk neg k": "torch.ones(3).topk(-1)",
    "sort stable kw": "print(torch.tensor([2, 1]).sort(stable=True))",
    "max of empty dim": "torch.ones(0, 3).max(0)",
    "argmax empty": "torch.ones(0).argmax()",
    "min empty": "torch.ones(0).min()",
    "amax empty": "torch.ones(0).amax()",
    "prod empty": "print(torch.ones(0).prod())",
    "std empty": "print(torch.ones(0).std())",
    "norm p str": "torch.ones(2).norm(p='fro')",
    "norm p nuc 1d": "torch.ones(2).norm(p='nuc')",
    "dropout training bad p": "torch.nn.functional.dropout(torch.ones(2), p=-0.5)",
    "one_hot float": "torch.nn.functional.one_hot(torch.tensor([0.]), 2)",
    "one_hot small classes": "torch.nn.functional.one_hot(torch.tensor([3]), 2)",
    "mse requires grad target": (
        "x = torch.ones(2, requires_grad=True)\n"
        "l = torch.nn.functional.mse_loss(torch.ones(2), x)\nl.backward()\n"
        "print(x.grad)"
    ),
    "softmax float dim": "torch.ones(2, 3).softmax(1.5)",
    "F.log_softmax float dim": "F.log_softmax(torch.ones(2, 3), 1.5)",
    "gather index larger than self": (
        "print(torch.ones(2, 3).gather(1, torch.tensor([[0, 1], [0, 1], [0, 1]])))"
    ),
    "gather float index": "print(torch.ones(2, 3).gather(1, torch.tensor([[0.]])))",
    "index_select (3,) dim 0 index 5": "torch.ones(3,).index_select(0, torch.tensor([5]))",
    "index_select (3,) dim 0 index -1": "torch.ones(3,).index_select(0, torch.tensor([-1]))",
    "index_select (2, 3) dim 0 index 5": "torch.ones(2, 3).index_select(0, torch.tensor([5]))",
    "index_select (2, 3) dim 0 index -1": "torch.ones(2, 3).index_select(0, torch.tensor([-1]))",
    "index_select (2, 3) dim 1 index 5": "torch.ones(2, 3).index_select(1, torch.tensor([5]))",
    "index_select (2, 3) dim 1 index -1": "torch.ones(2, 3).index_select(1, torch.tensor([-1]))",
    "index_select (2, 3, 4) dim 1 index 5": (
        "torch.ones(2, 3, 4).index_select(1, torch.tensor([5]))"
    ),
    "index_select (2, 3, 4) dim 1 index -1": (
        "torch.ones(2, 3, 4).index_select(1, torch.tensor([-1]))"
    ),
    "index_select (2, 3, 4) dim 2 index 5": (
        "torch.ones(2, 3, 4).index_select(2, torch.tensor([5]))"
    ),
    "index_select (2, 3, 4) dim 2 index -1": (
        "torch.ones(2, 3, 4).index_select(2, torch.tensor([-1]))"
    ),
    "bool b.topk(1)": "b = torch.tensor([True, False])\nprint(b.topk(1))",
    "bool b.sort()": "b = torch.tensor([True, False])\nprint(b.sort())",
    "bool b.max(0)": "b = torch.tensor([True, False])\nprint(b.max(0))",
    "bool b.argmax()": "b = torch.tensor([True, False])\nprint(b.argmax())",
    "bool b.cumsum(0)": "b = torch.tensor([True, False])\nprint(b.cumsum(0))",
}


@pytest.mark.parametrize("name", CASES)
def test_protocol_and_module_misuse_like_torch(name: str) -> None:
    code = CASES[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
