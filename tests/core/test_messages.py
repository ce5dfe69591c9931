"""torch's long messages live in ``minigrad/_messages.py``, and read as torch's.

Two checks:

- a guard: no other module of minigrad's core holds a long string literal
  (more than ``LONG`` characters, placeholders counted as two, docstrings
  excepted). ``viz``, ``widgets``, ``explain`` and ``lessons`` are left out:
  their texts are minigrad's own, not torch's;
- a differential test: each message is triggered in minigrad and in torch 2.13,
  and the two must be the same (exception type and text, or warning category
  and text).
"""

from __future__ import annotations

import ast
import pathlib
import warnings

import pytest
import torch

import minigrad
from minigrad import _messages

LONG = 80
ROOT = pathlib.Path(minigrad.__file__).parent
OWN_WORDING = ("viz", "widgets", "explain.py", "lessons.py")


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def long_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string literal longer than LONG, docstrings excepted."""
    tree = ast.parse(source)
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, ast.JoinedStr):  # (its pieces are measured as one text)
            skip.update(id(v) for v in node.values)
    found = []
    for node in ast.walk(tree):
        text = _text(node)
        if id(node) not in skip and text is not None and len(text) > LONG:
            found.append((node.lineno, text))
    return found


def _core_modules() -> list[pathlib.Path]:
    paths = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT)
        if relative.parts[0] in OWN_WORDING or relative.name == "_messages.py":
            continue
        paths.append(path)
    return paths


def test_the_guard_sees_a_long_message():
    source = (
        '"""A docstring may be as long as it likes, it is not a message to a learner at all."""\n'
        "def f(x):\n"
        '    raise RuntimeError(f"the value {x} is wrong, and this sentence goes on and on, '
        'long enough to be a message")\n'
        'SHORT = "a short text"\n'
    )
    assert [line for line, _ in long_literals(source)] == [3]


def test_no_long_message_outside_the_messages_module():
    assert len(_core_modules()) > 40
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {text[:60]!r}"
        for path in _core_modules()
        for line, text in long_literals(path.read_text())
    ]
    assert offenders == [], "move these into minigrad/_messages.py:\n" + "\n".join(offenders)


# --- the differential test ----------------------------------------------------
def _outcome(case, lib):
    """What running ``case`` with ``lib`` as torch did: the error, and the warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            case(lib)
            error = None
        except Exception as e:  # noqa: BLE001 - the error is what is compared
            error = (type(e).__name__, str(e))
    return error, [(w.category.__name__, str(w.message)) for w in caught]


def _leaf(lib, *shape):
    return lib.ones(*shape, requires_grad=True)


def _backward_twice(lib):
    y = (_leaf(lib, 2) * 2).exp().sum()
    y.backward()
    y.backward()


def _modified_inplace(lib):
    y = _leaf(lib, 2).exp()
    y.add_(1)
    y.sum().backward()


def _view_in_no_grad(lib):
    y = _leaf(lib, 2, 2) * 1
    with lib.no_grad():
        v = y[0]
    v.add_(1)


def _inference_tensor(lib):
    with lib.inference_mode():
        return lib.ones(2)


def _unused_input(lib):
    x, z = _leaf(lib, 2), _leaf(lib, 2)
    lib.autograd.grad((x * 2).sum(), [x, z])


def _grad_of(lib, value):
    x = _leaf(lib, 2)
    x.grad = value


CASES = {
    # the engine and the graph
    "SECOND_BACKWARD": _backward_twice,
    "CREATE_GRAPH_REFERENCE_CYCLE": lambda lib: (
        (_leaf(lib, 2) * 2).sum().backward(create_graph=True)
    ),
    "NON_LEAF_GRAD": lambda lib: (_leaf(lib, 2) * 2).grad,
    "modified_by_inplace": _modified_inplace,
    "unused_input": _unused_input,
    # tensors, in-place, views
    "REQUIRES_GRAD_OF_NON_LEAF": lambda lib: (_leaf(lib, 2) * 2).requires_grad_(False),
    "NUMPY_OF_REQUIRES_GRAD": lambda lib: _leaf(lib, 2).numpy(),
    "DETACH_VIEW_IN_PLACE": lambda lib: lib.ones(2, 2)[0].detach_(),
    "VIEW_OF_LEAF_INPLACE": lambda lib: _leaf(lib, 2, 2)[0].add_(1),
    "VIEW_INPLACE_AMBIGUOUS": _view_in_no_grad,
    "VIEW_INPLACE_MULTIPLE_VIEWS": lambda lib: (_leaf(lib, 2, 2) * 1).unbind()[0].add_(1),
    "OVERLAP": lambda lib: lib.ones(1).expand(3).add_(1),
    "grad_dtype_mismatch": lambda lib: _grad_of(lib, lib.ones(2, dtype=lib.float64)),
    "grad_size_mismatch": lambda lib: _grad_of(lib, lib.ones(3)),
    "REQUIRES_GRAD_ON_INFERENCE_TENSOR": lambda lib: _inference_tensor(lib).requires_grad_(),
    "INPLACE_ON_INFERENCE_TENSOR": lambda lib: _inference_tensor(lib).add_(1),
    "INFERENCE_SAVED": lambda lib: (_leaf(lib, 2) * _inference_tensor(lib)).sum(),
    "MASKED_FILL_EXPANDED": lambda lib: (
        lib.zeros(1).expand(3).masked_fill_(lib.tensor([True, False, True]), 1.0)
    ),
    "INDEX_OF_0_DIM_TENSOR": lambda lib: lib.tensor(1.0)[0],
    # operators and shapes
    "SUB_OF_TWO_BOOLS": lambda lib: lib.tensor([True]) - lib.tensor([False]),
    "NEG_OF_A_BOOL": lambda lib: -lib.tensor([True]),
    "size_mismatch_at_dim": lambda lib: lib.ones(2) + lib.ones(3),
    "mean_needs_float": lambda lib: lib.tensor([1, 2]).mean(),
    "T_OF_NOT_2_DIM": lambda lib: lib.ones(2, 3, 4).T,
    "VIEW_NOT_COMPATIBLE": lambda lib: lib.ones(2, 3).t().view(6),
    "expand_size_mismatch": lambda lib: lib.ones(2, 3).expand(4, 3),
    "cat_size_mismatch": lambda lib: lib.cat([lib.ones(2, 3), lib.ones(3, 4)]),
    "stack_size_mismatch": lambda lib: lib.stack([lib.ones(2), lib.ones(3)]),
    "reshape_0_elements": lambda lib: lib.ones(0, 2).reshape(-1, 0),
    "kernel_bigger_than_input": lambda lib: lib.nn.functional.conv2d(
        lib.ones(1, 1, 2, 2), lib.ones(1, 1, 3, 3)
    ),
    # nn, optim, data
    "target_size_differs": lambda lib: lib.nn.functional.mse_loss(lib.ones(2, 2), lib.ones(2)),
    "legacy_reduction": lambda lib: lib.nn.MSELoss(size_average=False),
    "GRADCHECK_NO_INPUT_REQUIRES_GRAD": lambda lib: lib.autograd.gradcheck(
        lambda x: x * 2, (lib.ones(2, dtype=lib.float64),)
    ),
    "DUPLICATE_PARAMETERS": lambda lib: lib.optim.SGD([(p := _leaf(lib, 2)), p], lr=0.1),
    "NUM_WORKERS_NEGATIVE": lambda lib: lib.utils.data.DataLoader([1, 2], num_workers=-1),
}


@pytest.mark.parametrize("name", list(CASES))
def test_message_is_torchs(name):
    ours, theirs = _outcome(CASES[name], minigrad), _outcome(CASES[name], torch)
    assert theirs != (None, []), "the case should make torch complain"
    assert ours == theirs
    message = getattr(_messages, name)
    if isinstance(message, str):  # the constant is (part of) what torch says
        said = [theirs[0][1]] if theirs[0] else [text for _, text in theirs[1]]
        assert any(message in text for text in said)


def test_every_case_names_a_message():
    assert all(hasattr(_messages, name) for name in CASES)
