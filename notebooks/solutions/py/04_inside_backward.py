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
# # Solutions: 4. Inside minigrad: how `backward()` runs
#
# Worked solutions to the exercises of [the lesson](../04_inside_backward.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import math

import minigrad as torch
from minigrad import viz
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# `AddBackward0` runs first: it is the output's node and nothing feeds it. It sends
# gradients to `ExpBackward0` and `SinBackward0`, which are then both ready;
# `MulBackward0` waits for `ExpBackward0`. So three orders are valid, and `check`
# accepts each. minigrad, like PyTorch's CPU engine today, runs the ready node
# created last first (`SinBackward0`); that tie-break is an implementation detail.

# %%
x = torch.tensor(0.5, requires_grad=True)
w = torch.tensor(2.0, requires_grad=True)
out = torch.exp(x * w) + torch.sin(x)
with viz.record() as rec:
    out.backward()
order = [s["node"].name() for s in rec.steps if "AccumulateGrad" not in s["node"].name()]
print(order)
assert passes("engine.1", order)
assert passes("engine.1", ["AddBackward0", "ExpBackward0", "MulBackward0", "SinBackward0"])

# %% [markdown]
# ## Exercise 2
#
# The local derivative of $e^x$ is $e^x$; the chain rule multiplies it by the
# gradient arriving from the output.


# %%
def exp_backward(x, grad):
    return grad * math.exp(x)  # d(e^x)/dx = e^x, times the incoming gradient


assert passes("engine.2", exp_backward)

# %%
all_solutions_pass()  # prints one line, in the course's language
