"""Answers to the exercises on stopping gradients, with the hint each wrong one gets."""

import minigrad

torch = minigrad


def _safe_log(x):
    return torch.where(x > 0, torch.where(x > 0, x, 1.0).log(), 0.0)


def _trap(x):  # the exercise as given: NaN at 0
    return torch.where(x > 0, x.log(), 0.0)


def _wrong_values(x):
    return torch.where(x > 0, torch.where(x > 0, x, 1.0).log(), 1.0)


def _detached(x):
    return _safe_log(x).detach()


def _fake_gradient(x):  # right values, but a gradient that is finite and wrong
    return torch.where(x > 0, torch.where(x > 0, x, 1.0).log().detach() + x - x.detach(), 0.0)


CASES = {
    "stopping.1": {
        "steps": ["dy/da · da/dx"],
        "right": [4, minigrad.tensor(4.0)],
        "wrong": [(7, "hint.stopping.1.1"), (3, "hint.stopping.1.1")],
    },
    "stopping.2": {
        "reveals": ["D, E"],
        "right": [
            {"A", "B", "D", "E"},
            ["a", "b", "d", "e"],
            "ABDE",
            "A, B, D, E",
            "a b d e",
            "A,B,D,E",
        ],
        "wrong": [
            ("ABDEF", "hint.stopping.2.3"),
            ({"A", "B", "C", "D", "E"}, "hint.stopping.2.1"),
            ({"A", "B"}, "hint.stopping.2.2"),
            (5, None),
        ],
    },
    "stopping.3": {
        "reveals": {"en": ["safe input"], "zh": ["安全的输入"]},
        "right": [_safe_log, lambda x: torch.where(x > 0, x.clamp(min=1e-3).log(), 0.0)],
        "wrong": [
            (_trap, "hint.stopping.3.1"),
            (_wrong_values, "hint.stopping.3.2"),
            (42, "hint.stopping.3.3"),
            (_detached, "hint.stopping.3.4"),
            (_fake_gradient, "hint.stopping.3.5"),
            (lambda x: x.nope(), None),
        ],
    },
}
