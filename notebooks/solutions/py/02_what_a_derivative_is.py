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
# # Solutions: 2. What a derivative is
#
# Worked solutions to the exercises of [the lesson](../02_what_a_derivative_is.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import math

import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# The central difference with $h = 10^{-4}$ is within $h^2/6 \approx 2 \cdot 10^{-9}$ of
# $\cos 1$. A one-sided difference, $(\sin(1 + h) - \sin 1)/h$, is off by about
# $h/2 \cdot \sin 1 \approx 4 \cdot 10^{-5}$, and `check` says so.

# %%
h = 1e-4
answer_1 = (math.sin(1 + h) - math.sin(1 - h)) / (2 * h)
print(answer_1, math.cos(1))
assert passes("derivative.1", answer_1)

# %% [markdown]
# ## Exercise 2
#
# Nudge one element at a time: `e` is `h` at position `i` and 0 elsewhere.


# %%
def central(f, x, h):
    slopes = torch.zeros_like(x)
    for i in range(x.numel()):
        e = torch.zeros_like(x)
        e[i] = h
        slopes[i] = (f(x + e) - f(x - e)) / (2 * h)
    return slopes


x = torch.tensor([2.0, -1.0], dtype=torch.float64)
print(central(lambda t: (t**3).sum(), x, 1e-6))  # 3x² = [12, 3]
assert passes("derivative.2", central)

# %% [markdown]
# ## Exercise 3
#
# The central (blue) curve is lowest near $h \approx \varepsilon^{1/3} \approx 6 \cdot 10^{-6}$,
# where its two errors, about $h^2$ and $\varepsilon \cdot |f(x)| / h$, are equal. Its height
# there, read on the vertical axis, is about $10^{-10}$: small, but not 0. Instead of
# reading the plot, measure it:


# %%
def f(x):
    return x**3


import numpy as np

x = torch.tensor(2.0, dtype=torch.float64)
steps = np.logspace(-1, -12, 12)  # 1e-1, 1e-2, ..., 1e-12
errors = [abs(((f(x + h) - f(x - h)) / (2 * h)).item() - 12) for h in steps]
best_h = steps[int(np.argmin(errors))]
print(f"best h = {best_h:.0e}, error = {min(errors):.1e}")  # near eps ** (1/3)
assert passes("derivative.3", min(errors))

# %% [markdown]
# ## Exercise 4
#
# `2 * x` is `[2, 8, 8, 8]`: three elements tie for the largest, and the max has no
# derivative there. The minimum-norm subgradient shares the incoming 1 evenly: $1/3$
# to each of the three 8s, 0 to the 2. The multiplication by 2 then doubles each share
# on its way to `x`: `x.grad = [0, 2/3, 2/3, 2/3]`.

# %%
x4 = torch.tensor([1.0, 4.0, 4.0, 4.0], requires_grad=True)
(2 * x4).max().backward()
print(x4.grad)
assert passes("derivative.4", x4.grad)

# %%
all_solutions_pass()  # prints one line, in the course's language
