"""Answers to the exercises of lesson 07, right and wrong, with the hint each wrong one gets."""

import minigrad

CASES = {
    "jacobian.1": {
        "right": [[[5.0, 2.0], [1.0, 1.0]], minigrad.tensor([[5.0, 2.0], [1.0, 1.0]])],
        "wrong": [
            ([[5.0, 1.0], [2.0, 1.0]], "hint.jacobian.1.1"),
            ([5.0, 2.0, 1.0, 1.0], "hint.jacobian.1.1"),
            (None, "hint.jacobian.1.1"),
        ],
    },
    "jacobian.2": {
        "right": [[[0.0, 1.0]], [0, 1], minigrad.tensor([0.0, 1.0]), minigrad.tensor([[0.0, 1.0]])],
        "wrong": [
            ([[1.0, 0.0]], "hint.jacobian.2.1"),
            ([1, 1], "hint.jacobian.2.1"),
            ([0, 1, 0], "hint.jacobian.2.2"),
            ("row 2", "hint.jacobian.2.2"),
        ],
    },
}
