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
# # 参考答案：2. 什么是导数
#
# [本课](../02_what_a_derivative_is.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import math

import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# 取 $h = 10^{-4}$ 时，中心差分与 $\cos 1$ 的差不超过 $h^2/6 \approx 2 \cdot 10^{-9}$。单侧差分 $(\sin(1 + h) - \sin 1)/h$ 的误差约为 $h/2 \cdot \sin 1 \approx 4 \cdot 10^{-5}$，`check` 会指出这一点。

# %%
h = 1e-4
answer_1 = (math.sin(1 + h) - math.sin(1 - h)) / (2 * h)
print(answer_1, math.cos(1))
assert passes("derivative.1", answer_1)

# %% [markdown]
# ## 练习 2
#
# 一次只扰动一个元素：`e` 在第 `i` 个位置为 `h`，其余为 0。


# %%
def central(f, x, h):
    slopes = torch.zeros_like(x)
    for i in range(x.numel()):
        e = torch.zeros_like(x)
        e[i] = h
        slopes[i] = (f(x + e) - f(x - e)) / (2 * h)
    return slopes


x = torch.tensor([2.0, -1.0], dtype=torch.float64)
print(central(lambda t: (t**3).sum(), x, 1e-6))  # 3x² = [12, 3]
assert passes("derivative.2", central)

# %% [markdown]
# ## 练习 3
#
# 中心差分（蓝色）的曲线在 $h \approx \varepsilon^{1/3} \approx 6 \cdot 10^{-6}$ 附近最低，那里它的两种误差（约 $h^2$ 和 $\varepsilon \cdot |f(x)| / h$）相当。在纵轴上读出它在那里的高度，大约是 $10^{-10}$：很小，但不是 0。不看图，也可以直接测出来：


# %%
def f(x):
    return x**3


import numpy as np

x = torch.tensor(2.0, dtype=torch.float64)
steps = np.logspace(-1, -12, 12)  # 1e-1, 1e-2, ..., 1e-12
errors = [abs(((f(x + h) - f(x - h)) / (2 * h)).item() - 12) for h in steps]
best_h = steps[int(np.argmin(errors))]
print(f"best h = {best_h:.0e}, error = {min(errors):.1e}")  # 在 eps ** (1/3) 附近
assert passes("derivative.3", min(errors))

# %% [markdown]
# ## 练习 4
#
# `2 * x` 是 `[2, 8, 8, 8]`：三个元素并列最大，max 在这里没有导数。最小范数次梯度把传入的 1 平均分开：三个 8 各得 $1/3$，2 得 0。乘以 2 的运算在梯度传向 `x` 的路上再把每一份加倍：`x.grad = [0, 2/3, 2/3, 2/3]`。

# %%
x4 = torch.tensor([1.0, 4.0, 4.0, 4.0], requires_grad=True)
(2 * x4).max().backward()
print(x4.grad)
assert passes("derivative.4", x4.grad)

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
