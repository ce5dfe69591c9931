"""Whole programs a learner might bring from elsewhere (tests/data/programs/*.py),
run under minigrad and real torch: every printed line, error and warning
must be the same."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

import minigrad

from ..transcript import run

PROGRAMS = sorted((Path(__file__).parents[1] / "data" / "programs").glob("*.py"))


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_prints_what_torch_prints(path: Path) -> None:
    code = path.read_text(encoding="utf-8")
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
    assert mine.error is None  # the programs run to the end
