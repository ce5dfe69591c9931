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
# # Solutions: 11. In-place changes, `.data` and the version counter
#
# Worked solutions to the exercises of [the lesson](../11_inplace_and_versions.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# `y.data *= 10` changes the value of `y` but is not recorded. The graph holds only
# $\times 3$ and $\times 2$, so $\partial y/\partial x = 3 \cdot 2 = 6$.

# %%
x1 = torch.ones(1, requires_grad=True)
y1 = 3 * x1
y1.data *= 10
(y1 * 2).backward()
print(x1.grad)
assert passes("inplace.1", x1.grad)

# %% [markdown]
# ## Exercise 2
#
# `ExpBackward0` saved `b` at version 0. Every in-place change of `b` bumps its
# version, whether it is recorded (A), made under `no_grad` (E) or made through a
# detached tensor that shares the counter (C). `.data` (B) does not bump it, and (D)
# changes `c`, which nothing saved. Each case, run:

# %%
changes = {
    "A": lambda b: b.add_(1),
    "B": lambda b: b.data.add_(1),
    "C": lambda b: b.detach().add_(1),
    "D": lambda b: (b * 2).add_(1),
}
fails = set()
for letter, change in changes.items():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = a.exp()
    change(b)
    try:
        b.sum().backward()
    except RuntimeError:
        fails.add(letter)
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a.exp()
with torch.no_grad():
    b.add_(1)
try:
    b.sum().backward()
except RuntimeError:
    fails.add("E")
print(sorted(fails))
assert passes("inplace.2", fails)

# %% [markdown]
# ## Exercise 3
#
# Count block by block. A plain block keeps two (64, 256) tensors: its `Linear` keeps
# its input (the weight's gradient is input$^\top \cdot$ grad) and its `tanh` keeps its
# output ($1 - \tanh^2$). A checkpointed block keeps only its input, one tensor. The
# loss's `pow` keeps its input. With blocks 0 and 1 plain and blocks 2 and 3
# checkpointed: $2 + 2 + 1 + 1 + 1 = 7$.
#
# Backward runs a block again only if it was checkpointed, once, when it first needs
# one of the block's saved tensors: blocks 3 then 2, so 2. The same `train_step`, run:

# %%
from collections import Counter

torch.manual_seed(0)
layers = [torch.nn.Linear(256, 256) for _ in range(4)]
x = torch.randn(64, 256)
runs = []  # which blocks ran forward, in order


def block(i, h):
    runs.append(i)
    return torch.tanh(layers[i](h))


shapes = Counter()


def pack(t):
    shapes[tuple(t.shape)] += 1
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    h = x
    for i in range(4):
        if i in {2, 3}:
            h = torch.utils.checkpoint.checkpoint(block, i, h, use_reentrant=False)
        else:
            h = block(i, h)
    loss = h.pow(2).mean()
runs.clear()
loss.backward()
print(dict(shapes), runs)
answer_3 = [shapes[(64, 256)], len(runs)]
print(answer_3)
assert passes("inplace.3", answer_3)

# %%
all_solutions_pass()  # prints one line, in the course's language
