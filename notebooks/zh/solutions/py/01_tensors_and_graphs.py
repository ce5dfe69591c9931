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
# # 参考答案：1. 张量与计算图
#
# [本课](../01_tensors_and_graphs.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
import minigrad as torch
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# `r = p * q` 需要梯度，因为它的一个输入 `q` 需要梯度：有一个就够了。
# 它不是叶子节点：它既需要梯度，又是由运算得到的，所以有 `grad_fn`。（不需要梯度的张量总是叶子节点，不论它是怎样得到的。）

# %%
p = torch.tensor(3.0)
q = torch.tensor(4.0, requires_grad=True)
r = p * q
print(r.requires_grad, r.is_leaf, r.grad_fn)
assert passes("graphs.1", (r.requires_grad, r.is_leaf))

# %% [markdown]
# ## 练习 2
#
# `f(x, 4)` 把循环执行四次，每次做一次乘法，所以计算图里有四个依次相连的 `MulBackward0` 节点。


# %%
def f(x, n):
    y = x
    for _ in range(n):
        y = y * 2
    return y


node, muls = f(torch.tensor(1.0, requires_grad=True), 4).grad_fn, 0
while node is not None and node.name() == "MulBackward0":  # 沿着这条链往回走
    muls += 1
    node = node.next_functions[0][0]
print(muls)
assert passes("graphs.2", muls)

# %% [markdown]
# ## 练习 3
#
# `u` 是新建的张量（requires_grad 缺省为 False），`s` 只由这样的张量算出。只有 `v = u + w[0]` 用到了需要梯度的 `w`。

# %%
w = torch.randn(5, 3, requires_grad=True)
u = torch.zeros(3)
v = u + w[0]
s = torch.ones(3) * 2
need_grad = {name for name, t in {"u": u, "v": v, "s": s}.items() if t.requires_grad}
print(need_grad)
assert passes("graphs.3", need_grad)

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
