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
# # 14. Your own PyTorch model
#
# *Goes with textbook §2.5 (figures 2-9 and 2-10), drawn again for real PyTorch.*
#
# **Sources:** textbook §2.5 (figures 2-9 and 2-10); PyTorch's autograd tutorial (its
# "computational graph" section); PyTorch's "Autograd mechanics" notes (node hooks).
#
# **What you will learn**
#
# - to draw the forward graph and the gradient flow of a real `torch` model with the same
#   `viz` calls as in the course;
# - to step through torch's *own* backward pass, node by node, without touching `.grad`,
#   and a bigger model's module by module;
# - to ask `explain` why a gradient is `None`, or why `backward()` fails, about real torch
#   tensors;
# - to put minigrad's picture and torch's picture of the same code side by side.
#
# From here on you work with real PyTorch. The learning aids come with you: give them a
# `torch` tensor and they read torch's graph, torch's saved tensors and torch's version
# counters.

# %%
import torch
from torch import nn

import minigrad
from minigrad import explain, viz, widgets

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible

# %% [markdown]
# ## A small model, in real PyTorch
#
# Two linear layers with a `tanh` between them, and a mean squared output as the loss.
# Inside `viz.record()`, every torch function call is noted as it runs (through torch's
# own extension point, `TorchFunctionMode`), so the picture shows the ops you wrote:
# `linear`, `tanh`, `linear`, `pow`, `mean`. The parameters are named as the model names
# them, `0.weight`, `0.bias`, and grouped by layer.

# %%
model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
x = torch.tensor([[1.0, 2.0], [0.5, -1.0]])
with viz.record():
    loss = model(x).pow(2).mean()
viz.draw_forward(loss)

# %% [markdown]
# Without `viz.record()`, the picture is rebuilt from what autograd keeps: `loss.grad_fn`
# and the tensors its nodes saved for backward. Now the boxes are torch's nodes: a linear
# layer is `addmm` (the input times the transposed weight `t`, plus the bias). A value
# autograd did not keep is drawn as `?`, and the note under the figure says so.

# %%
loss2 = model(x).pow(2).mean()
viz.draw_forward(loss2)

# %% [markdown]
# ## The gradient flow
#
# The backward view is the graph torch's engine walks: one `grad_fn` node per op, one
# `AccumulateGrad` per parameter. After a backward pass, every edge carries the gradient
# that flowed along it, recomputed by torch's own engine.

# %%
viz.draw_backward(loss)

# %% [markdown]
# ## Step through torch's engine
#
# `BackwardStepper` runs torch's backward with a hook on every node, so the order is the
# order torch's engine really chose, and each step shows what arrived at the node and
# what it sent on. It runs on a copy of the pass (`torch.autograd.grad`), so your
# parameters' `.grad` stay as they were.

# %% tags=["nbval-ignore-output"]
stepper = widgets.BackwardStepper(loss)
stepper

# %%
print([step.name.split("::")[-1] for step in stepper.steps])
print(model[0].weight.grad)  # untouched

# %% [markdown]
# Claim: the stepper's last step holds exactly the gradients `loss.backward()` puts into
# `.grad`. Check it:

# %%
loss.backward()
last = stepper.steps[-1].leaf_grads
for name, p in model.named_parameters():
    print(name, torch.allclose(torch.tensor(last[name]), p.grad))

# %% [markdown]
# ## A bigger model, module by module
#
# A real model's backward pass has hundreds of nodes: a 2-layer Transformer encoder has
# about 150. Stepped one node at a time, that is 150 pictures of 150 boxes. Above 100 nodes
# the stepper groups the nodes by module instead, the way the model's code is written:
# one box per module (`layers.0.self_attn`, `layers.0.linear1`...: as deep as stays
# readable), and one step each time torch's engine moves from one module to the next.
# The modules come from the parameters' names: `layers.0.linear1.weight` belongs to
# `layers.0.linear1`. Each box says how many of its nodes have run and how many of its
# parameters have a gradient; each arrow carries the gradient that crossed from one
# module into the next. Each step says which module ran, how many of its nodes, and the
# first and the last of them. (In a model where the engine leaves a module and comes back
# to it later, that module gets two steps.)

# %%
encoder = nn.TransformerEncoder(
    nn.TransformerEncoderLayer(16, 2, 32, batch_first=True), 2, enable_nested_tensor=False
)
tokens, targets = torch.randn(2, 5, 16), torch.randn(2, 5, 16)
big_loss = (encoder(tokens) - targets).pow(2).mean()
big = widgets.BackwardStepper(big_loss)
print(big.view.groups)
print(len(big.recording.steps) - 1, "nodes ran in", len(big.steps) - 1, "module steps")
for step in big.steps[1:5]:
    print(step.text)

# %% tags=["nbval-ignore-output"]
big

# %% [markdown]
# `open` steps inside one module, node by node, from the same recording: nothing runs
# again. A module that is still big (a whole layer) opens into its parts, which open in
# turn. Here is the attention of the first layer; the gradients that enter and leave it
# come from and go to one box, the rest of the graph.

# %%
attention = big.open("layers.0.self_attn")
print(len(attention.steps) - 1, "steps inside layers.0.self_attn")
print(attention.steps[1].text)

# %% tags=["nbval-ignore-output"]
attention

# %% [markdown]
# The same claim as before, for the big model: the last step holds exactly what
# `backward()` puts into `.grad`.

# %%
big_loss.backward()
last = big.steps[-1].leaf_grads
print(all(torch.allclose(torch.tensor(last[n]), p.grad) for n, p in encoder.named_parameters()))

# %% [markdown]
# ## Why is my gradient `None`?
#
# `explain` reads torch's real state. A hidden layer's output is not a leaf:

# %%
h = model[0](x)
out = model[2](torch.tanh(h)).sum()
out.backward()
print(explain(h))
explain(h).figure()  # the path, with h in yellow

# %% [markdown]
# An in-place change of a tensor a node saved for backward breaks the next backward:
# torch's version counter notices, and `explain` says which tensor and which node, before
# you run anything. (`sigmoid` saves its result, so doubling `s` in place spoils it.)

# %%
s = torch.sigmoid(model[0](x))
total = s.sum()
s.mul_(2)
print(explain(total))
explain(total).figure()

# %% [markdown]
# A parameter that the loss does not depend on gets no gradient at all:

# %%
spare = nn.Linear(2, 3)  # a layer the model never calls
print(explain(spare.weight, output=out))

# %% [markdown]
# ## minigrad and torch, side by side
#
# The same five lines, run once with minigrad and once with torch. The forward pictures
# and the gradient flows are the same, node for node: minigrad behaves like torch, and now
# you can look inside both.


# %%
def same_code(torch):
    w = torch.tensor([0.5, -1.0], requires_grad=True)
    x = torch.tensor([2.0, 3.0])
    b = torch.tensor(0.1, requires_grad=True)
    y = w * x
    z = y.sum() + b
    z.backward(retain_graph=True)
    return z, {w: "w", x: "x", b: "b", y: "y", z: "z"}


with viz.record():  # traced: every op and value on the torch side too
    z_mg, names_mg = same_code(minigrad)
    z_pt, names_pt = same_code(torch)
viz.side_by_side(
    viz.draw_forward(z_mg, names=names_mg, legend=False, rankdir="TB"),
    viz.draw_forward(z_pt, names=names_pt, legend=False, rankdir="TB"),
    titles=["minigrad", "torch"],
)

# %%
viz.side_by_side(
    viz.draw_backward(z_mg, names=names_mg, legend=False),
    viz.draw_backward(z_pt, names=names_pt, legend=False),
    titles=["minigrad", "torch"],
)

# %% [markdown]
# ## Recap
#
# | you want | call it on a torch tensor |
# | --- | --- |
# | the forward graph | `with viz.record(): ...` then `viz.draw_forward(loss)` |
# | the gradient flow | `viz.draw_backward(loss)` |
# | torch's engine, step by step | `widgets.BackwardStepper(loss)` |
# | why a grad is `None`, why backward fails | `explain(t)`, `explain(p, output=loss)` |
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** How many `AccumulateGrad` nodes does torch's engine run in
# `loss.backward()` for the model above? Count them in the stepper's steps.

# %%
answer_1 = ...  # an int

check("pytorch.1", answer_1)

# %% [markdown]
# **Exercise 2.** `explain(h)` above gave a cause. Which one? Answer with its `.cause`
# string (or the explanation itself).

# %%
answer_2 = ...  # a string such as "detach"

check("pytorch.2", answer_2)

# %% [markdown]
# **Exercise 3 (why is `w.grad` None?).** This function should return the gradient of
# the loss with respect to `w`, which is `x`, but it returns `None` (torch warns about it
# too). Ask `explain(w)` inside it, fix the function, and run the cell: `check` runs your
# version with real torch.


# %%
def grads(torch):
    x = torch.tensor([1.0, 2.0, 3.0])
    w = torch.ones(3, requires_grad=True) * 2
    loss = (w * x).sum()
    loss.backward()
    return w.grad


check("pytorch.3", grads)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/14_your_own_pytorch_model.ipynb) notebook. Open it after you have tried.
