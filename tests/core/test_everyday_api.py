"""Everyday API from tutorials: devices, legacy typed tensors, Variable, numpy-style
keyword aliases.  Every snippet runs under real torch and under minigrad; the
printed lines, the final error and the warnings must be the same."""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

DEVICE = {
    "tutorial first line": (
        'device = "cuda" if torch.cuda.is_available() else "cpu"\n'
        "print(device, torch.cuda.device_count(), torch.cuda.is_initialized())\n"
        "x = torch.ones(2, 3, device=device)\nprint(x.to(device), x.device, x.is_cuda)\n"
        "print(x.to(torch.device(device)) is x, x.cpu() is x)"
    ),
    "model to device": (
        "torch.manual_seed(0)\nm = torch.nn.Linear(2, 1)\nm = m.to('cpu')\n"
        "print(m(torch.ones(1, 2)))\nm.to(torch.device('cuda'))"
    ),
    "model cuda": "torch.nn.Linear(1, 1).cuda()",
    "model to mps": "torch.nn.Linear(1, 1).to('mps')",
    "model to cpu and dtype": (
        "m = torch.nn.Linear(1, 1)\nprint(m.cpu() is m, m.to('cpu') is m)\n"
        "print(m.to(torch.device('cpu'), torch.float64).weight.dtype)"
    ),
    "device names": (
        "for d in ['cpu', 'cuda', 'cuda:1', 'mps', 'cpu:0', torch.device('cuda', 3)]:\n"
        "    dev = torch.device(d)\n"
        "    print(repr(dev), str(dev), dev.type, dev.index)\n"
        "print(torch.device('cpu') == torch.device('cpu'), torch.device('cuda:0') == "
        "torch.device('cuda'))\nprint(torch.device('cpu') == 'cpu')"
    ),
    "device of a device": "print(torch.device(torch.device('cuda:2')))",
    "bad device string": "torch.device('gpu')",
    "bad device index": "torch.device('cuda:x')",
    "device from int": "torch.device(0)",
    "to cuda": "torch.ones(2).to('cuda')",
    "to cuda:0": "torch.ones(2).to('cuda:0')",
    "to device keyword": "torch.ones(2).to(device='cuda')",
    "to mps": "torch.ones(2).to('mps')",
    "cuda method": "torch.ones(2).cuda()",
    "tensor on cuda": "torch.tensor([1.], device='cuda')",
    "zeros on cuda": "torch.zeros(2, device=torch.device('cuda'))",
    "to device and dtype": (
        "x = torch.tensor([1., 2.])\n"
        "print(x.to('cpu', torch.float64))\nprint(x.to('cpu', dtype=torch.float64))\n"
        "print(x.to(device='cpu', dtype=torch.int64))\nprint(x.to('cpu', non_blocking=True) is x)"
    ),
    "to copy": "x = torch.tensor([1., 2.])\ny = x.to('cpu', copy=True)\nprint(y is x, y)",
    "default device": (
        "torch.set_default_device('cpu')\nprint(torch.get_default_device())\n"
        "print(torch.zeros(2).device)\n"
        "torch.set_default_device(None)  # (torch keeps a device mode on the stack until then)"
    ),
    "backends": (
        "print(torch.backends.mps.is_available(), torch.backends.mps.is_built())\n"
        "print(torch.backends.cudnn.enabled, torch.backends.cudnn.is_available())\n"
        "torch.backends.cudnn.deterministic = True\ntorch.backends.cudnn.benchmark = False\n"
        "torch.backends.cudnn.deterministic = False"
    ),
    "cuda seeding is a no-op": (
        "torch.manual_seed(0)\ntorch.cuda.manual_seed(0)\ntorch.cuda.manual_seed_all(0)\n"
        "torch.cuda.empty_cache()\nprint(torch.rand(3))"
    ),
    "generator on a device": (
        "g = torch.Generator(device='cpu')\nprint(g.device, g.initial_seed())\n"
        "print(torch.Generator('cpu').manual_seed(3).initial_seed(), torch.Generator().device)"
    ),
    "cuda generator": "torch.Generator('cuda')",
    "cuda current device": "torch.cuda.current_device()",
    "cuda synchronize": "torch.cuda.synchronize()",
}

LEGACY = {
    "typed from lists": (
        "for T in [torch.FloatTensor, torch.DoubleTensor, torch.LongTensor, torch.IntTensor,\n"
        "          torch.BoolTensor, torch.ByteTensor, torch.ShortTensor, torch.CharTensor,\n"
        "          torch.HalfTensor]:\n"
        "    x = T([[1, 0], [3, 4]])\n"
        "    print(T, T.dtype, x, x.dtype, x.type(), type(x))"
    ),
    "LongTensor truncates": "print(torch.LongTensor([1.7, -2.7]), torch.IntTensor((3.9,)))",
    "typed with sizes": (
        "print(torch.FloatTensor(2, 3).shape, torch.LongTensor(4).dtype)\n"
        "print(torch.DoubleTensor(torch.Size([2, 1])).shape)\n"
        "print(torch.DoubleTensor(2, 2).fill_(1.5))"
    ),
    "typed empty": "print(torch.FloatTensor(), torch.LongTensor(), torch.BoolTensor())",
    "typed from tuple is data": "print(torch.FloatTensor((2, 3)))",
    "typed from numpy": (
        "print(torch.FloatTensor(np.array([1, 2])), torch.LongTensor(np.arange(3)))"
    ),
    "typed negative size": "torch.FloatTensor(2, -1, 3)",
    "typed from a float": "torch.FloatTensor(2.5)",
    "typed from a bool": "torch.LongTensor(True)",
    "typed from a string": "torch.LongTensor('a')",
    "typed from other dtype tensor": "torch.FloatTensor(torch.tensor([1, 2]))",
    "LongTensor from float tensor": "torch.LongTensor(torch.tensor([1.5]))",
    "typed with requires_grad": "torch.FloatTensor([1, 2], requires_grad=True)",
    "typed ragged": "torch.LongTensor([[1], [2, 3]])",
    "isinstance": (
        "x, i = torch.tensor([1., 2.]), torch.tensor([1, 2])\n"
        "print(isinstance(x, torch.FloatTensor), isinstance(x, torch.DoubleTensor))\n"
        "print(isinstance(i, torch.LongTensor), isinstance(i, torch.FloatTensor))\n"
        "print(isinstance(x.double(), torch.DoubleTensor), isinstance(1.0, torch.FloatTensor))\n"
        "print(isinstance(torch.nn.Parameter(x), torch.FloatTensor))\n"
        "print(isinstance(x, torch.Tensor), issubclass(torch.FloatTensor, torch.Tensor))\n"
        "print(torch.FloatTensor.__name__, torch.FloatTensor.__module__, repr(torch.LongTensor))"
    ),
    "type conversions": (
        "x = torch.tensor([1.5, -2.5])\n"
        "print(x.type(), x.type(torch.LongTensor), x.type('torch.LongTensor'))\n"
        "print(x.type(torch.float64), x.type('torch.DoubleTensor'), x.type(dtype=torch.int32))\n"
        "print(x.type(torch.FloatTensor) is x, x.type(torch.float32) is x)\n"
        "print(torch.tensor([1, 2]).type(torch.FloatTensor).type(), torch.tensor(True).type())"
    ),
    "type bad name": "torch.ones(2).type('torch.foo')",
    "type numpy-ish name": "torch.ones(2).type('float')",
    "type cuda name": "torch.ones(2).type('torch.cuda.FloatTensor')",
    "Tensor constructor": (
        "x = torch.tensor([1., 2.], requires_grad=True)\n"
        "y = torch.Tensor(x)\nprint(torch.Tensor(), y, y is x, y.requires_grad, y.is_leaf)\n"
        "(y * y).sum().backward()\nprint(x.grad)\n"
        "print(torch.Tensor(torch.tensor([1, 2])), torch.Tensor(2, 3).shape)\n"
        "print(torch.Tensor((2, 3)))\n"
        "print(torch.FloatTensor(x), torch.Tensor([[1, 2]]).dtype)"
    ),
    "Tensor from a float": "torch.Tensor(2.5)",
    "Tensor from a bool": "torch.Tensor(True)",
    "Tensor negative size": "torch.Tensor(-1)",
    "Tensor with requires_grad": "torch.Tensor([1, 2], requires_grad=True)",
    "Variable": (
        "Variable = torch.autograd.Variable\n"
        "x = torch.tensor([1., 2.])\n"
        "v = Variable(x, requires_grad=True)\nprint(v, v.is_leaf, v is x, type(v))\n"
        "y = (v * v).sum()\ny.backward()\nprint(v.grad, x.grad)\n"
        "w = Variable(x)\nprint(w, w.requires_grad, isinstance(x, Variable))\n"
        "v.data[0] = 5\nprint(x)\n"
        "print(Variable(torch.tensor(3.), True) * 2)\nprint(Variable())"
    ),
    "Variable of a non-leaf": (
        "Variable = torch.autograd.Variable\n"
        "x = torch.tensor([1., 2.], requires_grad=True)\n"
        "v = Variable(x * 2, requires_grad=True)\nprint(v, v.is_leaf, v.grad_fn)"
    ),
    "Variable volatile": (
        "Variable = torch.autograd.Variable\nprint(Variable(torch.ones(2), volatile=True))"
    ),
    "Variable of a list": "torch.autograd.Variable([1.])",
    "Variable int requires grad": "torch.autograd.Variable(torch.tensor([1]), requires_grad=True)",
}


def _same(code: str) -> None:
    theirs = run(code, torch)
    mine = run(code, minigrad)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings


@pytest.mark.parametrize("name", sorted(DEVICE))
def test_device_like_torch(name: str) -> None:
    _same(DEVICE[name])


@pytest.mark.parametrize("name", sorted(LEGACY))
def test_legacy_like_torch(name: str) -> None:
    _same(LEGACY[name])


ALIASES = {
    "sum keepdims": "x.sum(axis=1, keepdims=True)",
    "torch.sum axis": "torch.sum(x, axis=0)",
    "sum axis tuple": "x.sum(axis=(0, 1))",
    "mean": "x.mean(axis=1, keepdims=True)",
    "mean dtype": "x.mean(axis=1, keepdims=True, dtype=torch.float64)",
    "max": "x.max(axis=1)",
    "torch.max": "torch.max(x, axis=1, keepdims=True)",
    "min keepdims": "x.min(axis=0, keepdims=True)",
    "argmax": "x.argmax(axis=1)",
    "argmin keepdims": "torch.argmin(x, axis=0, keepdims=True)",
    "std": "x.std(axis=0)",
    "std unbiased": "x.std(axis=0, unbiased=False)",
    "var": "x.var(axis=1, keepdims=True)",
    "var correction": "torch.var(x, axis=0, correction=0)",
    "prod": "x.prod(axis=1)",
    "any": "(x > 1).any(axis=1)",
    "all": "torch.all(x > 1, axis=0, keepdims=True)",
    "amax": "x.amax(axis=1)",
    "amin": "torch.amin(x, axis=0, keepdims=True)",
    "logsumexp": "x.logsumexp(axis=1)",
    "cumsum": "x.cumsum(axis=1)",
    "softmax": "torch.softmax(x, axis=1)",
    "softmax method": "x.softmax(axis=0)",
    "log_softmax method": "x.log_softmax(axis=1)",
    "cat": "torch.cat([x, x], axis=0)",
    "stack": "torch.stack([x, x], axis=1)",
    "squeeze": "x.unsqueeze(axis=0).squeeze(axis=0)",
    "sort": "x.sort(axis=1, descending=True)",
    "topk": "x.topk(2, axis=1)",
    "chunk": "x.chunk(2, axis=0)",
    "unbind": "x.unbind(axis=0)",
    "gather": "x.gather(axis=1, index=torch.tensor([[0], [1]]))",
    "index_select": "x.index_select(axis=1, index=torch.tensor([0, 2]))",
    "size": "x.size(axis=1)",
    "count_nonzero": "x.count_nonzero(axis=1)",
    # the aliases are not for functions torch writes in Python, nor twice
    "F.softmax has no axis": "F.softmax(x, axis=1)",
    "dim and axis": "x.sum(dim=1, axis=1)",
    "positional dim and axis": "x.sum(1, axis=1)",
    "keepdim and keepdims": "x.sum(axis=1, keepdim=True, keepdims=True)",
}


@pytest.mark.parametrize("name", sorted(ALIASES))
def test_numpy_keyword_aliases_like_torch(name: str) -> None:
    """Values, grad_fn and the gradient flowing back are those of torch."""
    code = (
        "x = (torch.arange(6.).reshape(2, 3) * 0.7 - 1).requires_grad_()\n"
        f"out = {ALIASES[name]}\nprint(out)\n"
        "t = out if isinstance(out, torch.Tensor) else (out[0] if isinstance(out, tuple) "
        "else None)\n"
        "if isinstance(t, torch.Tensor) and t.requires_grad:\n"
        "    t.sum().backward()\n    print(x.grad)"
    )
    _same(code)


QUICKSTART = """
nn = torch.nn  # (the snippet runs with torch bound to a module, so no import statements)
DataLoader, TensorDataset = torch.utils.data.DataLoader, torch.utils.data.TensorDataset
random_split = torch.utils.data.random_split

device = "cuda" if torch.cuda.is_available() else "cpu"
print(f"Using {device} device")
torch.manual_seed(0)
images = torch.randn(40, 1, 8, 8)
labels = (images.mean(dim=(1, 2, 3)) > 0).long()
train, test = random_split(TensorDataset(images, labels), [0.75, 0.25])
train_loader = DataLoader(train, batch_size=8, shuffle=True)
test_loader = DataLoader(test, batch_size=8)
print(len(train), len(test), len(train_loader), len(test_loader))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                                      nn.Conv2d(4, 8, 3), nn.ReLU(), nn.AvgPool2d(2))
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        return self.head(torch.flatten(self.features(x), 1))


model = Net().to(device)
print(model)
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(3):
    model.train()
    for X, y in train_loader:
        X, y = X.to(device), y.to(device)
        loss = loss_fn(model(X), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    model.eval()
    correct = 0
    with torch.no_grad():
        for X, y in test_loader:
            correct += (model(X).argmax(1) == y).type(torch.float).sum().item()
    print(f"epoch {epoch}: loss {loss.item():.4f}, accuracy {correct / len(test):.2f}")
print(F.one_hot(labels[:4], 2))
"""


def test_quickstart_style_program_like_torch() -> None:
    """A tutorial-shaped program: device line, random_split, shuffled DataLoader, a CNN."""
    _same(QUICKSTART)
