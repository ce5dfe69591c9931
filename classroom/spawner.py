"""The class's spawner: each student's server runs as the student's own Unix user.

JupyterHub's ``LocalProcessSpawner`` already starts a server as the Unix user
named like the hub user (the hub runs as root and switches user in the child
process). This one only changes which user: ``jupyter-<name>``, made on the
first start with a private home (classroom/accounts.py), as The Littlest
JupyterHub does. Files the server makes are private too (umask 077).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid

sys.path.insert(0, str(Path(__file__).resolve().parent))
import accounts  # noqa: E402 - classroom/accounts.py


class ClassSpawner(LocalProcessSpawner):
    """``LocalProcessSpawner`` for ``jupyter-<name>``, never for root."""

    async def start(self):  # noqa: ANN201 - JupyterHub's signature
        accounts.ensure(self.user.name)
        return await super().start()

    def make_preexec_fn(self, name: str):  # noqa: ANN201
        user = accounts.system_name(name)
        switch = set_user_setuid(user)

        def preexec() -> None:
            os.umask(0o077)
            switch()
            if os.getuid() == 0:  # never reached: setuid to a class account is not root
                raise PermissionError("a student's server must not run as root")

        return preexec

    def user_env(self, env: dict) -> dict:
        import pwd

        user = pwd.getpwnam(accounts.system_name(self.user.name))
        env.update(USER=user.pw_name, HOME=user.pw_dir, SHELL=user.pw_shell)
        return env
