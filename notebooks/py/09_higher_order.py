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
# # 9. Higher-order derivatives
#
# *Goes beyond textbook §2.5: derivatives of derivatives, the `create_graph` argument of §2.5.4's `backward()`.*
#
# **Sources:** textbook §2.5.1 (point 6, `create_graph`); the article on
# `torch.autograd.grad` (its second derivative of `z = x * x * y`, and the 18 instead of
# 6); PyTorch's `torch.func` tutorial (the Hessian-vector product).
#
# **What you will learn**
#
# - that a gradient is normally a plain number with no graph behind it, so you
#   cannot differentiate it again;
# - what `create_graph=True` does: the backward pass itself is recorded as a graph,
#   and the gradient becomes a function you can differentiate;
# - four ways to get $\partial^2 z/\partial x^2$ for $z = x^2 y$, and the one that gives
#   **18** instead of **6** (and its fix);
# - a Hessian, with `torch.autograd.functional.hessian` as a check.

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible
# Some cells below fail on purpose: show just the error, not the code it came through
# %xmode Minimal

# %% [markdown]
# ## The function
#
# $$z = x^2 y, \qquad \frac{\partial z}{\partial x} = 2xy \to 12, \qquad
# \frac{\partial z}{\partial y} = x^2 \to 4, \qquad \frac{\partial^2 z}{\partial x^2} = 2y \to 6
# \qquad (x = 2,\ y = 3).$$
#
# ## A gradient has no graph of its own
#
# Claim: `retain_graph=True` keeps the graph of `z`, but the gradient it returns is a
# constant: how it was computed is not recorded. Differentiating it again fails.

# %% tags=["raises-exception"]
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x, retain_graph=True)
grad_xx = torch.autograd.grad(outputs=grad_x, inputs=x)

print(grad_xx[0])

# %%
print(grad_x)

# %% [markdown]
# No `grad_fn` on `tensor(12.)`: nothing to go back through.
#
# ## `create_graph=True`
#
# Claim: with `create_graph=True` the backward pass is recorded like any forward
# computation. The gradient $2xy$ then has a `grad_fn` and a graph made of the
# operations the backward pass used, and we can differentiate it again.

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x, create_graph=True)
print(grad_x)
grad_xx = torch.autograd.grad(outputs=grad_x, inputs=x)

print(grad_xx[0])

# %% [markdown]
# Here is the graph behind `grad_x[0]`: the operations that the backward functions
# of `z = x * x * y` performed, with `x` and `y` as leaves. The constant 1.0 is the
# starting gradient $\partial z/\partial z$. The backward of `(x*x) * y` multiplied it
# by `y` (giving 3); the backward of `x * x` multiplied that by `x` once per path, and
# the two paths were added: $3 \cdot 2 + 3 \cdot 2 = 2xy = 12$.

# %%
viz.draw_forward(grad_x[0], names={x: "x", y: "y"})

# %% [markdown]
# ## Three more ways to get 6
#
# The second derivative can also be started with `backward()`, from the gradient:

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad = torch.autograd.grad(outputs=z, inputs=x, create_graph=True)
grad[0].backward()

print(x.grad)

# %% [markdown]
# Or the first derivative comes from `backward(create_graph=True)`, which stores a
# `x.grad` that has a graph, and `autograd.grad` differentiates it. (PyTorch warns
# that `backward()` with `create_graph=True` creates a reference cycle between a
# parameter and its gradient; it is harmless here.)

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

z.backward(create_graph=True)
grad_xx = torch.autograd.grad(outputs=x.grad, inputs=x)

print(grad_xx[0])

# %% [markdown]
# ## The trap: 18 instead of 6
#
# Why not `backward()` twice? Try it:

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

z.backward(create_graph=True)  # x.grad = 12
x.grad.backward()

print(x.grad)

# %% [markdown]
# Claim: the second `backward()` **adds** $\partial^2 z/\partial x^2 = 6$ into `x.grad`,
# which still holds the first derivative 12: $12 + 6 = 18$. Gradients accumulate
# (lesson 5), at every order. A first fix is to clear the first derivative's *value*
# before the second pass, without recording that as an operation: an in-place
# `zero_()` under `torch.no_grad()` (lesson 10 explains `no_grad`; the article clears it
# with `x.grad.data.zero_()`, and lesson 11 shows why a bare `x.grad.zero_()` gives 0):

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

z.backward(create_graph=True)
with torch.no_grad():
    x.grad.zero_()
x.grad.backward()

print("x.grad =", x.grad)
print("y.grad =", y.grad)

# %% [markdown]
# `x.grad` is now 6, but look at `y.grad`: 8, not $\partial z/\partial y = x^2 = 4$.
# The second pass ran backwards through the graph of $\partial z/\partial x = 2xy$,
# which depends on `y` too, so it also added $\partial^2 z/\partial y\,\partial x = 2x = 4$
# into `y.grad`. Two different derivatives now share one `.grad`.
#
# Notice also `grad_fn=<CopyBackwards>`: after `create_graph=True`, `x.grad` is part of
# a graph and requires grad. Turning such a tensor into a Python number with `float()`
# makes PyTorch 2.13 warn; `.detach()` first says that you want only the value:

# %%
print(float(x.grad))  # warns
print(float(x.grad.detach()))  # no warning

# %% [markdown]
# The clean way keeps the first derivative out of `.grad` altogether:
# `autograd.grad` *returns* it, and `backward(inputs=[x])` fills only `x.grad`:

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

(dz_dx,) = torch.autograd.grad(z, x, create_graph=True)  # 2xy = 12, returned
dz_dx.backward(inputs=[x])  # d(2xy)/dx = 2y = 6, into x.grad only

print("x.grad =", x.grad)
print("y.grad =", y.grad)

# %% [markdown]
# Step through the second pass: `x.grad.backward()` runs backwards through the graph
# of $2xy$ and, at the end, the `AccumulateGrad` of `x` adds its result into the
# `x.grad` that is already there.

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import BackwardStepper

x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()
z = x * x * y
z.backward(create_graph=True)  # x.grad = 2xy = 12, and it has a graph of its own
BackwardStepper(x.grad)  # replays x.grad.backward(): 12 + 6 = 18 (x.grad itself stays 12)

# %% [markdown]
# ## A Hessian
#
# For a scalar function of several variables, the second derivatives form the
# **Hessian** $H_{ij} = \partial^2 z / \partial x_i \partial x_j$. For $z = x^2 y$:
#
# $$H = \begin{pmatrix} 2y & 2x \\ 2x & 0 \end{pmatrix} = \begin{pmatrix} 6 & 4 \\ 4 & 0 \end{pmatrix}.$$
#
# Claim: each row of $H$ is the gradient of one first derivative, so it takes one
# `create_graph=True` pass plus one more pass per row:

# %%
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = x * x * y

dz_dx, dz_dy = torch.autograd.grad(z, [x, y], create_graph=True)
row_x = torch.autograd.grad(dz_dx, [x, y], retain_graph=True)
row_y = torch.autograd.grad(dz_dy, [x, y], allow_unused=True)
print(row_x)
print(row_y)

# %% [markdown]
# `row_y` has `None` in its second slot: $\partial z/\partial y = x^2$ does not depend
# on `y` at all, so autograd finds no path (and we had to allow that with
# `allow_unused=True`); mathematically that entry is 0.
#
# `torch.autograd.functional.hessian` does this for us:

# %%
hessian = torch.autograd.functional.hessian


def f(v):
    x, y = v[0], v[1]
    return x * x * y


print(hessian(f, torch.tensor([2.0, 3.0])))

# %% [markdown]
# ## A Hessian-vector product, without the Hessian
#
# Often only $Hv$ is needed (a Newton step, the curvature along one direction), and for
# $n$ inputs $H$ has $n^2$ entries. Double backward gives $Hv$ in two passes whatever
# $n$ is: the gradient $g$ with `create_graph=True`, then the gradient of $g \cdot v$,
# which is `grad(g, x, grad_outputs=v)`. Checked against the full Hessian:

# %%
xs = torch.tensor([2.0, 3.0], requires_grad=True)
v = torch.tensor([1.0, -1.0])
(g,) = torch.autograd.grad(f(xs), xs, create_graph=True)  # (2xy, x²), with a graph
(hv,) = torch.autograd.grad(g, xs, grad_outputs=v)  # the gradient of g · v
print(hv)
print(hessian(f, xs.detach()) @ v)

# %% [markdown]
# ## Same code, real PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor(2.0).requires_grad_()
    y = torch.tensor(3.0).requires_grad_()
    z = x * x * y
    grad_x = torch.autograd.grad(outputs=z, inputs=x, create_graph=True)
    print(grad_x, torch.autograd.grad(outputs=grad_x, inputs=x))
    print(torch.autograd.functional.hessian(lambda v: v[0] * v[0] * v[1], torch.tensor([2.0, 3.0])))


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# - A gradient is a constant unless the backward pass that made it ran with
#   `create_graph=True`; then it has a graph and can be differentiated again.
# - `backward()` adds into `.grad` at every order: clear the first derivative
#   (`with torch.no_grad(): x.grad.zero_()`) before a second `backward()`; better, take
#   the first derivative from `autograd.grad` and call `backward(inputs=[x])`.
# - The Hessian is the Jacobian of the gradient.
#
# The two flags of `backward()` and `autograd.grad()` are easy to mix up:
#
# | | `retain_graph=True` | `create_graph=True` |
# |---|---|---|
# | what it keeps | the saved tensors of the forward graph | the saved tensors, *and* a record of the backward pass itself |
# | the gradient you get | a constant (no `grad_fn`) | a tensor with a `grad_fn`, differentiable again |
# | lets you | run backward through the same graph again | differentiate the gradient (grad of grad, a Hessian, a gradient penalty) |
# | implies the other? | no | yes: `retain_graph` defaults to the value of `create_graph` |
#
# > **The book and PyTorch 2.13.** The `autograd.grad` article this lesson follows
# > prints `grad_fn=<CopyBackwards>` for `x.grad` after `backward(create_graph=True)`.
# > PyTorch 2.13 still uses that name (with the `s`), as the cells above show; it is
# > the node that copies the first gradient into the empty `.grad`.
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** For $z = x^2 y$ at $x = 2, y = 3$, what is $\partial^2 z / \partial x \partial y$?

# %%
answer_1 = ...  # a number

check("higher.1", answer_1)

# %% [markdown]
# **Exercise 2.** Let $s = x^3$ at $x = 2$. You run `s.backward(create_graph=True)`
# and then `x.grad.backward()` **without** clearing. What does `x.grad` hold?

# %%
answer_2 = ...  # a number

check("higher.2", answer_2)

# %% [markdown]
# **Exercise 3 (`retain_graph` or `create_graph`?).** For each task, which flag does
# the *first* backward call need? (a) You want `loss.backward()` twice on the same
# graph, to show that gradients add up. (b) You want the gradient of
# $\|\partial L/\partial w\|^2$ with respect to `w` (a "gradient penalty"). Answer
# with two strings, each `"retain_graph"` or `"create_graph"`.

# %%
answer_3a = ...  # "retain_graph" or "create_graph"
answer_3b = ...

check("higher.3", (answer_3a, answer_3b))

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/09_higher_order.ipynb) notebook. Open it after you have tried.
