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
# # 参考答案：5. `backward()` 与 `autograd.grad()`
#
# [本课](../05_backward_vs_grad.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# $x = 1$ 时 $dq/dx = 10x = 10$，每次 `backward()` 都把它加进 `x.grad`：$3 \cdot 10 = 30$。

# %%
x = torch.tensor(1.0, requires_grad=True)
q = 5 * x * x
for _ in range(3):
    q.backward(retain_graph=True)
print(x.grad)
assert passes("grad.1", x.grad)

# %% [markdown]
# ## 练习 2
#
# 第一次 `autograd.grad` 释放了计算图，而 `z = x * x * y` 保存了第二次调用要用的张量。要么一次调用同时求两个输入的梯度（只做一次反向传播），要么在第一次调用时用 `retain_graph=True` 保留计算图。


# %%
def grads(torch, x, y):
    z = x * x * y
    return torch.autograd.grad(z, [x, y])  # 一次反向传播求两个输入


def grads_kept(torch, x, y):
    z = x * x * y
    (gx,) = torch.autograd.grad(z, x, retain_graph=True)  # 为下一次调用保留计算图
    (gy,) = torch.autograd.grad(z, y)
    return gx, gy


print(grads(torch, torch.tensor(2.0, requires_grad=True), torch.tensor(3.0, requires_grad=True)))
assert passes("grad.2", grads)
assert passes("grad.2", grads_kept)

# %% [markdown]
# ## 练习 3
#
# $b = 2a = -0.6$。翻倍 11 次得到 $-0.6 \cdot 2048 = -1228.8$，这是第一个满足 $|b| \ge 1000$ 的值。它的和是负数，所以 `c = 100 * b`：$d = 100 \cdot 2 \cdot 2^{11} \cdot a = 409600 \, a$，梯度是 $409600$。


# %%
def f(a):
    b = a * 2
    while b.norm() < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c


a = torch.tensor(-0.3, requires_grad=True)
d = f(a)
d.backward()
print(a.grad, d / a)  # 同一个 k
assert passes("grad.3", a.grad)

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
