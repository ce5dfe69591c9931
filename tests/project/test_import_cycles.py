"""No cycle of module-level imports spans more than 6 of minigrad's modules.

A late import (inside a function) runs when the function is called, so it cannot
tie the modules into a knot at import time; the ones that cross the layers are
listed, with their reasons, in ``.importlinter``. This test reads every module's
source with ``ast``, keeps the imports that run when the module is loaded, and
finds the strongly connected components of that graph (Tarjan's algorithm).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "minigrad"
LARGEST_CYCLE = 6


def _modules(package: Path) -> dict[str, tuple[Path, bool]]:
    """Module name -> (file, is a package's __init__)."""
    found = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _load_time_imports(body: list[ast.stmt]):
    """The import statements that run when the module is loaded (not in functions,
    not under ``if TYPE_CHECKING:``)."""
    for stmt in body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            yield stmt
        elif isinstance(stmt, ast.If):
            if not _type_checking(stmt.test):
                yield from _load_time_imports(stmt.body)
            yield from _load_time_imports(stmt.orelse)
        elif isinstance(stmt, ast.Try):
            for block in (stmt.body, stmt.orelse, stmt.finalbody, *(h.body for h in stmt.handlers)):
                yield from _load_time_imports(block)
        elif isinstance(stmt, (ast.ClassDef, ast.With)):
            yield from _load_time_imports(stmt.body)


def _every_import(body: list[ast.stmt]):
    """Every import statement, also inside functions (run when they are called)."""
    module = ast.Module(body=body, type_ignores=[])
    return [n for n in ast.walk(module) if isinstance(n, (ast.Import, ast.ImportFrom))]


def import_graph(package: Path, every: bool = False) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports at load time (``every``:
    also inside functions)."""
    imports = _every_import if every else _load_time_imports
    modules = _modules(package)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, (path, is_package) in modules.items():
        here = name if is_package else name.rpartition(".")[0]
        for stmt in imports(ast.parse(path.read_text()).body):
            if isinstance(stmt, ast.Import):
                graph[name] |= {a.name for a in stmt.names if a.name in modules}
                continue
            if stmt.level:
                base = here.split(".")[: len(here.split(".")) - stmt.level + 1]
                target = ".".join(base + ([stmt.module] if stmt.module else []))
            else:
                target = stmt.module or ""
            for alias in stmt.names:
                if f"{target}.{alias.name}" in modules:  # from package import module
                    graph[name].add(f"{target}.{alias.name}")
                elif target in modules:
                    graph[name].add(target)
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    components.append(sorted(component))
    return components


def test_no_cycle_of_module_level_imports_spans_more_than_six_modules():
    cycles = [c for c in strongly_connected(import_graph(PACKAGE)) if len(c) > 1]
    too_big = [c for c in cycles if len(c) > LARGEST_CYCLE]
    assert not too_big, f"import cycles over {LARGEST_CYCLE} modules: {too_big}"


def test_the_graph_sees_the_imports_it_should():
    graph = import_graph(PACKAGE)
    assert "minigrad.core.tensor" in graph["minigrad.core.node"]  # from .tensor import Tensor
    assert "minigrad.exact.messages" in graph["minigrad.core.tensor"]  # from ..exact import ...
    # a late import is not a load-time edge (pickle is loaded on first use)
    assert "minigrad.serialization" not in graph["minigrad._tensor_methods"]
    assert "minigrad.serialization" in import_graph(PACKAGE, every=True)["minigrad._tensor_methods"]


def test_counting_late_imports_the_core_is_in_no_cycle_with_the_layers_above():
    """A reader of core/ sees all it needs there: the only module outside core/ and
    exact/ in its cycle is the window the learning aids watch through."""
    graph = import_graph(PACKAGE, every=True)
    below = ("minigrad.core", "minigrad.exact")
    for component in strongly_connected(graph):
        if any(m.startswith("minigrad.core") for m in component):
            outside = [m for m in component if not m.startswith(below)]
            assert outside in ([], ["minigrad.autograd.observe"]), component


def test_the_components_find_a_cycle_and_its_size():
    ring = {f"m{i}": {f"m{(i + 1) % 7}"} for i in range(7)}
    ring["x"] = {"m0"}
    components = strongly_connected(ring)
    assert sorted(len(c) for c in components) == [1, 7]


def test_a_written_cycle_is_found(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\n")
    (package / "b.py").write_text("from .c import x\n")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from .a import y\n"
        "if TYPE_CHECKING:\n"
        "    from . import d\n"
    )
    (package / "d.py").write_text("def f():\n    from . import a\n")
    components = [c for c in strongly_connected(import_graph(package)) if len(c) > 1]
    assert components == [["pkg.a", "pkg.b", "pkg.c"]]
