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
# # 11. 原位修改、`.data` 与版本计数器
#
# *对应教材 2.5.1 节第 8 点（`.data` 与 `detach()`）以及 2.5.3 节。*
#
# **出处**：d2l 风格的那篇文章（`y.data *= 100` 与 `y *= 100` 的对比）；讲 `torch.autograd.grad` 的那篇文章（第二次反向传播之前用 `x.grad.data.zero_()` 清零 `x.grad`）；PyTorch 的“Autograd mechanics”说明（原位操作与版本计数器）。
#
# **本课内容**
#
# - `.data` 在 *autograd 背后*修改数值，而普通的原位操作会被记录，两者给出不同的梯度；
# - 为什么需要梯度的叶子节点不接受原位操作，而优化器又是怎样照样更新参数的；
# - **版本计数器**怎样发现被修改过的已保存张量，以及为什么这让 `detach()` 比 `.data` 更安全；
# - 为什么那篇文章里的 `x.grad.data.zero_()` 能得到正确的二阶导数，而直接写 `x.grad.zero_()` 得到的是 0；
# - 计算图在内存上的代价：节点为反向传播保存的张量，用 `saved_tensors_hooks` 来测量；激活检查点（activation checkpointing）怎样用再算一遍前向来换取这部分内存。

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现
# 下面有些单元格是故意出错的：只显示错误本身，不显示它经过的代码
# %xmode Minimal
# 并在每个错误下面解释它（minigrad 的错误解释器，对 torch 也适用）
# %load_ext minigrad

# %% [markdown]
# ## `.data` 与被记录的原位操作
#
# 要点：`x.data` 是一个与 `x` 共享数值、但在计算图之外（`requires_grad=False`）的张量。修改 `y.data` 会改变 `y` 的值，而 autograd 察觉不到；`y *= 100` 则是普通的原位操作，会被记录到计算图中。

# %%
x = torch.ones(1, requires_grad=True)

print(x.data)  # 仍然是张量
print(x.data.requires_grad)  # 但在计算图之外

y = 2 * x
y.data *= 100  # 只改变了数值；计算图并不知道
print(y)  # y 确实变了：2 变成了 200……
y.backward()
print(x)  # x 本身没有被改动
print(x.grad)  # ……但 dy/dx 仍然是 2

# %%
x = torch.ones(1, requires_grad=True)

print(x.data)
print(x.data.requires_grad)

y = 2 * x
y *= 100  # 被记录到计算图中：它会改变梯度
y.backward()
print(x)
print(x.grad)

# %% [markdown]
# 第二张计算图多了一次乘法：`y *= 100` 把 `y` 的 `grad_fn` 换成了一个 `MulBackward0`，它的输入是原来的 `y`。

# %%
viz.draw_forward(y)

# %% [markdown]
# ## 叶子节点上的原位操作
#
# 原位操作改变张量的数值，而不创建新的张量对象。要点：需要梯度的叶子节点不接受原位操作。叶子节点拥有接收它梯度的那个 `AccumulateGrad` 节点；原位修改会让它有了自己的历史（它就不再是叶子节点），而它的梯度将是对一个已经不存在的数值求的。

# %% tags=["raises-exception"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
x.add_(1)

# %% [markdown]
# 更新权重恰恰就是这种修改；只要让 autograd“不看”——在 `no_grad` 下（或者用老办法，通过 `.data`）——就可以这样做。torch 的优化器就是在 `torch.no_grad()` 下更新参数的，像这样：

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    x.add_(1)
print(x)
x.data.mul_(10)
print(x, x.is_leaf, x.grad_fn)

# %% [markdown]
# ## 版本计数器
#
# 要点：每个张量都在 `_version` 中记下它被原位修改的次数。为反向传播保存张量的运算会记住它看到的版本；如果等到反向传播需要它时版本已经变了，梯度就会用错误的数值算出来，所以反向传播会报错停止。

# %% tags=["raises-exception"]
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.exp()  # ExpBackward0 保存它的结果 b：d(e^a)/da = e^a
print(b._version)
b.add_(1)
print(b._version)
b.sum().backward()

# %% [markdown]
# 修改一个没有被任何运算保存的张量是没问题的：`AddBackward0` 什么都不保存。

# %%
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
a = x + 1
a.mul_(3)  # 被记录：a.grad_fn 变成 MulBackward0
print(a)
a.sum().backward()
print(x.grad)

# %% [markdown]
# 而 `.data` 修改数值时*不会*增加版本号，所以它可能悄无声息地给出错误的梯度。和上面的错误比较一下：

# %%
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.exp()
b.data.add_(1)  # 没有报错，版本号也没变……
print(b._version)
b.sum().backward()
print(a.grad)  # ……但这是 e^a + 1，不是 e^a

# %% [markdown]
# ## 为什么 `detach()` 比 `.data` 更安全
#
# 要点：`b.detach()` 和 `b.data` 都给出计算图之外的 `b` 的数值，而且都与 `b` *共享内存*：改变其中一个，另一个也跟着变。区别在于 `detach()` 还共享 `b` 的**版本计数器**。所以对 detach() 得到的张量做原位修改，autograd 是看得到的：本来会用到过时数值的反向传播会直接报错，而不是悄无声息地返回错误的结果：

# %% tags=["raises-exception"]
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.exp()
d = b.detach()
print(d.requires_grad, d.is_leaf)  # 在计算图之外
d.add_(1)  # b 也跟着变：它们共享内存……
print(b)
print(b._version)  # ……也共享版本计数器
b.sum().backward()

# %% [markdown]
# 通过 `b.data` 做的同样修改，在上面两个单元格里没有被发现。这就是应当优先使用 `detach()`（以及用 `torch.no_grad()` 更新参数）的原因：错误变成报错信息，而不是错误的梯度。

# %% [markdown]
# ## 清零一个带计算图的梯度
#
# 讲 `torch.autograd.grad` 的那篇文章在 $x = 2$、$y = 3$ 处计算 $z = x^2 y$，调用 `z.backward(create_graph=True)`，然后想*从* `x.grad` $= 2xy = 12$ 再做一次反向传播，得到 $\partial^2 z/\partial x^2 = 2y = 6$。第 9 课说过，第二次反向传播会把结果**加**到 `x.grad` 上，得到 $12 + 6 = 18$。文章的做法是先通过 `.data` 把 12 清零：

# %%
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = x * x * y
z.backward(create_graph=True)
print(x.grad)
x.grad.data.zero_()  # 数值变成 0；x.grad 背后的计算图还在
print(x.grad)
x.grad.backward()  # 沿着那张图：把 d(2xy)/dx = 2y = 6 加到 0 上
print(x.grad)

# %% [markdown]
# 为什么要用 `.data`？试试直接写 `x.grad.zero_()`。因为 `x.grad` 带有计算图，清零就是一个会被 autograd *记录*的原位操作：`x.grad` 变成 `ZeroBackward0` 的输出，而这个函数的导数是 0。从它出发反向传播，传给 `x` 的是 0，所以答案是 0，而不是 6。`.data` 让 autograd 看不见这次清零，而这里要的正是这个。这是原文用的工具：像第 9 课那样写 `with torch.no_grad(): x.grad.zero_()`，同样能让 autograd 看不见清零，应当优先使用。如今更干净的做法根本不需要清零：`torch.autograd.grad` 返回梯度，什么也不保存（第 5 课）。

# %%
x = torch.tensor(2.0, requires_grad=True)
z = x * x * y
z.backward(create_graph=True)
x.grad.zero_()  # 被记录：x.grad 现在是 ZeroBackward0 的输出
print(x.grad)
x.grad.backward()
print(x.grad)

x = torch.tensor(2.0, requires_grad=True)
(g,) = torch.autograd.grad(x * x * y, x, create_graph=True)  # 2xy = 12，不存到任何地方
(gg,) = torch.autograd.grad(g, x)  # d(2xy)/dx = 2y
print(g, gg)

# %% [markdown]
# ## 反向传播留着什么：保存的张量的内存代价
#
# 原位操作之所以诱人，是因为它省内存。计算图的内存花在哪里？每个节点都留着它求导所需的张量（它的*保存的张量*，见第 4 课），直到反向传播用完为止。训练时，其中大部分是*激活值*，也就是每一层的输出，它们随批量大小增长。
#
# `torch.autograd.graph.saved_tensors_hooks(pack, unpack)` 能让我们看到它们：在 `with` 块里，运算保存的每个张量都经过 `pack`，反向传播再通过 `unpack` 把它取回。下面的网络有四个块（`Linear` 接 `tanh`），`pack` 按形状统计保存的张量，`runs` 记录哪些块执行了前向计算。

# %%
from collections import Counter

torch.manual_seed(0)
layers = [torch.nn.Linear(256, 256) for _ in range(4)]
x = torch.randn(64, 256)  # 一批 64 个输入
runs = []  # 按顺序记下哪些块执行了前向计算


def block(i, h):
    runs.append(i)
    return torch.tanh(layers[i](h))


def train_step(checkpointed=()):
    # 一次前向和一次反向传播：返回保存的张量的形状，以及反向传播重新执行的块
    shapes = Counter()

    def pack(t):  # 运算每保存一个张量就调用一次
        shapes[tuple(t.shape)] += 1
        return t

    for layer in layers:
        layer.zero_grad()
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        h = x
        for i in range(4):
            if i in checkpointed:
                h = torch.utils.checkpoint.checkpoint(block, i, h, use_reentrant=False)
            else:
                h = block(i, h)
        loss = h.pow(2).mean()
    runs.clear()
    loss.backward()
    return dict(shapes), list(runs)


print(train_step())


# %% [markdown]
# 保存了九个形状为 (64, 256) 的张量：每个 `Linear` 留着它的输入（用于权重的梯度），每个 `tanh` 留着它的输出，`pow` 留着它的输入。每个数 4 字节，合计 9 × 64 KB = 576 KB，批量加倍它也加倍。三个 (256, 256) 的张量是权重（用于层输入的梯度，从第二个块起才需要）：模型本来就持有它们，所以不额外占内存。
#
# **激活检查点**用计算换这部分内存。`torch.utils.checkpoint.checkpoint(block, i, h, use_reentrant=False)` 运行这个块，但只留下它的输入。反向传播第一次需要这个块保存的张量时，会把这个块的前向计算再运行一遍来取回它们（用同样的随机数，所以 dropout 丢弃的是同样的单元）。给每个块都加上检查点：

# %%
g = layers[0].weight.grad.clone()
print(train_step(checkpointed={0, 1, 2, 3}))
print(torch.equal(g, layers[0].weight.grad))  # 梯度完全相同，一位不差


# %% [markdown]
# 只剩下五个 (64, 256) 的张量，320 KB：四个块的输入，以及 `pow` 保存的张量。代价记在 `runs` 里：反向传播把每个块的前向计算又运行了一遍，从最后一个块开始，也就是反向传播到达它们的顺序。梯度完全相同。大模型就靠这个装进内存：多算一遍前向，换来只存一小部分激活值。（`use_reentrant=False` 是 PyTorch 推荐的做法；不传这个参数时，PyTorch 会发出警告，并使用较旧的做法，它在反向传播里再运行一次反向传播。）

# %% [markdown]
# ## 同样的代码，真正的 PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.ones(1, requires_grad=True)
    y = 2 * x
    y.data *= 100  # 在 autograd 背后
    y.backward()
    print(x.grad)
    e = torch.tensor([1.0, 2.0, 3.0], requires_grad=True).exp()
    d = e.detach()
    d.add_(1)  # 与 e 共享内存和版本计数器
    print(d.requires_grad, e, e._version)
    x = torch.tensor(2.0, requires_grad=True)
    (x * x * 3).backward(create_graph=True)
    x.grad.data.zero_()
    x.grad.backward()
    print(x.grad)
    b = x.exp()
    b.add_(1)
    b.backward()


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# | 修改方式 | 被记录？ | 增加 `_version`？ | 反向传播怎么做 |
# |---|---|---|---|
# | `y *= 100`、`y.add_(1)`……（对非叶子节点原位修改） | 是：新的 `grad_fn` | 是 | 对它求导；如果保存的张量被改过就报错 |
# | 对需要梯度的叶子节点做同样的事 | 拒绝（在 `no_grad` 之外） | — | — |
# | 在 `torch.no_grad()` 下（优化器的一步更新） | 否 | 是 | 之后需要旧数值的反向传播会报错 |
# | 通过 `t.detach()` | 否 | 是（共享计数器） | 如果旧数值被保存过，就直接报错 |
# | 通过 `t.data` | 否 | **否** | **悄悄地**用新数值计算 |
#
# 优先使用 `detach()` 和 `no_grad()`：这样错误会变成报错信息，而不是错误的梯度。`.data` 还留在旧代码里，比如那篇文章的 `x.grad.data.zero_()`；有了 `torch.autograd.grad`，就不需要这个技巧了。
#
# 计算图一直留着保存的张量，直到反向传播。`saved_tensors_hooks` 能看到每一个；检查点只留下一个块的输入，在反向传播时再运行一遍这个块。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** `x = torch.ones(1, requires_grad=True)`，`y = 3 * x`，然后 `y.data *= 10`，再 `y = y * 2`。`y.backward()` 之后 `x.grad` 是多少？

# %%
answer_1 = ...  # 一个数

check("inplace.1", answer_1)

# %% [markdown]
# **练习 2** `a = torch.tensor([1.0, 2.0], requires_grad=True)`，`b = a.exp()`（它的反向传播需要 `b` 本身）。在 `b.sum().backward()` 之前做下面某一种修改：(A) `b.add_(1)`，(B) `b.data.add_(1)`，(C) `b.detach().add_(1)`，(D) 先 `c = b * 2` 再 `c.add_(1)`，(E) `with torch.no_grad(): b.add_(1)`。哪几种会让反向传播报错停止？用字母的集合回答。

# %%
answer_2 = ...  # 例如 {"A"}

check("inplace.2", answer_2)

# %% [markdown]
# **练习 3（激活检查点）** 在运行之前先预测 `train_step(checkpointed={2, 3})` 的结果：它保存了多少个形状为 (64, 256) 的张量？反向传播又重新运行了几个块？用两个数的列表回答。

# %%
answer_3 = ...  # 两个数的列表

check("inplace.3", answer_3)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/11_inplace_and_versions.ipynb) 里。请先自己试过再打开。
