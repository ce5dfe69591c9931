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
# # 参考答案：3. 标量反向传播
#
# [本课](../03_scalar_backward.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# $dy/dx = (x + 2) + (x + 1)$：每条路径贡献一项。在 $x = -1$ 处等于 $1 + 0 = 1$。

# %%
x1 = torch.tensor(-1.0, requires_grad=True)
((x1 + 1) * (x1 + 2)).backward()
print(x1.grad)
assert passes("scalar.1", x1.grad)

# %% [markdown]
# ## 练习 2
#
# 三条路径在 `x` 处汇合，每条带来 $x^2$：合起来是 $3x^2 = 27$。

# %%
x2 = torch.tensor(3.0, requires_grad=True)
(x2 * x2 * x2).backward()
print(x2.grad)
assert passes("scalar.2", x2.grad)

# %% [markdown]
# ## 练习 3
#
# 在 `backward()` 之前对 `y` 调用 `y.retain_grad()`：让这个非叶子节点保留它的梯度。（`z.retain_grad()` 保留的是 `z` 的梯度，不是 `y` 的。）

# %%
x = torch.Tensor([2])
w = torch.tensor([0.5], requires_grad=True)
b = torch.tensor([1.0], requires_grad=True)
y = w * x
y.retain_grad()  # 要在 backward() 之前调用
z = y + b
z.backward()
print(y.grad)
assert passes("scalar.3", "y.retain_grad()")

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
