"""What the simulated students type, for exercises whose checker cases hold no plain
value (tests/lessons/cases/ is used first): exercise key -> (right, wrong), as code."""

ANSWERS = {
    "scalar.1": ("1.0", "-1.0"),
    "scalar.2": ("27", "9"),
    "scalar.3": ('"y.retain_grad()"', '"y.backward()"'),
}
