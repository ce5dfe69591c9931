"""Answers to the exercises of lesson 03, right and wrong, with the hint each wrong one gets."""

import minigrad

CASES = {
    "scalar.1": {
        "steps": ["(x + 2) + (x + 1)"],
        "right": [1, 1.0, minigrad.tensor(1.0), [1.0]],
        "wrong": [(0, "hint.scalar.1.1"), (2, "hint.scalar.1.1"), ([1, 1], "hint.scalar.1.1")],
    },
    "scalar.2": {
        "steps": ["3x²"],
        "right": [27, minigrad.tensor(27.0)],
        "wrong": [(9, "hint.scalar.2.1"), (3, "hint.scalar.2.1")],
    },
    "scalar.3": {
        "reveals": ["y.retain_grad()"],
        "right": ["y.retain_grad()", " y.retain_grad( ) ", "y.retain_grad"],
        "wrong": [
            ("z.retain_grad()", "hint.scalar.3.3"),
            ("retain_grad()", "hint.scalar.3.3"),
            ("x.retain_grad()", "hint.scalar.3.3"),
            ("y.backward()", "hint.scalar.3.1"),
            ("z.backward()", "hint.scalar.3.1"),
            ("y.requires_grad_()", "hint.scalar.3.2"),
            ("y.retain_grad(); z.backward()", "hint.scalar.3.4"),
            (42, "hint.scalar.3.4"),
        ],
    },
}
