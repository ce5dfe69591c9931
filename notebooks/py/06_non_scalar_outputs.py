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
# # 6. Backward from a non-scalar output
#
# *Rebuilds textbook §2.5.4 (backward from a non-scalar output).*
#
# **Sources:** textbook §2.5.4; the article on `torch.autograd.grad` (its
# `y.backward(torch.ones_like(x))` and `grad_outputs`); PyTorch's autograd tutorial
# (the `gradient` argument and vector-Jacobian products); PyTorch's "Broadcasting
# semantics" notes.
#
# **What you will learn**
#
# - why `y.backward()` refuses a `y` with several elements, and what the `gradient`
#   argument of `backward(gradient=None, retain_graph=None, create_graph=False, inputs=None)` is for;
# - that `backward()` computes only **vector-Jacobian products** $v^\top J$, never the
#   Jacobian itself;
# - why `y.sum().backward()`, `y.backward(torch.ones_like(y))` and
#   `autograd.grad(y, x, grad_outputs=torch.ones_like(y))` give the same result;
# - a weighted example with `view`, where `v` weights each output differently;
# - why broadcasting *sums* gradients: a bias added to a batch gets the sum over the batch.

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible
# Some cells below fail on purpose: show just the error, not the code it came through
# %xmode Minimal

# %% [markdown]
# ## Only a scalar can start a backward pass on its own
#
# Claim: `backward()` only ever computes $v^\top J$, the gradient of one *scalar*
# $v \cdot y$ with respect to the inputs. For a scalar output the start value
# $\partial y/\partial y = 1$ is obvious, so `backward()` needs no argument. A loss is
# almost always a scalar, but not every target is: the textbook's example is Deep
# Dream, which pushes up a whole map of activations, a tensor of many elements. For a
# vector output the start value is not obvious:

# %% tags=["raises-exception"]
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x + 1

y.backward()
print(x.grad)

# %% [markdown]
# ## Turn the vector into a scalar
#
# The simplest fix is to sum. With $y = (x_1^2, x_2^2)$ and $y' = y_1 + y_2$:
#
# $$\frac{\partial y'}{\partial x_1} = 2x_1 \to 2, \qquad \frac{\partial y'}{\partial x_2} = 2x_2 \to 4 .$$

# %%
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x * x

y.sum().backward()
print(x.grad)

# %% [markdown]
# ## What `gradient` means: $v^\top J$
#
# For $y = f(x)$ with $x \in \mathbb{R}^n$ and $y \in \mathbb{R}^m$, all the derivatives
# form the **Jacobian** matrix $J_{ij} = \partial y_i / \partial x_j$ ($m$ rows, $n$
# columns). For $y = x \odot x$:
#
# $$J = \begin{pmatrix} \frac{\partial y_1}{\partial x_1} & \frac{\partial y_1}{\partial x_2} \\
#                       \frac{\partial y_2}{\partial x_1} & \frac{\partial y_2}{\partial x_2} \end{pmatrix}
#     = \begin{pmatrix} 2x_1 & 0 \\ 0 & 2x_2 \end{pmatrix}.$$
#
# Claim: `y.backward(v)` computes $v^\top J$, the gradient of the scalar
# $v \cdot y = \sum_i v_i y_i$. The vector `v` must have the shape of `y`. With
# $v = (1, 1)$ that is exactly the gradient of `y.sum()`, and here, because the
# off-diagonal entries are 0, it is the diagonal $(\partial y_1/\partial x_1,
# \partial y_2/\partial x_2)$ we wanted:

# %%
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x * x

y.backward(torch.ones_like(y))  # v has y's shape
print(x.grad)

# %% [markdown]
# `autograd.grad` takes the same vector as `grad_outputs`, or you sum first:

# %%
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x * x

grad_x = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=torch.ones_like(y))
print(grad_x[0])

# %%
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x * x

grad_x = torch.autograd.grad(outputs=y.sum(), inputs=x)
print(grad_x[0])

# %% [markdown]
# In the gradient-flow picture of `y.sum()`, `SumBackward0` turns the single number 1
# into a tensor of ones shaped like `y`: summing *is* multiplying by
# $v = (1, \dots, 1)$.

# %%
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x * x
s = y.sum()
with viz.record() as rec:  # watch the backward pass, to label the edges
    s.backward()
viz.draw_backward(s, recording=rec)

# %% [markdown]
# Why vector-Jacobian products and not Jacobians? A loss is a scalar, so what training
# needs is one row of weights through the whole chain: $v^\top J_k \cdots J_2 J_1$,
# computed from the left, one small product per operation, never building any $J_i$.
# That is what each `grad_fn` does: it receives $v$ for its output and returns
# $v^\top J$ for each input.
#
# Move the sliders to choose $v$ and watch `x.grad` $= v^\top J$ change: it is
# $(2x_1 v_1,\; 2x_2 v_2)$ for this `y`.

# %% tags=["nbval-ignore-output"]
import ipywidgets


def vjp(v1=1.0, v2=1.0):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * x
    y.backward(torch.tensor([v1, v2]))
    print("v =", [v1, v2], "  x.grad = vᵀJ =", x.grad)


ipywidgets.interactive(vjp, v1=(-2.0, 2.0, 0.5), v2=(-2.0, 2.0, 0.5))

# %% [markdown]
# ## A weighted example with `view`
#
# Claim: `v` can weight every output differently, and the result always has the shape
# of the input, whatever shape the output has. Here `z` is a 2×2 *view* of a vector
# of 4, so `v` is 2×2 and `x.grad` has 4 entries: $\partial(\sum v_{ij} z_{ij})/\partial x_k
# = 2 v_k$.

# %%
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = 2 * x
z = y.view(2, 2)
print(z)
v = torch.tensor([[1.0, 0.1], [0.01, 0.001]], dtype=torch.float)
with viz.record() as rec:
    z.backward(v)
print(x.grad)

# %% [markdown]
# `ViewBackward0` only reshapes the incoming 2×2 gradient back into the shape of `y`:

# %%
viz.draw_backward(z, recording=rec)

# %% [markdown]
# A `gradient` of the wrong shape is refused, even one that could be broadcast:

# %% tags=["raises-exception"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
y.backward(torch.ones(1))

# %% [markdown]
# > **The book and PyTorch 2.13.** §2.5.1 (point 5) of the textbook says the
# > `gradient` may also have a shape that *broadcasts* to `y`'s. PyTorch 2.13 refuses
# > that, as the cell above shows: `gradient` must have exactly `y`'s shape. The book
# > also writes the product as "the Jacobian times $v^\top$"; what `backward(v)`
# > computes is $v^\top J$ (a row vector times $J$), the transpose of $J^\top v$.
#
# For a scalar output the default is `gradient = torch.tensor(1.)`:
# `out.backward()` and `out.backward(torch.tensor(1.))` are the same call.

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * x).sum().backward(torch.tensor(1.0))
print(x.grad)

# %% [markdown]
# ## Broadcasting sums gradients
#
# Adding a bias `b` of shape `[3]` to a batch `x @ w` of shape `[4, 3]` *broadcasts* `b`:
# the same three numbers are used in each of the 4 rows. Each use sends a gradient back,
# and the uses add up, as at any fan-out (lesson 4): `b.grad` is the incoming gradient
# summed over the batch dimension, and it has `b`'s shape.

# %%
x = torch.ones(4, 2)  # a batch of 4 inputs, all ones
w = torch.randn(2, 3, requires_grad=True)
b = torch.zeros(3, requires_grad=True)
out = x @ w + b  # b is broadcast to [4, 3]
v = torch.arange(12.0).reshape(4, 3)  # a different weight for every output
with viz.record() as rec:
    out.backward(v)
print(b.grad)
print(v.sum(0))  # the same: v summed over the batch
print(w.grad)  # x is all ones: both rows are v.sum(0) too

# %%
viz.draw_backward(out, names={x: "x", w: "w", b: "b", out: "out"}, recording=rec)

# %% [markdown]
# In the picture, the `[4, 3]` gradient reaches `AddBackward0`, and the edge into
# `b`'s `AccumulateGrad` carries only `[3]` numbers: the engine summed over the rows
# that broadcasting had added. `w.grad` $= x^\top v$; with `x` all ones, each of its
# rows is the column sum of `v`, so the rows are identical (lesson 3's `w.grad` had
# identical rows for the same reason).

# %% [markdown]
# ## Same code, real PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    z = (2 * x).view(2, 2)
    z.backward(torch.tensor([[1.0, 0.1], [0.01, 0.001]]))
    print(z, x.grad, sep="\n")
    (x + 1).backward()


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# - `backward()` without arguments needs a scalar output.
# - `y.backward(v)` computes $v^\top J$, the gradient of $\sum_i v_i y_i$; `v` has the
#   shape of `y`, the result the shape of `x`.
# - `y.sum().backward()` is the same as `y.backward(torch.ones_like(y))`.
# - A tensor broadcast in the forward pass gets the gradient summed over the
#   broadcast dimensions: its `.grad` always has its own shape.
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** `x = torch.tensor([1., 2., 3.], requires_grad=True)`, `y = x ** 3`.
# What is `x.grad` after `y.backward(torch.tensor([1., 0., -1.]))`? Give a list of
# three numbers.

# %%
answer_1 = ...  # e.g. [0.0, 0.0, 0.0]

check("nonscalar.1", answer_1)

# %% [markdown]
# **Exercise 2.** Choose `v` so that, for the `view` example above, `x.grad` becomes
# `[2., 2., 2., 2.]`. Give `v` as a nested list with the shape of `z`, the 2×2 view.

# %%
answer_2 = ...  # e.g. [[0.0, 0.0], [0.0, 0.0]]

check("nonscalar.2", answer_2)

# %% [markdown]
# **Exercise 3.** `x = torch.ones(5, 2)`, `w = torch.ones(2, 3, requires_grad=True)`,
# `b = torch.zeros(3, requires_grad=True)` and `loss = (x @ w + b).sum()`. Predict
# `b.grad` after `loss.backward()`: its shape and its values. Give a list.

# %%
answer_3 = ...  # e.g. [0.0, 0.0]

check("nonscalar.3", answer_3)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/06_non_scalar_outputs.ipynb) notebook. Open it after you have tried.
