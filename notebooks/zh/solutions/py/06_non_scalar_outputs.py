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
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定。

# %%
from minigrad.lessons import all_solutions_pass, passes

# %%
assert passes("nonscalar.1", [3 * 1.0**2 * 1, 0.0, 3 * 3.0**2 * -1])  # 3x² · v
assert passes("nonscalar.2", [[1.0, 1.0], [1.0, 1.0]])  # x.grad = 2 · v

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
all_solutions_pass()  # 打印一行字，用课程的语言
