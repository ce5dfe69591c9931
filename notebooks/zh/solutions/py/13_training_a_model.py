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
# 每个解答都以 `assert passes(...)` 结尾，它与课里的 `check` 用的是同一个判定。

# %%
from minigrad import nn
from minigrad.lessons import all_solutions_pass, passes

# %%
model_1 = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 3))
assert passes("training.1", sum(p.numel() for p in model_1.parameters()))  # 24 + 27 = 51
assert passes("training.2", 3)  # backward() adds: three passes, three times the gradient


def train(torch):
    torch.manual_seed(0)
    x = torch.randn(20)
    y = 3 * x
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    losses = []
    for _ in range(20):
        optimizer.zero_grad()  # clear the old gradient *before* computing the new one
        loss = ((w * x - y) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


assert passes("training.3", train)

# %%
all_solutions_pass()  # 打印一行字，用课程的语言
