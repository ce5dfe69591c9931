"""``explain(t)``: why is my ``.grad`` None? Why does my ``backward()`` fail?

The answer is read from the state autograd really keeps, never guessed:

- ``t.grad_fn``: a tensor with one is not a leaf, and backward only fills
  ``.grad`` for leaves (unless ``t.retain_grad()`` was called);
- ``t.requires_grad``: a leaf that does not require grad gets no gradient;
- ``detached_from(t)``, ``t._base`` and shared memory: ``detach()`` and ``.data`` make tensors that
  share the numbers of a tensor that requires grad, but not its history;
- the nodes reachable from the output: is ``t`` on a path from it at all?
- ``node.is_freed``: an earlier ``backward()`` released the saved values;
- saved versions: a tensor a node saved was changed in place afterwards
  (checked with the very check backward runs, ``node.check_saved()``).

>>> import minigrad as torch
>>> w = torch.tensor(2.0, requires_grad=True)
>>> y = w * 3
>>> loss = y * y
>>> loss.backward()
>>> explain(y).cause
'non_leaf'
>>> print(explain(y).text.splitlines()[0])
y.grad is None because y is not a leaf: it was computed by MulBackward0.

The returned :class:`Explanation` prints as text; in Jupyter it also shows the
graph with the broken spot highlighted (when graphviz's ``dot`` is installed).
This module imports no drawing code until a picture is asked for.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import Tensor, is_grad_enabled
from .autograd import AccumulateGrad, Node, observe
from .exact import names as _names
from .i18n import Section
from .i18n import text as tr

__all__ = ["explain", "Explanation"]


def values(t: Any) -> np.ndarray:
    """``t``'s values (numpy has no bfloat16: float32 holds it exactly). Not the pictures'
    helper: explain() loads no drawing code."""
    if str(t.dtype).endswith("bfloat16"):
        t = t.detach().float()
    return t.numpy(force=True)


# what each cause means, in one line (also the order they are checked in)
CAUSES = Section("cause.")


class Explanation:
    """The answer of :func:`explain`: ``.cause`` (a key of :data:`CAUSES`),
    ``.text`` (for people), and a picture in Jupyter."""

    def __init__(
        self,
        cause: str,
        text: str,
        tensor: Tensor,
        output: Tensor | None,
        names: dict[int, str],
        *,
        node: Node | None = None,
        source: Tensor | None = None,
        problems: list[tuple[str, Node, str]] | None = None,
    ) -> None:
        self.cause = cause
        self.text = text
        self.tensor = tensor
        self.output = output
        self.names = names
        self.node = node  # the node where backward fails, if any
        self.source = source  # for a cut: the tensor that requires grad
        self.problems = problems or []  # (cause, node, message) for every failing node
        self.modified: Tensor | None = None  # for "inplace": the saved tensor that changed
        self.marks: list[tuple[Any, str]] = []  # (node or tensor, note) drawn as culprits
        self.title: str | None = None  # the picture's title (else the text's first words)
        self.cut_note = ""  # drawn on a cut edge from ``source`` to the tensor, if set

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    @property
    def dot_source(self) -> str:
        """The DOT text of the picture (imports the drawing code)."""
        from .viz.steps import explain_source

        return explain_source(self)

    def figure(self) -> Any:
        """The picture alone, as a :class:`minigrad.viz.Figure` (shown as an image in Jupyter;
        ``print(explanation)`` gives the text)."""
        from .viz.render import Figure

        return Figure(self.dot_source)

    def svg(self) -> str:
        """The picture as SVG (needs graphviz's ``dot``)."""
        from .viz.render import run_dot

        return run_dot(self.dot_source).decode("utf-8")

    def _repr_svg_(self) -> str | None:
        try:
            return self.svg()
        except Exception:  # no dot, or a graph too large: the text still says it all
            return None

    def _repr_html_(self) -> str:
        import html  # only the notebook needs it: not loaded by ``import minigrad``

        text = f'<pre style="white-space:pre-wrap">{html.escape(self.text)}</pre>'
        svg = self._repr_svg_()
        if svg is None:
            return text
        return text + svg[svg.find("<svg") :]


# --- reading the graph ---------------------------------------------------------------


def _nodes(output: Tensor) -> list[Node]:
    """Every node backward would visit from ``output``, in the engine's order.

    The engine always runs the ready node created last, and a node is always
    created after the nodes of its inputs, so that order is newest first.
    """
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
    return sorted(seen.values(), key=lambda n: -observe.sequence_nr(n))


def _tensors_in(nodes: list[Node]) -> list[Tensor]:
    """The tensors the graph's operations used as inputs (constants included)."""
    found: dict[int, Tensor] = {}
    for n in nodes:
        for x in observe.inputs(n):
            if isinstance(x, Tensor):
                found.setdefault(id(x), x)
        if type(n) is AccumulateGrad:
            found.setdefault(id(n.variable), n.variable)
    return list(found.values())


def _shares(a: Tensor, b: Tensor) -> bool:
    return a is not b and np.shares_memory(values(a), values(b))


def _saved_problem(node: Node) -> str:
    """The error backward would raise at ``node`` ('' if none): the real check."""
    try:
        node.check_saved()  # raises exactly what backward would raise here
    except RuntimeError as err:
        return str(err)
    return ""


def _modified_tensor(node: Node) -> observe.SavedVersion | None:
    """The saved tensor of ``node`` whose version moved on (None if none did)."""
    for saved in observe.saved_versions(node):
        if saved.now != saved.saved:
            return saved
    return None


# --- the answers -----------------------------------------------------------------------


def explain(
    t: Tensor,
    output: Tensor | None = None,
    *,
    gradient: Any = None,
    names: dict | None = None,
    model: Any = None,
) -> Explanation:
    """Say why ``t.grad`` is None, or why ``t.backward()`` (or ``output.backward()``) fails.

    ``explain(t)`` looks at ``t`` alone; ``explain(t, output=loss)`` also checks
    the path from ``loss`` back to ``t`` and whether ``loss.backward()`` would
    work. ``explain(loss)`` on a non-leaf output says whether ``loss.backward()``
    would fail and why. Nothing is run: the graph and every ``.grad`` stay as
    they are. ``names`` maps tensors to names (otherwise your variable names are used);
    ``model=`` (a module, or a ``viz.record()`` recording) names parameters by their paths.

    >>> import minigrad as torch
    >>> x = torch.tensor([1.0, 2.0], requires_grad=True)
    >>> explain(x.detach()).cause
    'detach'
    >>> explain(x * 2).cause        # as an output: backward() needs a gradient argument
    'non_scalar'

    ``t`` may also be a real ``torch`` tensor: the same causes are read from
    torch's own state (its saved tensors, version counters, inference flag).
    """
    from ._torch_explain import explain_torch, is_torch_tensor

    one, more = _names.split_model(model)
    known = (list(one.named_parameters()) if one is not None else []) + _names.caller_tensors(
        more=more
    )
    if is_torch_tensor(t):  # real torch: the same answers, read from torch's state
        found = [(n, v) for n, v in known if is_torch_tensor(v)]
        if output is not None and not is_torch_tensor(output):
            raise TypeError(f"output must be a torch tensor, got {type(output).__name__}")
        return explain_torch(
            t, output, gradient, _ids(found, names), [v for _, v in found], Explanation
        )
    if not isinstance(t, Tensor):
        raise TypeError(f"explain() expects a minigrad or torch tensor, got {type(t).__name__}")
    found = [(n, v) for n, v in known if isinstance(v, Tensor)]
    ids = _ids(found, names)
    candidates = [v for _, v in found]

    def name_of(x: Any, default: str = "") -> str:
        return ids.get(id(x), default or tr("explain.the_tensor"))

    tname = name_of(t, "t")
    if output is not None and not isinstance(output, Tensor):
        raise TypeError(f"output must be a minigrad tensor, got {type(output).__name__}")

    def make(cause: str, text: str, **kw: Any) -> Explanation:
        return Explanation(cause, text, t, output, ids, **kw)

    # 1. t is not a leaf: the grad question has its answer, and t may also be an output
    if t.grad_fn is not None:
        if output is None:
            failing = _backward_problem(t, gradient, name_of, tname, ids)
            # t is an output when none of the caller's other tensors was computed from it
            used = any(
                c is not t and c.grad_fn is not None and t.grad_fn in _nodes(c)
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
            return make(
                "ok" if t.grad is not None else "not_run_yet",
                tr(
                    "explain.retained_holds" if t.grad is not None else "explain.retained_waits",
                    t=tname,
                ),
            )
        if not t.retains_grad:
            return make(
                "non_leaf",
                tr(
                    "explain.non_leaf_output",
                    t=tname,
                    fn=t.grad_fn.name(),
                    o=name_of(output, tr("explain.output")),
                ),
            )

    # 2. t does not require grad: find out whether it was cut from a tensor that does
    if not observe.own_requires_grad(t):
        if values(t).dtype.kind not in "fc":
            return make(
                "integer",
                tr("explain.integer", t=tname, dtype=t.dtype),
            )
        base = observe.detached_from(t)
        if base is None:
            base = t._base  # a view made under no_grad
        if base is not None and observe.own_requires_grad(base):
            bname = name_of(base, tr("explain.a_tensor_requiring_grad"))
            b, a = values(base), values(t)
            if b is a or np.shares_memory(b, a) and _same(base, t):
                return make(
                    "detach",
                    tr("explain.detach", t=tname, b=bname),
                    source=base,
                )
            return make(
                "no_grad",
                tr("explain.no_grad_view", t=tname, b=bname),
                source=base,
            )
        pool = candidates + (_tensors_in(_nodes(output)) if output is not None else [])
        for c in pool:
            if observe.own_requires_grad(c) and _shares(c, t):
                cname = name_of(c, tr("explain.a_tensor_requiring_grad"))
                return make(
                    "data",
                    tr("explain.data", t=tname, c=cname),
                    source=c,
                )
        note = ""
        if not is_grad_enabled():
            note = tr("explain.grad_mode_off")
        return make(
            "requires_grad_false",
            tr("explain.requires_grad_false", t=tname) + note,
        )

    # 3. t is a leaf that requires grad (or a non-leaf with retain_grad) and an output is given
    if output is not None:
        oname = name_of(output, tr("explain.the_output"))
        nodes = _nodes(output)
        target = t.grad_fn if t.grad_fn is not None else observe.grad_accumulator(t)
        if output is not t and (target is None or all(n is not target for n in nodes)):
            for c in _tensors_in(nodes):
                if not observe.own_requires_grad(c) and _shares(c, t):
                    how = "detach" if observe.detached_from(c) is t else "data"
                    made = f"{tname}.detach()" if how == "detach" else f"{tname}.data"
                    return make(
                        how,
                        tr("explain.cut_copy", t=tname, o=oname, made=made),
                        source=t,
                    )
            return make(
                "not_connected",
                tr(
                    "explain.not_connected_no_graph"
                    if output.grad_fn is None
                    else "explain.not_connected",
                    t=tname,
                    o=oname,
                ),
            )
        failing = _backward_problem(output, gradient, name_of, oname, ids)
        if failing is not None:
            failing.tensor = t
            return failing
        if t.grad is None:
            return make(
                "not_run_yet",
                tr("explain.not_run_yet_output", t=tname, o=oname),
            )
        return make("ok", tr("explain.ok_output", t=tname, o=oname))

    # 4. a leaf that requires grad, no output given
    if t.grad is None:
        return make(
            "not_run_yet",
            tr("explain.not_run_yet", t=tname),
        )
    return make("ok", tr("explain.ok_leaf", t=tname))


def _ids(found: list, names: dict | None) -> dict[int, str]:
    """``id(tensor) -> name``: the caller's variables, then ``names=`` on top."""
    ids: dict[int, str] = {}
    for name, value in found:
        ids.setdefault(id(value), name)
    for k, v in (names or {}).items():
        tensor, name = (v, k) if isinstance(k, str) else (k, v)
        ids[id(tensor)] = str(name)
    return ids


def _same(a: Tensor, b: Tensor) -> bool:
    x, y = values(a), values(b)
    return x.shape == y.shape and x.strides == y.strides


def _backward_problem(
    out: Tensor, gradient: Any, name_of: Any, oname: str, ids: dict[int, str]
) -> Explanation | None:
    """Why ``out.backward(gradient)`` would fail, or None if it would work."""

    def make(cause: str, text: str, **kw: Any) -> Explanation:
        return Explanation(cause, text, out, out, ids, **kw)

    if not observe.own_requires_grad(out):
        return make(
            "nothing_requires_grad",
            tr("explain.nothing_requires_grad", o=oname),
        )
    if gradient is None and out.numel() != 1:
        return make(
            "non_scalar",
            tr("explain.non_scalar", o=oname, n=out.numel(), shape=list(out.shape)),
        )
    problems = []
    for node in _nodes(out):
        if type(node) is AccumulateGrad:
            continue
        message = _saved_problem(node)
        if message:
            cause = "freed" if node.is_freed else "inplace"
            problems.append((cause, node, message))
    if not problems:
        return None
    cause, node, message = problems[0]
    value = None
    if cause == "freed":
        text = tr("explain.freed", o=oname, node=node.name(), message=message)
    else:
        changed = _modified_tensor(node)
        now, then = (changed.now, changed.saved) if changed is not None else (0, 0)
        if changed is None:  # (the check failed, so some saved version moved on)
            what = tr("explain.an_input")
        elif changed.is_output:
            what = tr("explain.its_own_output", node=node.name())
        else:
            value = changed.tensor
            what = name_of(value, tr("explain.an_input"))
            fn = value.grad_fn
            if fn is not None and observe.sequence_nr(fn) > observe.sequence_nr(node):
                what += tr("explain.changed_by", fn=fn.name())
        text = tr(
            "explain.inplace",
            o=oname,
            node=node.name(),
            what=what,
            now=now,
            then=then,
            message=message,
        )
    result = make(cause, text, node=node, problems=problems)
    if cause == "inplace" and value is not None:
        result.modified = value
    return result
