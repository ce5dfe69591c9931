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

# %% [markdown]
# # Solutions: 13. Putting it together: training a model
#
# Worked solutions to the exercises of [the lesson](../13_training_a_model.ipynb).
# Try each exercise there first. Every solution ends with `assert passes(...)`,
# the same judge that `check` uses in the lesson.

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
all_solutions_pass()  # prints one line, in the course's language
