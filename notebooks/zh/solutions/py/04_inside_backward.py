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
# # 参考答案：4. 拆开 minigrad：`backward()` 是怎样运行的
#
# [本课](../04_inside_backward.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import math

import minigrad as torch
from minigrad import viz
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# 从梯度为 1 的 `o` 往回走。`o = tanh(n)`，tanh 的局部导数是 $1 - o^2 = 1 - 0.7071^2 = 0.5$，所以 $do/dn = 0.5$。`n` 是一个和，加法把梯度原样传给每个输入：`b`、`x1*w1` 和 `x2*w2` 各得到 0.5。乘法把梯度乘上*另一个*因子：`x1` 得到 $w_1 \cdot 0.5 = -1.5$，`w1` 得到 $x_1 \cdot 0.5 = 1$，`x2` 得到 $w_2 \cdot 0.5 = 0.5$，`w2` 得到 $x_2 \cdot 0.5 = 0$（输入为 0 的权重什么也学不到）。引擎的结果逐条边都与此一致。

# %%
# tanh 的局部导数 1 - o²：0.5
do_dn = 1 - math.tanh(2.0 * -3.0 + 0.0 * 1.0 + 6.8813735870195432) ** 2
# 加法原样传下去，乘法乘上另一个因子
grads_by_hand = {"x1": -3.0 * do_dn, "w1": 2.0 * do_dn, "x2": 1.0 * do_dn, "w2": 0.0, "b": do_dn}
leaves = {
    name: torch.tensor(value, requires_grad=True)
    for name, value in {
        "x1": 2.0,
        "x2": 0.0,
        "w1": -3.0,
        "w2": 1.0,
        "b": 6.8813735870195432,
    }.items()
}
o = (leaves["x1"] * leaves["w1"] + leaves["x2"] * leaves["w2"] + leaves["b"]).tanh()
with viz.record() as rec:
    o.backward()
print({name: round(t.grad.item(), 4) for name, t in leaves.items()})
assert passes("engine.hand", grads_by_hand)
viz.draw_backward(o, {t: name for name, t in leaves.items()}, recording=rec)

# %% [markdown]
# ## 练习 2
#
# `AddBackward0` 最先运行：它是输出的节点，没有别的节点给它传梯度。它把梯度传给 `ExpBackward0` 和 `SinBackward0`，这两个于是都就绪了；`MulBackward0` 要等 `ExpBackward0`。所以有三种可行的顺序，`check` 都接受。minigrad 和目前 PyTorch 的 CPU 引擎一样，在就绪节点中先运行最后创建的那个（`SinBackward0`）；这种先后只是实现细节。

# %%
x = torch.tensor(0.5, requires_grad=True)
w = torch.tensor(2.0, requires_grad=True)
out = torch.exp(x * w) + torch.sin(x)
with viz.record() as rec:
    out.backward()
order = [s["node"].name() for s in rec.steps if "AccumulateGrad" not in s["node"].name()]
print(order)
assert passes("engine.1", order)
assert passes("engine.1", ["AddBackward0", "ExpBackward0", "MulBackward0", "SinBackward0"])

# %% [markdown]
# ## 练习 3
#
# $e^x$ 的局部导数是 $e^x$；链式法则把它乘上从输出传来的梯度。


# %%
def exp_backward(x, grad):
    return grad * math.exp(x)  # d(e^x)/dx = e^x，再乘上传入的梯度


assert passes("engine.2", exp_backward)

# %% [markdown]
# ## 练习 4
#
# 先写出课里的 `Value`，再写四个局部导数和 `backward()`：深度优先遍历把每个节点排在它的父节点之后，倒过来走这个顺序时，到达一个节点时流入它的梯度都已经加齐了。


# %%
class Value:  # 课里的引擎，与课里相同
    def __init__(self, data, parents=(), local_grads=()):
        self.data = data
        self.grad = 0.0
        self.parents = parents
        self.local_grads = local_grads

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


class MyValue(Value):
    def __pow__(self, n):
        return MyValue(self.data**n, (self,), (n * self.data ** (n - 1),))  # C1

    def tanh(self):
        t = math.tanh(self.data)
        return MyValue(t, (self,), (1 - t * t,))

    def __neg__(self):
        return MyValue(-self.data, (self,), (-1.0,))

    def __sub__(self, other):
        other = other if isinstance(other, Value) else MyValue(other)
        return MyValue(self.data - other.data, (self, other), (1.0, -1.0))

    def backward(self):
        order, seen = [], set()

        def visit(v):  # C2
            if id(v) not in seen:
                seen.add(id(v))
                for p in v.parents:
                    visit(p)
                order.append(v)

        visit(self)
        self.grad = 1.0
        for v in reversed(order):  # C3
            for p, local in zip(v.parents, v.local_grads):
                p.grad += local * v.grad


assert passes("engine.3", MyValue)

# %% [markdown]
# ### 用它训练一个小网络
#
# 四个 tanh 神经元加一个输出神经元，用梯度下降在四个点上训练。每个梯度都来自你写的 `backward()`：

# %%
import random

random.seed(0)


class Neuron:
    def __init__(self, n_in):
        self.w = [MyValue(random.uniform(-1, 1)) for _ in range(n_in)]
        self.b = MyValue(0.0)

    def __call__(self, xs):
        return sum((wi * xi for wi, xi in zip(self.w, xs)), self.b).tanh()


hidden = [Neuron(2) for _ in range(4)]
output = Neuron(4)
parameters = [p for n in hidden + [output] for p in n.w + [n.b]]

xs = [[2.0, 3.0], [3.0, -1.0], [0.5, 1.0], [1.0, 1.0]]
ys = [1.0, -1.0, -1.0, 1.0]  # 每个点的目标值
for step in range(100):
    predictions = [output([n(x) for n in hidden]) for x in xs]
    loss = sum(((p - y) ** 2 for p, y in zip(predictions, ys)), MyValue(0.0))
    for p in parameters:
        p.grad = 0.0  # 清掉旧的梯度
    loss.backward()
    for p in parameters:
        p.data -= 0.2 * p.grad  # 沿梯度的反方向走一步
    if step % 20 == 0 or step == 99:
        print(f"step {step:2d}: loss = {loss.data:.4f}")
print("predictions:", [round(p.data, 2) for p in predictions])

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
