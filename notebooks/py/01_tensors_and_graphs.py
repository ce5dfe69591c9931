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
# # 1. Tensors and the computation graph
#
# *Rebuilds textbook §2.5.1 (the points to keep in mind) and §2.5.2 (the computation graph, figure 2-9).*
#
# **Sources:** textbook §2.5.1–§2.5.3 (its code for `z = w*x + b`); the one-layer
# network is the one of PyTorch's autograd tutorial (its Chinese translation); the old
# `grad_fn` names from the d2l-based post "Tensor及其梯度".
#
# **What you will learn**
#
# - which tensors are *leaves* and which are not, and what `is_leaf` says;
# - what `requires_grad` means, its default, the two ways to switch it on, and how it
#   spreads to every tensor computed from a tensor that needs it;
# - what `grad_fn` records, and why a leaf's `grad_fn` is `None`;
# - that the graph is *dynamic*: it is built while your Python code runs, again on
#   every forward pass, so `if` and `for` may change it each time.
#
# Everything here runs on **minigrad**, a small autograd written in numpy. We import it
# under the name `torch`, so the code is exactly the PyTorch code you would write;
# at the end we run the same code under real PyTorch and compare what it prints.

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible

# %% [markdown]
# ## Two kinds of tensors: leaves and computed tensors
#
# A computation graph in PyTorch has only two kinds of things: **data** (tensors) and
# **operations** (add, multiply, power, exp, ...). Tensors come in two kinds:
#
# - a **leaf** is a tensor with no recorded history: every tensor *you* create
#   (`torch.tensor(...)`, `torch.randn(...)`), and, by PyTorch's rule, every tensor
#   that does not require grad, whatever made it (we will see three below);
# - a **non-leaf** is a tensor that requires grad *and* was made by an operation on
#   other tensors: it remembers that operation in its `grad_fn`.
#
# Claim: a leaf you create does not ask for gradients, because `requires_grad`
# defaults to `False`.

# %%
x = torch.ones(2, 2)
print(x)
print("requires_grad:", x.requires_grad, " is_leaf:", x.is_leaf, " grad_fn:", x.grad_fn)

# %% [markdown]
# To differentiate with respect to a tensor, ask for it when you create it, or switch
# it on later with the in-place method `requires_grad_()` (the trailing underscore
# marks an in-place method). Both lines below make the same kind of tensor:

# %%
a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(1.0).requires_grad_()
print(a, b)
print(a.requires_grad, b.requires_grad)

# %% [markdown]
# ## `grad_fn`: how a tensor was made
#
# Claim: every tensor computed from a tensor that requires grad gets a `grad_fn`, the
# *backward function* of the operation that made it. A leaf's `grad_fn` is `None`:
# nobody computed it. (Two exceptions: results that cannot have a gradient, such as
# `x > 0` or `argmax`, and anything computed while recording is off, lesson 10.)

# %%
x = torch.ones(2, 2, requires_grad=True)
print(x)
print(x.grad_fn)

# %%
y = x + 2
print(y)
print(y.grad_fn)  # the object's memory address differs on every run

# %%
z = y * y * 3
out = z.mean()
print(z, out)

# %% [markdown]
# The name tells you the operation: `AddBackward0` for `+`, `MulBackward0` for `*`,
# `MeanBackward0` for `mean()`.
#
# > **Older texts and PyTorch 2.13.** Older texts, such as the d2l-based post this
# > course also follows, print other names for the same nodes:
# > `AddBackward` or `<MulBackward>` without the `0`, and `ThAddBackward` (from the
# > days of the TH library) for an addition. The post also prints `MeanBackward1`
# > for `mean()`, where PyTorch 2.13 prints `MeanBackward0`. PyTorch 2.13 prints
# > `AddBackward0` and `MulBackward0`, as above. One old name survives:
# > `CopyBackwards`, which lesson 9 meets.
#
# Here is the graph we just built. Blue ellipses are leaves that require grad, orange
# ones are computed tensors, grey boxes are operations, and the double border marks
# the tensor we asked to draw:

# %%
viz.draw_forward(out)

# %% [markdown]
# The numbers `2` and `3` are plain Python numbers: they are inputs of the operations,
# but they are constants, never differentiated.
#
# ## `requires_grad` spreads forward
#
# Claim: a computed tensor requires grad as soon as **one** of its inputs does; it
# does not only when **none** of them does. So you only mark the leaves; everything
# between those leaves and the loss follows automatically. (The article on
# `torch.autograd.grad` says a non-leaf's `requires_grad` "defaults to True": it is
# True only because one of its inputs requires grad, as the cell below shows.)
#
# The classic example is one neuron, `z = w*x + b`, written as two steps `y = w*x`
# and `z = y + b`:

# %%
x = torch.Tensor([2])  # the input: data, no gradient needed
w = torch.randn(1, requires_grad=True)  # the weight and the bias are learned
b = torch.randn(1, requires_grad=True)
y = torch.mul(w, x)  # same as w * x
z = torch.add(y, b)  # same as y + b
print("requires_grad of x, w, b:", x.requires_grad, w.requires_grad, b.requires_grad)
print("requires_grad of y, z:   ", y.requires_grad, z.requires_grad)
print("is_leaf of x, w, b, y, z:", x.is_leaf, w.is_leaf, b.is_leaf, y.is_leaf, z.is_leaf)
print("grad_fn of x, w, b:", x.grad_fn, w.grad_fn, b.grad_fn)
print("grad_fn of y, z:", y.grad_fn, z.grad_fn)  # the addresses differ on every run

# %% [markdown]
# `x`, `w` and `b` are leaves; `y` and `z` are not, and `z` is the *root* of the graph.
# The book prints the `grad_fn`s the same way: `None` for the leaves, a
# `MulBackward0` and an `AddBackward0` for `y` and `z`.
#
# A leaf is not only "a tensor you typed in". Any tensor that does not require grad
# is a leaf, even when an operation made it: a product of constants, a result
# computed under `torch.no_grad()`, a `detach()`ed copy:

# %%
s = torch.ones(3) * 2  # made by an operation, but nothing in it requires grad
with torch.no_grad():
    t = w * 3  # computed from w, but not recorded (lesson 10)
d = y.detach()  # y's value, cut from its history
print("is_leaf of s, t, d:", s.is_leaf, t.is_leaf, d.is_leaf)
print("grad_fn of s, t, d:", s.grad_fn, t.grad_fn, d.grad_fn)

# %% [markdown]
# Back to the neuron: `x` does not require grad (white ellipse), but `y` does,
# because `w` does:

# %%
viz.draw_forward(z)

# %% [markdown]
# The picture is a *directed acyclic graph* (DAG), as the textbook calls it: every
# arrow points one way, from the inputs towards the result, and no path leads back to
# where it started. That is what lets `backward()` walk it once, from the root to the
# leaves (lesson 4).
#
# A good way to decide which tensors require grad: draw the path from each leaf you
# want to differentiate to the loss. Every tensor on such a path requires grad.
#
# A tiny self-check, in the style we will use at the end of every lesson: the cell
# stays silent when the claims hold and stops with an `AssertionError` if they do not.

# %%
assert w.is_leaf and w.grad_fn is None
assert not y.is_leaf and y.grad_fn is not None
assert y.requires_grad == (w.requires_grad or x.requires_grad)

# %% [markdown]
# ## A one-layer network
#
# The same ideas in a slightly bigger graph: one linear layer with 5 inputs and 3
# outputs, and a loss. `w` and `b` are the parameters to optimise.

# %%
x = torch.ones(5)  # input tensor
y = torch.zeros(3)  # expected output
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
print(f"Gradient function for z = {z.grad_fn}")
print(f"Gradient function for loss = {loss.grad_fn}")

# %% [markdown]
# Each operation is an object of a `Function` class that knows how to compute its
# result forward and its derivative backward. The `grad_fn` of the loss links to the
# `grad_fn` of its inputs, and so on down to the leaves:

# %%
viz.draw_forward(loss)

# %% [markdown]
# ## The graph is dynamic
#
# Claim: PyTorch builds the graph *while* your code runs, and builds a new one on
# every forward pass. So ordinary Python control flow (`if`, `for`) decides the shape
# of the graph, and it can be different each time. (TensorFlow 1.x built a
# static graph first and ran it later.)
#
# Below, the loop runs `n` times, so `f(x, 1)` records one multiplication and
# `f(x, 3)` records three: the picture shows the chain of three `mul` operations.


# %%
def f(x, n):
    """Double x, n times."""
    y = x
    for _ in range(n):
        y = y * 2
    return y


x = torch.tensor(1.0, requires_grad=True)
print(f(x, 1))
print(f(x, 3))
viz.draw_forward(f(x, 3))

# %% [markdown]
# Control flow can depend on the *values*, too. Below, `g` takes a different branch
# when `2x` is negative, so the recorded graph has a different shape. Move the slider
# across 0 and watch the graph change. (In a static view of this notebook you see only
# the first picture; run the notebook to move the slider.)


# %%
def g(x):
    y = x * 2
    if y > 0:  # an ordinary Python if, decided by the value of y
        z = y * y
    else:
        z = -y
    return z


print(g(torch.tensor(1.0, requires_grad=True)).grad_fn)
print(g(torch.tensor(-1.0, requires_grad=True)).grad_fn)

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import interact_graph

interact_graph(g, x=(-2.0, 2.0, 0.5))

# %% [markdown]
# ## Same code, real PyTorch
#
# minigrad should print exactly what PyTorch 2.13 prints. When PyTorch is installed,
# this cell runs one example under both libraries and compares the transcripts. (Lessons
# 1 to 13 run on minigrad alone; lesson 14 uses real PyTorch, which `make lab` installs.)

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.ones(2, 2, requires_grad=True)
    y = x + 2
    z = y * y * 3
    out = z.mean()
    print(x, y, z, out, sep="\n")
    print(x.is_leaf, y.is_leaf, x.grad_fn, type(out.grad_fn).__name__)


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# - Leaves are the tensors you create; `requires_grad` is `False` unless you ask.
# - Turn it on with `requires_grad=True` or `.requires_grad_()`.
# - Any result of an operation on a tensor that requires grad requires grad too, and
#   carries a `grad_fn`; leaves have `grad_fn = None`.
# - The graph is recorded as the code runs, anew on every forward pass.
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** `p = torch.tensor(3.0)`, `q = torch.tensor(4.0, requires_grad=True)`
# and `r = p * q`. Is `r.requires_grad` `True` or `False`? Is `r` a leaf?

# %%
r_requires_grad = ...  # True or False
r_is_leaf = ...  # True or False

check("graphs.1", (r_requires_grad, r_is_leaf))

# %% [markdown]
# **Exercise 2.** How many `MulBackward0` nodes does the graph of `f(x, 4)` contain?
# Count them from the code of `f`; you can draw `viz.draw_forward(f(x, 4))` to see.

# %%
number_of_muls = ...  # an int

check("graphs.2", number_of_muls)

# %% [markdown]
# **Exercise 3.** Which of these tensors require grad: `u = torch.zeros(3)`,
# `v = u + w[0]` (with `w` the weight of the one-layer network) and
# `s = torch.ones(3) * 2`? Write the names of those that do, as a set of strings.

# %%
need_grad = ...  # e.g. {"u"}

check("graphs.3", need_grad)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/01_tensors_and_graphs.ipynb) notebook. Open it after you have tried.
