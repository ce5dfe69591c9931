"""Answers to the exercises of lesson 01, right and wrong, with the hint each wrong one gets."""

import minigrad

CASES = {
    "graphs.1": {
        "reveals": {
            "en": ["not a leaf", "enough for r to require"],
            "zh": ["不是叶子", "r 就需要梯度"],
        },
        "right": [(True, False), (1, 0), [True, False], ("yes", "no")],
        "wrong": [
            ((False, False), "hint.graphs.1.1"),
            ((True, True), "hint.graphs.1.2"),
            ((1, 1), "hint.graphs.1.2"),
            (True, "hint.graphs.1.3"),
            ((True, "maybe"), "hint.graphs.1.3"),
            ("True, False", "hint.graphs.1.3"),
        ],
    },
    "graphs.2": {
        "right": [4, 4.0, minigrad.tensor(4)],
        "wrong": [(3, "hint.graphs.2.1"), (1, "hint.graphs.2.1"), ("four", "hint.graphs.2.1")],
    },
    "graphs.3": {
        "right": [{"v"}, ["v"], "v", ("v",)],
        "wrong": [
            ({"v", "w"}, "hint.graphs.3.4"),
            ({"u", "v"}, "hint.graphs.3.1"),
            ({"v", "s"}, "hint.graphs.3.2"),
            ("v, s", "hint.graphs.3.2"),
            (set(), "hint.graphs.3.3"),
            (3, None),
        ],
    },
}
