"""Answers to the exercises of lesson 05, right and wrong, with the hint each wrong one gets."""

import minigrad


def one_call(torch, x, y):
    z = x * x * y
    return torch.autograd.grad(z, [x, y])


def keeps_graph(torch, x, y):
    z = x * x * y
    (gx,) = torch.autograd.grad(z, x, retain_graph=True)
    (gy,) = torch.autograd.grad(z, y)
    return gx, gy


def as_given(torch, x, y):
    z = x * x * y
    (gx,) = torch.autograd.grad(z, x)
    (gy,) = torch.autograd.grad(z, y)
    return gx, gy


def hard_coded(torch, x, y):
    # a shortcut: the numbers of the lesson's x = 2, y = 3
    return torch.tensor(12.0), torch.tensor(4.0)


def swapped(torch, x, y):
    gx, gy = one_call(torch, x, y)
    return gy, gx


def returns_one(torch, x, y):
    return torch.autograd.grad(x * x * y, x)


CASES = {
    "grad.1": {
        "steps": ["10x"],
        "right": [30, 30.0, minigrad.tensor(30.0)],
        "wrong": [(10, "hint.grad.1.1"), (20, "hint.grad.1.1")],
    },
    "grad.2": {
        "reveals": {"en": ["in one call", "keep the graph"], "zh": ["一次调用同时", "保留计算图"]},
        "right": [one_call, keeps_graph],
        "wrong": [
            (as_given, "hint.grad.2.1"),
            (swapped, "hint.grad.2.2"),
            (returns_one, "hint.grad.2.2"),
            (hard_coded, "hint.grad.2.3"),
        ],
    },
    "grad.3": {
        "right": [409600, 409600.0, minigrad.tensor(409600.0)],
        "wrong": [
            (4096, "hint.grad.3.1"),
            (-409600, "hint.grad.3.2"),
            (2048, "hint.grad.3.3"),
            ("409600?", "hint.grad.3.3"),
        ],
    },
}
