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
# # 6. 非标量反向传播
#
# *重现教材 2.5.4 节（非标量反向传播）。*
#
# **出处**：教材 2.5.4 节；讲 `torch.autograd.grad` 的那篇文章（其中的 `y.backward(torch.ones_like(x))` 和 `grad_outputs`）；PyTorch 的 autograd 教程（`gradient` 参数和向量-雅可比积）；PyTorch 的“Broadcasting semantics”说明。
#
# **本课内容**
#
# - 为什么 `y.backward()` 不接受有多个元素的 `y`，`backward(gradient=None, retain_graph=None, create_graph=False, inputs=None)` 中的 `gradient` 参数有什么用；
# - `backward()` 只计算**向量-雅可比积** $v^\top J$，从不计算雅可比矩阵本身；
# - 为什么 `y.sum().backward()`、`y.backward(torch.ones_like(y))` 和 `autograd.grad(y, x, grad_outputs=torch.ones_like(y))` 给出相同的结果；
# - 一个用 `view` 的加权例子，其中 `v` 给每个输出不同的权重；
# - 为什么广播会把梯度*加起来*：加到一批数据上的偏置，得到的是沿批次的和。

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现
# 下面有些单元格是故意出错的：只显示错误本身，不显示它经过的代码
# %xmode Minimal

# %% [markdown]
# ## 不传参数时，只有标量能启动反向传播
#
# 要点：`backward()` 只计算 $v^\top J$，也就是某个*标量* $v \cdot y$ 对输入的梯度。对于标量输出，起始值 $\partial y/\partial y = 1$ 是显然的，所以 `backward()` 不需要参数。损失几乎总是标量，但目标并不都是：教材举的例子是 Deep Dream，它要增大的是一整张激活图，一个含多个元素的张量。对于向量输出，起始值就不显然了：

# %% tags=["raises-exception"]
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x + 1

y.backward()
print(x.grad)

# %% [markdown]
# ## 把向量变成标量
#
# 最简单的办法是求和。设 $y = (x_1^2, x_2^2)$，$y' = y_1 + y_2$：
#
# $$\frac{\partial y'}{\partial x_1} = 2x_1 \to 2, \qquad \frac{\partial y'}{\partial x_2} = 2x_2 \to 4 .$$

# %%
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x * x

y.sum().backward()
print(x.grad)

# %% [markdown]
# ## `gradient` 的含义：$v^\top J$
#
# 对于 $y = f(x)$，$x \in \mathbb{R}^n$，$y \in \mathbb{R}^m$，所有的偏导数组成**雅可比矩阵** $J_{ij} = \partial y_i / \partial x_j$（$m$ 行 $n$ 列）。对于 $y = x \odot x$：
#
# $$J = \begin{pmatrix} \frac{\partial y_1}{\partial x_1} & \frac{\partial y_1}{\partial x_2} \\
#                       \frac{\partial y_2}{\partial x_1} & \frac{\partial y_2}{\partial x_2} \end{pmatrix}
#     = \begin{pmatrix} 2x_1 & 0 \\ 0 & 2x_2 \end{pmatrix}.$$
#
# 要点：`y.backward(v)` 计算 $v^\top J$，即标量 $v \cdot y = \sum_i v_i y_i$ 的梯度。向量 `v` 的形状必须与 `y` 相同。当 $v = (1, 1)$ 时，它恰好是 `y.sum()` 的梯度；而这里因为非对角元都是 0，它正是我们想要的对角线 $(\partial y_1/\partial x_1, \partial y_2/\partial x_2)$：

# %%
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x * x

y.backward(torch.ones_like(y))  # v 的形状与 y 相同
print(x.grad)

# %% [markdown]
# `autograd.grad` 把同样的向量作为 `grad_outputs` 接收，或者先求和：

# %%
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x * x

grad_x = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=torch.ones_like(y))
print(grad_x[0])

# %%
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x * x

grad_x = torch.autograd.grad(outputs=y.sum(), inputs=x)
print(grad_x[0])

# %% [markdown]
# 在 `y.sum()` 的梯度流动图中，`SumBackward0` 把单个数 1 变成一个形状与 `y` 相同、元素全为 1 的张量：求和*就是*乘以 $v = (1, \dots, 1)$。

# %%
x = torch.tensor([1.0, 2.0]).requires_grad_()
y = x * x
s = y.sum()
with viz.record() as rec:  # 观察反向传播，以便在边上标出梯度
    s.backward()
viz.draw_backward(s, recording=rec)

# %% [markdown]
# 为什么是向量-雅可比积，而不是雅可比矩阵？损失是标量，所以训练需要的是贯穿整条链的一行权重：$v^\top J_k \cdots J_2 J_1$，从左边算起，每个运算做一次小小的乘积，从不构造任何 $J_i$。这正是每个 `grad_fn` 所做的：它接收其输出的 $v$，为每个输入返回 $v^\top J$。
#
# 拖动滑块选择 $v$，看 `x.grad` $= v^\top J$ 怎样变化：对这个 `y`，它是 $(2x_1 v_1,\; 2x_2 v_2)$。

# %% tags=["nbval-ignore-output"]
import ipywidgets


def vjp(v1=1.0, v2=1.0):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = x * x
    y.backward(torch.tensor([v1, v2]))
    print("v =", [v1, v2], "  x.grad = vᵀJ =", x.grad)


ipywidgets.interactive(vjp, v1=(-2.0, 2.0, 0.5), v2=(-2.0, 2.0, 0.5))

# %% [markdown]
# ## 一个用 `view` 的加权例子
#
# 要点：`v` 可以给每个输出不同的权重，而且不管输出是什么形状，结果总是与输入形状相同。这里 `z` 是一个长度为 4 的向量的 2×2 *视图*，所以 `v` 是 2×2 的，而 `x.grad` 有 4 个元素：$\partial(\sum v_{ij} z_{ij})/\partial x_k = 2 v_k$。

# %%
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = 2 * x
z = y.view(2, 2)
print(z)
v = torch.tensor([[1.0, 0.1], [0.01, 0.001]], dtype=torch.float)
with viz.record() as rec:
    z.backward(v)
print(x.grad)

# %% [markdown]
# `ViewBackward0` 只是把传入的 2×2 梯度重新变回 `y` 的形状：

# %%
viz.draw_backward(z, recording=rec)

# %% [markdown]
# 形状不对的 `gradient` 会被拒绝，即使它可以广播：

# %% tags=["raises-exception"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
y.backward(torch.ones(1))

# %% [markdown]
# > **教材与 PyTorch 2.13。** 教材 2.5.1 节（第 5 点）说 `gradient` 也可以是能*广播*成 `y` 的形状。PyTorch 2.13 不接受这种写法，如上面的单元格所示：`gradient` 必须与 `y` 的形状完全相同。教材还把这个乘积写成“雅可比矩阵乘以 $v^\top$”；`backward(v)` 计算的是 $v^\top J$（行向量乘以 $J$），即 $J^\top v$ 的转置。
#
# 对于标量输出，缺省值是 `gradient = torch.tensor(1.)`：`out.backward()` 和 `out.backward(torch.tensor(1.))` 是同一个调用。

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * x).sum().backward(torch.tensor(1.0))
print(x.grad)

# %% [markdown]
# ## 广播会把梯度加起来
#
# 把形状为 `[3]` 的偏置 `b` 加到形状为 `[4, 3]` 的一批 `x @ w` 上，会*广播* `b`：同样的三个数在 4 行中的每一行都用了一次。每次使用都传回一个梯度，这些梯度要加起来，就像任何扇出那样（第 4 课）：`b.grad` 是传入的梯度沿批次维度的和，形状与 `b` 相同。

# %%
x = torch.ones(4, 2)  # 一批 4 个输入，全是 1
w = torch.randn(2, 3, requires_grad=True)
b = torch.zeros(3, requires_grad=True)
out = x @ w + b  # b 被广播成 [4, 3]
v = torch.arange(12.0).reshape(4, 3)  # 每个输出一个不同的权重
with viz.record() as rec:
    out.backward(v)
print(b.grad)
print(v.sum(0))  # 一样：v 沿批次求和
print(w.grad)  # x 全是 1：两行也都是 v.sum(0)

# %%
viz.draw_backward(out, names={x: "x", w: "w", b: "b", out: "out"}, recording=rec)

# %% [markdown]
# 在图中，`[4, 3]` 的梯度到达 `AddBackward0`，而通向 `b` 的 `AccumulateGrad` 的边上只有 `[3]` 个数：引擎把广播添加的那些行加了起来。`w.grad` $= x^\top v$；`x` 全是 1 时，它的每一行都是 `v` 的列和，所以各行相同（第 3 课的 `w.grad` 各行相同也是这个原因）。

# %% [markdown]
# ## 同样的代码，真正的 PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    z = (2 * x).view(2, 2)
    z.backward(torch.tensor([[1.0, 0.1], [0.01, 0.001]]))
    print(z, x.grad, sep="\n")
    (x + 1).backward()


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# - 不带参数的 `backward()` 需要标量输出。
# - `y.backward(v)` 计算 $v^\top J$，即 $\sum_i v_i y_i$ 的梯度；`v` 的形状与 `y` 相同，结果的形状与 `x` 相同。
# - `y.sum().backward()` 与 `y.backward(torch.ones_like(y))` 相同。
# - 在前向计算中被广播的张量，得到的梯度是沿广播维度的和：它的 `.grad` 总是与它自己形状相同。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** `x = torch.tensor([1., 2., 3.], requires_grad=True)`，`y = x ** 3`。`y.backward(torch.tensor([1., 0., -1.]))` 之后 `x.grad` 是多少？给出三个数组成的列表。

# %%
answer_1 = ...  # 例如 [0.0, 0.0, 0.0]

check("nonscalar.1", answer_1)

# %% [markdown]
# **练习 2** 对上面 `view` 的例子，选择 `v` 使 `x.grad` 变成 `[2., 2., 2., 2.]`。把 `v` 写成与 `z`（那个 2×2 视图）形状相同的嵌套列表。

# %%
answer_2 = ...  # 例如 [[0.0, 0.0], [0.0, 0.0]]

check("nonscalar.2", answer_2)

# %% [markdown]
# **练习 3** `x = torch.ones(5, 2)`，`w = torch.ones(2, 3, requires_grad=True)`，`b = torch.zeros(3, requires_grad=True)`，`loss = (x @ w + b).sum()`。预测 `loss.backward()` 之后的 `b.grad`：它的形状和数值。用列表回答。

# %%
answer_3 = ...  # 例如 [0.0, 0.0]

check("nonscalar.3", answer_3)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/06_non_scalar_outputs.ipynb) 里。请先自己试过再打开。
