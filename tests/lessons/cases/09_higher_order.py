"""Answers to the exercises of lesson 09, right and wrong, with the hint each wrong one gets."""

import minigrad

CASES = {
    "higher.1": {
        "steps": ["2xy"],
        "right": [4, minigrad.tensor(4.0)],
        "wrong": [(12, "hint.higher.1.1"), (2, "hint.higher.1.1")],
    },
    "higher.2": {
        "steps": ["3x²", "6x"],
        "right": [24, minigrad.tensor(24.0)],
        "wrong": [(12, "hint.higher.2.1"), (6, "hint.higher.2.1")],
    },
    "higher.3": {
        "reveals": ["retain_graph", "create_graph"],
        "right": [
            ("retain_graph", "create_graph"),
            [" retain_graph", "create_graph "],
            ("retain_graph=True", "create_graph=True"),
            ["Retain_graph", "CREATE_GRAPH = True"],
            ("retain graph", "create-graph"),
            ("'retain_graph'", '"create_graph"'),
        ],
        "wrong": [
            (("create_graph", "create_graph"), "hint.higher.3.1"),
            (("retain_graph", "retain_graph"), "hint.higher.3.2"),
            ("retain_graph", None),
        ],
    },
}
