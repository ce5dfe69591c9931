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

# %%
all_solutions_pass()  # prints one line, in the course's language
