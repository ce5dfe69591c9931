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
# # 参考答案：7. 雅可比矩阵
#
# [本课](../07_jacobians.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# $J$ 的第 $i$ 行是输出 $g_i$ 的各个偏导数。对 $g_1 = x_1 x_2$：$\partial g_1/\partial x_1 = x_2 = 5$，$\partial g_1/\partial x_2 = x_1 = 2$。对 $g_2 = x_1 + x_2$，两个偏导数都是 1。所以 $J = ((5, 2), (1, 1))$，`torch.autograd.functional.jacobian` 的结果与此一致。

# %%
def g(x):
    return torch.stack([x[0] * x[1], x[0] + x[1]])


J = torch.autograd.functional.jacobian(g, torch.tensor([2.0, 5.0]))
print(J)
assert passes("jacobian.1", J)

# %% [markdown]
# ## 练习 2
#
# `y.backward(v)` 计算 $v^\top J$：用 $v$ 中的权重把 $J$ 的各行加起来。要单独得到第二行，就给它权重 1、给第一行权重 0：one-hot 的 `v = [[0, 1]]`。在 $x = (2, 3)$ 处 $J = ((4, 3), (2, 6))$，$v^\top J = (2, 6)$。

# %%
x = torch.tensor([[2.0, 3.0]], requires_grad=True)
y = torch.stack([x[0, 0] ** 2 + 3 * x[0, 1], x[0, 1] ** 2 + 2 * x[0, 0]]).reshape(1, 2)
v = [[0.0, 1.0]]
y.backward(torch.tensor(v))
print(x.grad)
assert passes("jacobian.2", v)

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
