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
# # 参考答案：10. 阻止梯度
#
# [本课](../10_stopping_gradients.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %%
x1 = torch.tensor(2.0, requires_grad=True)
(torch.add(x1, 1) * torch.add(x1, 2).detach()).backward()
assert passes("stopping.1", x1.grad)  # only the path through a: dy/da = b = 4

x2 = torch.ones(1, requires_grad=True)
y2 = 3 * x2
y2.data *= 10
(y2 * 2).backward()
assert passes("stopping.2", x2.grad)  # the recorded ops are ×3 and ×2: 6
assert passes("stopping.3", {"A", "B", "D", "E"})  # eval() changes layers, not autograd

# %%
all_solutions_pass()  # 打印一行字，用课程的语言
