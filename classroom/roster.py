"""Sign-ups for a class: NativeAuthenticator, open to the teacher's roster only.

A name on the roster may sign up with a password of its own; the account stays
locked until the teacher approves it at /hub/authorize. A name not on the roster
cannot sign up or log in.
"""

from __future__ import annotations

from nativeauthenticator import NativeAuthenticator
from traitlets import Set, Unicode


class RosterAuthenticator(NativeAuthenticator):
    """NativeAuthenticator, for the names on ``roster`` (and the admins) only."""

    roster = Set(Unicode(), config=True, help="the students' hub names")

    def get_handlers(self, app: object) -> list:
        # NativeAuthenticator 1.3's own log-in page fails on JupyterHub 6 (it times the
        # log-in with a ``statsd`` JupyterHub no longer has): JupyterHub's page is used,
        # with a link to the sign-up page (jupyterhub_config.py, announcement_login).
        return [h for h in super().get_handlers(app) if h[0] != r"/login"]

    def validate_username(self, username: str) -> bool:
        known = username in self.roster or username in self.admin_users
        return known and super().validate_username(username)
