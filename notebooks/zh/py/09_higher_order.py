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
# # 9. 高阶导数
#
# *超出教材 2.5 节：导数的导数，以及教材 2.5.4 节 `backward()` 的 `create_graph` 参数。*
#
# **出处**：教材 2.5.1 节（第 6 点，`create_graph`）；讲 `torch.autograd.grad` 的那篇文章（`z = x * x * y` 的二阶导数，以及得到 18 而不是 6）；PyTorch 的 `torch.func` 教程（黑塞矩阵-向量积）。
#
# **本课内容**
#
# - 梯度通常只是一个普通的数，背后没有计算图，所以不能再对它求导；
# - `create_graph=True` 做了什么：反向传播本身也被记录成计算图，梯度变成一个可以再求导的函数；
# - 对 $z = x^2 y$ 求 $\partial^2 z/\partial x^2$ 的四种方法，以及得到 **18** 而不是 **6** 的那种写法（和它的修正）；
# - 黑塞矩阵，并用 `torch.autograd.functional.hessian` 检验。

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现
# 下面有些单元格是故意出错的：只显示错误本身，不显示它经过的代码
# %xmode Minimal

# %% [markdown]
# ## 函数
#
# $$z = x^2 y, \qquad \frac{\partial z}{\partial x} = 2xy \to 12, \qquad
# \frac{\partial z}{\partial y} = x^2 \to 4, \qquad \frac{\partial^2 z}{\partial x^2} = 2y \to 6
# \qquad (x = 2,\ y = 3).$$
#
# ## 梯度没有自己的计算图
#
# 要点：`retain_graph=True` 保留了 `z` 的计算图，但它返回的梯度是一个常量：它是怎样算出来的并没有被记录。再对它求导就会失败。

# %% tags=["raises-exception"]
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x, retain_graph=True)
grad_xx = torch.autograd.grad(outputs=grad_x, inputs=x)

print(grad_xx[0])

# %%
print(grad_x)

# %% [markdown]
# `tensor(12.)` 上没有 `grad_fn`：没有可以回溯的东西。
#
# ## `create_graph=True`
#
# 要点：加上 `create_graph=True`，反向传播会像任何前向计算一样被记录下来。于是梯度 $2xy$ 有了 `grad_fn`，以及由反向传播所用运算组成的计算图，我们就能再对它求导。

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x, create_graph=True)
print(grad_x)
grad_xx = torch.autograd.grad(outputs=grad_x, inputs=x)

print(grad_xx[0])

# %% [markdown]
# 这是 `grad_x[0]` 背后的计算图：`z = x * x * y` 的各个梯度函数所做的运算，`x` 和 `y` 是叶子节点。常数 1.0 是起始梯度 $\partial z/\partial z$。`(x*x) * y` 的梯度函数把它乘以 `y`（得到 3）；`x * x` 的梯度函数在每条路径上把它乘以 `x` 一次，再把两条路径相加：$3 \cdot 2 + 3 \cdot 2 = 2xy = 12$。

# %%
viz.draw_forward(grad_x[0], names={x: "x", y: "y"})

# %% [markdown]
# ## 再得到 6 的另外三种方法
#
# 二阶导数也可以从梯度出发，用 `backward()` 开始：

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

grad = torch.autograd.grad(outputs=z, inputs=x, create_graph=True)
grad[0].backward()

print(x.grad)

# %% [markdown]
# 或者一阶导数来自 `backward(create_graph=True)`，它保存一个带计算图的 `x.grad`，再由 `autograd.grad` 对它求导。（PyTorch 会警告：带 `create_graph=True` 的 `backward()` 会在参数和它的梯度之间形成循环引用；在这里无害。）

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

z.backward(create_graph=True)
grad_xx = torch.autograd.grad(outputs=x.grad, inputs=x)

print(grad_xx[0])

# %% [markdown]
# ## 陷阱：得到 18 而不是 6
#
# 为什么不调用两次 `backward()`？试一试：

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

z.backward(create_graph=True)  # x.grad = 12
x.grad.backward()

print(x.grad)

# %% [markdown]
# 要点：第二次 `backward()` 把 $\partial^2 z/\partial x^2 = 6$ **累加**到 `x.grad` 中，而 `x.grad` 里还存着一阶导数 12：$12 + 6 = 18$。梯度是累加的（第 5 课），各阶都是如此。第一种修正是在第二次反向传播之前，把一阶导数的*数值*清零，而且不把清零记录成运算：在 `torch.no_grad()` 下原位调用 `zero_()`（第 10 课会解释 `no_grad`；那篇文章用 `x.grad.data.zero_()` 清零，第 11 课说明为什么直接写 `x.grad.zero_()` 会得到 0）：

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

z.backward(create_graph=True)
with torch.no_grad():
    x.grad.zero_()
x.grad.backward()

print("x.grad =", x.grad)
print("y.grad =", y.grad)

# %% [markdown]
# 现在 `x.grad` 是 6 了，但看看 `y.grad`：是 8，而不是 $\partial z/\partial y = x^2 = 4$。第二次反向传播倒着走的是 $\partial z/\partial x = 2xy$ 的计算图，它也依赖于 `y`，所以还把 $\partial^2 z/\partial y\,\partial x = 2x = 4$ 累加进了 `y.grad`。现在两个不同的导数共用了一个 `.grad`。
#
# 还要注意 `grad_fn=<CopyBackwards>`：`create_graph=True` 之后，`x.grad` 属于一张计算图，并且需要梯度。用 `float()` 把这样的张量变成 Python 数字，PyTorch 2.13 会发出警告；先调用 `.detach()`，表明你只要它的数值：

# %%
print(float(x.grad))  # 会发出警告
print(float(x.grad.detach()))  # 没有警告

# %% [markdown]
# 干净的做法是让一阶导数根本不进入 `.grad`：`autograd.grad` *返回*它，`backward(inputs=[x])` 只填写 `x.grad`：

# %%
x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()

z = x * x * y

(dz_dx,) = torch.autograd.grad(z, x, create_graph=True)  # 2xy = 12，作为返回值
dz_dx.backward(inputs=[x])  # d(2xy)/dx = 2y = 6，只存进 x.grad

print("x.grad =", x.grad)
print("y.grad =", y.grad)

# %% [markdown]
# 单步执行第二次反向传播：`x.grad.backward()` 倒着走 $2xy$ 的计算图，最后 `x` 的 `AccumulateGrad` 把结果累加到已经存在的 `x.grad` 中。

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import BackwardStepper

x = torch.tensor(2.0).requires_grad_()
y = torch.tensor(3.0).requires_grad_()
z = x * x * y
z.backward(create_graph=True)  # x.grad = 2xy = 12，而且它有自己的计算图
BackwardStepper(x.grad)  # 重放 x.grad.backward()：12 + 6 = 18（x.grad 本身仍是 12）

# %% [markdown]
# ## 黑塞矩阵
#
# 对于多元标量函数，二阶导数组成**黑塞矩阵** $H_{ij} = \partial^2 z / \partial x_i \partial x_j$。对于 $z = x^2 y$：
#
# $$H = \begin{pmatrix} 2y & 2x \\ 2x & 0 \end{pmatrix} = \begin{pmatrix} 6 & 4 \\ 4 & 0 \end{pmatrix}.$$
#
# 要点：$H$ 的每一行是某个一阶导数的梯度，所以需要一次 `create_graph=True` 的反向传播，再加上每行一次：

# %%
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = x * x * y

dz_dx, dz_dy = torch.autograd.grad(z, [x, y], create_graph=True)
row_x = torch.autograd.grad(dz_dx, [x, y], retain_graph=True)
row_y = torch.autograd.grad(dz_dy, [x, y], allow_unused=True)
print(row_x)
print(row_y)

# %% [markdown]
# `row_y` 的第二项是 `None`：$\partial z/\partial y = x^2$ 根本不依赖于 `y`，所以 autograd 找不到路径（我们必须用 `allow_unused=True` 允许这种情况）；从数学上说，这一项是 0。
#
# `torch.autograd.functional.hessian` 替我们完成这些：

# %%
hessian = torch.autograd.functional.hessian


def f(v):
    x, y = v[0], v[1]
    return x * x * y


print(hessian(f, torch.tensor([2.0, 3.0])))

# %% [markdown]
# ## 黑塞矩阵-向量积，不用算黑塞矩阵
#
# 很多时候只需要 $Hv$（牛顿法的一步、沿某个方向的曲率），而 $n$ 个输入的 $H$ 有 $n^2$ 个元素。双重反向传播不管 $n$ 多大，都只用两次计算得到 $Hv$：先用 `create_graph=True` 求梯度 $g$，再求 $g \cdot v$ 的梯度，也就是 `grad(g, x, grad_outputs=v)`。用完整的黑塞矩阵验证一下：

# %%
xs = torch.tensor([2.0, 3.0], requires_grad=True)
v = torch.tensor([1.0, -1.0])
(g,) = torch.autograd.grad(f(xs), xs, create_graph=True)  # (2xy, x²)，带计算图
(hv,) = torch.autograd.grad(g, xs, grad_outputs=v)  # g · v 的梯度
print(hv)
print(hessian(f, xs.detach()) @ v)

# %% [markdown]
# ## 同样的代码，真正的 PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor(2.0).requires_grad_()
    y = torch.tensor(3.0).requires_grad_()
    z = x * x * y
    grad_x = torch.autograd.grad(outputs=z, inputs=x, create_graph=True)
    print(grad_x, torch.autograd.grad(outputs=grad_x, inputs=x))
    print(torch.autograd.functional.hessian(lambda v: v[0] * v[0] * v[1], torch.tensor([2.0, 3.0])))


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# - 除非产生梯度的那次反向传播带有 `create_graph=True`，否则梯度是常量；带上它，梯度就有计算图，可以再求导。
# - `backward()` 在各阶都会累加到 `.grad` 中：在第二次 `backward()` 之前清零一阶导数（`with torch.no_grad(): x.grad.zero_()`）；更好的做法是用 `autograd.grad` 求一阶导数，再调用 `backward(inputs=[x])`。
# - 黑塞矩阵是梯度的雅可比矩阵。
#
# `backward()` 和 `autograd.grad()` 的这两个参数很容易混淆：
#
# | | `retain_graph=True` | `create_graph=True` |
# |---|---|---|
# | 保留什么 | 前向计算图中保存的张量 | 保存的张量，*以及*反向传播本身的记录 |
# | 得到的梯度 | 常量（没有 `grad_fn`） | 带 `grad_fn` 的张量，可以再求导 |
# | 让你能够 | 在同一张计算图上再做一次反向传播 | 对梯度求导（梯度的梯度、黑塞矩阵、梯度惩罚） |
# | 是否隐含另一个 | 否 | 是：`retain_graph` 的缺省值等于 `create_graph` 的值 |
#
# > **教材与 PyTorch 2.13。** 本课所依据的 `autograd.grad` 文章中，`backward(create_graph=True)` 之后的 `x.grad` 打印为 `grad_fn=<CopyBackwards>`。PyTorch 2.13 仍然使用这个名字（带 `s`），如上面的单元格所示；它是把第一个梯度复制到空的 `.grad` 中的那个节点。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** 对于 $z = x^2 y$，在 $x = 2, y = 3$ 处，$\partial^2 z / \partial x \partial y$ 是多少？

# %%
answer_1 = ...  # 一个数

check("higher.1", answer_1)

# %% [markdown]
# **练习 2** 设 $s = x^3$，$x = 2$。你运行 `s.backward(create_graph=True)`，然后**不清零**就运行 `x.grad.backward()`。`x.grad` 里是多少？

# %%
answer_2 = ...  # 一个数

check("higher.2", answer_2)

# %% [markdown]
# **练习 3（`retain_graph` 还是 `create_graph`？）** 对每个任务，*第一次*反向传播需要哪个参数？(a) 你想在同一张计算图上调用两次 `loss.backward()`，演示梯度会累加。(b) 你想求 $\|\partial L/\partial w\|^2$ 对 `w` 的梯度（“梯度惩罚”）。用两个字符串作答，每个是 `"retain_graph"` 或 `"create_graph"`。

# %%
answer_3a = ...  # "retain_graph" 或 "create_graph"
answer_3b = ...

check("higher.3", (answer_3a, answer_3b))

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/09_higher_order.ipynb) 里。请先自己试过再打开。
