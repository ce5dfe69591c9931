"""`make classroom`: the course's JupyterHub on http://127.0.0.1:8765, FOR TRYING ONLY.

Any name logs in (DummyAuthenticator, no password) and every server runs as you
(SimpleLocalProcessSpawner). The lessons with exercises are released as nbgrader
assignments first, so that a student can fetch them. Ctrl+C stops the hub, its proxy
and every student's server (by the process IDs started here).
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import course  # noqa: E402
from class_check import Hub  # noqa: E402


def main() -> None:
    port = int(os.environ.get("CLASSROOM_PORT", "8765"))
    run = course.run_dir()
    run.mkdir(parents=True, exist_ok=True)
    print("Releasing the lessons with exercises as nbgrader assignments...", flush=True)
    released = course.release([])
    hub = Hub(run, port, secrets.token_hex(32), password=None, mode="try")
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    try:
        hub.start()
        # the course repository: this clone by default; a class uses its public URL
        repo = os.environ.get("CLASSROOM_COURSE_REPO", f"file://{course.REPO}")
        branch = (
            os.environ.get("CLASSROOM_COURSE_BRANCH")
            or subprocess.run(
                ["git", "rev-parse", "--abbrev-ref", "HEAD"],
                cwd=course.REPO,
                text=True,
                capture_output=True,
                check=False,
            )
            .stdout.strip()
            .replace("HEAD", "")  # a detached HEAD: the main branch
            or "main"
        )
        pull = (
            f"{hub.url}/hub/user-redirect/git-pull?repo={quote(repo, safe='')}"
            f"&branch={branch}&urlpath={quote('lab/tree/minigrad-course/notebooks/00_index.ipynb')}"
            "&targetpath=minigrad-course"
        )
        print(
            f"""
The course's JupyterHub is running, FOR TRYING ONLY (any name logs in, no password;
every server runs as this system user).

  Open:        {hub.url}/   (log in as "teacher" or as any student name)
  Course link: {pull}
               (nbgitpuller: the first click copies the course, later clicks merge
               updates without overwriting a student's changes)
  Assignments: {", ".join(released)}
               (a student: `nbgrader fetch_assignment NAME` and `nbgrader submit NAME`
               in a terminal; the teacher: python classroom/course.py grade NAME)
  State:       {run}

  To stop it:  press Ctrl+C here (or: kill {os.getpid()})
""",
            flush=True,
        )
        while not stop and hub.proc.poll() is None:
            time.sleep(1)
            hub.note_pids()
    except KeyboardInterrupt:
        pass
    finally:
        left = hub.stop()
        print(
            f"\nStopped the hub, its proxy and the servers ({len(hub.pids)} processes);"
            f" left running: {left or 'none'}"
        )
        sys.exit(1 if left else 0)


if __name__ == "__main__":
    main()
