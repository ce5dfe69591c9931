"""Stepping a big backward pass module by module.

A replay (:mod:`minigrad.widgets._replay`) of a 300-node Transformer has 300
steps, and a picture of 300 nodes is unreadable. Grouped by module (see
:mod:`minigrad.viz.modules`), the same replay reads like the model's code: one
box per module (``layers.0``, ``layers.1``...), and one step each time the
engine's run moves from one module to another. The engine's order is kept: a
module the engine enters twice (a residual connection) gets two steps.

Each box says how many of its nodes ran and how many of its parameters have a
gradient; each arrow between two modules carries the gradient that crossed
there (or how many did, when several edges cross). The numbers are the engine's
own, from the same recording as the node-by-node frames.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import text as tr
from . import labels
from .forward import var_label
from .module_picture import CALL, as_dag
from .modules import at_depth, choose_depth, grouping, place
from .steps import CURRENT, WAITING, _Frame, _np, render_frames

PARTLY = {"fillcolor": "white", "color": "#333333"}  # some of the module's nodes ran


@dataclass(repr=False)
class ModuleView:
    """A replay grouped by module: ``steps`` for the stepper, ``groups`` in graph order,
    ``group_of`` (node id -> group) and ``covers`` (module step -> engine step indices)."""

    rec: Any
    graph: Any
    groups: list[str]
    group_of: dict[str, str]
    depth: int
    steps: list
    covers: list[list[int]]
    kinds: dict[str, str]

    def __repr__(self) -> str:
        return f"ModuleView(depth={self.depth}, groups={self.groups!r}, steps={len(self.steps)})"

    def display(self, group: str) -> str:
        """A group's name in a picture: its path and module class, or "outside"."""
        if group == REST:
            return tr("modsteps.rest")
        group = group.split(CALL)[0]  # one box per call of a module called several times
        if not group:
            return tr("modsteps.outside")
        kind = self.kinds.get(group)
        return f"{group} ({kind})" if kind else group


REST = "\x00rest"  # the group of every node outside an opened module


def group_replay(
    rec: Any,
    graph: Any,
    modules: dict,
    kinds: dict,
    depth: int | None = None,
    inside: set[str] | None = None,
    near: dict | None = None,
) -> Any:
    """Group the replay ``rec`` of ``graph`` by the module paths ``modules`` (node id ->
    path), at ``depth`` (chosen so that the picture stays legible when None).
    With ``inside`` (node ids of one module), the other nodes are one box, the rest
    of the graph, and only the steps inside the module are steps."""
    from ..widgets._replay import Step

    mine = modules if inside is None else {b: p for b, p in modules.items() if b in inside}
    auto = depth is None and inside is None  # the whole graph, depth chosen here
    group = grouping(mine.values()) if depth is None else (lambda p: at_depth(p, depth))
    depth = depth or choose_depth(mine.values())
    near = near or {}
    if auto:  # boxes that make no cycle (see module_picture.as_dag), maybe coarser
        group_of = as_dag(graph, modules, near)
        paths = [g.split(CALL)[0] for g in group_of.values()]
        depth = max((len(p.split(".")) for p in paths if p), default=depth)
    else:
        group_of = {bid: place(path, near.get(bid), group) for bid, path in modules.items()}
    if inside is not None:
        group_of = {bid: g if bid in inside else REST for bid, g in group_of.items()}
    groups: list[str] = []
    for b in graph.nodes:
        if group_of[b.id] not in groups:
            groups.append(group_of[b.id])
    bid_of = {id(b.fn): b.id for b in graph.nodes}
    view = ModuleView(rec, graph, groups, group_of, depth, [], [], kinds)
    runs: list[list[int]] = []
    for k, s in enumerate(rec.steps):
        if s.kind == "node":
            g = group_of.get(bid_of.get(id(s.node), ""), "")
            if runs and rec.steps[runs[-1][-1]].kind == "node" and _group(view, runs[-1]) == g:
                runs[-1].append(k)
                continue
        runs.append([k])
    if inside is not None:  # the steps outside the module are not steps here
        runs = [r for r in runs if rec.steps[r[0]].kind != "node" or _group(view, r) != REST]
    for j, run in enumerate(runs):
        first, last = rec.steps[run[0]], rec.steps[run[-1]]
        if first.kind != "node":
            step = Step(j, first.kind, first.name, first.node, text=first.text, error=first.error)
        else:
            g = _group(view, run)
            text = tr(
                "modsteps.run",
                module=view.display(g),
                n=len(run),
                first=first.name.split("::")[-1],
                last=last.name.split("::")[-1],
            )
            step = Step(j, "node", g, None, text=text)
        step.leaf_grads = dict(last.leaf_grads)
        view.steps.append(step)
        view.covers.append(run)
    return view


def _group(view: ModuleView, run: list[int]) -> str:
    node = view.rec.steps[run[0]].node
    bid = next(b.id for b in view.graph.nodes if b.fn is node)
    return view.group_of[bid]


def module_sources(view: ModuleView, rankdir: str = "auto", legend: bool = True) -> list[str]:
    """The DOT text of every module step of ``view``, each box the same size at every step."""
    frames = [_frame(view, j) for j in range(len(view.steps))]
    return render_frames(
        frames, "TB" if rankdir == "auto" else rankdir, legend, view.rec.error is not None
    )


def _frame(view: ModuleView, j: int) -> _Frame:
    rec, graph = view.rec, view.graph
    upto = view.covers[j][-1]
    ran = {id(s.node): s for s in rec.steps[: upto + 1] if s.kind == "node"}
    current = view.steps[j].name if view.steps[j].kind == "node" else None
    gid = {g: f"m{k}" for k, g in enumerate(view.groups)}
    members: dict[str, list] = {g: [] for g in view.groups}
    for b in graph.nodes:
        members[view.group_of[b.id]].append(b)
    leaf_grads = view.steps[j].leaf_grads
    names = {id(t): n for n, t in rec.leaves.items()}
    dot = _Frame()
    for g in view.groups:
        nodes = members[g]
        done = sum(id(b.fn) in ran for b in nodes)
        params = [b.leaf for b in nodes if b.leaf is not None]
        with_grad = sum(leaf_grads.get(names.get(id(p), "")) is not None for p in params)
        lines = [("value", view.display(g))]
        if g == REST:
            dot.node(gid[g], "more", labels.html(*lines))
            continue
        lines.append(("small", tr("modsteps.ran", ran=done, n=len(nodes))))
        if params:
            lines.append(("grad", tr("modsteps.params", n=len(params), done=with_grad)))
        extra: dict[str, str] = {}
        if g == current:
            extra = dict(CURRENT)
        elif done == 0:
            extra = dict(WAITING)
        elif done < len(nodes):
            extra = dict(PARTLY)
        dot.node(gid[g], "grad_fn", labels.html(*lines), **extra)
    start = rec.steps[0].grads_out[0] if rec.steps[0].grads_out else None
    if graph.nodes and view.group_of[graph.nodes[0].id] != REST:  # (an opened module: no)
        dot.node("out", "root", var_label(rec.output, None, True, _np))
        seed = labels.html(("value", "None" if start is None else labels.short_value(start)))
        dot.edge(gid[view.group_of[graph.nodes[0].id]], "out", "grad", seed, penwidth="2")
    crossing: dict[tuple[str, str], list] = {}
    for src, i, dst, _nr in graph.edges:
        a, b = view.group_of[src], view.group_of.get(dst)
        if b is None or a == b:
            continue
        s = ran.get(id(graph.nodes[int(src[1:])].fn))
        sent = s.sent[i] if s is not None and i < len(s.sent) else None
        crossing.setdefault((a, b), []).append(sent)
    for (a, b), sent in crossing.items():
        got = [x for x in sent if x is not None]
        if not got:
            dot.edge(gid[b], gid[a], "grad_none")
            continue
        if len(sent) == 1:
            text = labels.short_value(got[0])
        else:
            text = tr("modsteps.crossed", got=len(got), n=len(sent))
        bold = {"penwidth": "3"} if a == current else {}
        dot.edge(gid[b], gid[a], "grad", labels.html(("value", text)), **bold)
    return dot
