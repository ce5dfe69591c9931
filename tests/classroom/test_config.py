"""The classroom's configurations: the hub stays on loopback; the class set-up (the
default) gives each person a Unix user and sign-ups the teacher approves, and refuses
to run without root; the trying hub says what it is; the Z2JH values name the
repo2docker image, nbgitpuller, sized resources and culling."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from traitlets.config import Config

ROOT = Path(__file__).resolve().parents[2]


def hub_config(monkeypatch, port: int) -> Config:
    monkeypatch.setenv("CLASSROOM_PORT", str(port))
    monkeypatch.setenv("CLASSROOM_API_TOKEN", "secret")
    c = Config()
    path = ROOT / "classroom" / "jupyterhub_config.py"
    exec(
        compile(path.read_text(), str(path), "exec"),
        {"get_config": lambda: c, "__file__": str(path)},
    )
    return c


def test_trying_hub_listens_on_loopback_only(monkeypatch, tmp_path):
    monkeypatch.setenv("CLASSROOM_RUN", str(tmp_path))
    monkeypatch.setenv("CLASSROOM_MODE", "try")
    c = hub_config(monkeypatch, 9100)
    assert c.JupyterHub.ip == "127.0.0.1" and c.JupyterHub.port == 9100
    assert c.JupyterHub.hub_ip == "127.0.0.1"
    assert c.ConfigurableHTTPProxy.api_url.startswith("http://127.0.0.1:")
    assert c.ConfigurableHTTPProxy.command[0].endswith("node_modules/.bin/configurable-http-proxy")
    assert c.JupyterHub.authenticator_class == "dummy"
    assert c.JupyterHub.spawner_class == "simple"
    assert str(tmp_path) in c.SimpleLocalProcessSpawner.home_dir_template


def test_the_class_hub_is_the_default_and_runs_each_student_as_their_own_user(
    monkeypatch, tmp_path
):
    monkeypatch.setenv("CLASSROOM_RUN", str(tmp_path))
    monkeypatch.delenv("CLASSROOM_MODE", raising=False)
    (tmp_path / "roster.txt").write_text("ada\nbo\n")
    monkeypatch.setenv("CLASSROOM_ROSTER", str(tmp_path / "roster.txt"))
    monkeypatch.setattr(os, "getuid", lambda: 0)
    c = hub_config(monkeypatch, 9101)
    assert c.JupyterHub.ip == "127.0.0.1"
    assert c.JupyterHub.spawner_class.__name__ == "ClassSpawner"
    assert c.JupyterHub.authenticator_class.__name__ == "RosterAuthenticator"
    assert c.RosterAuthenticator.roster == {"ada", "bo"}
    assert c.NativeAuthenticator.open_signup is False  # the teacher approves
    assert "--allow-root" not in c.Spawner.get("args", [])
    assert (tmp_path / "hub").stat().st_mode & 0o777 == 0o700  # the hub's database


def test_the_class_hub_refuses_to_start_without_root(monkeypatch, tmp_path):
    monkeypatch.setenv("CLASSROOM_RUN", str(tmp_path))
    monkeypatch.delenv("CLASSROOM_MODE", raising=False)
    monkeypatch.setattr(os, "getuid", lambda: 1000)
    with pytest.raises(SystemExit, match="runs as root"):
        hub_config(monkeypatch, 9102)


def test_a_class_account_is_never_an_account_of_someone_else(monkeypatch):
    sys.path.insert(0, str(ROOT / "classroom"))
    import accounts

    assert accounts.system_name("student1").endswith("student1")
    for bad in ("Root", "../x", "a b", "x" * 40, ""):
        with pytest.raises(accounts.AccountError):
            accounts.system_name(bad)
    monkeypatch.setattr(accounts, "PREFIX", "")  # "root" would be the machine's root
    with pytest.raises(accounts.AccountError, match="not one of the class's"):
        accounts.ensure("root")


def test_trying_hub_says_it_is_for_trying_only():
    text = (ROOT / "classroom" / "jupyterhub_config.py").read_text()
    assert text.count("FOR TRYING ONLY") >= 2


def test_z2jh_values():
    values = yaml.safe_load((ROOT / "classroom" / "z2jh" / "config.yaml").read_text())
    single = values["singleuser"]
    assert single["image"]["name"].endswith("minigrad-course")
    assert single["memory"]["guarantee"] and single["memory"]["limit"]
    assert "gitpuller" in single["lifecycleHooks"]["postStart"]["exec"]["command"]
    assert values["cull"]["enabled"] is True and values["cull"]["timeout"] > 0
    assert values["hub"]["config"]["JupyterHub"]["authenticator_class"] != "dummy"


# --- the Kubernetes values, against the chart they are written for ------------------------
CHART = ROOT / "tests" / "classroom" / "z2jh_chart"  # Z2JH 4.4.0, vendored (README.md)


def helm_merge(defaults: dict, values: dict) -> dict:
    """Values over the chart's defaults as helm merges them: maps key by key, anything
    else replaced, and a null deletes the key."""
    out = dict(defaults)
    for key, value in values.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = helm_merge(out[key], value)
        else:
            out[key] = value
    return out


def z2jh_errors(values: dict) -> list[str]:
    import jsonschema

    schema = yaml.safe_load((CHART / "values.schema.yaml").read_text())
    merged = helm_merge(yaml.safe_load((CHART / "values.yaml").read_text()), values)
    validator = jsonschema.Draft7Validator(schema)
    return [f"{'.'.join(map(str, e.path))}: {e.message}" for e in validator.iter_errors(merged)]


def test_the_z2jh_values_pass_the_charts_schema():
    values = yaml.safe_load((ROOT / "classroom" / "z2jh" / "config.yaml").read_text())
    assert z2jh_errors(values) == []


def test_the_schema_check_catches_a_wrong_value():
    # the check can fail: a misspelt key and a wrong type are both errors
    assert z2jh_errors({"singleuser": {"memroy": {"limit": "1G"}}})
    assert z2jh_errors({"cull": {"enabled": "yes"}})


def test_z2jh_students_run_unprivileged_and_share_no_writable_volume():
    values = yaml.safe_load((ROOT / "classroom" / "z2jh" / "config.yaml").read_text())
    single = helm_merge(yaml.safe_load((CHART / "values.yaml").read_text()), values)["singleuser"]
    assert single["uid"] != 0 and single["allowPrivilegeEscalation"] is False
    claims = {v["name"] for v in single["storage"]["extraVolumes"] if "persistentVolumeClaim" in v}
    mounts = [m for m in single["storage"]["extraVolumeMounts"] if m["name"] in claims]
    assert mounts  # the exchange is on a volume...
    for m in mounts:  # ...that no two students can both write: read-only, or a folder each
        assert m.get("readOnly") is True or "{username}" in m.get("subPath", ""), m
    assert any(m.get("readOnly") for m in mounts)  # the released assignments
    assert any("{username}" in m.get("subPath", "") for m in mounts)  # their submissions


# --- a student's JupyterLab --------------------------------------------------------------
def _jupyter(*args: str) -> str:
    env = {**os.environ, "JUPYTER_CONFIG_PATH": str(ROOT / "lab" / "config")}
    exe = Path(sys.executable).with_name("jupyter")
    run = subprocess.run([str(exe), *args], capture_output=True, text=True, env=env, timeout=120)
    return run.stdout + run.stderr


def test_a_students_jupyterlab_has_no_teacher_tools_and_no_news():
    """What `make lab` and the class's hub start JupyterLab with (lab/config), here
    where nbgrader is installed: its teacher plugins are off, its assignment list on."""
    disabled = _jupyter("labextension", "list").split("Disabled extensions:")[1]
    for plugin in ("create-assignment", "formgrader", "course-list"):
        assert f"@jupyter/nbgrader:{plugin}" in disabled
    assert "@jupyter/nbgrader:assignment-list" not in disabled
    assert "@jupyterlab/apputils-extension:announcements" in disabled  # the news pop-up
    code = (  # the server a student's JupyterLab runs on, set up as it starts
        "from jupyter_server.serverapp import ServerApp\n"
        "app = ServerApp()\n"
        "app.initialize(argv=['--ServerApp.open_browser=False'], new_httpserver=False)\n"
        "print(sorted(n for n, e in app.extension_manager.extensions.items()"
        " if e.enabled and 'nbgrader' in n))"
    )
    env = {**os.environ, "JUPYTER_CONFIG_PATH": str(ROOT / "lab" / "config")}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert run.stdout.strip().splitlines()[-1] == str(
        [
            "nbgrader.server_extensions.assignment_list",
            "nbgrader.server_extensions.validate_assignment",
        ]
    )
    makefile = (ROOT / "Makefile").read_text()
    assert "JUPYTER_CONFIG_PATH=$(CURDIR)/lab/config" in makefile
