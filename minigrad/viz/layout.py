"""Choosing a layout that fits: the direction from the graph's shape.

A picture is read in a notebook's output area, about 700 pt (950 CSS px) wide
next to JupyterLab's file browser. Left to right is the textbook's direction
and reads best while it fits; a long chain drawn left to right does not fit,
and is drawn top to bottom instead, where its length becomes height (which the
page scrolls). A wide graph (many tensors side by side) stays left to right,
where its breadth becomes height.

The sizes are *estimates* from the label text (graphviz is not run): close
enough to choose a direction. Whatever still does not fit is scaled down by
graphviz to ``style.MAX_WIDTH`` (the ``size`` attribute), never cut off.

>>> auto_rankdir(['  a [label=<x>]', '  b [label=<y>]', '  a -> b'])
'LR'
"""

from __future__ import annotations

import html
import re
import unicodedata

from . import style

_NODE = re.compile(r"^\s*(\w+) \[(.*)\]$")
_EDGE = re.compile(r"^\s*(\w+) -> (\w+)(?: \[(.*)\])?$")
_LABEL = re.compile(r"label=(<.*>)(?:, \w+=|$)")
_SIZE = re.compile(r'POINT-SIZE="([0-9.]+)"')
_TAG = re.compile(r"<[^>]*>")
_BREAK = re.compile(r"<BR[^>]*/>")
_CLUSTER = re.compile(r"^\s*subgraph (cluster_\w+) \{.*?fontsize=\"\d+\"; (.*) \}$")
# a value preview of three values or more: "[0.25, -1.5, 2.0, …]" (its first two kept)
_PREVIEW = re.compile(r"(?<=<BR/>)(\[[^\],<]+, [^\],<]+), [^\]<]+\]")

# Helvetica advance widths, in ems (narrow and wide letters; the rest is 0.56)
_NARROW = set("iljft.,:;'|!()[] ")
_MEDIUM = set("rI-")
_WIDE = set("mwMWGOQ∂…—")


def text_width(text: str, size: float) -> float:
    """The estimated width of one line of text, in points."""
    em = 0.0
    for ch in text:
        if ch in _NARROW:
            em += 0.28
        elif ch in _MEDIUM:
            em += 0.36
        elif ch in _WIDE:
            em += 0.85
        elif unicodedata.east_asian_width(ch) in "WF":  # Chinese: one full em
            em += 1.0
        elif ch.isupper():
            em += 0.68
        else:
            em += 0.56
    return em * size


def label_size(label: str, size: float = 12.0) -> tuple[float, float]:
    """(width, height) in points of an HTML-like label's text, lines stacked."""
    body = label[1:-1] if label.startswith("<") and label.endswith(">") else label
    width = height = 0.0
    for line in _BREAK.split(body):
        sizes = [float(s) for s in _SIZE.findall(line)]
        pt = min(sizes) if sizes else size
        text = html.unescape(_TAG.sub("", line))
        width = max(width, text_width(text, pt))
        height += 1.2 * pt
    return width, height


def _parse(lines: list[str]) -> tuple[dict, list]:
    nodes: dict[str, tuple[float, float]] = {}
    edges: list[tuple[str, str, float]] = []
    for line in lines:
        e = _EDGE.match(line)
        if e is not None:
            label = _LABEL.search(e.group(3) or "")
            w = label_size(label.group(1), 10)[0] if label else 0.0
            edges.append((e.group(1), e.group(2), w))
            continue
        n = _NODE.match(line)
        if n is not None and "label=" in n.group(2):
            label = _LABEL.search(n.group(2))
            w, h = label_size(label.group(1)) if label else (20.0, 12.0)
            pad = 1.45 if "ellipse" in n.group(2) else 1.0  # an ellipse around text is wider
            nodes[n.group(1)] = (w * pad + 18, h + 10)
    return nodes, edges


def _ranks(nodes: dict, edges: list) -> dict[str, int]:
    """Longest-path layering (the ranks dot would give, roughly)."""
    rank = dict.fromkeys(nodes, 0)
    for _ in range(len(nodes)):  # relax; a DAG settles in at most len(nodes) rounds
        changed = False
        for a, b, _w in edges:
            if a in rank and b in rank and rank[b] < rank[a] + 1:
                rank[b] = rank[a] + 1
                changed = True
        if not changed:
            break
    return rank


def widths(lines: list[str]) -> tuple[float, float]:
    """Estimated widths (points) of the graph in ``lines``: (left to right, top to bottom)."""
    nodes, edges = _parse(lines)
    if not nodes:
        return 0.0, 0.0
    rank = _ranks(nodes, edges)
    n_ranks = max(rank.values()) + 1
    by_rank: list[list[str]] = [[] for _ in range(n_ranks)]
    for node, r in rank.items():
        by_rank[r].append(node)
    gap = [0.0] * n_ranks  # widest edge label leaving each rank
    side = [0.0] * n_ranks  # all edge labels leaving each rank, side by side
    for a, b, w in edges:
        if a in rank and b in rank:
            gap[rank[a]] = max(gap[rank[a]], w)
            side[rank[a]] += w
    sep_lr, sep_tb = 72 * float(style.GRAPH["ranksep"]), 72 * float(style.GRAPH["nodesep"])
    lr = sum(max(nodes[n][0] for n in r) for r in by_rank if r)
    lr += sum(max(g + 8, sep_lr) for g in gap[:-1])
    tb = max(sum(nodes[n][0] + sep_tb for n in r) + side[k] for k, r in enumerate(by_rank))
    return lr, tb


def auto_rankdir(lines: list[str], budget: float | None = None) -> str:
    """``"LR"`` when the graph fits left to right (or is no wider that way), else ``"TB"``."""
    budget = style.FIT_WIDTH if budget is None else budget
    lr, tb = widths(lines)
    return "LR" if lr <= budget or lr <= tb else "TB"


def stagger(lines: list[str], budget: float | None = None, fans: bool = False) -> list[str]:
    """Top to bottom, many sources feeding one node (an LSTM's weights and inputs) make
    one row too wide to read. As graphviz's ``unflatten -l`` does, the edges from such
    sources get ``minlen`` 1, 2, 1, 2, ...: the sources sit on up to three rows, about
    three a row. A module's parameters, drawn in one cluster, sit above them on two
    rows of their own, held apart by invisible edges. With ``fans=True`` (``unflatten
    -f``), the edges out of one node to four or more others (a tensor that seven ops
    use) are staggered the same way.

    >>> lines = [f"  s{k} -> op" for k in range(4)]
    >>> [line.strip() for line in stagger(lines, budget=-1)][:2]
    ['s0 -> op', 's1 -> op [minlen=2]']
    >>> fan = [f"  op -> u{k}" for k in range(4)]
    >>> [line.strip() for line in stagger(fan, budget=-1, fans=True)][:2]
    ['op -> u0', 'op -> u1 [minlen=2]']
    """
    budget = style.FIT_WIDTH if budget is None else budget
    if widths(lines)[1] <= budget:
        return lines
    edges = [(i, _EDGE.match(line)) for i, line in enumerate(lines)]
    edges = [(i, e) for i, e in edges if e is not None]
    targets = {e.group(2) for _, e in edges}
    feeds: dict[str, list[int]] = {}  # node -> its edges from a source, by line
    for i, e in edges:
        if e.group(1) not in targets:
            feeds.setdefault(e.group(2), []).append(i)
    source = {i: e.group(1) for i, e in edges}
    cluster: dict[str, str] = {}  # node -> the cluster (a module's parameters) it is in
    for line in lines:
        m = _CLUSTER.match(line)
        if m is not None:
            cluster.update(dict.fromkeys(m.group(2).split("; "), m.group(1)))
    out, hidden = list(lines), []
    for found in feeds.values():
        if len(found) < 4:
            continue
        groups: dict[str, list[int]] = {}
        for i in found:
            groups.setdefault(cluster.get(source[i], f"alone {i}"), []).append(i)
        clusters = [m for m in groups.values() if len(m) > 1]
        others = sorted(i for m in groups.values() if len(m) == 1 for i in m)
        rows = min(3, max(1, -(-len(others) // 3)))  # the others: up to three a row
        minlen = {i: 1 + k % rows for k, i in enumerate(others)}
        for members in clusters:  # above the others, on two rows of their own
            half = (len(members) + 1) // 2
            top, below = members[:half], members[half:]
            minlen.update({i: rows + 2 for i in top} | {i: rows + 1 for i in below})
            hidden += [f"  {source[a]} -> {source[b]} [style=invis]" for a, b in zip(top, below)]
        for i, n in minlen.items():
            if n > 1:
                out[i] = _with_minlen(out[i], n)
    if fans:
        spreading: dict[str, list[int]] = {}  # node -> its edges to others, by line
        for i, e in edges:
            if out[i] == lines[i]:  # not staggered above
                spreading.setdefault(e.group(1), []).append(i)
        for found in spreading.values():
            if len(found) >= 4:
                rows = min(3, -(-len(found) // 3))
                for k, i in enumerate(found):
                    if k % rows:
                        out[i] = _with_minlen(out[i], 1 + k % rows)
    return out + hidden


def _with_minlen(line: str, n: int) -> str:
    attr = f"minlen={n}"
    return line[:-1] + f", {attr}]" if line.endswith("]") else f"{line} [{attr}]"


def shorten_values(lines: list[str], budget: float | None = None) -> list[str]:
    """Still too wide top to bottom: every value preview shows two values, not three.

    >>> shorten_values(['  a [label=<<B>w</B><BR/>[0.25, -1.5, 2.0, …]>]'], budget=0)
    ['  a [label=<<B>w</B><BR/>[0.25, -1.5, …]>]']
    """
    budget = style.FIT_WIDTH if budget is None else budget
    if widths(lines)[1] <= budget:
        return lines
    return [_PREVIEW.sub(r"\1, …]", line) if _NODE.match(line) else line for line in lines]


# --- grouping a module's parameters ----------------------------------------------------
_PARAM = re.compile(r'^\s*(\w+) \[.*fillcolor="' + style.PALE_SKY + r'".*?<B>([^<]*)</B>')


def module_groups(lines: list[str], modules: dict[str, str] | None = None) -> list[str]:
    """DOT clusters around the leaves named like one module's parameters
    (``0.weight`` and ``0.bias``: the module ``0``), labelled with the module's
    name and, when known (``modules``: name -> class name), its class.

    >>> module_groups(['  a [fillcolor="#A9D9F4", label=<<B>0.weight</B>>]',
    ...                '  b [fillcolor="#A9D9F4", label=<<B>0.bias</B>>]'], {"0": "Linear"})[0][:40]
    '  subgraph cluster_module_0 { label=<0: '
    """
    members: dict[str, list[str]] = {}
    for line in lines:
        m = _PARAM.match(line)
        if m is not None and "." in m.group(2):
            ids = members.setdefault(m.group(2).rsplit(".", 1)[0], [])
            ids += [m.group(1)] if m.group(1) not in ids else []
    out = []
    for k, (prefix, ids) in enumerate(members.items()):
        if len(ids) < 2:
            continue
        kind = (modules or {}).get(prefix)
        title = html.escape(f"{prefix}: {kind}" if kind else prefix)
        out.append(
            f'  subgraph cluster_module_{k} {{ label=<{title}>; style="rounded,dashed"; '
            f'color="{style.GREY}"; fontcolor="{style.DARK_GREY}"; fontsize="10"; '
            + "; ".join(ids)
            + " }"
        )
    return out
