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
# # 12. 钩子与自定义 `autograd.Function`
#
# *超出教材 2.5 节：2.5 节说 `torch.Tensor` 和 `torch.Function` 是 autograd 的两个核心类（并没有 `torch.Function`：这个类是 `torch.autograd.Function`）；本课自己写一个 `Function`。*
#
# **出处**：教材 2.5 节（两个核心类）；PyTorch 的“Extending PyTorch”说明（自定义 `Function`、`gradcheck`）和“Autograd mechanics”说明（保存的张量及其钩子）。
#
# **本课内容**
#
# - `register_hook`：对到达某个张量的梯度运行你自己的代码，甚至替换这个梯度；
# - `retain_grad()` 就是这样一个钩子，以及怎样自己写出它；
# - 带 `forward`、`backward` 和 `ctx.save_for_backward` 的自定义 `torch.autograd.Function`；
# - `gradcheck` 怎样抓出手写 backward 中的错误；
# - 用钩子做梯度裁剪；
# - 每个运算为反向传播保存了哪些张量，以及 `saved_tensors_hooks`。

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现
# 下面有些单元格是故意出错的：只显示错误本身，不显示它经过的代码
# %xmode Minimal

# %% [markdown]
# ## 在途中观察梯度
#
# 要点：`t.register_hook(fn)` 让引擎在反向传播中算出 `t` 的梯度时调用 `fn(grad)`。这里 `h = 3x` 不是叶子节点，所以它的 `.grad` 保持 `None`（第 3 课），但钩子能在途中看到它的梯度 $\partial y/\partial h = 2h$：

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
handle = h.register_hook(lambda grad: print("gradient reaching h:", grad))
y = (h * h).sum()
y.backward()
print("x.grad =", x.grad)
handle.remove()  # 钩子会一直留着，直到你移除它

# %% [markdown]
# ## `retain_grad()` 就是一个钩子
#
# 要点：`h.retain_grad()` 注册一个把梯度存进 `h.grad` 的钩子。你可以用一个字典写出同样的东西：

# %%
store = {}
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
h.register_hook(lambda grad: store.update(h=grad))
(h * h).sum().backward()
print(store)

# %% [markdown]
# ## 钩子可以改变梯度
#
# 如果钩子返回一个张量，这个张量就会在剩下的反向传播中*替换*原来的梯度。乘以 10，`x.grad` 就是 $2x$ 的十倍：

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
x.register_hook(lambda grad: grad * 10)
(x * x).sum().backward()
print(x.grad)

# %% [markdown]
# 一个实际用途：**梯度裁剪**。梯度太大会让一步训练跳得太远。一个把每个元素限制在 $[-1, 1]$ 之内的钩子，在梯度被保存之前就给它封顶（在训练循环里，通常是在 `backward()` 之后调用 `torch.nn.utils.clip_grad_norm_` 或 `clip_grad_value_`）：

# %%
w = torch.tensor([0.001, -2.0], requires_grad=True)
w.register_hook(lambda grad: grad.clamp(-1.0, 1.0))
loss = (100 * w * w).sum()  # d/dw = 200 w = [0.2, -400]
loss.backward()
print(w.grad)

# %% [markdown]
# ## 自定义 `autograd.Function`
#
# 第 4 课说明了每个运算都是一个带 `forward` 和 `backward` 的类。你可以继承 `torch.autograd.Function` 自己写一个。`forward` 计算结果，并用 `ctx.save_for_backward` 保存 `backward` 需要的东西；`backward` 接收输出的梯度，返回每个输入的梯度。用 `.apply` 调用它。下面是 $x^3$，它的导数是 $3x^2$：


# %%
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x**2 * grad


x = torch.tensor([0.5, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
y = Cube.apply(x)
print(y)
y.sum().backward()
print(x.grad)

# %% [markdown]
# 这个节点以类名命名，叫 `CubeBackward`，它像任何内置运算一样位于计算图中：

# %%
viz.draw_backward(Cube.apply(x).sum())

# %% [markdown]
# ## 在代码里查看保存的张量
#
# `ctx.save_for_backward` 是 `Function` 保留反向传播所需数据的方式。内置运算也一样，而且 PyTorch 让你看得到：`grad_fn` 把每个保存的值显示为属性 `_saved_<名字>`，`dir(y.grad_fn)` 会列出它们。`mul` 保存两个因子（`self` 和 `other`）；`exp` 保存它的*结果*，因为 $\frac{d}{dx}e^x = e^x$。保存的输入就是你传进去的那个张量本身：

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
y = x * w
e = x.exp()
print([name for name in dir(y.grad_fn) if name.startswith("_saved")])
print(y.grad_fn._saved_self is x, y.grad_fn._saved_other is w)
print([name for name in dir(e.grad_fn) if name.startswith("_saved")])
print(e.grad_fn._saved_result)


# %% [markdown]
# 这些正是反向传播会释放的张量（第 5 课），也是版本计数器检查原位修改的张量（第 11 课）。想看前向计算保存的每一个张量，就把它包在 `torch.autograd.graph.saved_tensors_hooks(pack, unpack)` 里：运算保存张量时调用 `pack`，它返回什么就保留什么；反向传播需要取回这个张量时调用 `unpack`。（PyTorch 正是这样把保存的张量移到 CPU，或者重新计算它们，以节省内存。）

# %%
def pack(t):
    print("saved:", t)
    return t


def unpack(t):
    print("used: ", t)
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    z = (x * w).sin().sum()
z.backward()
print(x.grad)

# %% [markdown]
# ## 用 `gradcheck` 抓出错误的 backward
#
# autograd 完全信任你的 `backward`。忘了平方，也没有任何报错：梯度只是错了。


# %%
class WrongCube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x * grad  # 一个错误：应当是 3 * x**2 * grad


x = torch.tensor([0.5, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
WrongCube.apply(x).sum().backward()
print("autograd says:", x.grad)

# %% [markdown]
# `gradcheck`（第 2 课）把 backward 与有限差分比较，就能发现问题。你写的每个 `Function` 都应当用它检验：

# %%
print("Cube:     ", torch.autograd.gradcheck(Cube.apply, (x,), raise_exception=False))
print("WrongCube:", torch.autograd.gradcheck(WrongCube.apply, (x,), raise_exception=False))

# %% [markdown]
# `False` 只说明*有*地方不对。不加 `raise_exception=False`，`gradcheck` 会说明*哪里*不对：它抛出 `GradcheckError`，附上两个雅可比矩阵。第 $j$ 行第 $i$ 列是 $\partial y_i / \partial x_j$（是第 7 课 $J$ 的转置）；这里只有对角线不为零，因为 $y_i$ 只依赖于 $x_i$。数值雅可比矩阵（逐个扰动输入得到）的对角线是 $3x^2 = 0.75, 4.32, 12$；解析雅可比矩阵（由你的 `backward` 得到）的对角线是 $3x = 1.5, -3.6, 6$：少了平方。

# %% tags=["raises-exception"]
torch.autograd.gradcheck(WrongCube.apply, (x,))

# %% [markdown]
# （`-0.0000` 这些元素是带符号的零：你的 `backward` 把 0 梯度乘以了负数 $3 \cdot (-1.2)$。它们等于 0。）
#
# ## 更多钩子，以及只做需要的计算的 `Function`
#
# 要点：扩展 API 中的另外四个工具，每个一两行。
# - `p.register_post_accumulate_grad_hook(fn)` 在引擎把梯度累加进 `p.grad` *之后*调用 `fn(p)`，所以那时 `p.grad` 已经完整（`register_hook` 看到的是累加之前的梯度）。优化器可以就在那里执行一步更新。
# - `module.register_full_backward_hook(fn)` 调用 `fn(module, grad_input, grad_output)`：模块输出处和输入处的梯度。
# - `ctx.needs_input_grad` 告诉 `backward` 哪些输入需要梯度（这里 `b` 不需要）：对其他输入返回 `None`，省掉它们的计算。
# - `torch.autograd.gradgradcheck` 同样用有限差分检验*二阶*反向传播，也就是 `create_graph=True`（第 9 课）用到的那一步。

# %%
w = torch.tensor([1.0, 2.0], requires_grad=True)
w.register_post_accumulate_grad_hook(lambda p: print("w.grad has landed:", p.grad))
(w * w).sum().backward()

layer = torch.nn.Linear(2, 1)


def show(module, grad_input, grad_output):
    print("Linear:", grad_output, grad_input)


layer.register_full_backward_hook(show)
layer(torch.ones(1, 2, requires_grad=True)).sum().backward()


class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        needs_a, needs_b = ctx.needs_input_grad  # 没人要的梯度就不算
        return (grad * b if needs_a else None), (grad * a if needs_b else None)


a = torch.tensor([0.5, -1.0], dtype=torch.float64, requires_grad=True)
b = torch.tensor([2.0, 3.0], dtype=torch.float64)
print(torch.autograd.gradcheck(Mul.apply, (a, b)), torch.autograd.gradgradcheck(Mul.apply, (a, b)))

# %% [markdown]
# ## 同样的代码，真正的 PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 3
    h.register_hook(lambda grad: print("gradient reaching h:", grad))
    (h * h).sum().backward()
    w = torch.tensor([0.001, -2.0], requires_grad=True)
    w.register_hook(lambda grad: grad.clamp(-1.0, 1.0))
    (100 * w * w).sum().backward()
    print(x.grad, w.grad)

    class Cube(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x**3

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            return 3 * x * grad  # 故意写错

    x = torch.tensor([0.5, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
    y = Cube.apply(x)
    y.sum().backward()
    print(y, x.grad, sep="\n")
    print(torch.autograd.gradcheck(Cube.apply, (x,), raise_exception=False))
    torch.autograd.gradcheck(Cube.apply, (x,))  # 它抛出的报错信息


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# | 工具 | 作用 |
# |---|---|
# | `t.register_hook(fn)` | 在算出 `t` 的梯度时调用 `fn(grad)`；返回的张量会替换梯度 |
# | `handle.remove()` | 移除钩子 |
# | `t.retain_grad()` | 内置的钩子，把梯度存进 `t.grad` |
# | `class F(torch.autograd.Function)` | 你自己的运算：`forward(ctx, ...)`、`backward(ctx, grad)`，以 `F.apply(...)` 调用 |
# | `ctx.save_for_backward(...)` / `ctx.saved_tensors` | 把前向计算中的张量留给反向传播 |
# | `torch.autograd.gradcheck(F.apply, (x,))` | 把你的 backward 与有限差分比较（输入用 `float64`） |
# | `p.register_post_accumulate_grad_hook(fn)` | `p.grad` 完整之后调用 `fn(p)` |
# | `module.register_full_backward_hook(fn)` | 调用 `fn(module, grad_input, grad_output)` |
# | `ctx.needs_input_grad` / `gradgradcheck` | 哪些输入需要梯度 / 检验二阶反向传播 |
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1（这个梯度为什么是 `None`？）** 这个函数应当返回 `y` 对中间张量 `h` 的梯度，却返回了 `None`。修好它（用 `retain_grad()` 或钩子）。


# %%
def grad_of_h(torch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 6
    y = (h * h).sum()
    y.backward()
    return h.grad


check("hooks.1", grad_of_h)

# %% [markdown]
# **练习 2（修好 backward）** 下面的 `MyCube` 的 `backward` 有一个错误。修好它；`check` 会对你的类运行 `gradcheck`。（`y.sum().backward()` 传进来的梯度全是 1，正好把这个错误藏住了；`gradcheck` 会传入别的梯度，把它找出来。）


# %%
class MyCube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x * x


check("hooks.2", MyCube)

# %% [markdown]
# **练习 3（保存了什么？）** 下面的 `x` 和 `w` 都是需要梯度的叶子节点。`(x * w).exp().sum()` 的前向计算为反向传播保存了几个张量？用 `saved_tensors_hooks` 数一数。

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
answer_3 = ...  # 一个数

check("hooks.3", answer_3)

# %% [markdown]
# **练习 4（反向传播中的一步更新）** 下面的钩子在 `w` 的梯度一到达就对 `w` 执行一步 SGD，然后清掉 `w.grad`。预测调用 `backward()` 之后的 `w`。给出两个数的列表。

# %%
w = torch.tensor([1.0, -2.0], requires_grad=True)


def sgd_step(p):
    with torch.no_grad():
        p -= 0.1 * p.grad
    p.grad = None


w.register_post_accumulate_grad_hook(sgd_step)
loss = ((w - 3) ** 2).sum()
answer_4 = ...  # loss.backward() 之后的 w：两个数的列表

check("hooks.4", answer_4)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/12_hooks_and_functions.ipynb) 里。请先自己试过再打开。
