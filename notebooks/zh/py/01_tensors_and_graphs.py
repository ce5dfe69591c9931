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
# # 1. 张量与计算图
#
# *重现教材 2.5.1 节（自动求导要点）和 2.5.2 节（计算图，图 2-9）。*
#
# **出处**：教材 2.5.1–2.5.3 节（`z = w*x + b` 的代码）；单层网络取自 PyTorch 的 autograd 教程（中文译本）；旧版 `grad_fn` 名称出自基于 d2l 的博文《Tensor及其梯度》。
#
# **本课内容**
#
# - 哪些张量是*叶子节点*，哪些不是，`is_leaf` 告诉我们什么；
# - `requires_grad` 的含义、它的缺省值、打开它的两种方式，以及它如何传播到由需要梯度的张量算出的每一个张量；
# - `grad_fn` 记录了什么，为什么叶子节点的 `grad_fn` 是 `None`；
# - 计算图是*动态的*：它在 Python 代码运行时构建，每次前向传播都重新构建一次，所以 `if` 和 `for` 每次都可能改变它。
#
# 这里的一切都运行在 **minigrad** 上，它是用 numpy 写成的小型 autograd。我们把它以 `torch` 的名字导入，所以代码与你平时写的 PyTorch 代码完全一样；本课最后，我们会用真正的 PyTorch 运行同样的代码，比较两者的输出。

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现

# %% [markdown]
# ## 两种张量：叶子节点与计算得到的张量
#
# PyTorch 的计算图里只有两种元素：**数据**（张量）和**运算**（加、乘、幂、指数……）。张量又分两种：
#
# - **叶子节点**是没有记录历史的张量：你*自己*创建的每个张量（`torch.tensor(...)`、`torch.randn(...)`），以及——按 PyTorch 的规定——每个不需要梯度的张量，不论它是怎样得到的（下面会看到三个例子）；
# - **非叶子节点**是既需要梯度、*又*由其他张量运算得到的张量：它在 `grad_fn` 里记着这个运算。
#
# 要点：你创建的叶子节点不需要梯度，因为 `requires_grad` 的缺省值是 `False`。

# %%
x = torch.ones(2, 2)
print(x)
print("requires_grad:", x.requires_grad, " is_leaf:", x.is_leaf, " grad_fn:", x.grad_fn)

# %% [markdown]
# 要对某个张量求导，可以在创建时就指定，也可以之后用原位方法 `requires_grad_()` 打开（末尾的下划线表示原位操作）。下面两行得到的是同一种张量：

# %%
a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(1.0).requires_grad_()
print(a, b)
print(a.requires_grad, b.requires_grad)

# %% [markdown]
# ## `grad_fn`：张量是怎么来的
#
# 要点：由需要梯度的张量计算得到的每个张量都有一个 `grad_fn`，即产生它的那个运算的*梯度函数*。叶子节点的 `grad_fn` 是 `None`：它不是算出来的。（有两个例外：不可能有梯度的结果，比如 `x > 0` 或 `argmax`；以及关闭记录时算出的一切，见第 10 课。）

# %%
x = torch.ones(2, 2, requires_grad=True)
print(x)
print(x.grad_fn)

# %%
y = x + 2
print(y)
print(y.grad_fn)  # 每次运行，对象的内存地址都不同

# %%
z = y * y * 3
out = z.mean()
print(z, out)

# %% [markdown]
# 从名字就能看出运算：`+` 对应 `AddBackward0`，`*` 对应 `MulBackward0`，`mean()` 对应 `MeanBackward0`。
#
# > **旧资料与 PyTorch 2.13。** 较早的资料里（比如本课程也参考的、基于 d2l 的那篇博文），同样的节点打印出来是别的名字：没有 `0` 的 `AddBackward` 或 `<MulBackward>`，以及加法的 `ThAddBackward`（来自 TH 库的年代）。这篇博文还把 `mean()` 的节点打印成 `MeanBackward1`，PyTorch 2.13 打印的是 `MeanBackward0`。PyTorch 2.13 打印的是 `AddBackward0` 和 `MulBackward0`，如上所示。只有一个旧名字保留了下来：`CopyBackwards`，第 9 课会遇到它。
#
# 下面就是我们刚刚建立的计算图。蓝色椭圆是需要梯度的叶子节点，橙色椭圆是计算得到的张量，灰色方框是运算，双线边框标出我们要画的那个张量：

# %%
viz.draw_forward(out)

# %% [markdown]
# 数字 `2` 和 `3` 是普通的 Python 数字：它们是运算的输入，但它们是常量，从不求导。
#
# ## `requires_grad` 沿计算方向传递
#
# 要点：只要**有一个**输入需要梯度，计算得到的张量就需要梯度；只有当**所有**输入都不需要时，它才不需要。所以你只需标记叶子节点，从这些叶子节点到损失之间的一切都会自动跟上。（讲 `torch.autograd.grad` 的那篇文章说非叶子节点的 `requires_grad`“默认为 True”：其实它为 True，只是因为它有一个输入需要梯度，下面的单元格就能看到。）
#
# 经典的例子是一个神经元 `z = w*x + b`，写成两步：`y = w*x`，`z = y + b`：

# %%
x = torch.Tensor([2])  # 输入：数据，不需要梯度
w = torch.randn(1, requires_grad=True)  # 权重和偏置是要学习的
b = torch.randn(1, requires_grad=True)
y = torch.mul(w, x)  # 等同于 w * x
z = torch.add(y, b)  # 等同于 y + b
print("requires_grad of x, w, b:", x.requires_grad, w.requires_grad, b.requires_grad)
print("requires_grad of y, z:   ", y.requires_grad, z.requires_grad)
print("is_leaf of x, w, b, y, z:", x.is_leaf, w.is_leaf, b.is_leaf, y.is_leaf, z.is_leaf)
print("grad_fn of x, w, b:", x.grad_fn, w.grad_fn, b.grad_fn)
print("grad_fn of y, z:", y.grad_fn, z.grad_fn)  # 每次运行，对象的内存地址都不同

# %% [markdown]
# `x`、`w` 和 `b` 是叶子节点；`y` 和 `z` 不是，`z` 是计算图的*根节点*。教材打印的 `grad_fn` 也是这样：叶子节点是 `None`，`y` 和 `z` 分别是 `MulBackward0` 和 `AddBackward0`。
#
# 叶子节点不只是“你自己输入的张量”。任何不需要梯度的张量都是叶子节点，即使它是由运算得到的：常量的乘积、在 `torch.no_grad()` 下算出的结果、`detach()` 得到的副本：

# %%
s = torch.ones(3) * 2  # 由运算得到，但没有哪个输入需要梯度
with torch.no_grad():
    t = w * 3  # 由 w 算出，但没有被记录（第 10 课）
d = y.detach()  # y 的值，与它的历史断开
print("is_leaf of s, t, d:", s.is_leaf, t.is_leaf, d.is_leaf)
print("grad_fn of s, t, d:", s.grad_fn, t.grad_fn, d.grad_fn)

# %% [markdown]
# 回到这个神经元：`x` 不需要梯度（白色椭圆），而 `y` 需要，因为 `w` 需要：

# %%
viz.draw_forward(z)

# %% [markdown]
# 这张图就是教材所说的*有向无环图*（DAG）：每个箭头都只朝一个方向，从输入指向结果，没有哪条路径会绕回出发点。正因如此，`backward()` 才能从根节点到叶子节点把它走一遍（第 4 课）。
#
# 判断哪些张量需要梯度的一个好办法：画出从每个要求导的叶子节点到损失的路径。这条路径上的每个张量都需要梯度。
#
# 一个小小的自我检查，每课最后我们都会用这种写法：这些说法成立时这个单元格什么也不输出，不成立时就以 `AssertionError` 停下。

# %%
assert w.is_leaf and w.grad_fn is None
assert not y.is_leaf and y.grad_fn is not None
assert y.requires_grad == (w.requires_grad or x.requires_grad)

# %% [markdown]
# ## 一个单层网络
#
# 同样的概念，放到稍大一点的计算图里：一个有 5 个输入、3 个输出的线性层，再加一个损失。`w` 和 `b` 是要优化的参数。

# %%
x = torch.ones(5)  # 输入张量
y = torch.zeros(3)  # 期望的输出
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
print(f"Gradient function for z = {z.grad_fn}")
print(f"Gradient function for loss = {loss.grad_fn}")

# %% [markdown]
# 每个运算都是某个 `Function` 类的对象，它知道如何向前计算结果，也知道如何向后计算导数。损失的 `grad_fn` 连接着它的输入的 `grad_fn`，一直连到叶子节点：

# %%
viz.draw_forward(loss)

# %% [markdown]
# ## 计算图是动态的
#
# 要点：PyTorch 在代码*运行的同时*构建计算图，而且每次前向传播都构建一张新图。所以普通的 Python 控制流（`if`、`for`）决定了计算图的形状，而且每次都可以不同。（TensorFlow 1.x 先构建静态图，然后再运行它。）
#
# 下面的循环执行 `n` 次，所以 `f(x, 1)` 记录一次乘法，`f(x, 3)` 记录三次：图中是三个 `mul` 运算连成的一条链。


# %%
def f(x, n):
    """Double x, n times."""
    y = x
    for _ in range(n):
        y = y * 2
    return y


x = torch.tensor(1.0, requires_grad=True)
print(f(x, 1))
print(f(x, 3))
viz.draw_forward(f(x, 3))

# %% [markdown]
# 控制流也可以依赖于*数值*。下面的 `g` 在 `2x` 为负时走另一个分支，因此记录下来的计算图形状也不同。把滑块拖过 0，看看计算图怎样变化。（在这个 notebook 的静态视图中只能看到第一张图；运行 notebook 才能拖动滑块。）


# %%
def g(x):
    y = x * 2
    if y > 0:  # 普通的 Python if，由 y 的值决定
        z = y * y
    else:
        z = -y
    return z


print(g(torch.tensor(1.0, requires_grad=True)).grad_fn)
print(g(torch.tensor(-1.0, requires_grad=True)).grad_fn)

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import interact_graph

interact_graph(g, x=(-2.0, 2.0, 0.5))

# %% [markdown]
# ## 同样的代码，真正的 PyTorch
#
# minigrad 打印的内容应当与 PyTorch 2.13 完全相同。如果安装了 PyTorch，这个单元格会用两个库各运行一遍同一个例子，并比较它们的输出。（第 1 到第 13 课只用 minigrad；第 14 课用的是真正的 PyTorch，`make lab` 会安装它。）

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.ones(2, 2, requires_grad=True)
    y = x + 2
    z = y * y * 3
    out = z.mean()
    print(x, y, z, out, sep="\n")
    print(x.is_leaf, y.is_leaf, x.grad_fn, type(out.grad_fn).__name__)


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# - 叶子节点是你创建的张量；除非你要求，`requires_grad` 都是 `False`。
# - 用 `requires_grad=True` 或 `.requires_grad_()` 打开它。
# - 对需要梯度的张量做运算，结果也需要梯度，并带有 `grad_fn`；叶子节点的 `grad_fn = None`。
# - 计算图在代码运行时记录，每次前向传播都重新记录。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** `p = torch.tensor(3.0)`，`q = torch.tensor(4.0, requires_grad=True)`，`r = p * q`。`r.requires_grad` 是 `True` 还是 `False`？`r` 是叶子节点吗？

# %%
r_requires_grad = ...  # True 或 False
r_is_leaf = ...  # True 或 False

check("graphs.1", (r_requires_grad, r_is_leaf))

# %% [markdown]
# **练习 2** `f(x, 4)` 的计算图中有几个 `MulBackward0` 节点？根据 `f` 的代码数一数；也可以画出 `viz.draw_forward(f(x, 4))` 看看。

# %%
number_of_muls = ...  # 一个整数

check("graphs.2", number_of_muls)

# %% [markdown]
# **练习 3** 下面哪些张量需要梯度：`u = torch.zeros(3)`，`v = u + w[0]`（`w` 是单层网络的权重），`s = torch.ones(3) * 2`？把需要梯度的张量名写成一个字符串集合。

# %%
need_grad = ...  # 例如 {"u"}

check("graphs.3", need_grad)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/01_tensors_and_graphs.ipynb) 里。请先自己试过再打开。
