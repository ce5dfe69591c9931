"""Answers to the exercises of lesson 04, right and wrong, with the hint each wrong one gets."""

import math

ADD, EXP, MUL, SIN = "AddBackward0", "ExpBackward0", "MulBackward0", "SinBackward0"


def exp_backward(x, grad):
    return grad * math.exp(x)


def forgets_grad(x, grad):
    return math.exp(x)


def returns_grad(x, grad):
    return grad


def squares(x, grad):
    return grad * x * x


def crashes(x, grad):
    return undefined_name  # noqa: F821 - the learner's typo


CASES = {
    "engine.1": {
        # every order that runs a node after the nodes feeding it: torch's own and the others
        "right": [
            [ADD, SIN, EXP, MUL],
            [ADD, EXP, SIN, MUL],
            [ADD, EXP, MUL, SIN],
            ("<AddBackward0>", SIN, EXP, MUL),
        ],
        "wrong": [
            ([MUL, EXP, SIN, ADD], "hint.engine.1.2"),
            ([SIN, ADD, EXP, MUL], "hint.engine.1.2"),
            ([ADD, MUL, EXP, SIN], "hint.engine.1.3"),
            ([ADD, SIN, MUL, EXP], "hint.engine.1.3"),
            ([ADD, EXP, MUL], "hint.engine.1.1"),
            ([ADD, EXP, MUL, "PowBackward0"], "hint.engine.1.1"),
            ("AddBackward0", "hint.engine.1.1"),
            (4, "hint.engine.1.1"),
        ],
    },
    "engine.2": {
        "right": [exp_backward, lambda x, grad: math.exp(x) * grad],
        "wrong": [
            (forgets_grad, "hint.engine.2.1"),
            (returns_grad, "hint.engine.2.2"),
            (squares, "hint.engine.2.3"),
            (crashes, None),
        ],
    },
}
