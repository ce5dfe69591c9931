"""A picture drawn one box per module is a DAG, as the graph it stands for is.

autograd does not remember which module ran an op that has no parameter (a residual
``add``, a dropout), so the picture places it by its neighbours. Placed badly, the
boxes make a cycle (``outside`` -> ``layers.1.self_attn`` -> ``layers.1.norm1`` ->
``outside``) that no forward pass has: this checks, on every model of the zoo and on
a cell called in a loop, that the boxes never do.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import torch

from minigrad.viz.backward import build_backward
from minigrad.viz.module_picture import module_body
from minigrad.viz.render import Dot
from minigrad.viz.torch_adapter import TorchAdapter
from minigrad.viz.walk import tensor_key
from tests.zoo.models import ZOO


def boxes_and_arrows(model: Any, loss: Any, most: int = 24) -> tuple[list[str], list]:
    """The module picture's box titles and its arrows between boxes."""
    graph = build_backward(loss, TorchAdapter, 10**6)
    names = {tensor_key(p): n for n, p in model.named_parameters()}
    dot = Dot("TB", "")
    module_body(dot, graph, names, TorchAdapter, None, {}, backward=False, most=most)
    source = dot.source(legend=False)
    titles = re.findall(r"^\s+m\d+ \[.*label=<([^<]*)<BR/>", source, re.M)
    arrows = re.findall(r"^\s+(m\d+) -> (m\d+)", source, re.M)
    return titles, arrows


def has_cycle(arrows: list[tuple[str, str]]) -> bool:
    """A depth-first search that meets a box still on its path (written here, not the
    picture's own check, so that the test does not trust the code it tests)."""
    succ: dict[str, list[str]] = {}
    for a, b in arrows:
        succ.setdefault(a, []).append(b)
    on_path: set[str] = set()
    done: set[str] = set()

    def visit(n: str) -> bool:
        if n in on_path:
            return True
        if n in done:
            return False
        on_path.add(n)
        found = any(visit(m) for m in succ.get(n, []))
        on_path.discard(n)
        done.add(n)
        return found

    return any(visit(n) for n in list(succ))


def test_has_cycle_sees_one() -> None:
    assert has_cycle([("m0", "m1"), ("m1", "m2"), ("m2", "m0")])
    assert not has_cycle([("m0", "m1"), ("m0", "m2"), ("m1", "m2")])


@pytest.mark.parametrize("name", sorted(ZOO))
@pytest.mark.parametrize("most", [24, 6])
def test_the_boxes_of_every_zoo_model_form_a_dag(name: str, most: int) -> None:
    model, loss = ZOO[name](torch)
    titles, arrows = boxes_and_arrows(model, loss, most)
    assert titles and not has_cycle(arrows), (titles, arrows)


def test_a_pre_norm_encoders_residual_adds_belong_to_its_layers() -> None:
    model, loss = ZOO["pre_norm_encoder"](torch)
    titles, arrows = boxes_and_arrows(model, loss)
    assert not has_cycle(arrows)
    layers = [t for t in titles if t.startswith("layers.")]
    assert sorted(layers) == ["layers.0", "layers.1"], titles  # one box each, not split


def test_a_cell_called_in_a_loop_makes_no_cycle() -> None:
    torch.manual_seed(0)
    cell, head = torch.nn.RNNCell(3, 4), torch.nn.Linear(4, 1)
    model = torch.nn.ModuleDict({"cell": cell, "head": head})
    h = torch.zeros(2, 4)
    for x in torch.randn(5, 2, 3):
        h = torch.tanh(cell(x, h)) * 0.5  # ops outside the cell between its calls
    titles, arrows = boxes_and_arrows(model, head(h).sum())
    assert titles and not has_cycle(arrows), (titles, arrows)


@pytest.mark.parametrize("name", ["pre_norm_encoder", "transformer", "resnet", "weight_tying"])
def test_the_steppers_module_boxes_form_a_dag_too(name: str) -> None:
    from minigrad.widgets import BackwardStepper

    model, loss = ZOO[name](torch)
    view = BackwardStepper(loss, model=model, by_module=True).view
    arrows = [
        (view.group_of[src], view.group_of[dst])
        for src, _i, dst, *_ in view.graph.edges
        if dst in view.group_of and view.group_of[src] != view.group_of[dst]
    ]
    assert len(view.groups) >= 2 and not has_cycle(arrows), view.groups
