"""The classroom's configurations: the trying hub stays on loopback; the Z2JH values
name the repo2docker image, nbgitpuller, sized resources and culling."""

from pathlib import Path

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
    c = hub_config(monkeypatch, 9100)
    assert c.JupyterHub.ip == "127.0.0.1" and c.JupyterHub.port == 9100
    assert c.JupyterHub.hub_ip == "127.0.0.1"
    assert c.ConfigurableHTTPProxy.api_url.startswith("http://127.0.0.1:")
    assert c.ConfigurableHTTPProxy.command[0].endswith("node_modules/.bin/configurable-http-proxy")
    assert c.JupyterHub.authenticator_class == "dummy"
    assert c.JupyterHub.spawner_class == "simple"
    assert str(tmp_path) in c.SimpleLocalProcessSpawner.home_dir_template


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
