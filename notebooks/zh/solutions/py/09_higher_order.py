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
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# 先把 $z = x^2 y$ 对 $x$ 求导：$\partial z / \partial x = 2xy$。`create_graph=True` 把这次计算记录下来，于是可以再对 $y$ 求导：$\partial(2xy) / \partial y = 2x$，在 $x = 2$ 处等于 4。

# %%
x1 = torch.tensor(2.0, requires_grad=True)
y1 = torch.tensor(3.0, requires_grad=True)
(dz_dx,) = torch.autograd.grad(x1 * x1 * y1, x1, create_graph=True)
(d2z_dxdy,) = torch.autograd.grad(dz_dx, y1)
print(dz_dx, d2z_dxdy)
assert passes("higher.1", d2z_dxdy)

# %% [markdown]
# ## 练习 2
#
# `s.backward(create_graph=True)` 把 $3x^2 = 12$ 放进 `x.grad`，而这个 `x.grad` 带有计算图。`x.grad.backward()` 再对 $3x^2$ 求导，得到 $6x = 12$，并把它*累加*到 `x.grad` 上；`x.grad` 里还是 12（没有谁清零）：$12 + 12 = 24$。

# %%
x2 = torch.tensor(2.0, requires_grad=True)
(x2**3).backward(create_graph=True)
print(x2.grad)
x2.grad.backward()
print(x2.grad)
assert passes("higher.2", x2.grad)

# %% [markdown]
# ## 练习 3
#
# (a) 第二次 `loss.backward()` 走的是同一张计算图，所以第一次不能释放保存的张量：`retain_graph=True`。这里没有对梯度求导，所以不需要别的。(b) 梯度惩罚要对梯度求导，所以反向传播本身也必须被记录成计算图：`create_graph=True`（它也会保留计算图，因为 `retain_graph` 的缺省值就是 `create_graph`）。

# %%
w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w**3).sum()
loss.backward(retain_graph=True)  # (a)
loss.backward()  # 再走一遍同一张图：梯度累加
print(w.grad)
u = torch.tensor([1.0, 2.0], requires_grad=True)
(grad_u,) = torch.autograd.grad((u**3).sum(), u, create_graph=True)  # (b)
(grad_u**2).sum().backward()  # 惩罚项 ‖∂L/∂u‖² 的梯度
print(u.grad)
assert passes("higher.3", ("retain_graph", "create_graph"))

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
