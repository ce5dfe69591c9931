"""Answers to the exercises on in-place changes and the version counter, right and wrong."""

import minigrad

CASES = {
    "inplace.1": {
        "steps": ["×3 and ×2", "×3 和 ×2"],
        "right": [6, minigrad.tensor(6.0), [6.0]],
        "wrong": [(600, "hint.inplace.1.1"), (2, "hint.inplace.1.1")],
    },
    "inplace.2": {
        "reveals": ["C, E"],
        "right": [{"A", "C", "E"}, ["a", "c", "e"], "ACE", "A, C, E", "a c e", "A,C,E"],
        "wrong": [
            ("ACEF", "hint.inplace.2.4"),
            ({"A", "B", "C", "E"}, "hint.inplace.2.1"),
            ({"A", "C", "D", "E"}, "hint.inplace.2.2"),
            ({"A"}, "hint.inplace.2.3"),
            ({"A", "C"}, "hint.inplace.2.3"),
            (3, None),
        ],
    },
    "inplace.3": {
        "reveals": ["[7, 2]", "= 7"],
        "steps": ["so 2", "所以是 2"],
        "right": [[7, 2], (7, 2), "7, 2", [7.0, 2.0], minigrad.tensor([7, 2])],
        "wrong": [
            ([9, 0], "hint.inplace.3.2"),
            ([5, 4], "hint.inplace.3.2"),
            ([8, 2], "hint.inplace.3.3"),
            ([6, 2], "hint.inplace.3.3"),
            ([7, 4], "hint.inplace.3.4"),
            ([7, 0], "hint.inplace.3.4"),
            ("seven", "hint.inplace.3.1"),
            (7, "hint.inplace.3.1"),
        ],
    },
}
