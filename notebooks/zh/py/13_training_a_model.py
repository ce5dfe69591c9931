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
# # 13. 综合运用：训练一个模型
#
# *把教材 2.5 节付诸实践：实现它第一段所说的参数学习。*
#
# **出处**：教材 2.5 节的实际应用；PyTorch 的 autograd 教程及其“Optimizing model parameters”一页（训练循环：`zero_grad`、`backward`、`step`）。
#
# **本课内容**
#
# - 第 1 到 12 课的一切怎样组合成一个训练循环：前向传播构建计算图，`loss.backward()` 填写参数的 `.grad`，优化器在 `no_grad` 下更新参数，`zero_grad()` 把梯度清零；
# - 同一个循环写两遍：先用普通张量手工写，再用 `nn` 和 `optim`；
# - 一步训练的计算图是什么样子；
# - 不建计算图的评估。
#
# 训练就是一步一步地逆着梯度调整参数，让损失（模型输出与期望输出之间的差距）变小：这就是**梯度下降**。反向传播就是计算这些梯度的那个反向过程。

# %%
import minigrad as torch
from minigrad import nn, viz

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现

# %% [markdown]
# ## 数据
#
# 曲线 $y = x^2 - 1$ 上的点，$x = -2.0, -1.9, \dots, 1.9$，加上一点噪声。直线拟合不了它们；一个小网络可以。

# %%
x = (torch.arange(-20.0, 20.0) / 10).unsqueeze(1)  # 40 个输入，形状为 (40, 1)
y = x**2 - 1 + 0.1 * torch.randn(40, 1)  # 目标值
print(x.shape, y.shape)
print(x[:3].flatten(), y[:3].flatten())

# %% [markdown]
# ## 手工实现：用普通张量训练一条直线
#
# 从最小的模型 $\hat y = w x + b$ 开始，每一步都自己写。更新 `w -= lr * w.grad` 是对需要梯度的叶子节点的原位修改，所以必须在 `torch.no_grad()` 下运行（第 10 课）；而且每一步之后都必须清零梯度，因为 `backward()` 会累加它们（第 5 课）。

# %%
w = torch.zeros(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.1

for step in range(50):
    loss = ((w * x + b - y) ** 2).mean()  # 前向计算：每一步都是一张新图
    loss.backward()  # 梯度存进 w.grad 和 b.grad
    with torch.no_grad():  # 更新时不记录
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad.zero_()  # 为下一步清零
    b.grad.zero_()
    if step % 10 == 0 or step == 49:
        print(f"step {step:2d}  loss {loss.item():.4f}")

print("w =", round(w.item(), 4), " b =", round(b.item(), 4))

# %% [markdown]
# 损失停在 $x^2$ 关于其均值的方差附近，不再下降：直线的形状不对。它停在一个接近 0 的斜率 `w` 上：这些点在 $x = 0$ 的两侧都是上升的，所以直线无论往哪边倾斜，都是一侧拟合得更好，另一侧拟合得更差。
#
# ## 用 `nn` 和 `optim`：一个小网络
#
# `nn.Sequential` 把各层串起来；`nn.Linear(1, 16)` 持有一个权重和一个偏置，它们已经为你用 `requires_grad=True` 创建好了；`nn.Tanh()` 让直线弯曲。`optim.Adam` 负责更新，`zero_grad()` 负责清零。

# %%
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1))
loss_fn = nn.MSELoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
print(model)
print("parameters:", sum(p.numel() for p in model.parameters()))

# %%
losses = []
for _ in range(200):
    optimizer.zero_grad()  # 1. 清零旧的梯度
    loss = loss_fn(model(x), y)  # 2. 前向计算：构建计算图
    loss.backward()  # 3. 反向传播：填写每个参数的 .grad
    optimizer.step()  # 4. 更新参数
    losses.append(loss.item())

for step in range(0, 200, 20):
    bar = "#" * round(40 * losses[step] / losses[0])
    print(f"step {step:3d}  loss {losses[step]:.4f}  {bar}")
print(f"step 199  loss {losses[-1]:.4f}")

# %%
assert losses[-1] < losses[0] / 10  # 损失下降到原来的十分之一以下

# %% [markdown]
# 把同一次训练画出来：左边是每一步的损失（对数坐标，这样后面较小的改进也看得见），右边是数据和网络学到的函数：

# %%
from minigrad.lessons import plot_training

with torch.no_grad():
    fitted = model(x)
plot_training(losses, x, y, fitted)

# %% [markdown]
# ## 一步训练的计算图
#
# 要点：每次前向传播都构建一张新的计算图，从输入经过每一层直到损失，`loss.backward()` 把它走一遍。下面是再走一步时的计算图，参数以模型中的属性名命名。`AddmmBackward0` 是一个线性层（一次运算完成 $x W^\top + b$），`TBackward0` 是它的权重的转置。我们记录了反向传播，所以图中每条边都能标出流过它的梯度。

# %%
names = {p: name for name, p in model.named_parameters()}
optimizer.zero_grad()
loss = loss_fn(model(x), y)
with viz.record() as rec:
    loss.backward()
viz.draw_backward(loss, names=names, recording=rec, show_values=False, rankdir="TB")

# %% [markdown]
# 一个节点一个节点地单步执行这次反向传播：

# %% tags=["nbval-ignore-output"]
from minigrad.widgets import BackwardStepper

optimizer.zero_grad()
BackwardStepper(loss_fn(model(x), y))

# %% [markdown]
# ## 使用模型
#
# *使用*训练好的模型不需要计算图：在 `torch.no_grad()` 下运行它。输出没有 `grad_fn`，计算也更省。

# %%
with torch.no_grad():
    test_x = torch.tensor([[-1.5], [0.0], [1.5]])
    prediction = model(test_x)
print(prediction.requires_grad, prediction.grad_fn)
for xi, pi in zip(test_x.flatten().tolist(), prediction.flatten().tolist()):
    print(f"x = {xi:+.1f}   model {pi:+.2f}   x² - 1 = {xi**2 - 1:+.2f}")

# %% [markdown]
# ## 用一张图看更深的网络
#
# 多堆几层，计算图就为每一层增加同样的几个节点。`collapse=True` 把一串相同的块只画一次，画成一个标着 ×N 的方框，并写出其中的参数：这里是五次“`tanh` 接下一层的 `addmm`”，包含位置 2、4、……、10 上那些 `Linear` 层的参数。

# %%
torch.manual_seed(1)
hidden = [m for _ in range(4) for m in (nn.Linear(16, 16), nn.Tanh())]
deep = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), *hidden, nn.Linear(16, 1))
deep_loss = loss_fn(deep(x), y)
viz.draw_forward(deep_loss, collapse=True)

# %% [markdown]
# 展开之后，同一张计算图太大，在这个页面的宽度下看不清。`.zoomable()` 以能看清的大小显示它：拖动可以平移，用 − 和 +（或 Ctrl + 滚轮）缩放，按“适应窗口”查看全图，或在新标签页中打开原始大小。

# %% tags=["nbval-ignore-output"]
viz.draw_forward(deep_loss).zoomable()

# %% [markdown]
# ## 每个样本一个梯度：`vmap`
#
# 要点：`loss.backward()` 给出的是*整批*损失的梯度，各个样本的梯度在求和（或求平均）时合在了一起。有些方法需要每个样本自己的梯度：差分隐私要逐个裁剪，逐样本的范数能看出哪些样本起主导作用。`torch.func` 把*一个*样本的损失写成参数的函数，对它求 `grad`，再用 `vmap` 在整批上展开：一次调用，前面多出一个样本维度，不用 Python 循环。

# %%
torch.manual_seed(0)
lin = nn.Linear(3, 1)
xs, ys = torch.randn(4, 3), torch.randn(4, 1)
params = {name: p.detach() for name, p in lin.named_parameters()}


def loss_one(params, x, y):  # 单个样本的损失，看作参数的函数
    pred = torch.func.functional_call(lin, params, (x.unsqueeze(0),))
    return ((pred - y) ** 2).mean()


grad_each = torch.func.vmap(torch.func.grad(loss_one), in_dims=(None, 0, 0))
per_example = grad_each(params, xs, ys)
print({name: g.shape for name, g in per_example.items()})
print(per_example["weight"][:, 0])  # 每个样本一个梯度
((lin(xs) - ys) ** 2).mean().backward()
print(per_example["weight"].mean(0), lin.weight.grad)  # 它们的平均就是整批的梯度

# %% [markdown]
# ## 同样的代码，真正的 PyTorch
#
# 把整个训练过程在两个库下各运行一遍，打印几个损失值。（在 float32 中，两个库对结果最后一位的舍入可能不同，200 步会把这种差异一直带下去；它们保持在 $10^{-7}$ 左右，远小于这里打印的 4 位小数。）

# %%
from minigrad.lessons import compare_with_pytorch


def example(torch):
    nn = torch.nn
    torch.manual_seed(0)
    x = (torch.arange(-20.0, 20.0) / 10).unsqueeze(1)
    y = x**2 - 1 + 0.1 * torch.randn(40, 1)
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
    for step in range(200):
        optimizer.zero_grad()
        loss = nn.MSELoss()(model(x), y)
        loss.backward()
        optimizer.step()
        if step % 50 == 0:
            print(step, f"{loss.item():.4f}")


compare_with_pytorch(example)

# %% [markdown]
# ## 小结
#
# ```python
# for step in range(steps):
#     optimizer.zero_grad()        # 梯度会累加：先清零             （第 5 课）
#     loss = loss_fn(model(x), y)  # 前向传播：一张新的动态图       （第 1 课）
#     loss.backward()              # 标量反向传播，到达每个参数     （第 3 课）
#     optimizer.step()             # 在 no_grad 下更新              （第 10 课）
# ```
#
# 逐样本的梯度：`torch.func.vmap(torch.func.grad(loss_one), in_dims=(None, 0, 0))`。
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** `nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 3))` 要学习多少个数？把两层的权重和偏置都数进去。

# %%
answer_1 = ...  # 一个整数

check("training.1", answer_1)

# %% [markdown]
# **练习 2** 从训练循环中去掉 `optimizer.zero_grad()`。用*同样的*参数三次重新计算损失并各做一次反向传播（中间不更新），`.grad` 是只做一次时的几倍？

# %%
answer_2 = ...  # 一个整数

check("training.2", answer_2)

# %% [markdown]
# **练习 3（这个损失为什么不下降？）** 这个循环用 $w = 3$ 生成的数据拟合 $y = w x$ 中的 $w$，但损失一动不动。找到错误，修好这个函数，再运行单元格：`check` 会用你的版本训练。


# %%
def train(torch):
    torch.manual_seed(0)
    x = torch.randn(20)
    y = 3 * x
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    losses = []
    for _ in range(20):
        loss = ((w * x - y) ** 2).mean()
        loss.backward()
        optimizer.zero_grad()
        optimizer.step()
        losses.append(loss.item())
    return losses


check("training.3", train)

# %% [markdown]
# **练习 4（逐样本梯度）** 一批 8 个样本，用 `nn.Linear(5, 2)` 代替上面的 `lin`，`per_example["weight"]` 的形状是什么？写成列表。

# %%
answer_4 = ...  # 一个列表，例如 [1, 2, 3]

check("training.4", answer_4)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/13_training_a_model.ipynb) 里。请先自己试过再打开。
