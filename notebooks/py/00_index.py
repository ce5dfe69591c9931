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
# # How PyTorch's autograd works: a course in fourteen notebooks
#
# These lessons rebuild every example of four texts on PyTorch's automatic
# differentiation (a textbook's §2.5, an article on `torch.autograd.grad`, PyTorch's
# autograd tutorial and a d2l-style post; each lesson names the ones it follows under
# its title) with **minigrad**, a small autograd written in numpy that prints what
# PyTorch 2.13 prints (the few known differences are listed in the README). Each lesson starts with
# `import minigrad as torch`, so the code is ordinary PyTorch code; what minigrad
# adds is that every graph can be *drawn*, stepped through and read.
#
# | # | Notebook | Textbook | What it teaches |
# |---|---|---|---|
# | 1 | [Tensors and the computation graph](01_tensors_and_graphs.ipynb) | §2.5.1, §2.5.2, figure 2-9 | leaves and non-leaves, `requires_grad` and how it spreads, `grad_fn`, `is_leaf`, a dynamic graph rebuilt on every forward |
# | 2 | [What a derivative is](02_what_a_derivative_is.ipynb) | background | nudging an input by $h$, forward and central differences, why float64, checking autograd with `torch.autograd.gradcheck` |
# | 3 | [Backward from a scalar](03_scalar_backward.ipynb) | §2.5.3, figures 2-9 and 2-10 | `z = w*x + b` forward and gradient flow, the chain rule for `y = (x+1)*(x+2)`, why non-leaf grads are `None`, `retain_grad()` |
# | 4 | [Inside minigrad: how backward runs](04_inside_backward.ipynb) | figure 2-10, opened up | one derivative rule (`MulBackward0`), the node record, the engine's topological order, the fan-out bug of a naive engine, a scalar engine of your own in 40 lines |
# | 5 | [`backward()` and `autograd.grad()`](05_backward_vs_grad.ipynb) | §2.5.1 points 4 and 6 | stored against returned gradients, `retain_graph` and the "backward through the graph a second time" error, accumulation, `zero_()` and `optimizer.zero_grad()` |
# | 6 | [Backward from a non-scalar output](06_non_scalar_outputs.ipynb) | §2.5.4 | why `backward()` needs `gradient`, vector-Jacobian products, `y.sum()` against `torch.ones_like`, the weighted `view` example |
# | 7 | [Jacobians](07_jacobians.ipynb) | §2.5.4 | $y_1 = x_1^2 + 3x_2$, $y_2 = x_2^2 + 2x_1$, the `[6, 9]` trap, the Jacobian row by row with `retain_graph`, `autograd.functional.jacobian` |
# | 8 | [Forward mode and reverse mode](08_forward_mode.ipynb) | beyond §2.5.4 | dual numbers, `jvp` against `vjp`, columns against rows of $J$, why training uses reverse mode |
# | 9 | [Higher-order derivatives](09_higher_order.ipynb) | beyond §2.5 | `z = x*x*y`, `create_graph`, grad of grad, the 18-instead-of-6 trap and its fix, a Hessian, `retain_graph` against `create_graph` |
# | 10 | [Stopping gradients](10_stopping_gradients.ipynb) | §2.5.1 points 2 and 8 | `no_grad`, `detach()`, freezing and fine-tuning, `requires_grad_(False)`, `inference_mode`, what `model.eval()` does not do, kinks and the `torch.where` NaN trap, `detect_anomaly` |
# | 11 | [In-place changes, `.data` and the version counter](11_inplace_and_versions.ipynb) | §2.5.1 point 8 | `.data` against a recorded in-place op, in-place ops on leaves, the version counter, why `detach()` is safer than `.data`, the article's `x.grad.data.zero_()` |
# | 12 | [Hooks and your own `autograd.Function`](12_hooks_and_functions.ipynb) | beyond §2.5 | `register_hook`, `retain_grad` as a hook, a custom `Function` with `ctx.save_for_backward`, a wrong backward caught by `gradcheck`, gradient clipping |
# | 13 | [Putting it together](13_training_a_model.ipynb) | §2.5 at work | a small model trained with `nn` and `optim`, the loss falling, the graph of one training step |
# | 14 | [Your own PyTorch model](14_your_own_pytorch_model.ipynb) | after §2.5 | a real `torch` model drawn, stepped and explained; minigrad's and torch's pictures side by side |
#
# The "Textbook" column gives the section (and figure) of the book that each lesson
# rebuilds, so that a reader of the book can find their place. Every lesson runs in
# a few seconds, ends with exercises that check your answers (a wrong answer gets a
# hint that points at the idea first, and a closer one at each further try; worked
# solutions are in `notebooks/solutions/`, one notebook per lesson), and compares its code with real PyTorch, which
# `make lab` installs (the CPU build of 2.13.0). Cells that show an error on purpose are marked with the tag
# `raises-exception`; the lessons that have such cells start with `%xmode Minimal`, so that an
# error shows only its type and message, as PyTorch's would. Lessons 5, 10 and 11 also
# load minigrad's error explainer with `%load_ext minigrad`: under an autograd error it
# says what happened, where in your graph, and the fix, for minigrad and for real torch
# tensors. Run `%load_ext minigrad` in your own notebook to turn it on there, and
# `%unload_ext minigrad` to turn it off (in a plain Python script:
# `minigrad.error_help.install()`).
#
# **How to read the pictures.** Blue ellipses are leaves that require grad, white ones
# constant tensors (a plain Python number, such as the 1 in `x + 1`, is a bare grey
# label without an outline), orange ones computed tensors (a double border marks the output). Grey
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
