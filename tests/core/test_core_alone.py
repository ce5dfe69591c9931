"""The core stands on its own: ``minigrad/core/`` imports nothing above it, and runs a
forward and a backward with a sheet of three rules written here, without ``ops/``.

What the core needs from the layers above is registered with it by those layers
(``minigrad/core/registry.py``); the only import that goes up is the observation
window (``autograd/observe.py``), which the pictures watch through.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import torch

import minigrad

PACKAGE = Path(minigrad.__file__).parent
CORE = PACKAGE / "core"
WINDOW = {("engine.py", "minigrad.autograd.observe"), ("node.py", "minigrad.autograd.observe")}


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every ``minigrad.*`` module that ``path`` imports, at module level or inside a
    function, as an absolute name (``from ..ops import join`` -> ``minigrad.ops.join``)."""
    here = "minigrad.core." + path.stem
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[: -node.level]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for a in node.names:  # ``from ..autograd import observe``: a module of its own
                sub = f"{module}.{a.name}"
                found.append((node.lineno, sub if _is_module(sub) else module))
    return [(line, m) for line, m in found if m == "minigrad" or m.startswith("minigrad.")]


def _is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def test_the_scan_sees_a_late_import_and_a_relative_one(tmp_path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from ..autograd import observe\n"
        "def f():\n    from ..ops.join import stack\n    import minigrad.nn\n"
    )
    found = [m for _, m in _imports(probe)]
    assert found == ["minigrad.autograd.observe", "minigrad.ops.join", "minigrad.nn"]


def test_the_core_imports_nothing_above_it_but_the_window() -> None:
    upward = []
    for path in sorted(CORE.glob("*.py")):
        for line, module in _imports(path):
            below = module.startswith(("minigrad.core", "minigrad.exact"))
            if not below and (path.name, module) not in WINDOW:
                upward.append(f"core/{path.name}:{line} imports {module}")
    assert upward == []


SHEET = """
import sys, types
from pathlib import Path
import numpy as np

root = Path(sys.argv[1])
for name in ("minigrad", "minigrad.autograd"):  # the packages, without their __init__
    package = types.ModuleType(name)
    package.__path__ = [str(root / name.replace(".", "/"))]
    sys.modules[name] = package

from minigrad.core import engine
from minigrad.core.node import Op
from minigrad.core.tensor import Tensor


def const(value):
    return Tensor._make(np.asarray(value, dtype=np.float32), None)


class Mul(Op):
    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a * b

    @staticmethod
    def backward(ctx, grad):
        a, b = ctx.saved_tensors
        return Mul.apply(grad, b), Mul.apply(grad, a)


class Add(Op):
    __slots__ = ()

    @staticmethod
    def forward(ctx, a, b):
        return a + b

    @staticmethod
    def backward(ctx, grad):
        return grad, grad


class Tanh(Op):
    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        out = np.tanh(a)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors  # d tanh = 1 - tanh^2
        return Mul.apply(grad, Add.apply(const(1.0), Mul.apply(const(-1.0), Mul.apply(y, y))))


x = const([0.5, -1.0]).requires_grad_(True)
w = const([2.0, 3.0]).requires_grad_(True)
y = Tanh.apply(Add.apply(Mul.apply(x, w), x))  # x is used twice: its gradients are summed
engine.run_backward([y], [const([1.0, 1.0])], False, False)
try:
    y.backward()  # Tensor.backward is autograd's, which is not loaded here
    missing = ""
except RuntimeError as err:
    missing = str(err)
print(json.dumps({
    "grad_fn": type(y.grad_fn).__name__,
    "y": y._data.tolist(), "x": x.grad._data.tolist(), "w": w.grad._data.tolist(),
    "loaded": sorted(m for m in sys.modules if m.startswith("minigrad.")),
    "missing": missing,
}))
"""


def test_the_core_runs_with_a_sheet_of_three_rules_and_no_ops() -> None:
    script = "import json\n" + textwrap.dedent(SHEET)
    done = subprocess.run(
        [sys.executable, "-c", script, str(PACKAGE.parent)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    # nothing but the core, the exactness rooms below it, and the window
    assert [m for m in out["loaded"] if not m.startswith(("minigrad.core", "minigrad.exact"))] == [
        "minigrad.autograd",
        "minigrad.autograd.observe",
    ]
    assert out["grad_fn"] == "Tanh"
    # the oracle: the same function in torch
    x = torch.tensor([0.5, -1.0], requires_grad=True)
    w = torch.tensor([2.0, 3.0], requires_grad=True)
    y = torch.tanh(x * w + x)
    y.backward(torch.ones(2))
    assert out["y"] == pytest.approx(y.tolist(), rel=1e-6)
    assert out["x"] == pytest.approx(x.grad.tolist(), abs=1e-6)
    assert out["w"] == pytest.approx(w.grad.tolist(), abs=1e-6)
    assert "'backward'" in out["missing"] and "registry.py" in out["missing"]
