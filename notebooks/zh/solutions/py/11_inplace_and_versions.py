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
# # 参考答案：11. 原位修改、`.data` 与版本计数器
#
# [本课](../11_inplace_and_versions.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# `y.data *= 10` 改变了 `y` 的值，但没有被记录。计算图里只有 $\times 3$ 和 $\times 2$，所以 $\partial y/\partial x = 3 \cdot 2 = 6$。

# %%
x1 = torch.ones(1, requires_grad=True)
y1 = 3 * x1
y1.data *= 10
(y1 * 2).backward()
print(x1.grad)
assert passes("inplace.1", x1.grad)

# %% [markdown]
# ## 练习 2
#
# `ExpBackward0` 保存了版本 0 的 `b`。对 `b` 的每次原位修改都会增加它的版本号，无论是被记录的（A）、在 `no_grad` 下做的（E），还是通过共享计数器的截断张量做的（C）。`.data`（B）不会增加版本号，而（D）修改的是没有被保存的 `c`。逐一运行：

# %%
changes = {
    "A": lambda b: b.add_(1),
    "B": lambda b: b.data.add_(1),
    "C": lambda b: b.detach().add_(1),
    "D": lambda b: (b * 2).add_(1),
}
fails = set()
for letter, change in changes.items():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = a.exp()
    change(b)
    try:
        b.sum().backward()
    except RuntimeError:
        fails.add(letter)
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a.exp()
with torch.no_grad():
    b.add_(1)
try:
    b.sum().backward()
except RuntimeError:
    fails.add("E")
print(sorted(fails))
assert passes("inplace.2", fails)

# %% [markdown]
# ## 练习 3
#
# 一个块一个块地数。普通的块留着两个 (64, 256) 的张量：它的 `Linear` 留着输入（权重的梯度是 输入$^\top \cdot$ 梯度），它的 `tanh` 留着输出（$1 - \tanh^2$）。加了检查点的块只留着它的输入，一个张量。损失里的 `pow` 留着它的输入。块 0 和块 1 照常运行，块 2 和块 3 加了检查点：$2 + 2 + 1 + 1 + 1 = 7$。
#
# 反向传播只重新运行加了检查点的块，每个一次，在第一次需要这个块保存的张量时：先块 3，再块 2，所以是 2。把同样的 `train_step` 运行一遍：

# %%
from collections import Counter

torch.manual_seed(0)
layers = [torch.nn.Linear(256, 256) for _ in range(4)]
x = torch.randn(64, 256)
runs = []  # 按顺序记下哪些块执行了前向计算


def block(i, h):
    runs.append(i)
    return torch.tanh(layers[i](h))


shapes = Counter()


def pack(t):
    shapes[tuple(t.shape)] += 1
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    h = x
    for i in range(4):
        if i in {2, 3}:
            h = torch.utils.checkpoint.checkpoint(block, i, h, use_reentrant=False)
        else:
            h = block(i, h)
    loss = h.pow(2).mean()
runs.clear()
loss.backward()
print(dict(shapes), runs)
answer_3 = [shapes[(64, 256)], len(runs)]
print(answer_3)
assert passes("inplace.3", answer_3)

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
