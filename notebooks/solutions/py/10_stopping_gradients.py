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

# %%
x1 = torch.tensor(2.0, requires_grad=True)
(torch.add(x1, 1) * torch.add(x1, 2).detach()).backward()
assert passes("stopping.1", x1.grad)  # only the path through a: dy/da = b = 4

x2 = torch.ones(1, requires_grad=True)
y2 = 3 * x2
y2.data *= 10
(y2 * 2).backward()
assert passes("stopping.2", x2.grad)  # the recorded ops are ×3 and ×2: 6
assert passes("stopping.3", {"A", "B", "D", "E"})  # eval() changes layers, not autograd

# %%
all_solutions_pass()  # prints one line, in the course's language
