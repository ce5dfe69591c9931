"""The ``Optimizer`` API at its edges, side by side with torch: adding parameter
groups, parameters given as a generator, a dict, a list of dicts or
``named_parameters()``, ``zero_grad`` both ways, per-group settings, the
``maximize`` and ``weight_decay`` flags of every optimiser, a tensor ``lr``,
``load_state_dict`` (across optimisers and dtypes, sharing the state tensors as
torch does), and the errors and warnings. Each snippet runs under both
libraries and must print, raise and warn the same."""

from __future__ import annotations

import pytest
import torch

import minigrad

from ..transcript import run

W = """
w = torch.nn.Parameter(torch.tensor([1.0, -2.0]))
b = torch.nn.Parameter(torch.tensor([0.5]))
c = torch.nn.Parameter(torch.tensor([3.0, 4.0, 5.0]))
def loss_fn():
    return ((w * w).sum() + (b * w).sum() * 3 + (c * c).sum()) ** 2
"""

SNIPPETS = {
    "add_param_group": W
    + """
opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
opt.add_param_group({'params': [b], 'lr': 0.5})
opt.add_param_group({'params': c, 'momentum': 0.1})
print(opt)
print(opt.param_groups[1])
""",
    "add_param_group_adam": W
    + """
opt = torch.optim.Adam([w], lr=0.1)
opt.add_param_group({'params': (p for p in [b, c]), 'betas': (0.5, 0.6)})
print(opt.param_groups)
""",
    "add_param_group_dup": W
    + "opt = torch.optim.SGD([w], lr=0.1)\nopt.add_param_group({'params': [w]})",
    "add_param_group_not_dict": W + "opt = torch.optim.SGD([w], lr=0.1)\nopt.add_param_group([b])",
    "add_param_group_set": W
    + "opt = torch.optim.SGD([w], lr=0.1)\nopt.add_param_group({'params': {b}})",
    "add_param_group_nonleaf": W
    + "opt = torch.optim.SGD([w], lr=0.1)\nopt.add_param_group({'params': [b*2]})",
    "add_param_group_no_params": W
    + "opt = torch.optim.SGD([w], lr=0.1)\nopt.add_param_group({'lr': 0.1})",
    "generator": W
    + "opt = torch.optim.Adam((p for p in [w, b]), lr=0.1)\n"
    + "print(len(opt.param_groups[0]['params']))",
    "dict_list": W
    + "groups = [{'params': [w]}, {'params': [b, c], 'lr': 0.5, 'alpha': 0.9}]\n"
    + "print(torch.optim.RMSprop(groups, lr=0.01))",
    "dict_of_params": W
    + "opt = torch.optim.SGD({'w': w, 'b': b}, lr=0.1)\nprint(opt.param_groups[0]['params'])",
    "named_params": W
    + "m = torch.nn.Linear(2, 1)\nopt = torch.optim.SGD(m.named_parameters(), lr=0.1)\n"
    + "print(opt.param_groups[0].get('param_names'))\nprint(opt.state_dict()['param_groups'])",
    "dup_warning": W
    + "opt = torch.optim.Adam([w, b, w], lr=0.1)\nprint(len(opt.param_groups[0]['params']))",
    "dup_across_groups": W
    + "opt = torch.optim.Adam([{'params': [w, b]}, {'params': [b]}], lr=0.1)",
    "empty": "torch.optim.Adam([])",
    "empty_gen": "torch.optim.Adam(p for p in [])",
    "tensor_params": W + "torch.optim.Adam(w)",
    "int_params": "torch.optim.Adam(3)",
    "none_params": "torch.optim.Adam(None)",
    "zero_grad_none": W
    + """
opt = torch.optim.SGD([w, b], lr=0.1)
loss_fn().backward()
opt.zero_grad()
print(w.grad, b.grad, c.grad)
""",
    "zero_grad_false": W
    + """
opt = torch.optim.SGD([w, b], lr=0.1)
loss_fn().backward()
g = w.grad
opt.zero_grad(set_to_none=False)
print(w.grad, b.grad, c.grad, g is w.grad)
""",
    "per_group_lr": W
    + """
opt = torch.optim.SGD([{'params': [w]}, {'params': [b], 'lr': 0.001}], lr=0.01, momentum=0.5)
for _ in range(3):
    opt.zero_grad(); loss_fn().backward(); opt.step()
print(w, b)
""",
    "maximize_wd": W
    + """
names = ['SGD', 'Adam', 'AdamW', 'RMSprop', 'Adagrad', 'Adamax', 'NAdam', 'RAdam', 'Adadelta']
for name in names + ['ASGD']:
    w.data = torch.tensor([1.0, -2.0]); b.data = torch.tensor([0.5])
    c.data = torch.tensor([3.0, 4.0, 5.0])
    opt = getattr(torch.optim, name)([w, b, c], lr=0.001, maximize=True, weight_decay=0.1)
    for _ in range(2):
        opt.zero_grad(); loss_fn().backward(); opt.step()
    print(name, w, b)
""",
    "rprop_maximize": W
    + """
opt = torch.optim.Rprop([w, b], lr=0.01, maximize=True)
for _ in range(3):
    opt.zero_grad(); loss_fn().backward(); opt.step()
print(w, b)
""",
    "load_across": W
    + """
a = torch.optim.Adam([w, b], lr=0.1)
a.zero_grad(); loss_fn().backward(); a.step()
s = torch.optim.SGD([w, b], lr=0.5, momentum=0.9)
s.load_state_dict(a.state_dict())
print(s)
print(sorted(s.state[w]))
s.step()
print(w)
""",
    "load_wrong_groups": W
    + """
a = torch.optim.Adam([w, b], lr=0.1)
s = torch.optim.Adam([{'params': [w]}, {'params': [b]}])
s.load_state_dict(a.state_dict())
""",
    "load_wrong_size": W
    + """
a = torch.optim.Adam([w, b], lr=0.1)
s = torch.optim.Adam([w])
s.load_state_dict(a.state_dict())
""",
    "load_state_dtype": W
    + """
a = torch.optim.Adam([w], lr=0.1)
a.zero_grad(); loss_fn().backward(); a.step()
sd = a.state_dict()
w2 = torch.nn.Parameter(torch.tensor([1.0, 2.0], dtype=torch.float64))
s = torch.optim.Adam([w2])
s.load_state_dict(sd)
print(s.state[w2]['exp_avg'].dtype, s.state[w2]['step'].dtype)
""",
    "state_dict_keys": W
    + """
opt = torch.optim.NAdam([w, b], lr=0.1)
opt.zero_grad(); loss_fn().backward(); opt.step()
print(opt.state_dict())
""",
    "bad_lr": W + "torch.optim.Adamax([w], lr=-0.1)",
    "bad_betas": W + "torch.optim.NAdam([w], betas=(0.9, 1.0))",
    "bad_eps": W + "torch.optim.RAdam([w], eps=-1e-8)",
    "bad_rho": W + "torch.optim.Adadelta([w], rho=-0.1)",
    "step_closure": W
    + """
for name in ['Adamax', 'NAdam', 'RAdam', 'Adadelta', 'Rprop', 'ASGD']:
    opt = getattr(torch.optim, name)([w, b])
    def closure():
        opt.zero_grad(); l = loss_fn(); l.backward(); return l
    print(name, opt.step(closure))
""",
    "no_grad_param": W
    + """
opt = torch.optim.Adamax([w, b, c], lr=0.1)
(w * 2).sum().backward()
opt.step()
print(len(opt.state), w, b)
""",
    "default_repr_all": W
    + """
for name in ['Adamax', 'NAdam', 'RAdam', 'Adadelta', 'Rprop', 'ASGD', 'LBFGS']:
    print(getattr(torch.optim, name)([w]))
""",
    "sgd_no_lr_group": W
    + "opt = torch.optim.SGD([{'params': [w], 'lr': 0.1}, {'params': [b]}])\nprint(opt)",
    "zero_grad_nonleaf_grad": W
    + """
opt = torch.optim.SGD([w], lr=0.1)
loss_fn().backward(create_graph=True)
print(w.grad.requires_grad)
opt.zero_grad(set_to_none=False)
print(w.grad, w.grad.requires_grad, w.grad.grad_fn)
""",
    "state_dict_then_add_group": W
    + """
opt = torch.optim.Adam([w], lr=0.1)
opt.zero_grad(); loss_fn().backward(); opt.step()
opt.add_param_group({'params': [b]})
print(opt.state_dict()['param_groups'])
""",
    "lr_tensor": W + "opt = torch.optim.Adam([w], lr=torch.tensor(0.01))\nprint(opt)",
    "lr_tensor_bad": W + "opt = torch.optim.Adam([w], lr=torch.tensor([0.01, 0.02]))",
    "tensor_lr_steps": W
    + """
names = ['SGD', 'Adam', 'AdamW', 'RMSprop', 'Adagrad', 'Adamax', 'NAdam', 'RAdam', 'Adadelta']
for name in names + ['Rprop', 'ASGD']:
    w.data = torch.tensor([1.0, -2.0]); b.data = torch.tensor([0.5])
    opt = getattr(torch.optim, name)([w, b], lr=torch.tensor(0.01))
    for _ in range(2):
        opt.zero_grad(); loss_fn().backward(); opt.step()
    print(name, w, b, opt.param_groups[0]['lr'])
""",
    "lbfgs_load": W
    + """
opt = torch.optim.LBFGS([w, b], history_size=3)
def closure():
    opt.zero_grad(); l = loss_fn(); l.backward(); return l
opt.step(closure)
opt2 = torch.optim.LBFGS([w, b])
opt2.load_state_dict(opt.state_dict())
print(opt2.defaults)
print(opt2)
print(sorted(opt2.state[w]))
print(opt2.state[w]['d'] is opt.state[w]['d'])
""",
    "load_aliases": W
    + """
opt = torch.optim.Adam([w, b], lr=0.1)
opt.zero_grad(); loss_fn().backward(); opt.step()
sd = opt.state_dict()
opt2 = torch.optim.Adam([w, b], lr=0.1)
opt2.load_state_dict(sd)
print(opt2.state[w]['exp_avg'] is opt.state[w]['exp_avg'])
print(opt2.param_groups[0] is sd['param_groups'][0])
opt2.step()
print(opt.state[w]['exp_avg'], sd['state'][0]['step'])
""",
    "named_state_dict": """
torch.manual_seed(0)
m = torch.nn.Linear(2, 1)
opt = torch.optim.Adam(m.named_parameters(), lr=0.1)
print(opt)
m(torch.ones(1, 2)).sum().backward(); opt.step()
sd = opt.state_dict()
print(sd['param_groups'])
opt2 = torch.optim.Adam(m.parameters(), lr=0.5)
opt2.load_state_dict(sd)
print(opt2.param_groups[0]['param_names'])
""",
    "names_missing": """
m = torch.nn.Linear(2, 1)
torch.optim.SGD([('weight', m.weight), m.bias], lr=0.1)
""",
    "names_mixed_groups": """
m = torch.nn.Linear(2, 1)
opt = torch.optim.SGD([('weight', m.weight)], lr=0.1)
opt.add_param_group({'params': [m.bias]})
""",
    "names_mixed_groups2": """
m = torch.nn.Linear(2, 1)
opt = torch.optim.SGD([m.weight], lr=0.1)
opt.add_param_group({'params': [('bias', m.bias)]})
""",
    "retains_grad_param": """
x = torch.ones(2, requires_grad=True)
y = x * 2
y.retain_grad()
opt = torch.optim.SGD([y], lr=0.1)
print(len(opt.param_groups[0]['params']))
""",
    "unknown_state_key": W
    + """
opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
group = {'params': [0], 'lr': 0.2, 'momentum': 0.9, 'dampening': 0, 'weight_decay': 0}
opt.load_state_dict({'state': {5: {'momentum_buffer': None}}, 'param_groups': [group]})
print(opt.state)
print(opt)
""",
    "dtype_cast_load": W
    + """
opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
loss_fn().backward(); opt.step()
w64 = torch.nn.Parameter(torch.tensor([1.0, 2.0], dtype=torch.float64))
o2 = torch.optim.SGD([w64], lr=0.1, momentum=0.9)
o2.load_state_dict(opt.state_dict())
print(o2.state[w64]['momentum_buffer'].dtype)
""",
    "zero_grad_after_load": W
    + """
opt = torch.optim.Adamax([w, b], lr=0.1)
loss_fn().backward(); opt.step(); opt.zero_grad()
print(w.grad, opt.state_dict()['state'][0]['exp_inf'])
""",
    "lbfgs_no_closure": W + "torch.optim.LBFGS([w]).step()",
    "lbfgs_groups": W + "torch.optim.LBFGS([{'params': [w]}, {'params': [b]}])",
    "lbfgs_add_group": W
    + "opt = torch.optim.LBFGS([w])\nopt.add_param_group({'params': [b]})\n"
    + "print(len(opt.param_groups))",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    code = SNIPPETS[name]
    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.lines() or theirs.warnings, "the snippet should print, raise or warn"
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
