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
# # Solutions: 1. Tensors and the computation graph
#
# Worked solutions to the exercises of [the lesson](../01_tensors_and_graphs.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# `r = p * q` requires grad because one of its inputs, `q`, does: one is enough.
# It is not a leaf: it requires grad *and* was made by an operation, so it has a
# `grad_fn`. (A tensor that does not require grad is always a leaf, whatever made it.)

# %%
p = torch.tensor(3.0)
q = torch.tensor(4.0, requires_grad=True)
r = p * q
print(r.requires_grad, r.is_leaf, r.grad_fn)
assert passes("graphs.1", (r.requires_grad, r.is_leaf))

# %% [markdown]
# ## Exercise 2
#
# `f(x, 4)` runs the loop four times and multiplies once per pass, so the graph
# holds four `MulBackward0` nodes, one after the other.


# %%
def f(x, n):
    y = x
    for _ in range(n):
        y = y * 2
    return y


node, muls = f(torch.tensor(1.0, requires_grad=True), 4).grad_fn, 0
while node is not None and node.name() == "MulBackward0":  # walk back along the chain
    muls += 1
    node = node.next_functions[0][0]
print(muls)
assert passes("graphs.2", muls)

# %% [markdown]
# ## Exercise 3
#
# `u` is a new tensor (requires_grad is False by default), and `s` is computed
# only from such tensors. Only `v = u + w[0]` uses `w`, which requires grad.

# %%
w = torch.randn(5, 3, requires_grad=True)
u = torch.zeros(3)
v = u + w[0]
s = torch.ones(3) * 2
need_grad = {name for name, t in {"u": u, "v": v, "s": s}.items() if t.requires_grad}
print(need_grad)
assert passes("graphs.3", need_grad)

# %%
all_solutions_pass()  # prints one line, in the course's language
