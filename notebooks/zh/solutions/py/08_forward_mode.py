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
# # 参考答案：8. 前向模式与反向模式
#
# [本课](../08_forward_mode.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# 一次前向模式计算把一个方向 $v$ 推过 $f$，得到 $Jv$：$J$ 的一列。$f$ 有 5 个输入，所以 $J$ 有 5 列：要 5 次。一次反向模式计算把一个 $v$ 拉回来，得到 $v^\top J$：一行。$f$ 有 2 个输出：要 2 次。下面是一个 5 个输入、2 个输出的函数，用两种方式构造它的 $J$。

# %%
def f(x):
    return torch.stack([x.sum(), (x**2).sum()])


x = torch.arange(1.0, 6.0)
columns = [torch.func.jvp(f, (x,), (e,))[1] for e in torch.eye(5)]  # 前向模式
rows = [torch.func.vjp(f, x)[1](e)[0] for e in torch.eye(2)]  # 反向模式
print(torch.stack(columns, dim=1))
print(torch.stack(rows))
assert passes("forward.1", (len(columns), len(rows)))

# %% [markdown]
# ## 练习 2
#
# 把 $a$ 和 $b$ 写成 $(a, a')$ 和 $(b, b')$：数值和它的斜率。商的数值是 $a / b$，斜率遵循商的求导法则：$(a' b - a b') / b^2$。简单验证一下：$b = (2, 0)$ 是常数时，斜率是 $a' / 2$。

# %%
def dual_div(a, b):
    (a_value, a_slope), (b_value, b_slope) = a, b
    return a_value / b_value, (a_slope * b_value - a_value * b_slope) / b_value**2


print(dual_div((6.0, 1.0), (2.0, 0.0)))
assert passes("forward.2", dual_div)

# %% [markdown]
# ## 练习 3
#
# 沿方向 $v = (1, 1)$ 做一次前向计算：$Jv$ 是 $J = ((3, 2), (1, 1), (4, 0))$ 两列之和，即 $(5, 2, 4)$。

# %%
import minigrad as torch


def f3(x):
    return torch.stack([x[0] * x[1], x[0] + x[1], x[0] ** 2])


value, jv = torch.func.jvp(f3, (torch.tensor([2.0, 3.0]),), (torch.tensor([1.0, 1.0]),))
print(jv)
assert passes("forward.3", jv)

# %% [markdown]
# ## 练习 4
#
# 像第 9 课那样求两次导数：先用 `create_graph=True` 求梯度，再求（梯度 · v）的梯度。$H = ((6x_1, 1), (1, 0)) = ((6, 1), (1, 0))$，所以 $Hv = (7, 1)$；`torch.func.hessian` 给出同样的结果。

# %%
def f4(x):
    return x[0] ** 3 + x[0] * x[1]


x4 = torch.tensor([1.0, 2.0], requires_grad=True)
v4 = torch.tensor([1.0, 1.0])
(g4,) = torch.autograd.grad(f4(x4), x4, create_graph=True)
(hv4,) = torch.autograd.grad(g4, x4, grad_outputs=v4)
print(hv4, torch.func.hessian(f4)(x4.detach()) @ v4)
assert passes("forward.4", hv4)

# %% [markdown]
# ## 练习 5
#
# 在 $x = (2, 3)$ 处 $J = ((3, 2), (1, 1), (4, 0))$。前向：$Jv = (3 \cdot 2 + 2 \cdot 1,\ 2 + 1,\ 4 \cdot 2) = (8, 3, 8)$，$u \cdot (Jv) = 8 + 6 - 8 = 6$。反向：$u^\top J = (3 + 2 - 4,\ 2 + 2 - 0) = (1, 4)$，$(u^\top J) \cdot v = 2 + 4 = 6$。正如转置的恒等式所说，是同一个数。

# %%
def f3(x):
    return torch.stack([x[0] * x[1], x[0] + x[1], x[0] ** 2])


x5 = torch.tensor([2.0, 3.0])
u5 = torch.tensor([1.0, 2.0, -1.0])
v5 = torch.tensor([2.0, 1.0])
_, jv5 = torch.func.jvp(f3, (x5,), (v5,))
_, pull5 = torch.func.vjp(f3, x5)
(uj5,) = pull5(u5)
print(jv5, uj5, torch.dot(u5, jv5), torch.dot(uj5, v5))
assert passes("forward.5", torch.dot(u5, jv5))
assert passes("forward.5", torch.dot(uj5, v5))

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
