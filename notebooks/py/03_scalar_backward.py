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
# # 3. Backward from a scalar
#
# *Rebuilds textbook §2.5.3 (scalar backward) with figures 2-9 (the forward graph) and 2-10 (gradient flow).*
#
# **Sources:** textbook §2.5.3; the `w`, `b` network is the one of PyTorch's autograd
# tutorial (its Chinese translation).
#
# **What you will learn**
#
# - what `backward()` does: it walks the graph from the output back to the leaves,
#   applying the chain rule at every operation, and *adds* each leaf's gradient into
#   its `.grad`;
# - how to read the two pictures of one computation: the **forward** graph and the
#   **gradient flow**;
# - the chain rule written out for `y = (x+1)*(x+2)`, where the gradient reaches `x`
#   along two paths;
# - why `.grad` of a non-leaf is `None` (with a warning), and how `retain_grad()`
#   keeps it.

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible

# %% [markdown]
# ## `z = w*x + b`, forward
#
# Claim: the forward pass computes values *and* records the graph. Here `x`, `w`, `b`
# are scalars (tensors with one element); `x` is input data, `w` and `b` are parameters.

# %%
x = torch.Tensor([2])  # input: no gradient needed
w = torch.randn(1, requires_grad=True)  # weight
b = torch.randn(1, requires_grad=True)  # bias
y = torch.mul(w, x)  # y = w * x
z = torch.add(y, b)  # z = y + b
print("x, w, b:", x, w, b)
print("y, z:   ", y, z)

# %% [markdown]
# The forward graph: ellipses are variables (tensors), boxes are operators. `x`, `w`,
# `b` are leaves, `y` and `z` are computed, and `z` is the root.

# %%
viz.draw_forward(z)

# %% [markdown]
# ## `z = w*x + b`, backward
#
# Claim: `z.backward()` needs no argument here because `z` has one element (its shape
# is `[1]`: any one-element tensor counts as a scalar here). It starts with
# $\partial z/\partial z = 1$ at the root and multiplies by one local derivative per
# operation on the way back:
#
# $$\frac{\partial z}{\partial w} = \frac{\partial z}{\partial y}\,\frac{\partial y}{\partial w} = 1 \cdot x = 2,
# \qquad \frac{\partial z}{\partial b} = 1 .$$
#
# `x` does not require grad, so no gradient is computed for it. (We run `backward()`
# inside `viz.record()`, which watches the backward pass so that the picture below can
# show the gradient on every edge; it changes nothing else.)

# %%
with viz.record() as rec:
    z.backward()
print("grads of w, b, x:", w.grad, b.grad, x.grad)

# %% [markdown]
# The gradient flow, drawn on the same layout: the arrows now point the way gradients
# travel, from `z` back to the leaves, and each one is labelled with the gradient it
# carries. The green boxes are `AccumulateGrad`: the step that adds a gradient into a
# leaf's `.grad`.

# %%
viz.draw_backward(z, recording=rec)

# %% [markdown]
# Step through the same backward pass one node at a time. Each click runs the next
# node of the graph and shows what it received and what it passed on.

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import BackwardStepper

torch.manual_seed(0)
x = torch.Tensor([2])
w = torch.randn(1, requires_grad=True)
b = torch.randn(1, requires_grad=True)
z = w * x + b
BackwardStepper(z)

# %% [markdown]
# ## Where the gradients of `y` and `z` went
#
# Claim: after `backward()`, only leaves that require grad keep a `.grad`. The
# intermediate (non-leaf) gradients were needed on the way, then thrown away to save
# memory. Reading `.grad` of a non-leaf gives `None`, and PyTorch warns you, because
# this is usually a mistake.

# %%
torch.manual_seed(0)
x = torch.Tensor([2])
w = torch.randn(1, requires_grad=True)
b = torch.randn(1, requires_grad=True)
y = torch.mul(w, x)
z = torch.add(y, b)
z.backward()
print("grads of y, z:", y.grad, z.grad)

# %% [markdown]
# `minigrad.explain` (a minigrad extra, not part of PyTorch) says in words why a
# `.grad` is `None`:
#
# (It also says that `y.backward()` would now fail: a backward pass frees what the graph
# saved. Lesson 5 explains that; here only the first part matters.)

# %%
import minigrad

print(minigrad.explain(y), end="\n\n")
print(minigrad.explain(x))

# %% [markdown]
# If you *do* want the gradient of an intermediate tensor, call `retain_grad()` on it
# **before** `backward()`. The asserts at the end of the cell check every gradient against the chain rule.

# %%
torch.manual_seed(0)
x = torch.Tensor([2])
w = torch.randn(1, requires_grad=True)
b = torch.randn(1, requires_grad=True)
y = torch.mul(w, x)
y.retain_grad()
z = torch.add(y, b)
z.backward()
print("grad of y:", y.grad, " (dz/dy = 1)")
assert w.grad.item() == x.item()  # dz/dw = x
assert b.grad.item() == 1.0  # dz/db = 1
assert y.grad.item() == 1.0  # dz/dy = 1

# %% [markdown]
# ## `y = (x+1)*(x+2)`: two paths to `x`
#
# Write `a = x + 1`, `b = x + 2` and `y = a * b`. The gradient reaches `x` along two
# paths, one through `a` and one through `b`, and **the contributions add up**:
#
# $$\frac{\partial y}{\partial x} = \frac{\partial y}{\partial a}\frac{\partial a}{\partial x}
#  + \frac{\partial y}{\partial b}\frac{\partial b}{\partial x} = (x+2)\cdot 1 + (x+1)\cdot 1
#  \;\to\; 4 + 3 = 7 \quad (x = 2).$$

# %%
x = torch.tensor(2.0, requires_grad=True)

a = torch.add(x, 1)
b = torch.add(x, 2)
y = torch.mul(a, b)

with viz.record() as rec:
    y.backward()
print(x.grad)

# %% [markdown]
# In the gradient-flow picture you can read the chain rule off the edges. With
# `show="local"` each edge also carries its *local* derivative, next to the gradient
# that flows along it: `MulBackward0` sends $\partial y/\partial a = b = 4$ towards `a`
# and $\partial y/\partial b = a = 3$ towards `b`; both `AddBackward0` nodes pass them on
# unchanged (their local derivative is 1), and `AccumulateGrad` adds $4 + 3$ into `x.grad`.

# %%
viz.draw_backward(y, recording=rec, show="local")

# %% [markdown]
# Only `x` keeps its gradient. `backward()` fills `.grad` only for tensors that are
# leaves **and** require grad (and lie on a path to the output):

# %%
print("requires_grad: ", x.requires_grad, a.requires_grad, b.requires_grad, y.requires_grad)
print("is_leaf: ", x.is_leaf, a.is_leaf, b.is_leaf, y.is_leaf)
print("grad: ", x.grad, a.grad, b.grad, y.grad)

# %% [markdown]
# ## A mean over a matrix
#
# Claim: `backward()` works the same for any scalar at the root, such as the mean of
# a matrix. With $z_i = 3(x_i+2)^2$ and $out = \frac14\sum_i z_i$,
#
# $$\frac{\partial out}{\partial x_i} = \frac14 \cdot 6\,(x_i+2) = \frac32 (x_i + 2) \;\to\; 4.5
# \quad (x_i = 1).$$

# %%
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
out = z.mean()
out.backward()  # the same as out.backward(torch.tensor(1.)), because out is a scalar
print(x.grad)
assert x.grad.tolist() == [[1.5 * (1 + 2)] * 2] * 2

# %% [markdown]
# ## The gradient of a loss
#
# This is what training needs: the gradient of a scalar loss with respect to the
# parameters `w` and `b` of a one-layer network.

# %%
torch.manual_seed(0)
x = torch.ones(5)  # input tensor
y = torch.zeros(3)  # expected output
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
with viz.record() as rec:
    loss.backward()
print(w.grad)
print(b.grad)

# %% [markdown]
# Each gradient has the shape of its tensor: one number per parameter, telling how the
# loss changes when that parameter moves a little. The five rows of `w.grad` are equal
# because `x` is all ones: $\partial L/\partial w_{ij} = x_i \, \partial L/\partial z_j$,
# so every row is `b.grad`.

# %%
viz.draw_backward(loss, recording=rec)

# %% [markdown]
# ## Same code, real PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    torch.manual_seed(0)
    x = torch.Tensor([2])
    w = torch.randn(1, requires_grad=True)
    b = torch.randn(1, requires_grad=True)
    z = w * x + b
    z.backward()
    print(w, b, z)
    print(w.grad, b.grad, x.grad)


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# - `backward()` on a scalar walks the graph from the root to the leaves with the
#   chain rule; where paths meet, the gradients add.
# - It stores gradients only in leaves that require grad; non-leaf `.grad` stays
#   `None` (with a warning) unless you call `retain_grad()` first.
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %% [markdown]
# **Exercise 1.** For `y = (x+1)*(x+2)` at `x = -1`, what is `dy/dx`? Work it out with
# the chain rule above, then check.

# %%
from minigrad.lessons import check

answer_1 = ...  # a number

check("scalar.1", answer_1)

# %% [markdown]
# **Exercise 2.** Let `s = x * x * x` with `x = 3`. What will `x.grad` be after
# `s.backward()`? (Three paths meet at `x`.)

# %%
answer_2 = ...  # a number

check("scalar.2", answer_2)

# %% [markdown]
# **Exercise 3.** In `z = w*x + b` above, which call would have given you `y.grad`
# without a warning? Write the call as a string, e.g. `"y.backward()"`.

# %%
answer_3 = ...  # a string

check("scalar.3", answer_3)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/03_scalar_backward.ipynb) notebook. Open it after you have tried.
