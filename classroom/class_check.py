"""A class on this machine: `make classroom-check` (python classroom/class_check.py -n 8).

It starts the course's JupyterHub on 127.0.0.1 and plays a class against it, over HTTP only:

1. the teacher releases a lesson as an nbgrader assignment (classroom/course.py);
2. every student, all at the same time, logs in through the hub's login form, gets a
   token and a server, pulls the course with nbgitpuller, fetches the assignment,
   runs every cell of the lesson on a kernel of their server (jupyter_server's REST
   and websocket API), answers the exercises (about half right, half wrong), saves
   and submits with ``nbgrader submit``;
3. one student's server is stopped and started again in the middle of the lesson:
   the saved notebook must come back unchanged;
4. each student's token is tried on another student's server: the hub must refuse;
5. the teacher collects and autogrades; every grade must equal what the answers
   deserve (one point per right answer).

It prints the time from log-in to the first cell's result for each student, the
slowest and the median, and the memory each student's server and kernel used. It
stops every process it started, by process ID, and fails if one is left.
"""

from __future__ import annotations

import argparse
import ast
import csv
import importlib.util
import json
import os
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
import websocket

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
# the check's Unix users get a prefix of their own: a real class's accounts are never touched
os.environ.setdefault("CLASSROOM_USER_PREFIX", "mgcheck-")
import accounts  # noqa: E402 - classroom/accounts.py, one Unix user per person
import course  # noqa: E402 - classroom/course.py, the teacher's commands

PASSWORD = secrets.token_hex(8)  # the trying hub's one password
REFUSED: list[int] = []  # the status codes of the requests to another's server
TEACHER = "teacher"
BROKE_IN: list[str] = []  # the break-in attempts refused
LONG = 600  # seconds: generous, the machine may be busy
CULL_IDLE = 30  # seconds: the idle limit the hub is given for the check's last part


class ClassError(AssertionError):
    """Something a class would notice went wrong."""


# --- what the simulated students answer ---------------------------------------------


def _literal(value: object) -> str | None:
    """Python source for ``value`` when it round-trips through repr, else None."""
    try:
        text = repr(value)
        return text if ast.literal_eval(text) == value else None
    except (ValueError, SyntaxError):
        return None


def student_answers(stem: str) -> dict[str, tuple[str, str]]:
    """One right and one wrong answer (as source code) per exercise key of a lesson.

    Taken from the checkers' test data, tests/lessons/cases/<stem>.py, where an
    answer is a plain value; else from tests/classroom/answers.py.
    """
    answers: dict[str, tuple[str, str]] = {}
    cases = REPO / "tests" / "lessons" / "cases" / f"{stem}.py"
    if cases.exists():
        spec = importlib.util.spec_from_file_location(f"cases_{stem}", cases)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for key, case in module.CASES.items():
            right = [s for s in map(_literal, case.get("right", [])) if s]
            wrong = [s for s in (_literal(w[0]) for w in case.get("wrong", [])) if s]
            if right and wrong:
                answers[key] = (right[0], wrong[0])
    spare = REPO / "tests" / "classroom" / "answers.py"
    if spare.exists():
        namespace: dict = {}
        exec(spare.read_text(encoding="utf-8"), namespace)
        for key, pair in namespace["ANSWERS"].items():
            answers.setdefault(key, pair)
    return answers


def answer_cell(source: str, key: str, answer: str) -> str:
    """The exercise cell with its ``... `` replaced by ``answer``."""
    (_, expr), *_ = [c for c in course.check_calls(source) if c[0] == key]
    pattern = re.compile(rf"^({re.escape(expr)}\s*=\s*)\.\.\.", re.MULTILINE)
    new, n = pattern.subn(lambda m: m.group(1) + answer, source, count=1)
    if n != 1:
        raise ClassError(f"exercise {key}: no `{expr} = ...` line to answer in\n{source}")
    return new


# --- processes -------------------------------------------------------------------------


def free_ports() -> int:
    """A port p on 127.0.0.1 with p, p + 1 and p + 2 free (proxy, its API, the hub)."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        try:
            for extra in (1, 2):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port + extra))
            return port
        except OSError:
            continue
    raise RuntimeError("no free pair of ports on 127.0.0.1")


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (from /proc), children first found first."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        for task in Path(f"/proc/{p}/task").glob("*"):
            try:
                kids = [int(k) for k in (task / "children").read_text().split()]
            except OSError:
                continue
            found += kids
            todo += kids
    return found


def alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


class Hub:
    """The course's JupyterHub, started on loopback with its own state folder."""

    def __init__(
        self, run: Path, port: int, token: str, password: str | None = PASSWORD, mode: str = "try"
    ):
        self.run, self.port, self.token, self.password = run, port, token, password
        self.mode = mode
        self.url = f"http://127.0.0.1:{port}"
        self.pids: set[int] = set()
        self.proc: subprocess.Popen | None = None
        self.settings: dict[str, str] = {}  # more of the hub's CLASSROOM_* settings

    def start(self) -> None:
        bin_dir = Path(sys.executable).parent
        env = {
            **os.environ,
            "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
            "CLASSROOM_RUN": str(self.run),
            "CLASSROOM_PORT": str(self.port),
            "CLASSROOM_API_TOKEN": self.token,
            "CLASSROOM_MODE": self.mode,
            "CLASSROOM_ROSTER": str(self.run / "roster.txt"),
            "CLASSROOM_TEACHER": TEACHER,
            **self.settings,
        }
        if self.password:
            env["CLASSROOM_PASSWORD"] = self.password
        (self.run / "hub").mkdir(mode=0o700, exist_ok=True)
        self.log = open(self.run / "hub" / "hub.log", "a")
        self.proc = subprocess.Popen(
            [str(bin_dir / "jupyterhub"), "-f", str(HERE / "jupyterhub_config.py")],
            cwd=self.run,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.pids.add(self.proc.pid)
        deadline = time.monotonic() + LONG
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise ClassError(f"the hub exited; see {self.run / 'hub' / 'hub.log'}")
            try:
                if requests.get(f"{self.url}/hub/api/", timeout=10).ok:
                    break
            except requests.RequestException:
                pass
            time.sleep(1)
        else:
            raise ClassError("the hub did not answer")
        self.note_pids()

    def note_pids(self) -> None:
        """Remember the proxy, the servers and the kernels: all are stopped at the end."""
        if self.proc:
            self.pids.update(descendants(self.proc.pid))
        proxy = self.run / "hub" / "proxy.pid"
        if proxy.exists():
            self.pids.add(int(proxy.read_text().strip()))

    def api(self, method: str, path: str, **kw) -> requests.Response:
        kw.setdefault("timeout", 120)
        headers = {"Authorization": f"token {self.token}", **kw.pop("headers", {})}
        return requests.request(method, f"{self.url}/hub/api{path}", headers=headers, **kw)

    def server_pid(self, name: str) -> int | None:
        model = self.api("GET", f"/users/{name}").json()
        return model.get("servers", {}).get("", {}).get("state", {}).get("pid")

    def stop(self) -> list[int]:
        """Stop the hub (which stops the proxy and the servers), then anything left, by PID."""
        self.note_pids()
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=120)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for sig in (signal.SIGTERM, signal.SIGKILL):
            left = [p for p in self.pids if alive(p)]
            for pid in left:
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    pass
            deadline = time.monotonic() + 30
            while any(alive(p) for p in left) and time.monotonic() < deadline:
                time.sleep(0.5)
        return sorted(p for p in self.pids if alive(p))


# --- a student ---------------------------------------------------------------------------


class Kernel:
    """A kernel on a student's server, driven over jupyter_server's websocket API."""

    def __init__(self, base: str, token: str):
        self.base, self.token = base, token
        headers = {"Authorization": f"token {token}"}
        r = requests.post(
            f"{base}/api/kernels", json={"name": "python3"}, headers=headers, timeout=LONG
        )
        r.raise_for_status()
        self.id = r.json()["id"]
        ws_url = base.replace("http://", "ws://") + f"/api/kernels/{self.id}/channels"
        self.ws = websocket.create_connection(
            ws_url, header=[f"Authorization: token {token}"], timeout=LONG
        )
        self.session = uuid.uuid4().hex

    def execute(self, code: str) -> tuple[str, list[dict]]:
        """Run ``code``; return the reply's status ("ok"/"error") and nbformat outputs."""
        msg_id = uuid.uuid4().hex
        self.ws.send(
            json.dumps(
                {
                    "header": {
                        "msg_id": msg_id,
                        "username": "student",
                        "session": self.session,
                        "msg_type": "execute_request",
                        "version": "5.3",
                    },
                    "parent_header": {},
                    "metadata": {},
                    "buffers": [],
                    "channel": "shell",
                    "content": {
                        "code": code,
                        "silent": False,
                        "store_history": True,
                        "user_expressions": {},
                        "allow_stdin": False,
                        "stop_on_error": True,
                    },
                }
            )
        )
        outputs: list[dict] = []
        status, idle = None, False
        while status is None or not idle:
            raw = self.ws.recv()
            if not isinstance(raw, str):
                continue  # binary frames: widget buffers
            msg = json.loads(raw)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "execute_reply":
                status = content["status"]
            elif kind == "status" and content["execution_state"] == "idle":
                idle = True
            elif kind == "stream":
                outputs.append(
                    {"output_type": "stream", "name": content["name"], "text": content["text"]}
                )
            elif kind in ("display_data", "execute_result"):
                out = {
                    "output_type": kind,
                    "data": content["data"],
                    "metadata": content.get("metadata", {}),
                }
                if kind == "execute_result":
                    out["execution_count"] = content.get("execution_count")
                outputs.append(out)
            elif kind == "error":
                outputs.append(
                    {
                        "output_type": "error",
                        "ename": content["ename"],
                        "evalue": content["evalue"],
                        "traceback": content["traceback"],
                    }
                )
            elif kind == "clear_output" and not content.get("wait"):
                outputs.clear()
        return status, outputs

    def shutdown(self) -> None:
        try:
            self.ws.close()
        finally:
            requests.delete(
                f"{self.base}/api/kernels/{self.id}",
                headers={"Authorization": f"token {self.token}"},
                timeout=LONG,
            )


class Student:
    def __init__(
        self,
        hub: Hub,
        name: str,
        stem: str,
        plan: dict[str, tuple[str, bool]],
        restart_mid_lesson: bool,
    ):
        self.hub, self.name, self.stem, self.plan = hub, name, stem, plan
        self.restart_mid_lesson = restart_mid_lesson
        self.home = Path(accounts.HOMES) / accounts.system_name(name)
        self.base = f"{hub.url}/user/{name}"
        self.errors: list[str] = []
        self.first_cell: float | None = None
        self.memory_mb = 0.0
        self.restart_kept: bool | None = None
        self.token = ""
        self.password = PASSWORD

    # the hub
    def sign_up(self) -> None:
        """NativeAuthenticator's sign-up form, with a password of the student's own."""
        self.password = secrets.token_urlsafe(12)
        s = requests.Session()
        s.get(f"{self.hub.url}/hub/signup", timeout=LONG).raise_for_status()
        r = s.post(
            f"{self.hub.url}/hub/signup",
            data={
                "username": self.name,
                "signup_password": self.password,
                "signup_password_confirmation": self.password,
                "_xsrf": s.cookies.get("_xsrf"),
            },
            timeout=LONG,
        )
        r.raise_for_status()

    def log_in(self) -> requests.Session:
        s = requests.Session()
        s.get(f"{self.hub.url}/hub/login", timeout=LONG).raise_for_status()
        xsrf = s.cookies.get("_xsrf")
        r = s.post(
            f"{self.hub.url}/hub/login",
            data={"username": self.name, "password": self.password, "_xsrf": xsrf},
            allow_redirects=False,
            timeout=LONG,
        )
        if r.status_code != 302:
            raise ClassError(f"{self.name}: log-in answered {r.status_code}")
        xsrf = [c.value for c in s.cookies if c.name == "_xsrf"][-1]  # renewed at log-in
        r = s.post(
            f"{self.hub.url}/hub/api/users/{self.name}/tokens",
            json={"note": "class check", "expires_in": 7200},
            headers={"X-XSRFToken": xsrf},
            timeout=LONG,
        )
        r.raise_for_status()
        self.token = r.json()["token"]
        self.auth = {"Authorization": f"token {self.token}"}
        return s

    def start_server(self) -> None:
        r = requests.post(
            f"{self.hub.url}/hub/api/users/{self.name}/server", headers=self.auth, timeout=LONG
        )
        if r.status_code not in (201, 202):
            raise ClassError(f"{self.name}: starting the server answered {r.status_code}")
        self._wait_server(ready=True)

    def stop_server(self) -> None:
        r = requests.delete(
            f"{self.hub.url}/hub/api/users/{self.name}/server", headers=self.auth, timeout=LONG
        )
        if r.status_code not in (202, 204):
            raise ClassError(f"{self.name}: stopping the server answered {r.status_code}")
        self._wait_server(ready=False)

    def _wait_server(self, ready: bool) -> None:
        deadline = time.monotonic() + LONG
        while time.monotonic() < deadline:
            r = requests.get(
                f"{self.hub.url}/hub/api/users/{self.name}", headers=self.auth, timeout=LONG
            )
            server = r.json().get("servers", {}).get("")
            if (ready and server and server.get("ready")) or (not ready and not server):
                return
            time.sleep(1)
        raise ClassError(f"{self.name}: the server never became {'ready' if ready else 'stopped'}")

    # the server
    def get(self, path: str, **kw) -> requests.Response:
        return requests.get(f"{self.base}{path}", headers=self.auth, timeout=LONG, **kw)

    def save(self, path: str, nb: dict) -> None:
        r = requests.put(
            f"{self.base}/api/contents/{path}",
            headers=self.auth,
            timeout=LONG,
            json={"type": "notebook", "format": "json", "content": nb},
        )
        r.raise_for_status()

    def load(self, path: str) -> dict:
        r = self.get(f"/api/contents/{path}", params={"content": "1"})
        r.raise_for_status()
        return r.json()["content"]

    def pull_course(self) -> None:
        """Hand-out with nbgitpuller: the course repository into ~/minigrad-course."""
        handout = self.hub.run / "handout.git"  # the course without its worked solutions
        params = {"repo": f"file://{handout}", "targetpath": "minigrad-course", "branch": "main"}
        with self.get("/git-pull/api", params=params, stream=True) as r:
            r.raise_for_status()
            events = [
                json.loads(line[5:])
                for line in r.iter_lines(decode_unicode=True)
                if line and line.startswith("data:")
            ]
        if not events or events[-1].get("phase") != "finished":
            raise ClassError(f"{self.name}: nbgitpuller did not finish: {events[-3:]}")
        pulled = f"/api/contents/minigrad-course/notebooks/{self.stem}.ipynb"
        if self.get(pulled).status_code != 200:
            raise ClassError(f"{self.name}: the pulled course has no {self.stem}")
        if self.get("/api/contents/minigrad-course/notebooks/solutions").status_code != 404:
            raise ClassError(f"{self.name}: the hand-out holds the worked solutions")

    def nbgrader(self, kernel: Kernel, *args: str) -> None:
        code = (
            "import os, subprocess, sys\n"
            "exe = os.path.join(os.path.dirname(sys.executable), 'nbgrader')\n"
            f"r = subprocess.run([exe, *{list(args)!r}], capture_output=True, text=True)\n"
            "print('nbgrader exit', r.returncode)\n"
            "print(r.stderr[-3000:])"
        )
        _, outputs = kernel.execute(code)
        text = "".join(o.get("text", "") for o in outputs)
        if "nbgrader exit 0" not in text:
            raise ClassError(f"{self.name}: nbgrader {args[0]} failed:\n{text}")

    def run_cells(self, kernel: Kernel, nb: dict, cells: range) -> None:
        for i in cells:
            cell = nb["cells"][i]
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            for key, _ in course.check_calls(source):
                source = answer_cell(source, key, self.plan[key][0])
            cell["source"] = source
            status, outputs = kernel.execute(source)
            cell["outputs"] = outputs
            if self.first_cell is None:
                self.first_cell = time.monotonic() - self.t0
            if status != "ok" and "raises-exception" not in cell["metadata"].get("tags", []):
                err = next((o for o in outputs if o["output_type"] == "error"), {})
                self.errors.append(f"cell {i}: {err.get('ename')}: {err.get('evalue')}")

    def attend(self) -> None:
        """The whole lesson, from log-in to submission."""
        self.t0 = time.monotonic()
        self.log_in()
        self.start_server()
        kernel = Kernel(self.base, self.token)
        path = f"{self.stem}/{self.stem}.ipynb"
        self.nbgrader(kernel, "fetch_assignment", self.stem)
        nb = self.load(path)
        n = len(nb["cells"])
        half = n // 2
        self.run_cells(kernel, nb, range(half))
        if self.restart_mid_lesson:
            self.save(path, nb)
            kernel.shutdown()
            self.stop_server()
            self.start_server()
            back = self.load(path)
            self.restart_kept = [(c["source"], c.get("outputs")) for c in back["cells"]] == [
                (c["source"], c.get("outputs")) for c in nb["cells"]
            ]
            kernel = Kernel(self.base, self.token)
            self.run_cells(kernel, back, range(half))  # the kernel starts afresh
            nb = back
        self.run_cells(kernel, nb, range(half, n))
        self.pull_course()
        self.memory_mb = rss_mb(self._server_pids())
        self.save(path, nb)
        self.nbgrader(kernel, "submit", self.stem)
        kernel.shutdown()

    def _server_pids(self) -> list[int]:
        pid = self.hub.server_pid(self.name)
        return [pid, *descendants(pid)] if pid else []


def trespass(hub: Hub, intruder: Student, victim: Student) -> list[str]:
    """Requests with one student's token to another's server: each must be refused."""
    problems = []
    tries = [
        ("GET", f"{victim.base}/api/contents"),
        ("GET", f"{victim.base}/api/kernels"),
        ("PUT", f"{victim.base}/api/contents/intruder.txt"),
        ("GET", f"{hub.url}/hub/api/users/{victim.name}"),
    ]
    for method, url in tries:
        body = {"type": "file", "format": "text", "content": "x"} if method == "PUT" else None
        r = requests.request(
            method, url, headers=intruder.auth, json=body, timeout=LONG, allow_redirects=False
        )
        if r.status_code not in (403, 404):
            problems.append(f"{intruder.name} -> {method} {url}: {r.status_code}, not refused")
        else:
            REFUSED.append(r.status_code)
    # the contents API of the intruder's own server, pointed out of its home
    away = f"%2E%2E/{victim.home.name}"
    up = "%2E%2E/" * len(intruder.home.parts[1:])  # from the intruder's home to /
    teacher = Path(accounts.HOMES) / accounts.system_name(TEACHER) / "course"
    inbound = hub.run / "exchange" / course.COURSE_ID / "inbound"
    for method, path in [
        ("GET", away),
        ("GET", f"{away}/{victim.stem}/{victim.stem}.ipynb"),
        ("PUT", f"{away}/intruder.txt"),
        ("DELETE", f"{away}/{victim.stem}/{victim.stem}.ipynb"),
        ("GET", up + str(inbound).lstrip("/")),  # the exchange's submissions
        ("GET", up + str(teacher / "gradebook.db").lstrip("/")),
        ("GET", up + str(teacher / "source").lstrip("/")),  # the sources, with solutions
    ]:
        body = {"type": "file", "format": "text", "content": "x"} if method == "PUT" else None
        r = requests.request(
            method,
            f"{intruder.base}/api/contents/{path}",
            headers=intruder.auth,
            json=body,
            timeout=LONG,
            allow_redirects=False,
        )
        if r.status_code not in (400, 403, 404):
            problems.append(f"{intruder.name} -> {method} {path} (own server): {r.status_code}")
        else:
            REFUSED.append(r.status_code)
    if (victim.home / "intruder.txt").exists():
        problems.append(f"{intruder.name} wrote into {victim.name}'s home")
    return problems


def break_in(hub: Hub, intruder: Student, victim: Student, teacher_course: Path) -> list[str]:
    """From a kernel of the intruder's own server: other students' files and the teacher's.
    Every attempt must raise PermissionError."""
    inbound = hub.run / "exchange" / course.COURSE_ID / "inbound"
    submitted = sorted(inbound.glob(f"{victim.name}+{victim.stem}+*"))  # (the check is root)
    notebook = victim.home / victim.stem / f"{victim.stem}.ipynb"
    attempts = {
        "list another's home": f"os.listdir({str(victim.home)!r})",
        "read another's notebook": f"open({str(notebook)!r}).read()",
        "write into another's home": f"open({str(victim.home / 'intruder.txt')!r}, 'w')",
        "delete another's notebook": f"os.remove({str(notebook)!r})",
        "list the exchange's inbound": f"os.listdir({str(inbound)!r})",
        "read the gradebook": f"open({str(teacher_course / 'gradebook.db')!r}, 'rb').read(1)",
        "read the assignment's source (solutions)": (
            f"open({str(teacher_course / 'source' / victim.stem / (victim.stem + '.ipynb'))!r})"
            ".read()"
        ),
        "list the teacher's course": f"os.listdir({str(teacher_course)!r})",
        "read the hub's database": f"open({str(hub.run / 'hub' / 'jupyterhub.sqlite')!r}, 'rb')",
    }
    if submitted:  # its name ends in a random string: the check (root) tells it
        path = submitted[-1] / f"{victim.stem}.ipynb"
        attempts["read another's submission"] = f"open({str(path)!r}).read()"
    code = (
        "import json, os\nresults = {}\n"
        + "".join(
            f"try:\n    {expr}\n    results[{label!r}] = 'ALLOWED'\n"
            f"except PermissionError:\n    results[{label!r}] = 'refused'\n"
            for label, expr in attempts.items()
        )
        + "print(json.dumps(results))"
    )
    kernel = Kernel(intruder.base, intruder.token)
    try:
        _, outputs = kernel.execute(code)
    finally:
        kernel.shutdown()
    text = "".join(o.get("text", "") for o in outputs)
    try:
        results = json.loads(text.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return [f"{intruder.name}: the break-in cell printed {text!r} {outputs}"]
    problems = []
    if not submitted:
        problems.append(f"{victim.name}: no submission in the exchange to try to read")
    for label, result in results.items():
        if result != "refused":
            problems.append(f"{intruder.name} could {label} ({victim.name}'s)")
        else:
            BROKE_IN.append(label)
    return problems


def server_users(hub: Hub, students: list[Student]) -> list[str]:
    """With ``ps``: each student's server and kernels run as that student's own Unix
    user, never as root, and no two students share one."""
    problems, users = [], {}
    for s in students:
        pid = hub.server_pid(s.name)
        if not pid:
            problems.append(f"{s.name}: no server process")
            continue
        for p in [pid, *descendants(pid)]:
            ps = subprocess.run(["ps", "-o", "user=", "-p", str(p)], capture_output=True, text=True)
            user = ps.stdout.strip()
            if not user:
                continue  # ended meanwhile
            if user == "root" or user != accounts.system_name(s.name):
                problems.append(f"{s.name}: process {p} runs as {user}")
            users.setdefault(user, set()).add(s.name)
    problems += [f"{sorted(names)} share the Unix user {u}" for u, names in users.items()
                 if len(names) > 1]  # fmt: skip
    print(f"Servers and kernels, with ps: {len(users)} Unix users for {len(students)} students,"
          f" root: {'root' in users}")  # fmt: skip
    return problems


# --- the class ------------------------------------------------------------------------------


def passable(paths: list[Path]) -> list[tuple[Path, int]]:
    """Students' servers run this Python and read minigrad from this clone. A folder
    above them that other users cannot pass through (a private temporary folder)
    gets the pass bit (o+x: pass, not list) for the class; returns what to put back."""
    changed = []
    for path in paths:
        for folder in [*reversed(Path(path).resolve().parents), Path(path).resolve()]:
            if not folder.is_dir():
                continue
            mode = folder.stat().st_mode & 0o7777
            if not mode & 0o001:
                os.chmod(folder, mode | 0o001)
                changed.append((folder, mode))
    return changed


def as_teacher(*args: str) -> str:
    """``classroom/course.py ARGS`` as the teacher's own Unix user; its output."""
    user = accounts.ensure(TEACHER)
    env = {
        "CLASSROOM_RUN": os.environ["CLASSROOM_RUN"],
        "CLASSROOM_COURSE": os.environ["CLASSROOM_COURSE"],
        "HOME": user.pw_dir,
        "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin",
    }
    r = subprocess.run(
        ["runuser", "-u", user.pw_name, "--", "env", *[f"{k}={v}" for k, v in env.items()],
         sys.executable, str(HERE / "course.py"), *args],
        capture_output=True, text=True, cwd=user.pw_dir,
    )  # fmt: skip
    if r.returncode != 0:
        raise ClassError(f"course.py {' '.join(args)} as the teacher failed:\n{r.stderr[-3000:]}")
    return r.stdout


def run_class(n_students: int, stem: str, keep: bool = False) -> dict:
    """Run the class; return its figures. Raises ClassError when a check fails."""
    if n_students < 2:
        raise SystemExit("a class needs at least 2 students (one tries the other's server)")
    if os.getuid() != 0:
        raise SystemExit(
            "The class check plays the class as it is set up (classroom/jupyterhub_config.py):"
            " a hub that runs as root and starts each student's server as that student's own"
            " Unix user. Run it as root (sudo make classroom-check)."
        )
    answers = student_answers(stem)
    names = [f"student{i + 1}" for i in range(n_students)]
    run = Path(tempfile.mkdtemp(prefix="minigrad-class-"))
    os.chmod(run, 0o711)
    os.environ["CLASSROOM_RUN"] = str(run)
    hub = Hub(run, free_ports(), secrets.token_hex(32), mode="class")
    problems: list[str] = []
    figures: dict = {"run": str(run)}
    began = time.monotonic()
    opened: list[tuple[Path, int]] = []
    try:
        for name in [TEACHER, *names]:  # left over from a check that was stopped
            accounts.remove(name)
        teacher_course = Path(accounts.ensure(TEACHER).pw_dir) / "course"
        os.environ["CLASSROOM_COURSE"] = str(teacher_course)
        (run / "exchange").mkdir()
        os.chmod(run / "exchange", 0o1777)  # nbgrader's exchange, with the sticky bit
        (run / "roster.txt").write_text("\n".join(names) + "\n")
        opened = passable([REPO, Path(sys.prefix), Path(sys.executable).resolve()])
        course.handout()
        as_teacher("release", stem)
        release = teacher_course / "release" / stem / f"{stem}.ipynb"
        keys = [
            k
            for c in json.loads(release.read_text())["cells"]
            if c["cell_type"] == "code"
            for k, _ in course.check_calls("".join(c["source"]))
        ]
        missing = [k for k in keys if k not in answers]
        if missing:
            raise ClassError(f"no right and wrong answers for {missing} to play the class with")
        print(f"Hub on {hub.url} (state in {run}); {n_students} students, lesson {stem}")
        hub.start()
        students = []
        for i, name in enumerate(names):
            plan = {k: answers[k][(i + j) % 2] for j, k in enumerate(keys)}
            plan = {k: (code, (i + j) % 2 == 0) for j, (k, code) in enumerate(plan.items())}
            students.append(Student(hub, name, stem, plan, i == n_students - 1))
        teacher = Student(hub, TEACHER, stem, {}, False)
        teacher.sign_up()
        desk = teacher.log_in()  # the admin: approved when signing up
        for s in students:
            s.sign_up()
        problems += accounts_problems(hub, students[0])
        for s in students:  # the teacher approves each sign-up
            desk.get(f"{hub.url}/hub/authorize/{s.name}", timeout=LONG).raise_for_status()
        lock = threading.Lock()

        def attend(student: Student) -> None:
            try:
                student.attend()
            except Exception as error:  # noqa: BLE001 - reported with the student's name
                with lock:
                    student.errors.append(f"{type(error).__name__}: {error}")
            hub.note_pids()

        with ThreadPoolExecutor(max_workers=n_students) as pool:
            list(pool.map(attend, students))
        for s in students:
            problems += [f"{s.name}: {e}" for e in s.errors]
        problems += server_users(hub, students)
        for i, s in enumerate(students):
            if s.token:
                victim = students[(i + 1) % n_students]
                problems += trespass(hub, s, victim)
                problems += break_in(hub, s, victim, teacher_course)
        codes = sorted(set(REFUSED))
        print(
            f"Requests with one student's token to another's server, or out of their own"
            f" server's home: {len(REFUSED)} refused (HTTP {', '.join(map(str, codes))})"
        )
        print(
            f"From inside each student's kernel: {len(BROKE_IN)} attempts on another student's"
            f" files, the exchange and the teacher's course, each refused (PermissionError):"
        )
        for label in dict.fromkeys(BROKE_IN):
            print(f"  {label}: refused {BROKE_IN.count(label)} times")
        restarted = students[-1]
        if restarted.restart_kept is not True:
            problems.append(f"{restarted.name}: the notebook changed across a server restart")
        try:
            as_teacher("grade", stem)
            with open(teacher_course / "exercises.csv", encoding="utf-8") as f:
                rows = list(csv.DictReader(f))
        except ClassError as error:
            problems.append(f"grading failed: {error}")
            rows = []
        got = {(r["student"], r["exercise"]): float(r["points"]) for r in rows}
        for s in students:
            for key, (_, right) in s.plan.items():
                grade_id = "test_" + key.replace(".", "_")
                points = got.get((s.name, grade_id))
                if points != (1.0 if right else 0.0):
                    problems.append(
                        f"{s.name} {key}: {points} points for a "
                        f"{'right' if right else 'wrong'} answer"
                    )
        times = {s.name: s.first_cell for s in students}
        figures.update(
            first_cell=times,
            memory_mb={s.name: round(s.memory_mb) for s in students},
            grades={s.name: sum(r for _, r in s.plan.values()) for s in students},
        )
        print("\nTime from log-in to the first cell's result:")
        for name, t in times.items():
            print(f"  {name:<10} {t:6.1f} s" if t is not None else f"  {name:<10} never")
        measured = [t for t in times.values() if t is not None]
        if measured:
            figures["slowest"], figures["median"] = max(measured), statistics.median(measured)
            figures["p95"] = (
                statistics.quantiles(measured, n=20, method="inclusive")[18]
                if len(measured) > 1
                else measured[0]
            )
            print(
                f"  median {figures['median']:.1f} s, 95th percentile {figures['p95']:.1f} s,"
                f" slowest {figures['slowest']:.1f} s"
            )
        mem = [s.memory_mb for s in students if s.memory_mb]
        if mem:
            figures["memory_max_mb"] = max(mem)
            print(
                f"Memory per student (server + kernel): median {statistics.median(mem):.0f} MB,"
                f" largest {max(mem):.0f} MB, all {sum(mem) / 1024:.1f} GB"
            )
            total = machine_memory_mb()
            figures["would_hold"] = int(0.8 * total // max(mem))
            print(
                f"This machine ({total / 1024:.0f} GB, {os.cpu_count()} cores) would hold about"
                f" {figures['would_hold']} students at once by memory (80% of it, at the largest"
                f" student's {max(mem):.0f} MB); with {os.cpu_count()} cores, a class that big"
                " waits longer for its first results, as measured above."
            )
        problems += idle_server_is_culled(hub, students[0])
    finally:
        left = hub.stop()
        print(
            f"Stopped the hub, its proxy, servers and kernels: {len(hub.pids)} processes;"
            f" left running: {left or 'none'}"
        )
        if left:
            problems.append(f"processes left running: {left}")
        for name in [TEACHER, *names]:
            accounts.remove(name)
        for folder, mode in reversed(opened):
            os.chmod(folder, mode)
        if not keep:
            shutil.rmtree(run, ignore_errors=True)
    print(f"The whole class took {(time.monotonic() - began) / 60:.1f} minutes.")
    if problems:
        raise ClassError("the class went wrong:\n  " + "\n  ".join(problems))
    print(
        "The class went well: every student's server ran as that student's own Unix user,"
        " every notebook ran, no one reached another's server, files or submission, or the"
        " teacher's course, every grade is right, nothing was lost in the restart, an idle"
        " server was culled and its files kept."
    )
    return figures


def idle_server_is_culled(hub: Hub, student: Student) -> list[str]:
    """The hub restarted with its idle limit at CULL_IDLE seconds (the same
    jupyterhub-idle-culler service, a shorter CLASSROOM_CULL_IDLE): a server left idle
    runs until the limit, is then stopped by the culler, and the file it saved stays."""
    hub.stop()  # (the hub stops the servers it started)
    hub.settings = {"CLASSROOM_CULL_IDLE": str(CULL_IDLE), "CLASSROOM_ACTIVITY": "5"}
    hub.start()
    student.log_in()
    student.start_server()
    started = time.monotonic()
    note = f"idle-{uuid.uuid4().hex[:8]}.txt"
    r = requests.put(
        f"{student.base}/api/contents/{note}",
        headers=student.auth,
        json={"type": "file", "format": "text", "content": "still here"},
        timeout=LONG,
    )
    r.raise_for_status()
    hub.note_pids()

    def running() -> bool:
        return bool(hub.api("GET", f"/users/{student.name}").json().get("servers", {}).get(""))

    time.sleep(CULL_IDLE / 2)
    if not running():
        return [f"{student.name}: the idle server was stopped before its {CULL_IDLE} s limit"]
    deadline = started + CULL_IDLE + 120
    while running() and time.monotonic() < deadline:
        time.sleep(2)
    if running():
        return [f"{student.name}: the idle server still ran {CULL_IDLE + 120} s after starting"]
    after = time.monotonic() - started
    hub.log.flush()
    log = (hub.run / "hub" / "hub.log").read_text(errors="replace")
    if f"Culling server {student.name}" not in log:  # stopped by the culler, not by chance
        return [f"{student.name}: the idle server stopped, but not by jupyterhub-idle-culler"]
    saved = student.home / note
    if not saved.exists() or saved.read_text() != "still here":
        return [f"{student.name}: the file saved before the server was culled is gone"]
    print(
        f"Idle servers: {student.name}'s server, left idle, was stopped by jupyterhub-idle-culler"
        f" {after:.0f} s after it started (limit {CULL_IDLE} s here, 3600 s in a class); the"
        f" file it saved is still in {student.name}'s home."
    )
    return []


def machine_memory_mb() -> float:
    """This machine's memory (MemTotal of /proc/meminfo), in MB."""
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemTotal:"):
            return int(line.split()[1]) / 1024
    return 0.0


def accounts_problems(hub: Hub, student: Student) -> list[str]:
    """A sign-up the teacher has not approved yet, and a name not on the roster, are
    both refused at log-in."""
    problems = []
    try:
        student.log_in()
        problems.append(f"{student.name} logged in before the teacher approved the sign-up")
    except ClassError:
        pass
    outsider = Student(hub, "outsider", student.stem, {}, False)
    try:
        outsider.sign_up()
    except requests.HTTPError:
        pass
    try:
        outsider.log_in()
        problems.append("a name not on the roster signed up and logged in")
    except ClassError:
        pass
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description="Play a class against the course's hub.")
    parser.add_argument("-n", "--students", type=int, default=8)
    parser.add_argument("--lesson", default="03_scalar_backward")
    parser.add_argument("--keep", action="store_true", help="keep the hub's state folder")
    args = parser.parse_args()
    try:
        run_class(args.students, args.lesson, args.keep)
    except ClassError as error:
        sys.exit(str(error))


if __name__ == "__main__":
    main()
