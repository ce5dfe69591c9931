"""Answers to the exercises of lesson 04, right and wrong, with the hint each wrong one gets."""

import math

import minigrad

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


class Value:
    """The lesson's engine (what the learner starts from)."""

    def __init__(self, data, parents=(), local_grads=()):
        self.data = data
        self.grad = 0.0
        self.parents = parents
        self.local_grads = local_grads

    def __add__(self, other):
        other = other if isinstance(other, Value) else type(self)(other)
        return type(self)(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else type(self)(other)
        return type(self)(self.data * other.data, (self, other), (other.data, self.data))

    __radd__ = __add__
    __rmul__ = __mul__

    def exp(self):
        e = math.exp(self.data)
        return type(self)(e, (self,), (e,))

    def backward(self):  # the lesson's own engine, which MyValue must not keep
        order, seen = [], set()

        def visit(v):
            if id(v) not in seen:
                seen.add(id(v))
                for p in v.parents:
                    visit(p)
                order.append(v)

        visit(self)
        self.grad = 1.0
        for v in reversed(order):
            for p, local in zip(v.parents, v.local_grads):
                p.grad += local * v.grad


class MyValue(Value):
    def __pow__(self, n):
        return MyValue(self.data**n, (self,), (n * self.data ** (n - 1),))

    def tanh(self):
        t = math.tanh(self.data)
        return MyValue(t, (self,), (1 - t * t,))

    def __neg__(self):
        return MyValue(-self.data, (self,), (-1.0,))

    def __sub__(self, other):
        other = other if isinstance(other, Value) else MyValue(other)
        return MyValue(self.data - other.data, (self, other), (1.0, -1.0))

    def backward(self):
        order, seen = [], set()

        def visit(v):
            if id(v) not in seen:
                seen.add(id(v))
                for p in v.parents:
                    visit(p)
                order.append(v)

        visit(self)
        self.grad = 1.0
        for v in reversed(order):
            for p, local in zip(v.parents, v.local_grads):
                p.grad += local * v.grad


class Unfinished(Value):
    def __pow__(self, n):
        return Unfinished(self.data**n, (self,), (...,))


class PowWrong(MyValue):
    def __pow__(self, n):
        return PowWrong(self.data**n, (self,), (n * self.data**n,))


class TanhWrong(MyValue):
    def tanh(self):
        t = math.tanh(self.data)
        return TanhWrong(t, (self,), (1 - t,))


class NegWrong(MyValue):
    def __neg__(self):
        return NegWrong(-self.data, (self,), (1.0,))


class SubWrong(MyValue):
    def __sub__(self, other):
        other = other if isinstance(other, Value) else SubWrong(other)
        return SubWrong(self.data - other.data, (self, other), (1.0, 1.0))


class NaiveOrder(MyValue):
    def backward(self):  # the naive engine: a node passes its gradient on when first reached
        self.grad = 1.0
        seen = set()

        def push(v):
            seen.add(id(v))
            for p, local in zip(v.parents, v.local_grads):
                p.grad += local * v.grad
                if id(p) not in seen:
                    push(p)

        push(self)


class KeepsInherited(Value):
    # a shortcut: the four local derivatives, and Value's backward() kept
    __pow__, tanh, __neg__, __sub__ = (
        MyValue.__pow__,
        MyValue.tanh,
        MyValue.__neg__,
        MyValue.__sub__,
    )


class NoBackward(MyValue):
    def backward(self): ...


RIGHT_BY_HAND = {"x1": -1.5, "w1": 1.0, "x2": 0.5, "w2": 0.0, "b": 0.5}

CASES = {
    "engine.hand": {
        "reveals": ["-1.5"],
        "steps": ["1 − o²", "1 − 0.7071²"],
        "right": [
            RIGHT_BY_HAND,
            {"x1": -1.5, "w1": 1, "x2": 0.5, "w2": 0, "b": 0.5},
            {" x1": minigrad.tensor(-1.5), "w1": 1.0, "x2": 0.5, "w2": -0.0, "b": 0.49999},
        ],
        "wrong": [
            ({"x1": -3.0, "w1": 2.0, "x2": 1.0, "w2": 0.0, "b": 1.0}, "hint.engine.hand.2"),
            ({"x1": 1.0, "w1": -1.5, "x2": 0.0, "w2": 0.5, "b": 0.5}, "hint.engine.hand.3"),
            ({"x1": 1.5, "w1": 1.0, "x2": 0.5, "w2": 0.0, "b": 0.5}, "hint.engine.hand.4"),
            ({"x1": -1.5, "w1": 1.0}, "hint.engine.hand.1"),
            ([-1.5, 1.0, 0.5, 0.0, 0.5], "hint.engine.hand.1"),
        ],
    },
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
        "steps": ["d(exp x)/dx is exp x", "是 exp x"],
        "reveals": ["grad · exp(x)", "grad * exp(x)", "grad * math.exp(x)"],
        "right": [exp_backward, lambda x, grad: math.exp(x) * grad],
        "wrong": [
            (forgets_grad, "hint.engine.2.1"),
            (returns_grad, "hint.engine.2.2"),
            (squares, "hint.engine.2.3"),
            (crashes, None),
        ],
    },
    "engine.3": {
        "reveals": [
            "x**(n - 1)",
            "tanh(x)²",
            "-x changes by -1",
            "-x 变化 -1",
            "1（对 a）和 −1",
            "1 (for a) and −1",
        ],
        "right": [MyValue],
        "wrong": [
            (PowWrong, "hint.engine.3.2"),
            (TanhWrong, "hint.engine.3.3"),
            (NegWrong, "hint.engine.3.4"),
            (SubWrong, "hint.engine.3.5"),
            (NaiveOrder, "hint.engine.3.6"),
            (NoBackward, "hint.engine.3.7"),
            (KeepsInherited, "hint.engine.3.8"),
            (MyValue(1.0), "hint.engine.3.1"),
            ("MyValue", "hint.engine.3.1"),
        ],
    },
}
