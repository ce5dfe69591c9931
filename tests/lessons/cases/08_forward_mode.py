"""Answers to the exercises of lesson 08, right and wrong, with the hint each wrong one gets."""

import minigrad


def dual_div(a, b):
    (a_value, a_slope), (b_value, b_slope) = a, b
    return a_value / b_value, (a_slope * b_value - a_value * b_slope) / b_value**2


def wrong_value(a, b):
    return a[0] * b[0], dual_div(a, b)[1]


def slope_ratio(a, b):
    return a[0] / b[0], a[1] / b[1] if b[1] else float("nan")


def no_square(a, b):
    (a_value, a_slope), (b_value, b_slope) = a, b
    return a_value / b_value, (a_slope * b_value - a_value * b_slope) / b_value


CASES = {
    "forward.1": {
        "steps": ["5 columns", "2 rows", "5 列", "2 行"],
        "right": [(5, 2), [5, 2], (5.0, 2.0)],
        "wrong": [
            ((2, 5), "hint.forward.1.1"),
            ((5, 5), "hint.forward.1.2"),
            ((1, 1), "hint.forward.1.1"),
            (7, None),
        ],
    },
    "forward.2": {
        "right": [dual_div],
        "wrong": [
            (wrong_value, "hint.forward.2.1"),
            (slope_ratio, "hint.forward.2.2"),
            (no_square, "hint.forward.2.3"),
        ],
    },
    "forward.3": {
        "right": [[5.0, 2.0, 4.0], minigrad.tensor([5.0, 2.0, 4.0])],
        "wrong": [
            ([3.0, 1.0, 4.0], "hint.forward.3.2"),  # the first column only
            ([2.0, 1.0, 0.0], "hint.forward.3.2"),  # the second column only
            ([8.0, 3.0], "hint.forward.3.1"),  # a row combination
            ([5.0, 2.0, 5.0], "hint.forward.3.3"),
            ("Jv", "hint.forward.3.1"),
        ],
    },
    "forward.4": {
        "steps": ["[[6x₁, 1], [1, 0]]"],
        "right": [[7.0, 1.0], minigrad.tensor([7.0, 1.0]), (7, 1)],
        "wrong": [
            ([5.0, 1.0], "hint.forward.4.2"),  # the gradient
            ([6.0, 1.0], "hint.forward.4.3"),  # the first column of H
            ([1.0, 0.0], "hint.forward.4.3"),  # the second column
            ([7.0, 2.0], "hint.forward.4.4"),
            ([[6.0, 1.0], [1.0, 0.0]], "hint.forward.4.1"),  # H itself
            ("Hv", "hint.forward.4.1"),
        ],
    },
    "forward.5": {
        "steps": ["(8, 3, 8)", "(1, 4)"],
        "right": [6, 6.0, minigrad.tensor(6.0), "6"],
        "wrong": [
            (8, "hint.forward.5.2"),
            (-6, "hint.forward.5.2"),
            ([8.0, 3.0, 8.0], "hint.forward.5.1"),
            ([1.0, 4.0], "hint.forward.5.1"),
            ("six", "hint.forward.5.1"),
        ],
    },
}
