"""``explain(t)`` for a real ``torch`` tensor, read from the state torch keeps.

The same questions and the same answers (the catalogue's ``explain.*`` texts)
as for minigrad, asked of torch:

- ``t.grad_fn``, ``t.retains_grad``, ``t.requires_grad``, ``t.dtype``;
- ``t.is_inference()``: made inside ``torch.inference_mode()``;
- ``t._base``: a view made under ``no_grad``; the ops ``viz.record()`` saw run
  under ``no_grad``;
- shared storage (``untyped_storage().data_ptr()``) with a tensor that
  requires grad: a ``detach()`` (same version counter) or ``.data`` copy;
- the saved tensors of every node (``grad_fn._saved_*``): reading one runs
  torch's own check, which raises the very error backward would raise, for a
  freed graph and for a saved tensor whose version counter moved on.

Nothing is run: no backward, no hook; ``.grad`` and the graph stay as they are.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from .i18n import text as tr


def is_torch_tensor(t: Any) -> bool:
    """A real ``torch.Tensor`` (torch is then already imported)."""
    from . import Tensor  # minigrad's own Tensor (it calls itself torch.Tensor)

    torch = sys.modules.get("torch")
    if torch is None or isinstance(t, Tensor):
        return False
    return isinstance(t, getattr(torch, "Tensor", ()))


def nodes_of(output: Any) -> list:
    """Every node from ``output.grad_fn``, newest first (the engine's order)."""
    start = output.grad_fn
    if start is None:
        return []
    seen = {id(start): start}
    stack = [start]
    while stack:
        for nxt, _nr in stack.pop().next_functions:
            if nxt is not None and id(nxt) not in seen:
                seen[id(nxt)] = nxt
                stack.append(nxt)
    return sorted(seen.values(), key=lambda n: -_seq(n))


def _seq(fn: Any) -> int:
    if _is_acc(fn):
        return -1
    try:
        return int(fn._sequence_nr())
    except (AttributeError, RuntimeError):
        return 0


def _is_acc(fn: Any) -> bool:
    return type(fn).__name__ == "AccumulateGrad"


def saved_problem(fn: Any) -> str:
    """The error backward would raise at ``fn`` ('' if none): reading a saved
    tensor runs torch's own check (freed graph, version counter). One behind an
    unpack hook is not read: a checkpoint's unpack would rerun its block."""
    from .viz.untouched import readable_saved

    for attr in readable_saved(fn):
        if attr.startswith("_saved_"):
            try:
                getattr(fn, attr)
            except RuntimeError as err:
                return str(err)
    return ""


def _version(t: Any) -> int:
    try:
        return int(t._version)
    except RuntimeError:  # an inference tensor has no version counter
        return -1


def _storage(t: Any) -> int:
    try:
        return int(t.untyped_storage().data_ptr())
    except (RuntimeError, NotImplementedError):
        return -1


def _shares(a: Any, b: Any) -> bool:
    return a is not b and _storage(a) == _storage(b) != -1 and a.numel() > 0


def explain_torch(
    t: Any,
    output: Any,
    gradient: Any,
    ids: dict[int, str],
    candidates: list,
    make_explanation: Any,
) -> Any:
    """The :class:`~minigrad.explain.Explanation` of a torch tensor (see ``explain``)."""
    import torch

    candidates = [c for c in candidates if isinstance(c, torch.Tensor)]

    def name_of(x: Any, default: str = "") -> str:
        return ids.get(id(x), default or tr("explain.the_tensor"))

    tname = name_of(t, "t")

    def make(cause: str, text: str, **kw: Any) -> Any:
        return make_explanation(cause, text, t, output, ids, **kw)

    # 1. not a leaf
    if t.grad_fn is not None:
        if output is None:
            failing = backward_problem(
                t, gradient, name_of, tname, ids, candidates, make_explanation
            )
            used = any(
                c is not t and c.grad_fn is not None and t.grad_fn in nodes_of(c)
                for c in candidates[:200]
            )
            if t.retains_grad and t.grad is not None:
                text = tr("explain.retained_set", t=tname)
                if failing is not None:
                    text += tr("explain.but_as_output") + failing.text
                return make("ok", text)
            if failing is not None and not used:
                if not t.retains_grad:
                    failing.text += tr("explain.and_not_leaf", t=tname)
                return failing
            if not t.retains_grad:
                text = tr("explain.non_leaf", t=tname, fn=t.grad_fn.name())
                if failing is not None:
                    text += tr("explain.also_as_output") + failing.text
                return make(
                    "non_leaf",
                    text,
                    node=failing.node if failing else None,
                    problems=failing.problems if failing else None,
                )
            if failing is not None:
                return failing
            key = "explain.retained_holds" if t.grad is not None else "explain.retained_waits"
            return make("ok" if t.grad is not None else "not_run_yet", tr(key, t=tname))
        if not t.retains_grad:
            o = name_of(output, tr("explain.output"))
            return make(
                "non_leaf", tr("explain.non_leaf_output", t=tname, fn=t.grad_fn.name(), o=o)
            )

    # 2. does not require grad (a view made under no_grad shows its base's flag, but
    # has no grad_fn: backward never reaches it): where did it come from?
    if not t.requires_grad or (t.grad_fn is None and t._base is not None):
        if not (t.is_floating_point() or t.is_complex()):
            return make("integer", tr("explain.integer", t=tname, dtype=t.dtype))
        if t.is_inference():
            return make("no_grad", tr("explain.inference", t=tname))
        traced = _traced(t)
        if traced is not None:
            op, base = traced
            b = name_of(base, tr("explain.a_tensor_requiring_grad"))
            return make("no_grad", tr("explain.no_grad_op", t=tname, op=op, b=b), source=base)
        if t.requires_grad is False and type(t).__name__ == "Parameter":  # frozen
            return make("frozen", tr("explain.frozen", t=tname))
        behind = _cut_behind(t)
        if behind is not None:  # computed, by ops record() saw, from a detach()/.data
            ops, source, how = behind
            b = name_of(source, tr("explain.a_tensor_requiring_grad"))
            text = tr("explain.computed_from_cut", t=tname, ops=ops, how=how, b=b)
            return make("detach" if how == "detach()" else "data", text, source=source)
        cut = _seen_cut(t)
        if cut is not None:  # a detach() or .data that record() saw, even of a temporary
            source, how = cut
            b = ids.get(id(source), "")
            if not b and source.grad_fn is not None:  # a result nobody named: model.side(x)
                text = tr("explain.cut_temporary", t=tname, how=how, fn=source.grad_fn.name())
                return make("detach" if how == "detach()" else "data", text, source=source)
            b = b or tr("explain.a_tensor_requiring_grad")
            if how == "detach()":
                return make("detach", tr("explain.detach", t=tname, b=b), source=source)
            return make("data", tr("explain.data", t=tname, c=b), source=source)
        base = t._base
        if base is not None and base.requires_grad:
            b = name_of(base, tr("explain.a_tensor_requiring_grad"))
            return make("no_grad", tr("explain.no_grad_view", t=tname, b=b), source=base)
        pool = list(candidates)
        if output is not None:
            pool += [fn.variable for fn in nodes_of(output) if _is_acc(fn)]
        for c in pool:
            if c.requires_grad and _shares(c, t):
                cname = name_of(c, tr("explain.a_tensor_requiring_grad"))
                # detach() shares the version counter, .data has its own
                if _version(c) == _version(t) and c.shape == t.shape:
                    return make("detach", tr("explain.detach", t=tname, b=cname), source=c)
                return make("data", tr("explain.data", t=tname, c=cname), source=c)
        note = "" if torch.is_grad_enabled() else tr("explain.grad_mode_off")
        return make("requires_grad_false", tr("explain.requires_grad_false", t=tname) + note)

    # 3. requires grad, and an output is given: is there a path?
    if output is not None:
        oname = name_of(output, tr("explain.the_output"))
        nodes = nodes_of(output)
        on_path = output is t or any(
            n is t.grad_fn if t.grad_fn is not None else _is_acc(n) and n.variable is t
            for n in nodes
        )
        if not on_path:
            for c in candidates:
                if not c.requires_grad and _shares(c, t) and _used(c, nodes):
                    how = "detach" if _version(c) == _version(t) else "data"
                    made = f"{tname}.detach()" if how == "detach" else f"{tname}.data"
                    text = tr("explain.cut_copy", t=tname, o=oname, made=made)
                    return make(how, text, source=t)
            key = (
                "explain.not_connected_no_graph"
                if output.grad_fn is None
                else "explain.not_connected"
            )
            return make("not_connected", tr(key, t=tname, o=oname))
        failing = backward_problem(
            output, gradient, name_of, oname, ids, candidates, make_explanation
        )
        if failing is not None:
            failing.tensor = t
            return failing
        if t.grad is None:
            return make("not_run_yet", tr("explain.not_run_yet_output", t=tname, o=oname))
        return make("ok", tr("explain.ok_output", t=tname, o=oname))

    # 4. a leaf that requires grad
    if t.grad is None:
        return make("not_run_yet", tr("explain.not_run_yet", t=tname))
    return make("ok", tr("explain.ok_leaf", t=tname))


def _traced(t: Any) -> tuple[str, Any] | None:
    """(op, input that requires grad) when ``viz.record()`` saw ``t`` made under no_grad."""
    if "minigrad.viz.torch_forward" not in sys.modules:
        return None
    from .viz.torch_forward import known_ops

    ops = known_ops()
    entry = ops.get(id(t))
    if entry is None or not entry[3]:
        return None
    chain = []  # back through a chain of ops under no_grad, to where grad was cut
    while entry is not None and entry[3] and len(chain) < 50:
        chain.insert(0, entry[0])
        base = next((x for x in entry[1] if getattr(x, "requires_grad", False)), None)
        if base is not None:
            return " → ".join(chain), base
        entry = next((ops[id(x)] for x in entry[1] if id(x) in ops and ops[id(x)][3]), None)
    return None


def _cut_behind(t: Any) -> tuple[str, Any, str] | None:
    """(ops, source, "detach()" or ".data") when ``viz.record()`` saw ``t`` computed, by
    ``ops``, from the result of a cut (``h.data * 2``)."""
    if "minigrad.viz.torch_forward" not in sys.modules:
        return None
    from .viz.torch_forward import known_cuts, known_ops

    ops, cuts = known_ops(), known_cuts()
    chain: list[str] = []
    x = t
    while id(x) in ops and len(chain) < 50:
        name, inputs, _record, _off = ops[id(x)]
        chain.insert(0, name)
        found = next((cuts[id(i)] for i in inputs if id(i) in cuts), None)
        if found is not None:
            return " → ".join(chain), found[0], found[1]
        x = next((i for i in inputs if id(i) in ops), None)
    return None


def _seen_cut(t: Any) -> tuple[Any, str] | None:
    """(source, "detach()" or ".data") when ``viz.record()`` saw ``t`` cut off ``source``."""
    if "minigrad.viz.torch_forward" not in sys.modules:
        return None
    from .viz.torch_forward import known_cuts

    return known_cuts().get(id(t))


def _used(c: Any, nodes: list) -> bool:
    """Is the constant ``c`` saved by one of ``nodes``?"""
    from .viz.untouched import readable_saved

    for fn in nodes:
        for attr in readable_saved(fn):
            if attr.startswith("_saved_"):
                try:
                    if getattr(fn, attr) is c:
                        return True
                except RuntimeError:
                    break
    return False


_VERSIONS = re.compile(r"is at version (\d+); expected version (\d+)")
_SHAPE = re.compile(r"\[torch\.\w+ \[([\d, ]*)\]\]")
_OUTPUT_OF = re.compile(r"which is output \d+ of (\w+),")


def backward_problem(
    out: Any,
    gradient: Any,
    name_of: Any,
    oname: str,
    ids: dict[int, str],
    candidates: list,
    make_explanation: Any,
) -> Any:
    """Why ``out.backward(gradient)`` would fail, or None if it would work."""

    def make(cause: str, text: str, **kw: Any) -> Any:
        return make_explanation(cause, text, out, out, ids, **kw)

    if not out.requires_grad:
        return make("nothing_requires_grad", tr("explain.nothing_requires_grad", o=oname))
    if gradient is None and out.numel() != 1:
        text = tr("explain.non_scalar", o=oname, n=out.numel(), shape=list(out.shape))
        return make("non_scalar", text)
    problems = []
    for fn in nodes_of(out):
        if _is_acc(fn):
            continue
        message = saved_problem(fn)
        if message:
            cause = "inplace" if "inplace operation" in message else "freed"
            problems.append((cause, fn, message))
    if not problems:
        return None
    cause, fn, message = problems[0]
    if cause == "freed":
        text = tr("explain.freed", o=oname, node=fn.name(), message=message)
        return make(cause, text, node=fn, problems=problems)
    found = _VERSIONS.search(message)
    now, then = (int(found.group(1)), int(found.group(2))) if found else (0, 0)
    shape = _SHAPE.search(message)
    dims = [int(d) for d in shape.group(1).replace(" ", "").split(",") if d] if shape else None
    owner = _OUTPUT_OF.search(message)
    value = None
    if owner is not None and fn.name().startswith(owner.group(1) + "Backward"):
        what = tr("explain.its_own_output", node=fn.name())
    else:
        pool = [
            x for x in candidates if _version(x) == now and (dims is None or list(x.shape) == dims)
        ]
        value = pool[0] if pool else None
        what = (
            name_of(value, tr("explain.an_input")) if value is not None else tr("explain.an_input")
        )
        if value is not None and value.grad_fn is not None and _seq(value.grad_fn) > _seq(fn):
            what += tr("explain.changed_by", fn=value.grad_fn.name())
    text = tr(
        "explain.inplace", o=oname, node=fn.name(), what=what, now=now, then=then, message=message
    )
    result = make(cause, text, node=fn, problems=problems)
    if value is not None:
        result.modified = value
    return result
