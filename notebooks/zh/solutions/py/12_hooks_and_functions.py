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
# # 参考答案：12. 钩子与自定义 `autograd.Function`
#
# [本课](../12_hooks_and_functions.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# `h = x * 6` 是由运算得到的，所以它不是叶子节点，而 `backward()` 不会保留非叶子节点的梯度：`h.grad` 一直是 `None`（torch 还会发出警告）。在 `backward()` 之前用 `h.retain_grad()` 让 `h` 保留梯度。因为 $y = \sum h^2$，`h.grad` 就是 $dy/dh = 2h = (12, 24)$。

# %%
def grad_of_h(torch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 6
    h.retain_grad()  # h 不是叶子节点：在 backward() 之前让它保留梯度
    y = (h * h).sum()
    y.backward()
    return h.grad


print(grad_of_h(torch))
assert passes("hooks.1", grad_of_h)

# %% [markdown]
# ## 练习 2
#
# `Function` 的 `backward` 收到传入的梯度 `grad` $= \partial L / \partial y$，要返回 $\partial L / \partial x$ = `grad` $\cdot\, dy/dx$（链式法则）。`MyCube` 只返回了 $3x^2$，忘了乘上 `grad`。`y.sum().backward()` 之后 `grad` 全是 1，所以错误被掩盖了；`gradcheck` 会传入别的梯度，于是发现了它。

# %%
class MyCube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x * x * grad  # 链式法则：乘以传入的梯度


x = torch.tensor([0.5, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(MyCube.apply, (x,)))
assert passes("hooks.2", MyCube)

# %% [markdown]
# ## 练习 3
#
# 数一数 `pack` 被调用的次数：`mul` 保存两个因子，`exp` 保存它的结果，`sum` 只保存输入的形状，那不是张量。

# %%
import minigrad as torch

saved = []
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: saved.append(t) or t, lambda t: t):
    (x * w).exp().sum()
print(len(saved))
assert passes("hooks.3", len(saved))

# %% [markdown]
# ## 练习 4
#
# 钩子在 `backward()` 之中运行，就在引擎把梯度累加进 `w.grad` 之后：$2(w - 3) = (-4, -10)$。接着这一步更新逆着梯度移动 `w`：$(1, -2) - 0.1 \cdot (-4, -10) = (1.4, -1.0)$，然后清掉 `w.grad`。（优化器的一步更新就可以这样并入反向传播，一次一个参数，不必让每个参数的梯度在内存里等着其他参数。）

# %%
w4 = torch.tensor([1.0, -2.0], requires_grad=True)


def sgd_step(p):
    with torch.no_grad():
        p -= 0.1 * p.grad
    p.grad = None


w4.register_post_accumulate_grad_hook(sgd_step)
((w4 - 3) ** 2).sum().backward()
print(w4, w4.grad)
assert passes("hooks.4", w4)

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
