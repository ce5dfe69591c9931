"""The examples in the docstrings of the pictures and the stepper run and print what
they say (a stale example is a wrong sentence for the reader)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "minigrad.autograd.observe",
    "minigrad.core.registry",
    "minigrad.utils.checkpoint",
    "minigrad.lesson_plots",
    "minigrad.lesson_judges",
    "minigrad.lessons",
    "minigrad.viz.arrivals",
    "minigrad.viz.collapse",
    "minigrad.viz.labels",
    "minigrad.viz.layout",
    "minigrad.viz.modules",
    "minigrad.viz.recording",
    "minigrad.nn.modules.module",
    "minigrad.viz.untouched",
    "minigrad.widgets.stepper",
]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result
