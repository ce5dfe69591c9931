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

# %% tags=["language"]
# 中文版：让 explain()、图和小部件说中文（torch 自己的报错信息仍是英文）
import minigrad

minigrad.set_language("zh")

# %% [markdown]
# # 参考答案：12. 钩子与自定义 `autograd.Function`
#
# [本课](../12_hooks_and_functions.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes


# %%
def grad_of_h(torch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 6
    h.retain_grad()  # h is not a leaf: ask it to keep its gradient, before backward()
    y = (h * h).sum()
    y.backward()
    return h.grad


assert passes("hooks.1", grad_of_h)


class MyCube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x * x * grad  # the chain rule: times the incoming gradient


assert passes("hooks.2", MyCube)

# %% [markdown]
# ## 练习 3
#
# 数一数 `pack` 被调用的次数：`mul` 保存两个因子，`exp` 保存它的结果，`sum` 只保存输入的形状，那不是张量。

# %%
import minigrad as torch

saved = []
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: saved.append(t) or t, lambda t: t):
    (x * w).exp().sum()
print(len(saved))
assert passes("hooks.3", len(saved))

# %%
all_solutions_pass()  # 打印一行字，用课程的语言
