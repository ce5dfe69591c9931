"""Which module each node of a backward graph belongs to, for pictures of big models.

A 4-layer Transformer has about 300 backward nodes: too many to read one by one.
Grouped by module (``encoder.layers.0``, ``encoder.layers.1``, ``decoder``...),
like torchview's ``depth``, it has a dozen. autograd does not remember modules,
but it remembers the parameters, and those have names (``encoder.layers.0.
linear1.weight``: module ``encoder.layers.0.linear1``). So:

1. a node that uses a parameter directly (``AddmmBackward0`` → ``AccumulateGrad``
   of a weight, maybe through ``TBackward0``) belongs to that parameter's module;
2. any other node (an activation, a residual ``add``, a softmax) belongs to what
   the modules around it share: the common prefix of the nearest labelled nodes
   on both sides (``relu`` between ``layer1.0.bn1`` and ``layer1.0.conv2`` belongs
   to ``layer1.0``). What no module claims is ``""``: outside every module.

>>> paths = ["encoder.layers.0.linear1", "encoder.layers.0.norm1"]
>>> common(paths)
'encoder.layers.0'
>>> at_depth("encoder.layers.0.linear1", 2)
'encoder.layers'
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

MAX_GROUPS = 24  # a grouped picture is legible up to about this many boxes


def module_of(param_path: str) -> str:
    """``encoder.layers.0.linear1.weight`` -> ``encoder.layers.0.linear1``."""
    return param_path.rsplit(".", 1)[0] if "." in param_path else ""


def common(paths: Iterable[str]) -> str:
    """The longest module path that all ``paths`` are inside of."""
    parts = [p.split(".") if p else [] for p in paths]
    if not parts:
        return ""
    out = []
    for level in zip(*parts):
        if len(set(level)) != 1:
            break
        out.append(level[0])
    return ".".join(out)


def at_depth(path: str, depth: int) -> str:
    """``path`` cut to its first ``depth`` parts."""
    return ".".join(path.split(".")[:depth]) if path else ""


def node_modules(
    graph: Any, leaf_name: Callable[[Any], str | None], near: dict | None = None
) -> dict:
    """``node id -> module path`` for every node of ``graph`` (a :class:`BackwardGraph`).

    ``leaf_name(leaf)`` gives a leaf's name (a parameter's path, ``0.weight``) or None.
    ``near``, when given, receives for each node placed by its neighbours the module
    paths of the nearest labelled nodes ``(towards the output, towards the inputs)``:
    a picture that groups modules places the node with them (see :func:`place`).
    """
    by_id = {b.id: b for b in graph.nodes}
    down: dict[str, list[str]] = {b.id: [] for b in graph.nodes}  # towards the leaves
    up: dict[str, list[str]] = {b.id: [] for b in graph.nodes}  # towards the output
    for src, _i, dst, *_ in graph.edges:
        if dst in by_id:
            down[src].append(dst)
            up[dst].append(src)
    label: dict[str, str | None] = {}
    for b in graph.nodes:  # the leaves: a parameter's module
        if b.leaf is not None:
            name = leaf_name(b.leaf)
            label[b.id] = module_of(name) if name and "." in name else None
    for b in graph.nodes:  # 1. a node that uses parameters directly
        if b.leaf is not None:
            continue
        found = []
        for c in down[b.id]:
            if by_id[c].leaf is not None:
                found.append(label.get(c))
            elif len(down[c]) == 1 and by_id[down[c][0]].leaf is not None:  # through a t()
                found.append(label.get(down[c][0]))
        found = [f for f in found if f is not None]
        if found:
            label[b.id] = common(found)
    placed = {k: v for k, v in label.items() if v is not None}  # by parameters only
    for b in graph.nodes:  # 2. what the nearest labelled nodes on both sides share
        if label.get(b.id) is None and b.leaf is None:
            below, above = _nearest(b.id, down, placed), _nearest(b.id, up, placed)
            label[b.id] = common(below + above)
            if near is not None:
                near[b.id] = (above, below)
    for b in graph.nodes:  # a leaf that is no module's parameter: with its user
        if label.get(b.id) is None:
            label[b.id] = common(label.get(u) or "" for u in up[b.id]) if up[b.id] else ""
    return {k: v or "" for k, v in label.items()}


def _nearest(start: str, step: dict, label: dict) -> list[str]:
    """The labels of the nearest labelled nodes from ``start`` along ``step``; a path
    that ends (at the output, or at an input) without one counts as outside: ``""``."""
    found: list[str] = []
    seen = {start}
    queue = deque([start])
    while queue and len(seen) < 2000:
        n = queue.popleft()
        if not step[n]:
            found.append("")
        for m in step[n]:
            if m in seen:
                continue
            seen.add(m)
            lab = label.get(m)
            if lab is not None:
                found.append(lab)
            else:
                queue.append(m)
    return found


def place(path: str, around: tuple[list, list] | None, group: Callable[[str], str]) -> str:
    """The group of a node that no parameter places (an activation, a residual ``add``):
    its neighbours' group when they agree (``tanh`` between ``layers.0–19`` and
    ``layers.0–19``), the enclosing one when one group holds the other (the softmax
    between ``self_attn`` and ``self_attn.out_proj``), the module on both sides of it
    (the ``add`` of a residual connection inside ``layers.0``), else the group of the
    module that uses its result (an ``add`` between ``layers.0`` and ``layers.1``).
    Paths that reach the output without meeting a module count only when no module
    uses the result (the loss after the model is outside it)."""
    if around is None:
        return group(path)
    above, below = around
    if any(above):  # its result goes on into a module: a path that met none (the
        above, below = [p for p in above if p], [p for p in below if p]  # output) is no say
    groups = {group(p) for p in above + below}
    if len(groups) == 1:
        return groups.pop()
    enclosing = common(groups)
    if enclosing in groups:  # between a module and one of its parts: in the module
        return enclosing
    between = _between(groups)
    if between:  # between layers 1 and 6 of a Sequential: layers 2 to 5 (no parameters)
        return between
    used_by = {group(p) for p in above}
    around_it = used_by & {group(p) for p in below}
    if len(around_it) == 1:  # a module's output comes back into it (a residual add)
        return around_it.pop()
    return used_by.pop() if len(used_by) == 1 else group(path)


def _between(groups: set[str]) -> str:
    """``"2–5"`` for the numbered siblings strictly between two groups ``"1"`` and ``"6"``
    (the parameter-less layers of a ``Sequential``: ReLU, pooling, dropout...), else ``""``.

    >>> _between({"features.1", "features.6"}), _between({"1", "2"}), _between({"a", "b"})
    ('features.2–5', '', '')
    """
    if len(groups) != 2:
        return ""
    (pa, _, a), (pb, _, b) = (g.rpartition(".") for g in sorted(groups))
    if pa != pb or not (a.isdigit() and b.isdigit()):
        return ""
    lo, hi = sorted((int(a), int(b)))
    if hi - lo < 2:
        return ""
    name = str(lo + 1) if hi - lo == 2 else f"{lo + 1}–{hi - 1}"
    return f"{pa}.{name}" if pa else name


def grouping(paths: Iterable[str], most: int = MAX_GROUPS) -> Callable[[str], str]:
    """How to group ``paths`` into at most about ``most`` groups: by module path at the
    deepest depth that allows it; when even that gives too many (a ``Sequential`` of
    300 layers), numbered siblings go into ranges: ``layers.0–19``, ``layers.20–39``.

    >>> group = grouping([str(k) for k in range(100)], most=10)
    >>> group("0"), group("57")
    ('0–9', '50–59')
    """
    paths = set(paths)
    depth = choose_depth(paths, most)
    groups = {at_depth(p, depth) for p in paths}
    if len(groups) <= most:
        return lambda p: at_depth(p, depth)
    numbered = [g for g in groups if g.rsplit(".", 1)[-1].isdigit()]
    top = max((int(g.rsplit(".", 1)[-1]) for g in numbered), default=0)
    room = max(most - (len(groups) - len(numbered)), 1)
    size = -(-(top + 1) // room)  # ceiling division

    def group(p: str) -> str:
        g = at_depth(p, depth)
        parent, _, last = g.rpartition(".")
        if not last.isdigit():
            return g
        lo = int(last) // size * size
        hi = min(lo + size - 1, top)
        name = f"{lo}–{hi}" if hi > lo else str(lo)
        return f"{parent}.{name}" if parent else name

    return group


def choose_depth(paths: Iterable[str], most: int = MAX_GROUPS) -> int:
    """The deepest grouping with at most ``most`` groups (at least 1)."""
    paths = set(paths)
    deepest = max((len(p.split(".")) for p in paths if p), default=1)
    best = 1
    for depth in range(1, deepest + 1):
        if len({at_depth(p, depth) for p in paths}) <= most:
            best = depth
    return best
