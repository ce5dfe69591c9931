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
# # Solutions: 10. Stopping gradients
#
# Worked solutions to the exercises of [the lesson](../10_stopping_gradients.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# With `b` detached, only the path through `a = x + 1` is left:
# $\partial y/\partial x = b \cdot \partial a/\partial x = x + 2 = 4$.

# %%
x1 = torch.tensor(2.0, requires_grad=True)
(torch.add(x1, 1) * torch.add(x1, 2).detach()).backward()
print(x1.grad)
assert passes("stopping.1", x1.grad)

# %% [markdown]
# ## Exercise 2
#
# `no_grad`, `inference_mode`, and a detached input with frozen parameters all leave
# nothing that requires grad, so nothing is recorded. `model.eval()` only changes how
# layers such as Dropout behave: (C) is the odd one out.

# %%
assert passes("stopping.2", {"A", "B", "D", "E"})

# %% [markdown]
# ## Exercise 3
#
# `log` must never see $x \le 0$, even in the branch that `where` throws away:
# replace those inputs by a safe value (1, whose log is 0) before taking the log. Then
# the unused branch's slope is finite, and 0 times it is 0.

# %%
def f(x):
    safe = torch.where(x > 0, x, 1.0)
    return torch.where(x > 0, safe.log(), 0.0)


x3 = torch.tensor([-1.0, 0.0, 0.5, 2.0], requires_grad=True)
f(x3).sum().backward()
print(x3.grad)
assert passes("stopping.3", f)

# %%
all_solutions_pass()  # prints one line, in the course's language
