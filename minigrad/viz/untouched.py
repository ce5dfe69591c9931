"""Looking without touching: what the learning aids do around the learner's code.

An aid may have to run something of the learner's: the Jacobian explorer runs
``f``; a replay of backward runs the graph's nodes, and a checkpointed block
recomputes its forward pass when its saved tensors are unpacked. A forward pass
in training mode changes BatchNorm's running statistics and draws random numbers.
:class:`untouched` puts all of that back: the random number generator, and the
buffers of every module the code can reach.

Reading a saved tensor that a ``saved_tensors_hooks`` hook packed (a checkpoint
does this) runs the hook's unpack, that is the recompute. :func:`readable_saved`
lists only the saved tensors that can be read without it.
"""

from __future__ import annotations

import functools
import inspect
import types
from collections.abc import Iterable, Mapping
from typing import Any


def modules_of(found_from: Any, lib: Any, depth: int = 4) -> list:
    """The ``nn.Module`` objects reachable from ``found_from`` (a function, or a list of
    them): itself, a bound method's object, a closure's variables, the globals its
    code names, and the attributes of the objects among these, ``depth`` steps deep."""
    module_type = lib.nn.Module
    found: dict[int, Any] = {}
    todo, seen = [(found_from, 0)], set()
    while todo:
        obj, level = todo.pop()
        if id(obj) in seen or level > depth or isinstance(obj, (types.ModuleType, type)):
            continue
        seen.add(id(obj))
        if isinstance(obj, module_type):
            found[id(obj)] = obj
            continue
        if isinstance(obj, functools.partial):
            inner = [obj.func, *obj.args, *obj.keywords.values()]
        elif inspect.ismethod(obj):
            inner = [obj.__self__, obj.__func__]
        elif inspect.isfunction(obj):
            inner = [c.cell_contents for c in obj.__closure__ or () if _filled(c)]
            inner += [obj.__globals__[n] for n in obj.__code__.co_names if n in obj.__globals__]
        elif isinstance(obj, (list, tuple, dict)):
            inner = list(obj.values() if isinstance(obj, dict) else obj)[:100]
        elif hasattr(obj, "__dict__") and not isinstance(obj, (str, bytes, int, float)):
            inner = list(vars(obj).values())[:100]
        else:
            inner = []
        todo += [(x, level + 1) for x in inner]
    return list(found.values())


def _filled(cell: Any) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:  # an empty cell
        return False
    return True


class untouched:  # noqa: N801 (a ``with`` block, like torch.no_grad)
    """Leave no trace of the code run inside: the random number generator and the
    buffers of every module reachable from ``found_from`` (BatchNorm's running
    statistics and ``num_batches_tracked``) are put back as they were.

    >>> import minigrad as torch
    >>> bn = torch.nn.BatchNorm1d(2)
    >>> with untouched(lambda x: bn(x), torch):
    ...     _ = bn(torch.randn(4, 2))
    >>> bn.num_batches_tracked.item()
    0
    """

    def __init__(self, found_from: Any, lib: Any) -> None:
        self.lib = lib
        self.buffers = [b for m in modules_of(found_from, lib) for b in m.buffers()]

    def __enter__(self) -> untouched:
        self.rng = self.lib.get_rng_state()
        self.saved = [b.detach().clone() for b in self.buffers]
        return self

    def __exit__(self, *exc: Any) -> None:
        self.lib.set_rng_state(self.rng)
        with self.lib.no_grad():
            for b, old in zip(self.buffers, self.saved):
                if not self.lib.equal(b, old):
                    # through .data: the values come back, and the version counter that
                    # a graph saving the buffer (BatchNorm's) checks does not move again
                    b.data.copy_(old)


# --- real torch's saved tensors ------------------------------------------------------------
def _hook_of(fn: Any, role: str) -> Any:
    raw = getattr(fn, "_raw_saved_" + role, None)
    try:
        return getattr(raw, "unpack_hook", None)
    except RuntimeError:  # freed
        return None


def readable_saved(fn: Any) -> list[str]:
    """The ``_saved_*`` attributes of torch node ``fn`` that can be read without running
    a ``saved_tensors_hooks`` unpack hook (a checkpoint's unpack reruns its block)."""
    return [
        attr
        for attr in dir(fn)
        if attr.startswith("_saved_") and _hook_of(fn, attr[len("_saved_") :]) is None
    ]


def is_hooked(fn: Any) -> bool:
    """Does torch node ``fn`` keep a saved tensor behind an unpack hook?"""
    return any(
        attr.startswith("_raw_saved_") and _hook_of(fn, attr[len("_raw_saved_") :]) is not None
        for attr in dir(fn)
    )


def recomputes(nodes: Iterable[Any]) -> list:
    """What a backward through torch ``nodes`` may run of the learner's forward code: a
    reentrant checkpoint's ``run_function``, a hooked saved tensor's unpack hook."""
    found = []
    for fn in nodes:
        run = getattr(fn, "run_function", None)
        if run is not None:
            found.append(run)
        for attr in dir(fn):
            if attr.startswith("_raw_saved_"):
                hook = _hook_of(fn, attr[len("_raw_saved_") :])
                if hook is not None:
                    found.append(hook)
    return found


def has_reentrant(nodes: Iterable[Any]) -> bool:
    """Is one of torch ``nodes`` a reentrant checkpoint (``torch.autograd.grad`` refuses it)?"""
    return any(getattr(fn, "run_function", None) is not None for fn in nodes)


def reentrant_backward(
    output: Any, gradient: Any, create_graph: bool, leaves: Mapping[str, Any], found: list
) -> dict:
    """Backward through a reentrant checkpoint, which torch allows only as ``backward()``
    (its block runs a backward of its own, into its parameters' ``.grad``). Every
    ``.grad`` it can reach is swapped for a copy first and put back afterwards, so the
    learner's gradients, and the tensors that hold them, stay as they were. Returns
    ``{parameter: its .grad after}`` for the block's parameters that are not ``leaves``."""
    import torch

    params = [p for m in modules_of(found, torch) for p in m.parameters()]
    reach = {id(t): t for t in [*leaves.values(), *params]}
    before = {k: t.grad for k, t in reach.items()}
    try:
        for t in reach.values():
            t.grad = None if t.grad is None else t.grad.detach().clone()
        output.backward(gradient, retain_graph=True, create_graph=create_graph)
        outer = {id(t) for t in leaves.values()}
        return {p: p.grad for p in params if id(p) not in outer}
    finally:
        for k, t in reach.items():
            t.grad = before[k]
