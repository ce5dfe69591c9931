"""Every snippet of the torch 2.13 behaviour reference, run under minigrad and
under real torch: the printed lines, errors and warnings must agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import torch

import minigrad

from ..transcript import run

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "pytorch-2.13-autograd-behaviour.md"


def _snippets() -> list:
    text = REFERENCE.read_text(encoding="utf-8")
    pattern = re.compile(r"### ([^\n]+)\n+```python\n(.*?)```\n+```text\n(.*?)```", re.S)
    return [
        pytest.param(code, expected, id=title.split(" ")[0])
        for title, code, expected in pattern.findall(text)
    ]


# torch's create_graph warning is emitted once per process, so it is compared separately
_ONCE = "Using backward() with create_graph=True"


@pytest.mark.parametrize("code, expected", _snippets())
def test_reference_snippet(code: str, expected: str) -> None:
    mine = run(code, minigrad)
    theirs = run(code, torch)
    assert mine.lines() == theirs.lines()
    strip = [w for w in mine.warnings if _ONCE not in w]
    assert strip == [w for w in theirs.warnings if _ONCE not in w]
    # and the recorded output agrees with what torch printed when it was written
    recorded = [line for line in expected.splitlines() if not line.startswith("!! ")]
    assert mine.lines() == recorded
