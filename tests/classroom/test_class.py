"""A class of three on this machine (make classroom-check plays thirty), set up as a
real class is: each student their own Unix user (so this runs as root, as CI does).

Runs classroom/class_check.py, which starts the course's JupyterHub on 127.0.0.1,
has each student sign up, be approved by the teacher, log in, run lesson 03, answer,
submit, and fails on a server that never came up or runs as root or as another
student's user, a cell that raised, an attempt on another student's files, server or
submission, or on the teacher's course, that went through, a wrong grade, a notebook
lost in a restart, an idle server that jupyterhub-idle-culler did not stop (or whose
files went with it), or a process left running.
"""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.classroom
@pytest.mark.timeout(1800)
def test_a_class_of_three():
    run = subprocess.run(
        [sys.executable, str(ROOT / "classroom" / "class_check.py"), "--students", "3"],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert "The class went well" in run.stdout
    assert "left running: none" in run.stdout
    assert "was stopped by jupyterhub-idle-culler" in run.stdout  # and its file stayed
    assert "95th percentile" in run.stdout and "would hold about" in run.stdout
    assert "3 Unix users for 3 students, root: False" in run.stdout
    assert "30 attempts on another student's files" in run.stdout  # 10 each, all refused
    # one line per student, each with the time to its first cell's result
    assert (
        sum(
            line.strip().startswith("student") and line.endswith(" s")
            for line in run.stdout.splitlines()
        )
        >= 3
    )
