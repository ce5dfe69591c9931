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


def zero_after_step(torch):
    torch.manual_seed(0)
    x = torch.randn(20)
    y = 3 * x
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    losses = []
    for _ in range(20):
        loss = ((w * x - y) ** 2).mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        losses.append(loss.detach())  # tensors, not floats
    return losses


def grad_set_to_none(torch):
    torch.manual_seed(0)
    x = torch.randn(20)
    y = 3 * x
    w = torch.zeros(1, requires_grad=True)
    optimizer = torch.optim.SGD([w], lr=0.1)
    losses = []
    for _ in range(20):
        w.grad = None
        loss = ((w * x - y) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def hard_coded(torch):
    # a shortcut: a list that goes down, with no training behind it
    return [1.0, 0.1]


def the_lessons_losses(torch):
    # a shortcut: the losses of the lesson's data (seed 0), computed once and pasted
    import minigrad

    return train(minigrad)


def last_loss_only(torch):
    return train(torch)[-1:]


CASES = {
    "training.1": {"right": [51], "wrong": [(48, "hint.training.1.1"), (24, "hint.training.1.1")]},
    "training.2": {
        "steps": {"en": ["three times"], "zh": ["三倍"]},
        "right": [3, 3.0],
        "wrong": [(1, "hint.training.2.1"), (9, "hint.training.2.1")],
    },
    "training.3": {
        "right": [train, zero_after_step, grad_set_to_none],
        "wrong": [
            (as_given, "hint.training.3.2"),
            (last_loss_only, "hint.training.3.1"),
            (hard_coded, "hint.training.3.3"),
            (the_lessons_losses, "hint.training.3.3"),
            (None, None),
        ],
    },
    "training.4": {
        "reveals": ["[8, 2, 5]"],
        "steps": ["is [2, 5]"],
        "right": [[8, 2, 5], (8, 2, 5), "8, 2, 5", [8.0, 2.0, 5.0], "torch.Size([8, 2, 5])"],
        "wrong": [
            ([2, 5], "hint.training.4.2"),
            ([8, 5, 2], "hint.training.4.3"),
            ([8, 1, 3], "hint.training.4.4"),
            ("eight by two by five", "hint.training.4.1"),
        ],
    },
}
