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
# # Solutions: 6. Backward from a non-scalar output
#
# Worked solutions to the exercises of [the lesson](../06_non_scalar_outputs.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# `backward(v)` computes $v^\top J$. Here $y_i = x_i^3$ depends on $x_i$ only, so $J$ is
# diagonal with $3x_i^2$ on its diagonal, and $v^\top J$ multiplies each $3x_i^2$ by
# $v_i$: $(3 \cdot 1^2 \cdot 1,\ 3 \cdot 2^2 \cdot 0,\ 3 \cdot 3^2 \cdot (-1)) = (3, 0, -27)$.

# %%
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(x**3).backward(torch.tensor([1.0, 0.0, -1.0]))
print(x.grad)
assert passes("nonscalar.1", x.grad)

# %% [markdown]
# ## Exercise 2
#
# `z = (2 * x).view(2, 2)` only arranges the four values $2x_k$ in a square, so
# $\partial(\sum v_{ij} z_{ij}) / \partial x_k = 2 v_k$, with $v$ read in the order of
# `z`. For `x.grad` to be `[2, 2, 2, 2]`, every $v_k$ must be 1: `v = [[1, 1], [1, 1]]`.

# %%
v = [[1.0, 1.0], [1.0, 1.0]]
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
(2 * x).view(2, 2).backward(torch.tensor(v))
print(x.grad)
assert passes("nonscalar.2", v)

# %% [markdown]
# ## Exercise 3
#
# `x @ w + b` is `[5, 3]`: `b` is used once in each of the 5 rows. The loss is a sum,
# so each output sends back 1, and the 5 uses of each element of `b` add up to 5.
# `b.grad` has `b`'s shape, `[3]`.

# %%
import minigrad as torch

x = torch.ones(5, 2)
w = torch.ones(2, 3, requires_grad=True)
b = torch.zeros(3, requires_grad=True)
(x @ w + b).sum().backward()
print(b.grad)
assert passes("nonscalar.3", b.grad)

# %%
all_solutions_pass()  # prints one line, in the course's language
