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
# # 14. 你自己的 PyTorch 模型
#
# *对应教材 2.5 节（图 2-9 和图 2-10），这一次画的是真实的 PyTorch。*
#
# **出处**：教材 2.5 节（图 2-9 和图 2-10）；PyTorch 的 autograd 教程（“计算图”一节）；PyTorch 的“Autograd mechanics”说明（节点钩子）。
#
# **本课内容**
#
# - 用课程中同样的 `viz` 调用，画出真实 `torch` 模型的前向计算图和梯度流动图；
# - 一个节点一个节点地走完 torch *自己的*反向传播，而不改动 `.grad`；更大的模型则一个模块一个模块地走；
# - 针对真实的 torch 张量，让 `explain` 回答为什么梯度是 `None`、为什么 `backward()` 失败；
# - 把同一段代码的 minigrad 图和 torch 图并排放在一起。
#
# 从这里开始，你使用的是真实的 PyTorch。这些学习辅助工具照样能用：把 `torch` 张量交给它们，它们读取的就是 torch 的计算图、torch 保存的张量和 torch 的版本计数器。

# %%
import torch
from torch import nn

import minigrad
from minigrad import explain, viz, widgets

_ = torch.manual_seed(0)  # 本课的每个随机数都可以复现

# %% [markdown]
# ## 一个小模型，用真实的 PyTorch 写
#
# 两个线性层，中间一个 `tanh`，损失是输出平方的均值。在 `viz.record()` 中，每一次 torch 函数调用都在运行时被记下（通过 torch 自己的扩展接口 `TorchFunctionMode`），所以图中画的就是你写的运算：`linear`、`tanh`、`linear`、`pow`、`mean`。参数按模型给它们的名字命名（`0.weight`、`0.bias`），并按层分组。

# %%
model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
x = torch.tensor([[1.0, 2.0], [0.5, -1.0]])
with viz.record():
    loss = model(x).pow(2).mean()
viz.draw_forward(loss)

# %% [markdown]
# 没有 `viz.record()` 时，图由 autograd 保留下来的东西重建：`loss.grad_fn`，以及各节点为反向传播保存的张量。这时方框是 torch 的节点：一个线性层是 `addmm`（输入乘以转置后的权重 `t`，再加上偏置）。autograd 没有保留的值画成 `?`，图下方的说明会指出这一点。

# %%
loss2 = model(x).pow(2).mean()
viz.draw_forward(loss2)

# %% [markdown]
# ## 梯度流动图
#
# 反向视图就是 torch 引擎要走的那张图：每个运算一个 `grad_fn` 节点，每个参数一个 `AccumulateGrad`。反向传播之后，每条边上标着沿它流过的梯度，由 torch 自己的引擎重新算出。

# %%
viz.draw_backward(loss)

# %% [markdown]
# ## 一步一步地看 torch 的引擎
#
# `BackwardStepper` 在每个节点上挂一个钩子来运行 torch 的反向传播，所以顺序就是 torch 引擎真正选择的顺序；每一步显示到达这个节点的梯度和它送出的梯度。它运行的是这次反向传播的一个副本（`torch.autograd.grad`），所以参数的 `.grad` 保持原样。

# %% tags=["nbval-ignore-output"]
stepper = widgets.BackwardStepper(loss)
stepper

# %%
print([step.name.split("::")[-1] for step in stepper.steps])
print(model[0].weight.grad)  # 没有被改动

# %% [markdown]
# 要点：单步演示器最后一步中的梯度，正是 `loss.backward()` 写入 `.grad` 的梯度。验证一下：

# %%
loss.backward()
last = stepper.steps[-1].leaf_grads
for name, p in model.named_parameters():
    print(name, torch.allclose(torch.tensor(last[name]), p.grad))

# %% [markdown]
# ## 更大的模型，一个模块一个模块地看
#
# 真实模型的反向传播有成百上千个节点：一个两层的 Transformer 编码器大约有 150 个。一个节点一个节点地走，就是 150 张图，每张 150 个方框。节点超过 100 个时，单步演示器改为按模块分组，和模型代码的写法一致：每个模块一个方框（`layers.0.self_attn`、`layers.0.linear1`……：在保持清晰可读的前提下尽量细），torch 的引擎每从一个模块走到下一个模块，就是一步。模块来自参数的名字：`layers.0.linear1.weight` 属于 `layers.0.linear1`。每个方框写着它有多少个节点已经运行、多少个参数已经有了梯度；每个箭头上是从一个模块传到下一个模块的梯度。每一步都写明运行的是哪个模块、运行了它的几个节点，以及其中的第一个和最后一个。（如果引擎离开一个模块、稍后又回到它，这个模块就会有两步。）

# %%
encoder = nn.TransformerEncoder(
    nn.TransformerEncoderLayer(16, 2, 32, batch_first=True), 2, enable_nested_tensor=False
)
tokens, targets = torch.randn(2, 5, 16), torch.randn(2, 5, 16)
big_loss = (encoder(tokens) - targets).pow(2).mean()
big = widgets.BackwardStepper(big_loss)
print(big.view.groups)
print(len(big.recording.steps) - 1, "nodes ran in", len(big.steps) - 1, "module steps")
for step in big.steps[1:5]:
    print(step.text)

# %% tags=["nbval-ignore-output"]
big

# %% [markdown]
# `open` 在一个模块内部一个节点一个节点地走，用的是同一份记录：什么都不会重新运行。仍然很大的模块（整整一层）会先按它的各个部分打开，这些部分还可以再打开。下面是第一层的注意力模块；进入和离开它的梯度都来自或去往同一个方框：计算图的其余部分。

# %%
attention = big.open("layers.0.self_attn")
print(len(attention.steps) - 1, "steps inside layers.0.self_attn")
print(attention.steps[1].text)

# %% tags=["nbval-ignore-output"]
attention

# %% [markdown]
# 和前面一样的断言，换成这个大模型：最后一步中的梯度，正是 `backward()` 写入 `.grad` 的梯度。

# %%
big_loss.backward()
last = big.steps[-1].leaf_grads
print(all(torch.allclose(torch.tensor(last[n]), p.grad) for n, p in encoder.named_parameters()))

# %% [markdown]
# ## 为什么我的梯度是 `None`？
#
# `explain` 读取的是 torch 的真实状态。隐藏层的输出不是叶子节点：

# %%
h = model[0](x)
out = model[2](torch.tanh(h)).sum()
out.backward()
print(explain(h))
explain(h).figure()  # 路径图，h 标成黄色

# %% [markdown]
# 原位修改一个节点为反向传播保存的张量，会让下一次反向传播失败：torch 的版本计数器会发现这一点，而 `explain` 在你运行任何东西之前就指出是哪个张量、哪个节点。（`sigmoid` 保存它的结果，所以原位把 `s` 乘以 2 就把它破坏了。）

# %%
s = torch.sigmoid(model[0](x))
total = s.sum()
s.mul_(2)
print(explain(total))
explain(total).figure()

# %% [markdown]
# 损失不依赖的参数，根本得不到梯度：

# %%
spare = nn.Linear(2, 3)  # 模型从不调用的一层
print(explain(spare.weight, output=out))

# %% [markdown]
# ## minigrad 与 torch 并排对照
#
# 同样的五行代码，用 minigrad 运行一次，再用 torch 运行一次。前向图和梯度流动图一模一样，节点一一对应：minigrad 的行为和 torch 一致，而现在两者的内部你都能看到。


# %%
def same_code(torch):
    w = torch.tensor([0.5, -1.0], requires_grad=True)
    x = torch.tensor([2.0, 3.0])
    b = torch.tensor(0.1, requires_grad=True)
    y = w * x
    z = y.sum() + b
    z.backward(retain_graph=True)
    return z, {w: "w", x: "x", b: "b", y: "y", z: "z"}


with viz.record():  # 追踪运行：torch 一侧的每个运算和值也都能看到
    z_mg, names_mg = same_code(minigrad)
    z_pt, names_pt = same_code(torch)
viz.side_by_side(
    viz.draw_forward(z_mg, names=names_mg, legend=False, rankdir="TB"),
    viz.draw_forward(z_pt, names=names_pt, legend=False, rankdir="TB"),
    titles=["minigrad", "torch"],
)

# %%
viz.side_by_side(
    viz.draw_backward(z_mg, names=names_mg, legend=False),
    viz.draw_backward(z_pt, names=names_pt, legend=False),
    titles=["minigrad", "torch"],
)

# %% [markdown]
# ## 小结
#
# | 你想看 | 对 torch 张量调用 |
# | --- | --- |
# | 前向计算图 | `with viz.record(): ...`，然后 `viz.draw_forward(loss)` |
# | 梯度流动图 | `viz.draw_backward(loss)` |
# | torch 的引擎，一步一步 | `widgets.BackwardStepper(loss)` |
# | 为什么梯度是 `None`、为什么 backward 失败 | `explain(t)`、`explain(p, output=loss)` |
#
# ## 练习
#
# 把每个 `...` 换成你的答案并运行单元格。`check` 会告诉你是否正确；如果不对，会给出提示：第一条提示指出该想什么，之后每错一次，提示就更具体一些。本节末尾有参考答案的链接。

# %%
from minigrad.lessons import check

# %% [markdown]
# **练习 1** 对上面的模型，torch 的引擎在 `loss.backward()` 中运行了几个 `AccumulateGrad` 节点？在单步演示器的步骤里数一数。

# %%
answer_1 = ...  # 一个整数

check("pytorch.1", answer_1)

# %% [markdown]
# **练习 2** 上面的 `explain(h)` 给出了一个原因。是哪一个？用它的 `.cause` 字符串回答（或者直接给出那个解释对象）。

# %%
answer_2 = ...  # 一个字符串，例如 "detach"

check("pytorch.2", answer_2)

# %% [markdown]
# **练习 3（为什么 `w.grad` 是 None？）** 这个函数应当返回损失对 `w` 的梯度，也就是 `x`，但它返回的是 `None`（torch 也会对此发出警告）。在函数里问一问 `explain(w)`，修正函数，然后运行单元格：`check` 会用真实的 torch 运行你的版本。


# %%
def grads(torch):
    x = torch.tensor([1.0, 2.0, 3.0])
    w = torch.ones(3, requires_grad=True) * 2
    loss = (w * x).sum()
    loss.backward()
    return w.grad


check("pytorch.3", grads)

# %% [markdown]
# 做完了，或者卡住了？每道练习的详细解答都在 notebook [参考答案](solutions/14_your_own_pytorch_model.ipynb) 里。请先自己试过再打开。
