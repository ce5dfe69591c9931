"""A PATH without graphviz's ``dot``, for tests of the machines that lack it.

:func:`path_without_dot` makes a folder of links to every program on the
current PATH except graphviz's (``dot``, ``neato``... all links to one
binary on Debian), and returns a PATH holding only that folder. A process
started with it really finds no ``dot``; everything else is where it was.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

GRAPHVIZ_PROGRAMS = {"dot", "neato", "twopi", "circo", "fdp", "sfdp", "patchwork", "osage"}


def path_without_dot(folder: Path) -> str:
    """A PATH for ``os.environ`` on which ``dot`` cannot be found."""
    dot = shutil.which("dot")
    hidden = {os.path.realpath(dot)} if dot else set()
    folder.mkdir(parents=True, exist_ok=True)
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        if not directory or not os.path.isdir(directory):
            continue
        for entry in os.scandir(directory):
            target = folder / entry.name
            if entry.name in GRAPHVIZ_PROGRAMS or target.exists() or target.is_symlink():
                continue
            if os.path.realpath(entry.path) in hidden:
                continue
            if entry.is_file() and os.access(entry.path, os.X_OK):
                target.symlink_to(entry.path)
    path = str(folder)
    assert shutil.which("dot", path=path) is None
    return path
