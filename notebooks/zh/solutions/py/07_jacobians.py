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
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

jacobian = torch.autograd.functional.jacobian


# %%
def g(x):
    return torch.stack([x[0] * x[1], x[0] + x[1]])


assert passes("jacobian.1", jacobian(g, torch.tensor([2.0, 5.0])))  # [[5, 2], [1, 1]]
assert passes("jacobian.2", [[0.0, 1.0]])  # a one-hot v picks row 2

# %%
all_solutions_pass()  # 打印一行字，用课程的语言
