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
# # 12. Hooks and your own `autograd.Function`
#
# *Goes beyond textbook §2.5: §2.5 calls `torch.Tensor` and `torch.Function` the two
# core classes of autograd (there is no `torch.Function`: the class is
# `torch.autograd.Function`); this lesson writes a `Function` of your own.*
#
# **Sources:** textbook §2.5 (its two core classes); PyTorch's "Extending PyTorch"
# notes (a custom `Function`, `gradcheck`) and "Autograd mechanics" notes (saved
# tensors and their hooks).
#
# **What you will learn**
#
# - `register_hook`: run your own code on the gradient that reaches a tensor, and
#   even replace that gradient;
# - that `retain_grad()` is such a hook, and how to write it yourself;
# - a custom `torch.autograd.Function` with `forward`, `backward` and
#   `ctx.save_for_backward`;
# - how `gradcheck` catches a mistake in a backward written by hand;
# - gradient clipping with a hook;
# - the tensors each operation saves for its backward, and `saved_tensors_hooks`.

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible
# Some cells below fail on purpose: show just the error, not the code it came through
# %xmode Minimal

# %% [markdown]
# ## Watch a gradient go by
#
# Claim: `t.register_hook(fn)` asks the engine to call `fn(grad)` when the gradient
# of `t` has been computed during a backward pass. Here `h = 3x` is not a leaf, so
# its `.grad` stays `None` (lesson 3), but the hook sees its gradient
# $\partial y/\partial h = 2h$ on the way through:

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
handle = h.register_hook(lambda grad: print("gradient reaching h:", grad))
y = (h * h).sum()
y.backward()
print("x.grad =", x.grad)
handle.remove()  # a hook stays until you remove it

# %% [markdown]
# ## `retain_grad()` is a hook
#
# Claim: `h.retain_grad()` registers a hook that stores the gradient in `h.grad`.
# You can write the same thing with a dictionary:

# %%
store = {}
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
h.register_hook(lambda grad: store.update(h=grad))
(h * h).sum().backward()
print(store)

# %% [markdown]
# ## A hook can change the gradient
#
# If the hook returns a tensor, that tensor *replaces* the gradient for the rest of
# the backward pass. Multiply by 10 and `x.grad` is ten times $2x$:

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
x.register_hook(lambda grad: grad * 10)
(x * x).sum().backward()
print(x.grad)

# %% [markdown]
# A practical use: **gradient clipping**. A gradient that is too large makes a
# training step jump too far. A hook that clamps every entry to $[-1, 1]$ caps it
# before it is stored (in a training loop one usually calls
# `torch.nn.utils.clip_grad_norm_` or `clip_grad_value_` after `backward()` instead):

# %%
w = torch.tensor([0.001, -2.0], requires_grad=True)
w.register_hook(lambda grad: grad.clamp(-1.0, 1.0))
loss = (100 * w * w).sum()  # d/dw = 200 w = [0.2, -400]
loss.backward()
print(w.grad)

# %% [markdown]
# ## Your own `autograd.Function`
#
# Lesson 4 showed that every operation is a class with `forward` and `backward`. You
# can write one yourself by subclassing `torch.autograd.Function`. `forward` computes
# the result and saves what `backward` will need with `ctx.save_for_backward`;
# `backward` receives the gradient of the output and returns the gradient of each
# input. Call it with `.apply`. Here is $x^3$, whose derivative is $3x^2$:


# %%
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x**2 * grad


x = torch.tensor([0.5, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
y = Cube.apply(x)
print(y)
y.sum().backward()
print(x.grad)

# %% [markdown]
# The node is named after the class, `CubeBackward`, and it sits in the graph like
# any built-in operation:

# %%
viz.draw_backward(Cube.apply(x).sum())

# %% [markdown]
# ## Saved tensors, in code
#
# `ctx.save_for_backward` is how a `Function` keeps what its backward will need.
# Built-in operations do the same, and PyTorch lets you look: a `grad_fn` shows each
# saved value as an attribute `_saved_<name>`, and `dir(y.grad_fn)` lists them. `mul`
# saves both factors (`self` and `other`); `exp` saves its *result*, because
# $\frac{d}{dx}e^x = e^x$. A saved input is the very tensor you passed in:

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
y = x * w
e = x.exp()
print([name for name in dir(y.grad_fn) if name.startswith("_saved")])
print(y.grad_fn._saved_self is x, y.grad_fn._saved_other is w)
print([name for name in dir(e.grad_fn) if name.startswith("_saved")])
print(e.grad_fn._saved_result)


# %% [markdown]
# These are the tensors a backward pass frees (lesson 5), and the ones whose in-place
# change the version counter catches (lesson 11). To watch every tensor a forward pass
# saves, wrap it in `torch.autograd.graph.saved_tensors_hooks(pack, unpack)`: `pack` is
# called when an operation saves a tensor, and whatever it returns is kept; `unpack` is
# called when the backward pass needs the tensor back. (This is how PyTorch can move
# saved tensors to the CPU, or recompute them, to save memory.)

# %%
def pack(t):
    print("saved:", t)
    return t


def unpack(t):
    print("used: ", t)
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    z = (x * w).sin().sum()
z.backward()
print(x.grad)

# %% [markdown]
# ## Catch a wrong backward with `gradcheck`
#
# Autograd trusts your `backward` completely. Forget the square, and nothing
# complains: the gradients are simply wrong.


# %%
class WrongCube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x * grad  # a mistake: should be 3 * x**2 * grad


x = torch.tensor([0.5, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
WrongCube.apply(x).sum().backward()
print("autograd says:", x.grad)

# %% [markdown]
# `gradcheck` (lesson 2) compares the backward with finite differences and finds it
# out. Always run it on a `Function` you write:

# %%
print("Cube:     ", torch.autograd.gradcheck(Cube.apply, (x,), raise_exception=False))
print("WrongCube:", torch.autograd.gradcheck(WrongCube.apply, (x,), raise_exception=False))

# %% [markdown]
# `False` says *that* something is wrong. Without `raise_exception=False`, `gradcheck`
# says *what*: it raises a `GradcheckError` with both Jacobians. Row $j$, column $i$
# holds $\partial y_i / \partial x_j$ (the transpose of lesson 7's $J$); here only the
# diagonal is non-zero, because
# $y_i$ depends on $x_i$ alone.
# The numerical Jacobian, from nudging each input, has $3x^2 = 0.75, 4.32, 12$ on its
# diagonal; the analytical one, from your `backward`, has $3x = 1.5, -3.6, 6$: the
# square is missing.

# %% tags=["raises-exception"]
torch.autograd.gradcheck(WrongCube.apply, (x,))

# %% [markdown]
# (The `-0.0000` entries are zeros with a sign: your `backward` multiplied a gradient
# of 0 by the negative $3 \cdot (-1.2)$. They equal 0.)
#
# ## More hooks, and a `Function` that does only the work asked for
#
# Claim: four more tools of the extension API, each a line or two.
# - `p.register_post_accumulate_grad_hook(fn)` calls `fn(p)` *after* the engine has
#   added into `p.grad`, so `p.grad` is complete there (a `register_hook` sees the
#   gradient before it is added). Optimizers can run their step right there.
# - `module.register_full_backward_hook(fn)` calls `fn(module, grad_input,
#   grad_output)`: the gradients at the module's outputs and at its inputs.
# - `ctx.needs_input_grad` tells `backward` which inputs want a gradient (here `b`
#   does not): return `None` for the others and skip their work.
# - `torch.autograd.gradgradcheck` checks the *double* backward, which
#   `create_graph=True` (lesson 9) uses, by finite differences too.

# %%
w = torch.tensor([1.0, 2.0], requires_grad=True)
w.register_post_accumulate_grad_hook(lambda p: print("w.grad has landed:", p.grad))
(w * w).sum().backward()

layer = torch.nn.Linear(2, 1)


def show(module, grad_input, grad_output):
    print("Linear:", grad_output, grad_input)


layer.register_full_backward_hook(show)
layer(torch.ones(1, 2, requires_grad=True)).sum().backward()


class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        needs_a, needs_b = ctx.needs_input_grad  # skip the work nobody asked for
        return (grad * b if needs_a else None), (grad * a if needs_b else None)


a = torch.tensor([0.5, -1.0], dtype=torch.float64, requires_grad=True)
b = torch.tensor([2.0, 3.0], dtype=torch.float64)
print(torch.autograd.gradcheck(Mul.apply, (a, b)), torch.autograd.gradgradcheck(Mul.apply, (a, b)))

# %% [markdown]
# ## Same code, real PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 3
    h.register_hook(lambda grad: print("gradient reaching h:", grad))
    (h * h).sum().backward()
    w = torch.tensor([0.001, -2.0], requires_grad=True)
    w.register_hook(lambda grad: grad.clamp(-1.0, 1.0))
    (100 * w * w).sum().backward()
    print(x.grad, w.grad)

    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x**3

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            return 3 * x * grad  # wrong on purpose

    x = torch.tensor([0.5, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
    y = Cube.apply(x)
    y.sum().backward()
    print(y, x.grad, sep="\n")
    print(torch.autograd.gradcheck(Cube.apply, (x,), raise_exception=False))
    torch.autograd.gradcheck(Cube.apply, (x,))  # the message it raises


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# | tool | what it does |
# |---|---|
# | `t.register_hook(fn)` | calls `fn(grad)` when `t`'s gradient is computed; a returned tensor replaces it |
# | `handle.remove()` | removes the hook |
# | `t.retain_grad()` | a built-in hook that stores the gradient in `t.grad` |
# | `class F(torch.autograd.Function)` | your own operation: `forward(ctx, ...)`, `backward(ctx, grad)`, called as `F.apply(...)` |
# | `ctx.save_for_backward(...)` / `ctx.saved_tensors` | keep tensors from forward for backward |
# | `torch.autograd.gradcheck(F.apply, (x,))` | compare your backward with finite differences (inputs in `float64`) |
# | `p.register_post_accumulate_grad_hook(fn)` | calls `fn(p)` once `p.grad` is complete |
# | `module.register_full_backward_hook(fn)` | calls `fn(module, grad_input, grad_output)` |
# | `ctx.needs_input_grad` / `gradgradcheck` | which inputs want a gradient / check the double backward |
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1 (why is this grad `None`?).** This function should return the
# gradient of `y` with respect to the intermediate `h`, but returns `None`. Fix it
# (with `retain_grad()` or a hook).


# %%
def grad_of_h(torch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 6
    y = (h * h).sum()
    y.backward()
    return h.grad


check("hooks.1", grad_of_h)

# %% [markdown]
# **Exercise 2 (fix the backward).** `MyCube` below has a mistake in its `backward`.
# Fix it; `check` runs `gradcheck` on your class. (After `y.sum().backward()` the
# incoming gradient is all ones, which hides this mistake; `gradcheck` feeds other
# gradients and finds it.)


# %%
class MyCube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x * x


check("hooks.2", MyCube)

# %% [markdown]
# **Exercise 3 (what is saved?).** With the `x` and `w` below, both leaves that require
# grad, how many tensors does the forward pass of `(x * w).exp().sum()` save for its
# backward? Count them with `saved_tensors_hooks`.

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
answer_3 = ...  # a number

check("hooks.3", answer_3)

# %% [markdown]
# **Exercise 4 (a step inside backward).** The hook below runs an SGD step on `w` as
# soon as its gradient has landed, then clears `w.grad`. Predict `w` after the
# `backward()` call. Give a list of two numbers.

# %%
w = torch.tensor([1.0, -2.0], requires_grad=True)


def sgd_step(p):
    with torch.no_grad():
        p -= 0.1 * p.grad
    p.grad = None


w.register_post_accumulate_grad_hook(sgd_step)
loss = ((w - 3) ** 2).sum()
answer_4 = ...  # w after loss.backward(): a list of 2 numbers

check("hooks.4", answer_4)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/12_hooks_and_functions.ipynb) notebook. Open it after you have tried.
