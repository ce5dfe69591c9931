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
# # 8. Forward mode and reverse mode
#
# *Goes beyond textbook §2.5.4: the book's `backward(v)` is one of two ways to
# multiply by a Jacobian; this lesson shows the other.*
#
# **Sources:** textbook §2.5.4 (`backward(v)`); PyTorch's forward-mode AD tutorial
# (`forward_ad.make_dual`/`unpack_dual`) and its `torch.func` tutorial ("Jacobians,
# Hessians, hvp, vhp": `jvp`, `jacfwd`, `jacrev`, `hessian`).
#
# **What you will learn**
#
# - **forward mode**: carry a value and its slope through the computation together,
#   with a tiny "dual number" class;
# - `torch.autograd.functional.jvp` (Jacobian-vector product, $Jv$: one *column*
#   combination of $J$) against `vjp` (vector-Jacobian product, $v^\top J$: one *row*
#   combination, what `backward(v)` computes);
# - the cost argument: a full Jacobian of $f:\mathbb{R}^n \to \mathbb{R}^m$ costs $n$
#   forward-mode passes or $m$ reverse-mode passes, and why training, with one loss
#   and millions of parameters, uses reverse mode;
# - PyTorch's own forward mode, `torch.autograd.forward_ad`, beside the `Dual` class, and
#   `torch.func`'s `jvp`, `jacfwd`, `jacrev` and `hessian`.

# %%
import math

import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible

# %% [markdown]
# ## Carry the slope along: dual numbers
#
# Reverse mode (lessons 3 to 7) runs the function forwards, records a graph, then
# walks it backwards. Forward mode needs no graph at all. Give every number a second
# part, its slope $\dot{a} = da/dx$, and let every operation compute both parts at
# once: for a sum the slopes add, for a product the product rule gives
# $a\dot{b} + \dot{a}b$, for $\sin a$ the slope is $\cos(a)\,\dot{a}$.


# %%
class Dual:
    """A value and its slope with respect to one chosen input, carried together."""

    def __init__(self, value, slope=0.0):
        self.value = value
        self.slope = slope

    def __add__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        return Dual(self.value + other.value, self.slope + other.slope)

    def __mul__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        return Dual(self.value * other.value, self.value * other.slope + self.slope * other.value)

    __radd__ = __add__
    __rmul__ = __mul__

    def sin(self):
        return Dual(math.sin(self.value), math.cos(self.value) * self.slope)

    def __repr__(self):
        return f"Dual(value={self.value:.4f}, slope={self.slope:.4f})"


# %% [markdown]
# Take $f(x) = x \sin x + 3x$, so $f'(x) = \sin x + x\cos x + 3$. Start with
# $x = 2$ and slope 1 ("$x$ moves at speed 1"): the answer comes out with the value,
# in the same single pass.


# %%
def f(x):
    return x * x.sin() + 3 * x


print(f(Dual(2.0, 1.0)))

# %% [markdown]
# Reverse mode agrees:

# %%
x = torch.tensor(2.0, requires_grad=True)
y = f(x)
y.backward()
print(y, x.grad)

# %% [markdown]
# PyTorch has dual numbers built in: `torch.autograd.forward_ad`. Inside
# `dual_level()`, `make_dual(x, tangent)` is our `Dual(2.0, 1.0)` (PyTorch calls the
# slope the *tangent*), and `unpack_dual` splits a result into its value (`primal`) and
# its slope. The same `f`, the same numbers, and no graph recorded:

# %%
fwAD = torch.autograd.forward_ad

with fwAD.dual_level():
    xd = fwAD.make_dual(torch.tensor(2.0), torch.tensor(1.0))  # Dual(2.0, 1.0)
    yd = f(xd)
    print(fwAD.unpack_dual(yd))
    print(yd.grad_fn)  # nothing recorded: the slope travelled with the value

# %% [markdown]
# Both are exact (no $h$, unlike lesson 2). The difference is *what one pass gives*
# when there are several inputs and outputs.
#
# ## Columns against rows
#
# Take $f:\mathbb{R}^2 \to \mathbb{R}^3$, $f(x) = (x_1 x_2,\; x_1 + x_2,\; x_1^2)$,
# at $x = (2, 3)$. Its Jacobian has 3 rows (outputs) and 2 columns (inputs):

# %%
functional = torch.autograd.functional


def f3(x):
    return torch.stack([x[0] * x[1], x[0] + x[1], x[0] ** 2])


x = torch.tensor([2.0, 3.0])
print(functional.jacobian(f3, x))

# %% [markdown]
# A forward-mode pass starts from a direction $v$ in the *input* space (how fast each
# input moves) and gives $Jv$, how fast each output moves. With $v = (1, 0)$ that is
# the first **column** of $J$. `jvp` returns the value of $f$ and $Jv$:

# %%
print(functional.jvp(f3, x, torch.tensor([1.0, 0.0])))

# %% [markdown]
# A reverse-mode pass starts from weights $v$ on the *outputs* and gives $v^\top J$.
# With $v = (1, 0, 0)$ that is the first **row** of $J$: exactly lesson 6's
# `backward(v)`. `vjp` returns the value and $v^\top J$:

# %%
print(functional.vjp(f3, x, torch.tensor([1.0, 0.0, 0.0])))

# %% [markdown]
# `torch.func` offers both modes as functions that return functions.
# `torch.func.jvp` is true forward mode; `jacfwd` builds the whole Jacobian column by
# column with forward passes, `jacrev` row by row with reverse passes; and `hessian` is
# `jacfwd(jacrev(f))`, the Jacobian of the gradient:

# %%
print(torch.func.jvp(f3, (x,), (torch.tensor([1.0, 0.0]),)))
print(torch.func.jacfwd(f3)(x))  # the work of 2 forward passes, one per column (vmap batches them)
print(torch.func.jacrev(f3)(x))  # the work of 3 reverse passes, one per row (vmap batches them)
print(torch.func.hessian(lambda t: f3(t).sum())(x))

# %% [markdown]
# Here is the graph both modes walk, forwards or backwards:

# %%
xr = torch.tensor([2.0, 3.0], requires_grad=True)
viz.draw_forward(f3(xr))

# %% [markdown]
# > **`jvp` in PyTorch 2.13.** `torch.autograd.functional.jvp` gives $Jv$ but, to
# > reuse the reverse-mode engine, it computes it with two backward passes (the
# > "double-backward trick"). True forward mode, like the `Dual` class, is
# > `torch.func.jvp` or `torch.autograd.forward_ad`; minigrad has both too, but
# > builds each step's $Jv$ from its backward rule with the same trick.
# > The numbers are the same.
#
# ## What a Jacobian costs
#
# Claim: the whole Jacobian of $f:\mathbb{R}^n \to \mathbb{R}^m$ takes $n$
# forward-mode passes (one per column) or $m$ reverse-mode passes (one per row).
# Lesson 7 built $J$ row by row with one-hot `v` and `backward`: that was $m$ reverse
# passes. Column by column with `jvp` is $n$ forward passes:

# %%
columns = [functional.jvp(f3, x, e)[1] for e in torch.eye(2)]  # n = 2 passes
rows = [functional.vjp(f3, x, e)[1] for e in torch.eye(3)]  # m = 3 passes
print(torch.stack(columns, dim=1))
print(torch.stack(rows))

# %% [markdown]
# Training has one output, the loss ($m = 1$), and many inputs, the parameters
# ($n$ in the millions). Reverse mode gets *every* derivative of the loss in a single
# backward pass; forward mode would need one pass per parameter. That is why
# `loss.backward()` is reverse mode. Forward mode wins in the opposite shape: few
# inputs, many outputs.
#
# | | forward mode | reverse mode |
# |---|---|---|
# | one pass gives | $Jv$, a column combination | $v^\top J$, a row combination |
# | PyTorch | `autograd.forward_ad`, `func.jvp`, `func.jacfwd` | `backward(v)`, `autograd.grad`, `func.vjp`, `func.jacrev` |
# | needs a recorded graph | no: the slopes travel with the values (`autograd.functional.jvp` is the exception: it uses the double-backward trick) | yes (and memory for saved tensors) |
# | full $J$ of $\mathbb{R}^n \to \mathbb{R}^m$ | $n$ passes | $m$ passes |
# | best when | $n \ll m$ | $m \ll n$ (a loss: $m = 1$) |
#
# ## `vjp` is the transpose of `jvp`
#
# Claim: the two modes apply one linear map, $J$, from opposite sides. `jvp` applies
# it to a direction of the inputs, $v \mapsto Jv$; `vjp` applies its *transpose* to a
# weighting of the outputs, $u \mapsto J^\top u$ (written $u^\top J$). A transpose is
# defined by one identity: $u \cdot (Jv) = (u^\top J) \cdot v$ for every $u$ and
# $v$. So reverse mode can be built from forward mode: linearize, then transpose (JAX's
# "autodidax" builds it that way).
#
# The pair also gives the cheapest Hessian-vector product. `torch.func.grad(h)` is the
# function $\nabla h$, and its Jacobian is the Hessian $H$; so one `jvp` of it gives
# $Hv$: one forward pass over one reverse pass (*forward-over-reverse*), with no $H$
# built and no second graph recorded, as reverse-over-reverse (lesson 9) does.

# %%
u = torch.tensor([1.0, 1.0, 1.0])
v = torch.tensor([1.0, 0.0])
_, Jv = torch.func.jvp(f3, (x,), (v,))  # forward: J v
_, pull = torch.func.vjp(f3, x)
(uJ,) = pull(u)  # reverse: uᵀ J
print(Jv, uJ)
print(torch.dot(u, Jv), torch.dot(uJ, v))  # one number: u·(Jv) = (uᵀJ)·v


def h(x):
    return x[0] ** 2 * x[1]


_, hv = torch.func.jvp(torch.func.grad(h), (x,), (v,))  # forward over reverse
print(hv, torch.func.hessian(h)(x) @ v)

# %% [markdown]
# ## Same code, real PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    functional = torch.autograd.functional

    def f3(x):
        return torch.stack([x[0] * x[1], x[0] + x[1], x[0] ** 2])

    x = torch.tensor([2.0, 3.0])
    print(functional.jacobian(f3, x))
    print(functional.jvp(f3, x, torch.tensor([1.0, 0.0])))
    print(functional.vjp(f3, x, torch.tensor([1.0, 0.0, 0.0])))
    print(torch.stack([functional.jvp(f3, x, e)[1] for e in torch.eye(2)], dim=1))
    print(torch.stack([functional.vjp(f3, x, e)[1] for e in torch.eye(3)]))
    x1 = torch.tensor(2.0, requires_grad=True)
    y = x1 * x1.sin() + 3 * x1
    y.backward()
    print(y, x1.grad)


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# - Forward mode carries each value's slope along with it; one pass gives $Jv$.
# - Reverse mode records a graph and walks it backwards; one pass gives $v^\top J$.
# - In PyTorch: `forward_ad` dual tensors and `torch.func.jvp`/`jacfwd` (forward),
#   `backward`, `autograd.grad` and `torch.func.vjp`/`jacrev` (reverse).
# - A Jacobian costs $n$ forward or $m$ reverse passes; with one loss and many
#   parameters, reverse mode is the cheap one.
# - `vjp` is the transpose of `jvp`: $u \cdot (Jv) = (u^\top J) \cdot v$. A `jvp` of
#   `torch.func.grad(h)` gives $Hv$ (forward-over-reverse).
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** $f$ maps 5 inputs to 2 outputs. How many forward-mode passes, and
# how many reverse-mode passes, give its whole Jacobian?

# %%
forward_passes = ...  # an int
reverse_passes = ...  # an int

check("forward.1", (forward_passes, reverse_passes))

# %% [markdown]
# **Exercise 2.** Extend forward mode to division. Write `dual_div(a, b)`, where `a`
# and `b` are pairs `(value, slope)`, returning the pair for $a / b$.


# %%
def dual_div(a, b):
    # a and b are pairs (value, slope); return the pair (value, slope) of a / b
    return ...


check("forward.2", dual_div)

# %% [markdown]
# **Exercise 3.** With `torch.func.jvp`, find how fast each output of `f3` moves at
# $x = (2, 3)$ when both inputs move at speed 1, $v = (1, 1)$. Give $Jv$ as a list.

# %%
answer_3 = ...  # a list of 3 numbers

check("forward.3", answer_3)

# %% [markdown]
# **Exercise 4 (a Hessian-vector product).** For $f(x) = x_1^3 + x_1 x_2$ at
# $x = (1, 2)$ and $v = (1, 1)$, compute $Hv$, where $H$ is the Hessian of $f$: with
# `torch.func.hessian`, or without building $H$, with the forward-over-reverse `jvp`
# of `torch.func.grad` shown above. Give a list of two numbers.

# %%
answer_4 = ...  # a list of 2 numbers

check("forward.4", answer_4)

# %% [markdown]
# **Exercise 5 (the transpose identity).** At $x = (2, 3)$, with $u = (1, 2, -1)$
# and $v = (2, 1)$, compute $u \cdot (Jv)$ for `f3` with `torch.func.jvp`, and
# $(u^\top J) \cdot v$ with `torch.func.vjp`. They are one number: give it.

# %%
answer_5 = ...  # a number

check("forward.5", answer_5)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/08_forward_mode.ipynb) notebook. Open it after you have tried.
