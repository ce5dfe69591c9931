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
# # 11. In-place changes, `.data` and the version counter
#
# *Goes with textbook §2.5.1, point 8 (`.data` and `detach()`), and §2.5.3.*
#
# **Sources:** the d2l-style post (`y.data *= 100` against `y *= 100`); the article on
# `torch.autograd.grad` (clearing `x.grad` with `x.grad.data.zero_()` before a second
# backward); PyTorch's "Autograd mechanics" notes (in-place operations and the version
# counter).
#
# **What you will learn**
#
# - `.data` changes a value *behind autograd's back*, while an ordinary in-place op is
#   recorded, and the two give different gradients;
# - why a leaf that requires grad refuses in-place ops, and how optimizers update
#   parameters anyway;
# - how the **version counter** catches a saved tensor that was modified, and why that
#   makes `detach()` safer than `.data`;
# - why the article's `x.grad.data.zero_()` gives the right second derivative and a bare
#   `x.grad.zero_()` gives 0;
# - what a graph costs in memory: the tensors its nodes save for backward, measured with
#   `saved_tensors_hooks`, and how activation checkpointing trades that memory for a
#   second forward pass.

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible
# Some cells below fail on purpose: show just the error, not the code it came through
# %xmode Minimal
# and explain each error under it (minigrad's error explainer, for torch too)
# %load_ext minigrad

# %% [markdown]
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
print(y)  # y did change: 2 became 200 ...
y.backward()
print(x)  # x itself was not touched
print(x.grad)  # ... but dy/dx is still 2

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
# object. Claim: a leaf that requires grad refuses in-place operations. The leaf owns
# the `AccumulateGrad` node its gradient lands in; an in-place change would give it a
# history of its own (it would stop being a leaf), and its gradient would be taken
# with respect to a value that no longer exists.

# %% tags=["raises-exception"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
x.add_(1)

# %% [markdown]
# Updating weights is exactly such a change, and it is allowed when autograd is told
# to look away, under `no_grad` (or, the old way, through `.data`). torch's optimizers
# update parameters under `torch.no_grad()`, like this:

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

# %% [markdown]
# ## Clearing a gradient that has a graph
#
# The article on `torch.autograd.grad` computes $z = x^2 y$ at $x = 2$, $y = 3$, calls
# `z.backward(create_graph=True)`, and then wants $\partial^2 z/\partial x^2 = 2y = 6$
# by going backward once more *from* `x.grad` $= 2xy = 12$. Lesson 9 showed that this
# second pass **adds** into `x.grad`, giving $12 + 6 = 18$. The article's fix clears the
# 12 first, through `.data`:

# %%
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = x * x * y
z.backward(create_graph=True)
print(x.grad)
x.grad.data.zero_()  # the value becomes 0; the graph behind x.grad stays
print(x.grad)
x.grad.backward()  # through that graph: adds d(2xy)/dx = 2y = 6 to the 0
print(x.grad)

# %% [markdown]
# Why `.data`? Try the plain `x.grad.zero_()`. Since `x.grad` has a graph, the
# zeroing is an in-place operation that autograd *records*: `x.grad` becomes the output
# of `ZeroBackward0`, a function whose derivative is 0. Going backward from it sends 0
# to `x`, so the answer is 0, not 6. `.data` hides the zeroing from autograd, and that
# is exactly what is wanted here. It is the article's tool: `with torch.no_grad():
# x.grad.zero_()`, as in lesson 9, hides the zeroing too and is the one to prefer. Today the clean way needs no clearing at all: `torch.autograd.grad`
# returns the gradients and stores nothing (lesson 5).

# %%
x = torch.tensor(2.0, requires_grad=True)
z = x * x * y
z.backward(create_graph=True)
x.grad.zero_()  # recorded: x.grad is now the output of ZeroBackward0
print(x.grad)
x.grad.backward()
print(x.grad)

x = torch.tensor(2.0, requires_grad=True)
(g,) = torch.autograd.grad(x * x * y, x, create_graph=True)  # 2xy = 12, stored nowhere
(gg,) = torch.autograd.grad(g, x)  # d(2xy)/dx = 2y
print(g, gg)

# %% [markdown]
# ## What backward keeps: the memory cost of saved tensors
#
# In-place operations are tempting because they save memory. Where does a graph's
# memory go? Every node keeps the tensors its derivative needs (its *saved tensors*,
# lesson 4) until backward has used them. In training, most of these are the
# *activations*, the outputs of each layer, and they grow with the batch size.
#
# `torch.autograd.graph.saved_tensors_hooks(pack, unpack)` shows them: inside the
# `with` block, every tensor an operation saves goes through `pack`, and backward gets
# it back through `unpack`. Below, `pack` counts the saved tensors by shape in a network
# of four blocks (`Linear` then `tanh`), and `runs` records which blocks run forward.

# %%
from collections import Counter

torch.manual_seed(0)
layers = [torch.nn.Linear(256, 256) for _ in range(4)]
x = torch.randn(64, 256)  # a batch of 64 inputs
runs = []  # which blocks ran forward, in order


def block(i, h):
    runs.append(i)
    return torch.tanh(layers[i](h))


def train_step(checkpointed=()):
    # one forward and backward pass: the shapes of the saved tensors, and the blocks
    # that backward ran again
    shapes = Counter()

    def pack(t):  # called for every tensor an operation saves
        shapes[tuple(t.shape)] += 1
        return t

    for layer in layers:
        layer.zero_grad()
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        h = x
        for i in range(4):
            if i in checkpointed:
                h = torch.utils.checkpoint.checkpoint(block, i, h, use_reentrant=False)
            else:
                h = block(i, h)
        loss = h.pow(2).mean()
    runs.clear()
    loss.backward()
    return dict(shapes), list(runs)


print(train_step())


# %% [markdown]
# Nine tensors of shape (64, 256) are saved: each `Linear` keeps its input (for the
# weight's gradient) and each `tanh` its output, and `pow` keeps its input. At 4 bytes a
# number, that is 9 × 64 KB = 576 KB, and it doubles when the batch doubles. The three
# (256, 256) tensors are the weights (for the gradient of the layer's input, needed from
# the second block on): the model holds them anyway, so they cost nothing more.
#
# **Activation checkpointing** trades this memory for compute.
# `torch.utils.checkpoint.checkpoint(block, i, h, use_reentrant=False)` runs the block
# but keeps only its inputs. When backward first needs one of the block's saved
# tensors, it runs the block's forward again to get them back (with the same random
# numbers, so dropout drops the same units). Checkpointing every block:

# %%
g = layers[0].weight.grad.clone()
print(train_step(checkpointed={0, 1, 2, 3}))
print(torch.equal(g, layers[0].weight.grad))  # the same gradient, bit for bit


# %% [markdown]
# Five (64, 256) tensors are left, 320 KB: the four blocks' inputs and what `pow` saved.
# The price is in `runs`: backward ran every block's forward a second time, the last
# block first, as backward reaches it. The gradient is the same. Large models do this
# to fit in memory: a whole forward pass more, for a fraction of the activations.
# (`use_reentrant=False` is the variant PyTorch recommends; without the argument,
# PyTorch warns and uses the older one, which runs a backward inside the backward.)

# %% [markdown]
# ## Same code, real PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.ones(1, requires_grad=True)
    y = 2 * x
    y.data *= 100  # behind autograd's back
    y.backward()
    print(x.grad)
    e = torch.tensor([1.0, 2.0, 3.0], requires_grad=True).exp()
    d = e.detach()
    d.add_(1)  # shares memory and the version counter with e
    print(d.requires_grad, e, e._version)
    x = torch.tensor(2.0, requires_grad=True)
    (x * x * 3).backward(create_graph=True)
    x.grad.data.zero_()
    x.grad.backward()
    print(x.grad)
    b = x.exp()
    b.add_(1)
    b.backward()


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# | change | recorded? | bumps `_version`? | what backward does |
# |---|---|---|---|
# | `y *= 100`, `y.add_(1)`... (in place, on a non-leaf) | yes: a new `grad_fn` | yes | differentiates through it; fails if a saved tensor changed |
# | the same on a leaf that requires grad | refused (outside `no_grad`) | — | — |
# | under `torch.no_grad()` (an optimizer's step) | no | yes | a later backward that needs the old value fails |
# | through `t.detach()` | no | yes (shared counter) | fails loudly if the old value was saved |
# | through `t.data` | no | **no** | **silently** uses the new value |
#
# Prefer `detach()` and `no_grad()`: a mistake then becomes an error message instead of
# a wrong gradient. `.data` survives in old code such as the article's
# `x.grad.data.zero_()`; `torch.autograd.grad` makes that trick unnecessary.
#
# A graph keeps its saved tensors until backward. `saved_tensors_hooks` sees each one;
# a checkpoint keeps only a block's inputs and runs the block again in backward.
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** `x = torch.ones(1, requires_grad=True)`, `y = 3 * x`, then
# `y.data *= 10` and `y = y * 2`. What is `x.grad` after `y.backward()`?

# %%
answer_1 = ...  # a number

check("inplace.1", answer_1)

# %% [markdown]
# **Exercise 2.** `a = torch.tensor([1.0, 2.0], requires_grad=True)` and
# `b = a.exp()` (whose backward needs `b` itself). Before `b.sum().backward()`, one of
# these changes is made: (A) `b.add_(1)`, (B) `b.data.add_(1)`, (C) `b.detach().add_(1)`,
# (D) `c = b * 2` then `c.add_(1)`, (E) `with torch.no_grad(): b.add_(1)`. With which
# does the backward pass stop with an error? Answer with a set of letters.

# %%
answer_2 = ...  # e.g. {"A"}

check("inplace.2", answer_2)

# %% [markdown]
# **Exercise 3 (checkpointing).** Predict what `train_step(checkpointed={2, 3})` reports
# before you run it: how many tensors of shape (64, 256) does it save, and how many
# blocks does backward run again? Give a list of two numbers.

# %%
answer_3 = ...  # a list of 2 numbers

check("inplace.3", answer_3)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/11_inplace_and_versions.ipynb) notebook. Open it after you have tried.
