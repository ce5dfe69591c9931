"""JupyterHub for the minigrad course.

Two modes (CLASSROOM_MODE):

``class`` (the default): a class on one machine, set up as The Littlest JupyterHub
sets one up. The hub runs as root, only to start each person's server as their own
Unix user ``jupyter-<name>`` (classroom/spawner.py), whose home is private (0700);
no server runs as root. Accounts: NativeAuthenticator. Only the names on the
teacher's roster may sign up, and the teacher approves each sign-up at
/hub/authorize. The teacher (``CLASSROOM_TEACHER``, default ``teacher``) is the
admin. nbgrader's exchange keeps submissions from other students
(classroom/student/nbgrader_config.py).

    sudo CLASSROOM_ROSTER=roster.txt jupyterhub -f classroom/jupyterhub_config.py

``try`` (``make classroom``), FOR TRYING ONLY: anyone may log in with any name
(DummyAuthenticator) and every student's server runs as the same system user
(SimpleLocalProcessSpawner), with its home in classroom/run/homes/<name>.

Settings from the environment (all optional):
  CLASSROOM_MODE      class (default) or try
  CLASSROOM_ROSTER    class: a file with the students' hub names, one a line
  CLASSROOM_TEACHER   class: the teacher's hub name (default teacher)
  CLASSROOM_PORT      the hub's port on 127.0.0.1 (default 8765; the next two are used too)
  CLASSROOM_RUN       where the class keeps its state (default classroom/run)
  CLASSROOM_PASSWORD  try: the one password of the dummy log-in (default: none asked)
  CLASSROOM_API_TOKEN a token for the teacher's scripts (service "classroom-admin")
  CLASSROOM_CULL_IDLE seconds after which an idle server is stopped by
                      jupyterhub-idle-culler, a hub service (default 3600; its files stay)
  CLASSROOM_ACTIVITY  how often, in seconds, the hub and each server note activity
                      (default 300, JupyterHub's own)
"""

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 - given by JupyterHub when it loads this file

HERE = Path(__file__).resolve().parent
RUN = Path(os.environ.get("CLASSROOM_RUN", HERE / "run")).resolve()
PORT = int(os.environ.get("CLASSROOM_PORT", "8765"))
MODE = os.environ.get("CLASSROOM_MODE", "class")
if MODE not in ("class", "try"):
    raise SystemExit(f"CLASSROOM_MODE is {MODE!r}: it must be 'class' or 'try'")
RUN.mkdir(parents=True, exist_ok=True)
STATE = RUN / "hub"  # the hub's database and secrets: the hub's user only
STATE.mkdir(mode=0o700, exist_ok=True)
os.chmod(STATE, 0o700)

# --- the hub and its proxy: loopback only --------------------------------------
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = PORT
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = PORT + 2
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PORT + 1}"
# configurable-http-proxy from npm (classroom/package.json, installed by `npm ci`)
c.ConfigurableHTTPProxy.command = [str(HERE / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every student's server

if MODE == "class":
    # --- a class: one Unix user per person, sign-ups the teacher approves ----------
    if os.getuid() != 0:
        raise SystemExit(
            "The class hub runs as root, to start each student's server as that student's"
            " own Unix user. Run it with sudo, or set CLASSROOM_MODE=try to try it alone."
        )
    sys.path.insert(0, str(HERE))
    from roster import RosterAuthenticator  # noqa: E402 - classroom/roster.py
    from spawner import ClassSpawner  # noqa: E402 - classroom/spawner.py

    roster = os.environ.get("CLASSROOM_ROSTER")
    c.JupyterHub.authenticator_class = RosterAuthenticator
    c.RosterAuthenticator.roster = set(Path(roster).read_text().split()) if roster else set()
    c.NativeAuthenticator.open_signup = False  # the teacher approves each sign-up
    c.NativeAuthenticator.minimum_password_length = 10
    c.Authenticator.allow_all = True  # ...whom NativeAuthenticator has approved
    c.Authenticator.admin_users = {os.environ.get("CLASSROOM_TEACHER", "teacher")}
    c.JupyterHub.spawner_class = ClassSpawner
    os.chmod(RUN, 0o711)  # students pass through to the exchange; they cannot list it
    c.JupyterHub.template_vars = {
        "announcement_login": "First time here? <a href='/hub/signup'>Sign up</a> with the"
        " name your teacher gave you; you can log in once your teacher has approved it."
        " / 第一次来？请用老师给你的名字<a href='/hub/signup'>注册</a>，老师批准后即可登录。"
    }
else:
    # --- FOR TRYING ONLY: any name logs in; all servers run as this system user ----
    c.JupyterHub.authenticator_class = "dummy"
    if os.environ.get("CLASSROOM_PASSWORD"):
        c.DummyAuthenticator.password = os.environ["CLASSROOM_PASSWORD"]
    c.Authenticator.allow_all = True
    c.Authenticator.admin_users = {"teacher"}
    c.JupyterHub.spawner_class = "simple"
    c.SimpleLocalProcessSpawner.home_dir_template = str(RUN / "homes" / "{username}")

# --- each student's server: minigrad and the course ----------------------------
# The server is this Python's jupyterhub-singleuser, so it sees the same minigrad.
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"
if MODE == "try" and os.getuid() == 0:  # a container where everything runs as root
    c.Spawner.args = ["--allow-root"]
c.Spawner.http_timeout = 180  # a busy machine starts servers slowly
c.Spawner.start_timeout = 180
c.Spawner.environment = {
    # nbgrader's exchange and course id for `nbgrader fetch_assignment` / `submit`
    # and a student's JupyterLab: nbgrader's assignment list, not the teacher's tools
    # (lab/config, which `make lab` uses too)
    "JUPYTER_CONFIG_PATH": os.pathsep.join(
        [str(HERE / "student"), str(HERE.parent / "lab" / "config")]
    ),
    "CLASSROOM_RUN": str(RUN),
    "MINIGRAD_LANG": os.environ.get("MINIGRAD_LANG", "en"),
}
if MODE == "class":
    # nbgitpuller may clone the hand-out that classroom/course.py made here (a folder
    # of another user: git asks for it to be named safe); the student's ~/.gitconfig
    # is read too
    c.Spawner.environment["GIT_CONFIG_GLOBAL"] = str(RUN / "gitconfig")

# --- idle servers are stopped (a student's files stay in their home) ------------
CULL_IDLE = int(os.environ.get("CLASSROOM_CULL_IDLE", "3600"))
ACTIVITY = int(os.environ.get("CLASSROOM_ACTIVITY", "300"))
c.JupyterHub.last_activity_interval = ACTIVITY  # the proxy's traffic, noted this often
c.Spawner.environment["JUPYTERHUB_ACTIVITY_INTERVAL"] = str(ACTIVITY)  # and the server's
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={CULL_IDLE}",
            f"--cull-every={max(10, min(CULL_IDLE // 4, 600))}",
        ],
    }
]
c.JupyterHub.load_roles = [
    {  # what jupyterhub-idle-culler's documentation asks for, nothing more
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]

# --- the teacher's scripts talk to the hub's REST API with this token ------------
if os.environ.get("CLASSROOM_API_TOKEN"):
    c.JupyterHub.services.append(
        {"name": "classroom-admin", "api_token": os.environ["CLASSROOM_API_TOKEN"]}
    )
    c.JupyterHub.load_roles.append(
        {
            "name": "classroom-admin",
            "scopes": ["admin:users", "admin:servers", "admin:server_state", "tokens"],
            "services": ["classroom-admin"],
        }
    )
