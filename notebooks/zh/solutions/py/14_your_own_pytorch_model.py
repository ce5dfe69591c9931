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
# # 参考答案：14. 你自己的 PyTorch 模型
#
# 每个答案都用与练习相同的检查函数验证，练习见[本课](../14_your_own_pytorch_model.ipynb)。

# %%
import torch
from torch import nn

from minigrad import explain, widgets
from minigrad.lessons import all_solutions_pass, passes

_ = torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
x = torch.tensor([[1.0, 2.0], [0.5, -1.0]])
loss = model(x).pow(2).mean()

# %% [markdown]
# ## 练习 1
#
# 单步演示器的步骤就是 torch 引擎运行过的节点；每个参数一个 `AccumulateGrad`：两个权重和两个偏置。

# %%
steps = widgets.BackwardStepper(loss).steps
answer_1 = sum(step.name.endswith("AccumulateGrad") for step in steps)
print(answer_1)
assert passes("pytorch.1", answer_1)

# %% [markdown]
# ## 练习 2
#
# `h` 是由第一层算出来的：它有 `grad_fn`，所以不是叶子节点；除非调用过 `h.retain_grad()`，反向传播不会保留它的梯度。

# %%
h = model[0](x)
out = model[2](torch.tanh(h)).sum()
out.backward()
answer_2 = explain(h).cause
print(answer_2)
assert passes("pytorch.2", answer_2)

# %% [markdown]
# ## 练习 3
#
# `torch.ones(3, requires_grad=True) * 2` 是一次乘法的输出，所以 `w` 不是叶子节点（`explain(w)` 会这样说）。直接用它的值创建叶子节点。


# %%
def grads(torch):
    x = torch.tensor([1.0, 2.0, 3.0])
    w = torch.full((3,), 2.0, requires_grad=True)  # 值为 2.0 的叶子节点
    loss = (w * x).sum()
    loss.backward()
    return w.grad


print(grads(torch))
assert passes("pytorch.3", grads)

# %%
all_solutions_pass()
