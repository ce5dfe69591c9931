"""Anomaly mode's "Traceback of forward call" starts at the learner's code.

The frames that run a cell or a script (runpy, ipykernel, asyncio, pytest) come
before the learner's first line; the warning leaves them out, so the forward line
it promises is not buried under the kernel's frames.
"""

import subprocess
import sys
import textwrap
import warnings

import minigrad as torch


def _forward_trace() -> str:
    x = torch.tensor([-1.0, 4.0], requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with torch.autograd.detect_anomaly():
            y = x.sqrt() * 0  # the forward line the warning must show
            try:
                y.sum().backward()
            except RuntimeError:
                pass
    (message,) = [str(w.message) for w in caught if "Error detected" in str(w.message)]
    return message


def test_under_pytest_the_trace_starts_in_the_test_file():
    trace = _forward_trace()
    frames = [line for line in trace.splitlines() if line.startswith('  File "')]
    assert frames, trace
    assert frames[0].startswith(f'  File "{__file__}"'), trace
    assert "the forward line the warning must show" in trace
    assert "site-packages" not in trace and "pluggy" not in trace


def test_run_with_python_m_the_trace_has_only_the_scripts_lines(tmp_path):
    script = tmp_path / "learner.py"
    script.write_text(
        textwrap.dedent(
            """
            import warnings
            import minigrad as torch

            def model(x):
                return x.sqrt() * 0

            x = torch.tensor([-1.0, 4.0], requires_grad=True)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                with torch.autograd.detect_anomaly():
                    try:
                        model(x).sum().backward()
                    except RuntimeError:
                        pass
            print([str(w.message) for w in caught if "Error detected" in str(w.message)][0])
            """
        )
    )
    out = subprocess.run(
        [sys.executable, "-m", "learner"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    ).stdout
    frames = [line for line in out.splitlines() if line.startswith('  File "')]
    assert [f.split(", ")[-1] for f in frames] == ["in <module>", "in model"], out
