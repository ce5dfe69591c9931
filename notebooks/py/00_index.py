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
# # How PyTorch's autograd works: a course in eight notebooks
#
# These lessons rebuild every example of four textbook sections on PyTorch's
# automatic differentiation with **minigrad**, a small autograd written in numpy
# that prints exactly what PyTorch 2.13 prints. Each lesson starts with
# `import minigrad as torch`, so the code is ordinary PyTorch code; what minigrad
# adds is that every graph can be *drawn*, stepped through and read.
#
# | # | Notebook | What it teaches |
# |---|---|---|
# | 1 | [Tensors and the computation graph](01_tensors_and_graphs.ipynb) | leaves and non-leaves, `requires_grad` and how it spreads, `grad_fn`, `is_leaf`, a dynamic graph rebuilt on every forward |
# | 2 | [Backward from a scalar](02_scalar_backward.ipynb) | `z = w*x + b` forward and gradient flow, the chain rule for `y = (x+1)*(x+2)`, why non-leaf grads are `None`, `retain_grad()` |
# | 3 | [`backward()` and `autograd.grad()`](03_backward_vs_grad.ipynb) | stored against returned gradients, `retain_graph` and the "backward through the graph a second time" error, accumulation, `zero_()` and `optimizer.zero_grad()` |
# | 4 | [Backward from a non-scalar output](04_non_scalar_outputs.ipynb) | why `backward()` needs `gradient`, vector-Jacobian products, `y.sum()` against `torch.ones_like`, the weighted `view` example |
# | 5 | [Jacobians](05_jacobians.ipynb) | $y_1 = x_1^2 + 3x_2$, $y_2 = x_2^2 + 2x_1$, the `[6, 9]` trap, the Jacobian row by row with `retain_graph`, `autograd.functional.jacobian` |
# | 6 | [Higher-order derivatives](06_higher_order.ipynb) | `z = x*x*y`, `create_graph`, grad of grad, the 18-instead-of-6 trap and its fix, a Hessian |
# | 7 | [Stopping gradients](07_stopping_gradients.ipynb) | `no_grad`, `detach()`, `.data` against recorded in-place ops, in-place rules for leaves, the version counter |
# | 8 | [Putting it together](08_training_a_model.ipynb) | a small model trained with `nn` and `optim`, the loss falling, the graph of one training step |
#
# Every lesson runs in a few seconds, ends with exercises that check your answers,
# and compares its code with real PyTorch when PyTorch is installed (it is not
# required). Cells that show an error on purpose are marked with the tag
# `raises-exception`.
#
# **How to read the pictures.** Blue ellipses are leaves that require grad, white ones
# constants, orange ones computed tensors (a double border marks the output). Grey
# boxes are operations, or in the gradient-flow view the `grad_fn` nodes that
# `backward()` runs; green boxes are `AccumulateGrad`, which adds a gradient into a
# leaf's `.grad`. A dashed red line is a cut (`detach`, `.data`, `no_grad`). Every
# picture carries its own legend:

# %%
import minigrad as torch
from minigrad import viz

x = torch.tensor(2.0, requires_grad=True)
y = (x + 1) * (x + 2)
viz.draw_forward(y)
