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
# # 13. Putting it together: training a model
#
# *Puts textbook §2.5 to work: the parameter learning its first paragraph promises.*
#
# **Sources:** textbook §2.5 at work; PyTorch's autograd tutorial and its "Optimizing
# model parameters" page (the training loop: `zero_grad`, `backward`, `step`).
#
# **What you will learn**
#
# - how everything from lessons 1-12 fits in one training loop: a forward pass builds
#   a graph, `loss.backward()` fills the parameters' `.grad`, the optimizer updates
#   the parameters under `no_grad` and `zero_grad()` clears the gradients;
# - the same loop twice: first by hand with plain tensors, then with `nn` and `optim`;
# - what the graph of one training step looks like;
# - evaluation without a graph.
#
# Training adjusts the parameters to make a loss (the gap between the model's output
# and the expected output) small, step by step against the gradient: **gradient
# descent**. Backpropagation is the backward pass that computes those gradients.

# %%
import minigrad as torch
from minigrad import nn, viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible

# %% [markdown]
# ## Data
#
# Points on the curve $y = x^2 - 1$ for $x = -2.0, -1.9, \dots, 1.9$, with a little noise.
# A straight line cannot fit them; a small network can.

# %%
x = (torch.arange(-20.0, 20.0) / 10).unsqueeze(1)  # 40 inputs, shape (40, 1)
y = x**2 - 1 + 0.1 * torch.randn(40, 1)  # the targets
print(x.shape, y.shape)
print(x[:3].flatten(), y[:3].flatten())

# %% [markdown]
# ## By hand: a line, trained with plain tensors
#
# Start with the smallest model, $\hat y = w x + b$, and write every step ourselves.
# The update `w -= lr * w.grad` is an in-place change of a leaf that requires grad,
# so it must run under `torch.no_grad()` (lesson 10); and the gradients must be cleared
# after each step because `backward()` accumulates them (lesson 5).

# %%
w = torch.zeros(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.1

for step in range(50):
    loss = ((w * x + b - y) ** 2).mean()  # forward: a new graph every step
    loss.backward()  # gradients into w.grad and b.grad
    with torch.no_grad():  # update without recording
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad.zero_()  # clear for the next step
    b.grad.zero_()
    if step % 10 == 0 or step == 49:
        print(f"step {step:2d}  loss {loss.item():.4f}")

print("w =", round(w.item(), 4), " b =", round(b.item(), 4))

# %% [markdown]
# The loss stops falling near the variance of $x^2$ around its mean: a line is the
# wrong shape. It settled on a slope `w` close to 0: the points rise on both sides of
# $x = 0$, so any tilt of the line fits one side better and the other side worse.
#
# ## With `nn` and `optim`: a small network
#
# `nn.Sequential` chains layers; `nn.Linear(1, 16)` holds a weight and a bias, created
# with `requires_grad=True` for you; `nn.Tanh()` bends the line. `optim.Adam` does
# the update and `zero_grad()` the clearing.

# %%
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1))
loss_fn = nn.MSELoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
print(model)
print("parameters:", sum(p.numel() for p in model.parameters()))

# %%
losses = []
for _ in range(200):
    optimizer.zero_grad()  # 1. clear the old gradients
    loss = loss_fn(model(x), y)  # 2. forward: build the graph
    loss.backward()  # 3. backward: fill every parameter's .grad
    optimizer.step()  # 4. update the parameters
    losses.append(loss.item())

for step in range(0, 200, 20):
    bar = "#" * round(40 * losses[step] / losses[0])
    print(f"step {step:3d}  loss {losses[step]:.4f}  {bar}")
print(f"step 199  loss {losses[-1]:.4f}")

# %%
assert losses[-1] < losses[0] / 10  # the loss fell by more than a factor of 10

# %% [markdown]
# The same run, drawn: on the left the loss at every step (a log scale, so that the
# later, smaller improvements still show), on the right the data and the function the
# network has learned:

# %%
from minigrad.lessons import plot_training

with torch.no_grad():
    fitted = model(x)
plot_training(losses, x, y, fitted)

# %% [markdown]
# ## The graph of one step
#
# Claim: each forward pass builds a fresh graph, from the input through every layer to
# the loss, and `loss.backward()` walks it once. Here is the graph of one more step,
# with the parameters named after the model's attributes. `AddmmBackward0` is a linear
# layer ($x W^\top + b$ in one operation), `TBackward0` the transpose of its weight.
# We record the backward pass, so the picture can label each edge with the gradient
# that flowed along it.

# %%
names = {p: name for name, p in model.named_parameters()}
optimizer.zero_grad()
loss = loss_fn(model(x), y)
with viz.record() as rec:
    loss.backward()
viz.draw_backward(loss, names=names, recording=rec, show_values=False, rankdir="TB")

# %% [markdown]
# Step through that backward pass node by node:

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import BackwardStepper

optimizer.zero_grad()
BackwardStepper(loss_fn(model(x), y))

# %% [markdown]
# ## Using the model
#
# To *use* a trained model no graph is needed: run it under `torch.no_grad()`. The
# outputs have no `grad_fn`, and the computation is cheaper.

# %%
with torch.no_grad():
    test_x = torch.tensor([[-1.5], [0.0], [1.5]])
    prediction = model(test_x)
print(prediction.requires_grad, prediction.grad_fn)
for xi, pi in zip(test_x.flatten().tolist(), prediction.flatten().tolist()):
    print(f"x = {xi:+.1f}   model {pi:+.2f}   x² - 1 = {xi**2 - 1:+.2f}")

# %% [markdown]
# ## A deeper network, in one picture
#
# Stack more layers and the graph grows by the same few nodes for every layer.
# `collapse=True` draws a run of identical blocks once, as a box marked ×N that names
# the parameters inside it: here five times a `tanh` followed by the next layer's
# `addmm`, holding the parameters of the `Linear` layers at positions 2, 4, …, 10.

# %%
torch.manual_seed(1)
hidden = [m for _ in range(4) for m in (nn.Linear(16, 16), nn.Tanh())]
deep = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), *hidden, nn.Linear(16, 1))
deep_loss = loss_fn(deep(x), y)
viz.draw_forward(deep_loss, collapse=True)

# %% [markdown]
# Unfolded, the same graph is too big to read at the width of this page. `.zoomable()`
# shows it at a readable size: drag it to pan, zoom with − and + (or Ctrl + wheel),
# press Fit to see all of it, or open it full size in a new tab.

# %% tags=["nbval-ignore-output"]
viz.draw_forward(deep_loss).zoomable()

# %% [markdown]
# ## One gradient per example: `vmap`
#
# Claim: `loss.backward()` gives the gradient of the *batch's* loss, which sums (or
# averages) the examples' gradients away. Some methods need each example's own
# gradient: differential privacy clips each one, and a per-example norm shows which
# examples dominate. `torch.func` writes the loss of *one* example as a function of the
# parameters, takes its `grad`, and `vmap`s that over the batch: one call, a leading
# dimension of examples, no Python loop.

# %%
torch.manual_seed(0)
lin = nn.Linear(3, 1)
xs, ys = torch.randn(4, 3), torch.randn(4, 1)
params = {name: p.detach() for name, p in lin.named_parameters()}


def loss_one(params, x, y):  # the loss of one example, as a function of the parameters
    pred = torch.func.functional_call(lin, params, (x.unsqueeze(0),))
    return ((pred - y) ** 2).mean()


grad_each = torch.func.vmap(torch.func.grad(loss_one), in_dims=(None, 0, 0))
per_example = grad_each(params, xs, ys)
print({name: g.shape for name, g in per_example.items()})
print(per_example["weight"][:, 0])  # one gradient per example
((lin(xs) - ys) ** 2).mean().backward()
print(per_example["weight"].mean(0), lin.weight.grad)  # their mean is the batch's gradient

# %% [markdown]
# ## Same code, real PyTorch
#
# The whole training run again, under both libraries, printing a few losses. (In
# float32, two libraries can round the last bit of a result differently, and 200 steps
# carry such differences along; they stay around $10^{-7}$, far below the 4 decimals
# printed here.)

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    nn = torch.nn
    torch.manual_seed(0)
    x = (torch.arange(-20.0, 20.0) / 10).unsqueeze(1)
    y = x**2 - 1 + 0.1 * torch.randn(40, 1)
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
    for step in range(200):
        optimizer.zero_grad()
        loss = nn.MSELoss()(model(x), y)
        loss.backward()
        optimizer.step()
        if step % 50 == 0:
            print(step, f"{loss.item():.4f}")


compare_with_pytorch(example)

# %% [markdown]
# ## Recap
#
# ```python
# for step in range(steps):
#     optimizer.zero_grad()        # gradients accumulate: clear them   (lesson 5)
#     loss = loss_fn(model(x), y)  # forward: a new dynamic graph       (lesson 1)
#     loss.backward()              # scalar backward to every parameter (lesson 3)
#     optimizer.step()             # update under no_grad               (lesson 10)
# ```
#
# Per-example gradients: `torch.func.vmap(torch.func.grad(loss_one), in_dims=(None, 0, 0))`.
#
# ## Exercises
#
# Replace each `...` and run the cell. `check` says whether you are right; if not, it
# gives a hint. The first hint points at the idea, and each wrong try after it gets a
# closer one. The worked solutions are linked at the end of this section.

# %%
from minigrad.lessons import check

# %% [markdown]
# **Exercise 1.** How many numbers does `nn.Sequential(nn.Linear(2, 8), nn.Tanh(),
# nn.Linear(8, 3))` learn? Count the weights and biases of both layers.

# %%
answer_1 = ...  # an int

check("training.1", answer_1)

# %% [markdown]
# **Exercise 2.** Take `optimizer.zero_grad()` out of a training loop. After three
# backward passes, each through the loss recomputed from the *same* parameters (no
# update in between), how many times larger is `.grad` than after one?

# %%
answer_2 = ...  # an int

check("training.2", answer_2)

# %% [markdown]
# **Exercise 3 (why does this loss not go down?).** This loop fits $w$ in
# $y = w x$ to data made with $w = 3$, but its loss never moves. Find the bug, fix
# the function, and run the cell: `check` trains with your version.


# %%
def train(torch):
    torch.manual_seed(0)
    x = torch.randn(20)
    y = 3 * x
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    losses = []
    for _ in range(20):
        loss = ((w * x - y) ** 2).mean()
        loss.backward()
        optimizer.zero_grad()
        optimizer.step()
        losses.append(loss.item())
    return losses


check("training.3", train)

# %% [markdown]
# **Exercise 4 (per-example gradients).** With a batch of 8 examples and
# `nn.Linear(5, 2)` in place of `lin` above, what shape does `per_example["weight"]`
# have? Give it as a list.

# %%
answer_4 = ...  # a list such as [1, 2, 3]

check("training.4", answer_4)

# %% [markdown]
# Done, or stuck? Each exercise is worked out, step by step, in the
# [Solutions](solutions/13_training_a_model.ipynb) notebook. Open it after you have tried.
