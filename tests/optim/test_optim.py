"""``minigrad.optim`` against real torch: reprs, settings, state, errors, and
the printed parameters after a few steps."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import minigrad

from ..transcript import assert_same_as_torch

W = """
w = torch.nn.Parameter(torch.tensor([1.0, -2.0]))
b = torch.nn.Parameter(torch.tensor([0.5]))
def loss_fn():
    return ((w * w).sum() + (b * w).sum() * 3) ** 2
"""

SNIPPETS = {
    "repr_sgd": W + "print(torch.optim.SGD([w, b], lr=0.1, momentum=0.9))",
    "repr_adam": W + "print(torch.optim.Adam([w], lr=0.01, amsgrad=True))",
    "repr_adamw": W + "print(torch.optim.AdamW([w]))",
    "repr_default_lr": W + "print(torch.optim.SGD([w]))",
    "repr_groups": W
    + "print(torch.optim.SGD([{'params': [w]}, {'params': b, 'lr': 0.5}], lr=0.1))",
    "defaults_and_groups": W
    + """
opt = torch.optim.Adam([w, b], lr=0.1, weight_decay=0.01)
print(opt.defaults)
print(opt.param_groups)
print(len(opt.param_groups[0]['params']), opt.state)
""",
    "sgd_steps": W
    + """
opt = torch.optim.SGD([w, b], lr=0.01, momentum=0.9, weight_decay=0.1)
for _ in range(3):
    opt.zero_grad()
    loss = loss_fn()
    loss.backward()
    opt.step()
    print(loss.item(), w, b)
print(opt.state[w])
""",
    "sgd_nesterov_maximize": W
    + """
opt = torch.optim.SGD([w], lr=0.001, momentum=0.5, nesterov=True, maximize=True)
for _ in range(3):
    opt.zero_grad()
    loss_fn().backward()
    opt.step()
print(w)
""",
    "adam_steps": W
    + """
opt = torch.optim.Adam([w, b], lr=0.1)
for _ in range(4):
    opt.zero_grad()
    loss_fn().backward()
    opt.step()
    print(w, b)
print(opt.state[w])
print(opt.state[w]['step'].dtype)
""",
    "adam_amsgrad_decay": W
    + """
opt = torch.optim.Adam([w, b], lr=0.05, amsgrad=True, weight_decay=0.1, betas=(0.5, 0.9))
for _ in range(4):
    opt.zero_grad()
    loss_fn().backward()
    opt.step()
print(w, b)
print(sorted(opt.state[b]))
""",
    "adamw_steps": W
    + """
opt = torch.optim.AdamW([w, b], lr=0.1, weight_decay=0.5)
for _ in range(3):
    opt.zero_grad()
    loss_fn().backward()
    opt.step()
print(w, b)
""",
    "state_dict": W
    + """
opt = torch.optim.SGD([w, b], lr=0.01, momentum=0.9)
loss_fn().backward()
opt.step()
sd = opt.state_dict()
print(sd)
opt2 = torch.optim.SGD([w, b], lr=0.5, momentum=0.1)
opt2.load_state_dict(sd)
print(opt2)
print(opt2.state[b])
""",
    "zero_grad": W
    + """
opt = torch.optim.SGD([w, b], lr=0.1)
loss_fn().backward()
print(w.grad)
opt.zero_grad()
print(w.grad, b.grad)
loss_fn().backward()
opt.zero_grad(set_to_none=False)
print(w.grad, b.grad)
""",
    "grad_none_skipped": W
    + """
opt = torch.optim.Adam([w, b], lr=0.1)
(w * 2).sum().backward()
opt.step()
print(w, b, b in opt.state, len(opt.state))
""",
    "closure": W
    + """
opt = torch.optim.SGD([w, b], lr=0.01)
def closure():
    opt.zero_grad()
    loss = loss_fn()
    loss.backward()
    return loss
print(opt.step(closure))
print(w)
""",
    "step_is_not_recorded": W
    + """
opt = torch.optim.SGD([w], lr=0.1)
loss_fn().backward()
opt.step()
print(w.grad_fn, w.is_leaf, w.requires_grad, w._version)
""",
    "step_bumps_version": W
    + """
opt = torch.optim.SGD([w], lr=0.1)
loss = (w * w).sum()
loss.backward(retain_graph=True)
opt.step()
loss.backward()
""",
    "module_parameters": """
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU(), torch.nn.Linear(2, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
print(len(opt.param_groups[0]['params']))
x = torch.tensor([[1.0, 2.0], [-1.0, 0.5]])
for _ in range(3):
    opt.zero_grad()
    loss = (model(x) ** 2).mean()
    loss.backward()
    opt.step()
print(loss, model[2].weight)
""",
    "err_lr": W + "torch.optim.SGD([w], lr=-1)",
    "err_momentum": W + "torch.optim.SGD([w], momentum=-0.5)",
    "err_weight_decay": W + "torch.optim.SGD([w], weight_decay=-1)",
    "err_nesterov": W + "torch.optim.SGD([w], lr=0.1, nesterov=True)",
    "err_nesterov_dampening": W + "torch.optim.SGD([w], lr=0.1, momentum=0.9, dampening=0.1, "
    "nesterov=True)",
    "err_adam_lr": W + "torch.optim.Adam([w], lr=-0.1)",
    "err_adam_eps": W + "torch.optim.Adam([w], eps=-1)",
    "err_adam_beta0": W + "torch.optim.Adam([w], betas=(1.0, 0.9))",
    "err_adam_beta1": W + "torch.optim.Adam([w], betas=(0.9, -0.1))",
    "err_adam_wd": W + "torch.optim.Adam([w], weight_decay=-1)",
    "err_empty": "torch.optim.SGD([], lr=0.1)",
    "err_single_tensor": W + "torch.optim.SGD(w, lr=0.1)",
    "err_non_leaf": W + "torch.optim.SGD([w * 2], lr=0.1)",
    "err_not_tensor": "torch.optim.SGD([1.0], lr=0.1)",
    "err_twice": W + "torch.optim.SGD([{'params': [w]}, {'params': [w]}], lr=0.1)",
    "warn_duplicate": W + "print(len(torch.optim.SGD([w, w], lr=0.1).param_groups[0]['params']))",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    assert_same_as_torch(SNIPPETS[name])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_adam_state_matches_torch(dtype):
    """Adam's two running averages and its step count, after several steps."""
    rng = np.random.default_rng(3)
    start = rng.standard_normal(5).astype(dtype)
    target = rng.standard_normal(5).astype(dtype)
    results = []
    for lib in (torch, minigrad):
        p = lib.nn.Parameter(lib.tensor(start))
        opt = lib.optim.Adam([p], lr=0.05, amsgrad=True)
        for _ in range(6):
            opt.zero_grad()
            ((p - lib.tensor(target)) ** 4).sum().backward()
            opt.step()
        state = opt.state[p]
        results.append({k: v.detach().numpy().copy() for k, v in state.items()})
        results[-1]["param"] = p.detach().numpy().copy()
    theirs, mine = results
    assert list(mine) == list(theirs)
    tol = 1e-12 if dtype == "float64" else 1e-5
    for key in theirs:
        assert mine[key].dtype == theirs[key].dtype
        np.testing.assert_allclose(mine[key], theirs[key], rtol=tol, atol=tol, err_msg=key)
