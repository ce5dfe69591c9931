"""Reading the learner's code around a failing line, for the error explainer.

Some answers are not in the graph at all. A tensor made under ``torch.no_grad()``
is a plain leaf afterwards, just like one made with ``torch.tensor(...)``: only the
code says which. So the explainer reads the learner's own source (the cell or the
file, from Python's line cache) with :mod:`ast`: nothing is run again.

>>> import ast
>>> code = "with torch.no_grad():\\n    y = (x * 2).sum()\\ny.backward()\\n"
>>> cut = where_cut(ast.parse(code), code.splitlines(), 3, "y", {})
>>> cut.kind, cut.line, cut.block
('no_grad', 'y = (x * 2).sum()', 'with torch.no_grad():')
"""

from __future__ import annotations

import ast
import linecache
from dataclasses import dataclass
from types import FrameType
from typing import Any

from .exact import names as _names

__all__ = [
    "Cut",
    "learner_source",
    "where_cut",
    "cut_in_expression",
    "inplace_line",
    "made_in_loop",
]

# calls that start a block where nothing is recorded
_NO_RECORDING = {"no_grad": "no_grad", "inference_mode": "inference_mode"}
# calls that return values without their history
_LEAVES_THE_GRAPH = {"detach": "detach", "numpy": "numpy", "tolist": "numpy", "item": "numpy"}
# calls that build a new tensor from values
_NEW_TENSOR = {"tensor", "as_tensor", "from_numpy", "Tensor", "FloatTensor"}
# calls that build a fresh leaf (requires_grad only if asked)
_FACTORIES = _NEW_TENSOR | {"zeros", "ones", "rand", "randn", "empty", "full", "arange", "linspace"}


@dataclass
class Cut:
    """Where the chain from a tensor that requires grad was cut: ``kind`` (``no_grad``,
    ``inference_mode``, ``detach``, ``data``, ``numpy``, ``new_tensor``, ``integer``,
    ``leaf``), the statement that did it, the ``with`` line around it, the tensor's name."""

    kind: str
    line: str = ""
    block: str = ""
    name: str = ""


def learner_source(frame: FrameType) -> tuple[ast.Module, list[str]] | None:
    """The parsed source of the file (or notebook cell) ``frame`` runs, and its lines."""
    lines = linecache.getlines(frame.f_code.co_filename)
    try:
        return ast.parse("".join(lines)), [line.rstrip("\n") for line in lines]
    except SyntaxError:
        return None


def _parents(tree: ast.AST) -> dict[int, ast.AST]:
    return {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _targets(stmt: ast.AST) -> list[ast.expr]:
    if isinstance(stmt, ast.Assign):
        return stmt.targets
    if isinstance(stmt, (ast.AnnAssign, ast.AugAssign, ast.For)):
        return [stmt.target]
    return []


def _assigns(stmt: ast.AST, name: str) -> bool:
    for target in _targets(stmt):
        for node in ast.walk(target):
            if isinstance(node, ast.Name) and node.id == name:
                return True
    return False


def _last_assignment(tree: ast.AST, name: str, before: int) -> ast.stmt | None:
    found = [s for s in ast.walk(tree) if _assigns(s, name) and s.lineno < before]
    return max(found, key=lambda s: s.lineno, default=None)


def _called(node: ast.AST) -> str:
    if isinstance(node, ast.Call):
        fn = node.func
        return fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
    return ""


def _recording_off(stmt: ast.stmt, parents: dict[int, ast.AST]) -> tuple[str, ast.AST] | None:
    """The ``with torch.no_grad():`` (or ``inference_mode``, ``set_grad_enabled(False)``)
    block around ``stmt``, if any."""
    node: ast.AST | None = parents.get(id(stmt))
    while node is not None:
        if isinstance(node, ast.With):
            for item in node.items:
                called = _called(item.context_expr)
                if called in _NO_RECORDING:
                    return _NO_RECORDING[called], node
                args = getattr(item.context_expr, "args", [])
                if called == "set_grad_enabled" and args and isinstance(args[0], ast.Constant):
                    if args[0].value is False:
                        return "no_grad", node
        node = parents.get(id(node))
    return None


def _cut_in(expr: ast.AST) -> str | None:
    """A cut written in the expression itself: ``.detach()``, ``.data``, numpy."""
    for node in ast.walk(expr):
        if isinstance(node, ast.Attribute) and node.attr == "data":
            return "data"
        called = _called(node)
        if called in _LEAVES_THE_GRAPH:
            return _LEAVES_THE_GRAPH[called]
    return None


def _asks_for_grad(expr: ast.AST) -> bool:
    return any(
        isinstance(n, ast.keyword) and n.arg == "requires_grad" for n in ast.walk(expr)
    ) or any(_called(n) in ("requires_grad_", "retain_grad") for n in ast.walk(expr))


def where_cut(
    tree: ast.AST, lines: list[str], lineno: int, name: str, scope: dict[str, Any], depth: int = 0
) -> Cut | None:
    """Where the history of the tensor called ``name`` (used on line ``lineno``) was cut,
    following the names its last assignment reads that do not require grad either."""
    value = scope.get(name)
    if _names.is_tensor(value) and not getattr(value.dtype, "is_floating_point", True):
        if not getattr(value.dtype, "is_complex", False):
            return Cut("integer", name=name)
    stmt = _last_assignment(tree, name, lineno)
    if stmt is None or depth > 4:
        return None
    end = stmt.lineno if isinstance(stmt, ast.For) else stmt.end_lineno  # a loop: its head
    text = " ".join(line.strip() for line in lines[stmt.lineno - 1 : end])
    off = _recording_off(stmt, _parents(tree))
    if off is not None:
        return Cut(off[0], text, lines[off[1].lineno - 1].strip(), name)
    expr = getattr(stmt, "value", None) or getattr(stmt, "iter", None)
    if expr is None:
        return None
    return cut_in_expression(tree, lines, stmt.lineno, expr, scope, text, name, depth)


def cut_in_expression(
    tree: ast.AST,
    lines: list[str],
    lineno: int,
    expr: ast.AST,
    scope: dict[str, Any],
    text: str = "",
    name: str = "",
    depth: int = 0,
) -> Cut | None:
    """Where the history of the expression ``expr`` (on line ``lineno``, which reads
    ``text``) was cut: in the expression itself, or where a name it reads was made."""
    if isinstance(expr, ast.Name):
        return where_cut(tree, lines, lineno, expr.id, scope, depth)
    factory = _called(expr) in _FACTORIES
    inner = [a for a in ast.iter_child_nodes(expr)] if factory else [expr]
    kind = next((k for e in inner if (k := _cut_in(e)) is not None), None)
    if kind is not None:
        return Cut(kind, text, "", name)
    read = [n.id for n in ast.walk(expr) if isinstance(n, ast.Name) and n.id != name]
    if factory and any(_names.is_tensor(scope.get(n)) for n in read):
        return Cut("new_tensor", text, "", name)  # torch.tensor(y): y's values, not y
    for other in read:  # a name it reads that does not require grad either
        t = scope.get(other)
        if _names.is_tensor(t) and not t.requires_grad:
            found = where_cut(tree, lines, lineno, other, scope, depth + 1)
            if found is not None:
                return found
    if factory and not _asks_for_grad(expr):
        return Cut("leaf", text, "", name)
    return None


def inplace_line(tree: ast.AST, lines: list[str], lineno: int, name: str) -> str:
    """The learner's line, before ``lineno``, that changes ``name`` in place after its
    last assignment: ``y.add_(1)``, ``y += 1``, ``y[0] = 0``; or ``""``."""
    start = _last_assignment_plain(tree, name, lineno)
    for stmt in sorted(ast.walk(tree), key=lambda s: getattr(s, "lineno", 0)):
        if not isinstance(stmt, ast.stmt) or not start < stmt.lineno < lineno:
            continue
        if _changes_in_place(stmt, name):
            return lines[stmt.lineno - 1].strip()
    return ""


def _last_assignment_plain(tree: ast.AST, name: str, before: int) -> int:
    found = [
        s.lineno
        for s in ast.walk(tree)
        if isinstance(s, (ast.Assign, ast.AnnAssign))
        and _assigns(s, name)
        and s.lineno < before
        and not any(isinstance(t, ast.Subscript) for t in _targets(s))
    ]
    return max(found, default=0)


def _changes_in_place(stmt: ast.stmt, name: str) -> bool:
    def is_name(node: ast.AST) -> bool:
        return isinstance(node, ast.Name) and node.id == name

    if isinstance(stmt, ast.AugAssign) and is_name(stmt.target):
        return True
    if isinstance(stmt, ast.Assign) and any(
        isinstance(t, ast.Subscript) and is_name(t.value) for t in stmt.targets
    ):
        return True
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        fn = stmt.value.func
        return (
            isinstance(fn, ast.Attribute)
            and fn.attr.endswith("_")
            and not fn.attr.startswith("_")
            and is_name(fn.value)
        )
    return False


def made_in_loop(tree: ast.AST, lineno: int, name: str) -> bool:
    """Is line ``lineno`` in a loop whose body, before it, assigns ``name`` again? Then
    the graph is new in each step, and a freed graph means one step's graph reaches
    into the previous step's: a state carried over (an RNN's hidden state)."""
    for loop in ast.walk(tree):
        if not isinstance(loop, (ast.For, ast.While)):
            continue
        if not loop.body or not loop.body[0].lineno <= lineno <= (loop.end_lineno or 0):
            continue
        for node in ast.walk(loop):
            if isinstance(node, ast.Assign) and node.lineno < lineno:
                if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                    return True
    return False
