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
# # 10. Stopping gradients
#
# *Goes with textbook §2.5.1, points 2 and 8 (`detach()` and `torch.no_grad()`).*
#
# **What you will learn**
#
# - `with torch.no_grad():` runs code without recording a graph (evaluation, testing,
#   updating weights);
# - `.detach()` cuts one tensor out of the graph: the `a = (x+1).detach()` example,
#   where only one of two paths still carries a gradient;
# - `.data` changes a value *behind autograd's back*, while an ordinary in-place op is
#   recorded, and the two give different gradients;
# - why a leaf that requires grad refuses in-place ops, and how the **version
#   counter** catches a saved tensor that was modified, and why that makes `detach()`
#   safer than `.data`;
# - every way to stop gradients side by side (`no_grad`, `inference_mode`, `detach()`,
#   `.data`, `requires_grad_(False)`), and why `model.eval()` is not one of them.
#
# Reasons to stop gradients: a model that is only *used* (inference) needs no graph,
# and computing without one is faster and uses less memory; and when fine-tuning a
# pretrained network, some parameters are *frozen* and must not be trained.

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible
# Some cells below fail on purpose: show just the error, not the code it came through
# %xmode Minimal

# %% [markdown]
# ## `torch.no_grad()`
#
# Claim: inside `with torch.no_grad():` nothing is recorded, so results have
# `requires_grad=False` and no `grad_fn`, even when their inputs require grad.

# %%
x = torch.ones(5)  # input tensor
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)

z = torch.matmul(x, w) + b
print(z.requires_grad)

with torch.no_grad():
    z = torch.matmul(x, w) + b
print(z.requires_grad)

# %% [markdown]
# Mixed inside one computation: only the part outside `no_grad` sends a gradient back.

# %%
x = torch.tensor(1.0, requires_grad=True)
y1 = x**2
with torch.no_grad():
    y2 = x**3
y3 = y1 + y2

print(x.requires_grad)
print(y1, y1.requires_grad)  # True
print(y2, y2.requires_grad)  # False
print(y3, y3.requires_grad)  # True
y3.backward()
print(x.grad)

# %% [markdown]
# $\partial y_1/\partial x = 2x = 2$; the $x^3$ branch contributes nothing. In the
# picture, `y2` is a constant: autograd never saw that it came from `x`. (The book's
# older PyTorch printed `ThAddBackward`; today it is `AddBackward0`.)

# %%
viz.draw_forward(y3)

# %% [markdown]
# ## `.detach()`
#
# Claim: `t.detach()` returns a tensor with the same values that is a **new leaf**
# with `requires_grad=False`: the graph is cut at that point.

# %%
x = torch.ones(5)
z = torch.matmul(x, w) + b
z_det = z.detach()
print(z_det.requires_grad)

# %% [markdown]
# Back to $y = (x+1)(x+2)$ from lesson 3, with `a` cut off. Now only the path through
# `b` carries a gradient: $\partial y/\partial x = a \cdot 1 = 3$, not 7. And `a` has
# become a leaf.

# %%
x = torch.tensor([2.0], requires_grad=True)

a = torch.add(x, 1).detach()
b = torch.add(x, 2)
y = torch.mul(a, b)

y.backward()

print("requires_grad: ", x.requires_grad, a.requires_grad, b.requires_grad, y.requires_grad)
print("is_leaf: ", x.is_leaf, a.is_leaf, b.is_leaf, y.is_leaf)
print("grad: ", x.grad, a.grad, b.grad, y.grad)

# %% [markdown]
# The dashed red line is the cut: `a` was computed from `x`, but backward cannot cross
# it.

# %%
viz.draw_forward(y)

# %% [markdown]
# A typical use: the output of model A feeds model B, and only B is trained.
# `input_B = output_A.detach()` keeps every gradient out of A.

# %%
torch.manual_seed(0)
weight_A = torch.randn(3, requires_grad=True)
weight_B = torch.randn(3, requires_grad=True)
output_A = weight_A * 2
input_B = output_A.detach()
loss = (input_B * weight_B).sum()
loss.backward()
print("A:", weight_A.grad, " B:", weight_B.grad)

# %% [markdown]
# To freeze a parameter for good, switch its `requires_grad` off:
# `weight_A.requires_grad_(False)`.
#
# ## `.data` against a recorded in-place operation
#
# Claim: `x.data` is a tensor that shares `x`'s values but is outside the graph
# (`requires_grad=False`). Changing `y.data` changes the value of `y` and autograd
# does not notice; `y *= 100` is an ordinary in-place operation, recorded in the graph.

# %%
x = torch.ones(1, requires_grad=True)

print(x.data)  # still a tensor
print(x.data.requires_grad)  # but outside the graph

y = 2 * x
y.data *= 100  # only the value changes; the graph does not know
y.backward()
print(x)  # x itself was not touched
print(x.grad)

# %%
x = torch.ones(1, requires_grad=True)

print(x.data)
print(x.data.requires_grad)

y = 2 * x
y *= 100  # recorded in the graph: it changes the gradient
y.backward()
print(x)
print(x.grad)

# %% [markdown]
# The second graph has one more multiplication: `y *= 100` replaced `y`'s `grad_fn`
# with a `MulBackward0` whose input is the old `y`.

# %%
viz.draw_forward(y)

# %% [markdown]
# ## In-place operations on leaves
#
# An in-place operation changes a tensor's values without creating a new tensor
# object. Claim: a leaf that requires grad refuses in-place operations, because
# autograd would have to differentiate through a change to the very tensor whose
# gradient it is computing.

# %% tags=["raises-exception"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
x.add_(1)

# %% [markdown]
# Updating weights is exactly such a change, and it is allowed when autograd is told
# to look away, under `no_grad` or through `.data`. This is how every optimizer updates
# parameters:

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    x.add_(1)
print(x)
x.data.mul_(10)
print(x, x.is_leaf, x.grad_fn)

# %% [markdown]
# ## The version counter
#
# Claim: every tensor counts its in-place modifications in `_version`. An operation
# that saves a tensor for backward remembers the version it saw; if the version has
# changed by the time backward needs it, the gradient would be computed from the
# wrong values, so backward stops with an error.

# %% tags=["raises-exception"]
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.exp()  # ExpBackward0 saves its result b: d(e^a)/da = e^a
print(b._version)
b.add_(1)
print(b._version)
b.sum().backward()

# %% [markdown]
# Modifying a tensor that no operation saved is fine: `AddBackward0` saves nothing.

# %%
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
a = x + 1
a.mul_(3)  # recorded: a.grad_fn becomes MulBackward0
print(a)
a.sum().backward()
print(x.grad)

# %% [markdown]
# And `.data` changes values *without* bumping the version, which is why it can
# silently give wrong gradients. Compare with the error above:

# %%
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.exp()
b.data.add_(1)  # no error, no version change ...
print(b._version)
b.sum().backward()
print(a.grad)  # ... but these are e^a + 1, not e^a

# %% [markdown]
# ## Why `detach()` is safer than `.data`
#
# Claim: `b.detach()` and `b.data` both give the values of `b` outside the graph, and
# both *share memory* with `b`: change one and the other changes. The difference is
# that `detach()` also shares `b`'s **version counter**. So an in-place change through
# a detached tensor is seen by autograd, and the backward pass that would have used
# the stale value fails loudly instead of silently returning wrong numbers:

# %% tags=["raises-exception"]
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.exp()
d = b.detach()
print(d.requires_grad, d.is_leaf)  # outside the graph
d.add_(1)  # changes b too: they share memory ...
print(b)
print(b._version)  # ... and the version counter
b.sum().backward()

# %% [markdown]
# The same change made through `b.data` passed unnoticed two cells above. That is the
# reason to prefer `detach()` (and `torch.no_grad()` for updates): a mistake becomes
# an error message instead of a wrong gradient.
#
# ## `requires_grad_(False)`, `inference_mode` and what `model.eval()` does *not* do
#
# Freezing a leaf with `requires_grad_(False)` takes it out of every graph built
# afterwards; `torch.inference_mode()` is a stricter `no_grad` (its tensors can
# never enter a graph later). And `model.eval()`? It only switches layers such as
# `Dropout` and `BatchNorm` to their evaluation behaviour. It does **not** stop
# autograd, which is the most common confusion of all:

# %%
model = torch.nn.Linear(2, 1)
inp = torch.ones(1, 2)

model.eval()
print("after eval():         ", model(inp).requires_grad)  # still recorded!
with torch.no_grad():
    print("under no_grad():      ", model(inp).requires_grad)
with torch.inference_mode():
    print("under inference_mode():", model(inp).requires_grad)
for p in model.parameters():
    p.requires_grad_(False)
print("parameters frozen:    ", model(inp).requires_grad)

# %% [markdown]
# ## Same code, real PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor([2.0], requires_grad=True)
    a = torch.add(x, 1).detach()
    y = torch.mul(a, torch.add(x, 2))
    y.backward()
    print(x.grad, a.is_leaf)
    x = torch.tensor(1.0, requires_grad=True)
    with torch.no_grad():
        y2 = x**3
    print(y2, y2.requires_grad)
    e = torch.tensor([1.0, 2.0, 3.0], requires_grad=True).exp()
    d = e.detach()
    d.add_(1)  # shares memory and the version counter with e
    print(d.requires_grad, e, e._version)
    model = torch.nn.Linear(2, 1)
    model.eval()
    print(model(torch.ones(1, 2)).requires_grad)  # eval() does not stop autograd
    with torch.inference_mode():
        print(model(torch.ones(1, 2)).requires_grad)
    b = x.exp()
    b.add_(1)
    b.backward()


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# Every way to stop gradients, side by side:
#
# | tool | what it does | shares memory? | in-place changes seen by autograd? | typical use |
# |---|---|---|---|---|
# | `with torch.no_grad():` | records nothing inside | (no new tensor) | yes | evaluation, weight updates |
# | `with torch.inference_mode():` | like `no_grad`, stricter and faster: its results can never join a graph | (no new tensor) | n/a | pure inference |
# | `t.detach()` | same values, new leaf, outside the graph | yes, and the version counter | yes: a stale backward fails | feeding one model into another |
# | `t.data` | the values, outside the graph | yes, but not the version counter | **no**: wrong gradients, silently | legacy code; prefer the two above |
# | `t.requires_grad_(False)` | freeze a leaf | (the same tensor) | yes | fine-tuning |
# | `model.eval()` | Dropout/BatchNorm switch to evaluation | — | — | **does not stop gradients** |
#
# In-place ops: refused on leaves that require grad (outside `no_grad`); checked
# through the version counter when the old value was saved for backward.
#
# ## Exercises
#
# Replace each `...` and run the cell; `check` says whether you are right and, if
# not, what is still wrong. The solutions are hidden at the end.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** In $y = (x+1)(x+2)$ at $x = 2$, detach `b = x + 2` instead of `a`.
# What is `x.grad`?

# %%
answer_1 = ...  # a number

check("stopping.1", answer_1)

# %% [markdown]
# **Exercise 2.** `x = torch.ones(1, requires_grad=True)`, `y = 3 * x`, then
# `y.data *= 10` and `y = y * 2`. What is `x.grad` after `y.backward()`?

# %%
answer_2 = ...  # a number

check("stopping.2", answer_2)

# %% [markdown]
# **Exercise 3.** Which of these, wrapped around (or applied before) a model's
# forward pass, stop autograd from recording it? (A) `with torch.no_grad():`,
# (B) feeding the model `x.detach()` *and* freezing every parameter,
# (C) `model.eval()`, (D) `p.requires_grad_(False)` on every parameter `p` (with an
# input that does not require grad), (E) `with torch.inference_mode():`. Answer with
# a set of letters.

# %%
answer_3 = ...  # e.g. {"A"}

check("stopping.3", answer_3)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/10_stopping_gradients.ipynb) notebook. Open it after you have tried.
