"""gradcheck / gradgradcheck, and user-written ``autograd.Function`` classes.

- Every derivative rule (each subclass of minigrad's op base class ``Op``) passes
  gradcheck and gradgradcheck in float64, and so does torch on the very same
  function. ``rules.py`` holds one small function per rule class, or the reason
  why a class cannot be checked; a rule class with neither fails the test.
- A few compositions of operators pass them too.
- A deliberately wrong custom Function fails with torch's message
  (tests/autograd/test_gradcheck_messages.py compares many more).
- Custom Functions behave like torch's: node names, next_functions, saved
  tensors, errors for wrong gradients, double backward.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import torch

import minigrad
import minigrad.nn.functional  # noqa: F401 - defines the loss rules
from minigrad.core.node import BackwardCFunction, Op

from ..transcript import run
from .rules import EXCLUDED, RULES


# --- every derivative rule --------------------------------------------------------------
def _rule_classes() -> list[type]:
    """Every subclass of ``Op``, except the node classes made for user-written
    ``autograd.Function`` classes (one per Function; their shared rule is
    ``BackwardCFunction``)."""
    found, todo = [], [Op]
    while todo:
        for sub in todo.pop().__subclasses__():
            if issubclass(sub, BackwardCFunction) and sub is not BackwardCFunction:
                continue
            if sub not in found:
                found.append(sub)
                todo.append(sub)
    return found


def test_every_rule_class_is_gradchecked_or_excluded_with_a_reason():
    classes = _rule_classes()
    by_name = {c.__name__: c for c in classes}
    assert len(by_name) == len(classes), "two rule classes share a name"
    private = {name for name in by_name if name.startswith("_")}
    missing = sorted(set(by_name) - private - RULES.keys() - EXCLUDED.keys())
    assert not missing, f"rule classes with no entry in tests/autograd/rules.py: {missing}"
    stale = sorted((RULES.keys() | EXCLUDED.keys()) - set(by_name))
    assert not stale, f"entries of tests/autograd/rules.py that are no rule class: {stale}"
    assert not RULES.keys() & EXCLUDED.keys()
    assert all(EXCLUDED.values())
    # a private class is a base shared by rules, never a node's class itself
    for name in private:
        assert by_name[name].__subclasses__(), f"{name} is used as a rule: give it an entry"


def _node_classes(out) -> set[str]:
    """The class names of the nodes in ``out``'s graph."""
    outs = out if isinstance(out, (tuple, list)) else (out,)
    todo = [o.grad_fn for o in outs if o.grad_fn is not None]
    seen, names = set(), set()
    while todo:
        node = todo.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        names.add(type(node).__name__)
        if isinstance(node, BackwardCFunction):
            names.add("BackwardCFunction")
        todo.extend(n for n, _ in node.next_functions)
    return names


@pytest.mark.parametrize("name", sorted(RULES))
def test_rule_passes_gradcheck_and_gradgradcheck(name):
    rule = RULES[name]
    ins = rule.make_inputs(minigrad)
    assert name in _node_classes(rule.fn(minigrad, *ins)), f"the entry of {name} does not run it"
    options = rule.options or {}
    for lib in (minigrad, torch):
        ins = rule.make_inputs(lib)
        fn = lambda *a, lib=lib: rule.fn(lib, *a)  # noqa: E731
        with warnings.catch_warnings():
            if options:  # a rule checked in float32 (torch warns about that, and so does minigrad)
                warnings.filterwarnings("ignore", "Input #.* is not a double precision")
            assert lib.autograd.gradcheck(fn, ins, **options), lib.__name__
            assert lib.autograd.gradgradcheck(fn, ins, **options), lib.__name__


# --- compositions ------------------------------------------------------------------------


def _linear(lib):
    """``F.linear`` (minigrad defines it with ``nn.Linear``)."""
    return torch.nn.functional.linear if lib is torch else minigrad.nn.modules.linear.linear


# name -> (function of (lib, *inputs), input shapes). Inputs are drawn away from kinks.
OPS = {
    "add_broadcast": (lambda L, a, b: a + b, [(2, 3), (3,)]),
    "sub": (lambda L, a, b: a - 2 * b, [(2, 3), (2, 3)]),
    "mul_broadcast": (lambda L, a, b: a * b, [(2, 3), (2, 1)]),
    "div": (lambda L, a, b: a / (b * b + 1), [(3,), (3,)]),
    "pow_scalar": (lambda L, a: (a * a + 1) ** 1.5, [(4,)]),
    "pow_tensor": (lambda L, a, b: (a * a + 1) ** b, [(3,), (3,)]),
    "rpow": (lambda L, a: 2.0**a, [(3,)]),
    "neg_reciprocal": (lambda L, a: -((a * a + 1).reciprocal()), [(3,)]),
    "square": (lambda L, a: a.square(), [(3,)]),
    "exp_log": (lambda L, a: (a.exp() + 1).log(), [(2, 2)]),
    "sin_cos": (lambda L, a: a.sin() * a.cos(), [(3,)]),
    "tanh_sigmoid": (lambda L, a: a.tanh() + a.sigmoid(), [(3,)]),
    "sqrt": (lambda L, a: (a * a + 0.5).sqrt(), [(3,)]),
    "abs_relu": (lambda L, a: a.abs() + a.relu(), [(4,)]),
    "sum_dim": (lambda L, a: a.sum(1, keepdim=True) * a, [(2, 3)]),
    "mean": (lambda L, a: a.mean(0) ** 2, [(3, 2)]),
    "reshape_view": (lambda L, a: a.reshape(3, 2).view(6) * a.flatten(), [(2, 3)]),
    "transpose_permute": (lambda L, a: a.t() * a.permute(1, 0), [(2, 3)]),
    "unsqueeze_squeeze_expand": (
        lambda L, a: a.unsqueeze(0).expand(2, 3).squeeze() * a,
        [(3,)],
    ),
    "getitem": (lambda L, a: a[1:, ::2] * a[0, 0], [(3, 4)]),
    "mm_mv_dot": (lambda L, a, b, v: a.mm(b).mv(v).dot(v), [(2, 3), (3, 2), (2,)]),
    "matmul_outer": (lambda L, a, v: (a @ v).outer(v), [(3, 2), (2,)]),
    "linear_layer": (
        lambda L, x, w, b: _linear(L)(x, w, b).tanh(),
        [(4, 3), (2, 3), (2,)],
    ),
    "linear_layer_3d": (
        lambda L, x, w, b: _linear(L)(x, w, b),
        [(2, 2, 3), (2, 3), (2,)],
    ),
    "bce_with_logits": (
        lambda L, x, y: L.nn.functional.binary_cross_entropy_with_logits(x, y.sigmoid()),
        [(4,), (4,)],
    ),
}


def _inputs(lib, shapes, seed):
    rng = np.random.default_rng(seed)
    arrays = []
    for shape in shapes:
        a = rng.uniform(0.2, 1.5, size=shape) * rng.choice([-1, 1], size=shape)
        arrays.append(a)
    return tuple(lib.tensor(a, dtype=lib.float64, requires_grad=True) for a in arrays)


@pytest.mark.parametrize("name", list(OPS))
def test_gradcheck_and_gradgradcheck_pass(name):
    fn, shapes = OPS[name]
    ins = _inputs(minigrad, shapes, 0)
    assert minigrad.autograd.gradcheck(lambda *a: fn(minigrad, *a), ins)
    assert minigrad.autograd.gradgradcheck(lambda *a: fn(minigrad, *a), ins)
    # torch agrees that these are the right derivatives
    assert torch.autograd.gradcheck(lambda *a: fn(torch, *a), _inputs(torch, shapes, 0))


WRONG_EXP = """
class WrongExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x.exp()
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * y * 2          # the mistake: exp' = exp, not 2 exp
x = torch.tensor([[0.1, 0.2], [0.3, 0.4]], dtype=torch.float64, requires_grad=True)
w = torch.tensor([1.0, -1.0], dtype=torch.float64, requires_grad=True)
"""


def test_wrong_backward_is_caught_with_torchs_message_and_the_entries():
    code = WRONG_EXP + (
        "print(torch.autograd.gradcheck(WrongExp.apply, x, raise_exception=False))\n"
        "torch.autograd.gradcheck(lambda a, b: (a.sum(), WrongExp.apply(a) * b), (x, w))\n"
    )
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.stdout == theirs.stdout == "False\n"
    assert theirs.error.startswith("GradcheckError: Jacobian mismatch for output 1 with respect")
    # torch's message, both Jacobians printed the same way, and nothing more
    assert mine.error == theirs.error
    assert mine.warnings == theirs.warnings == []


def test_gradcheck_error_type():
    x = minigrad.tensor([0.5], dtype=minigrad.float64, requires_grad=True)
    ns: dict = {"torch": minigrad}
    exec(WRONG_EXP, ns)
    with pytest.raises(minigrad.autograd.GradcheckError) as info:
        minigrad.autograd.gradcheck(ns["WrongExp"].apply, x)
    assert isinstance(info.value, RuntimeError)
    assert str(info.value).startswith("Jacobian mismatch for output 0 with respect to input 0,")


def test_second_derivative_mistake_is_caught_by_gradgradcheck_only():
    code = """
class DetachedSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 2 * x.detach()   # right value, but hides x from double backward
x = torch.tensor([0.5, -1.5], dtype=torch.float64, requires_grad=True)
v = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(DetachedSquare.apply, x))
print(torch.autograd.gradgradcheck(DetachedSquare.apply, x, v, raise_exception=False))
torch.autograd.gradgradcheck(DetachedSquare.apply, x, v)
"""
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.stdout == theirs.stdout == "True\nFalse\n"
    assert theirs.error.startswith("GradcheckError: Jacobian mismatch for output 0")
    assert mine.error.startswith(theirs.error)


@pytest.mark.parametrize(
    "code",
    [
        # float32 inputs: torch's warning (and here a failure, as in torch)
        "x = torch.tensor([0.5, 1.0], requires_grad=True)\n"
        "print(torch.autograd.gradcheck(lambda a: a * 3, x, raise_exception=False, atol=1e-2))",
        # nothing requires grad
        "torch.autograd.gradcheck(lambda a: a * 2, torch.ones(2, dtype=torch.float64))",
        # overlapping memory
        "x = torch.tensor([1.0], dtype=torch.float64, requires_grad=True)\n"
        "torch.autograd.gradcheck(lambda a: a * 2, (x.expand(3),))",
        # a non-tensor argument is passed through
        "x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)\n"
        "print(torch.autograd.gradcheck(lambda a, k: a ** k, (x, 3)))",
        # outputs that do not require grad must not change
        "x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)\n"
        "print(torch.autograd.gradcheck(lambda a: a.detach() * 0, x))",
        "x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)\n"
        "torch.autograd.gradcheck(lambda a: a.detach() * 2, x)",
        # a multi-output function with a non-differentiable output
        "x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)\n"
        "print(torch.autograd.gradcheck(lambda a: (a.detach() + 1, a.exp()), x))",
    ],
)
def test_gradcheck_checks_like_torch(code):
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings


# --- custom autograd.Function, torch style ----------------------------------------------
CUSTOM = {
    "basics": """
class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        print("needs_input_grad", ctx.needs_input_grad, torch.is_grad_enabled())
        y = x.exp() * k
        ctx.save_for_backward(y)
        ctx.k = k
        return y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * y, None
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Exp.apply(x, 2)
print(y)
print(y.grad_fn.name(), len(y.grad_fn.next_functions), y.grad_fn.next_functions[0][0].name())
print(y.is_leaf, y.requires_grad, y.grad_fn.k)
y.sum().backward()
print(x.grad)
y.grad_fn.saved_tensors
""",
    "no_grad": """
class Twice(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, grad):
        return grad * 2
x = torch.tensor([1.0], requires_grad=True)
with torch.no_grad():
    print(Twice.apply(x))
print(Twice.apply(torch.tensor([3.0])))
""",
    "wrong_count": """
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        return x * y
    @staticmethod
    def backward(ctx, grad):
        return grad
a = torch.tensor([1.0], requires_grad=True)
F.apply(a, a).sum().backward()
""",
    "extra_nones_ok": """
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 3
    @staticmethod
    def backward(ctx, grad):
        return grad * 3, None, None
a = torch.tensor([1.0], requires_grad=True)
F.apply(a).sum().backward()
print(a.grad)
""",
    "wrong_shape": """
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, grad):
        return torch.ones(3)
a = torch.tensor([1.0, 2.0], requires_grad=True)
F.apply(a).sum().backward()
""",
    "broadcast_grad_is_summed": """
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, grad):
        return torch.ones(3, 2)
a = torch.tensor([1.0, 2.0], requires_grad=True)
F.apply(a).sum().backward()
print(a.grad)
""",
    "double_backward": """
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3
    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 3 * x ** 2 * grad
x = torch.tensor(2.0, requires_grad=True)
(g,) = torch.autograd.grad(Cube.apply(x), x, create_graph=True)
print(g)
(g2,) = torch.autograd.grad(g, x)
print(g2)
""",
    "multi_output_non_differentiable": """
class SortedAndIndex(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        i = x.argmax()
        ctx.mark_non_differentiable(i)
        ctx.save_for_backward(i)
        return x * 2, i
    @staticmethod
    def backward(ctx, g, gi):
        return g * 2
x = torch.tensor([1.0, 3.0, 2.0], requires_grad=True)
y, i = SortedAndIndex.apply(x)
print(y, i, i.requires_grad)
y.sum().backward()
print(x.grad)
""",
    "modified_saved_input": """
class Sq(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x
    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 2 * x * g
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 1
y = Sq.apply(b)
b.mul_(3)
y.sum().backward()
""",
    "returns_input": """
class Same(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x
    @staticmethod
    def backward(ctx, g):
        return g * 5
x = torch.tensor([1.0, 2.0], requires_grad=True)
z = Same.apply(x)
print(z is x, z, z.grad_fn.name())
z.sum().backward()
print(x.grad)
""",
    "setup_context_style": """
class Mul(torch.autograd.Function):
    @staticmethod
    def forward(x, y):
        return x * y
    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(*inputs)
    @staticmethod
    def backward(ctx, g):
        x, y = ctx.saved_tensors
        return g * y, g * x
a = torch.tensor([2.0], requires_grad=True)
b = torch.tensor([5.0], requires_grad=True)
Mul.apply(a, b).backward()
print(a.grad, b.grad)
""",
    "instantiated": """
class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x
f = F()
f(torch.ones(1))
""",
}


@pytest.mark.parametrize("name", list(CUSTOM))
def test_custom_function_like_torch(name):
    mine, theirs = run(CUSTOM[name], minigrad), run(CUSTOM[name], torch)
    assert theirs.lines()
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings


def test_custom_function_node_repr():
    ns: dict = {"torch": minigrad}
    exec(CUSTOM["double_backward"].split("x = torch")[0], ns)
    y = ns["Cube"].apply(minigrad.tensor(1.0, requires_grad=True))
    assert repr(y.grad_fn).startswith("<torch.autograd.function.CubeBackward object at 0x")
    assert repr(y) == "tensor(1., grad_fn=<CubeBackward>)"
