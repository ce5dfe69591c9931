"""Answers to the exercises of lesson 02, right and wrong, with the hint each wrong one gets."""

import math

import minigrad as torch

H = 1e-4


def central(f, x, h):
    slopes = torch.zeros_like(x)
    for i in range(x.numel()):
        e = torch.zeros_like(x)
        e[i] = h
        slopes[i] = (f(x + e) - f(x - e)) / (2 * h)
    return slopes


def central_as_list(f, x, h):
    return central(f, x, h).tolist()


def forward_difference(f, x, h):
    slopes = torch.zeros_like(x)
    for i in range(x.numel()):
        e = torch.zeros_like(x)
        e[i] = h
        slopes[i] = (f(x + e) - f(x)) / h
    return slopes


def backward_difference(f, x, h):
    slopes = torch.zeros_like(x)
    for i in range(x.numel()):
        e = torch.zeros_like(x)
        e[i] = h
        slopes[i] = (f(x) - f(x - e)) / h
    return slopes


def untouched(f, x, h):
    return torch.zeros_like(x)


def one_number(f, x, h):
    return (f(x + h) - f(x - h)) / (2 * h)


def nudges_everything(f, x, h):
    return torch.ones_like(x) * (f(x + h) - f(x - h)) / (2 * h)


def asks_autograd(f, x, h):
    # a shortcut: the slopes from backward(), not from f's values
    x = x.detach().requires_grad_(True)
    f(x).backward()
    return x.grad


def crashes(f, x, h):
    return x[100]


CASES = {
    "derivative.1": {
        "right": [
            (math.sin(1 + H) - math.sin(1 - H)) / (2 * H),
            math.cos(1),
            torch.tensor(math.cos(1)),
        ],
        "wrong": [
            ((math.sin(1 + H) - math.sin(1)) / H, "hint.derivative.1.3"),
            ((math.sin(1) - math.sin(1 - H)) / H, "hint.derivative.1.3"),
            (math.sin(1), "hint.derivative.1.1"),
            # a right central difference, in float32: rounding, not the formula, is off
            (
                (torch.tensor(1 + H).sin() - torch.tensor(1 - H).sin()) / (2 * H),
                "hint.derivative.1.4",
            ),
            (0.5, "hint.derivative.1.2"),
            ("cos(1)", "hint.derivative.1.2"),
        ],
    },
    "derivative.2": {
        "right": [central, central_as_list],
        "wrong": [
            (forward_difference, "hint.derivative.2.2"),
            (backward_difference, "hint.derivative.2.2"),
            (untouched, "hint.derivative.2.zeros"),
            (one_number, "hint.derivative.2.1"),
            (nudges_everything, "hint.derivative.2.3"),
            (asks_autograd, "hint.derivative.2.4"),
            (crashes, None),
            (1.0, None),
        ],
    },
    "derivative.3": {
        "reveals": ["10⁻¹¹ and 10⁻¹⁰"],
        "right": [1e-10, 4e-11, "1e-10", torch.tensor(2e-10, dtype=torch.float64)],
        "wrong": [
            (1e-8, "hint.derivative.3.2"),
            (6e-6, "hint.derivative.3.4"),
            (1e-5, "hint.derivative.3.4"),
            (2e-16, "hint.derivative.3.5"),
            (1e-3, "hint.derivative.3.3"),
            (1.0, "hint.derivative.3.3"),
            (-10, "hint.derivative.3.1"),
            ("small", "hint.derivative.3.1"),
        ],
    },
    "derivative.4": {
        "reveals": ["2/3", "0.667"],
        "steps": ["1/3", "three thirds"],
        "right": [
            [0.0, 2 / 3, 2 / 3, 2 / 3],
            [0, 0.6667, 0.6667, 0.6667],
            torch.tensor([0.0, 2 / 3, 2 / 3, 2 / 3]),
        ],
        "wrong": [
            ([0.0, 1 / 3, 1 / 3, 1 / 3], "hint.derivative.4.2"),
            ([0.0, 2.0, 0.0, 0.0], "hint.derivative.4.3"),
            ([0.0, 0.0, 0.0, 1.0], "hint.derivative.4.3"),
            ([0.0, 2.0, 2.0, 2.0], "hint.derivative.4.4"),
            ([2.0, 2.0, 2.0, 2.0], "hint.derivative.4.4"),
            ([0.0, 2 / 3, 2 / 3], "hint.derivative.4.1"),
            ("two thirds", "hint.derivative.4.1"),
        ],
    },
}
