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
# # 参考答案：9. 高阶导数
#
# [本课](../09_higher_order.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %%
x1 = torch.tensor(2.0, requires_grad=True)
y1 = torch.tensor(3.0, requires_grad=True)
(dz_dx,) = torch.autograd.grad(x1 * x1 * y1, x1, create_graph=True)
(d2z_dxdy,) = torch.autograd.grad(dz_dx, y1)
assert passes("higher.1", d2z_dxdy)  # d(2xy)/dy = 2x = 4

x2 = torch.tensor(2.0, requires_grad=True)
(x2**3).backward(create_graph=True)
x2.grad.backward()
assert passes("higher.2", x2.grad)  # 3x² + 6x = 12 + 12 = 24
assert passes("higher.3", ("retain_graph", "create_graph"))

# %%
all_solutions_pass()  # 打印一行字，用课程的语言
