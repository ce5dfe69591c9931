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
# # 4. 拆开 minigrad：`backward()` 是怎样运行的
#
# *把教材 2.5.2 节的图 2-10 拆开来看：梯度流动图的节点、节点里面的求导规则，以及运行这些节点的循环。*
#
# **出处**：教材 2.5.2 节（图 2-10）；micrograd 讲座（亲手搭一个 `Value` 引擎）；PyTorch 的“Autograd mechanics”说明。
#
# **本课内容**
#
# - 一条求导规则在代码里是什么样子（`MulBackward0`）；
# - 反向计算图的一个节点记录了什么：它的输入所对应的节点，以及它保存的张量；
# - 引擎的顺序：只有当流入某个节点的**所有**梯度都已到达并求和之后，这个节点才会运行（*拓扑顺序*）；
# - 朴素引擎的错误：一碰到节点就立即运行它；
# - 怎样用大约 40 行代码写出自己的标量 autograd 引擎，并与 minigrad 对照检验。

# %%
import inspect
import math

import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现

# %% [markdown]
# ## 一条求导规则
#
# minigrad 中的每个运算都是一个小类，名字和 PyTorch 的 `grad_fn` 一样。它的 `forward` 计算结果，并保存求导时需要的东西；它的 `backward` 接收输出的梯度（`grad`），为每个输入返回一个梯度。（在 PyTorch 中，`grad_fn` 对象只有反向的部分；前向计算是另外的 C++ 内核。）对于 $a \cdot b$，规则是 $\partial/\partial a = b$，$\partial/\partial b = a$，再各自乘以 `grad`（链式法则）：

# %%
from minigrad.ops.elementwise import MulBackward0

print(inspect.getsource(MulBackward0))

# %% [markdown]
# `ctx.needs_input_grad` 指出哪些输入需要梯度：只有在需要 `a` 的梯度时，规则才保存 `b`，反之亦然。完整的“求导公式表”在 `minigrad/ops/elementwise.py` 中；那里的每个类都是这个样子。
#
# ## 节点记录了什么
#
# 运行 `z = w * x + b`，每个运算记录一个节点。`z.grad_fn` 是最后一个节点，`next_functions` 把每个节点连到它的输入所对应的节点，并附上该输入来自哪个输出的编号。需要梯度的叶子节点以 `AccumulateGrad` 节点结尾；常量（`x`）没有节点（`None`）：

# %%
w = torch.tensor(2.0, requires_grad=True)
x = torch.tensor(3.0)
b = torch.tensor(1.0, requires_grad=True)
z = w * x + b


def names(node):
    return [(fn.name() if fn is not None else None, nr) for fn, nr in node.next_functions]


print(z.grad_fn.name(), "->", names(z.grad_fn))
mul = z.grad_fn.next_functions[0][0]
print(mul.name(), "->", names(mul))

# %% [markdown]
# 图中每个灰色方框就是这样一个节点，图中粉色的“为反向传播保存的张量”框列出了它的 `forward` 保存的张量（即教材的图 2-10，并标出了保存的张量）：

# %%
viz.draw_backward(z, show_saved=True)

# %% [markdown]
# ## 引擎的循环
#
# `backward()` 在 `minigrad/core/engine.py` 中（`run_backward`）。去掉各种选项之后，它做三件事：
#
# 1. 从输出出发把计算图走一遍，为每个节点数一数将有多少个梯度流入它（`_count_dependencies`，下面会打印出来）；
# 2. 把输出的节点放进*就绪*节点队列，梯度为 1；
# 3. 反复取出一个就绪节点，用已到达梯度的**和**调用它的 `backward`，再把每个结果交给下一个节点。一个节点等待的梯度数降到 0 时，它就变为就绪。在就绪节点中，前向传播中最后创建的那个先运行。PyTorch 的 CPU 引擎目前也这样排先后，但这只是实现细节，并无保证：只要每个节点都排在所有给它传梯度的节点之后，任何顺序得到的梯度都一样。

# %%
from minigrad.autograd import engine

print(inspect.getsource(engine._count_dependencies))

# %% [markdown]
# 为什么要等*所有*流入的梯度？看 $y = a \cdot b$，其中 $a = x + 1$，$b = 2a$：`a` 被用了两次（它*扇出*了），所以有两个梯度流回 `AddBackward0`，一个直接来自乘积，一个经过 `b`。引擎记录下它实际运行节点的顺序：

# %%
x = torch.tensor(3.0, requires_grad=True)
a = x + 1
b = a * 2
y = a * b  # y = 2(x + 1)², dy/dx = 4(x + 1) = 16
with viz.record() as rec:
    y.backward()
print([step["node"].name() for step in rec.steps])
print(x.grad)

# %% [markdown]
# `AddBackward0` 是在*两个* `MulBackward0` 节点都运行之后才运行的。在一张新的计算图上单步执行同样的反向传播（反向传播会释放计算图保存的张量，第 5 课会讲到，所以我们重新构建一张）：单步演示器会显示到达每个节点的梯度以及它们的和。

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import BackwardStepper

x = torch.tensor(3.0, requires_grad=True)
a = x + 1
y = a * (a * 2)
BackwardStepper(y)  # 一次一个节点地重放 y.backward()

# %% [markdown]
# ## 40 行写一个自己的引擎
#
# 下面是一个处理 Python 数字的完整 autograd。一个 `Value` 记住它的父节点，以及对每个父节点的局部导数 $\partial(\text{self})/\partial(\text{parent})$。先写各个运算；`backward()` 放在后面，先看一次出错的尝试。


# %%
class Value:
    """A number that remembers how it was made: one node of the graph."""

    def __init__(self, data, parents=(), local_grads=()):
        self.data = data
        self.grad = 0.0
        self.parents = parents  # 产生这个值的运算的输入
        self.local_grads = local_grads  # d(self)/d(parent)，每个父节点一个

    def __add__(self, other):
        other = other if isinstance(other, Value) else type(self)(other)
        return type(self)(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else type(self)(other)
        return type(self)(self.data * other.data, (self, other), (other.data, self.data))

    __radd__ = __add__
    __rmul__ = __mul__

    def exp(self):
        e = math.exp(self.data)
        return type(self)(e, (self,), (e,))


# %% [markdown]
# ### 第一次尝试：一个朴素的引擎
#
# 第一次尝试写 `backward()` 时，常常从输出出发做深度优先遍历，第一次走到某个节点就把它的梯度推给父节点。在没有扇出的计算图上这样可行。在扇出的例子上（$y = a \cdot b$，其中 $a = x + 1$，$b = 2a$），它在经过 `b` 的贡献到达*之前*就把 `a` 的梯度推给了 `x`，而且再也不推第二次：


# %%
def fan_out(x):
    a = x + 1
    b = a * 2
    return a * b


def naive_backward(out):
    out.grad = 1.0
    seen = set()

    def push(v):
        seen.add(id(v))
        for p, local in zip(v.parents, v.local_grads):
            p.grad += local * v.grad
        for p in v.parents:
            if id(p) not in seen:
                push(p)  # 立即运行 p，不管它的梯度是否已经到齐

    push(out)


xv = Value(3.0)
naive_backward(fan_out(xv))
print("naive engine:", xv.grad, "  correct:", 4 * (3.0 + 1))

# %% [markdown]
# 它算出的是 8：只有路径 $y \to a \to x$，经过 $b$ 的路径丢失了。
#
# ### 改正：拓扑顺序
#
# `backward()` 先把节点排成拓扑顺序（每个节点都排在它所依赖的一切之后），再倒着走这个顺序：走到一个节点时，流入它的每个梯度都已经加好了。（minigrad 的引擎靠循环第 1 步的计数得到同样的保证：`a` 的 `AddBackward0` 要等两个梯度，所以收到第一个之后不能运行。）


# %%
def backward(self):
    order, seen = [], set()

    def visit(v):  # 深度优先：一个节点在它的所有父节点之后加入
        if id(v) not in seen:
            seen.add(id(v))
            for p in v.parents:
                visit(p)
            order.append(v)

    visit(self)
    self.grad = 1.0
    for v in reversed(order):  # 从输出回到叶子节点
        for p, local in zip(v.parents, v.local_grads):
            p.grad += local * v.grad  # 链式法则；+= 把各条路径加起来


Value.backward = backward  # 从此每个 Value 都有这个方法

# %% [markdown]
# 在扇出的例子和 $z = e^{wx} + wx$ 上，与 minigrad 对照检验：


# %%
def two_paths(w, x):
    return (w * x).exp() + w * x


xv = Value(3.0)
fan_out(xv).backward()
xt = torch.tensor(3.0, requires_grad=True)
fan_out(xt).backward()
print("fan_out:   mine", xv.grad, "  minigrad", xt.grad.item())

wv, xv = Value(0.5), Value(2.0)
two_paths(wv, xv).backward()
wt, xt = torch.tensor(0.5, requires_grad=True), torch.tensor(2.0, requires_grad=True)
two_paths(wt, xt).backward()
print("two_paths: mine", round(wv.grad, 4), round(xv.grad, 4), "  minigrad", wt.grad, xt.grad)

# %% [markdown]
# ## 同样的代码，真正的 PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    w = torch.tensor(2.0, requires_grad=True)
    b = torch.tensor(1.0, requires_grad=True)
    z = w * torch.tensor(3.0) + b
    node = z.grad_fn
    print(node.name(), [(f.name() if f else None, nr) for f, nr in node.next_functions])
    mul = node.next_functions[0][0]
    print(mul.name(), [(f.name() if f else None, nr) for f, nr in mul.next_functions])
    x = torch.tensor(3.0, requires_grad=True)
    a = x + 1
    y = a * (a * 2)
    y.backward()
    print(y, x.grad)


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# - 求导规则就是一个类：`forward` 保存求导需要的东西，`backward` 把输出的梯度变成每个输入的梯度。
# - 节点通过 `next_functions` 连到输入所对应的节点；叶子节点以 `AccumulateGrad` 结尾。
# - 引擎数出每个节点等待的梯度个数，只有当它们全部到达并求和后才运行该节点：这就是拓扑顺序。
# - 一碰到节点就运行它的引擎，会在计算图扇出的地方丢失梯度。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1（手工反向传播）** 在引擎动手之前，先自己做一遍，就像 micrograd 讲座里那样。对下面这个神经元，求输出 `o` 对五个叶子节点各自的梯度：从梯度为 1 的 `o` 出发，一次往回走一个运算，每一步乘上那个运算的局部导数。然后用张量搭出同一个神经元，用 `viz.draw_backward` 核对你的结果。

# %%
# micrograd 讲座里的神经元：o = tanh(x1*w1 + x2*w2 + b)
x1, x2, w1, w2, b = 2.0, 0.0, -3.0, 1.0, 6.8813735870195432
n = x1 * w1 + x2 * w2 + b
o = math.tanh(n)
print(f"n = {n:.4f}, o = {o:.4f}")
grads_by_hand = {"x1": ..., "w1": ..., "x2": ..., "w2": ..., "b": ...}  # do/d(叶子节点)

check("engine.hand", grads_by_hand)

# %% [markdown]
# **练习 2（预测引擎的顺序）** 对于 `out = torch.exp(x * w) + torch.sin(x)`（`x` 和 `w` 是需要梯度的叶子节点），请给出引擎运行这四个运算节点的一种可行顺序：每个节点都要排在所有给它传梯度的节点之后。不算 `AccumulateGrad` 节点。正确答案不止一个；`BackwardStepper` 会显示 minigrad（以及 PyTorch）实际选的那一个。

# %%
order = ...  # 节点名的列表，例如 ["XBackward0", "YBackward0", ...]

check("engine.1", order)

# %% [markdown]
# **练习 3（自己写一条规则）** 写出 `exp` 的求导规则：给定输入值 `x`（一个数）和从输出传来的梯度 `grad`，返回 `x` 的梯度。`check` 会把它与 minigrad 的 `ExpBackward0` 比较。


# %%
def exp_backward(x, grad):
    return ...


check("engine.2", exp_backward)

# %% [markdown]
# **练习 4（自己动手搭引擎）** 像 micrograd 讲座那样，扩展上面的 `Value` 引擎。`MyValue` 继承了 `+`、`*` 和 `exp`（因为用了 `type(self)`，它们得到的也是 `MyValue`）。把每个 `...` 换成 `**`（指数是普通的数）、`tanh`、一元 `-` 和二元 `-` 的局部导数，并自己写出 `backward()`，不要看上面那个。`check` 会构造 25 个由三个输入组成、节点相互共享的随机表达式（就像下面画的这个），把你的数值和梯度与 minigrad 的比较。参考答案 notebook接着会用它训练一个小网络。

# %%
a = torch.tensor(0.5, requires_grad=True)
b = torch.tensor(-1.0, requires_grad=True)
h = (a * b - a).tanh()
viz.draw_forward(h**2 + (-b).exp() + h)  # check 构造的那种表达式之一


# %%
class MyValue(Value):
    def __pow__(self, n):  # n 是普通的数，比如 x**2
        return MyValue(self.data**n, (self,), (...,))  # d(x**n)/dx

    def tanh(self):
        t = math.tanh(self.data)
        return MyValue(t, (self,), (...,))  # d(tanh x)/dx，用 t 表示

    def __neg__(self):
        return MyValue(-self.data, (self,), (...,))

    def __sub__(self, other):
        other = other if isinstance(other, Value) else MyValue(other)
        return MyValue(self.data - other.data, (self, other), (..., ...))

    def backward(self): ...  # 先排出拓扑顺序，再从输出开始应用链式法则


check("engine.3", MyValue)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/04_inside_backward.ipynb) 里。请先自己试过再打开。
