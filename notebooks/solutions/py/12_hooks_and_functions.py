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
# # Solutions: 12. Hooks and your own `autograd.Function`
#
# Worked solutions to the exercises of [the lesson](../12_hooks_and_functions.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# `h = x * 6` is made by an operation, so it is not a leaf, and `backward()` does not
# keep a non-leaf's gradient: `h.grad` stays `None` (and torch warns). Ask `h` to keep
# it with `h.retain_grad()`, before `backward()`. Then, since $y = \sum h^2$,
# `h.grad` is $dy/dh = 2h = (12, 24)$.

# %%
def grad_of_h(torch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 6
    h.retain_grad()  # h is not a leaf: ask it to keep its gradient, before backward()
    y = (h * h).sum()
    y.backward()
    return h.grad


print(grad_of_h(torch))
assert passes("hooks.1", grad_of_h)

# %% [markdown]
# ## Exercise 2
#
# A `Function`'s `backward` receives the incoming gradient `grad` $= \partial L /
# \partial y$ and returns $\partial L / \partial x$ = `grad` $\cdot\, dy/dx$ (the chain
# rule). `MyCube` returned $3x^2$ alone and forgot the factor `grad`. After
# `y.sum().backward()`, `grad` is all ones, so the mistake hides; `gradcheck` feeds
# other gradients and finds it.

# %%
class MyCube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x * x * grad  # the chain rule: times the incoming gradient


x = torch.tensor([0.5, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(MyCube.apply, (x,)))
assert passes("hooks.2", MyCube)

# %% [markdown]
# ## Exercise 3
#
# Count the calls of `pack`: `mul` saves both factors, `exp` its result, and `sum`
# only the shape of its input, which is not a tensor.

# %%
import minigrad as torch

saved = []
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: saved.append(t) or t, lambda t: t):
    (x * w).exp().sum()
print(len(saved))
assert passes("hooks.3", len(saved))

# %% [markdown]
# ## Exercise 4
#
# The hook runs inside `backward()`, right after the engine has added the gradient
# into `w.grad`: $2(w - 3) = (-4, -10)$. The step then moves `w` against it:
# $(1, -2) - 0.1 \cdot (-4, -10) = (1.4, -1.0)$, and `w.grad` is cleared. (This is how
# an optimizer step can be fused into the backward pass, one parameter at a time, so
# that no parameter's gradient waits in memory for the others.)

# %%
w4 = torch.tensor([1.0, -2.0], requires_grad=True)


def sgd_step(p):
    with torch.no_grad():
        p -= 0.1 * p.grad
    p.grad = None


w4.register_post_accumulate_grad_hook(sgd_step)
((w4 - 3) ** 2).sum().backward()
print(w4, w4.grad)
assert passes("hooks.4", w4)

# %%
all_solutions_pass()  # prints one line, in the course's language
