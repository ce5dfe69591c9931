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
# # Solutions: 9. Higher-order derivatives
#
# Worked solutions to the exercises of [the lesson](../09_higher_order.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# First differentiate $z = x^2 y$ with respect to $x$: $\partial z / \partial x = 2xy$.
# `create_graph=True` records that computation, so that it can be differentiated
# again, now with respect to $y$: $\partial(2xy) / \partial y = 2x = 4$ at $x = 2$.

# %%
x1 = torch.tensor(2.0, requires_grad=True)
y1 = torch.tensor(3.0, requires_grad=True)
(dz_dx,) = torch.autograd.grad(x1 * x1 * y1, x1, create_graph=True)
(d2z_dxdy,) = torch.autograd.grad(dz_dx, y1)
print(dz_dx, d2z_dxdy)
assert passes("higher.1", d2z_dxdy)

# %% [markdown]
# ## Exercise 2
#
# `s.backward(create_graph=True)` puts $3x^2 = 12$ into `x.grad`, and that `x.grad` has
# a graph. `x.grad.backward()` differentiates $3x^2$ again, $6x = 12$, and *adds* it to
# `x.grad`, which still holds 12 (nothing cleared it): $12 + 12 = 24$.

# %%
x2 = torch.tensor(2.0, requires_grad=True)
(x2**3).backward(create_graph=True)
print(x2.grad)
x2.grad.backward()
print(x2.grad)
assert passes("higher.2", x2.grad)

# %% [markdown]
# ## Exercise 3
#
# (a) The second `loss.backward()` walks the same graph, so the first must not free
# its saved tensors: `retain_graph=True`. Nothing differentiates a gradient, so nothing
# more is needed. (b) A gradient penalty differentiates the gradient, so the backward
# pass itself must be recorded as a graph: `create_graph=True` (which keeps the graph
# too, since `retain_graph` defaults to `create_graph`).

# %%
w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w**3).sum()
loss.backward(retain_graph=True)  # (a)
loss.backward()  # the same graph again: the gradients add up
print(w.grad)
u = torch.tensor([1.0, 2.0], requires_grad=True)
(grad_u,) = torch.autograd.grad((u**3).sum(), u, create_graph=True)  # (b)
(grad_u**2).sum().backward()  # the gradient of the penalty ‖∂L/∂u‖²
print(u.grad)
assert passes("higher.3", ("retain_graph", "create_graph"))

# %%
all_solutions_pass()  # prints one line, in the course's language
