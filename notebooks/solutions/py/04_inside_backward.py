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
# Walk back from `o`, whose gradient is 1. `o = tanh(n)`, and tanh's local derivative
# is $1 - o^2 = 1 - 0.7071^2 = 0.5$, so $do/dn = 0.5$. `n` is a sum, and a sum passes
# its gradient to each input unchanged: `b`, `x1*w1` and `x2*w2` each get 0.5. A product
# multiplies it by the *other* factor: `x1` gets $w_1 \cdot 0.5 = -1.5$, `w1` gets
# $x_1 \cdot 0.5 = 1$, `x2` gets $w_2 \cdot 0.5 = 0.5$ and `w2` gets $x_2 \cdot 0.5 = 0$
# (a weight on a zero input learns nothing). The engine agrees, edge by edge.

# %%
# tanh's local derivative 1 - o²: 0.5
do_dn = 1 - math.tanh(2.0 * -3.0 + 0.0 * 1.0 + 6.8813735870195432) ** 2
# a sum passes it on, a product times the other factor
grads_by_hand = {"x1": -3.0 * do_dn, "w1": 2.0 * do_dn, "x2": 1.0 * do_dn, "w2": 0.0, "b": do_dn}
leaves = {
    name: torch.tensor(value, requires_grad=True)
    for name, value in {
        "x1": 2.0,
        "x2": 0.0,
        "w1": -3.0,
        "w2": 1.0,
        "b": 6.8813735870195432,
    }.items()
}
o = (leaves["x1"] * leaves["w1"] + leaves["x2"] * leaves["w2"] + leaves["b"]).tanh()
with viz.record() as rec:
    o.backward()
print({name: round(t.grad.item(), 4) for name, t in leaves.items()})
assert passes("engine.hand", grads_by_hand)
viz.draw_backward(o, {t: name for name, t in leaves.items()}, recording=rec)

# %% [markdown]
# ## Exercise 2
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
# ## Exercise 3
#
# The local derivative of $e^x$ is $e^x$; the chain rule multiplies it by the
# gradient arriving from the output.


# %%
def exp_backward(x, grad):
    return grad * math.exp(x)  # d(e^x)/dx = e^x, times the incoming gradient


assert passes("engine.2", exp_backward)

# %% [markdown]
# ## Exercise 4
#
# The lesson's `Value`, then the four local derivatives and `backward()`: a depth-first
# visit puts every node after its parents, and the reversed order reaches a node only
# when all the gradients flowing into it have been added.


# %%
class Value:  # the lesson's engine, as in the lesson
    def __init__(self, data, parents=(), local_grads=()):
        self.data = data
        self.grad = 0.0
        self.parents = parents
        self.local_grads = local_grads

    def __add__(self, other):
        other = other if isinstance(other, Value) else type(self)(other)
        return type(self)(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else type(self)(other)
        return type(self)(self.data * other.data, (self, other), (other.data, self.data))

    __radd__ = __add__
    __rmul__ = __mul__

    def exp(self):
        e = math.exp(self.data)
        return type(self)(e, (self,), (e,))


class MyValue(Value):
    def __pow__(self, n):
        return MyValue(self.data**n, (self,), (n * self.data ** (n - 1),))  # C1

    def tanh(self):
        t = math.tanh(self.data)
        return MyValue(t, (self,), (1 - t * t,))

    def __neg__(self):
        return MyValue(-self.data, (self,), (-1.0,))

    def __sub__(self, other):
        other = other if isinstance(other, Value) else MyValue(other)
        return MyValue(self.data - other.data, (self, other), (1.0, -1.0))

    def backward(self):
        order, seen = [], set()

        def visit(v):  # C2
            if id(v) not in seen:
                seen.add(id(v))
                for p in v.parents:
                    visit(p)
                order.append(v)

        visit(self)
        self.grad = 1.0
        for v in reversed(order):  # C3
            for p, local in zip(v.parents, v.local_grads):
                p.grad += local * v.grad


assert passes("engine.3", MyValue)

# %% [markdown]
# ### Training a small network with it
#
# Four tanh neurons and one output neuron, trained by gradient descent on four
# points. Every gradient comes from your `backward()`:

# %%
import random

random.seed(0)


class Neuron:
    def __init__(self, n_in):
        self.w = [MyValue(random.uniform(-1, 1)) for _ in range(n_in)]
        self.b = MyValue(0.0)

    def __call__(self, xs):
        return sum((wi * xi for wi, xi in zip(self.w, xs)), self.b).tanh()


hidden = [Neuron(2) for _ in range(4)]
output = Neuron(4)
parameters = [p for n in hidden + [output] for p in n.w + [n.b]]

xs = [[2.0, 3.0], [3.0, -1.0], [0.5, 1.0], [1.0, 1.0]]
ys = [1.0, -1.0, -1.0, 1.0]  # the target of each point
for step in range(100):
    predictions = [output([n(x) for n in hidden]) for x in xs]
    loss = sum(((p - y) ** 2 for p, y in zip(predictions, ys)), MyValue(0.0))
    for p in parameters:
        p.grad = 0.0  # clear the old gradient
    loss.backward()
    for p in parameters:
        p.data -= 0.2 * p.grad  # one step against the gradient
    if step % 20 == 0 or step == 99:
        print(f"step {step:2d}: loss = {loss.data:.4f}")
print("predictions:", [round(p.data, 2) for p in predictions])

# %%
all_solutions_pass()  # prints one line, in the course's language
