"""The forward graph of real PyTorch code.

Two ways to see it, and the picture says which one it used:

- **traced**: inside ``viz.record()`` every torch function call is noted as it
  runs, through torch's public extension point
  :class:`torch.overrides.TorchFunctionMode`. Each op, its inputs (constants
  and plain numbers too) and its outputs are known, also for ops run under
  ``no_grad``. A module call such as ``F.linear`` is one op::

      with viz.record():
          z = model(x)
      viz.draw_forward(z)

- **rebuilt**: outside it, the graph is read back from ``z.grad_fn``: each node
  is an op and its ``next_functions`` are its inputs. autograd keeps no more
  than backward needs, so constants are found only when a node saved them
  (``_saved_self``, ``_saved_other``), and an intermediate value only when one
  of your variables (or a saved tensor) holds it. What stays unseen is drawn
  as ``?`` and the figure says so.

torch is never imported here: this module is used only once a torch tensor
was handed in, and then torch is already loaded.

>>> import torch                                    # doctest: +SKIP
>>> w = torch.tensor([2.0], requires_grad=True)     # doctest: +SKIP
>>> g = rebuild(w * 3, extra=[w])                   # doctest: +SKIP
>>> [op.name for op in g.ops]                       # doctest: +SKIP
['mul']
"""

from __future__ import annotations

import sys
import weakref
from collections import deque
from collections.abc import Iterable
from typing import Any

import numpy as np

from ..i18n import text
from . import labels
from .walk import MORE, ForwardGraph, Number, Op, Var, count_behind, tensor_key, too_large

# calls that read a tensor rather than compute one
_SKIP = {
    "__get__",
    "__set__",
    "__repr__",
    "__format__",
    "__len__",
    "__bool__",
    "__index__",
    "__iter__",
    "size",
    "dim",
    "numel",
    "item",
    "tolist",
    "numpy",
    "requires_grad_",
    "retain_grad",
    "register_hook",
    "backward",
    "detach",
    "is_floating_point",
    "is_complex",
    "data_ptr",
    "untyped_storage",
    "stride",
    "storage_offset",
    "__setstate__",
    "__reduce_ex__",
    "__deepcopy__",
}
_REFLECTED = {"radd": "add", "rsub": "sub", "rmul": "mul", "rtruediv": "div", "rpow": "pow"}
_REFLECTED.update({"rmatmul": "matmul", "truediv": "div", "rfloordiv": "floor_divide"})


def op_label(func: Any) -> str:
    """``mul`` for ``Tensor.__mul__``, ``linear`` for ``F.linear``, ``div`` for ``__rtruediv__``."""
    name = getattr(func, "__name__", None) or str(func)
    if name.startswith("__") and name.endswith("__"):
        name = name[2:-2]
        if name.startswith("i") and name[1:] in ("add", "sub", "mul", "truediv"):
            name = name[1:] + "_"
    name = _REFLECTED.get(name, name)
    return name.lstrip("_") or name


class TorchTrace:
    """What a :class:`torch.overrides.TorchFunctionMode` saw while active:
    ``ops[id(output)] = (op name, inputs, record, traced)``; ``traced`` marks an
    op run under ``no_grad`` on tensors that require grad.

    An entry lives as long as its output does (``weakref.finalize``), so the
    ids stay theirs and the trace never keeps a dropped activation alive.
    """

    def __init__(self, on_op: Any = None) -> None:
        self.on_op = on_op  # called with the op's name at every call it sees
        self.ops: dict[int, tuple[str, tuple, object, bool]] = {}
        self.cuts: dict[int, tuple[Any, str]] = {}  # id(result) -> (source, "detach()")
        self.arrays: dict[int, tuple[Any]] = {}  # t.numpy()'s memory -> (t,)
        self._modes: list[Any] = []

    def note(self, func: Any, args: tuple, kwargs: dict, out: Any) -> None:
        import torch

        name = getattr(func, "__name__", "")
        if self.on_op is not None:
            self.on_op(name)
        if self._numpy_round_trip(name, args, out):
            return
        how = _cut_kind(func, name)
        if how and isinstance(out, torch.Tensor) and args and isinstance(args[0], torch.Tensor):
            source = args[0]  # a cut: out shares source's numbers, not its history
            if source.requires_grad and not out.requires_grad:
                self.cuts[id(out)] = (source, how)
                weakref.finalize(out, _forget, self.cuts, id(out), source).atexit = False
            return
        if name in _SKIP:
            return
        outs = [o for o in _flat(out) if isinstance(o, torch.Tensor)]
        if not outs:
            return
        inputs = tuple(x for x in _flat(args) + _flat(list(kwargs.values())) if _is_input(x))
        if self.arrays:
            self._from_numpy(inputs + tuple(outs))
        if any(o is x for o in outs for x in inputs):  # in place: autograd's view is better
            return
        if not any(isinstance(x, torch.Tensor) for x in inputs):  # made from numbers: a leaf
            return
        # run under no_grad on a tensor that requires grad, or on the result of such an op
        # (a chain under no_grad: relu(enc(x)) is cut where enc(x) was)
        off = not torch.is_grad_enabled() and any(
            isinstance(x, torch.Tensor) and (x.requires_grad or self.ops.get(id(x), (0,) * 4)[3])
            for x in inputs
        )
        record = object()  # one picture node per call
        for o in outs:
            self.ops[id(o)] = (op_label(func), inputs, record, off)
            # forgotten when the output dies: the trace keeps nothing alive (its entry
            # holds the inputs, as long as the output lives, like autograd's graph)
            weakref.finalize(o, _forget, self.ops, id(o), record).atexit = False

    def _numpy_round_trip(self, name: str, args: tuple, out: Any) -> bool:
        """``t.numpy()`` then ``torch.from_numpy(...)``: a cut, as ``.data`` is (the same
        numbers, no history). Remembers which tensor an array came from, while it lives."""
        import torch

        if name == "numpy" and isinstance(out, np.ndarray) and args:
            source = args[0]
            if id(source) in self.cuts:  # t.detach().numpy(): the detach's source
                source = self.cuts[id(source)][0]
            if isinstance(source, torch.Tensor) and source.requires_grad and out.size:
                key = out.__array_interface__["data"][0]  # the memory it shares
                self.arrays[key] = (source,)
                weakref.finalize(out, _forget, self.arrays, key, source).atexit = False
            return True
        return False

    def _from_numpy(self, inputs: tuple) -> None:
        """A tensor made from such an array (``torch.from_numpy``, which no mode sees)
        shares its memory: found when it enters an op, and noted as a cut."""
        import torch

        for x in inputs:
            if not isinstance(x, torch.Tensor) or x.requires_grad or id(x) in self.cuts:
                continue
            try:
                found = self.arrays.get(x.data_ptr())
            except RuntimeError:
                continue
            if found is not None:
                self.cuts[id(x)] = (found[0], ".numpy()")
                weakref.finalize(x, _forget, self.cuts, id(x), found[0]).atexit = False

    def __enter__(self) -> TorchTrace:
        mode = watcher()(self)
        mode.__enter__()
        self._modes.append(mode)
        _ACTIVE.add(self)
        _RECENT.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._modes:
            self._modes.pop().__exit__(None, None, None)


def _forget(table: dict, key: int, mark: object) -> None:
    entry = table.get(key)
    if entry is not None and mark in entry:
        del table[key]


def _cut_kind(func: Any, name: str) -> str:
    """``"detach()"`` or ``".data"`` when ``func`` cuts a tensor off its history."""
    if name == "detach":
        return "detach()"
    if name == "__get__" and getattr(getattr(func, "__self__", None), "__name__", "") == "data":
        return ".data"
    return ""


_ACTIVE: weakref.WeakSet = weakref.WeakSet()  # every trace still alive: draw_forward looks in all
_RECENT: deque = deque(maxlen=4)  # ``with viz.record():`` without ``as rec`` is remembered too
_WATCHER: list[type] = []


def watcher() -> type:
    """The TorchFunctionMode class (made once, when torch is there)."""
    if not _WATCHER:
        from torch.overrides import TorchFunctionMode

        class Watch(TorchFunctionMode):
            def __init__(self, trace: TorchTrace) -> None:
                super().__init__()
                self.trace = trace

            def __torch_function__(
                self, func: Any, types: Any, args: tuple = (), kwargs: dict | None = None
            ) -> Any:
                kwargs = kwargs or {}
                out = func(*args, **kwargs)  # (the mode is off inside its own handler)
                self.trace.note(func, args, kwargs, out)
                return out

        _WATCHER.append(Watch)
    return _WATCHER[0]


def torch_loaded() -> bool:
    return "torch" in sys.modules


def known_ops(extra: dict | None = None) -> dict:
    """Every op the live traces saw (``extra`` first)."""
    ops: dict = {}
    for tr in list(_ACTIVE):
        ops.update(tr.ops)
    ops.update(extra or {})
    return ops


def known_cuts() -> dict:
    """``id(result) -> (source, "detach()" or ".data")`` for the cuts live traces saw."""
    cuts: dict = {}
    for tr in list(_ACTIVE):
        cuts.update(tr.cuts)
    return cuts


def _flat(x: Any) -> list:
    if isinstance(x, (list, tuple)):
        return [y for item in x for y in _flat(item)]
    return [x]


def _is_input(x: Any) -> bool:
    import torch

    return isinstance(x, (torch.Tensor, int, float, complex)) and not isinstance(x, bool)


class Unseen:
    """An intermediate value autograd did not keep: only its node is known."""

    requires_grad = True
    unseen = True

    def __init__(self, fn: Any, nr: int) -> None:
        self.grad_fn = fn
        self.output_nr = nr

    def numpy(self, force: bool = False) -> np.ndarray:
        return np.zeros(0, dtype=np.float32)


class Missing:
    """A constant input autograd did not keep (``next_functions`` says only ``None``)."""

    grad_fn = None
    requires_grad = False
    unseen = True

    def numpy(self, force: bool = False) -> np.ndarray:
        return np.zeros(0, dtype=np.float32)


_ROLES = {"self": 0, "other": 1, "input": 0, "mat1": 1, "mat2": 2, "weight": 1}


def _saved(fn: Any) -> dict[str, Any]:
    from .untouched import readable_saved

    out = {}
    for attr in readable_saved(fn):  # (a checkpoint's would rerun its block: not read)
        if attr.startswith("_saved_"):
            role = attr[len("_saved_") :]
            try:
                out[role] = getattr(fn, attr)
            except RuntimeError:  # changed in place since (read it raw), or freed by a backward
                try:
                    out[role] = getattr(fn, "_raw_saved_" + role).data
                except (AttributeError, RuntimeError):
                    return {}
    return out


def _storage_key(t: Any) -> tuple:
    try:
        return (t.untyped_storage().data_ptr(), t.storage_offset(), tuple(t.shape), t.stride())
    except (RuntimeError, NotImplementedError):
        return (id(t),)


def rebuild(
    root: Any,
    max_nodes: int = 100,
    extra: Iterable[Any] = (),
    elide: bool = False,
    traced: dict | None = None,
) -> tuple[ForwardGraph, bool]:
    """The forward DAG of a torch tensor: traced ops where known, the rest from grad_fn.

    Returns the graph and whether part of it was rebuilt from ``grad_fn``
    (so that something may be missing).
    """
    import torch

    traced = known_ops(traced)
    cuts = known_cuts()
    graph = ForwardGraph(root=None)  # type: ignore[arg-type]
    extra = [t for t in extra if isinstance(t, torch.Tensor)]
    by_tensor_key = {tensor_key(t): t for t in reversed(extra)}
    by_storage = {_storage_key(t): t for t in reversed(extra) if not t.requires_grad}
    grad_sources = {_storage_key(t): t for t in reversed(extra) if t.requires_grad}
    by_key: dict[tuple, Var] = {}
    ops: dict[int, Op] = {}
    queue: deque[Var] = deque()
    left_out: list[Any] = []
    rebuilt = [False]

    def count() -> None:
        if graph.size > max_nodes and not elide:
            raise too_large(graph.size, max_nodes)

    def add_var(t: Any, key: tuple) -> Var | None:
        v = by_key.get(key)
        if v is None and elide and graph.size >= max_nodes:
            left_out.append(t)
            return None
        if v is None:
            v = by_key[key] = Var(f"v{len(graph.vars)}", t, key)
            graph.vars.append(v)
            count()
            queue.append(v)
        return v

    def var_of(t: Any) -> Var | None:
        if isinstance(t, torch.Tensor) and t.grad_fn is None and not t.requires_grad:
            t = by_storage.get(_storage_key(t), t)  # the learner's own constant
        return add_var(t, tensor_key(t))

    def number(value: Any, op: Op) -> None:
        n = Number(f"n{len(graph.numbers)}", value)
        graph.numbers.append(n)
        count()
        graph.edges.append((n.id, op.id, "number"))

    def new_op(node: Any, name: str, is_traced: bool) -> tuple[Op, bool]:
        op = ops.get(id(node))
        if op is not None:
            return op, False
        op = ops[id(node)] = Op(f"op{len(graph.ops)}", node, name, is_traced)
        graph.ops.append(op)
        count()
        return op, True

    def link(v: Var | None, op: Op) -> None:
        graph.edges.append((v.id if v is not None else MORE, op.id, "data"))

    def from_node(fn: Any) -> Op:
        op, fresh = new_op(fn, labels.op_name(fn.name()), False)
        if not fresh:
            return op
        rebuilt[0] = True
        saved = _saved(fn)
        for value in saved.values():  # a saved intermediate value fills in a "?"
            if isinstance(value, torch.Tensor) and value.grad_fn is not None:
                k = tensor_key(value)
                by_tensor_key.setdefault(k, value)
                if k in by_key and isinstance(by_key[k].tensor, Unseen):
                    by_key[k].tensor = value
        for i, (nxt, nr) in enumerate(fn.next_functions):
            if nxt is None:
                role = next((r for r, k in _ROLES.items() if k == i and r in saved), None)
                value = saved.get(role) if role is not None else None
                if isinstance(value, torch.Tensor):
                    if (
                        value.dim() == 0
                        and all(value is not e for e in extra)
                        and value.dtype
                        in (
                            torch.int64,
                            torch.float64,
                        )
                    ):
                        number(value.item(), op)  # a Python number torch wrapped
                    else:
                        link(var_of(value), op)
                else:
                    link(add_var(Missing(), ("missing", id(op), i)), op)
            elif type(nxt).__name__ == "AccumulateGrad":
                link(var_of(nxt.variable), op)
            else:
                key = ("out", id(nxt), nr)
                t = by_tensor_key.get(key)
                link(add_var(t if t is not None else Unseen(nxt, nr), key), op)
        return op

    graph.root = var_of(root)
    while queue:
        v = queue.popleft()
        t = v.tensor
        if isinstance(t, Missing):
            continue
        entry = traced.get(id(t)) if isinstance(t, torch.Tensor) else None
        if entry is not None:
            name, inputs, record, off = entry
            op, fresh = new_op(record, name, off)
            if fresh:
                for x in inputs:
                    if isinstance(x, torch.Tensor):
                        link(var_of(x), op)
                    else:
                        number(x, op)
            graph.edges.append((op.id, v.id, "data"))
        elif t.grad_fn is not None:
            graph.edges.append((from_node(t.grad_fn).id, v.id, "data"))
        elif not t.requires_grad and isinstance(t, torch.Tensor):
            base = t._base if t._base is not None and t._base.requires_grad else None
            source = base if base is not None else grad_sources.get(_storage_key(t))
            seen_cut = cuts.get(id(t))  # a detach() or .data that record() saw
            if seen_cut is not None:
                source, base = seen_cut[0], None
            if source is not None and source is not t:
                src = var_of(source)
                if src is not None:
                    how = "detach()" if base is None else text("viz.view_under_no_grad")
                    how = seen_cut[1] if seen_cut is not None else how
                    v.cut = how
                    graph.cuts.append((src.id, v.id, how))
    if left_out:
        graph.hidden = count_behind(
            [t.grad_fn for t in left_out if getattr(t, "grad_fn", None)], set(), inputs_of_node
        )
    return graph, rebuilt[0]


def inputs_of_node(fn: Any) -> list:
    return [n for n, _ in fn.next_functions if n is not None]


def missing_inputs(graph: ForwardGraph) -> bool:
    """Does the picture hold anything autograd did not keep?"""
    return any(getattr(v.tensor, "unseen", False) for v in graph.vars)
