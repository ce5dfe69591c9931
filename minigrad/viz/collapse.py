"""Folding repeated structure: ``draw_forward(t, collapse=True)``.

A deep network repeats itself: ``Linear → Tanh`` ten times is ten copies of
the same few nodes, and a picture of all of them is too big to read. With
``collapse=True`` every run of two or more identical consecutive blocks is
drawn as one node, ``×N``, that names the ops of one block and the
parameters folded into it. The tensors where the run starts and ends stay
drawn, so the picture still reads from the input to the output.

How a run is found, on the graph as data flows (inputs → consumers):

1. The *spine* is the longest path that ends at the output: the chain of
   layers. Everything else hangs off it: a node that feeds a single spine
   node first (a layer's weight, its bias, the ``t`` that transposes the
   weight) is that node's *side*; a node that feeds several (a weight shared
   by every step of a loop) stays drawn, with an arrow into the fold.
2. Each spine node gets a signature: its op, and what its inputs are (the
   previous spine node, its side nodes' ops, a shared node by identity).
   Shapes and values of tensors are not part of it, so ``Linear(2, 8)`` and
   ``Linear(8, 8)`` are the same structure.
3. Along the spine, a block of signatures repeated back to back two times or
   more is a run (the run covering most nodes wins). A run is folded only if
   nothing inside it is used outside it, except its last node.

>>> import minigrad as torch
>>> from minigrad import viz
>>> h = torch.tensor([0.5], requires_grad=True)
>>> for _ in range(6):
...     h = torch.sin(h)
>>> src = viz.draw_forward(h, collapse=True).source
>>> "×5" in src and "sin" in src
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..i18n import text as tr
from . import labels
from .labels import values

MAX_PERIOD = 64  # the longest block (in spine nodes) looked for


@dataclass
class Fold:
    """One run of ``count`` identical blocks, drawn as node ``id``."""

    id: str
    count: int
    spine: list[str]  # the spine nodes of one block, in data-flow order
    members: set[str]  # every node drawn inside the fold
    first: str  # the first and last spine nodes of the whole run
    last: str


@dataclass
class Folding:
    """The folds of one graph, and where each folded node went."""

    folds: list[Fold] = field(default_factory=list)
    where: dict[str, str] = field(default_factory=dict)  # node id -> fold id

    def redirect(self, node: str) -> str:
        return self.where.get(node, node)

    def hidden(self, node: str) -> bool:
        return node in self.where


def find_folds(
    nodes: list[str],
    edges: list[tuple[str, str]],
    root: str,
    token: Mapping[str, str],
    interface: Callable[[str], bool] = lambda n: False,
) -> Folding:
    """The runs of repeated blocks in a DAG, as a :class:`Folding`.

    ``edges`` go the way data flows (input → consumer), each in the order of
    its consumer's inputs; ``token(n)`` is what node ``n`` is (its op, or the
    kind of tensor); ``interface(n)`` says that ``n`` may stay drawn at the
    ends of a run (the tensors between layers).

    >>> chain = ["x", "a", "b", "c", "d", "y"]
    >>> f = find_folds(chain, list(zip(chain, chain[1:])), "y",
    ...                {"x": "in", "a": "sin", "b": "sin", "c": "sin", "d": "sin", "y": "out"})
    >>> [(fold.count, fold.spine) for fold in f.folds]
    [(4, ['a'])]
    """
    preds: dict[str, list[str]] = {n: [] for n in nodes}
    succs: dict[str, list[str]] = {n: [] for n in nodes}
    for a, b in edges:
        if a in preds and b in preds:
            preds[b].append(a)
            succs[a].append(b)
    order = _topological(nodes, preds, succs)
    if order is None or root not in preds:
        return Folding()
    spine = _spine(order, preds, root)
    # a source used all along the chain (the weight of every step of a loop) is not
    # where the chain starts: it is shared
    while len(spine) > 1 and len(set(succs[spine[0]])) > 1:
        spine.pop(0)
    pos = {s: k for k, s in enumerate(spine)}

    # each other node: the spine nodes it reaches first
    owners: dict[str, frozenset[str]] = {}
    for n in reversed(order):
        if n in pos:
            continue
        got: set[str] = set()
        for c in succs[n]:
            got |= {c} if c in pos else owners.get(c, frozenset())
        owners[n] = frozenset(got)
    side: dict[str, list[str]] = {s: [] for s in spine}
    for n in order:
        if n not in pos and len(owners[n]) == 1:
            side[next(iter(owners[n]))].append(n)

    def canon(n: str, s: str, memo: dict[str, str]) -> str:
        if n in pos:  # a spine node, by its distance back from s
            return f"S{pos[s] - pos[n]}"
        if owners[n] != frozenset({s}):  # shared between several spine nodes
            return f"shared:{n}"
        if n not in memo:
            memo[n] = f"{token[n]}(" + ",".join(canon(p, s, memo) for p in preds[n]) + ")"
        return memo[n]

    sigs = []
    for s in spine:
        memo: dict[str, str] = {}
        sigs.append(f"{token[s]}(" + ",".join(canon(p, s, memo) for p in preds[s]) + ")")

    def members_of(i: int, j: int) -> set[str]:
        """Spine nodes i..j (inclusive), their sides, with interface ends left out."""
        if interface(spine[i]):
            i += 1
        if interface(spine[j]):
            j -= 1
        out: set[str] = set()
        for s in spine[i : j + 1]:
            out.add(s)
            out.update(side[s])
        return out

    def valid(inside: set[str], i: int, j: int) -> bool:
        if not inside or root in inside and j != len(spine) - 1:
            return False
        exits = {a for a in inside for b in succs[a] if b not in inside}
        last = spine[j - 1] if interface(spine[j]) else spine[j]
        if exits - {last}:
            return False
        return sum(not interface(n) for n in inside) >= 2

    folding = Folding()
    i = 0
    while i < len(spine):
        best: tuple[int, int] | None = None  # (period, count)
        for p in range(1, min(MAX_PERIOD, (len(spine) - i) // 2) + 1):
            count = 1
            while sigs[i + count * p : i + (count + 1) * p] == sigs[i : i + p]:
                count += 1
            if count >= 2 and (best is None or p * count > best[0] * best[1]):
                best = (p, count)
        done = False
        if best is not None:
            p, count = best
            while count >= 2 and not done:
                j = i + p * count - 1
                inside = members_of(i, j)
                if valid(inside, i, j):
                    fold = Fold(
                        f"fold{len(folding.folds)}",
                        count,
                        spine[i : i + p],
                        inside,
                        spine[i],
                        spine[j],
                    )
                    folding.folds.append(fold)
                    folding.where.update(dict.fromkeys(inside, fold.id))
                    i = j + 1
                    done = True
                else:
                    count -= 1
        if not done:
            i += 1
    return folding


def _topological(nodes: list[str], preds: dict, succs: dict) -> list[str] | None:
    """Inputs before consumers (Kahn's algorithm, in the nodes' order); None for a cycle."""
    waiting = {n: len(set(preds[n])) for n in nodes}
    ready = [n for n in nodes if waiting[n] == 0]
    order: list[str] = []
    while ready:
        n = ready.pop(0)
        order.append(n)
        for c in dict.fromkeys(succs[n]):
            waiting[c] -= 1
            if waiting[c] == 0:
                ready.append(c)
    return order if len(order) == len(nodes) else None


def _spine(order: list[str], preds: dict, root: str) -> list[str]:
    """The longest path that ends at ``root``, in data-flow order."""
    depth: dict[str, int] = {}
    for n in order:
        depth[n] = 1 + max((depth[p] for p in preds[n]), default=-1)
    path = [root]
    while preds[path[-1]]:
        here = preds[path[-1]]
        deepest = max(depth[p] for p in here)
        path.append(next(p for p in here if depth[p] == deepest))
    return path[::-1]


# --- labels ---------------------------------------------------------------------------
def names_text(names: list[str], most: int = 4) -> str:
    """``0.weight, 0.bias, … 4.bias (6)``: a list of names, shortened.

    >>> names_text(["a", "b"])
    'a, b'
    >>> names_text([f"p{k}" for k in range(9)])
    'p0, p1, … p7, p8 (9)'
    """
    if len(names) <= most:
        return ", ".join(names)
    half = most // 2
    return f"{', '.join(names[:half])}, … {', '.join(names[-half:])} ({len(names)})"


WIDTH = 60  # no line of a fold's label is longer (a Transformer layer has 70 steps)


def steps_text(steps: list[str], arrow: str, width: int = WIDTH) -> str:
    """One block's steps, ``tanh → addmm``; a long block as its first and last steps.

    >>> steps_text(["mul", "add"], "→")
    'mul → add'
    >>> steps_text([f"op{k}" for k in range(40)], "→")
    'op0 → op1 → op2 → op3 → op4 → … → op38 → op39 (40 steps)'
    """
    full = f" {arrow} ".join(steps)
    if len(full) <= width:
        return full
    head: list[str] = []
    tail: list[str] = []
    for step in steps:  # as many first steps as fit in half the width, then the last
        if len(f" {arrow} ".join(head + [step])) > width // 2:
            break
        head.append(step)
    for step in reversed(steps[len(head) :]):
        if len(f" {arrow} ".join([step] + tail)) > width // 4:
            break
        tail.insert(0, step)
    middle = f" {arrow} … {arrow} " if tail else f" {arrow} … "
    return (
        f" {arrow} ".join(head)
        + middle
        + f" {arrow} ".join(tail)
        + tr("viz.fold_steps", n=len(steps))
    )


def fold_label(count: int, steps: list[str], arrow: str, params: list[str]) -> str:
    """The label of a fold: ``×3``, one block's steps, and the parameters inside;
    no line longer than about ``WIDTH`` characters."""
    lines: list[tuple[str, str]] = [("name", f"×{count}"), ("value", steps_text(steps, arrow))]
    if params:
        text = tr("viz.fold_params", names=names_text(params))
        if len(text) > WIDTH:  # long module paths: the first and last, and how many
            text = tr("viz.fold_params", names=names_text(params, most=2))
        if len(text) > WIDTH:
            text = tr("viz.fold_params", names=f"{params[0]}, … ({len(params)})")
        lines.append(("small", text))
    return labels.html(*lines)


def draw_folds(dot: Any, folding: Folding, label: Callable[[Fold], str], prefix: str = "") -> None:
    """Add one ``fold`` node per run to ``dot``."""
    for fold in folding.folds:
        dot.node(prefix + fold.id, "fold", label(fold))


def redirected(
    folding: Folding | None, src: str, dst: str, seen: set[tuple[str, str]]
) -> tuple[str, str] | None:
    """The edge ``src → dst`` once folded nodes are replaced by their fold; None when the
    edge is inside one fold or already drawn."""
    if folding is None:
        return src, dst
    a, b = folding.redirect(src), folding.redirect(dst)
    if a == b and (a != src or b != dst):
        return None
    if (a != src or b != dst) and (a, b) in seen:
        return None
    seen.add((a, b))
    return a, b


# --- the two views ----------------------------------------------------------------------
def fold_forward(graph: Any, names: Mapping[tuple, str]) -> tuple[Folding, Callable[[Fold], str]]:
    """The folds of a forward graph (:class:`~minigrad.viz.walk.ForwardGraph`), and
    how to label them."""
    from .forward import op_settings, var_kind

    token: dict[str, str] = {}
    what: dict[str, Any] = {}
    for v in graph.vars:
        token[v.id] = var_kind(v, v is graph.root) + (f"cut:{v.cut}" if v.cut else "")
        what[v.id] = v
    for op in graph.ops:
        token[op.id] = f"op:{op.name}[{op_settings(op.node)}]" + ("traced" if op.traced else "")
        what[op.id] = op
    for n in graph.numbers:
        token[n.id] = f"number:{n.value!r}"
    nodes = list(token)  # (an elided graph's MORE node is never folded: it stays drawn)
    edges = [(a, b) for a, b, _ in graph.edges] + [(a, b) for a, b, _ in graph.cuts]
    computed = {v.id for v in graph.vars if v.tensor.grad_fn is not None}
    folding = find_folds(nodes, edges, graph.root.id, token, computed.__contains__)

    def label(fold: Fold) -> str:
        ops = [s for s in fold.spine if s in what and s not in computed]
        steps = [labels.op_name(what[s].name) for s in ops] or ["block"]
        params = [
            names.get(what[n].key) or labels.shape_text(values(what[n].tensor)) or "leaf"
            for n in sorted(fold.members, key=_number)
            if n in what
            and hasattr(what[n], "key")
            and what[n].tensor.requires_grad
            and what[n].tensor.grad_fn is None
        ]
        return fold_label(fold.count, steps, "→", sorted(params, key=_natural))

    return folding, label


def fold_backward(
    graph: Any, names: Mapping[tuple, str], adapter: Any
) -> tuple[Folding, Callable[[Fold], str]]:
    """The folds of a gradient-flow graph (:class:`~minigrad.viz.walk.BackwardGraph`)."""
    from .walk import tensor_key

    token: dict[str, str] = {}
    by_id = {b.id: b for b in graph.nodes}
    for b in graph.nodes:
        token[b.id] = "AccumulateGrad" if b.leaf is not None else adapter.name(b.fn)
    nodes = list(token)
    edges = []
    for src, _i, dst, *_ in graph.edges:
        edges.append((dst, src))  # the gradient goes src -> dst; the data went dst -> src
    if not graph.nodes:
        return Folding(), lambda fold: ""
    folding = find_folds(nodes, edges, graph.nodes[0].id, token)

    def label(fold: Fold) -> str:
        steps = [labels.node_title(adapter.name(by_id[s].fn)) for s in fold.spine if s in by_id]
        params = [
            names.get(tensor_key(by_id[n].leaf)) or "leaf"
            for n in sorted(fold.members, key=_number)
            if n in by_id and by_id[n].leaf is not None
        ]
        return fold_label(fold.count, steps, "←", sorted(params, key=_natural))

    return folding, label


def _natural(text: str) -> list:
    """Sort key that puts ``2.weight`` before ``10.weight``."""
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"(\d+)", text)]


def _number(node_id: str) -> tuple[str, int]:
    """Sort key of a picture id: ``v10`` after ``v9``."""
    head = node_id.rstrip("0123456789")
    tail = node_id[len(head) :]
    return head, int(tail) if tail else -1
