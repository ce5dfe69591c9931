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
# # Solutions: 13. Putting it together: training a model
#
# Worked solutions to the exercises of [the lesson](../13_training_a_model.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
from minigrad import nn
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# `Linear(a, b)` holds a weight of shape `[b, a]` and a bias of `b` numbers.
# `Linear(2, 8)`: $16 + 8 = 24$. `Tanh` learns nothing. `Linear(8, 3)`: $24 + 3 = 27$.
# In all, $24 + 27 = 51$.

# %%
model_1 = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 3))
print([tuple(p.shape) for p in model_1.parameters()])
assert passes("training.1", sum(p.numel() for p in model_1.parameters()))

# %% [markdown]
# ## Exercise 2
#
# `backward()` adds into `.grad`. The three passes start from the same parameters, so
# each one adds the same gradient: `.grad` ends up three times the gradient of one
# pass. The cell below counts it.

# %%
import minigrad as torch

w = torch.tensor([1.0, -2.0], requires_grad=True)
x = torch.tensor([0.5, 3.0])
for _ in range(3):  # no zero_grad(), no update
    ((w * x).sum() ** 2).backward()
(once,) = torch.autograd.grad((w * x).sum() ** 2, w)
print(w.grad / once)
assert passes("training.2", round((w.grad / once)[0].item()))

# %% [markdown]
# ## Exercise 3
#
# In the loop, `zero_grad()` runs between `backward()` and `step()`: it erases the
# gradient that `backward()` has just computed, so `step()` finds nothing to follow and
# `w` never moves. Clear the gradient *before* `backward()` (at the top of the loop), or
# after `step()`.

# %%
def train(torch):
    torch.manual_seed(0)
    x = torch.randn(20)
    y = 3 * x
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    losses = []
    for _ in range(20):
        optimizer.zero_grad()  # clear the old gradient *before* computing the new one
        loss = ((w * x - y) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


print(train(torch)[::5])
assert passes("training.3", train)

# %% [markdown]
# ## Exercise 4
#
# `nn.Linear(5, 2).weight` has shape `[2, 5]` (outputs × inputs), so one example's
# gradient has that shape too. `vmap` runs `grad(loss_one)` once per example and stacks
# the results along a new first dimension, one entry per example: `[8, 2, 5]`.

# %%
torch.manual_seed(0)
lin4 = nn.Linear(5, 2)
xs4, ys4 = torch.randn(8, 5), torch.randn(8, 2)
params4 = {name: p.detach() for name, p in lin4.named_parameters()}


def loss_one4(params, x, y):
    pred = torch.func.functional_call(lin4, params, (x.unsqueeze(0),))
    return ((pred - y) ** 2).mean()


grads4 = torch.func.vmap(torch.func.grad(loss_one4), in_dims=(None, 0, 0))(params4, xs4, ys4)
print(grads4["weight"].shape)
assert passes("training.4", list(grads4["weight"].shape))

# %%
all_solutions_pass()  # prints one line, in the course's language
