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
# # Solutions: 7. Jacobians
#
# Worked solutions to the exercises of [the lesson](../07_jacobians.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# Row $i$ of $J$ holds the derivatives of output $g_i$. For $g_1 = x_1 x_2$:
# $\partial g_1/\partial x_1 = x_2 = 5$ and $\partial g_1/\partial x_2 = x_1 = 2$. For
# $g_2 = x_1 + x_2$ both derivatives are 1. So $J = ((5, 2), (1, 1))$, and
# `torch.autograd.functional.jacobian` agrees.

# %%
def g(x):
    return torch.stack([x[0] * x[1], x[0] + x[1]])


J = torch.autograd.functional.jacobian(g, torch.tensor([2.0, 5.0]))
print(J)
assert passes("jacobian.1", J)

# %% [markdown]
# ## Exercise 2
#
# `y.backward(v)` computes $v^\top J$: the rows of $J$ added with the weights in $v$.
# To get the second row alone, weight it 1 and the first row 0: a one-hot
# `v = [[0, 1]]`. With $J = ((4, 3), (2, 6))$ at $x = (2, 3)$, $v^\top J = (2, 6)$.

# %%
x = torch.tensor([[2.0, 3.0]], requires_grad=True)
y = torch.stack([x[0, 0] ** 2 + 3 * x[0, 1], x[0, 1] ** 2 + 2 * x[0, 0]]).reshape(1, 2)
v = [[0.0, 1.0]]
y.backward(torch.tensor(v))
print(x.grad)
assert passes("jacobian.2", v)

# %%
all_solutions_pass()  # prints one line, in the course's language
