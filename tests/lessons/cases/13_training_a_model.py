"""Answers to the exercises on training a model, with the hint each wrong one gets."""


def train(torch):
    torch.manual_seed(0)
    x = torch.randn(20)
    y = 3 * x
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    losses = []
    for _ in range(20):
        optimizer.zero_grad()
        loss = ((w * x - y) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def as_given(torch):
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


def last_loss_only(torch):
    return train(torch)[-1:]


CASES = {
    "training.1": {"right": [51], "wrong": [(48, "hint.training.1.1"), (24, "hint.training.1.1")]},
    "training.2": {
        "right": [3, 3.0],
        "wrong": [(1, "hint.training.2.1"), (9, "hint.training.2.1")],
    },
    "training.3": {
        "right": [train],
        "wrong": [
            (as_given, "hint.training.3.2"),
            (last_loss_only, "hint.training.3.1"),
            (None, None),
        ],
    },
}
