"""Run a code snippet under real torch and under minigrad and record what a
learner would see: printed lines, the exception (type and message) that
ended it, and the warnings it raised. Tests compare the two transcripts."""

from __future__ import annotations

import contextlib
import functools
import io
import re
import types
import warnings
from dataclasses import dataclass, field

import numpy as np

_ADDR = re.compile(r"0x[0-9a-fA-F]+")


@dataclass
class Transcript:
    stdout: str
    error: str | None = None
    warnings: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = self.stdout.splitlines()
        if self.error:
            out.append("-> " + self.error)
        return out


@functools.cache
def _quiet_torch_forward_ad() -> None:
    """torch scripts its forward-AD helpers on the first ``make_dual`` of a
    process (``torch.func.jvp``, ``jacfwd`` use it), with a warning about
    torch.jit that depends on what ran before: done once here, quietly."""
    import torch
    import torch.autograd.forward_ad as fw

    with warnings.catch_warnings(), fw.dual_level():
        warnings.simplefilter("ignore")
        fw.make_dual(torch.ones(1), torch.ones(1))


def run(code: str, module: types.ModuleType) -> Transcript:
    """Execute ``code`` with ``torch`` bound to ``module`` (torch or minigrad)."""
    if module.__name__ == "torch":
        _quiet_torch_forward_ad()
    namespace = {"torch": module, "np": np, "__name__": "__snippet__"}
    if module.__name__ == "minigrad":
        import minigrad.nn.functional as F
    else:
        import torch.nn.functional as F
    namespace["F"] = F
    buf = io.StringIO()
    error = None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with contextlib.redirect_stdout(buf):
            try:
                exec(compile(code, "<snippet>", "exec"), namespace)
            except Exception as e:  # noqa: BLE001 - the transcript records any error
                error = f"{type(e).__name__}: {e}"
    found = [f"{w.category.__name__}: {w.message}" for w in caught]
    return Transcript(
        _ADDR.sub("0x...", buf.getvalue()), error and _ADDR.sub("0x...", error), found
    )


def assert_same_as_torch(code: str) -> None:
    """Run ``code`` under minigrad and under torch: the same printed lines, the same
    error, the same warnings (and the snippet must show something)."""
    import torch

    import minigrad

    mine, theirs = run(code, minigrad), run(code, torch)
    assert theirs.lines(), "the snippet should print or raise something"
    assert mine.lines() == theirs.lines()
    assert mine.warnings == theirs.warnings
