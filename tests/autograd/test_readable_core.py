"""The engine stays short enough to read as the chain rule (issue 11's checks)."""

from __future__ import annotations

import inspect

from minigrad.autograd.custom_function import Function
from minigrad.core import engine
from minigrad.core import node as function


def test_run_backward_is_at_most_60_lines() -> None:
    lines, _ = inspect.getsourcelines(engine.run_backward)
    assert len(lines) <= 60


def test_deliver_has_no_create_graph_flag() -> None:
    assert "create_graph" not in inspect.signature(engine._deliver).parameters


def test_nodes_are_made_in_one_place() -> None:
    # Op.apply, AccumulateGrad.of and the custom Function's apply all use make_node
    for fn in (function.Op.apply, function.AccumulateGrad.of, Function.apply):
        source = inspect.getsource(fn)
        assert "make_node(" in source and "object.__new__" not in source and "_new(" not in source
