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
# # 5. `backward()` 与 `autograd.grad()`
#
# *对应教材 2.5.1 节第 4 点和第 6 点（梯度是累加的；`retain_graph`），以及 2.5.3 节。*
#
# **出处**：教材 2.5.1 节和 2.5.3 节；讲 `torch.autograd.grad` 的那篇文章（`z = x * x * y` 的例子和第二次调用的报错）。
#
# **本课内容**
#
# - 求梯度的两种方式：`backward()` 把梯度*保存*到叶子节点的 `.grad` 中，`torch.autograd.grad()` 把梯度*返回*给你，什么也不保存；
# - 同一张计算图上的第二次反向传播如果要用到第一次已经释放的保存张量，为什么会失败；`retain_graph=True` 改变了什么；
# - `backward()` 是把梯度**加**到 `.grad` 上，而不是覆盖，所以梯度会不断累积，直到你用 `x.grad.zero_()`（训练时用 `optimizer.zero_grad()`）清零。

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现
# 下面有些单元格是故意出错的：只显示错误本身，不显示它经过的代码
# %xmode Minimal
# 并在每个错误下面解释它（minigrad 的错误解释器，对 torch 也适用）
# %load_ext minigrad

# %% [markdown]
# ## 得到梯度的两种方式
#
# 要点：`y.backward()` 是 `torch.autograd.backward(y)` 的简写：它填写叶子节点的 `.grad`。`torch.autograd.grad(outputs, inputs)` 计算同样的梯度，并以元组的形式返回，每个输入一项。

# %%
x = torch.tensor(2.0, requires_grad=True)

a = torch.add(x, 1)
b = torch.add(x, 2)
y = torch.mul(a, b)

y.backward()  # 等同于 torch.autograd.backward(y)
print(x.grad)

# %%
x = torch.tensor(2.0, requires_grad=True)

a = torch.add(x, 1)
b = torch.add(x, 2)
y = torch.mul(a, b)

grad = torch.autograd.grad(outputs=y, inputs=x)
print(grad)
print("x.grad is still", x.grad)

# %% [markdown]
# 结果是元组，因为 `inputs` 可以是多个张量；只有一个输入时，取下标为 `[0]` 的元素。
#
# 第二个例子，有两个叶子节点：$z = x^2 y$，所以在 $x = 2, y = 3$ 处 $\partial z/\partial x = 2xy = 12$，$\partial z/\partial y = x^2 = 4$。

# %%
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)

z = x * x * y

z.backward()
print(x.grad, y.grad)

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x)
print(grad_x[0])

# %% [markdown]
# ## 一次反向传播之后，计算图就被释放了
#
# 要点：为了计算梯度，运算会保留它的一部分输入（`MulBackward0` 需要两个因子）。这些*保存的张量*一旦被反向传播用过就会释放，以节省内存。所以在求了对 `x` 的梯度**之后**，再求对 `y` 的梯度就会失败：

# %% tags=["raises-exception"]
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x)
grad_y = torch.autograd.grad(outputs=z, inputs=y)

# %% [markdown]
# 图中显示了发生的事：第一次调用之后，两个 `MulBackward0` 节点保存的值都被标为*已释放*。

# %%
viz.draw_backward(z, show_saved=True)

# %% [markdown]
# `retain_graph=True` 告诉这一次反向传播不要释放保存的张量。它们会一直保留，直到某一次*没有* `retain_graph=True` 的反向传播把它们释放。所以除了最后一次调用，每次都要加上它（`create_graph=True` 隐含了 `retain_graph=True`，见第 9 课）：

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x, retain_graph=True)
grad_y = torch.autograd.grad(outputs=z, inputs=y)

print(grad_x[0], grad_y[0])

# %% [markdown]
# （这里用一次调用、同时传入两个输入，就能在一次反向传播中完成同样的工作：`torch.autograd.grad(z, [x, y])`。）
#
# `backward()` 也一样。`z = x * x` 为求梯度保存了 `x`，第二次调用又要用它，于是失败：

# %% tags=["raises-exception"]
x = torch.tensor(2.0, requires_grad=True)
z = x * x
z.backward()
z.backward()

# %% [markdown]
# 报错来自*保存的张量*，而不是计算图本身。如果计算图的节点什么也没保存，比如 `x + 1`（加法的梯度用不到它的输入），不加 `retain_graph` 也能反向传播两次，而且不报错：第二次的梯度悄悄加到了第一次上。不要依赖这一点；凡是要再次遍历计算图，就传入 `retain_graph=True`。

# %%
x = torch.tensor(2.0, requires_grad=True)
y = x + 1  # AddBackward0 什么也不保存
y.backward()
y.backward()  # 不报错：它要用的东西没有被释放
print(x.grad)  # 1 + 1：第二次反向传播加到了第一次上

# %% [markdown]
# ## 梯度是累加的
#
# 要点：`backward()` 从不覆盖 `.grad`；它把梯度**加**上去。把同一次反向传播运行两遍（保留计算图），梯度就翻倍了：

# %%
x = torch.tensor(2.0, requires_grad=True)
z = x * x  # dz/dx = 2x = 4
z.backward(retain_graph=True)
print(x.grad)
z.backward()
print(x.grad)

# %% [markdown]
# 为什么是相加而不是覆盖？并不是因为一个张量在多处被使用：在*一次*反向传播之内，引擎自己就会把各条路径的梯度加起来（第 4 课）。跨*多次调用*的累加，是为了由几次反向传播拼出一个梯度：一批数据太大、内存放不下，就分成几个微批次，各做一次 `backward()`；或者几个损失先后各做一次反向传播。用微批次累加，得到的就是整批数据的梯度：

# %%
data = torch.tensor([1.0, 2.0, 3.0, 4.0])
w = torch.tensor(0.5, requires_grad=True)
((w * data - 1) ** 2).mean().backward()  # 整批数据一次算完
whole = w.grad.clone()
w.grad = None
for part in data.split(2):  # 分成两个各含 2 个样本的微批次
    ((w * part - 1) ** 2).mean().backward()  # 每次调用都加到 w.grad 上
print(whole, w.grad / 2)  # 两半的平均就是整批的梯度

# %% [markdown]
# 代价是：在计算新的梯度之前，你必须自己清零 `.grad`。下面是矩阵上的同一现象：`out = ((inp + 1) ** 2)ᵀ`，以梯度 `ones_like(out)` 反向传播三次（第 6 课会解释这个参数）：

# %%
inp = torch.eye(4, 5, requires_grad=True)
out = (inp + 1).pow(2).t()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"First call\n{inp.grad}")
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nSecond call\n{inp.grad}")
inp.grad.zero_()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nCall after zeroing gradients\n{inp.grad}")

# %% [markdown]
# 第一次和第三次的结果一致：$2(inp + 1)$，对角线上是 4，其余是 2。第二次是它的两倍。
#
# `x.grad.zero_()` 清零一个张量。一个网络有很多参数，所以优化器用 `optimizer.zero_grad()` 一次清零全部参数（缺省情况下它把每个 `.grad` 重新设为 `None`）。一个训练步骤总少不了这三行：

# %%
w = torch.tensor([1.0, -1.0], requires_grad=True)
optimizer = torch.optim.SGD([w], lr=0.1)

for step in range(3):
    optimizer.zero_grad()  # 1. 丢掉上一次的梯度
    loss = (w * w).sum()
    loss.backward()  # 2. 把新的梯度算进 w.grad
    print(f"step {step}: loss = {loss.item():.4f}, w.grad = {w.grad}")
    optimizer.step()  # 3. 让 w 沿梯度的反方向移动

print("after zero_grad:", end=" ")
optimizer.zero_grad()
print(w.grad)

# %% [markdown]
# 没有 `optimizer.zero_grad()`，每一步用的都是到目前为止所有梯度的和。删掉那一行再运行一次这个单元格，看看有什么不同。
#
# ## 经过 `while` 和 `if` 的求导
#
# 计算图是在 Python 运行的同时记录下来的（第 1 课），所以即使函数里的循环和分支取决于数据，也照样可以求导：autograd 求导的是这个输入*实际走过*的那条路径。下面这个函数取自 d2l，`d` 等于 `a` 乘以某个常数 $k$（翻倍几次、走哪个分支，都取决于 `a`），所以梯度就是这个 $k$，也就是 `d / a`。计算图是一串乘法，循环跑了几次，它就有多长：


# %%
def f(a):
    b = a * 2
    while b.norm() < 1000:  # 循环几次取决于 a 的值
        b = b * 2
    if b.sum() > 0:  # 走哪个分支也取决于 a 的值
        c = b
    else:
        c = 100 * b
    return c


a = torch.randn(size=(), requires_grad=True)
d = f(a)
d.backward()
print(a, d)
print("a.grad:", a.grad, " d / a:", d.detach() / a.detach())
viz.draw_forward(d, collapse=True)  # ×N：把重复 N 次的一段画成一个方框

# %% [markdown]
# 换一个 `a`，可能走另一条路径，得到另一个 $k$：每次调用都记录它自己的计算图。
#
# ## 同样的代码，真正的 PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor(2.0, requires_grad=True)
    y = torch.tensor(3.0, requires_grad=True)
    z = x * x * y
    print(torch.autograd.grad(z, x, retain_graph=True))
    z.backward(retain_graph=True)
    z.backward()
    print(x.grad, y.grad)
    z.backward()


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# | | `z.backward()` | `torch.autograd.grad(z, inputs)` |
# |---|---|---|
# | 结果 | 保存在每个叶子节点的 `.grad` 中（累加） | 以元组返回 |
# | 哪些张量 | `z` 所依赖的、需要梯度的叶子节点 | 恰好是 `inputs`（叶子节点或非叶子节点都行） |
# | 第二次反向传播 | 若要用到保存的张量就会失败：第一次需要 `retain_graph=True` | 相同 |
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** `x = torch.tensor(1.0, requires_grad=True)`，`q = 5 * x * x`。你不清零，连续调用 `q.backward(retain_graph=True)` 三次。`x.grad` 是多少？

# %%
answer_1 = ...  # 一个数

check("grad.1", answer_1)

# %% [markdown]
# **练习 2（修好 RuntimeError）** 这个函数先求 $\partial z/\partial x$，再求 $\partial z/\partial y$，结果出现了上面见过的错误。修改它，使它返回两个梯度 `(tensor(12.), tensor(4.))`。有两种改法，哪一种都能通过。


# %%
def grads(torch, x, y):
    z = x * x * y
    (gx,) = torch.autograd.grad(z, x)
    (gy,) = torch.autograd.grad(z, y)
    return gx, gy


check("grad.2", grads)

# %% [markdown]
# **练习 3（实际走过的路径）** 用“经过 `while` 和 `if` 的求导”一节中的 `f`，取 `a = torch.tensor(-0.3, requires_grad=True)`，`f(a).backward()` 之后 `a.grad` 是多少？先自己数一数翻倍的次数，判断走哪个分支。

# %%
answer_3 = ...  # 一个数

check("grad.3", answer_3)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/05_backward_vs_grad.ipynb) 里。请先自己试过再打开。
