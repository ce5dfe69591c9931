"""One Unix user per student, as The Littlest JupyterHub does it.

Each person of the class (the teacher too) gets a system user named
``jupyter-<name>`` with a private home (mode 0700). Every account the class
makes is in the group ``minigrad-class``: a name that already belongs to someone
else on the machine (``root``, or any user outside that group) is refused, never
borrowed. Making users needs root: the hub runs as root to start each student's
server as that student.

    >>> system_name("student1")
    'jupyter-student1'
"""

from __future__ import annotations

import grp
import os
import pwd
import re
import subprocess

PREFIX = os.environ.get("CLASSROOM_USER_PREFIX", "jupyter-")
GROUP = os.environ.get("CLASSROOM_GROUP", "minigrad-class")
HOMES = os.environ.get("CLASSROOM_HOMES", "/home")
# a hub name that makes a safe Unix name: small letters, digits, - and _
_NAME = re.compile(r"^[a-z][a-z0-9_-]{0,22}$")


class AccountError(RuntimeError):
    """A hub user that cannot be given a Unix account of its own."""


def system_name(hub_name: str) -> str:
    """The Unix user of hub user ``hub_name``."""
    if not _NAME.match(hub_name):
        raise AccountError(f"{hub_name!r} is not a name the class gives a Unix account to")
    return PREFIX + hub_name


def ensure(hub_name: str) -> pwd.struct_passwd:
    """The Unix user of ``hub_name``, made (with a private home) when it does not exist."""
    name = system_name(hub_name)
    if subprocess.run(["getent", "group", GROUP], capture_output=True).returncode != 0:
        subprocess.run(["groupadd", "--system", GROUP], check=True)
    try:
        user = pwd.getpwnam(name)
    except KeyError:
        home = os.path.join(HOMES, name)
        subprocess.run(
            ["useradd", "--create-home", "--home-dir", home, "--shell", "/bin/bash",
             "--user-group", "--groups", GROUP, name],
            check=True, capture_output=True,
        )  # fmt: skip
        user = pwd.getpwnam(name)
    if name not in grp.getgrnam(GROUP).gr_mem:
        raise AccountError(f"the Unix user {name} exists and is not one of the class's")
    os.chmod(user.pw_dir, 0o700)
    return user


def remove(hub_name: str) -> None:
    """Delete ``hub_name``'s Unix user and home, if the class made them."""
    name = system_name(hub_name)
    try:
        if name in grp.getgrnam(GROUP).gr_mem:
            subprocess.run(["userdel", "--remove", name], capture_output=True, check=False)
    except KeyError:
        pass
