"""Real-browser fixtures: a fresh JupyterLab server and a headless Chromium page.

- ``jupyterlab`` (one per test session): a JupyterLab 4 server on a free
  loopback port with a random token, serving a temporary folder. Copy
  notebooks in with ``jupyterlab.add(path)`` and open ``jupyterlab.url(name)``.
  The server runs with this repository on ``PYTHONPATH`` (so the kernel
  imports this minigrad) and a settings folder that turns the news toast off;
  it is stopped by its PID at the end. ``start_lab(folder, env_changes)``
  starts another one, e.g. with a PATH that holds no ``dot``.
- ``page`` (one per test): a Playwright page in Debian's Chromium
  (``/usr/bin/chromium``; Playwright's own browsers are never downloaded).
- ``run_all(page)``: Run > Run All Cells, as a learner would.

All browser tests carry ``@pytest.mark.browser``; ``make test BROWSER_TESTS=0``
(or ``pytest -m "not browser"``) leaves them out.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("MINIGRAD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """A running JupyterLab: its folder, address and token."""

    def __init__(self, root: Path, port: int, token: str, process: subprocess.Popen) -> None:
        self.root, self.port, self.token, self.process = root, port, token, process
        self.base = f"http://127.0.0.1:{port}"

    def add(self, notebook: str | Path, name: str | None = None) -> str:
        """Copy a notebook into the served folder; returns its name there."""
        notebook = Path(notebook)
        name = name or notebook.name
        shutil.copy(notebook, self.root / name)
        return name

    def url(self, name: str) -> str:
        """The address that opens ``name`` in JupyterLab."""
        return f"{self.base}/lab/tree/{name}?token={self.token}"

    def ready(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.base}/api/status?token={self.token}", timeout=2):
                return True
        except OSError:
            return False

    def stop(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)


@contextmanager
def start_lab(base: Path, env_changes: dict[str, str] | None = None) -> Iterator[LabServer]:
    """A JupyterLab server serving ``base / "notebooks"``; ``env_changes`` go into
    the environment of the server and so of its kernels (a PATH without ``dot``...)."""
    root = base / "notebooks"
    root.mkdir()
    settings = base / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = dict(os.environ)
    env["JUPYTERLAB_SETTINGS_DIR"] = str(base / "settings")
    env["JUPYTER_RUNTIME_DIR"] = str(base / "runtime")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.update(env_changes or {})
    port, token = _free_port(), secrets.token_hex(16)
    jupyter = Path(sys.executable).with_name("jupyter")
    cmd = [
        str(jupyter),
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}",
        "--ServerApp.port_retries=0",
    ]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    log = open(base / "server.log", "w")  # noqa: SIM115 - closed below
    process = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=root)
    server = LabServer(root, port, token, process)
    try:
        deadline = time.monotonic() + 60
        while not server.ready():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    "JupyterLab did not start:\n" + (base / "server.log").read_text()[-3000:]
                )
            time.sleep(0.25)
        yield server
    finally:
        server.stop()
        log.close()


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    with start_lab(tmp_path_factory.mktemp("jupyterlab")) as server:
        yield server


@pytest.fixture(scope="session")
def playwright() -> Iterator[object]:
    """One Playwright driver for the whole run (its sync API cannot be started twice)."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(
            f"Chromium not found at {CHROMIUM}: install it (apt-get install chromium) or leave "
            "the browser tests out with -m 'not browser' (make test BROWSER_TESTS=0)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser_context(
    playwright: object, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[object]:
    context = playwright.chromium.launch_persistent_context(  # type: ignore[attr-defined]
        str(tmp_path_factory.mktemp("chromium-profile")),
        executable_path=CHROMIUM,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1400, "height": 1000},
    )
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def page(browser_context: object) -> Iterator[object]:
    page = browser_context.new_page()  # type: ignore[attr-defined]
    page.set_default_timeout(60_000)
    try:
        yield page
    finally:
        page.close()
