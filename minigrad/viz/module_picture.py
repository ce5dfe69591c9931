"""A big graph drawn one box per module (like torchview's ``depth``).

``draw_forward`` and ``draw_backward`` of a graph with more than ``max_nodes``
nodes draw this by default rather than refuse: each box is a module
(``layers.0 (TransformerEncoderLayer)``, found as in :mod:`minigrad.viz.modules`),
with how many graph nodes it holds and how many parameters; arrows join modules
that pass tensors (forward) or gradients (backward) to each other. In the
gradient-flow view an arrow carries the gradient the engine sent across, once it
is known (after a backward, or with ``grads=True``); several edges crossing at
one place say how many they are.
"""

from __future__ import annotations

from typing import Any

from ..i18n import text as tr
from . import labels
from .forward import var_label
from .modules import MAX_GROUPS, grouping, node_modules, place
from .walk import tensor_key


def stages(graph: Any, most: int = MAX_GROUPS) -> dict[str, str]:
    """``node id -> "depth 1–6 from the output"``: the graph cut across, by each node's
    depth (its longest path from the output), into at most ``most`` stretches; arrows
    then join neighbouring stretches, as the layers of an RNN's time steps do."""
    inputs: dict[str, list[str]] = {b.id: [] for b in graph.nodes}
    waiting = {b.id: 0 for b in graph.nodes}
    for src, _i, dst, *_ in graph.edges:
        if dst in waiting:
            inputs[src].append(dst)
            waiting[dst] += 1
    depth = {b.id: 0 for b in graph.nodes}
    ready = [b for b, n in waiting.items() if n == 0]
    while ready:  # longest paths, in topological order from the output
        node = ready.pop()
        for nxt in inputs[node]:
            depth[nxt] = max(depth[nxt], depth[node] + 1)
            waiting[nxt] -= 1
            if not waiting[nxt]:
                ready.append(nxt)
    deepest = max(depth.values(), default=0) + 1
    size = -(-deepest // most)
    out = {}
    for bid, d in depth.items():
        first = d // size * size
        out[bid] = tr("modpic.stage", first=first + 1, last=min(first + size, deepest))
    return out


def has_modules(graph: Any, names: dict) -> bool:
    """Does ``graph`` use parameters of at least two modules (named ``a.weight``...)?"""
    found = {
        (names.get(tensor_key(b.leaf)) or "").rsplit(".", 1)[0]
        for b in graph.nodes
        if b.leaf is not None and "." in (names.get(tensor_key(b.leaf)) or "")
    }
    return len(found) >= 2


def module_body(
    dot: Any,
    graph: Any,
    names: dict,
    adapter: Any,
    grads: dict | None,
    kinds: dict[str, str],
    *,
    backward: bool,
    prefix: str = "",
    every: int = 0,
) -> None:
    """Add ``graph`` (a whole :class:`~minigrad.viz.walk.BackwardGraph`) to ``dot``, one
    box per module; ``grads`` are the edge gradients (see ``backward.edge_grads``);
    ``every`` is the ``max_nodes=`` that would draw every node, for the note.
    A graph with no modules (an RNN's parameters are its own) is cut into stages
    along its order from the output instead."""
    near: dict = {}

    def leaf_name(t: Any) -> str | None:
        return names.get(tensor_key(t))

    if has_modules(graph, names):
        modules = node_modules(graph, leaf_name, near)
        group_fn = grouping(modules.values())
        group_of = {b: place(p, near.get(b), group_fn) for b, p in modules.items()}
    else:
        group_of = stages(graph)
    groups: list[str] = []
    members: dict[str, list] = {}
    for b in graph.nodes:
        g = group_of[b.id]
        if g not in members:
            groups.append(g)
            members[g] = []
        members[g].append(b)
    gid = {g: f"{prefix}m{k}" for k, g in enumerate(groups)}
    for g in groups:
        nodes = members[g]
        params = [b.leaf for b in nodes if b.leaf is not None]
        title = tr("modsteps.outside") if not g else f"{g} ({kinds[g]})" if g in kinds else g
        lines = [("value", title), ("small", tr("modpic.nodes", n=len(nodes)))]
        if params:
            with_grad = sum(adapter.grad(p) is not None for p in params)
            key = "modsteps.params" if backward else "modpic.params"
            lines.append(("grad" if backward else "small", tr(key, n=len(params), done=with_grad)))
        dot.node(gid[g], "grad_fn" if backward else "op", labels.html(*lines))
    root = graph.root_tensor
    root_id = prefix + "out"
    dot.node(root_id, "root", var_label(root, names.get(tensor_key(root)), True, adapter.numpy))
    first = gid[group_of[graph.nodes[0].id]]
    if backward:
        seed = grads.get("seed") if grads is not None else None
        text = _text(seed, adapter) if grads is not None else ""
        dot.edge(first, root_id, "grad", labels.html(("value", text)))
    else:
        dot.edge(first, root_id, "data")
    crossing: dict[tuple[str, str], list] = {}
    for src, i, dst, _nr in graph.edges:
        a, b = group_of[src], group_of.get(dst)
        if b is not None and a != b:
            crossing.setdefault((a, b), []).append(grads.get((src, i)) if grads else None)
    for (a, b), sent in crossing.items():
        if not backward:  # tensors flow from b's module into a's
            dot.edge(gid[b], gid[a], "data")
            continue
        known = [g for g in sent if g is not None and hasattr(g, "shape")]
        if grads is None:
            text = ""
        elif len(sent) == 1:
            text = _text(sent[0], adapter)
        else:
            text = tr("modsteps.crossed", got=len(known), n=len(sent))
        dot.edge(
            gid[b],
            gid[a],
            "grad" if known or grads is None else "grad_none",
            labels.html(("value", text)) if text else "",
        )
    dot.note(tr("modpic.note", n=every or len(graph.nodes)))


def _text(g: Any, adapter: Any) -> str:
    if g is None or not hasattr(g, "shape"):
        return "n/a"
    return labels.short_value(adapter.numpy(g))
