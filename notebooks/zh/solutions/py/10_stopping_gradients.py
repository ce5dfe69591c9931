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
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# 截断 `b` 之后，只剩下经过 `a = x + 1` 的路径：$\partial y/\partial x = b \cdot \partial a/\partial x = x + 2 = 4$。

# %%
x1 = torch.tensor(2.0, requires_grad=True)
(torch.add(x1, 1) * torch.add(x1, 2).detach()).backward()
print(x1.grad)
assert passes("stopping.1", x1.grad)

# %% [markdown]
# ## 练习 2
#
# `no_grad`、`inference_mode`，以及截断的输入加上冻结的参数，都不留下任何需要梯度的东西，所以什么都不记录。`model.eval()` 只改变 Dropout 这类层的行为：(C) 是例外。

# %%
assert passes("stopping.2", {"A", "B", "D", "E"})

# %% [markdown]
# ## 练习 3
#
# 即使在 `where` 丢掉的那一支里，`log` 也不能看到 $x \le 0$：在取对数之前，把这些输入换成一个安全的值（1，它的对数是 0）。这样不用的那一支斜率有限，0 乘以它还是 0。

# %%
def f(x):
    safe = torch.where(x > 0, x, 1.0)
    return torch.where(x > 0, safe.log(), 0.0)


x3 = torch.tensor([-1.0, 0.0, 0.5, 2.0], requires_grad=True)
f(x3).sum().backward()
print(x3.grad)
assert passes("stopping.3", f)

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
