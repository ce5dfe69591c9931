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
# # 参考答案：13. 综合运用：训练一个模型
#
# [本课](../13_training_a_model.ipynb)练习的详细解答。请先在课里自己做一遍。
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定函数。

# %%
from minigrad import nn
from minigrad.lessons import all_solutions_pass, passes

# %% [markdown]
# ## 练习 1
#
# `Linear(a, b)` 有一个形状为 `[b, a]` 的权重和 `b` 个偏置。`Linear(2, 8)`：$16 + 8 = 24$。`Tanh` 没有要学的参数。`Linear(8, 3)`：$24 + 3 = 27$。一共 $24 + 27 = 51$。

# %%
model_1 = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 3))
print([tuple(p.shape) for p in model_1.parameters()])
assert passes("training.1", sum(p.numel() for p in model_1.parameters()))

# %% [markdown]
# ## 练习 2
#
# `backward()` 会累加到 `.grad` 中。三次反向传播都从同样的参数出发，所以每次加上的梯度都一样：`.grad` 最后是一次反向传播的梯度的三倍。下面的单元格数一数。

# %%
import minigrad as torch

w = torch.tensor([1.0, -2.0], requires_grad=True)
x = torch.tensor([0.5, 3.0])
for _ in range(3):  # 不调用 zero_grad()，也不更新参数
    ((w * x).sum() ** 2).backward()
(once,) = torch.autograd.grad((w * x).sum() ** 2, w)
print(w.grad / once)
assert passes("training.2", round((w.grad / once)[0].item()))

# %% [markdown]
# ## 练习 3
#
# 循环里的 `zero_grad()` 在 `backward()` 和 `step()` 之间运行：它把 `backward()` 刚算出的梯度清掉了，`step()` 没有梯度可循，`w` 就一直不动。要在 `backward()` *之前*（循环开头）清零梯度，或者在 `step()` 之后清零。

# %%
def train(torch):
    torch.manual_seed(0)
    x = torch.randn(20)
    y = 3 * x
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    losses = []
    for _ in range(20):
        optimizer.zero_grad()  # 在计算新梯度*之前*清掉旧梯度
        loss = ((w * x - y) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


print(train(torch)[::5])
assert passes("training.3", train)

# %% [markdown]
# ## 练习 4
#
# `nn.Linear(5, 2).weight` 的形状是 `[2, 5]`（输出 × 输入），所以一个样本的梯度也是这个形状。`vmap` 对每个样本运行一次 `grad(loss_one)`，再沿新的第一维把结果叠起来，每个样本一项：`[8, 2, 5]`。

# %%
torch.manual_seed(0)
lin4 = nn.Linear(5, 2)
xs4, ys4 = torch.randn(8, 5), torch.randn(8, 2)
params4 = {name: p.detach() for name, p in lin4.named_parameters()}


def loss_one4(params, x, y):
    pred = torch.func.functional_call(lin4, params, (x.unsqueeze(0),))
    return ((pred - y) ** 2).mean()


grads4 = torch.func.vmap(torch.func.grad(loss_one4), in_dims=(None, 0, 0))(params4, xs4, ys4)
print(grads4["weight"].shape)
assert passes("training.4", list(grads4["weight"].shape))

# %%
all_solutions_pass()  # 用课程的语言打印一行结果
