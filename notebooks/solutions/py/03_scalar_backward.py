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
# # Solutions: 3. Backward from a scalar
#
# Worked solutions to the exercises of [the lesson](../03_scalar_backward.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# $dy/dx = (x + 2) + (x + 1)$: one term per path. At $x = -1$ that is $1 + 0 = 1$.

# %%
x1 = torch.tensor(-1.0, requires_grad=True)
((x1 + 1) * (x1 + 2)).backward()
print(x1.grad)
assert passes("scalar.1", x1.grad)

# %% [markdown]
# ## Exercise 2
#
# Three paths meet at `x`, each bringing $x^2$: together $3x^2 = 27$.

# %%
x2 = torch.tensor(3.0, requires_grad=True)
(x2 * x2 * x2).backward()
print(x2.grad)
assert passes("scalar.2", x2.grad)

# %% [markdown]
# ## Exercise 3
#
# `y.retain_grad()`, called on `y` before `backward()`: it asks this non-leaf to keep
# its gradient. (`z.retain_grad()` would keep `z`'s, not `y`'s.)

# %%
x = torch.Tensor([2])
w = torch.tensor([0.5], requires_grad=True)
b = torch.tensor([1.0], requires_grad=True)
y = w * x
y.retain_grad()  # before backward()
z = y + b
z.backward()
print(y.grad)
assert passes("scalar.3", "y.retain_grad()")

# %%
all_solutions_pass()  # prints one line, in the course's language
