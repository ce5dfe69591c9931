"""Answers to the exercises on hooks and autograd.Function, with the hint each wrong one gets."""

import minigrad


def retains(torch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 6
    h.retain_grad()
    y = (h * h).sum()
    y.backward()
    return h.grad


def hooked(torch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 6
    seen = []
    h.register_hook(seen.append)
    (h * h).sum().backward()
    return seen[0]


def as_given(torch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 6
    y = (h * h).sum()
    y.backward()
    return h.grad


def grad_of_x(torch):
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    h = x * 6
    (h * h).sum().backward()
    return x.grad


class MyCube(minigrad.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x * x * grad


class MyCubeAsGiven(MyCube):
    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x * x


class MySquare(MyCube):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**2


CASES = {
    "hooks.1": {
        "reveals": ["12., 24.", "[12, 24]"],
        "right": [retains, hooked],
        "wrong": [(as_given, "hint.hooks.1.1"), (grad_of_x, "hint.hooks.1.2")],
    },
    "hooks.2": {
        "steps": ["3x²"],
        "reveals": {"en": ["3x², times"], "zh": ["3x²，还要乘以"]},
        "right": [MyCube],
        "wrong": [
            (MyCubeAsGiven, "hint.hooks.2.2"),
            (MySquare, "hint.hooks.2.1"),
            ("MyCube", None),
        ],
    },
    "hooks.3": {
        "steps": {"en": ["its result"], "zh": ["它的结果"]},
        "right": [3, 3.0, minigrad.tensor(3)],
        "wrong": [
            (2, "hint.hooks.3.1"),  # forgot exp's result
            (4, "hint.hooks.3.2"),  # thought sum saves its input
            (1, "hint.hooks.3.3"),
            ("three", "hint.hooks.3.3"),
        ],
    },
    "hooks.4": {
        "steps": ["(−4, −10)", "2(w − 3)"],
        "right": [[1.4, -1.0], (1.4, -1), minigrad.tensor([1.4, -1.0])],
        "wrong": [
            ([1.0, -2.0], "hint.hooks.4.2"),
            ([0.6, -3.0], "hint.hooks.4.4"),
            ([-4.0, -10.0], "hint.hooks.4.3"),
            ([1.4, -1.0, 0.0], "hint.hooks.4.1"),
            (None, "hint.hooks.4.1"),
        ],
    },
}
