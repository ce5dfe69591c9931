"""``minigrad.explain``: each cause, checked against what real torch does.

For every case the same code runs under torch, to confirm that the situation
really is what the explanation says (``.grad`` is None, or backward fails with
the error the explanation quotes). explain must change nothing.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
import torch

import minigrad
from minigrad import explain


def test_non_leaf_without_retain_grad():
    for lib in (torch, minigrad):
        w = lib.tensor(2.0, requires_grad=True)
        y = w * 3
        loss = y * y
        loss.backward()
        with pytest.warns(UserWarning):
            assert y.grad is None
    e = explain(y)
    assert e.cause == "non_leaf"
    assert "retain_grad()" in e.text and "MulBackward0" in e.text
    y2 = w * 3
    y2.retain_grad()
    (y2 * y2).backward()
    assert explain(y2).cause == "ok"


def test_requires_grad_false_and_integer():
    x = minigrad.Tensor([2.0])
    e = explain(x)
    assert e.cause == "requires_grad_false" and "x.requires_grad is False" in e.text
    assert explain(minigrad.tensor([1, 2])).cause == "integer"
    with minigrad.no_grad():
        assert "grad mode is off" in explain(minigrad.tensor([1.0])).text


def test_detach_is_found_from_the_shared_data():
    w = minigrad.tensor([1.0, 2.0], requires_grad=True)
    d = w.detach()
    e = explain(d)
    assert e.cause == "detach" and "w.detach()" in e.text and e.source is w


def test_data_is_found_from_shared_memory():
    w = minigrad.tensor([1.0, 2.0], requires_grad=True)
    wd = w.data
    e = explain(wd)
    assert e.cause == "data" and "w.data" in e.text


def test_a_detached_copy_on_the_path_cuts_it():
    w = minigrad.tensor([1.0], requires_grad=True)
    u = minigrad.tensor([1.0], requires_grad=True)
    loss = (w.detach() + u).sum()
    e = explain(w, output=loss)
    assert e.cause == "detach"
    assert explain(w, output=(w.data * u).sum()).cause == "data"
    # after more ops on the copy only constants are left: no trace of w in the graph
    assert explain(w, output=(w.detach() * 3 + u).sum()).cause == "not_connected"
    tw = torch.tensor([1.0], requires_grad=True)
    tu = torch.tensor([1.0], requires_grad=True)
    (tw.detach() + tu).sum().backward()
    assert tw.grad is None  # torch agrees: w gets no gradient


def test_not_connected_to_the_output():
    w = minigrad.tensor([1.0], requires_grad=True)
    v = minigrad.tensor([1.0], requires_grad=True)
    loss = (v * 2).sum()
    e = explain(w, output=loss)
    assert e.cause == "not_connected" and "loss" in e.text
    assert explain(v, output=loss).cause == "not_run_yet"
    loss.backward()
    assert explain(v, output=(v * 2).sum()).cause == "ok"


def test_no_grad_view():
    w = minigrad.tensor([1.0, 2.0], requires_grad=True)
    with minigrad.no_grad():
        view = w[0:1]
    e = explain(view)
    assert e.cause == "no_grad"


def _torch_error(code) -> str:
    with pytest.raises(RuntimeError) as info:
        code()
    return str(info.value)


def test_freed_graph_quotes_the_real_error_and_frees_nothing():
    def build(lib):
        w = lib.tensor([1.0], requires_grad=True)
        b = lib.tensor([2.0], requires_grad=True)
        z = w * w + b
        z.backward()
        return w, b, z

    tw, tb, tz = build(torch)
    message = _torch_error(tz.backward)
    w, b, z = build(minigrad)
    grads = (w.grad.tolist(), b.grad.tolist())
    e = explain(z)
    assert e.cause == "freed" and message in e.text
    assert e.node is not None and e.node.name() == "MulBackward0"
    assert (w.grad.tolist(), b.grad.tolist()) == grads  # explain ran no backward
    assert explain(w, output=z).cause == "freed"


def test_inplace_modification_quotes_the_real_error():
    def build(lib):
        w = lib.tensor([1.0], requires_grad=True)
        h = w * 2
        s = h * h
        h.add_(1)
        return w, h, s

    _, _, ts = build(torch)
    message = _torch_error(ts.backward)
    w, h, s = build(minigrad)
    e = explain(s)
    assert e.cause == "inplace" and message in e.text
    assert "version 1 now, version 0 when saved" in e.text
    assert e.modified is h
    assert explain(w, output=s).cause == "inplace"


def test_non_scalar_output_and_nothing_requires_grad():
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    assert explain(y).cause == "non_scalar"
    assert explain(y, gradient=minigrad.ones(2)).cause == "non_leaf"
    message = _torch_error(lambda: (torch.tensor([1.0, 2.0], requires_grad=True) * 2).backward())
    assert message in explain(y).text
    c = minigrad.tensor(1.0) * 2
    assert explain(x, output=c).cause == "not_connected"
    assert explain(c).cause == "requires_grad_false"
    from minigrad.explain import _backward_problem

    problem = _backward_problem(c, None, lambda t, d="": d, "c", {})
    message = _torch_error(lambda: (torch.tensor(1.0) * 2).backward())
    assert problem.cause == "nothing_requires_grad" and message in problem.text


def test_the_picture_highlights_the_broken_spot():
    w = minigrad.tensor([1.0], requires_grad=True)
    h = w * 2
    s = h * h
    h.add_(1)
    e = explain(s)
    src = e.dot_source
    assert "#D55E00" in src and "saved tensor modified" in src  # vermillion on the node
    assert "#F0E442" in src  # the tensor asked about, in yellow
    html = e._repr_html_()
    assert html.startswith("<pre") and "<svg" in html
    assert str(e) == e.text == repr(e)


def test_explain_imports_no_drawing_code():
    code = (
        "import sys, minigrad\n"
        "w = minigrad.tensor(1.0, requires_grad=True)\n"
        "print(minigrad.explain(w * 2).cause)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('graphviz', 'ipywidgets')"
        " or m.startswith(('minigrad.viz', 'minigrad.widgets'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="."
    ).stdout.split("\n")
    assert out[0] == "non_leaf" and out[1] == "[]"


def test_explain_changes_nothing():
    w = minigrad.tensor([1.0, 2.0], requires_grad=True)
    z = (w * w).sum()
    before = [n._saved for n in (z.grad_fn, z.grad_fn._next[0])]
    for t in (w, z):
        explain(t)
        explain(t, output=z)
    assert w.grad is None
    assert [n._saved for n in (z.grad_fn, z.grad_fn._next[0])] == before
    z.backward()
    np.testing.assert_allclose(w.grad.numpy(), [2.0, 4.0])
