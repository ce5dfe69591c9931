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
# # 7. Jacobians
#
# *Rebuilds the Jacobian example of textbook §2.5.4.*
#
# **Sources:** textbook §2.5.4 (its `y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]` example and its
# rows built with `v = [[1, 0]]` and `[[0, 1]]`); the article on `torch.autograd.grad`
# (its "ones right-multiplies J", corrected below).
#
# **What you will learn**
#
# - how to compute a Jacobian by hand for a small function of two variables;
# - the trap: `y.backward(torch.Tensor([[1, 1]]))` does **not** give the Jacobian but
#   the sum of its rows, `[6, 9]`;
# - how to get the Jacobian row by row with one-hot vectors `v` and
#   `retain_graph=True`, clearing `x.grad` between rows;
# - how to check the result with `torch.autograd.functional.jacobian`.

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible

# %% [markdown]
# ## The function
#
# Two inputs, two outputs:
#
# $$y_1 = x_1^2 + 3x_2, \qquad y_2 = x_2^2 + 2x_1 .$$
#
# We store `x` as a 1×2 tensor and write each output into a 1×2 tensor `y` by indexing.

# %%
x = torch.tensor([[2, 3]], dtype=torch.float, requires_grad=True)  # x1 = 2, x2 = 3
J = torch.zeros(2, 2)  # room for the Jacobian
y = torch.zeros(1, 2)  # the outputs
y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]
print(y)

# %% [markdown]
# Writing into `y[0, 0]` is an in-place operation on `y`; autograd records it as a
# `CopySlices` node (`copy_slices` below), so `y` is connected to `x` through both
# assignments. (Writing into `y` is allowed because `y` does not require grad itself;
# lesson 11 shows that a leaf that requires grad refuses in-place writes.) Reading
# `x[0, 0]` is two `select` operations, one per index:

# %%
viz.draw_forward(y)

# %% [markdown]
# ## By hand
#
# $$J = \begin{pmatrix} \frac{\partial y_1}{\partial x_1} & \frac{\partial y_1}{\partial x_2} \\
#                       \frac{\partial y_2}{\partial x_1} & \frac{\partial y_2}{\partial x_2} \end{pmatrix}
#     = \begin{pmatrix} 2x_1 & 3 \\ 2 & 2x_2 \end{pmatrix}
#     = \begin{pmatrix} 4 & 3 \\ 2 & 6 \end{pmatrix} \quad\text{at } x_1 = 2,\ x_2 = 3 .$$
#
# ## The trap: `[6, 9]`
#
# It is tempting to pass `v = [[1, 1]]` and expect the Jacobian:

# %%
y.backward(torch.Tensor([[1, 1]]))
print(x.grad)

# %% [markdown]
# That is not $J$. Claim (from lesson 6): `backward(v)` computes $v^\top J$, one
# weighted sum of the rows:
#
# $$v^\top J = (1, 1) \begin{pmatrix} 4 & 3 \\ 2 & 6 \end{pmatrix} = (4 + 2,\; 3 + 6) = (6, 9).$$
#
# The mistake is the choice of `v`. A backward pass can only ever give *one* row
# combination; to get the whole matrix, we need one pass per row.
#
# The article on `torch.autograd.grad` says that `torch.ones_like(x)` is the vector
# that *right*-multiplies the Jacobian, $J \cdot \mathbf{1}$. Here that would be
# $(4 + 3,\; 2 + 6) = (7, 8)$, but PyTorch printed $(6, 9)$: the vector multiplies
# from the *left*. In the article's own example, $y = x^2$, $J$ is diagonal and both
# orders give the same numbers, which hides the difference.

# %%
assert x.grad.tolist() == [[4 + 2, 3 + 6]]

# %% [markdown]
# ## Row by row
#
# With $v = (1, 0)$, $v^\top J$ is the first row $\partial y_1/\partial x$; with
# $v = (0, 1)$ it is the second. Two backward passes through the same graph, so the
# first one needs `retain_graph=True`; and since gradients accumulate, `x.grad` must
# be cleared in between.

# %%
x = torch.tensor([[2, 3]], dtype=torch.float, requires_grad=True)
J = torch.zeros(2, 2)
y = torch.zeros(1, 2)
y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]

# the gradient of y1 with respect to x
y.backward(torch.Tensor([[1, 0]]), retain_graph=True)
J[0] = x.grad
# gradients accumulate, so clear x.grad
x.grad = torch.zeros_like(x.grad)
# the gradient of y2 with respect to x
y.backward(torch.Tensor([[0, 1]]))
J[1] = x.grad
# the Jacobian
print(J)

# %% [markdown]
# This matches the matrix we computed by hand. What goes wrong if you forget to clear
# `x.grad`? The second row becomes row 1 + row 2:

# %%
x = torch.tensor([[2, 3]], dtype=torch.float, requires_grad=True)
y = torch.zeros(1, 2)
y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]
y.backward(torch.Tensor([[1, 0]]), retain_graph=True)
print("row 1:", x.grad)
y.backward(torch.Tensor([[0, 1]]))
print("row 2 without clearing:", x.grad)

# %% [markdown]
# ## The same, in a loop, with `autograd.grad`
#
# `autograd.grad` returns the gradient instead of adding it into `x.grad`, so nothing
# needs clearing. One one-hot `v` per output gives one row each:


# %%
def f(x):
    y = torch.zeros(2)
    y[0] = x[0] ** 2 + 3 * x[1]
    y[1] = x[1] ** 2 + 2 * x[0]
    return y


x = torch.tensor([2.0, 3.0], requires_grad=True)
y = f(x)
J = torch.zeros(2, 2)
for i in range(2):
    v = torch.zeros(2)
    v[i] = 1.0  # one-hot: pick output i
    (row,) = torch.autograd.grad(y, x, grad_outputs=v, retain_graph=True)
    J[i] = row
print(J)

# %% [markdown]
# ## A check: `torch.autograd.functional.jacobian`
#
# PyTorch has this loop built in. It calls `f` once and does one backward pass per
# output element. (Write `torch.autograd.functional.jacobian` in full: a
# `from torch.autograd... import` line would import real PyTorch, not minigrad.)

# %%
jacobian = torch.autograd.functional.jacobian

print(jacobian(f, torch.tensor([2.0, 3.0])))

# %% [markdown]
# ## Explore
#
# The explorer shows $J$ at $x = (2, 3)$. Choose $v$ with its controls: the product
# $v^\top J$ is computed by hand next to what `y.backward(v)` really puts in `x.grad`,
# and a one-hot $v$ picks one row. To see $J$ at another point, run the cell again
# with another `x`: the first column follows $2x_1$ (top) and stays 2 (bottom), the
# second stays 3 (top) and follows $2x_2$ (bottom).

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import JacobianExplorer

JacobianExplorer(f, torch.tensor([2.0, 3.0]))

# %% [markdown]
# ## Same code, real PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor([[2, 3]], dtype=torch.float, requires_grad=True)
    J = torch.zeros(2, 2)
    y = torch.zeros(1, 2)
    y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
    y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]
    print(y)
    y.backward(torch.Tensor([[1, 0]]), retain_graph=True)
    J[0] = x.grad
    x.grad = torch.zeros_like(x.grad)
    y.backward(torch.Tensor([[0, 1]]))
    J[1] = x.grad
    print(J)


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# - One backward pass gives one vector-Jacobian product $v^\top J$, never $J$.
# - `v = ones` gives the sum of the rows of $J$ (`[6, 9]` here), not the Jacobian.
# - One-hot `v`s give the rows: keep the graph with `retain_graph=True` and clear
#   `x.grad` between passes (or use `autograd.grad`, which does not accumulate).
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** Compute by hand the Jacobian of $g(x) = (x_1 x_2,\; x_1 + x_2)$ at
# $x = (2, 5)$, as a nested list `[[., .], [., .]]`.

# %%
answer_1 = ...  # [[dg1/dx1, dg1/dx2], [dg2/dx1, dg2/dx2]]

check("jacobian.1", answer_1)

# %% [markdown]
# **Exercise 2.** For the first function at $x = (2, 3)$, which `v` makes
# `y.backward(v)` give `x.grad == [[2., 6.]]`, the second row of $J$? Give a 1×2
# nested list.

# %%
answer_2 = ...  # e.g. [[1, 1]]

check("jacobian.2", answer_2)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/07_jacobians.ipynb) notebook. Open it after you have tried.
