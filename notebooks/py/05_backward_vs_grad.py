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
# # 5. `backward()` and `autograd.grad()`
#
# *Goes with textbook §2.5.1, points 4 and 6 (gradients accumulate; `retain_graph`), and §2.5.3.*
#
# **Sources:** textbook §2.5.1 and §2.5.3; the article on `torch.autograd.grad` (its
# `z = x * x * y` example and the error of a second call).
#
# **What you will learn**
#
# - the two ways to ask for gradients: `backward()` *stores* them in the leaves'
#   `.grad`, `torch.autograd.grad()` *returns* them and stores nothing;
# - why a second backward pass through the same graph fails when it needs a saved
#   tensor that the first pass freed, and what `retain_graph=True` changes;
# - that `backward()` **adds** into `.grad`, so gradients accumulate until you clear
#   them with `x.grad.zero_()` or, in training, `optimizer.zero_grad()`.

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible
# Some cells below fail on purpose: show just the error, not the code it came through
# %xmode Minimal
# and explain each error under it (minigrad's error explainer, for torch too)
# %load_ext minigrad

# %% [markdown]
# ## Two ways to get a gradient
#
# Claim: `y.backward()` is shorthand for `torch.autograd.backward(y)`: it fills the
# `.grad` of the leaves. `torch.autograd.grad(outputs, inputs)` computes the same
# gradients and hands them back as a tuple, one entry per input.

# %%
x = torch.tensor(2.0, requires_grad=True)

a = torch.add(x, 1)
b = torch.add(x, 2)
y = torch.mul(a, b)

y.backward()  # the same as torch.autograd.backward(y)
print(x.grad)

# %%
x = torch.tensor(2.0, requires_grad=True)

a = torch.add(x, 1)
b = torch.add(x, 2)
y = torch.mul(a, b)

grad = torch.autograd.grad(outputs=y, inputs=x)
print(grad)
print("x.grad is still", x.grad)

# %% [markdown]
# The result is a tuple because `inputs` may be several tensors; with one input we
# take element `[0]`.
#
# A second example, with two leaves: $z = x^2 y$, so $\partial z/\partial x = 2xy = 12$
# and $\partial z/\partial y = x^2 = 4$ at $x = 2, y = 3$.

# %%
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)

z = x * x * y

z.backward()
print(x.grad, y.grad)

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x)
print(grad_x[0])

# %% [markdown]
# ## The graph is freed after one backward pass
#
# Claim: to compute gradients, an operation keeps some of its inputs (`MulBackward0`
# needs both factors). These *saved tensors* are freed as soon as a backward pass has
# used them, which saves memory. So asking for the gradient with respect to `y` **after**
# the one for `x` fails:

# %% tags=["raises-exception"]
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x)
grad_y = torch.autograd.grad(outputs=z, inputs=y)

# %% [markdown]
# The picture shows what happened: after the first call, the saved values of both
# `MulBackward0` nodes are marked *freed*.

# %%
viz.draw_backward(z, show_saved=True)

# %% [markdown]
# `retain_graph=True` tells this pass not to free the saved tensors. They then stay
# until a pass runs *without* `retain_graph=True`, which frees them. So give it to
# every call except the last (`create_graph=True`, lesson 9, implies it):

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x, retain_graph=True)
grad_y = torch.autograd.grad(outputs=z, inputs=y)

print(grad_x[0], grad_y[0])

# %% [markdown]
# (Here one call with both inputs would do the same work in a single pass:
# `torch.autograd.grad(z, [x, y])`.)
#
# The same holds for `backward()`. `z = x * x` saved `x` for its gradient, so the
# second call, which needs it again, fails:

# %% tags=["raises-exception"]
x = torch.tensor(2.0, requires_grad=True)
z = x * x
z.backward()
z.backward()

# %% [markdown]
# The error comes from the *saved tensors*, not from the graph itself. A graph whose
# nodes saved nothing, such as `x + 1` (the gradient of an addition needs none of its
# inputs), goes backward twice without `retain_graph` and no error: the second
# gradient is silently added to the first. Do not rely on it; pass
# `retain_graph=True` whenever you mean to go through a graph again.

# %%
x = torch.tensor(2.0, requires_grad=True)
y = x + 1  # AddBackward0 saves nothing
y.backward()
y.backward()  # no error: nothing it needs was freed
print(x.grad)  # 1 + 1: the second pass added to the first

# %% [markdown]
# ## Gradients accumulate
#
# Claim: `backward()` never overwrites `.grad`; it **adds** to it. Run the same backward
# pass twice (keeping the graph) and the gradient doubles:

# %%
x = torch.tensor(2.0, requires_grad=True)
z = x * x  # dz/dx = 2x = 4
z.backward(retain_graph=True)
print(x.grad)
z.backward()
print(x.grad)

# %% [markdown]
# Why add instead of overwrite? Not for a tensor used in several places: inside *one*
# backward pass the engine itself sums the gradients of all the paths (lesson 4).
# Adding across *calls* is for a gradient built from several backward passes: a batch
# too big for memory, split into micro-batches with one `backward()` each, or several
# losses sent backward one after the other. Micro-batches give the whole batch's
# gradient:

# %%
data = torch.tensor([1.0, 2.0, 3.0, 4.0])
w = torch.tensor(0.5, requires_grad=True)
((w * data - 1) ** 2).mean().backward()  # the whole batch at once
whole = w.grad.clone()
w.grad = None
for part in data.split(2):  # two micro-batches of 2
    ((w * part - 1) ** 2).mean().backward()  # each call adds into w.grad
print(whole, w.grad / 2)  # the mean of the two halves is the whole batch's gradient

# %% [markdown]
# The price: you have to clear `.grad` yourself before computing a fresh gradient.
# Here is the effect on a matrix: `out = ((inp + 1) ** 2)ᵀ`, backward three times with
# the gradient `ones_like(out)` (lesson 6 explains that argument):

# %%
inp = torch.eye(4, 5, requires_grad=True)
out = (inp + 1).pow(2).t()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"First call\n{inp.grad}")
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nSecond call\n{inp.grad}")
inp.grad.zero_()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nCall after zeroing gradients\n{inp.grad}")

# %% [markdown]
# The first and the third results agree: $2(inp + 1)$, which is 4 on the diagonal
# and 2 elsewhere. The second is twice that.
#
# `x.grad.zero_()` clears one tensor. A network has many parameters, so an optimizer
# clears all of them at once with `optimizer.zero_grad()` (by default it sets every
# `.grad` back to `None`). A training step always has these three lines:

# %%
w = torch.tensor([1.0, -1.0], requires_grad=True)
optimizer = torch.optim.SGD([w], lr=0.1)

for step in range(3):
    optimizer.zero_grad()  # 1. forget the previous gradient
    loss = (w * w).sum()
    loss.backward()  # 2. compute the new one into w.grad
    print(f"step {step}: loss = {loss.item():.4f}, w.grad = {w.grad}")
    optimizer.step()  # 3. move w against the gradient

print("after zero_grad:", end=" ")
optimizer.zero_grad()
print(w.grad)

# %% [markdown]
# Without `optimizer.zero_grad()` each step would use the sum of all the gradients
# so far. Remove that line and run the cell again to see the difference.
#
# ## Through `while` and `if`
#
# The graph is recorded while Python runs (lesson 1), so a function with loops and
# branches that depend on the data can still be differentiated: autograd
# differentiates the path *actually taken* for this input. In this function from d2l,
# `d` is `a` times some constant $k$ (how many doublings, and which branch, depend on
# `a`), so the gradient is that $k$, which is `d / a`. The graph is a chain of
# multiplications, as long as the loop ran:


# %%
def f(a):
    b = a * 2
    while b.norm() < 1000:  # how many times depends on the value of a
        b = b * 2
    if b.sum() > 0:  # and so does the branch
        c = b
    else:
        c = 100 * b
    return c


a = torch.randn(size=(), requires_grad=True)
d = f(a)
d.backward()
print(a, d)
print("a.grad:", a.grad, " d / a:", d.detach() / a.detach())
viz.draw_forward(d, collapse=True)  # ×N: one box for a block repeated N times

# %% [markdown]
# Another `a` may take another path, with another $k$: each call records its own graph.
#
# ## Same code, real PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor(2.0, requires_grad=True)
    y = torch.tensor(3.0, requires_grad=True)
    z = x * x * y
    print(torch.autograd.grad(z, x, retain_graph=True))
    z.backward(retain_graph=True)
    z.backward()
    print(x.grad, y.grad)
    z.backward()


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# | | `z.backward()` | `torch.autograd.grad(z, inputs)` |
# |---|---|---|
# | result | stored in each leaf's `.grad` (added) | returned as a tuple |
# | which tensors | the leaves that require grad and that `z` depends on | exactly `inputs` (leaves or not) |
# | second pass | fails if it needs a saved tensor: `retain_graph=True` on the first | same |
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** `x = torch.tensor(1.0, requires_grad=True)`, `q = 5 * x * x`. You call
# `q.backward(retain_graph=True)` three times without clearing. What is `x.grad`?

# %%
answer_1 = ...  # a number

check("grad.1", answer_1)

# %% [markdown]
# **Exercise 2 (fix the RuntimeError).** This function asks for $\partial z/\partial x$
# and then $\partial z/\partial y$, and fails with the error you saw above. Change it
# so that it returns both gradients, `(tensor(12.), tensor(4.))`. There are two
# fixes; either passes.


# %%
def grads(torch, x, y):
    z = x * x * y
    (gx,) = torch.autograd.grad(z, x)
    (gy,) = torch.autograd.grad(z, y)
    return gx, gy


check("grad.2", grads)

# %% [markdown]
# **Exercise 3 (the path taken).** With `f` from the section on `while` and `if` and
# `a = torch.tensor(-0.3, requires_grad=True)`, what will `a.grad` be after
# `f(a).backward()`? Count the doublings and pick the branch by hand first.

# %%
answer_3 = ...  # a number

check("grad.3", answer_3)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/05_backward_vs_grad.ipynb) notebook. Open it after you have tried.
