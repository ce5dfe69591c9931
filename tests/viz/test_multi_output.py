"""Nodes with several outputs, drawn and stepped as the engine sees them.

``a, b = w.split([2, 4])`` makes one node with two outputs. The engine hands it
one gradient per output and the node's rule puts them side by side; it adds up
only what arrives at one output. Every picture must say the same: for every
multi-output operation (torch's and minigrad's), with outputs of different
shapes, each node label shows per output what torch's engine passed to it
(node pre-hooks), and each edge label what the engine sent along that edge
(node post-hooks).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import torch

import minigrad
from minigrad import viz
from minigrad.viz import labels
from minigrad.viz.backward import build_backward
from minigrad.viz.torch_adapter import TorchAdapter
from minigrad.viz.walk import MinigradAdapter
from minigrad.widgets import BackwardStepper


def _np(t: Any) -> np.ndarray:
    if isinstance(t, torch.Tensor):  # numpy has no bfloat16; float32 holds it exactly
        t = t.detach()
        return (t.float() if t.dtype == torch.bfloat16 else t).numpy()
    return t.numpy(force=True)


def graph_nodes(loss: Any) -> dict:
    """``id(node) -> node`` for every node behind ``loss`` (torch's or minigrad's)."""
    nodes, stack = {}, [loss.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is not None and id(fn) not in nodes:
            nodes[id(fn)] = fn
            stack += [n for n, _ in fn.next_functions]
    return nodes


def engine_view(loss: Any) -> tuple[dict, dict]:
    """What the engine passed: ``id(node) -> grad_outputs`` (one per output, pre-hook)
    and ``id(node) -> grad_inputs`` (one per input edge, post-hook), in one real backward."""
    nodes = graph_nodes(loss)
    got: dict = {}
    sent: dict = {}

    def pre(fn: Any) -> Callable:
        def hook(grad_outputs: tuple) -> None:
            got[id(fn)] = [None if g is None else _np(g).copy() for g in grad_outputs]

        return hook

    def post(fn: Any) -> Callable:
        def hook(grad_inputs: tuple, grad_outputs: tuple) -> None:
            sent[id(fn)] = [None if g is None else _np(g).copy() for g in grad_inputs]

        return hook

    handles = []
    for fn in nodes.values():
        if type(fn).__name__ != "AccumulateGrad":
            handles += [fn.register_prehook(pre(fn)), fn.register_hook(post(fn))]
    leaves = [fn.variable for fn in nodes.values() if type(fn).__name__ == "AccumulateGrad"]
    if all(t.requires_grad for t in leaves):
        grad = torch.autograd.grad if isinstance(loss, torch.Tensor) else minigrad.autograd.grad
        grad(loss, leaves, retain_graph=True)
    else:  # a leaf frozen since: only the real backward runs its branch (grads put back)
        before = [t.grad for t in leaves]
        loss.backward(retain_graph=True)
        for t, g in zip(leaves, before):
            t.grad = g
    for h in handles:
        h.remove()
    return got, sent


def node_lines(source: str) -> dict[str, list[str]]:
    """``node id -> the gradient lines of its label`` (blue text)."""
    found = dict(re.findall(r"^\s+(\w+) \[.*label=<(.*)>\]$", source, re.M))
    return {nid: re.findall(r'POINT-SIZE="10">([^<]*)</FONT>', lab) for nid, lab in found.items()}


def edge_labels(source: str) -> list[tuple[str, str, str]]:
    """``(dst, src, label)`` of every gradient edge (drawn dst -> src, arrow reversed)."""
    return re.findall(r"^\s+(\w+) -> (\w+) \[.*label=<(?:<[^>]*>)*([^<>]*)", source, re.M)


def check_picture(loss: Any) -> int:
    """Check every node and edge label of draw_backward(grads=True) against the engine.
    Returns how many multi-output nodes were checked."""
    adapter = MinigradAdapter if isinstance(loss, minigrad.Tensor) else TorchAdapter
    graph = build_backward(loss, adapter, 1000)
    got, sent = engine_view(loss)
    source = viz.draw_backward(loss, grads=True, max_nodes=1000).source
    lines = node_lines(source)
    multi = 0
    for b in graph.nodes:
        if b.leaf is not None:
            continue
        outputs = got[id(b.fn)]
        in_lines = [x for x in lines[b.id] if not x.startswith("grad")]
        if len(outputs) > 1:
            multi += 1
            expected = []
            for k, g in enumerate(outputs):
                if g is None:
                    continue
                arrived = [line for line in in_lines if line.startswith(f"in at output {k},")]
                assert arrived, (b.fn.name(), k, in_lines)
                dims = ", ".join(str(n) for n in g.shape)
                assert f"shape [{dims}]" in arrived[0] or g.size == 1, arrived
                # what arrived at output k (a sum, when several edges did) is the engine's
                assert arrived[0].endswith(labels.short_value(g)), (arrived[0], g)
                expected.append(k)
            assert len(in_lines) == len(expected), in_lines
        elif in_lines:  # fan-in at the one output: the engine's sum
            assert in_lines[0].endswith("= " + labels.short_value(outputs[0])), in_lines
    ids = {b.id: b for b in graph.nodes}
    by_pair: dict[tuple[str, str], list[str]] = {}
    for src, i, dst, _nr in graph.edges:
        g = sent[id(ids[src].fn)][i]
        by_pair.setdefault((dst, src), []).append("None" if g is None else labels.short_value(g))
    drawn: dict[tuple[str, str], list[str]] = {}
    for dst, src, text in edge_labels(source):
        if src.startswith("g") and dst.startswith("g") and not dst.endswith("_leaf"):
            drawn.setdefault((dst, src), []).append(text)
    for pair, texts in by_pair.items():
        assert sorted(drawn[pair]) == sorted(texts), (pair, drawn[pair], texts)
    return multi


def check_stepper(loss: Any) -> None:
    """Every frame draws; once a multi-output node ran, its caption shows each output apart."""
    s = BackwardStepper(loss)
    got, _ = engine_view(loss)
    for k in range(len(s.steps)):
        s.goto(k)
        assert s.source
    final = s.source
    adapter = MinigradAdapter if isinstance(loss, minigrad.Tensor) else TorchAdapter
    graph = build_backward(loss, adapter, 1000)
    lines = node_lines(final)
    for b in graph.nodes:
        outputs = got.get(id(b.fn), [])
        if len(outputs) > 1:
            shown = [x for x in lines[b.id] if "output" in x or "输出" in x]
            assert len(shown) == sum(g is not None for g in outputs), (b.fn.name(), lines[b.id])
            for g, line in zip((g for g in outputs if g is not None), shown):
                assert line.endswith(labels.short_value(g)), (line, g)


def programs(lib: Any) -> dict[str, Callable[[], Any]]:
    """Losses through multi-output operations; ``lib`` is torch or minigrad."""

    def w(*shape: int) -> Any:
        g = np.random.default_rng(sum(shape)).standard_normal(shape).astype(np.float32)
        return lib.tensor(g, requires_grad=True)

    def split_sizes() -> Any:
        x = w(6, 2)
        a, b = x.split([2, 4])
        return (a * 2).sum() + (b**2).sum() + a.mean()  # a used twice: summed at output 0

    def chunk() -> Any:
        x = w(4)
        a, b = x.chunk(2)
        return a.sum() + (b * 3).sum()

    def unbind() -> Any:
        x = w(3, 2)
        a, b, c = x.unbind(0)
        return (a * b).sum() + c.exp().sum()

    def split_one_used() -> Any:
        x = w(5, 3)
        _, b, _ = x.split(2)
        return (b * b).sum()

    def max_dim() -> Any:
        x = w(3, 4)
        values, idx = x.max(dim=1)
        return (values * 2).sum()

    def sort() -> Any:
        x = w(5)
        values, _ = x.sort()
        return (values * lib.arange(5.0)).sum()

    def topk() -> Any:
        x = w(6)
        values, _ = x.topk(3)
        return values.pow(2).sum()

    cases = {
        "split_sizes": split_sizes,
        "chunk": chunk,
        "unbind": unbind,
        "split_one_used": split_one_used,
        "max_dim": max_dim,
        "sort": sort,
        "topk": topk,
    }
    if lib is torch:

        def unsafe_split() -> Any:
            x = w(6, 2)
            a, b = torch.unsafe_split(x * 1, 3)
            return (a * 2).sum() + b.sum()

        def lstm() -> Any:
            torch.manual_seed(0)
            rnn = torch.nn.LSTM(3, 4)
            out, (h, c) = rnn(torch.randn(2, 1, 3))
            return out.sum() + (h * 2).sum() + c.pow(2).sum()

        def gru_cell() -> Any:
            torch.manual_seed(0)
            cell = torch.nn.GRUCell(3, 2)
            return cell(torch.randn(2, 3)).pow(2).sum()

        def cross_attention() -> Any:
            torch.manual_seed(0)
            mha = torch.nn.MultiheadAttention(8, 2, batch_first=True)
            q, kv = torch.randn(2, 3, 8), torch.randn(2, 4, 8)
            return mha(q, kv, kv)[0].sum()

        cases.update(
            unsafe_split=unsafe_split, lstm=lstm, gru_cell=gru_cell, cross_attention=cross_attention
        )

    class TwoOut(lib.autograd.Function):  # a custom Function with two outputs of two shapes
        @staticmethod
        def forward(ctx: Any, x: Any) -> Any:
            return x[:2] * 2, x * 3

        @staticmethod
        def backward(ctx: Any, ga: Any, gb: Any) -> Any:
            g = gb * 3
            g[:2] = g[:2] + ga * 2
            return g

    def custom() -> Any:
        a, b = TwoOut.apply(w(4))
        return (a * a).sum() + b.sum()

    cases["custom_function"] = custom
    return cases


TORCH = programs(torch)
MINIGRAD = programs(minigrad)


@pytest.mark.parametrize("name", sorted(TORCH))
def test_torch_multi_output_pictures_show_what_the_engine_passes(name: str) -> None:
    loss = TORCH[name]()
    check_picture(loss)
    check_stepper(loss)


@pytest.mark.parametrize("name", sorted(MINIGRAD))
def test_minigrad_multi_output_pictures_show_what_the_engine_passes(name: str) -> None:
    loss = MINIGRAD[name]()
    check_picture(loss)
    check_stepper(loss)


def test_split_of_two_shapes_is_drawn_per_output_and_never_summed() -> None:
    for lib in (torch, minigrad):
        x = lib.ones(6, 2, requires_grad=True)
        a, b = x.split([2, 4])
        loss = a.sum() + (b * 3).sum()
        assert check_picture(loss) == 1
        src = viz.draw_backward(loss, grads=True).source
        assert "in at output 0, shape [2, 2]: [1.0, 1.0, 1.0, …]" in src
        assert "in at output 1, shape [4, 2]: [3.0, 3.0, 3.0, …]" in src
        assert " = [4.0" not in src  # the old, wrong sum of the two outputs
