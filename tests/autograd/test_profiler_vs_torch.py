"""``torch.autograd.profiler.profile`` and ``torch.profiler.profile``: the operations
recorded, by torch's names and counts. Timings differ by nature and are not compared;
torch also lists helper operations (``aten::empty``...), which minigrad does not run."""

from __future__ import annotations

from typing import Any

import pytest
import torch

import minigrad


def _counts(lib: Any, new_api: bool) -> dict[str, int]:
    lib.manual_seed(0)
    x = lib.randn(3, 3, requires_grad=True)
    w = lib.randn(3, 3)
    recorder = (
        lib.profiler.profile(activities=[lib.profiler.ProfilerActivity.CPU])
        if new_api
        else lib.autograd.profiler.profile()
    )
    record = lib.profiler.record_function if new_api else lib.autograd.profiler.record_function
    with recorder as prof:
        with record("block"):
            y = (x.mm(w) * 2 + 1).relu().sum()
        y.backward()
    table = prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=10)
    assert "Self CPU time total:" in table and "# of Calls" in table
    return {e.key: e.count for e in prof.key_averages()}


@pytest.mark.parametrize("new_api", [False, True])
def test_recorded_operations_as_torchs(new_api: bool) -> None:
    want, got = _counts(torch, new_api), _counts(minigrad, new_api)
    for name in ("aten::mm", "aten::mul", "aten::add", "aten::relu", "aten::sum", "block"):
        assert got[name] == want[name], name
    assert got["autograd::engine::evaluate_function: MulBackward0"] == 1
    # everything minigrad lists, torch lists as many times
    assert {k: want.get(k) for k in got} == got


def test_table_lists_each_name_once() -> None:
    x = minigrad.ones(4)
    with minigrad.autograd.profiler.profile() as prof:
        for _ in range(3):
            x = x * 2
    table = prof.key_averages().table()
    (row,) = [line for line in table.splitlines() if "aten::mul" in line]
    assert row.split()[-1] == "3"
    assert minigrad.autograd.profiler.profile(enabled=False).__enter__().events() == []
