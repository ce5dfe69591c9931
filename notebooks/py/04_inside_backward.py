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
# # 4. Inside minigrad: how `backward()` runs
#
# *Opens up textbook §2.5.2's figure 2-10: the nodes of the gradient-flow graph, the
# rules inside them, and the loop that runs them.*
#
# **Sources:** textbook §2.5.2 (figure 2-10); micrograd's lecture (a `Value` engine
# built by hand); PyTorch's "Autograd mechanics" note.
#
# **What you will learn**
#
# - what one derivative rule looks like in code (`MulBackward0`);
# - what a node of the backward graph records: its inputs' nodes and the tensors it
#   saved;
# - the engine's order: a node runs only when **all** the gradients flowing into it
#   have arrived and been summed (a *topological order*);
# - the bug of a naive engine that runs a node as soon as it reaches it;
# - how to write a scalar autograd engine of your own in about 40 lines, and check it
#   against minigrad.

# %%
import inspect
import math

import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible

# %% [markdown]
# ## One derivative rule
#
# Every operation in minigrad is a small class named like PyTorch's `grad_fn`. Its
# `forward` computes the result and saves what the derivative will need; its
# `backward` receives the gradient of the output (`grad`) and returns one gradient
# per input. (In PyTorch the `grad_fn` object has only the backward part; the forward
# is a separate C++ kernel.) For $a \cdot b$ the rule is $\partial/\partial a = b$ and
# $\partial/\partial b = a$, each multiplied by `grad` (the chain rule):

# %%
from minigrad.ops.elementwise import MulBackward0

print(inspect.getsource(MulBackward0))

# %% [markdown]
# `ctx.needs_input_grad` says which inputs require grad: the rule saves `b` only if
# the gradient for `a` will be needed, and the other way round. The whole calculus
# sheet is in `minigrad/ops/elementwise.py`; every class there has this shape.
#
# ## The node record
#
# Running `z = w * x + b` records one node per operation. `z.grad_fn` is the last one,
# and `next_functions` links each node to the nodes of its inputs, together with the
# number of the output it came from. Leaves that require grad end in an
# `AccumulateGrad` node; a constant (`x`) has no node (`None`):

# %%
w = torch.tensor(2.0, requires_grad=True)
x = torch.tensor(3.0)
b = torch.tensor(1.0, requires_grad=True)
z = w * x + b


def names(node):
    return [(fn.name() if fn is not None else None, nr) for fn, nr in node.next_functions]


print(z.grad_fn.name(), "->", names(z.grad_fn))
mul = z.grad_fn.next_functions[0][0]
print(mul.name(), "->", names(mul))

# %% [markdown]
# In the picture each grey box is one of these nodes, and "saved" lists what its
# `forward` kept (figure 2-10 of the book, with the saved tensors shown):

# %%
viz.draw_backward(z, show_saved=True)

# %% [markdown]
# ## The engine loop
#
# `backward()` is in `minigrad/core/engine.py` (`run_backward`). Stripped of its
# options, it does three things:
#
# 1. walk the graph once from the output and count, for every node, how many
#    gradients will flow into it (`_count_dependencies`, printed below);
# 2. put the output's node in a queue of *ready* nodes, with the gradient 1;
# 3. repeatedly take a ready node, call its `backward` with the **sum** of the
#    gradients that arrived, and hand each result to the next node. A node whose
#    count of expected gradients drops to 0 becomes ready. Among ready nodes, the one
#    created last in the forward pass runs first. PyTorch's CPU engine breaks the tie
#    the same way today, but that is an implementation detail, not a promise: any
#    order that runs a node after every node feeding it gives the same gradients.

# %%
from minigrad.autograd import engine

print(inspect.getsource(engine._count_dependencies))

# %% [markdown]
# Why wait for *all* incoming gradients? Take $y = a \cdot b$ with $a = x + 1$ and
# $b = 2a$: `a` is used twice (it *fans out*), so two gradients flow back into
# `AddBackward0`, one straight from the product and one through `b`. The engine
# records the order in which it really ran the nodes:

# %%
x = torch.tensor(3.0, requires_grad=True)
a = x + 1
b = a * 2
y = a * b  # y = 2(x + 1)², dy/dx = 4(x + 1) = 16
with viz.record() as rec:
    y.backward()
print([step["node"].name() for step in rec.steps])
print(x.grad)

# %% [markdown]
# `AddBackward0` ran only after *both* `MulBackward0` nodes. Step through the same
# pass on a fresh graph (a backward pass frees the tensors its graph saved, as lesson 5
# shows, so we build it again): the stepper shows
# the gradients arriving at each node and their sum.

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import BackwardStepper

x = torch.tensor(3.0, requires_grad=True)
a = x + 1
y = a * (a * 2)
BackwardStepper(y)  # replays y.backward() one node at a time

# %% [markdown]
# ## Your own engine in 40 lines
#
# Here is a complete autograd for Python numbers. A `Value` remembers its parents
# and, for each, the local derivative $\partial(\text{self})/\partial(\text{parent})$.
# First the operations; `backward()` comes after a first attempt that goes wrong.


# %%
class Value:
    """A number that remembers how it was made: one node of the graph."""

    def __init__(self, data, parents=(), local_grads=()):
        self.data = data
        self.grad = 0.0
        self.parents = parents  # the inputs of the operation that made this value
        self.local_grads = local_grads  # d(self)/d(parent), one per parent

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


# %% [markdown]
# ### A first attempt: a naive engine
#
# A first attempt at `backward()` often goes depth first from the output and pushes a
# node's gradient on to its parents the first time it reaches the node. On a graph
# without fan-out that works. On the fan-out example ($y = a \cdot b$ with $a = x + 1$
# and $b = 2a$) it pushes `a`'s gradient to `x` *before* the contribution through `b`
# has arrived, and never again:


# %%
def fan_out(x):
    a = x + 1
    b = a * 2
    return a * b


def naive_backward(out):
    out.grad = 1.0
    seen = set()

    def push(v):
        seen.add(id(v))
        for p, local in zip(v.parents, v.local_grads):
            p.grad += local * v.grad
        for p in v.parents:
            if id(p) not in seen:
                push(p)  # runs p now, whether or not all its gradients have arrived

    push(out)


xv = Value(3.0)
naive_backward(fan_out(xv))
print("naive engine:", xv.grad, "  correct:", 4 * (3.0 + 1))

# %% [markdown]
# It reports 8: only the path $y \to a \to x$, with the path through $b$ lost.
#
# ### The fix: a topological order
#
# `backward()` first puts the nodes in topological order (every node after everything
# it depends on), then walks that order backwards: when a node is reached, every
# gradient that flows into it has already been added. (minigrad's engine gets the same
# guarantee from the counts of step 1 of its loop: `AddBackward0` of `a` waits for two
# gradients, so it cannot run after the first.)


# %%
def backward(self):
    order, seen = [], set()

    def visit(v):  # depth first: a node goes in after all of its parents
        if id(v) not in seen:
            seen.add(id(v))
            for p in v.parents:
                visit(p)
            order.append(v)

    visit(self)
    self.grad = 1.0
    for v in reversed(order):  # from the output back to the leaves
        for p, local in zip(v.parents, v.local_grads):
            p.grad += local * v.grad  # chain rule; += sums the paths


Value.backward = backward  # every Value now has the method

# %% [markdown]
# Check it against minigrad on the fan-out example and on $z = e^{wx} + wx$:


# %%
def two_paths(w, x):
    return (w * x).exp() + w * x


xv = Value(3.0)
fan_out(xv).backward()
xt = torch.tensor(3.0, requires_grad=True)
fan_out(xt).backward()
print("fan_out:   mine", xv.grad, "  minigrad", xt.grad.item())

wv, xv = Value(0.5), Value(2.0)
two_paths(wv, xv).backward()
wt, xt = torch.tensor(0.5, requires_grad=True), torch.tensor(2.0, requires_grad=True)
two_paths(wt, xt).backward()
print("two_paths: mine", round(wv.grad, 4), round(xv.grad, 4), "  minigrad", wt.grad, xt.grad)

# %% [markdown]
# ## Same code, real PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    w = torch.tensor(2.0, requires_grad=True)
    b = torch.tensor(1.0, requires_grad=True)
    z = w * torch.tensor(3.0) + b
    node = z.grad_fn
    print(node.name(), [(f.name() if f else None, nr) for f, nr in node.next_functions])
    mul = node.next_functions[0][0]
    print(mul.name(), [(f.name() if f else None, nr) for f, nr in mul.next_functions])
    x = torch.tensor(3.0, requires_grad=True)
    a = x + 1
    y = a * (a * 2)
    y.backward()
    print(y, x.grad)


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# - A derivative rule is a class: `forward` saves what the derivative needs,
#   `backward` turns the output's gradient into one gradient per input.
# - Nodes link to their inputs' nodes through `next_functions`; leaves end in
#   `AccumulateGrad`.
# - The engine counts the gradients each node expects, and runs a node only when all
#   have arrived and been summed: a topological order.
# - An engine that runs a node as soon as it reaches it loses gradients where the
#   graph fans out.
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1 (backprop by hand).** Before the engine does it, do it yourself, as in
# micrograd's lecture. For the neuron below, find the gradient of the output `o` with
# respect to each of the five leaves: start at `o` with gradient 1 and walk back one
# operation at a time, multiplying by each local derivative. Then check your numbers
# with `viz.draw_backward` on the same neuron built from tensors.

# %%
# micrograd's neuron: o = tanh(x1*w1 + x2*w2 + b)
x1, x2, w1, w2, b = 2.0, 0.0, -3.0, 1.0, 6.8813735870195432
n = x1 * w1 + x2 * w2 + b
o = math.tanh(n)
print(f"n = {n:.4f}, o = {o:.4f}")
grads_by_hand = {"x1": ..., "w1": ..., "x2": ..., "w2": ..., "b": ...}  # do/d(leaf)

check("engine.hand", grads_by_hand)

# %% [markdown]
# **Exercise 2 (predict the engine).** For
# `out = torch.exp(x * w) + torch.sin(x)` (with `x` and `w` leaves that require
# grad), give an order in which an engine can run the four operation nodes: each
# node only after every node that sends it a gradient. Leave out the
# `AccumulateGrad` nodes. There is more than one right answer; a `BackwardStepper`
# shows the one minigrad (and PyTorch) picks.

# %%
order = ...  # a list of node names, e.g. ["XBackward0", "YBackward0", ...]

check("engine.1", order)

# %% [markdown]
# **Exercise 3 (a rule of your own).** Write the backward rule of `exp`: given the
# input value `x` (a number) and the gradient `grad` arriving from the output, return
# the gradient for `x`. `check` compares it with minigrad's `ExpBackward0`.


# %%
def exp_backward(x, grad):
    return ...


check("engine.2", exp_backward)

# %% [markdown]
# **Exercise 4 (build the engine yourself).** As in micrograd's lecture, extend the
# `Value` engine above. `MyValue` inherits `+`, `*` and `exp` (which make `MyValue`s,
# thanks to `type(self)`). Replace each `...` with the local derivative of `**` (by a
# plain number), `tanh`, unary `-` and binary `-`, and write `backward()` yourself,
# without looking at the one above. `check` builds 25 random expressions of three
# inputs that share nodes, like the one drawn below, and compares your values and
# gradients with minigrad's. The solutions notebook then trains a small network
# with it.

# %%
a = torch.tensor(0.5, requires_grad=True)
b = torch.tensor(-1.0, requires_grad=True)
h = (a * b - a).tanh()
viz.draw_forward(h**2 + (-b).exp() + h)  # one expression of the kind check builds


# %%
class MyValue(Value):
    def __pow__(self, n):  # n is a plain number, as in x**2
        return MyValue(self.data**n, (self,), (...,))  # d(x**n)/dx

    def tanh(self):
        t = math.tanh(self.data)
        return MyValue(t, (self,), (...,))  # d(tanh x)/dx, written with t

    def __neg__(self):
        return MyValue(-self.data, (self,), (...,))

    def __sub__(self, other):
        other = other if isinstance(other, Value) else MyValue(other)
        return MyValue(self.data - other.data, (self, other), (..., ...))

    def backward(self): ...  # topological order first, then the chain rule from the output


check("engine.3", MyValue)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/04_inside_backward.ipynb) notebook. Open it after you have tried.
