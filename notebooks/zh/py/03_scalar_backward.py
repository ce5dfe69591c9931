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
# # 3. 标量反向传播
#
# *重现教材 2.5.3 节（标量反向传播），以及图 2-9（正向传播计算图）和图 2-10（梯度反向传播计算图）。*
#
# **出处**：教材 2.5.3 节；`w`、`b` 组成的网络取自 PyTorch 的 autograd 教程（中文译本）。
#
# **本课内容**
#
# - `backward()` 做了什么：它沿计算图从输出走回叶子节点，在每个运算处应用链式法则，并把每个叶子节点的梯度*累加*到它的 `.grad` 中；
# - 怎样读同一个计算的两张图：**前向**计算图和**梯度流动**图；
# - 把 `y = (x+1)*(x+2)` 的链式法则完整写出来：梯度沿两条路径到达 `x`；
# - 为什么非叶子节点的 `.grad` 是 `None`（并伴有警告），以及 `retain_grad()` 怎样保留它。

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现

# %% [markdown]
# ## `z = w*x + b` 的前向传播
#
# 要点：前向传播既计算数值，*也*记录计算图。这里 `x`、`w`、`b` 都是标量（只有一个元素的张量）；`x` 是输入数据，`w` 和 `b` 是参数。

# %%
x = torch.Tensor([2])  # 输入：不需要梯度
w = torch.randn(1, requires_grad=True)  # 权重
b = torch.randn(1, requires_grad=True)  # 偏置
y = torch.mul(w, x)  # y = w * x
z = torch.add(y, b)  # z = y + b
print("x, w, b:", x, w, b)
print("y, z:   ", y, z)

# %% [markdown]
# 正向传播计算图：椭圆表示变量（张量），方框表示算子。`x`、`w`、`b` 是叶子节点，`y` 和 `z` 是计算得到的，`z` 是根节点。

# %%
viz.draw_forward(z)

# %% [markdown]
# ## `z = w*x + b` 的反向传播
#
# 要点：这里 `z.backward()` 不需要参数，因为 `z` 只有一个元素（形状是 `[1]`：只有一个元素的张量在这里都算作标量）。它从根节点的 $\partial z/\partial z = 1$ 出发，沿途每经过一个运算就乘上一个局部导数：
#
# $$\frac{\partial z}{\partial w} = \frac{\partial z}{\partial y}\,\frac{\partial y}{\partial w} = 1 \cdot x = 2,
# \qquad \frac{\partial z}{\partial b} = 1 .$$
#
# `x` 不需要梯度，所以不会为它计算梯度。（我们在 `viz.record()` 中运行 `backward()`，它会观察反向传播过程，让下面的图能在每条边上标出梯度；除此之外它什么也不改变。）

# %%
with viz.record() as rec:
    z.backward()
print("grads of w, b, x:", w.grad, b.grad, x.grad)

# %% [markdown]
# 梯度流动图，画在同样的布局上：现在箭头指向梯度传递的方向，从 `z` 回到叶子节点，每条边都标出它携带的梯度。绿色方框是 `AccumulateGrad`：把梯度累加到叶子节点 `.grad` 中的那一步。

# %%
viz.draw_backward(z, recording=rec)

# %% [markdown]
# 一个节点一个节点地单步执行同一次反向传播。每点一次，就运行计算图中的下一个节点，并显示它收到了什么、传出了什么。

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import BackwardStepper

torch.manual_seed(0)
x = torch.Tensor([2])
w = torch.randn(1, requires_grad=True)
b = torch.randn(1, requires_grad=True)
z = w * x + b
BackwardStepper(z)

# %% [markdown]
# ## `y` 和 `z` 的梯度到哪里去了
#
# 要点：`backward()` 之后，只有需要梯度的叶子节点保留 `.grad`。中间（非叶子）节点的梯度在途中用过之后，为了节省内存就被释放了。读取非叶子节点的 `.grad` 得到 `None`，PyTorch 还会发出警告，因为这通常是个错误。

# %%
torch.manual_seed(0)
x = torch.Tensor([2])
w = torch.randn(1, requires_grad=True)
b = torch.randn(1, requires_grad=True)
y = torch.mul(w, x)
z = torch.add(y, b)
z.backward()
print("grads of y, z:", y.grad, z.grad)

# %% [markdown]
# `minigrad.explain`（minigrad 的附加功能，不属于 PyTorch）会用文字说明某个 `.grad` 为什么是 `None`：
#
# （它还说 `y.backward()` 现在会失败：反向传播会释放计算图保存的东西。第 5 课会讲这一点；这里只看前半部分。）

# %%
import minigrad

print(minigrad.explain(y), end="\n\n")
print(minigrad.explain(x))

# %% [markdown]
# 如果你*确实*需要某个中间张量的梯度，在 `backward()` **之前**对它调用 `retain_grad()`。单元格末尾的断言用链式法则逐一核对梯度。

# %%
torch.manual_seed(0)
x = torch.Tensor([2])
w = torch.randn(1, requires_grad=True)
b = torch.randn(1, requires_grad=True)
y = torch.mul(w, x)
y.retain_grad()
z = torch.add(y, b)
z.backward()
print("grad of y:", y.grad, " (dz/dy = 1)")
assert w.grad.item() == x.item()  # dz/dw = x
assert b.grad.item() == 1.0  # dz/db = 1
assert y.grad.item() == 1.0  # dz/dy = 1

# %% [markdown]
# ## `y = (x+1)*(x+2)`：通往 `x` 的两条路径
#
# 记 `a = x + 1`，`b = x + 2`，`y = a * b`。梯度沿两条路径到达 `x`，一条经过 `a`，一条经过 `b`，**两者的贡献相加**：
#
# $$\frac{\partial y}{\partial x} = \frac{\partial y}{\partial a}\frac{\partial a}{\partial x}
#  + \frac{\partial y}{\partial b}\frac{\partial b}{\partial x} = (x+2)\cdot 1 + (x+1)\cdot 1
#  \;\to\; 4 + 3 = 7 \quad (x = 2).$$

# %%
x = torch.tensor(2.0, requires_grad=True)

a = torch.add(x, 1)
b = torch.add(x, 2)
y = torch.mul(a, b)

with viz.record() as rec:
    y.backward()
print(x.grad)

# %% [markdown]
# 在梯度流动图里，可以直接从边上读出链式法则。加上 `show="local"` 后，每条边除了流过的梯度，还标出它的*局部*导数：`MulBackward0` 向 `a` 送出 $\partial y/\partial a = b = 4$，向 `b` 送出 $\partial y/\partial b = a = 3$；两个 `AddBackward0` 节点原样传下去（它们的局部导数是 1），`AccumulateGrad` 把 $4 + 3$ 累加到 `x.grad` 中。

# %%
viz.draw_backward(y, recording=rec, show="local")

# %% [markdown]
# 只有 `x` 保留了梯度。`backward()` 只为既是叶子节点**又**需要梯度（并且位于通向输出的路径上）的张量填写 `.grad`：

# %%
print("requires_grad: ", x.requires_grad, a.requires_grad, b.requires_grad, y.requires_grad)
print("is_leaf: ", x.is_leaf, a.is_leaf, b.is_leaf, y.is_leaf)
print("grad: ", x.grad, a.grad, b.grad, y.grad)

# %% [markdown]
# ## 矩阵的平均值
#
# 要点：对根节点上的任何标量，比如一个矩阵的平均值，`backward()` 的做法都一样。设 $z_i = 3(x_i+2)^2$，$out = \frac14\sum_i z_i$，则
#
# $$\frac{\partial out}{\partial x_i} = \frac14 \cdot 6\,(x_i+2) = \frac32 (x_i + 2) \;\to\; 4.5
# \quad (x_i = 1).$$

# %%
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
out = z.mean()
out.backward()  # 等同于 out.backward(torch.tensor(1.))，因为 out 是标量
print(x.grad)
assert x.grad.tolist() == [[1.5 * (1 + 2)] * 2] * 2

# %% [markdown]
# ## 损失的梯度
#
# 这正是训练所需要的：标量损失对单层网络参数 `w` 和 `b` 的梯度。

# %%
torch.manual_seed(0)
x = torch.ones(5)  # 输入张量
y = torch.zeros(3)  # 期望的输出
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
with viz.record() as rec:
    loss.backward()
print(w.grad)
print(b.grad)

# %% [markdown]
# 每个梯度的形状与它的张量相同：每个参数一个数，表示这个参数受到微小扰动时损失怎样变化。`w.grad` 的五行完全相同，因为 `x` 全是 1：$\partial L/\partial w_{ij} = x_i \, \partial L/\partial z_j$，所以每一行都是 `b.grad`。

# %%
viz.draw_backward(loss, recording=rec)

# %% [markdown]
# ## 同样的代码，真正的 PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    torch.manual_seed(0)
    x = torch.Tensor([2])
    w = torch.randn(1, requires_grad=True)
    b = torch.randn(1, requires_grad=True)
    z = w * x + b
    z.backward()
    print(w, b, z)
    print(w.grad, b.grad, x.grad)


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# - 对标量调用 `backward()`，会用链式法则沿计算图从根节点走到叶子节点；路径汇合的地方，梯度相加。
# - 它只把梯度保存在需要梯度的叶子节点里；非叶子节点的 `.grad` 保持 `None`（并伴有警告），除非你事先调用 `retain_grad()`。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %% [markdown]
# **练习 1** 对于 `y = (x+1)*(x+2)`，在 `x = -1` 处 `dy/dx` 是多少？先用上面的链式法则算出来，再检查。

# %%
from minigrad.lessons import check

answer_1 = ...  # 一个数

check("scalar.1", answer_1)

# %% [markdown]
# **练习 2** 设 `s = x * x * x`，`x = 3`。`s.backward()` 之后 `x.grad` 是多少？（有三条路径在 `x` 处汇合。）

# %%
answer_2 = ...  # 一个数

check("scalar.2", answer_2)

# %% [markdown]
# **练习 3** 在上面的 `z = w*x + b` 中，调用哪个方法才能得到 `y.grad` 而不出现警告？把调用写成字符串，例如 `"y.backward()"`。

# %%
answer_3 = ...  # 一个字符串

check("scalar.3", answer_3)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/03_scalar_backward.ipynb) 里。请先自己试过再打开。
