"""The pictures, the widgets and explain read the core only through public names.

``minigrad/viz``, ``minigrad/widgets`` and ``minigrad/explain.py`` may use
torch's names (``grad_fn``, ``next_functions``, ``_version``, ``_base``...) and
the read-only window of ``minigrad.autograd.observe``, never a private
attribute of the core. The private names are not listed by hand: they are
collected from what the core defines (the classes' dicts and slots, the
attributes its code assigns, its modules' globals), so a private name added to
the core later is covered too.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import types
from pathlib import Path

import torch

import minigrad
import minigrad.nn
import minigrad.optim
from minigrad.core.node import Node

PACKAGE = Path(minigrad.__file__).parent
CONSUMERS = sorted(
    [*(PACKAGE / "viz").glob("*.py"), *(PACKAGE / "widgets").glob("*.py"), PACKAGE / "explain.py"]
)
# torch's own underscore names on a tensor: public in torch, so public here
TORCH_NAMES = {"_version", "_base"}
# modules whose every class counts as the core's (besides minigrad.autograd's)
CORE_FILES = ("minigrad.core.tensor", "minigrad.core.versions")
# reads of an attribute named by a string
ATTR_FUNCTIONS = {"getattr", "hasattr", "setattr", "delattr"}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _is_consumer(module: str) -> bool:
    return module.startswith(("minigrad.viz", "minigrad.widgets")) or module == "minigrad.explain"


def _core_modules() -> dict[str, types.ModuleType]:
    """Every module of minigrad but the pictures, the widgets and explain."""
    found = {"minigrad": minigrad}
    for info in pkgutil.walk_packages([str(PACKAGE)], "minigrad."):
        if not _is_consumer(info.name):
            found[info.name] = importlib.import_module(info.name)
    return found


def _home(cls: type) -> str:
    """The module that defines ``cls`` (Tensor says "torch", as torch's does)."""
    return "minigrad.core.tensor" if cls is minigrad.Tensor else cls.__module__


def _core_class(cls: type) -> bool:
    return _home(cls).startswith("minigrad") and not _is_consumer(_home(cls))


def _subclasses(cls: type) -> set[type]:
    out, todo = set(), [cls]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in out:
                out.add(sub)
                todo.append(sub)
    return out


def _core_private_attributes() -> set[str]:
    """The private attribute names of the core's objects: Tensor, Node and their
    subclasses and every class of the autograd modules (class dicts and slots,
    along the MRO), and every ``<expr>._name = ...`` in the modules that define them."""
    modules = _core_modules()
    classes = {minigrad.Tensor, Node} | _subclasses(minigrad.Tensor) | _subclasses(Node)
    for name, module in modules.items():
        if name.startswith(("minigrad.autograd", "minigrad.core")) or name in CORE_FILES:
            classes |= {c for c in vars(module).values() if inspect.isclass(c)}
    names = set()
    for cls in classes:
        for k in cls.__mro__:
            if _core_class(k):
                names |= {n for n in vars(k) if _private(n)}
                names |= {n for n in getattr(k, "__slots__", ()) if _private(n)}
    # the attributes their modules' code assigns (``node._inputs = inputs``)
    homes = {modules[_home(c)] for c in classes if _home(c) in modules}
    for module in homes:
        source = Path(module.__file__)
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                if _private(node.attr):
                    names.add(node.attr)
    return names - TORCH_NAMES


CORE_PRIVATE = _core_private_attributes()


def _module_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _absolute(module: str, level: int, name: str | None, path: Path) -> str:
    """The absolute module name of ``from <level dots><name> import ...`` in ``path``."""
    if not level:
        return name or ""
    package = _module_of(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - level + 1]
    return ".".join(base + ([name] if name else []))


def offenders(path: Path, source: str | None = None) -> list[str]:
    """``file:line: what`` for every private core name ``path`` reads or imports."""
    tree = ast.parse(source if source is not None else path.read_text())
    where = f"{path.relative_to(PACKAGE.parent)}"
    core = _core_modules()
    # names bound by imports: name -> what it is (a core module, a core class, or other)
    bound: dict[str, object] = {}
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source_module = _absolute(node.module or "", node.level, node.module, path)
            for alias in node.names:
                full = f"{source_module}.{alias.name}"
                value = getattr(core.get(source_module), alias.name, None)
                if full in core:
                    value = core[full]
                bound[alias.asname or alias.name] = value
                consumer = _is_consumer(source_module) or _is_consumer(full)
                if _private(alias.name) and full not in core and not consumer:
                    text = f"{where}:{node.lineno}: from {source_module} import {alias.name}"
                    found.append((node.lineno, text))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = core.get(alias.name)
    for node in ast.walk(tree):
        receiver, attr = None, None
        if isinstance(node, ast.Attribute):
            receiver, attr = node.value, node.attr
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ATTR_FUNCTIONS
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
        ):
            receiver, attr = node.args[0], node.args[1].value
        if attr is None or not _private(attr) or attr in TORCH_NAMES:
            continue
        if isinstance(receiver, ast.Name) and receiver.id in ("self", "cls"):
            continue  # the module's own class
        what = bound.get(receiver.id) if isinstance(receiver, ast.Name) else None
        if isinstance(what, types.ModuleType):
            bad = not _is_consumer(what.__name__)  # e.g. engine._undo_broadcast
        elif inspect.isclass(what):
            bad = _core_class(what)  # e.g. Tensor._make
        else:
            bad = attr in CORE_PRIVATE
        if bad:
            found.append((node.lineno, f"{where}:{node.lineno}: {ast.unparse(node)}"))
    return [text for _, text in sorted(found)]


def test_viz_widgets_and_explain_read_no_private_name_of_the_core():
    found = [line for path in CONSUMERS for line in offenders(path)]
    assert not found, "private core names read outside the core:\n" + "\n".join(found)


def test_the_core_private_names_are_collected():
    # slots, class attributes, attributes the code assigns, on Tensor and on nodes
    for name in ["_data", "_requires_grad", "_acc", "_out_nr", "_inputs", "_saved", "_seq"]:
        assert name in CORE_PRIVATE, name
    assert {"_make", "_to_save", "_output_meta", "_is_view"} <= CORE_PRIVATE
    assert "_minigrad_browser" not in CORE_PRIVATE  # a name the widgets give their own objects


def test_the_allowed_underscore_names_are_torchs():
    t = torch.ones(1)
    for name in TORCH_NAMES:
        assert hasattr(t, name) and hasattr(minigrad.ones(1), name), name


def test_the_check_catches_each_kind_of_read():
    path = PACKAGE / "viz" / "walk.py"
    bad = """
from ..core.engine import _undo_broadcast
from ..autograd import engine
from ..core.tensor import Tensor
from ..exact import names as learner
x = node._inputs[0]
g = engine._undo_broadcast(g, x, nxt)
flag = getattr(t, "_requires_grad", False)
t2 = Tensor._make(data, None)
"""
    lines = [line.split(": ", 1)[1] for line in offenders(path, bad)]
    assert lines == [
        "from minigrad.core.engine import _undo_broadcast",
        "node._inputs",
        "engine._undo_broadcast",
        "getattr(t, '_requires_grad', False)",
        "Tensor._make",
    ], lines


def test_the_check_allows_own_and_torch_names():
    path = PACKAGE / "viz" / "zoom.py"
    fine = """
from .render import Figure, _resolve
from . import render
from ..exact import names as _names
self._inputs = 1
v = t._version + (t._base is None)
render._resolve(x)
w = getattr(image, "_minigrad_browser", None)
_names.caller_tensors()
"""
    assert offenders(path, fine) == []
