"""Answers to the exercises on stopping gradients, with the hint each wrong one gets."""

import minigrad

CASES = {
    "stopping.1": {
        "right": [4, minigrad.tensor(4.0)],
        "wrong": [(7, "hint.stopping.1.1"), (3, "hint.stopping.1.1")],
    },
    "stopping.2": {
        "right": [6, minigrad.tensor(6.0)],
        "wrong": [(600, "hint.stopping.2.1"), (2, "hint.stopping.2.1")],
    },
    "stopping.3": {
        "right": [{"A", "B", "D", "E"}, ["a", "b", "d", "e"], "ABDE"],
        "wrong": [
            ({"A", "B", "C", "D", "E"}, "hint.stopping.3.1"),
            ({"A", "B"}, "hint.stopping.3.2"),
            (5, None),
        ],
    },
}
