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
# **出处**：教材 2.5.1 节；PyTorch 的 autograd 教程（“禁用梯度跟踪”一节：`z = torch.matmul(x, w) + b` 的网络）；d2l 风格的那篇文章（在 `no_grad` 下计算的 `y2 = x**3`）；讲 `torch.autograd.grad` 的那篇文章（模型 A 与模型 B 之间的 `detach()`，以及 `a = (x+1).detach()`）；不可导点上的梯度和异常检测参考 PyTorch 的“Autograd mechanics”说明。
#
# **本课内容**
#
# - `with torch.no_grad():` 运行代码而不记录计算图（评估、测试、更新权重）；
# - `.detach()` 把一个张量从计算图上截断：在 `a = (x+1).detach()` 的例子中，两条路径只剩一条还传递梯度；
# - 怎样冻结模型的一部分、微调其余部分：梯度仍然*穿过*被冻结的层，但不会*进入*它们；
# - 把所有阻止梯度的方法放在一起比较（`no_grad`、`inference_mode`、`detach()`、`requires_grad_(False)`），以及为什么 `model.eval()` 不在其中；
# - 在函数不可导的地方 autograd 怎么做（relu 和 `abs` 在 0 处，`sqrt` 在 0 处），把梯度变成 NaN 的 `torch.where` 陷阱，以及怎样用异常检测找到出问题的运算。
#
# 为什么要阻止梯度：只是*使用*模型（推理）时不需要计算图，不建图计算更快、更省内存；微调预训练网络时，有些参数要被*冻结*，不能训练。（用 `.data` 或原位操作在 autograd *背后*修改数值，是下一课的内容。）

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现
# 下面有些单元格是故意出错的：只显示错误本身，不显示它经过的代码
# %xmode Minimal
# 并在每个错误下面解释它（minigrad 的错误解释器，对 torch 也适用）
# %load_ext minigrad

# %% [markdown]
# ## `torch.no_grad()`
#
# 要点：在 `with torch.no_grad():` 中什么都不记录，所以结果的 `requires_grad=False`，也没有 `grad_fn`，即使它们的输入需要梯度。

# %%
x = torch.ones(5)  # 输入张量
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
# $\partial y_1/\partial x = 2x = 2$；$x^3$ 这一支没有贡献。在图中，`y2` 是一个常量：autograd 从来不知道它来自 `x`。（d2l 风格那篇文章用的旧版 PyTorch 打印 `ThAddBackward`；现在是 `AddBackward0`。）

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
# ## 冻结与微调
#
# 要永久冻结一个参数，就关掉它的 `requires_grad`。微调时对整个预训练的*主体*都这样做，再把*输出头*换成适合新任务的新层，并且只把仍要训练的参数交给优化器。梯度仍然*穿过*被冻结的层（这里一直传到需要梯度的输入 `x`）；只是不会存*进*它们：被冻结参数的 `.grad` 一直是 `None`。

# %%
torch.manual_seed(0)
body = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh())  # “预训练的”主体
for p in body.parameters():
    p.requires_grad_(False)  # 冻结
head = torch.nn.Linear(8, 2)  # 新的输出头，从头训练
model = torch.nn.Sequential(body, head)
trainable = [p for p in model.parameters() if p.requires_grad]
optimizer = torch.optim.SGD(trainable, lr=0.1)
print(len(trainable), "trainable tensors:", [tuple(p.shape) for p in trainable])

x = torch.randn(3, 4, requires_grad=True)
loss = model(x).pow(2).mean()
loss.backward()
optimizer.step()
print("body weight grad:", body[0].weight.grad)  # 不会存进被冻结的层
print("head weight grad:", head.weight.grad.shape)
print("x.grad went through the frozen body:", x.grad.shape)

# %% [markdown]
# ## `requires_grad_(False)`、`inference_mode` 以及 `model.eval()` *不做*的事
#
# 用 `requires_grad_(False)` 冻结一个叶子节点，会把它从之后构建的每张计算图中排除；`torch.inference_mode()` 是更严格的 `no_grad`（它得到的张量以后永远不能被保存给反向传播使用：`t + w` 可以，`t * w` 会失败）。那么 `model.eval()` 呢？它只是把 `Dropout`、`BatchNorm` 这类层切换到评估模式。它**不会**停止 autograd，这是最常见的误解：

# %%
model = torch.nn.Linear(2, 1)
inp = torch.ones(1, 2)

model.eval()
print("after eval():         ", model(inp).requires_grad)  # 仍然被记录！
with torch.no_grad():
    print("under no_grad():      ", model(inp).requires_grad)
with torch.inference_mode():
    print("under inference_mode():", model(inp).requires_grad)
for p in model.parameters():
    p.requires_grad_(False)
print("parameters frozen:    ", model(inp).requires_grad)

# %% [markdown]
# ## 没有导数的地方：尖点、无穷大与 NaN
#
# `relu` 和 `abs` 在 0 处有一个拐角，那里导数不存在。PyTorch 不会因此报错。它的规则（见 “Autograd mechanics” 说明）是：在凸函数的拐角处，取*范数最小的次梯度*，也就是能放在拐角下方的那些斜率中最接近 0 的一个。`relu` 的这些斜率从 0 到 1，`abs` 的从 -1 到 1：两者都取 0。`sqrt` 在 0 处的斜率无限陡，它的梯度是 `inf`。

# %%
x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
torch.relu(x).sum().backward()
print("relu:", x.grad)
x.grad = None
x.abs().sum().backward()
print("abs: ", x.grad)
x.grad = None
x.clamp(min=0).sqrt().sum().backward()
print("sqrt:", x.grad)

# %% [markdown]
# **`torch.where` 陷阱。**只想在 $x > 0$ 的地方开平方，人们会写 `torch.where(x > 0, x.sqrt(), 0.0)`。数值是对的，梯度却是 NaN：`x.sqrt()` 对*每个*元素都算了，而 `where` 给没选中的那一支传回的梯度是 0。链式法则再把这个 0 乘以 `sqrt` 的斜率 $1/(2\sqrt{x})$：它在 0 处是 `inf`，在 -1 处是 NaN，而 $0 \cdot \infty$ 是 NaN。在梯度流动图中，顺着那些 0 走进 `SqrtBackward0`：

# %%
x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
y = torch.where(x > 0, x.sqrt(), 0.0)
with viz.record() as rec:  # 观察反向传播：图上会标出它的梯度
    y.sum().backward()
print(y)
print(x.grad)
viz.draw_backward(y, names={x: "x", y: "y"}, recording=rec)

# %% [markdown]
# 修正方法：在危险的运算*之前*就让不会被选中的那一支变得无害，使它的斜率有限。在不会用到结果的地方，给 `sqrt` 一个安全的输入：

# %%
x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
safe = torch.where(x > 0, x, 1.0)  # sqrt 永远看不到 0 或负数
y = torch.where(x > 0, safe.sqrt(), 0.0)
y.sum().backward()
print(y)
print(x.grad)

# %% [markdown]
# 在真正的模型里，NaN 出现在某个参数的 `.grad` 中，离它的起因很远。**异常检测**能找到出问题的运算：在 `torch.autograd.detect_anomaly()` 之中（或者调用 `torch.autograd.set_detect_anomaly(True)` 之后），每个梯度函数的结果都会被检查，第一个返回 NaN 的函数会让这次反向传播带着它的名字停下来。一条警告还会指出记录它的那一行*前向*代码。它让每个运算都变慢：用来调试，不要用来训练。

# %% tags=["raises-exception"]
x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
with torch.autograd.detect_anomaly():
    y = torch.where(x > 0, x.sqrt(), 0.0)
    y.sum().backward()

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
    model = torch.nn.Linear(2, 1)
    model.eval()
    print(model(torch.ones(1, 2)).requires_grad)  # eval() 不会停止 autograd
    with torch.inference_mode():
        print(model(torch.ones(1, 2)).requires_grad)
    x = torch.tensor([-1.0, 0.0, 4.0], requires_grad=True)
    torch.where(x > 0, x.sqrt(), 0.0).sum().backward()
    print(x.grad)


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# 所有阻止梯度的方法，放在一起比较：
#
# | 工具 | 作用 | 共享内存？ | 典型用途 |
# |---|---|---|---|
# | `with torch.no_grad():` | 其中什么都不记录 | （不产生新张量） | 评估、更新权重 |
# | `with torch.inference_mode():` | 和 `no_grad` 一样，但更严格、更快：它的结果永远不能被保存给反向传播使用（`t + w` 可以，`t * w` 会失败） | （不产生新张量） | 纯推理 |
# | `t.detach()` | 数值相同的新叶子节点，在计算图之外 | 是，也共享版本计数器（第 11 课） | 把一个模型的输出送进另一个模型 |
# | `t.data` | 计算图之外的数值 | 是，但不共享版本计数器 | 旧代码；第 11 课说明为什么应优先用上面两种 |
# | `t.requires_grad_(False)` | 冻结一个叶子节点 | （同一个张量） | 微调 |
# | `model.eval()` | 把 Dropout/BatchNorm 切换到评估模式 | — | **不会阻止梯度** |
#
# 在函数没有导数的地方，PyTorch 用一个固定值（`relu` 和 `abs` 在 0 处取 0）；无穷大的斜率乘以 0 的梯度得到 NaN，就像 `torch.where` 陷阱那样：在运算之前就让不用的那一支变得安全，并让 `detect_anomaly()` 说出返回 NaN 的梯度函数。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** 在 $y = (x+1)(x+2)$ 中，$x = 2$，把截断的对象从 `a` 换成 `b = x + 2`。`x.grad` 是多少？

# %%
answer_1 = ...  # 一个数

check("stopping.1", answer_1)

# %% [markdown]
# **练习 2** 下面哪些做法，包在模型的前向计算外面（或在它之前使用），能阻止 autograd 记录它？(A) `with torch.no_grad():`，(B) 给模型输入 `x.detach()`，*并且*冻结所有参数，(C) `model.eval()`，(D) 对每个参数 `p` 调用 `p.requires_grad_(False)`（输入也不需要梯度），(E) `with torch.inference_mode():`。用字母集合作答。

# %%
answer_2 = ...  # 例如 {"A"}

check("stopping.2", answer_2)


# %% [markdown]
# **练习 3** 调试一个 NaN 梯度。下面的 `f` 应当在 $x > 0$ 处计算 $\log(x)$，在其他地方给出 0，但 `x.grad` 在 $x = 0$ 处是 NaN。改写 `f`（数值不变），使 `x.grad` 处处有限；`check` 会运行你的 `f`。

# %%
def f(x):
    return torch.where(x > 0, x.log(), 0.0)  # 请修改：保持数值不变，消除 NaN


check("stopping.3", f)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/10_stopping_gradients.ipynb) 里。请先自己试过再打开。
