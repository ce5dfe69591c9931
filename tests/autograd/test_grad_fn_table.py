"""The grad_fn table of the torch 2.13 reference (section 4): for every
expression, ``type(t.grad_fn).__name__`` and ``t.grad_fn.name()`` under
minigrad must equal real torch's (and the table)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import torch
import torch.nn.functional as torch_F

import minigrad
import minigrad.nn.functional as minigrad_F

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "pytorch-2.13-autograd-behaviour.md"

# Rows whose operations minigrad does not have yet. Strict: once a row
# passes, pytest reports it and it must be removed from this list.
NOT_YET: dict[str, str] = {}


def _rows() -> list[tuple[str, str, str]]:
    text = REFERENCE.read_text(encoding="utf-8")
    section = text.split("## 4. grad_fn class names", 1)[1].split("\n### ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        expr, cls, name = (c.strip("`") for c in cells)
        rows.append((expr, cls, cls if name == "same" else name))
    return rows


def _programs(expr: str) -> list[tuple[str, str]]:
    """Turn a table cell into (statements, result variable) pairs."""
    expr = re.sub(r"\s+\([^()]*\)$", "", expr)  # drop a trailing comment like "(Python sum)"
    if " then " in expr:  # "torch.zeros(2, 2) then y[0] = a[0]"
        first, rest = expr.split(" then ")
        return [(f"y = {first}\n{rest}", "y")]
    if ";" in expr:  # "c = a * 1; c += 1"
        return [(expr.replace("; ", "\n"), expr.split("=")[0].strip())]
    parts = expr.split(" / ")
    if len(parts) == 2 and all("(" in p for p in parts):  # two spellings of one op
        return [(f"t = {p}", "t") for p in parts]
    return [(f"t = {expr}", "t")]


def _grad_fn(module, F, program: str, result: str):
    ns = {"torch": module, "F": F, "tensor": module.tensor}
    ns["a"] = module.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    ns["b"] = module.tensor([[5.0, 6.0], [7.0, 8.0]], requires_grad=True)
    ns["v"] = module.tensor([1.0, 2.0], requires_grad=True)
    ns["zeros"] = module.zeros(2, 2)
    exec(program, ns)
    fn = ns[result].grad_fn
    return type(fn).__name__, fn.name()


def _params() -> list:
    params = []
    for expr, cls, name in _rows():
        marks = []
        if expr in NOT_YET:
            marks.append(pytest.mark.xfail(strict=True, reason=NOT_YET[expr]))
        params.append(pytest.param(expr, cls, name, id=expr, marks=marks))
    return params


def test_table_is_complete() -> None:
    rows = _rows()
    assert len(rows) >= 100
    assert ("a + b", "AddBackward0", "AddBackward0") in rows
    assert set(NOT_YET) <= {r[0] for r in rows}


@pytest.mark.parametrize("expr, cls, name", _params())
def test_grad_fn_name(expr: str, cls: str, name: str) -> None:
    for program, result in _programs(expr):
        theirs = _grad_fn(torch, torch_F, program, result)
        assert theirs == (cls, name), "the table disagrees with torch"
        mine = _grad_fn(minigrad, minigrad_F, program, result)
        assert mine == theirs
