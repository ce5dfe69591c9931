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
# # 8. 前向模式与反向模式
#
# *超出教材 2.5.4 节：教材中的 `backward(v)` 是乘以雅可比矩阵的两种方式之一；本课介绍另一种。*
#
# **出处**：教材 2.5.4 节（`backward(v)`）；PyTorch 的前向模式自动微分教程（`forward_ad.make_dual`/`unpack_dual`）和 `torch.func` 教程（“Jacobians, Hessians, hvp, vhp”：`jvp`、`jacfwd`、`jacrev`、`hessian`）。
#
# **本课内容**
#
# - **前向模式**：用一个小小的“对偶数”类，把数值和它的斜率一起带着走完整个计算；
# - `torch.autograd.functional.jvp`（雅可比-向量积 $Jv$：$J$ 各*列*的一种组合）与 `vjp`（向量-雅可比积 $v^\top J$：各*行*的一种组合，也就是 `backward(v)` 计算的东西）；
# - 代价的比较：$f:\mathbb{R}^n \to \mathbb{R}^m$ 的完整雅可比矩阵需要 $n$ 次前向模式计算，或 $m$ 次反向模式计算；为什么只有一个损失、却有上百万参数的训练使用反向模式；
# - PyTorch 自己的前向模式 `torch.autograd.forward_ad`（与 `Dual` 类对照），以及 `torch.func` 的 `jvp`、`jacfwd`、`jacrev` 和 `hessian`。

# %%
import math

import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现

# %% [markdown]
# ## 把斜率带着走：对偶数
#
# 反向模式（第 3 到 7 课）先向前运行函数、记录计算图，再倒着走这张图。前向模式根本不需要计算图。给每个数加上第二部分，即它的斜率 $\dot{a} = da/dx$，让每个运算同时计算两部分：和的斜率相加，积按乘积法则得到 $a\dot{b} + \dot{a}b$，$\sin a$ 的斜率是 $\cos(a)\,\dot{a}$。


# %%
class Dual:
    """A value and its slope with respect to one chosen input, carried together."""

    def __init__(self, value, slope=0.0):
        self.value = value
        self.slope = slope

    def __add__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        return Dual(self.value + other.value, self.slope + other.slope)

    def __mul__(self, other):
        other = other if isinstance(other, Dual) else Dual(other)
        return Dual(self.value * other.value, self.value * other.slope + self.slope * other.value)

    __radd__ = __add__
    __rmul__ = __mul__

    def sin(self):
        return Dual(math.sin(self.value), math.cos(self.value) * self.slope)

    def __repr__(self):
        return f"Dual(value={self.value:.4f}, slope={self.slope:.4f})"


# %% [markdown]
# 取 $f(x) = x \sin x + 3x$，于是 $f'(x) = \sin x + x\cos x + 3$。从 $x = 2$、斜率 1（“$x$ 以速度 1 移动”）出发：答案和数值一起，在同一次计算中得出。


# %%
def f(x):
    return x * x.sin() + 3 * x


print(f(Dual(2.0, 1.0)))

# %% [markdown]
# 反向模式的结果一致：

# %%
x = torch.tensor(2.0, requires_grad=True)
y = f(x)
y.backward()
print(y, x.grad)

# %% [markdown]
# PyTorch 内置了对偶数：`torch.autograd.forward_ad`。在 `dual_level()` 之中，`make_dual(x, tangent)` 就是我们的 `Dual(2.0, 1.0)`（PyTorch 把斜率叫作*切向量* tangent），`unpack_dual` 把结果拆成数值（`primal`）和斜率。同一个 `f`，同样的数，而且不记录计算图：

# %%
fwAD = torch.autograd.forward_ad

with fwAD.dual_level():
    xd = fwAD.make_dual(torch.tensor(2.0), torch.tensor(1.0))  # Dual(2.0, 1.0)
    yd = f(xd)
    print(fwAD.unpack_dual(yd))
    print(yd.grad_fn)  # 什么都没记录：斜率跟着数值一起走

# %% [markdown]
# 两者都是精确的（不像第 2 课那样需要 $h$）。区别在于有多个输入和输出时，*一次计算能给出什么*。
#
# ## 列与行
#
# 取 $f:\mathbb{R}^2 \to \mathbb{R}^3$，$f(x) = (x_1 x_2,\; x_1 + x_2,\; x_1^2)$，在 $x = (2, 3)$ 处。它的雅可比矩阵有 3 行（输出）2 列（输入）：

# %%
functional = torch.autograd.functional


def f3(x):
    return torch.stack([x[0] * x[1], x[0] + x[1], x[0] ** 2])


x = torch.tensor([2.0, 3.0])
print(functional.jacobian(f3, x))

# %% [markdown]
# 前向模式的一次计算从*输入*空间中的一个方向 $v$（每个输入移动得多快）出发，给出 $Jv$，即每个输出移动得多快。当 $v = (1, 0)$ 时，那就是 $J$ 的第一**列**。`jvp` 返回 $f$ 的值和 $Jv$：

# %%
print(functional.jvp(f3, x, torch.tensor([1.0, 0.0])))

# %% [markdown]
# 反向模式的一次计算从*输出*上的权重 $v$ 出发，给出 $v^\top J$。当 $v = (1, 0, 0)$ 时，那就是 $J$ 的第一**行**：正是第 6 课的 `backward(v)`。`vjp` 返回值和 $v^\top J$：

# %%
print(functional.vjp(f3, x, torch.tensor([1.0, 0.0, 0.0])))

# %% [markdown]
# `torch.func` 把两种模式都做成“返回函数的函数”。`torch.func.jvp` 是真正的前向模式；`jacfwd` 用前向计算一列一列地构建整个雅可比矩阵，`jacrev` 用反向计算一行一行地构建；`hessian` 就是 `jacfwd(jacrev(f))`，梯度的雅可比矩阵：

# %%
print(torch.func.jvp(f3, (x,), (torch.tensor([1.0, 0.0]),)))
print(torch.func.jacfwd(f3)(x))  # 相当于 2 次前向计算，每列一次（vmap 把它们合成一批）
print(torch.func.jacrev(f3)(x))  # 相当于 3 次反向计算，每行一次（vmap 把它们合成一批）
print(torch.func.hessian(lambda t: f3(t).sum())(x))

# %% [markdown]
# 这是两种模式都要走的计算图，一个向前走，一个向后走：

# %%
xr = torch.tensor([2.0, 3.0], requires_grad=True)
viz.draw_forward(f3(xr))

# %% [markdown]
# > **PyTorch 2.13 中的 `jvp`。** `torch.autograd.functional.jvp` 给出 $Jv$，但为了复用反向模式的引擎，它用两次反向传播来计算（“双重反向传播（double-backward）技巧”）。像 `Dual` 类那样真正的前向模式是 `torch.func.jvp` 或 `torch.autograd.forward_ad`；minigrad 也有这两者，但每一步的 $Jv$ 仍由该步的求导规则用同一技巧得到。数值是相同的。
#
# ## 雅可比矩阵的代价
#
# 要点：$f:\mathbb{R}^n \to \mathbb{R}^m$ 的完整雅可比矩阵需要 $n$ 次前向模式计算（每列一次），或 $m$ 次反向模式计算（每行一次）。第 7 课用独热（one-hot）的 `v` 和 `backward` 逐行构造了 $J$：那是 $m$ 次反向计算。用 `jvp` 逐列构造则是 $n$ 次前向计算：

# %%
columns = [functional.jvp(f3, x, e)[1] for e in torch.eye(2)]  # n = 2 次计算
rows = [functional.vjp(f3, x, e)[1] for e in torch.eye(3)]  # m = 3 次计算
print(torch.stack(columns, dim=1))
print(torch.stack(rows))

# %% [markdown]
# 训练只有一个输出，即损失（$m = 1$），却有许多输入，即参数（$n$ 以百万计）。反向模式一次反向传播就得到损失的*所有*导数；前向模式则每个参数都需要一次计算。这就是 `loss.backward()` 采用反向模式的原因。反过来，输入少、输出多时，前向模式更合算。
#
# | | 前向模式 | 反向模式 |
# |---|---|---|
# | 一次计算给出 | $Jv$，各列的一种组合 | $v^\top J$，各行的一种组合 |
# | PyTorch | `autograd.forward_ad`、`func.jvp`、`func.jacfwd` | `backward(v)`、`autograd.grad`、`func.vjp`、`func.jacrev` |
# | 需要记录计算图 | 不需要：斜率跟着数值一起走（`autograd.functional.jvp` 例外：它用的是双重反向的技巧） | 需要（还要为保存的张量占用内存） |
# | $\mathbb{R}^n \to \mathbb{R}^m$ 的完整 $J$ | $n$ 次 | $m$ 次 |
# | 最适合 | $n \ll m$ | $m \ll n$（损失：$m = 1$） |
#
# ## `vjp` 是 `jvp` 的转置
#
# 要点：两种模式从相反的两侧应用同一个线性映射 $J$。`jvp` 把它作用在输入的一个方向上，$v \mapsto Jv$；`vjp` 把它的*转置*作用在输出的一组权重上，$u \mapsto J^\top u$（写作 $u^\top J$）。转置由一个恒等式定义：对任意 $u$ 和 $v$，$u \cdot (Jv) = (u^\top J) \cdot v$。所以反向模式可以由前向模式构造出来：先线性化，再转置（JAX 的“autodidax”就是这样构造的）。
#
# 这一对还给出最省的黑塞矩阵-向量积。`torch.func.grad(h)` 是函数 $\nabla h$，它的雅可比矩阵就是黑塞矩阵 $H$；所以对它做一次 `jvp` 就得到 $Hv$：在一次反向计算之上做一次前向计算（*反向之上再做前向*），既不构造 $H$，也不像第 9 课的“反向之上再做反向”那样记录第二张计算图。

# %%
u = torch.tensor([1.0, 1.0, 1.0])
v = torch.tensor([1.0, 0.0])
_, Jv = torch.func.jvp(f3, (x,), (v,))  # 前向：J v
_, pull = torch.func.vjp(f3, x)
(uJ,) = pull(u)  # 反向：uᵀ J
print(Jv, uJ)
print(torch.dot(u, Jv), torch.dot(uJ, v))  # 同一个数：u·(Jv) = (uᵀJ)·v


def h(x):
    return x[0] ** 2 * x[1]


_, hv = torch.func.jvp(torch.func.grad(h), (x,), (v,))  # 反向之上再做前向
print(hv, torch.func.hessian(h)(x) @ v)

# %% [markdown]
# ## 同样的代码，真正的 PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    functional = torch.autograd.functional

    def f3(x):
        return torch.stack([x[0] * x[1], x[0] + x[1], x[0] ** 2])

    x = torch.tensor([2.0, 3.0])
    print(functional.jacobian(f3, x))
    print(functional.jvp(f3, x, torch.tensor([1.0, 0.0])))
    print(functional.vjp(f3, x, torch.tensor([1.0, 0.0, 0.0])))
    print(torch.stack([functional.jvp(f3, x, e)[1] for e in torch.eye(2)], dim=1))
    print(torch.stack([functional.vjp(f3, x, e)[1] for e in torch.eye(3)]))
    x1 = torch.tensor(2.0, requires_grad=True)
    y = x1 * x1.sin() + 3 * x1
    y.backward()
    print(y, x1.grad)


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# - 前向模式把每个值的斜率带着一起走；一次计算给出 $Jv$。
# - 反向模式记录计算图，再倒着走；一次计算给出 $v^\top J$。
# - 在 PyTorch 中：`forward_ad` 对偶张量和 `torch.func.jvp`/`jacfwd`（前向），`backward`、`autograd.grad` 和 `torch.func.vjp`/`jacrev`（反向）。
# - 雅可比矩阵需要 $n$ 次前向或 $m$ 次反向计算；只有一个损失、有许多参数时，反向模式的开销小得多。
# - `vjp` 是 `jvp` 的转置：$u \cdot (Jv) = (u^\top J) \cdot v$。对 `torch.func.grad(h)` 做 `jvp` 就得到 $Hv$（反向之上再做前向）。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** $f$ 把 5 个输入映射到 2 个输出。要得到它完整的雅可比矩阵，需要几次前向模式计算，几次反向模式计算？

# %%
forward_passes = ...  # 一个整数
reverse_passes = ...  # 一个整数

check("forward.1", (forward_passes, reverse_passes))

# %% [markdown]
# **练习 2** 把前向模式推广到除法。写一个 `dual_div(a, b)`，其中 `a` 和 `b` 都是 (数值, 斜率) 二元组，返回 $a / b$ 的二元组。


# %%
def dual_div(a, b):
    # a 和 b 都是 (数值, 斜率) 二元组；返回 a / b 的 (数值, 斜率) 二元组
    return ...


check("forward.2", dual_div)

# %% [markdown]
# **练习 3** 用 `torch.func.jvp` 求出：在 $x = (2, 3)$ 处，当两个输入都以速度 1 变化（$v = (1, 1)$）时，`f3` 的每个输出变化多快。把 $Jv$ 写成列表。

# %%
answer_3 = ...  # 三个数的列表

check("forward.3", answer_3)

# %% [markdown]
# **练习 4（黑塞矩阵-向量积）** 对 $f(x) = x_1^3 + x_1 x_2$，在 $x = (1, 2)$、$v = (1, 1)$ 处计算 $Hv$，其中 $H$ 是 $f$ 的黑塞矩阵：可以用 `torch.func.hessian`，也可以不构建 $H$，用上面讲的“反向之上再做前向”：对 `torch.func.grad` 做 `jvp`。用两个数的列表回答。

# %%
answer_4 = ...  # 两个数的列表

check("forward.4", answer_4)

# %% [markdown]
# **练习 5（转置的恒等式）** 在 $x = (2, 3)$ 处，取 $u = (1, 2, -1)$、$v = (2, 1)$，用 `torch.func.jvp` 计算 `f3` 的 $u \cdot (Jv)$，再用 `torch.func.vjp` 计算 $(u^\top J) \cdot v$。它们是同一个数：给出这个数。

# %%
answer_5 = ...  # 一个数

check("forward.5", answer_5)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/08_forward_mode.ipynb) 里。请先自己试过再打开。
