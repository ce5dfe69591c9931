"""The core's modules import each other in one clear order, whichever is imported first."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "minigrad"


def _top_level_imports(path: Path) -> list[str]:
    """The modules a file imports at module level (relative ones resolved)."""
    tree = ast.parse(path.read_text())
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    found = []
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom):
            if stmt.level:
                base = parts[: len(parts) - stmt.level]
                found.append(".".join(base + ([stmt.module] if stmt.module else [])))
            else:
                found.append(stmt.module or "")
        elif isinstance(stmt, ast.Import):
            found.extend(a.name for a in stmt.names)
    return found


def test_the_tensor_module_does_not_import_autograd_or_the_ops() -> None:
    imports = _top_level_imports(PACKAGE / "core" / "tensor.py")
    assert not [m for m in imports if m.startswith(("minigrad.autograd", "minigrad.ops"))]


def test_nodes_import_the_tensor_class_directly() -> None:
    imports = _top_level_imports(PACKAGE / "core" / "node.py")
    assert "minigrad.core.tensor" in imports


def test_no_module_fills_in_a_name_of_another_module_later() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        for stmt in ast.parse(path.read_text()).body:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else []
            for t in targets:
                # ``Tensor = None`` (to be set later) or ``module.Tensor = Tensor``
                if isinstance(t, ast.Name) and t.id == "Tensor":
                    offenders.append(f"{path.name}: Tensor = ...")
                if isinstance(t, ast.Attribute) and t.attr == "Tensor":
                    offenders.append(f"{path.name}: {ast.unparse(t)} = ...")
    assert offenders == []


@pytest.mark.parametrize(
    "module",
    [
        "minigrad.core.versions",
        "minigrad.core.tensor",
        "minigrad.core.node",
        "minigrad.core.engine",
        "minigrad.autograd.observe",
        "minigrad.autograd.graph",
        "minigrad.autograd.custom_function",
        "minigrad.ops.elementwise",
    ],
)
def test_any_core_module_can_be_imported_first(module: str) -> None:
    code = (
        f"import {module}, minigrad; x = minigrad.tensor(2.0, requires_grad=True); "
        "(x * x).backward(); print(x.grad.item())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "4.0"
