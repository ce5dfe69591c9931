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
# # 参考答案：6. 非标量反向传播
#
# [本课](../06_non_scalar_outputs.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# `backward(v)` 计算的是 $v^\top J$。这里 $y_i = x_i^3$ 只依赖 $x_i$，所以 $J$ 是对角矩阵，对角元为 $3x_i^2$；$v^\top J$ 把每个 $3x_i^2$ 乘以 $v_i$：$(3 \cdot 1^2 \cdot 1,\ 3 \cdot 2^2 \cdot 0,\ 3 \cdot 3^2 \cdot (-1)) = (3, 0, -27)$。

# %%
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(x**3).backward(torch.tensor([1.0, 0.0, -1.0]))
print(x.grad)
assert passes("nonscalar.1", x.grad)

# %% [markdown]
# ## 练习 2
#
# `z = (2 * x).view(2, 2)` 只是把四个值 $2x_k$ 排成方阵，所以 $\partial(\sum v_{ij} z_{ij}) / \partial x_k = 2 v_k$，$v$ 按 `z` 的顺序读取。要让 `x.grad` 等于 `[2, 2, 2, 2]`，每个 $v_k$ 都必须是 1：`v = [[1, 1], [1, 1]]`。

# %%
v = [[1.0, 1.0], [1.0, 1.0]]
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
(2 * x).view(2, 2).backward(torch.tensor(v))
print(x.grad)
assert passes("nonscalar.2", v)

# %% [markdown]
# ## 练习 3
#
# `x @ w + b` 的形状是 `[5, 3]`：5 行中的每一行都用了一次 `b`。损失是求和，所以每个输出传回 1，`b` 的每个元素被用了 5 次，加起来是 5。`b.grad` 的形状与 `b` 相同，是 `[3]`。

# %%
import minigrad as torch

x = torch.ones(5, 2)
w = torch.ones(2, 3, requires_grad=True)
b = torch.zeros(3, requires_grad=True)
(x @ w + b).sum().backward()
print(b.grad)
assert passes("nonscalar.3", b.grad)

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
