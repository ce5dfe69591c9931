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
# # Solutions: 8. Forward mode and reverse mode
#
# Worked solutions to the exercises of [the lesson](../08_forward_mode.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# A forward-mode pass pushes one direction $v$ through $f$ and gives $Jv$: one column
# of $J$. $f$ has 5 inputs, so $J$ has 5 columns: 5 passes. A reverse-mode pass pulls
# one $v$ back and gives $v^\top J$: one row. $f$ has 2 outputs: 2 passes. Below, a
# function with 5 inputs and 2 outputs, its $J$ built both ways.

# %%
def f(x):
    return torch.stack([x.sum(), (x**2).sum()])


x = torch.arange(1.0, 6.0)
columns = [torch.func.jvp(f, (x,), (e,))[1] for e in torch.eye(5)]  # forward mode
rows = [torch.func.vjp(f, x)[1](e)[0] for e in torch.eye(2)]  # reverse mode
print(torch.stack(columns, dim=1))
print(torch.stack(rows))
assert passes("forward.1", (len(columns), len(rows)))

# %% [markdown]
# ## Exercise 2
#
# Write $a = (a, a')$ and $b = (b, b')$, a value and its slope. The value of the
# quotient is $a / b$. Its slope follows the quotient rule, $(a' b - a b') / b^2$. A
# quick check: with a constant $b = (2, 0)$, the slope is $a' / 2$.

# %%
def dual_div(a, b):
    (a_value, a_slope), (b_value, b_slope) = a, b
    return a_value / b_value, (a_slope * b_value - a_value * b_slope) / b_value**2


print(dual_div((6.0, 1.0), (2.0, 0.0)))
assert passes("forward.2", dual_div)

# %% [markdown]
# ## Exercise 3
#
# One forward pass in direction $v = (1, 1)$: $Jv$ is the sum of the two columns of
# $J = ((3, 2), (1, 1), (4, 0))$, that is $(5, 2, 4)$.

# %%
import minigrad as torch


def f3(x):
    return torch.stack([x[0] * x[1], x[0] + x[1], x[0] ** 2])


value, jv = torch.func.jvp(f3, (torch.tensor([2.0, 3.0]),), (torch.tensor([1.0, 1.0]),))
print(jv)
assert passes("forward.3", jv)

# %% [markdown]
# ## Exercise 4
#
# Twice backward, as lesson 9 does it: the gradient with `create_graph=True`, then the
# gradient of (gradient · v). $H = ((6x_1, 1), (1, 0)) = ((6, 1), (1, 0))$, so
# $Hv = (7, 1)$; `torch.func.hessian` agrees.

# %%
def f4(x):
    return x[0] ** 3 + x[0] * x[1]


x4 = torch.tensor([1.0, 2.0], requires_grad=True)
v4 = torch.tensor([1.0, 1.0])
(g4,) = torch.autograd.grad(f4(x4), x4, create_graph=True)
(hv4,) = torch.autograd.grad(g4, x4, grad_outputs=v4)
print(hv4, torch.func.hessian(f4)(x4.detach()) @ v4)
assert passes("forward.4", hv4)

# %% [markdown]
# ## Exercise 5
#
# $J = ((3, 2), (1, 1), (4, 0))$ at $x = (2, 3)$. Forward: $Jv = (3 \cdot 2 + 2 \cdot 1,\
# 2 + 1,\ 4 \cdot 2) = (8, 3, 8)$, and $u \cdot (Jv) = 8 + 6 - 8 = 6$. Reverse:
# $u^\top J = (3 + 2 - 4,\ 2 + 2 - 0) = (1, 4)$, and $(u^\top J) \cdot v = 2 + 4 = 6$.
# The same number, as the transpose identity says.

# %%
def f3(x):
    return torch.stack([x[0] * x[1], x[0] + x[1], x[0] ** 2])


x5 = torch.tensor([2.0, 3.0])
u5 = torch.tensor([1.0, 2.0, -1.0])
v5 = torch.tensor([2.0, 1.0])
_, jv5 = torch.func.jvp(f3, (x5,), (v5,))
_, pull5 = torch.func.vjp(f3, x5)
(uj5,) = pull5(u5)
print(jv5, uj5, torch.dot(u5, jv5), torch.dot(uj5, v5))
assert passes("forward.5", torch.dot(u5, jv5))
assert passes("forward.5", torch.dot(uj5, v5))

# %%
all_solutions_pass()  # prints one line, in the course's language
