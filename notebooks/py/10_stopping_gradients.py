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
# **Sources:** textbook §2.5.1; PyTorch's autograd tutorial ("Disabling gradient
# tracking": the `z = torch.matmul(x, w) + b` network); the d2l-style post (the
# `y2 = x**3` computed under `no_grad`); the article on `torch.autograd.grad` (`detach()`
# between model A and model B, and `a = (x+1).detach()`); PyTorch's "Autograd mechanics"
# notes for gradients at non-differentiable points and anomaly detection.
#
# **What you will learn**
#
# - `with torch.no_grad():` runs code without recording a graph (evaluation, testing,
#   updating weights);
# - `.detach()` cuts one tensor out of the graph: the `a = (x+1).detach()` example,
#   where only one of two paths still carries a gradient;
# - how to freeze part of a model and fine-tune the rest: gradients still flow
#   *through* frozen layers, but never *into* them;
# - every way to stop gradients side by side (`no_grad`, `inference_mode`, `detach()`,
#   `requires_grad_(False)`), and why `model.eval()` is not one of them;
# - what autograd does where a function has no derivative (relu and `abs` at 0,
#   `sqrt` at 0), the `torch.where` trap that turns a gradient into NaN, and how
#   anomaly detection finds the operation.
#
# Reasons to stop gradients: a model that is only *used* (inference) needs no graph,
# and computing without one is faster and uses less memory; and when fine-tuning a
# pretrained network, some parameters are *frozen* and must not be trained.
# (Changing values *behind* autograd's back, with `.data` or in place, is the next
# lesson.)

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible
# Some cells below fail on purpose: show just the error, not the code it came through
# %xmode Minimal
# and explain each error under it (minigrad's error explainer, for torch too)
# %load_ext minigrad

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
# picture, `y2` is a constant: autograd never saw that it came from `x`. (The d2l-style post's
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
# ## Freezing and fine-tuning
#
# To freeze a parameter for good, switch its `requires_grad` off. Fine-tuning does this
# to a whole pretrained *body*, replaces the *head* with a new layer for the new task,
# and gives the optimizer only the parameters that still train. Gradients still flow
# *through* the frozen layers (here to the input `x`, which asks for them); they are
# just never stored *in* them: a frozen parameter's `.grad` stays `None`.

# %%
torch.manual_seed(0)
body = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh())  # "pretrained"
for p in body.parameters():
    p.requires_grad_(False)  # frozen
head = torch.nn.Linear(8, 2)  # the new head, trained from scratch
model = torch.nn.Sequential(body, head)
trainable = [p for p in model.parameters() if p.requires_grad]
optimizer = torch.optim.SGD(trainable, lr=0.1)
print(len(trainable), "trainable tensors:", [tuple(p.shape) for p in trainable])

x = torch.randn(3, 4, requires_grad=True)
loss = model(x).pow(2).mean()
loss.backward()
optimizer.step()
print("body weight grad:", body[0].weight.grad)  # never stored in a frozen layer
print("head weight grad:", head.weight.grad.shape)
print("x.grad went through the frozen body:", x.grad.shape)

# %% [markdown]
# ## `requires_grad_(False)`, `inference_mode` and what `model.eval()` does *not* do
#
# Freezing a leaf with `requires_grad_(False)` takes it out of every graph built
# afterwards; `torch.inference_mode()` is a stricter `no_grad` (its tensors can
# never be saved for a backward pass later: `t + w` works, `t * w` fails). And `model.eval()`? It only switches layers such as
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
# ## Where there is no derivative: kinks, infinities and NaN
#
# `relu` and `abs` have a corner at 0, where no derivative exists. PyTorch does not
# fail there. Its rule (the "Autograd mechanics" notes): at a corner of a convex
# function, use the *minimum-norm subgradient*, the slope closest to 0 among those that
# fit under the corner. For `relu` they run from 0 to 1, for `abs` from -1 to 1: both
# give 0. `sqrt` at 0 has an infinitely steep slope, and its gradient is `inf`.

# %%
x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
torch.relu(x).sum().backward()
print("relu:", x.grad)
x.grad = None
x.abs().sum().backward()
print("abs: ", x.grad)
x.grad = None
x.clamp(min=0).sqrt().sum().backward()
print("sqrt:", x.grad)

# %% [markdown]
# **The `torch.where` trap.** To take a square root only where $x > 0$, one writes
# `torch.where(x > 0, x.sqrt(), 0.0)`. The values are right, but the gradient is NaN:
# `x.sqrt()` was computed for *every* element, and `where` sends a gradient of 0 to the
# branch it did not pick. The chain rule then multiplies that 0 by `sqrt`'s slope,
# $1/(2\sqrt{x})$, which is `inf` at 0 and NaN at -1, and $0 \cdot \infty$ is NaN.
# In the gradient-flow picture, follow the 0s into `SqrtBackward0`:

# %%
x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
y = torch.where(x > 0, x.sqrt(), 0.0)
with viz.record() as rec:  # watch the backward pass: the picture shows its gradients
    y.sum().backward()
print(y)
print(x.grad)
viz.draw_backward(y, names={x: "x", y: "y"}, recording=rec)

# %% [markdown]
# The fix: make the branch that is not taken harmless *before* the dangerous
# operation, so that its slope is finite. Feed `sqrt` a safe value where it will not be
# used:

# %%
x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
safe = torch.where(x > 0, x, 1.0)  # sqrt never sees 0 or a negative number
y = torch.where(x > 0, safe.sqrt(), 0.0)
y.sum().backward()
print(y)
print(x.grad)

# %% [markdown]
# In a real model the NaN shows up in some parameter's `.grad` far from its cause.
# **Anomaly detection** finds the operation: inside `torch.autograd.detect_anomaly()`
# (or after `torch.autograd.set_detect_anomaly(True)`), every backward function's
# result is checked, and the first one that returns NaN stops the pass with its name.
# A warning also shows the line of the *forward* code that recorded it. It makes every
# operation slower: use it to debug, not to train.

# %% tags=["raises-exception"]
x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
with torch.autograd.detect_anomaly():
    y = torch.where(x > 0, x.sqrt(), 0.0)
    y.sum().backward()

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
    model = torch.nn.Linear(2, 1)
    model.eval()
    print(model(torch.ones(1, 2)).requires_grad)  # eval() does not stop autograd
    with torch.inference_mode():
        print(model(torch.ones(1, 2)).requires_grad)
    x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
    torch.where(x > 0, x.sqrt(), 0.0).sum().backward()
    print(x.grad)


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# Every way to stop gradients, side by side:
#
# | tool | what it does | shares memory? | typical use |
# |---|---|---|---|
# | `with torch.no_grad():` | records nothing inside | (no new tensor) | evaluation, weight updates |
# | `with torch.inference_mode():` | like `no_grad`, stricter and faster: its results can never be saved for backward (`t + w` works, `t * w` fails) | (no new tensor) | pure inference |
# | `t.detach()` | same values, new leaf, outside the graph | yes, and the version counter (lesson 11) | feeding one model into another |
# | `t.data` | the values, outside the graph | yes, but not the version counter | legacy code; lesson 11 shows why to prefer the two above |
# | `t.requires_grad_(False)` | freeze a leaf | (the same tensor) | fine-tuning |
# | `model.eval()` | Dropout/BatchNorm switch to evaluation | — | **does not stop gradients** |
#
# Where a function has no derivative, PyTorch uses a fixed value (0 for `relu` and
# `abs` at 0); an infinite slope times a gradient of 0 gives NaN, as in the
# `torch.where` trap: make the unused branch safe before the operation, and let
# `detect_anomaly()` name the backward function that returned NaN.
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** In $y = (x+1)(x+2)$ at $x = 2$, detach `b = x + 2` instead of `a`.
# What is `x.grad`?

# %%
answer_1 = ...  # a number

check("stopping.1", answer_1)

# %% [markdown]
# **Exercise 2.** Which of these, wrapped around (or applied before) a model's
# forward pass, stop autograd from recording it? (A) `with torch.no_grad():`,
# (B) feeding the model `x.detach()` *and* freezing every parameter,
# (C) `model.eval()`, (D) `p.requires_grad_(False)` on every parameter `p` (with an
# input that does not require grad), (E) `with torch.inference_mode():`. Answer with
# a set of letters.

# %%
answer_2 = ...  # e.g. {"A"}

check("stopping.2", answer_2)


# %% [markdown]
# **Exercise 3.** Debug a NaN gradient. `f` below should compute $\log(x)$ where
# $x > 0$ and 0 elsewhere, but `x.grad` comes out NaN at $x = 0$. Rewrite `f` (keep its
# values) so that `x.grad` is finite everywhere; `check` runs your `f`.

# %%
def f(x):
    return torch.where(x > 0, x.log(), 0.0)  # fix me: keep the values, lose the NaN


check("stopping.3", f)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/10_stopping_gradients.ipynb) notebook. Open it after you have tried.
