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
# # 2. 什么是导数
#
# *教材 2.5 节的背景知识：autograd 计算的“梯度”就是导数，本课演示只凭函数本身怎样检验它们。*
#
# **出处**：把导数当作测得的斜率，与 micrograd 讲座和 d2l 的微积分一章相同；PyTorch 的 `gradcheck` 文档。
#
# **本课内容**
#
# - 导数就是斜率：给输入一个微小的扰动 $h$，看 $\frac{f(x+h) - f(x)}{h}$ 逐渐稳定到一个数；
# - **中心差分** $\frac{f(x+h) - f(x-h)}{2h}$，同样的 $h$ 下准确得多；
# - 为什么 $h$ 太小反而出错，为什么检验要用 `float64`；
# - `torch.autograd.gradcheck`，同一思路的专业版本，它一次就对所有输入比较 autograd 与有限差分。

# %%
import math  # noqa: F401 - 练习里会用到

import minigrad as torch
from minigrad import viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现

# %% [markdown]
# ## 扰动输入，观察输出
#
# 取 $f(x) = x^3$。微积分告诉我们 $f'(x) = 3x^2$，所以在 $x = 2$ 处斜率是 12。不用任何微积分我们也能*测量*它：给 $x$ 一个很小的扰动（$h$），再用输出的变化除以输入的变化。


# %%
def f(x):
    return x**3


x = torch.tensor(2.0, dtype=torch.float64)
for h in [1.0, 0.1, 0.01, 0.001]:
    slope = (f(x + h) - f(x)) / h
    print(f"h = {h:<6}  (f(x+h) - f(x)) / h = {slope.item():.6f}")

# %% [markdown]
# 随着 $h$ 变小，测得的斜率趋近 12，误差也随 $h$ 一起变小：这里大约是 $6h$（准确地说是 $3xh + h^2$）。这个极限*就是*导数的定义：$f'(x) = \lim_{h \to 0} \frac{f(x+h) - f(x)}{h}$。
#
# ## 中心差分
#
# 向两侧各扰动一次，可以抵消误差的第一项。**中心差分** $\frac{f(x+h) - f(x-h)}{2h}$ 的误差与 $h^2$ 成正比，而不是与 $h$ 成正比：

# %%
for h in [1.0, 0.1, 0.01, 0.001]:
    slope = (f(x + h) - f(x - h)) / (2 * h)
    print(f"h = {h:<6}  (f(x+h) - f(x-h)) / 2h = {slope.item():.6f}")

# %% [markdown]
# 当 $h = 0.001$ 时，单侧差分的斜率差了 0.006；中心差分只差 0.000001。现在问问 autograd。它不做任何扰动：它精确地应用求导规则 $\frac{d}{dx} x^3 = 3x^2$（第 4 课会详细拆解这些规则），结果一致：

# %%
x = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
y = f(x)
y.backward()
print(x.grad)

# %% [markdown]
# autograd 记录下的计算图只有一个 `pow` 节点：

# %%
viz.draw_forward(y)

# %% [markdown]
# autograd 给出的是每一点的斜率，而不只是 $x = 2$ 处的。左图是 $f$ 及其在 $x = 2$ 处的切线，斜率为 12；右图是 autograd 一次求出的 201 个点上的 $f'$（对它们的和做一次 `backward()`）：

# %%
from minigrad.lessons import plot_difference_errors, plot_function_and_slope

plot_function_and_slope(f, at=2.0)

# %% [markdown]
# ## $h$ 太小
#
# 为什么不干脆取 $h = 10^{-12}$？因为计算机用固定的位数存储数字。`float32` 大约保留 7 位有效数字，`float64` 大约 16 位。当 $h$ 极小时，$f(x+h)$ 和 $f(x-h)$ 几乎每一位都相同，它们的差大部分是舍入噪声，再除以 $2h$，噪声就被放大了：

# %%
for dtype in (torch.float32, torch.float64):
    x = torch.tensor(2.0, dtype=dtype)
    slopes = [((f(x + h) - f(x - h)) / (2 * h)).item() for h in [1e-2, 1e-4, 1e-6]]
    print(str(dtype).ljust(14), "h = 1e-2, 1e-4, 1e-6:", [f"{s:.6f}" for s in slopes])

# %% [markdown]
# 在 `float32` 中，$h$ 越小估计反而越*差*；在 `float64` 中，直到 $h = 10^{-6}$ 都很好。这就是梯度检验用 `float64` 和 $h \approx 10^{-6}$ 的原因。
#
# 下图在 `float64` 中展示了全貌，$h$ 从左到右逐渐变小。误差由两部分相加：公式本身的*截断*误差随 $h$ 减小（单侧差分与 $h$ 成正比，中心差分与 $h^2$ 成正比）；*舍入*误差约为 $\varepsilon \cdot |f(x)| / h$（$\varepsilon \approx 2.2 \cdot 10^{-16}$），随 $h$ 减小而增大。两者相当之处就是最佳步长：单侧差分约在 $\varepsilon^{1/2} \approx 10^{-8}$，中心差分约在 $\varepsilon^{1/3} \approx 6 \cdot 10^{-6}$（在 `float32` 中 $\varepsilon^{1/3} \approx 5 \cdot 10^{-3}$，这就是上表出错的原因）。

# %%
plot_difference_errors(f, at=2.0)

# %% [markdown]
# ## `torch.autograd.gradcheck`
#
# 要点：`torch.autograd.gradcheck(f, inputs)` 对每个输入的每个元素都这样做：它把雅可比矩阵算两遍，一遍用中心差分（`eps=1e-6`），一遍用 autograd，两者一致（在 `atol=1e-05`、`rtol=0.001` 之内）就返回 `True`。否则它会报错，或者在 `raise_exception=False` 时返回 `False`。它的输入应当是 `float64`（否则会发出警告），并且至少有一个需要梯度。


# %%
def g(x):
    return (x.sin() * x).sum()


x = torch.tensor([0.5, 1.5, -2.0], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(g, (x,)))

# %% [markdown]
# 什么时候会失败？当 autograd 的答案不是产生这些数值的那个函数的导数时。这里 `x.detach()` 把一个因子藏了起来，autograd 看不到它，于是 autograd 说 $\frac{d}{dx}(x \cdot c) = c$，而扰动输入看到的是 $x^2$，斜率为 $2x$：


# %%
def g_wrong(x):
    return (x * x.detach()).sum()


print(torch.autograd.gradcheck(g_wrong, (x,), raise_exception=False))

# %% [markdown]
# 第 12 课会用 `gradcheck` 抓出手写求导规则中的错误。
#
# ## 没有斜率的地方
#
# 在尖点处，比如 `abs` 在 0 处，左边的斜率（-1）和右边的斜率（1）不同：导数不存在。单侧差分给出其中一个，中心差分给出两者的平均。autograd 在这里也不会出错。PyTorch 的规则（“Autograd mechanics”说明）是*最小范数次梯度*：在所有能放进尖角下面的斜率中，取最接近 0 的那个。`abs`（斜率从 -1 到 1）取 0；`relu`（从 0 到 1）也取 0。几个相等的值并列最大时，`max` 把梯度平均分给它们：这是最“小”的分法。第 10 课还会回到尖点。

# %%
x = torch.tensor(0.0, requires_grad=True)
x.abs().backward()
h = 1e-3
print("one-sided:", (abs(0 + h) - abs(0)) / h, "central:", (abs(h) - abs(-h)) / (2 * h))
print("autograd: ", x.grad)
m = torch.tensor([3.0, 3.0], requires_grad=True)
m.max().backward()
print("max of a tie:", m.grad)

# %% [markdown]
# ## 同样的代码，真正的 PyTorch

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    for dtype in (torch.float32, torch.float64):
        x = torch.tensor(2.0, dtype=dtype)
        for h in [1.0, 1e-2, 1e-4, 1e-6]:
            print(dtype, h, ((x + h) ** 3 - (x - h) ** 3) / (2 * h), ((x + h) ** 3 - x**3) / h)
    x = torch.tensor([0.5, 1.5, -2.0], dtype=torch.float64, requires_grad=True)
    print(torch.autograd.gradcheck(lambda t: (t.sin() * t).sum(), (x,)))
    print(torch.autograd.gradcheck(lambda t: (t * t.detach()).sum(), (x,), raise_exception=False))


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# - 导数是斜率 $\lim_{h\to 0} \frac{f(x+h) - f(x)}{h}$；有限的 $h$ 给出一个估计，误差与 $h$ 成正比。
# - 中心差分 $\frac{f(x+h) - f(x-h)}{2h}$ 的误差与 $h^2$ 成正比。
# - 舍入限制了 $h$ 能取多小：在 `float64` 中用 $h \approx 10^{-6}$ 检验。
# - autograd 不做估计：它应用精确的求导规则。有限差分是*检验*它的方法，`gradcheck` 替你完成这件事。
# - 在没有导数的地方（尖点），autograd 取最小范数次梯度：`abs` 和 `relu` 在 0 处取 0，`max` 中并列的值平分梯度。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** 用中心差分和 $h = 10^{-4}$ 估计 $\sin$ 在 $x = 1$ 处的斜率（用 `math.sin` 或 `float64` 张量都行）。给出这个数。

# %%
answer_1 = ...  # 一个数

check("derivative.1", answer_1)

# %% [markdown]
# **练习 2** 写一个 `central(f, x, h)`，返回一个与 `x` 形状相同的张量，它的第 $i$ 个元素是标量函数 `f` 沿第 $i$ 个元素方向的斜率：$\frac{f(x + h e_i) - f(x - h e_i)}{2h}$，其中 $e_i$ 在第 $i$ 个位置为 1，其余为 0。`check` 会在两个 `float64` 向量的函数上把你的函数与 autograd 比较。


# %%
def central(f, x, h):
    slopes = torch.zeros_like(x)
    ...  # 为每个 i 填写 slopes[i]
    return slopes


check("derivative.2", central)

# %% [markdown]
# **练习 3** 从误差图上读出：在 `float64` 中，中心差分在最佳步长处的误差大约有多大？写成 10 的整数次幂（例如 `1e-3`）。

# %%
smallest_error = ...  # 一个数，例如 1e-3

check("derivative.3", smallest_error)

# %% [markdown]
# **练习 4（并列最大）** 取 `x = torch.tensor([1.0, 4.0, 4.0, 4.0], requires_grad=True)`，执行 `(2 * x).max().backward()` 之后，`x.grad` 是什么？给出 4 个数的列表。

# %%
answer_4 = ...  # 4 个数的列表

check("derivative.4", answer_4)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/02_what_a_derivative_is.ipynb) 里。请先自己试过再打开。
