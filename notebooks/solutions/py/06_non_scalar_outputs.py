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
# # Solutions: 6. Backward from a non-scalar output
#
# Worked solutions to the exercises of [the lesson](../06_non_scalar_outputs.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
from minigrad.lessons import all_solutions_pass, passes

# %%
assert passes("nonscalar.1", [3 * 1.0**2 * 1, 0.0, 3 * 3.0**2 * -1])  # 3x² · v
assert passes("nonscalar.2", [[1.0, 1.0], [1.0, 1.0]])  # x.grad = 2 · v

# %% [markdown]
# ## Exercise 3
#
# `x @ w + b` is `[5, 3]`: `b` is used once in each of the 5 rows. The loss is a sum,
# so each output sends back 1, and the 5 uses of each element of `b` add up to 5.
# `b.grad` has `b`'s shape, `[3]`.

# %%
import minigrad as torch

x = torch.ones(5, 2)
w = torch.ones(2, 3, requires_grad=True)
b = torch.zeros(3, requires_grad=True)
(x @ w + b).sum().backward()
print(b.grad)
assert passes("nonscalar.3", b.grad)

# %%
all_solutions_pass()  # prints one line, in the course's language
