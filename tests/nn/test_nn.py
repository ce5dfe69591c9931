"""``minigrad.nn`` against real torch: each snippet must print the same lines
(reprs, parameter names and values, grad_fn names) and raise the same errors."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

from ..transcript import assert_same_as_torch

NET = """
nn = torch.nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(3, 4)
        self.scale = nn.Parameter(torch.ones(1))
        self.act = nn.Tanh()
        self.out = nn.Sequential(nn.Linear(4, 2), nn.Sigmoid())
        self.note = "not registered"

    def forward(self, x):
        return self.out(self.act(self.hidden(x)) * self.scale)
torch.manual_seed(0)
net = Net()
"""

SNIPPETS = {
    # --- reprs
    "repr_sequential": """
nn = torch.nn
print(nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1), nn.Sigmoid()))
print(nn.Sequential())
print(nn.Sequential(nn.Sequential(nn.Linear(1, 1)), nn.Linear(1, 2, bias=False)))
""",
    "repr_custom": NET + "print(net)\nprint(net.hidden, net.act)",
    "repr_layers": """
nn = torch.nn
for m in [nn.ReLU(), nn.ReLU(inplace=True), nn.Tanh(), nn.Sigmoid(), nn.LeakyReLU(),
          nn.LeakyReLU(0.2, inplace=True), nn.Softmax(dim=1), nn.Softmax(), nn.LogSoftmax(dim=-1),
          nn.Flatten(), nn.Flatten(0, 2), nn.Identity(), nn.Dropout(), nn.Dropout(0.2, True),
          nn.MSELoss(), nn.MSELoss(reduction='sum'), nn.L1Loss(), nn.BCELoss(),
          nn.BCEWithLogitsLoss(), nn.CrossEntropyLoss(), nn.NLLLoss(), nn.Module()]:
    print(m)
""",
    "repr_modulelist": """
nn = torch.nn
ml = nn.ModuleList([nn.Linear(2, 2) for _ in range(3)] + [nn.ReLU(), nn.Linear(2, 1)])
print(ml)
print(len(ml), ml[-1], len(list(ml.parameters())))
print(nn.ModuleList())
""",
    "types": """
nn = torch.nn
print(type(nn.Linear(1, 1)), type(nn.Sequential()), type(nn.ReLU()), type(nn.MSELoss()))
p = nn.Parameter(torch.ones(2))
print(type(p), isinstance(p, torch.Tensor), type(p * 2), type(p.data), type(p.detach()))
""",
    # --- Parameter
    "parameter": """
p = torch.nn.Parameter(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(p)
print(p.is_leaf, p.requires_grad, p.grad_fn, p.dtype, p.shape)
print(p * 2)
print(torch.nn.Parameter(torch.ones(2), requires_grad=False))
print(torch.nn.Parameter())
q = torch.nn.Parameter(torch.zeros(3, dtype=torch.float64))
print(q)
(p * p).sum().backward()
print(p.grad)
""",
    "parameter_shares_data": """
t = torch.ones(2)
p = torch.nn.Parameter(t)
t[0] = 5.0
print(p)
""",
    # --- registration and walking the tree
    "named_parameters": NET
    + """
for name, p in net.named_parameters():
    print(name, tuple(p.shape), p.requires_grad)
print(sum(p.numel() for p in net.parameters()))
print([n for n, _ in net.named_children()])
print([n for n, _ in net.named_modules()])
print([type(m).__name__ for m in net.modules()])
print([type(m).__name__ for m in net.children()])
print(net.note, 'note' in dict(net.named_parameters()))
""",
    "parameters_first_values": NET + "print(list(net.parameters())[0])\nprint(net.out[0].bias)",
    "shared_parameter_counted_once": """
nn = torch.nn
lin = nn.Linear(2, 2)
seq = nn.Sequential(lin, nn.ReLU(), lin)
print(len(list(seq.parameters())), [n for n, _ in seq.named_parameters()])
print(seq)
""",
    "reassign_and_delete": """
nn = torch.nn
m = nn.Linear(2, 2)
m.bias = None
print(m, [n for n, _ in m.named_parameters()])
m.extra = nn.Parameter(torch.zeros(1))
print([n for n, _ in m.named_parameters()])
del m.extra
print([n for n, _ in m.named_parameters()])
m.register_buffer('running', torch.zeros(2))
print(list(m.state_dict().keys()), [n for n, _ in m.named_buffers()])
""",
    "set_tensor_as_parameter_error": "m = torch.nn.Linear(2, 2)\nm.weight = torch.ones(2, 2)",
    "set_module_error": "m = torch.nn.Sequential(torch.nn.ReLU())\nm.add_module('x', 3)",
    "missing_init_error": """
class Bad(torch.nn.Module):
    def __init__(self):
        self.w = torch.nn.Parameter(torch.ones(1))
Bad()
""",
    "missing_init_module_error": """
class Bad(torch.nn.Module):
    def __init__(self):
        self.l = torch.nn.Linear(1, 1)
Bad()
""",
    "no_attribute_error": NET + "net.missing",
    "no_forward_error": "torch.nn.Module()(torch.ones(1))",
    # --- modes and gradients
    "train_eval": NET
    + """
print(net.training, net.hidden.training)
print(net.eval() is net, net.training, net.out[1].training)
net.train()
print(net.training, net.out[0].training)
net.train(False)
print(net.act.training)
""",
    "train_bad_mode": "torch.nn.Linear(1, 1).train('yes')",
    "zero_grad": NET
    + """
net(torch.ones(5, 3)).sum().backward()
print(net.hidden.bias.grad)
net.zero_grad()
print(net.hidden.bias.grad, net.scale.grad)
net(torch.ones(5, 3)).sum().backward()
net.zero_grad(set_to_none=False)
print(net.hidden.bias.grad, net.scale.grad)
""",
    "requires_grad_and_apply": NET
    + """
net.hidden.requires_grad_(False)
print([(n, p.requires_grad) for n, p in net.named_parameters()])
def init(m):
    if isinstance(m, torch.nn.Linear):
        torch.nn.init.constant_(m.weight, 0.5)
        print('init', m)
print(net.apply(init) is net)
print(net.out[0].weight)
""",
    "double": """
m = torch.nn.Linear(2, 1)
torch.nn.init.ones_(m.weight)
w = m.weight
print(m.double() is m, m.weight.dtype, m.weight is w)
print(m(torch.ones(1, 2, dtype=torch.float64)).dtype)
print(m.float().bias.dtype, m.to(torch.float64).weight.dtype)
""",
    "deepcopy_and_dir": """
import copy
torch.manual_seed(0)
m = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU())
m2 = copy.deepcopy(m)
print(m2, m2[0].weight is m[0].weight, type(m2[0].weight))
print(m2[0].weight)
print('weight' in dir(m[0]), '0' in dir(m), 'forward' in dir(m))
""",
    "forward_hooks": """
m = torch.nn.Linear(2, 1)
torch.nn.init.ones_(m.weight); torch.nn.init.zeros_(m.bias)
h = m.register_forward_hook(lambda mod, inp, out: print('hook', type(mod).__name__, out))
m(torch.ones(1, 2))
h.remove()
m(torch.ones(1, 2))
g = m.register_forward_pre_hook(lambda mod, inp: (inp[0] * 10,))
print(m(torch.ones(1, 2)))
""",
    # --- state_dict
    "state_dict": NET
    + """
sd = net.state_dict()
print(list(sd.keys()))
print(sd['out.0.bias'], sd['out.0.bias'].requires_grad)
print(net.load_state_dict(sd))
print(net.load_state_dict({'hidden.weight': torch.zeros(4, 3)}, strict=False))
print(net.hidden.weight)
""",
    "state_dict_errors": """
nn = torch.nn
m = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
m.load_state_dict({'0.weight': torch.zeros(3, 2), 'foo': torch.zeros(1)})
""",
    "state_dict_size_mismatch": """
m = torch.nn.Linear(2, 3)
m.load_state_dict({'weight': torch.zeros(2, 2), 'bias': torch.zeros(3)})
""",
    # --- Linear
    "linear_forward_graph": """
torch.manual_seed(0)
lin = torch.nn.Linear(2, 3)
def names(fn, depth=0):
    if fn is None:
        return
    print('  ' * depth + fn.name())
    for nxt, _ in fn.next_functions:
        names(nxt, depth + 1)
for shape in [(4, 2), (2,), (5, 4, 2)]:
    y = lin(torch.ones(*shape, requires_grad=True))
    print(tuple(y.shape), y.grad_fn)
    names(y.grad_fn)
y = lin(torch.ones(4, 2))
print(y.grad_fn.next_functions[1])
print(torch.nn.Linear(2, 3, bias=False)(torch.ones(4, 2)).grad_fn)
print(torch.nn.Linear(2, 3, bias=False)(torch.ones(2)).grad_fn)
""",
    "linear_backward": """
torch.manual_seed(1)
lin = torch.nn.Linear(3, 2)
x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0]], requires_grad=True)
y = lin(x)
print(y)
(y * y).sum().backward()
print(lin.weight.grad)
print(lin.bias.grad)
print(x.grad)
""",
    "linear_double_backward": """
lin = torch.nn.Linear(2, 2, dtype=torch.float64)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
    lin.bias.fill_(0.5)
x = torch.tensor([[1.0, -1.0]], dtype=torch.float64, requires_grad=True)
(g,) = torch.autograd.grad((lin(x) ** 3).sum(), x, create_graph=True)
print(g)
g.sum().backward()
print(x.grad, lin.weight.grad, lin.bias.grad)
""",
    "linear_copy_under_no_grad": """
lin = torch.nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, -0.5]]))
    lin.bias.zero_()
print(lin.weight, lin.bias)
print(lin(torch.tensor([[2.0, 1.0]])))
print(lin.weight._version)
lin.weight.copy_(torch.ones(1, 2))
""",
    "linear_errors_shape": "torch.nn.Linear(3, 3)(torch.ones(4, 2))",
    "linear_errors_shape_3d": "torch.nn.Linear(3, 3)(torch.ones(5, 4, 2))",
    "linear_errors_dtype": "torch.nn.Linear(3, 3)(torch.ones(4, 3, dtype=torch.float64))",
    "linear_dtype": "print(torch.nn.Linear(2, 3, dtype=torch.float64).weight.dtype)",
    # --- containers
    "sequential_indexing": """
nn = torch.nn
s = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
print(len(s), s[0], s[-1], s[1:])
print([type(m).__name__ for m in s])
s.append(nn.Sigmoid())
print(s)
s[1] = nn.Tanh()
print(s[1])
s[7]
""",
    "sequential_ordered_dict": """
from collections import OrderedDict
nn = torch.nn
s = nn.Sequential(OrderedDict([('fc', nn.Linear(1, 2)), ('act', nn.ReLU())]))
print(s, s.fc, [n for n, _ in s.named_parameters()])
""",
    "sequential_forward": """
torch.manual_seed(3)
nn = torch.nn
s = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1), nn.Sigmoid())
y = s(torch.tensor([[1.0, -2.0], [0.5, 0.5]]))
print(y)
y.sum().backward()
print(s[2].weight.grad)
""",
    # --- activations, flatten, dropout, losses
    "activations": """
nn = torch.nn
x = torch.tensor([[-1.0, 0.0, 2.0], [0.5, -0.5, 3.0]], requires_grad=True)
for m in [nn.ReLU(), nn.Tanh(), nn.Sigmoid(), nn.Identity(), nn.Flatten(0)]:
    print(m(x))
y = x.clone()
print(nn.ReLU(inplace=True)(y))
""",
    "dropout": """
torch.manual_seed(0)
d = torch.nn.Dropout(0.5)
x = torch.ones(10, requires_grad=True)
y = d(x)
print(y)
y.sum().backward()
print(x.grad)
d.eval()
print(d(x) is x)
print(torch.nn.Dropout(0.0)(x) is x)
print(torch.nn.Dropout(1.0)(x))
torch.nn.Dropout(1.5)
""",
    "loss_modules": """
nn = torch.nn
x = torch.tensor([[1.0, -1.0], [0.5, 2.0]], requires_grad=True)
t = torch.tensor([[0.0, 1.0], [1.0, 1.0]])
print(nn.MSELoss()(x, t), nn.MSELoss(reduction='sum')(x, t))
print(nn.BCEWithLogitsLoss()(x, t))
print(nn.CrossEntropyLoss()(x, torch.tensor([1, 0])))
print(nn.MSELoss(reduction='none')(x, t))
""",
    "more_loss_modules": """
x = torch.tensor([[1.0, 2.0], [0.5, -1.0]], requires_grad=True)
print(torch.nn.NLLLoss()(torch.nn.LogSoftmax(dim=1)(x), torch.tensor([1, 0])))
print(torch.nn.BCELoss()(x.sigmoid(), torch.ones(2, 2)))
print(torch.nn.L1Loss()(x, torch.ones(2, 2)))
print(torch.nn.LeakyReLU(0.1)(x), torch.nn.Softmax()(x))
print(torch.nn.MSELoss()(x, torch.ones(2)))
print(torch.nn.CrossEntropyLoss(weight=torch.tensor([1.0, 2.0]))(x, torch.tensor([1, 0])))
print(torch.nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0, 1.0]))(x, torch.ones(2, 2)))
""",
    "legacy_reduction": "print(torch.nn.MSELoss(size_average=False).reduction)",
    # --- init
    "init_functions": """
init = torch.nn.init
torch.manual_seed(0)
w = torch.empty(3, 5)
print(init.uniform_(w, -1, 2))
print(init.normal_(w, 0.5, 2.0))
print(init.xavier_uniform_(w))
print(init.xavier_normal_(w, gain=2.0))
print(init.kaiming_uniform_(w, a=0.1))
print(init.kaiming_uniform_(w, mode='fan_out', nonlinearity='relu'))
print(init.kaiming_normal_(w))
print(init.constant_(w, 0.3))
print(init.ones_(w), init.zeros_(w))
print(init.calculate_gain('relu'), init.calculate_gain('leaky_relu', 0.2))
print(init.calculate_gain('tanh'), init.calculate_gain('linear'), init.calculate_gain('selu'))
p = torch.nn.Parameter(torch.empty(2, 2))
print(init.uniform_(p))
""",
    "init_errors": "torch.nn.init.xavier_uniform_(torch.empty(3))",
    "init_bad_mode": "torch.nn.init.kaiming_uniform_(torch.empty(3, 3), mode='fan')",
    "init_zero_element": "print(torch.nn.init.kaiming_uniform_(torch.empty(0, 3)))",
    "init_trunc_normal": """
init = torch.nn.init
torch.manual_seed(0)
print(init.trunc_normal_(torch.empty(3, 5), std=0.02))
w = init.trunc_normal_(torch.empty(200), std=1.0, a=-0.5, b=0.5)
print(w[:6], w.min(), w.max())
print(init.trunc_normal_(torch.empty(2, 3), mean=5.0))
print(init.trunc_normal_(torch.empty(50, dtype=torch.float64), 0.3, 2.0, 0.0, 0.1)[:4])
g = torch.Generator().manual_seed(5)
print(init.trunc_normal_(torch.empty(4), generator=g))
""",
    "init_eye_and_orthogonal": """
init = torch.nn.init
print(init.eye_(torch.empty(2, 3)), init.eye_(torch.empty(3, 2)))
torch.manual_seed(0)
print(init.orthogonal_(torch.empty(3, 5)), init.orthogonal_(torch.empty(4, 2, 2), gain=2.0)[0])
""",
    "init_eye_1d": "torch.nn.init.eye_(torch.empty(2))",
    "init_orthogonal_1d": "torch.nn.init.orthogonal_(torch.empty(3))",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    assert_same_as_torch(SNIPPETS[name])


def test_linear_initialisation_equals_torch_bit_for_bit():
    for seed, (n_in, n_out) in [(0, (2, 3)), (42, (7, 5)), (2024, (16, 1))]:
        torch.manual_seed(seed)
        t = torch.nn.Linear(n_in, n_out)
        minigrad.manual_seed(seed)
        m = minigrad.nn.Linear(n_in, n_out)
        np.testing.assert_array_equal(m.weight.detach().numpy(), t.weight.detach().numpy())
        np.testing.assert_array_equal(m.bias.detach().numpy(), t.bias.detach().numpy())
        # and the generator is left in the same state
        np.testing.assert_array_equal(minigrad.rand(3).numpy(), torch.rand(3).numpy())


def test_module_parameter_objects_are_shared_with_the_optimizer():
    m = minigrad.nn.Linear(2, 1)
    params = list(m.parameters())
    assert params[0] is m.weight and params[1] is m.bias
    opt = minigrad.optim.SGD(m.parameters(), lr=0.1)
    assert opt.param_groups[0]["params"][0] is m.weight


def test_a_module_saved_without_the_hook_tables_still_runs() -> None:
    # (a module pickled before the backward-hook tables existed)
    import pickle

    layer = minigrad.nn.Linear(2, 2)
    for name in ("_forward_hooks_with_kwargs", "_backward_hooks", "_backward_pre_hooks"):
        del layer.__dict__[name]
    again = pickle.loads(pickle.dumps(layer))
    again.register_full_backward_hook(lambda m, gi, go: None)
    assert again(minigrad.ones(1, 2, requires_grad=True)).shape == (1, 2)
