"""JupyterHub for the minigrad course, run on this machine by `make classroom`.

FOR TRYING ONLY: anyone may log in with any name (DummyAuthenticator) and every
student's server runs as the same system user (SimpleLocalProcessSpawner), with
its home in classroom/run/homes/<name>. A real class uses a real authenticator
and one container per student (see z2jh/config.yaml).

    jupyterhub -f classroom/jupyterhub_config.py

Settings from the environment (all optional):
  CLASSROOM_PORT      the hub's port on 127.0.0.1 (default 8765; the next two are used too)
  CLASSROOM_RUN       where the hub keeps its state (default classroom/run)
  CLASSROOM_PASSWORD  the one password of the dummy log-in (default: none asked)
  CLASSROOM_API_TOKEN a token for the teacher's scripts (service "classroom-admin")
"""

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 - given by JupyterHub when it loads this file

HERE = Path(__file__).resolve().parent
RUN = Path(os.environ.get("CLASSROOM_RUN", HERE / "run")).resolve()
PORT = int(os.environ.get("CLASSROOM_PORT", "8765"))
RUN.mkdir(parents=True, exist_ok=True)

# --- the hub and its proxy: loopback only --------------------------------------
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = PORT
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = PORT + 2
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PORT + 1}"
# configurable-http-proxy from npm (classroom/package.json, installed by `npm ci`)
c.ConfigurableHTTPProxy.command = [str(HERE / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(RUN / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{RUN / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(RUN / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(RUN / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every student's server

# --- FOR TRYING ONLY: any name logs in; all servers run as this system user ------
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
if os.getuid() == 0:  # a container or a test machine where everything runs as root
    c.Spawner.args = ["--allow-root"]
c.Spawner.http_timeout = 180  # a busy machine starts servers slowly
c.Spawner.start_timeout = 180
c.Spawner.environment = {
    # nbgrader's exchange and course id for `nbgrader fetch_assignment` / `submit`
    "JUPYTER_CONFIG_PATH": str(HERE / "student"),
    "CLASSROOM_RUN": str(RUN),
    "MINIGRAD_LANG": os.environ.get("MINIGRAD_LANG", "en"),
}

# --- the teacher's scripts talk to the hub's REST API with this token ------------
if os.environ.get("CLASSROOM_API_TOKEN"):
    c.JupyterHub.services = [
        {"name": "classroom-admin", "api_token": os.environ["CLASSROOM_API_TOKEN"]}
    ]
    c.JupyterHub.load_roles = [
        {
            "name": "classroom-admin",
            "scopes": ["admin:users", "admin:servers", "admin:server_state", "tokens"],
            "services": ["classroom-admin"],
        }
    ]
