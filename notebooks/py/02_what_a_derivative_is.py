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
# # 2. What a derivative is
#
# *Background for textbook §2.5: the "gradients" that autograd computes are
# derivatives, and this lesson shows how to check them with nothing but the function.*
#
# **Sources:** the derivative as a measured slope, as in micrograd's lecture and d2l's
# calculus chapter; PyTorch's `gradcheck` documentation.
#
# **What you will learn**
#
# - the derivative as a slope: nudge the input by a small $h$ and watch
#   $\frac{f(x+h) - f(x)}{h}$ settle on one number;
# - the **central difference** $\frac{f(x+h) - f(x-h)}{2h}$, far more accurate for
#   the same $h$;
# - why an $h$ that is too small goes wrong, and why checks use `float64`;
# - `torch.autograd.gradcheck`, the professional version of the same idea, which
#   compares autograd with finite differences for every input at once.

# %%
import math  # noqa: F401 - the exercises use it

import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible

# %% [markdown]
# ## Nudge the input and watch the output
#
# Take $f(x) = x^3$. Calculus says $f'(x) = 3x^2$, so at $x = 2$ the slope is 12.
# Without any calculus we can *measure* it: move $x$ a little, by $h$, and divide
# the change of the output by the change of the input.


# %%
def f(x):
    return x**3


x = torch.tensor(2.0, dtype=torch.float64)
for h in [1.0, 0.1, 0.01, 0.001]:
    slope = (f(x + h) - f(x)) / h
    print(f"h = {h:<6}  (f(x+h) - f(x)) / h = {slope.item():.6f}")

# %% [markdown]
# The measured slope approaches 12 as $h$ shrinks, and the error shrinks in step with
# $h$: about $6h$ here (it is $3xh + h^2$). That limit *is* the definition of the
# derivative, $f'(x) = \lim_{h \to 0} \frac{f(x+h) - f(x)}{h}$.
#
# ## The central difference
#
# Nudging to both sides cancels the first error term. The **central difference**
# $\frac{f(x+h) - f(x-h)}{2h}$ has an error proportional to $h^2$ instead of $h$:

# %%
for h in [1.0, 0.1, 0.01, 0.001]:
    slope = (f(x + h) - f(x - h)) / (2 * h)
    print(f"h = {h:<6}  (f(x+h) - f(x-h)) / 2h = {slope.item():.6f}")

# %% [markdown]
# With $h = 0.001$ the one-sided slope was off by 0.006; the central one is off by
# 0.000001. Now ask autograd. It does not nudge anything: it applies the rule
# $\frac{d}{dx} x^3 = 3x^2$ exactly (lesson 4 opens up these rules), and agrees:

# %%
x = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
y = f(x)
y.backward()
print(x.grad)

# %% [markdown]
# The graph autograd recorded is a single `pow` node:

# %%
viz.draw_forward(y)

# %% [markdown]
# Autograd gives the slope at every point, not only at $x = 2$. On the left, $f$ with
# its tangent at $x = 2$, whose slope is 12; on the right, $f'$ computed by autograd
# for 201 points at once (one `backward()` of their sum):

# %%
from minigrad.lessons import plot_difference_errors, plot_function_and_slope

plot_function_and_slope(f, at=2.0)

# %% [markdown]
# ## Too small an $h$
#
# Why not take $h = 10^{-12}$ and be done? Because a computer stores numbers with a
# fixed number of digits. `float32` keeps about 7 significant digits, `float64` about
# 16. When $h$ is tiny, $f(x+h)$ and $f(x-h)$ agree in almost all their digits, and
# their difference is mostly rounding noise, which the division by $2h$ then
# magnifies:

# %%
for dtype in (torch.float32, torch.float64):
    x = torch.tensor(2.0, dtype=dtype)
    slopes = [((f(x + h) - f(x - h)) / (2 * h)).item() for h in [1e-2, 1e-4, 1e-6]]
    print(str(dtype).ljust(14), "h = 1e-2, 1e-4, 1e-6:", [f"{s:.6f}" for s in slopes])

# %% [markdown]
# In `float32` the estimate gets *worse* as $h$ shrinks; in `float64` it stays good
# down to $h = 10^{-6}$. That is why gradient checks run in `float64` with
# $h \approx 10^{-6}$.
#
# The plot shows the whole story in `float64`, with $h$ shrinking from left to right.
# Two errors add up: the *truncation* error of the formula, which falls (like $h$
# one-sided, like $h^2$ central), and the *rounding* error, about
# $\varepsilon \cdot |f(x)| / h$ with $\varepsilon \approx 2.2 \cdot 10^{-16}$, which grows. They meet at the best
# step: near $\varepsilon^{1/2} \approx 10^{-8}$ for the one-sided difference, near
# $\varepsilon^{1/3} \approx 6 \cdot 10^{-6}$ for the central one (in `float32`,
# $\varepsilon^{1/3} \approx 5 \cdot 10^{-3}$, which is why the table above went wrong).

# %%
plot_difference_errors(f, at=2.0)

# %% [markdown]
# ## `torch.autograd.gradcheck`
#
# Claim: `torch.autograd.gradcheck(f, inputs)` does exactly this for every element
# of every input: it builds the Jacobian twice, once by central differences
# (`eps=1e-6`) and once with autograd, and returns `True` when they agree (within
# `atol=1e-05`, `rtol=0.001`). Otherwise it raises an error, or returns `False` with
# `raise_exception=False`. Its inputs should be `float64` (it warns otherwise), and at
# least one must require grad.


# %%
def g(x):
    return (x.sin() * x).sum()


x = torch.tensor([0.5, 1.5, -2.0], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(g, (x,)))

# %% [markdown]
# When does it fail? When autograd's answer is not the derivative of the function
# the numbers come from. Here `x.detach()` hides one factor from autograd, so
# autograd says $\frac{d}{dx}(x \cdot c) = c$ while the nudges see $x^2$, slope $2x$:


# %%
def g_wrong(x):
    return (x * x.detach()).sum()


print(torch.autograd.gradcheck(g_wrong, (x,), raise_exception=False))

# %% [markdown]
# Lesson 12 uses `gradcheck` to catch a mistake in a derivative rule written by hand.
#
# ## Where there is no slope
#
# At a kink, such as `abs` at 0, the slope from the left (-1) and the slope from the
# right (1) differ: no derivative exists. A one-sided difference gives one of the two,
# the central one their average. autograd does not fail there either. PyTorch's rule
# (the "Autograd mechanics" notes) is the *minimum-norm subgradient*: of all the slopes
# that fit under the corner, the one closest to 0. For `abs` (slopes from -1 to 1) that
# is 0; for `relu` (from 0 to 1) it is 0 too. When several equal values tie for the
# largest, `max` shares the gradient evenly among them: the smallest way to split it.
# Lesson 10 comes back to kinks.

# %%
x = torch.tensor(0.0, requires_grad=True)
x.abs().backward()
h = 1e-3
print("one-sided:", (abs(0 + h) - abs(0)) / h, "central:", (abs(h) - abs(-h)) / (2 * h))
print("autograd: ", x.grad)
m = torch.tensor([3.0, 3.0], requires_grad=True)
m.max().backward()
print("max of a tie:", m.grad)

# %% [markdown]
# ## Same code, real PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    for dtype in (torch.float32, torch.float64):
        x = torch.tensor(2.0, dtype=dtype)
        for h in [1.0, 1e-2, 1e-4, 1e-6]:
            print(dtype, h, ((x + h) ** 3 - (x - h) ** 3) / (2 * h), ((x + h) ** 3 - x**3) / h)
    x = torch.tensor([0.5, 1.5, -2.0], dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradcheck(lambda t: (t.sin() * t).sum(), (x,)))
    print(torch.autograd.gradcheck(lambda t: (t * t.detach()).sum(), (x,), raise_exception=False))


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# - The derivative is the slope $\lim_{h\to 0} \frac{f(x+h) - f(x)}{h}$; a finite
#   $h$ gives an estimate with an error proportional to $h$.
# - The central difference $\frac{f(x+h) - f(x-h)}{2h}$ has an error proportional
#   to $h^2$.
# - Rounding limits how small $h$ can be: check in `float64` with $h \approx 10^{-6}$.
# - Autograd does not estimate: it applies exact derivative rules. Finite differences
#   are how you *check* it, and `gradcheck` does that for you.
# - Where there is no derivative (a kink), autograd takes the minimum-norm
#   subgradient: 0 for `abs` and `relu` at 0, an even share for a tie in `max`.
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** Estimate the slope of $\sin$ at $x = 1$ with the central difference
# and $h = 10^{-4}$ (use `math.sin`, or `float64`
# tensors). Give the number.

# %%
answer_1 = ...  # a number

check("derivative.1", answer_1)

# %% [markdown]
# **Exercise 2.** Write `central(f, x, h)`, which returns a tensor shaped like `x`
# whose element $i$ is the slope of the scalar function `f` along element $i$:
# $\frac{f(x + h e_i) - f(x - h e_i)}{2h}$, where $e_i$ is 1 at position $i$ and 0
# elsewhere. `check` compares your function with autograd on two functions of
# `float64` vectors.


# %%
def central(f, x, h):
    slopes = torch.zeros_like(x)
    ...  # fill slopes[i] for every i
    return slopes


check("derivative.2", central)

# %% [markdown]
# **Exercise 3.** Read it from the error plot: at its best step, about how large is the
# central difference's error in `float64`? Give it as a power of ten (for example
# `1e-3`).

# %%
smallest_error = ...  # a number such as 1e-3

check("derivative.3", smallest_error)

# %% [markdown]
# **Exercise 4 (a tie).** With `x = torch.tensor([1.0, 4.0, 4.0, 4.0], requires_grad=True)`,
# what is `x.grad` after `(2 * x).max().backward()`? Give a list of four numbers.

# %%
answer_4 = ...  # a list of 4 numbers

check("derivative.4", answer_4)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/02_what_a_derivative_is.ipynb) notebook. Open it after you have tried.
