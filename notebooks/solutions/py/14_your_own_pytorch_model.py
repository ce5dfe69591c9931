# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py//py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Solutions: 14. Your own PyTorch model
#
# Each solution is checked with the same judge as the exercise, in the
# [lesson](../14_your_own_pytorch_model.ipynb).

# %%
import torch
from torch import nn

from minigrad import explain, widgets
from minigrad.lessons import all_solutions_pass, passes

_ = torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
x = torch.tensor([[1.0, 2.0], [0.5, -1.0]])
loss = model(x).pow(2).mean()

# %% [markdown]
# ## Exercise 1
#
# The stepper's steps are the nodes torch's engine ran; one `AccumulateGrad` per
# parameter: two weights and two biases.

# %%
steps = widgets.BackwardStepper(loss).steps
answer_1 = sum(step.name.endswith("AccumulateGrad") for step in steps)
print(answer_1)
assert passes("pytorch.1", answer_1)

# %% [markdown]
# ## Exercise 2
#
# `h` was computed by the first layer: it has a `grad_fn`, so it is not a leaf, and
# backward does not keep its gradient unless `h.retain_grad()` was called.

# %%
h = model[0](x)
out = model[2](torch.tanh(h)).sum()
out.backward()
answer_2 = explain(h).cause
print(answer_2)
assert passes("pytorch.2", answer_2)

# %% [markdown]
# ## Exercise 3
#
# `torch.ones(3, requires_grad=True) * 2` is the output of a multiplication, so `w` is
# not a leaf (`explain(w)` says so). Create the leaf with its value directly.


# %%
def grads(torch):
    x = torch.tensor([1.0, 2.0, 3.0])
    w = torch.full((3,), 2.0, requires_grad=True)  # a leaf holding 2.0
    loss = (w * x).sum()
    loss.backward()
    return w.grad


print(grads(torch))
assert passes("pytorch.3", grads)

# %%
all_solutions_pass()
