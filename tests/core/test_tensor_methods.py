"""Tensor's methods are attached in one place: the table in minigrad/_tensor_methods.py.

The operations are plain functions in ``ops/``; a reader looking for ``x * y``
finds ``"__mul__"`` in one table, and importing an ops module changes nothing
on the Tensor class.
"""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import torch

import minigrad
from minigrad import _tensor_methods
from minigrad.exact.numpy_names import NAMES as NUMPY_NAMES

PACKAGE = pathlib.Path(minigrad.__file__).parent
TABLE = PACKAGE / "_tensor_methods.py"

# Python's operator methods that torch.Tensor defines
OPERATORS = sorted(
    name
    for name in dir(torch.Tensor)
    if name.startswith("__")
    and name.strip("_")
    in {
        *("add radd iadd sub rsub isub mul rmul imul truediv rtruediv itruediv".split()),
        *("floordiv rfloordiv ifloordiv mod rmod imod pow rpow ipow matmul rmatmul".split()),
        *("and rand iand or ror ior xor rxor ixor lshift rlshift rshift rrshift".split()),
        *("neg pos abs invert eq ne lt le gt ge getitem setitem".split()),
    }
)


def _attaches_to_tensor(node: ast.AST) -> bool:
    """``setattr(Tensor, ...)`` or ``Tensor.name = ...``."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr":
        return bool(node.args) and getattr(node.args[0], "id", None) == "Tensor"
    if isinstance(node, ast.Assign):
        return any(
            isinstance(t, ast.Attribute) and getattr(t.value, "id", None) == "Tensor"
            for t in node.targets
        )
    return False


def _class_body_names() -> set[str]:
    """The names that ``class Tensor:`` in _tensor.py defines itself."""
    tree = ast.parse((PACKAGE / "core" / "tensor.py").read_text())
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Tensor"]
    names = set()
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def test_only_the_table_module_attaches_methods_to_tensor():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if _attaches_to_tensor(node):
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert offenders and all(o.startswith("_tensor_methods.py:") for o in offenders), offenders


def test_the_check_above_sees_both_spellings():
    assert _attaches_to_tensor(ast.parse("setattr(Tensor, 'x', f)").body[0].value)
    assert _attaches_to_tensor(ast.parse("Tensor.x = f").body[0])
    assert not _attaches_to_tensor(ast.parse("setattr(self, 'x', f)").body[0].value)


def test_every_table_entry_is_the_tensor_method():
    for name, fn in _tensor_methods.METHODS.items():
        attached = minigrad.Tensor.__dict__[name]
        if name in NUMPY_NAMES:  # wrapped so that axis=/keepdims= are accepted
            attached = attached.__wrapped__
        assert attached is fn, name


def test_the_table_has_no_repeated_name():
    tree = ast.parse(TABLE.read_text())
    (table,) = [
        n.value
        for n in tree.body
        if isinstance(n, ast.AnnAssign) and getattr(n.target, "id", None) == "METHODS"
    ]
    keys = [k.value for k in table.keys]
    assert len(keys) == len(set(keys)) == len(_tensor_methods.METHODS)


def test_each_operator_is_defined_exactly_once():
    in_class = _class_body_names()
    in_table = set(_tensor_methods.METHODS)
    assert "__mul__" in in_table and "__setitem__" in in_table and "__array__" in in_class
    for name in OPERATORS:
        places = (name in in_class) + (name in in_table)
        has_it = any(name in k.__dict__ for k in minigrad.Tensor.__mro__ if k is not object)
        assert places == (1 if has_it else 0), name


def test_the_everyday_operators_are_there():
    for name in ["__add__", "__mul__", "__sub__", "__truediv__", "__pow__", "__neg__",
                 "__matmul__", "__getitem__", "__eq__", "__lt__"]:  # fmt: skip
        assert name in OPERATORS and name in _tensor_methods.METHODS, name


def test_importing_an_ops_module_again_does_not_change_tensor():
    script = """
import importlib
import minigrad
import minigrad.nn.functional, minigrad.ops.elementwise, minigrad._creation
before = dict(minigrad.Tensor.__dict__)
for module in [minigrad.ops.elementwise, minigrad.ops.shape, minigrad.ops.reduction,
               minigrad.ops.logical, minigrad.ops.indexing, minigrad.ops.linalg,
               minigrad.ops.ordering, minigrad.nn.functional, minigrad._creation]:
    importlib.reload(module)
after = dict(minigrad.Tensor.__dict__)
changed = sorted(k for k in before.keys() | after.keys() if before.get(k) is not after.get(k))
print(changed)
"""
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=PACKAGE.parent,
    )
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
