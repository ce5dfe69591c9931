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
# # Solutions: 5. `backward()` and `autograd.grad()`
#
# Worked solutions to the exercises of [the lesson](../05_backward_vs_grad.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## Exercise 1
#
# $dq/dx = 10x = 10$ at $x = 1$, and each `backward()` adds it into `x.grad`: $3 \cdot 10 = 30$.

# %%
x = torch.tensor(1.0, requires_grad=True)
q = 5 * x * x
for _ in range(3):
    q.backward(retain_graph=True)
print(x.grad)
assert passes("grad.1", x.grad)

# %% [markdown]
# ## Exercise 2
#
# The first `autograd.grad` frees the graph, and `z = x * x * y` saved tensors that
# the second call needs. Either ask for both inputs in one call (one backward pass),
# or keep the graph on the first call with `retain_graph=True`.


# %%
def grads(torch, x, y):
    z = x * x * y
    return torch.autograd.grad(z, [x, y])  # one pass for both inputs


def grads_kept(torch, x, y):
    z = x * x * y
    (gx,) = torch.autograd.grad(z, x, retain_graph=True)  # keep the graph for the next call
    (gy,) = torch.autograd.grad(z, y)
    return gx, gy


print(grads(torch, torch.tensor(2.0, requires_grad=True), torch.tensor(3.0, requires_grad=True)))
assert passes("grad.2", grads)
assert passes("grad.2", grads_kept)

# %% [markdown]
# ## Exercise 3
#
# $b = 2a = -0.6$. Doubling it 11 times gives $-0.6 \cdot 2048 = -1228.8$, the first
# value with $|b| \ge 1000$. Its sum is negative, so `c = 100 * b`:
# $d = 100 \cdot 2 \cdot 2^{11} \cdot a = 409600 \, a$, and the gradient is $409600$.


# %%
def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c


a = torch.tensor(-0.3, requires_grad=True)
d = f(a)
d.backward()
print(a.grad, d / a)  # the same k
assert passes("grad.3", a.grad)

# %%
all_solutions_pass()  # prints one line, in the course's language
