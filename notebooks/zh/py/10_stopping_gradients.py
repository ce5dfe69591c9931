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
# # 10. 阻止梯度
#
# *对应教材 2.5.1 节第 2 点和第 8 点（`detach()` 与 `torch.no_grad()`）。*
#
# **本课内容**
#
# - `with torch.no_grad():` 运行代码而不记录计算图（评估、测试、更新权重）；
# - `.detach()` 把一个张量从计算图上截断：在 `a = (x+1).detach()` 的例子中，两条路径只剩一条还传递梯度；
# - `.data` 在 *autograd 背后*修改数值，而普通的原位操作会被记录，两者给出不同的梯度；
# - 为什么需要梯度的叶子节点不接受原位操作，**版本计数器**怎样发现被修改过的保存张量，以及为什么这让 `detach()` 比 `.data` 更安全；
# - 把所有阻止梯度的方法放在一起比较（`no_grad`、`inference_mode`、`detach()`、`.data`、`requires_grad_(False)`），以及为什么 `model.eval()` 不在其中。
#
# 为什么要阻止梯度：只是*使用*模型（推理）时不需要计算图，不建图计算更快、更省内存；微调预训练网络时，有些参数要被*冻结*，不能训练。

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # every random number in this lesson is reproducible
# Some cells below fail on purpose: show just the error, not the code it came through
# %xmode Minimal

# %% [markdown]
# ## `torch.no_grad()`
#
# 要点：在 `with torch.no_grad():` 中什么都不记录，所以结果的 `requires_grad=False`，也没有 `grad_fn`，即使它们的输入需要梯度。

# %%
x = torch.ones(5)  # input tensor
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)

z = torch.matmul(x, w) + b
print(z.requires_grad)

with torch.no_grad():
    z = torch.matmul(x, w) + b
print(z.requires_grad)

# %% [markdown]
# 在同一个计算中混用：只有 `no_grad` 之外的部分会把梯度传回去。

# %%
x = torch.tensor(1.0, requires_grad=True)
y1 = x**2
with torch.no_grad():
    y2 = x**3
y3 = y1 + y2

print(x.requires_grad)
print(y1, y1.requires_grad)  # True
print(y2, y2.requires_grad)  # False
print(y3, y3.requires_grad)  # True
y3.backward()
print(x.grad)

# %% [markdown]
# $\partial y_1/\partial x = 2x = 2$；$x^3$ 这一支没有贡献。在图中，`y2` 是一个常量：autograd 从来不知道它来自 `x`。（教材用的旧版 PyTorch 打印 `ThAddBackward`；现在是 `AddBackward0`。）

# %%
viz.draw_forward(y3)

# %% [markdown]
# ## `.detach()`
#
# 要点：`t.detach()` 返回一个数值相同的张量，它是一个 `requires_grad=False` 的**新叶子节点**：计算图在这里被截断。

# %%
x = torch.ones(5)
z = torch.matmul(x, w) + b
z_det = z.detach()
print(z_det.requires_grad)

# %% [markdown]
# 回到第 3 课的 $y = (x+1)(x+2)$，把 `a` 截断。现在只有经过 `b` 的路径传递梯度：$\partial y/\partial x = a \cdot 1 = 3$，而不是 7。而且 `a` 变成了叶子节点。

# %%
x = torch.tensor([2.0], requires_grad=True)

a = torch.add(x, 1).detach()
b = torch.add(x, 2)
y = torch.mul(a, b)

y.backward()

print("requires_grad: ", x.requires_grad, a.requires_grad, b.requires_grad, y.requires_grad)
print("is_leaf: ", x.is_leaf, a.is_leaf, b.is_leaf, y.is_leaf)
print("grad: ", x.grad, a.grad, b.grad, y.grad)

# %% [markdown]
# 红色虚线就是截断处：`a` 是由 `x` 算出来的，但反向传播不能越过它。

# %%
viz.draw_forward(y)

# %% [markdown]
# 一个典型用法：模型 A 的输出作为模型 B 的输入，而只训练 B。`input_B = output_A.detach()` 让所有梯度都不进入 A。

# %%
torch.manual_seed(0)
weight_A = torch.randn(3, requires_grad=True)
weight_B = torch.randn(3, requires_grad=True)
output_A = weight_A * 2
input_B = output_A.detach()
loss = (input_B * weight_B).sum()
loss.backward()
print("A:", weight_A.grad, " B:", weight_B.grad)

# %% [markdown]
# 要永久冻结一个参数，就关掉它的 `requires_grad`：`weight_A.requires_grad_(False)`。
#
# ## `.data` 与被记录的原位操作
#
# 要点：`x.data` 是一个与 `x` 共享数值、但在计算图之外（`requires_grad=False`）的张量。修改 `y.data` 会改变 `y` 的值，而 autograd 察觉不到；`y *= 100` 则是普通的原位操作，会被记录到计算图中。

# %%
x = torch.ones(1, requires_grad=True)

print(x.data)  # still a tensor
print(x.data.requires_grad)  # but outside the graph

y = 2 * x
y.data *= 100  # only the value changes; the graph does not know
y.backward()
print(x)  # x itself was not touched
print(x.grad)

# %%
x = torch.ones(1, requires_grad=True)

print(x.data)
print(x.data.requires_grad)

y = 2 * x
y *= 100  # recorded in the graph: it changes the gradient
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
# 原位操作改变张量的数值，而不创建新的张量对象。要点：需要梯度的叶子节点不接受原位操作，因为那样 autograd 就得对“正在求其梯度的那个张量本身的改变”求导。

# %% tags=["raises-exception"]
x = torch.tensor([1.0, 2.0], requires_grad=True)
x.add_(1)

# %% [markdown]
# 更新权重正是这样的改变；当 autograd 被告知不要看的时候，也就是在 `no_grad` 下或通过 `.data`，这是允许的。每个优化器都是这样更新参数的：

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
b = a.exp()  # ExpBackward0 saves its result b: d(e^a)/da = e^a
print(b._version)
b.add_(1)
print(b._version)
b.sum().backward()

# %% [markdown]
# 修改一个没有被任何运算保存的张量是没问题的：`AddBackward0` 什么都不保存。

# %%
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
a = x + 1
a.mul_(3)  # recorded: a.grad_fn becomes MulBackward0
print(a)
a.sum().backward()
print(x.grad)

# %% [markdown]
# 而 `.data` 修改数值时*不会*增加版本号，所以它可能悄无声息地给出错误的梯度。和上面的错误比较一下：

# %%
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.exp()
b.data.add_(1)  # no error, no version change ...
print(b._version)
b.sum().backward()
print(a.grad)  # ... but these are e^a + 1, not e^a

# %% [markdown]
# ## 为什么 `detach()` 比 `.data` 更安全
#
# 要点：`b.detach()` 和 `b.data` 都给出计算图之外的 `b` 的数值，而且都与 `b` *共享内存*：改变其中一个，另一个也跟着变。区别在于 `detach()` 还共享 `b` 的**版本计数器**。所以通过截断得到的张量所做的原位修改会被 autograd 看到，本来会用到过时数值的反向传播会大声报错，而不是悄悄返回错误的数：

# %% tags=["raises-exception"]
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = a.exp()
d = b.detach()
print(d.requires_grad, d.is_leaf)  # outside the graph
d.add_(1)  # changes b too: they share memory ...
print(b)
print(b._version)  # ... and the version counter
b.sum().backward()

# %% [markdown]
# 通过 `b.data` 做的同样修改，在上面两个单元格里没有被发现。这就是应当优先使用 `detach()`（以及用 `torch.no_grad()` 更新参数）的原因：错误变成报错信息，而不是错误的梯度。
#
# ## `requires_grad_(False)`、`inference_mode` 以及 `model.eval()` *不做*的事
#
# 用 `requires_grad_(False)` 冻结一个叶子节点，会把它从之后构建的每张计算图中排除；`torch.inference_mode()` 是更严格的 `no_grad`（它得到的张量以后永远不能进入计算图）。那么 `model.eval()` 呢？它只是把 `Dropout`、`BatchNorm` 这类层切换到评估模式。它**不会**停止 autograd，这是最常见的误解：

# %%
model = torch.nn.Linear(2, 1)
inp = torch.ones(1, 2)

model.eval()
print("after eval():         ", model(inp).requires_grad)  # still recorded!
with torch.no_grad():
    print("under no_grad():      ", model(inp).requires_grad)
with torch.inference_mode():
    print("under inference_mode():", model(inp).requires_grad)
for p in model.parameters():
    p.requires_grad_(False)
print("parameters frozen:    ", model(inp).requires_grad)

# %% [markdown]
# ## 同样的代码，真正的 PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor([2.0], requires_grad=True)
    a = torch.add(x, 1).detach()
    y = torch.mul(a, torch.add(x, 2))
    y.backward()
    print(x.grad, a.is_leaf)
    x = torch.tensor(1.0, requires_grad=True)
    with torch.no_grad():
        y2 = x**3
    print(y2, y2.requires_grad)
    e = torch.tensor([1.0, 2.0, 3.0], requires_grad=True).exp()
    d = e.detach()
    d.add_(1)  # shares memory and the version counter with e
    print(d.requires_grad, e, e._version)
    model = torch.nn.Linear(2, 1)
    model.eval()
    print(model(torch.ones(1, 2)).requires_grad)  # eval() does not stop autograd
    with torch.inference_mode():
        print(model(torch.ones(1, 2)).requires_grad)
    b = x.exp()
    b.add_(1)
    b.backward()


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# 所有阻止梯度的方法，放在一起比较：
#
# | 工具 | 作用 | 共享内存？ | autograd 能看到原位修改吗？ | 典型用途 |
# |---|---|---|---|---|
# | `with torch.no_grad():` | 其中什么都不记录 | （不产生新张量） | 能 | 评估、更新权重 |
# | `with torch.inference_mode():` | 像 `no_grad`，更严格也更快：它的结果永远不能加入计算图 | （不产生新张量） | 不适用 | 纯推理 |
# | `t.detach()` | 数值相同，新的叶子节点，在计算图之外 | 是，连同版本计数器 | 能：用到过时数值的反向传播会失败 | 把一个模型的输出送入另一个模型 |
# | `t.data` | 数值，在计算图之外 | 是，但不共享版本计数器 | **不能**：悄悄给出错误的梯度 | 旧代码；优先用上面两种 |
# | `t.requires_grad_(False)` | 冻结叶子节点 | （同一个张量） | 能 | 微调 |
# | `model.eval()` | Dropout/BatchNorm 切换到评估模式 | — | — | **不阻止梯度** |
#
# 原位操作：需要梯度的叶子节点不接受原位操作（在 `no_grad` 之外）；旧值被保存用于反向传播时，由版本计数器检查。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格；`check` 会告诉你是否正确，如果不对，还差在哪里。答案隐藏在最后。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** 在 $y = (x+1)(x+2)$ 中，$x = 2$，把截断的对象从 `a` 换成 `b = x + 2`。`x.grad` 是多少？

# %%
answer_1 = ...  # a number

check("stopping.1", answer_1)

# %% [markdown]
# **练习 2** `x = torch.ones(1, requires_grad=True)`，`y = 3 * x`，然后 `y.data *= 10`，再 `y = y * 2`。`y.backward()` 之后 `x.grad` 是多少？

# %%
answer_2 = ...  # a number

check("stopping.2", answer_2)

# %% [markdown]
# **练习 3** 下面哪些做法，包在模型的前向计算外面（或在它之前使用），能阻止 autograd 记录它？(A) `with torch.no_grad():`，(B) 给模型输入 `x.detach()`，*并且*冻结所有参数，(C) `model.eval()`，(D) 对每个参数 `p` 调用 `p.requires_grad_(False)`（输入也不需要梯度），(E) `with torch.inference_mode():`。用字母集合作答。

# %%
answer_3 = ...  # e.g. {"A"}

check("stopping.3", answer_3)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 [参考答案](solutions/10_stopping_gradients.ipynb) 笔记本里。请先自己试过再打开。
