"""A warning points at the learner's line, as torch's do.

torch raises most warnings in C++, and Python shows them at the line of the
script that called into torch, with that line under the message. minigrad's
warnings come from Python functions several calls deep; they must still point
at the script's line, whichever path led there (a method, a function, a
wrapper). The script runs under each library in a fresh interpreter, and the
warnings shown at one of its own lines are compared (torch's warnings raised
from its Python files point into torch, and are left out on both sides).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import minigrad

SCRIPT = """\
import importlib, sys
torch = importlib.import_module(sys.argv[1])
F = torch.nn.functional
x = torch.ones(3, requires_grad=True)
y = x * 2
y.grad
torch.ones(1).var()
torch.ones(1).std(0)
torch.var(torch.ones(1))
torch.tensor(torch.ones(2))
float(x.sum())
torch.ones(3).T
torch.tensor(2.).T
F.softmax(torch.ones(3))
F.log_softmax(torch.ones(2, 3))
F.mse_loss(torch.ones(3), torch.ones(2, 3))
F.kl_div(torch.ones(2), torch.ones(2))
torch.ones(3)[torch.tensor([1, 0, 1], dtype=torch.uint8)]
torch.nn.init.normal_(torch.ones(0))
torch.add(torch.ones(3), 1, out=torch.ones(2))
torch.nn.init.xavier_uniform_(torch.ones(2, 2))
"""


def _shown(lib: str, script: Path) -> list[str]:
    root = str(Path(minigrad.__file__).parent.parent)
    env = {**os.environ, "PYTHONPATH": root}
    done = subprocess.run(
        [sys.executable, "-W", "always", str(script), lib],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    return [
        line + " | " + lines[i + 1].strip()
        for i, line in enumerate(lines[:-1])
        if line.startswith(str(script) + ":")
    ]


def test_warnings_point_at_the_callers_line(tmp_path: Path) -> None:
    script = tmp_path / "script.py"
    script.write_text(SCRIPT)
    theirs = _shown("torch", script)
    assert len(theirs) >= 12
    assert _shown("minigrad", script) == theirs
