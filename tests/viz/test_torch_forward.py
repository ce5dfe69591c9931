"""The forward view of real torch code: traced inside ``viz.record()``,
rebuilt from ``grad_fn`` outside it (and saying what it could not see)."""

from __future__ import annotations

import re

import torch

from minigrad import viz
from minigrad.i18n import text as tr


def node_labels(source: str) -> dict[str, str]:
    """``id -> label`` of the nodes of a DOT text."""
    return dict(re.findall(r"^\s+(\w+) \[.*label=<(.*)>\]$", source, re.M))


def ops_of(source: str) -> list[str]:
    return sorted(
        lab for nid, lab in node_labels(source).items() if nid.startswith("op") and "<" not in lab
    )


def test_three_lines_draw_names_values_and_ops() -> None:
    x = torch.tensor([2.0])
    w = torch.tensor([0.5], requires_grad=True)
    b = torch.tensor([0.1], requires_grad=True)
    y = w * x
    z = y + b
    src = viz.draw_forward(z).source
    found = node_labels(src)
    for name, value in (("w", "[0.5]"), ("x", "[2.0]"), ("b", "[0.1]"), ("y", "[1.0]")):
        assert any(f"<B>{name}</B><BR/>{value}" == lab for lab in found.values()), name
    assert ops_of(src) == ["add", "mul"]
    # x does not require grad: a constant (white), seen through MulBackward0's saved tensor
    x_line = next(line for line in src.splitlines() if "<B>x</B>" in line)
    assert 'fillcolor="white"' in x_line
    assert tr("viz.rebuilt_note")[:20] not in src  # nothing missing


def test_inside_record_the_modules_ops_are_traced() -> None:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
    inp = torch.randn(2, 3)
    with viz.record():
        out = model(inp).sum()
    src = viz.draw_forward(out).source
    assert ops_of(src) == ["linear", "linear", "relu", "sum"]
    assert "<B>0.weight</B>" in src and "<B>2.bias</B>" in src
    assert "label=<0: Linear>" in src  # parameters grouped by module
    assert tr("viz.rebuilt_note")[:20] not in src


def test_outside_record_the_graph_is_rebuilt_and_says_what_is_missing() -> None:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
    inp = torch.randn(2, 3)
    loss = model(inp).sum()
    src = viz.draw_forward(loss).source
    assert ops_of(src) == ["addmm", "addmm", "relu", "sum", "t", "t"]  # torch's own nodes
    assert "<B>inp</B>" in src  # a constant addmm saved
    assert tr("viz.not_kept") in src
    assert "Rebuilt from grad_fn" in src


def test_an_op_under_no_grad_is_traced_as_a_cut() -> None:
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    with viz.record():
        with torch.no_grad():
            v = w * 2
        z = (v * w).sum()
    src = viz.draw_forward(z).source
    assert tr("viz.under_no_grad") in src
    assert ops_of(src) == ["mul", "sum"]


def test_detach_hangs_off_its_source_by_a_cut() -> None:
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    d = w.detach()
    z = (d * w).sum()
    src = viz.draw_forward(z).source
    labels = node_labels(src)
    wid = next(k for k, v in labels.items() if v.startswith("<B>w</B>"))
    did = next(k for k, v in labels.items() if v.startswith("<B>d</B>"))
    assert re.search(rf"{wid} -> {did} \[.*detach\(\)", src)


def test_draw_puts_both_views_of_torch_code_in_one_figure() -> None:
    w = torch.tensor([0.5], requires_grad=True)
    z = (w * 3).sum()
    src = viz.draw(z).source
    assert "cluster_forward" in src and "cluster_backward" in src
    assert "MulBackward0" in src and "label=<mul>" in src


def test_tensors_made_from_numbers_inside_record_are_leaves_not_ops() -> None:
    with viz.record():
        w = torch.tensor([0.5, -1.0], requires_grad=True)
        z = (w * torch.ones(2)).sum()
    src = viz.draw_forward(z).source
    assert ops_of(src) == ["mul", "sum"]


def test_two_models_in_one_namespace_each_group_says_its_own_layer() -> None:
    torch.manual_seed(0)
    # mlp comes first among the variables, and its "9" is a ReLU
    mlp = torch.nn.Sequential(*[torch.nn.Linear(2, 2) for _ in range(9)], torch.nn.ReLU())
    cnn = torch.nn.Sequential(*[torch.nn.Identity() for _ in range(9)], torch.nn.Linear(2, 1))
    out = cnn(torch.ones(1, 2)).sum()
    src = viz.draw_forward(out).source
    assert "label=<9: Linear>" in src and "ReLU" not in src
    assert isinstance(mlp[9], torch.nn.ReLU)


def test_a_freed_torch_graph_says_how_to_keep_its_gradients() -> None:
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    z = (w.exp() * 2).sum()
    z.backward()  # frees ExpBackward0's saved result
    src = viz.draw_backward(z).source
    assert "n/a" in src and "retain_graph=True" in src
    assert "viz.record" not in src  # (which records minigrad's engine, not torch's)
