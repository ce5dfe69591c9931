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
# # Solutions: 7. Jacobians
#
# Worked solutions to the exercises of [the lesson](../07_jacobians.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

jacobian = torch.autograd.functional.jacobian


# %%
def g(x):
    return torch.stack([x[0] * x[1], x[0] + x[1]])


assert passes("jacobian.1", jacobian(g, torch.tensor([2.0, 5.0])))  # [[5, 2], [1, 1]]
assert passes("jacobian.2", [[0.0, 1.0]])  # a one-hot v picks row 2

# %%
all_solutions_pass()  # prints one line, in the course's language
