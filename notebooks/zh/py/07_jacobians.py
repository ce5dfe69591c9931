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
# # 7. 雅可比矩阵
#
# *重现教材 2.5.4 节中雅可比矩阵的例子。*
#
# **出处**：教材 2.5.4 节（`y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]` 的例子，以及用 `v = [[1, 0]]` 和 `[[0, 1]]` 逐行求出的雅可比矩阵）；讲 `torch.autograd.grad` 的那篇文章（其中“ones 右乘 J”的说法，下文予以纠正）。
#
# **本课内容**
#
# - 怎样手工计算一个二元小函数的雅可比矩阵；
# - 陷阱：`y.backward(torch.Tensor([[1, 1]]))` 给出的**不是**雅可比矩阵，而是它各行之和 `[6, 9]`；
# - 怎样用独热（one-hot）向量 `v` 和 `retain_graph=True` 逐行求出雅可比矩阵，行与行之间把 `x.grad` 清零；
# - 怎样用 `torch.autograd.functional.jacobian` 检验结果。

# %%
import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现

# %% [markdown]
# ## 函数
#
# 两个输入，两个输出：
#
# $$y_1 = x_1^2 + 3x_2, \qquad y_2 = x_2^2 + 2x_1 .$$
#
# 我们把 `x` 存成 1×2 的张量，再通过索引把每个输出写进 1×2 的张量 `y`。

# %%
x = torch.tensor([[2, 3]], dtype=torch.float, requires_grad=True)  # x1 = 2, x2 = 3
J = torch.zeros(2, 2)  # 留出放雅可比矩阵的位置
y = torch.zeros(1, 2)  # 各个输出
y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]
print(y)

# %% [markdown]
# 写入 `y[0, 0]` 是对 `y` 的原位操作；autograd 把它记录为一个 `CopySlices` 节点（下图中的 `copy_slices`），所以 `y` 经由两次赋值都与 `x` 相连。（可以写入 `y`，是因为 `y` 本身不需要梯度；第 11 课会看到，需要梯度的叶子节点拒绝原位写入。）读取 `x[0, 0]` 是两次 `select` 运算，每个下标一次：

# %%
viz.draw_forward(y)

# %% [markdown]
# ## 手工计算
#
# $$J = \begin{pmatrix} \frac{\partial y_1}{\partial x_1} & \frac{\partial y_1}{\partial x_2} \\
#                       \frac{\partial y_2}{\partial x_1} & \frac{\partial y_2}{\partial x_2} \end{pmatrix}
#     = \begin{pmatrix} 2x_1 & 3 \\ 2 & 2x_2 \end{pmatrix}
#     = \begin{pmatrix} 4 & 3 \\ 2 & 6 \end{pmatrix} \quad(x_1 = 2,\ x_2 = 3\ \text{时})$$
#
# ## 陷阱：`[6, 9]`
#
# 很容易想到传入 `v = [[1, 1]]`，并期待得到雅可比矩阵：

# %%
y.backward(torch.Tensor([[1, 1]]))
print(x.grad)

# %% [markdown]
# 这不是 $J$。第 6 课的要点：`backward(v)` 计算 $v^\top J$，即各行的一个加权和：
#
# $$v^\top J = (1, 1) \begin{pmatrix} 4 & 3 \\ 2 & 6 \end{pmatrix} = (4 + 2,\; 3 + 6) = (6, 9).$$
#
# 错在 `v` 的取值。一次反向传播只能给出各行的*一种*组合；要得到整个矩阵，每一行都需要一次反向传播。
#
# 讲 `torch.autograd.grad` 的那篇文章说，`torch.ones_like(x)` 是*右*乘雅可比矩阵的向量，即 $J \cdot \mathbf{1}$。在这里那会是 $(4 + 3,\; 2 + 6) = (7, 8)$，可 PyTorch 打印的是 $(6, 9)$：向量是从*左边*乘的。在文章自己的例子 $y = x^2$ 中，$J$ 是对角矩阵，两种顺序给出同样的数，所以看不出区别。

# %%
assert x.grad.tolist() == [[4 + 2, 3 + 6]]

# %% [markdown]
# ## 逐行求解
#
# 当 $v = (1, 0)$ 时，$v^\top J$ 是第一行 $\partial y_1/\partial x$；当 $v = (0, 1)$ 时，是第二行。在同一张计算图上做两次反向传播，所以第一次需要 `retain_graph=True`；又因为梯度是累加的，两次之间必须把 `x.grad` 清零。

# %%
x = torch.tensor([[2, 3]], dtype=torch.float, requires_grad=True)
J = torch.zeros(2, 2)
y = torch.zeros(1, 2)
y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]

# y1 对 x 的梯度
y.backward(torch.Tensor([[1, 0]]), retain_graph=True)
J[0] = x.grad
# 梯度会累加，所以清零 x.grad
x.grad = torch.zeros_like(x.grad)
# y2 对 x 的梯度
y.backward(torch.Tensor([[0, 1]]))
J[1] = x.grad
# 雅可比矩阵
print(J)

# %% [markdown]
# 这与我们手工算出的矩阵一致。如果忘了清零 `x.grad` 会怎样？第二行变成了第 1 行 + 第 2 行：

# %%
x = torch.tensor([[2, 3]], dtype=torch.float, requires_grad=True)
y = torch.zeros(1, 2)
y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]
y.backward(torch.Tensor([[1, 0]]), retain_graph=True)
print("row 1:", x.grad)
y.backward(torch.Tensor([[0, 1]]))
print("row 2 without clearing:", x.grad)

# %% [markdown]
# ## 同样的事，用 `autograd.grad` 写成循环
#
# `autograd.grad` 返回梯度，而不是把它累加到 `x.grad` 中，所以不需要清零。每个输出用一个独热的 `v`，各得到一行：


# %%
def f(x):
    y = torch.zeros(2)
    y[0] = x[0] ** 2 + 3 * x[1]
    y[1] = x[1] ** 2 + 2 * x[0]
    return y


x = torch.tensor([2.0, 3.0], requires_grad=True)
y = f(x)
J = torch.zeros(2, 2)
for i in range(2):
    v = torch.zeros(2)
    v[i] = 1.0  # 独热向量：选出第 i 个输出
    (row,) = torch.autograd.grad(y, x, grad_outputs=v, retain_graph=True)
    J[i] = row
print(J)

# %% [markdown]
# ## 检验：`torch.autograd.functional.jacobian`
#
# PyTorch 内置了这个循环。它调用 `f` 一次，对每个输出元素做一次反向传播。（请写全 `torch.autograd.functional.jacobian`：一行 `from torch.autograd... import` 会导入真正的 PyTorch，而不是 minigrad。）

# %%
jacobian = torch.autograd.functional.jacobian

print(jacobian(f, torch.tensor([2.0, 3.0])))

# %% [markdown]
# ## 动手探索
#
# 雅可比矩阵探索器显示 $x = (2, 3)$ 处的 $J$。用它的控件选择 $v$：旁边会手工算出乘积 $v^\top J$，与 `y.backward(v)` 实际放进 `x.grad` 的结果并列；独热的 $v$ 会选出一行。要看另一点处的 $J$，换一个 `x` 再运行这个单元格：第一列上面随 $2x_1$ 变化，下面保持 2；第二列上面保持 3，下面随 $2x_2$ 变化。

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import JacobianExplorer

JacobianExplorer(f, torch.tensor([2.0, 3.0]))

# %% [markdown]
# ## 同样的代码，真正的 PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    x = torch.tensor([[2, 3]], dtype=torch.float, requires_grad=True)
    J = torch.zeros(2, 2)
    y = torch.zeros(1, 2)
    y[0, 0] = x[0, 0] ** 2 + 3 * x[0, 1]
    y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]
    print(y)
    y.backward(torch.Tensor([[1, 0]]), retain_graph=True)
    J[0] = x.grad
    x.grad = torch.zeros_like(x.grad)
    y.backward(torch.Tensor([[0, 1]]))
    J[1] = x.grad
    print(J)


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# - 一次反向传播给出一个向量-雅可比积 $v^\top J$，从不给出 $J$。
# - `v = ones` 给出 $J$ 各行之和（这里是 `[6, 9]`），而不是雅可比矩阵。
# - 独热的 `v` 给出各行：用 `retain_graph=True` 保留计算图，并在两次反向传播之间清零 `x.grad`（或者用不会累加的 `autograd.grad`）。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** 手工计算 $g(x) = (x_1 x_2,\; x_1 + x_2)$ 在 $x = (2, 5)$ 处的雅可比矩阵，写成嵌套列表 `[[., .], [., .]]`。

# %%
answer_1 = ...  # [[dg1/dx1, dg1/dx2], [dg2/dx1, dg2/dx2]]

check("jacobian.1", answer_1)

# %% [markdown]
# **练习 2** 对第一个函数，在 $x = (2, 3)$ 处，哪个 `v` 能让 `y.backward(v)` 得到 `x.grad == [[2., 6.]]`，即 $J$ 的第二行？写成 1×2 的嵌套列表。

# %%
answer_2 = ...  # 例如 [[1, 1]]

check("jacobian.2", answer_2)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/07_jacobians.ipynb) 里。请先自己试过再打开。
