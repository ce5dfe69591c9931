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
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定。

# %%
import math

import minigrad as torch
from minigrad import viz
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
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
# ## 练习 2
#
# $e^x$ 的局部导数是 $e^x$；链式法则把它乘上从输出传来的梯度。


# %%
def exp_backward(x, grad):
    return grad * math.exp(x)  # d(e^x)/dx = e^x，再乘上传入的梯度


assert passes("engine.2", exp_backward)

# %%
all_solutions_pass()  # 打印一行字，用课程的语言
