"""Answers to the exercises of lesson 06, right and wrong, with the hint each wrong one gets."""

import minigrad

CASES = {
    "nonscalar.1": {
        "right": [[3.0, 0.0, -27.0], minigrad.tensor([3.0, 0.0, -27.0])],
        "wrong": [
            ([3.0, 12.0, 27.0], "hint.nonscalar.1.1"),
            ([1.0, 0.0, -1.0], "hint.nonscalar.1.1"),
            (-24.0, "hint.nonscalar.1.1"),
            ("3, 0, -27", "hint.nonscalar.1.1"),
        ],
    },
    "nonscalar.2": {
        "right": [[[1.0, 1.0], [1.0, 1.0]], minigrad.ones(2, 2)],
        "wrong": [
            ([1.0, 1.0], "hint.nonscalar.2.1"),
            ([1, 1, 1, 1], "hint.nonscalar.2.1"),  # the shape of z is (2, 2)
            ([[2.0, 2.0], [2.0, 2.0]], "hint.nonscalar.2.2"),
            ("ones", "hint.nonscalar.2.1"),
        ],
    },
    "nonscalar.3": {
        "steps": ["the uses add up", "这些要加起来", "[5, 3]"],
        "right": [[5.0, 5.0, 5.0], minigrad.full((3,), 5.0), (5, 5, 5)],
        "wrong": [
            ([[1.0] * 3] * 5, "hint.nonscalar.3.1"),  # not summed over the batch
            (15.0, "hint.nonscalar.3.1"),
            ([1.0, 1.0, 1.0], "hint.nonscalar.3.2"),
            ([2.0, 2.0, 2.0], "hint.nonscalar.3.3"),
            ("five", "hint.nonscalar.3.1"),
        ],
    },
}
