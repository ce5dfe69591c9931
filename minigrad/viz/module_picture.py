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
from .modules import MAX_GROUPS, at_depth, choose_depth, grouping, node_modules, place
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


CALL = "\x00"  # joins a module's path and the number of one of its calls


def as_dag(
    graph: Any, modules: dict[str, str], near: dict, most: int = MAX_GROUPS
) -> dict[str, str]:
    """``node id -> box``: one box per module, grouped as :func:`grouping` chooses,
    and refined so that the boxes, like the graph, have no cycle.

    A box must not hold pieces that are not joined: what runs outside every module
    is split into its connected pieces (the ``add`` after layer 0 and the loss are
    two boxes, not one box that both feeds layer 1 and follows it). If the boxes still
    make a cycle (a module called in a loop, an RNN cell), each call of a module
    becomes its own box. If that still leaves one (a submodule drawn beside the
    module that runs code on both sides of it), coarser modules are tried
    (``layers.0`` rather than ``layers.0.self_attn``); last, the graph is cut across
    by depth (:func:`stages`), which never makes a cycle.
    """
    depth = choose_depth(modules.values(), most)
    coarser = [lambda p, d=d: at_depth(p, d) for d in range(depth - 1, 0, -1)]
    for group in [grouping(modules.values(), most), *coarser]:
        group_of = {b: place(p, near.get(b), group) for b, p in modules.items()}
        for only in ({""}, None):
            refined = _pieces(graph, group_of, only)
            if _acyclic(graph, refined):
                return refined
    return stages(graph, most)


def _pieces(graph: Any, group_of: dict[str, str], only: set | None) -> dict[str, str]:
    """Each group (of ``only``, or every group) split into its connected pieces; a leaf
    goes with its first user in the graph's order (a parameter that two calls share)."""
    parent = {b.id: b.id for b in graph.nodes}

    def root(n: str) -> str:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    leaves = {b.id for b in graph.nodes if b.leaf is not None}
    first_user: dict[str, str] = {}
    for src, _i, dst, *_ in graph.edges:
        if dst not in parent or group_of[src] != group_of[dst]:
            continue
        if dst in leaves:
            first_user.setdefault(dst, src)
        else:
            parent[root(src)] = root(dst)
    for leaf, user in first_user.items():
        parent[leaf] = root(user)
    calls: dict[str, dict[str, int]] = {}  # group -> piece (its root) -> its number
    out = {}
    for b in graph.nodes:
        g = group_of[b.id]
        if only is not None and g not in only:
            out[b.id] = g
            continue
        seen = calls.setdefault(g, {})
        k = seen.setdefault(root(b.id), len(seen))
        out[b.id] = g if k == 0 else f"{g}{CALL}{k}"
    return out


def _acyclic(graph: Any, group_of: dict[str, str]) -> bool:
    """Do the boxes of ``group_of``, joined as the graph's edges join their nodes, form
    a DAG? (Kahn's algorithm on the boxes.)"""
    succ: dict[str, set[str]] = {g: set() for g in group_of.values()}
    for src, _i, dst, *_ in graph.edges:
        a, b = group_of[src], group_of.get(dst)
        if b is not None and a != b:
            succ[a].add(b)
    waiting = {g: 0 for g in succ}
    for g in succ:
        for h in succ[g]:
            waiting[h] += 1
    ready = [g for g, n in waiting.items() if n == 0]
    seen = 0
    while ready:
        g = ready.pop()
        seen += 1
        for h in succ[g]:
            waiting[h] -= 1
            if not waiting[h]:
                ready.append(h)
    return seen == len(succ)


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
    most: int = MAX_GROUPS,
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
        group_of = as_dag(graph, node_modules(graph, leaf_name, near), near, most)
    else:
        group_of = stages(graph, most)
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
        path = g.split(CALL)[0]  # one box per call: "enc" twice for enc(a) and enc(b)
        title = (
            tr("modsteps.outside")
            if not path
            else f"{path} ({kinds[path]})"
            if path in kinds
            else path
        )
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
