"""The teacher's commands: hand out lessons as nbgrader assignments, then grade them.

    python classroom/course.py release 03_scalar_backward  # no name: every lesson with exercises
    python classroom/course.py grade 03_scalar_backward    # collect, autograde, report
    python classroom/course.py handout                     # the course, less its solutions
    python classroom/course.py gather                      # Kubernetes: before `grade`

`release` copies each lesson into the nbgrader course's source/ folder. After every
exercise cell (the one that calls ``check("key", answer)``) it adds an autograder test
worth one point, ``assert passes("key", answer)``: the same judge from minigrad.lessons,
so the answers are never written twice. The test is hidden from students (nbgrader
puts it back when it grades). Solution cells and the link to the solutions notebook
are left out, then ``nbgrader generate_assignment`` and ``release_assignment`` make and
publish the release. `grade` runs ``nbgrader collect``, ``autograde`` and ``export``,
and writes grades.csv (one line per student) and exercises.csv (points per exercise).
"""

from __future__ import annotations

import argparse
import ast
import copy
import csv
import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
COURSE_ID = "minigrad"


def run_dir() -> Path:
    return Path(os.environ.get("CLASSROOM_RUN", HERE / "run")).resolve()


def course_dir() -> Path:
    """The nbgrader course: sources with solutions and the gradebook (the teacher's only)."""
    return Path(os.environ.get("CLASSROOM_COURSE", run_dir() / "course")).resolve()


def exchange_dir() -> Path:
    return run_dir() / "exchange"


def check_calls(source: str) -> list[tuple[str, str]]:
    """The ``check("key", answer)`` calls in a cell: (key, source of the answer).

    >>> check_calls('answer_1 = ...\\ncheck("scalar.1", answer_1)')
    [('scalar.1', 'answer_1')]
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython magics: not an exercise cell
        return []
    calls = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "check"
            and len(node.args) == 2
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            calls.append((node.args[0].value, ast.get_source_segment(source, node.args[1])))
    return sorted(calls, key=lambda call: source.index(call[0]))


def _text(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def is_solution_cell(cell: dict) -> bool:
    """Cells that give answers away: worked solutions, their heading, a bare link to them."""
    text = _text(cell)
    if cell["cell_type"] == "code":
        return "passes(" in text or "all_solutions_pass" in text
    first = text.strip().splitlines()[0] if text.strip() else ""
    return not without_solution_links(text).strip() or (
        first.startswith("#") and any(w in first for w in ("Solution", "参考答案", "答案"))
    )


def without_solution_links(markdown: str) -> str:
    """The markdown without its lines that link to the solutions notebook.

    >>> without_solution_links("Try them first.\\n\\n[Solutions](solutions/03_x.ipynb)")
    'Try them first.\\n'
    """
    return "\n".join(line for line in markdown.splitlines() if "](solutions/" not in line)


def _nbgrader(meta: dict) -> dict:
    return {"nbgrader": {"schema_version": 3, "task": False, **meta}}


def assignment_source(lesson: dict) -> tuple[dict, list[str]]:
    """The nbgrader source notebook for a lesson, and its exercise keys in order."""
    nb = copy.deepcopy(lesson)
    cells, keys = [], []
    for cell in nb["cells"]:
        if is_solution_cell(cell):
            continue
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
            cell["metadata"].pop("execution", None)
        else:  # the release has no solutions notebook to link to
            cell["source"] = without_solution_links(_text(cell))
        cells.append(cell)
        for key, answer in check_calls(_text(cell)) if cell["cell_type"] == "code" else []:
            keys.append(key)
            test = (
                f"# Graded by the same judge as check() above: 1 point for exercise {key}.\n"
                "### BEGIN HIDDEN TESTS\n"
                "from minigrad.lessons import passes\n\n"
                f"assert passes({key!r}, {answer})\n"
                "### END HIDDEN TESTS"
            )
            grade_id = "test_" + key.replace(".", "_")
            meta = {"grade": True, "solution": False, "locked": True, "points": 1}
            cells.append(
                {
                    "cell_type": "code",
                    "execution_count": None,
                    "id": grade_id.replace("_", "-"),
                    "metadata": {**_nbgrader({**meta, "grade_id": grade_id}), "editable": False},
                    "outputs": [],
                    "source": test,
                }
            )
    nb["cells"] = cells
    nb["metadata"].pop("widgets", None)
    return nb, keys


def lessons_with_exercises(lang: str = "en") -> dict[str, Path]:
    folder = REPO / "notebooks" / ("zh" if lang == "zh" else "")
    found = {}
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        lesson = json.loads(path.read_text(encoding="utf-8"))
        if any(c["cell_type"] == "code" and check_calls(_text(c)) for c in lesson["cells"]):
            found[path.stem] = path
    return found


def write_config() -> None:
    root = course_dir()
    root.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(root, 0o700)  # sources, solutions and grades: the teacher's only
    if not exchange_dir().exists():
        exchange_dir().mkdir(parents=True)
        os.chmod(exchange_dir(), 0o1777)  # nbgrader's exchange, with the sticky bit
    (root / "nbgrader_config.py").write_text(
        "c = get_config()  # noqa: F821\n"
        f"c.CourseDirectory.root = {str(root)!r}\n"
        f"c.CourseDirectory.course_id = {COURSE_ID!r}\n"
        f"c.Exchange.root = {str(exchange_dir())!r}\n"
        "c.ExecutePreprocessor.timeout = 600\n"
        "# On the trying hub every server runs as one system user: no owner to check.\n"
        f"c.CollectApp.check_owner = {os.environ.get('CLASSROOM_CHECK_OWNER') == '1'}\n",
        encoding="utf-8",
    )


def nbgrader(*args: str) -> None:
    bin_dir = Path(sys.executable).parent  # nbgrader runs `alembic` from PATH
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    subprocess.run([str(bin_dir / "nbgrader"), *args], cwd=course_dir(), env=env, check=True)


def release(stems: list[str], lang: str = "en") -> list[str]:
    """Make and publish one assignment per lesson; return the assignment names."""
    write_config()
    lessons = lessons_with_exercises(lang)
    for stem in stems or list(lessons):
        if stem not in lessons:
            raise SystemExit(f"{stem}: no lesson with exercises by that name in {lang}")
        nb, keys = assignment_source(json.loads(lessons[stem].read_text(encoding="utf-8")))
        source = course_dir() / "source" / stem
        source.mkdir(parents=True, exist_ok=True)
        (source / f"{stem}.ipynb").write_text(json.dumps(nb, indent=1, ensure_ascii=False))
        print(f"{stem}: {len(keys)} graded exercises ({', '.join(keys)})")
        nbgrader("generate_assignment", stem, "--force")
        nbgrader("release_assignment", stem, "--force")
    return stems or list(lessons)


def grade(assignment: str) -> list[dict]:
    """Collect and autograde ``assignment``; write and return the points per exercise."""
    from nbgrader.api import Gradebook

    nbgrader("collect", assignment, "--update")
    nbgrader("autograde", assignment, "--force")
    nbgrader("export", "--to", str(course_dir() / "grades.csv"))
    rows = []
    with warnings.catch_warnings(), Gradebook(f"sqlite:///{course_dir() / 'gradebook.db'}") as gb:
        warnings.simplefilter("ignore")  # SQLAlchemy's notes on nbgrader's own sessions
        for submission in gb.assignment_submissions(assignment):
            for nb in submission.notebooks:
                for g in nb.grades:
                    rows.append(
                        {
                            "student": submission.student_id,
                            "notebook": nb.name,
                            "exercise": g.name,
                            "points": g.score,
                            "max_points": g.max_score,
                        }
                    )
    rows.sort(key=lambda r: (r["student"], r["exercise"]))
    with open(course_dir() / "exercises.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else ["student"])
        writer.writeheader()
        writer.writerows(rows)
    totals: dict[str, list[float]] = {}
    for r in rows:
        got = totals.setdefault(r["student"], [0.0, 0.0])
        got[0] += r["points"]
        got[1] += r["max_points"]
    print(f"{assignment}: points per student (per exercise in {course_dir() / 'exercises.csv'})")
    for student, (score, out_of) in sorted(totals.items()):
        print(f"  {student:<12} {score:g} / {out_of:g}")
    return rows


def handout(target: Path | None = None) -> Path:
    """A git repository of the course for nbgitpuller, without the worked solutions:
    the committed course, less ``notebooks/solutions`` and ``notebooks/zh/solutions``."""
    target = target or run_dir() / "handout.git"
    work = run_dir() / "handout-work"
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(target, ignore_errors=True)
    git = ["git", "-c", "user.name=minigrad class", "-c", "user.email=class@localhost"]
    subprocess.run([*git, "clone", "-q", "--no-local", str(REPO), str(work)], check=True)
    subprocess.run([*git, "checkout", "-q", "-B", "main"], cwd=work, check=True)
    for folder in ("notebooks/solutions", "notebooks/zh/solutions"):
        subprocess.run([*git, "rm", "-rq", "--ignore-unmatch", folder], cwd=work, check=True)
    subprocess.run([*git, "commit", "-qm", "The course for the class"], cwd=work, check=True)
    subprocess.run([*git, "clone", "-q", "--bare", str(work), str(target)], check=True)
    subprocess.run(["git", "symbolic-ref", "HEAD", "refs/heads/main"], cwd=target, check=False)
    shutil.rmtree(work, ignore_errors=True)
    for path in [target, *target.rglob("*")]:  # every student reads it
        os.chmod(path, 0o755 if path.is_dir() else 0o644)
    # git clones a folder of another user only when it is named safe (GIT_CONFIG_GLOBAL
    # in the class hub's jupyterhub_config.py points here)
    config = run_dir() / "gitconfig"
    config.write_text(f"[safe]\n\tdirectory = {target}\n[include]\n\tpath = ~/.gitconfig\n")
    os.chmod(config, 0o644)
    return target


def gather(volume_inbound: Path, inbound: Path) -> tuple[list[str], list[str]]:
    """On Kubernetes (classroom/z2jh/config.yaml) each student submits into a folder of
    their own, the volume's ``inbound/<name>/``. Copy each submission into the exchange's
    ``inbound`` for ``nbgrader collect``; a submission under another student's name
    (``<student>+<assignment>+<time>...``) is left out. Returns (copied, refused).

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> (root / "volume" / "ada" / "ada+03+t1").mkdir(parents=True)
    >>> (root / "volume" / "ada" / "bo+03+t2").mkdir()
    >>> gather(root / "volume", root / "inbound")
    (['ada+03+t1'], ['ada/bo+03+t2'])
    """
    copied, refused = [], []
    inbound.mkdir(parents=True, exist_ok=True)
    for folder in sorted(p for p in volume_inbound.iterdir() if p.is_dir()):
        for sub in sorted(folder.iterdir()):
            if sub.name.split("+", 1)[0] != folder.name:
                refused.append(f"{folder.name}/{sub.name}")
            elif not (inbound / sub.name).exists():
                shutil.copytree(sub, inbound / sub.name)
                copied.append(sub.name)
    return copied, refused


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rel = sub.add_parser("release", help="make and publish assignments from lessons")
    rel.add_argument("stems", nargs="*", help="lesson names, e.g. 03_scalar_backward")
    rel.add_argument("--lang", choices=["en", "zh"], default="en")
    gr = sub.add_parser("grade", help="collect, autograde and report one assignment")
    gr.add_argument("assignment")
    sub.add_parser("handout", help="the course without its worked solutions, for nbgitpuller")
    ga = sub.add_parser("gather", help="Kubernetes: submissions from per-student folders")
    ga.add_argument("--volume", default="/srv/nbgrader/volume/inbound")
    args = parser.parse_args(argv)
    if args.command == "release":
        release(args.stems, args.lang)
    elif args.command == "gather":
        copied, refused = gather(Path(args.volume), exchange_dir() / COURSE_ID / "inbound")
        print(f"{len(copied)} submissions copied for nbgrader collect")
        for name in refused:
            print(f"  left out, made under another student's name: {name}")
    elif args.command == "handout":
        print(f"The course for nbgitpuller (no worked solutions): file://{handout()}")
    else:
        grade(args.assignment)


if __name__ == "__main__":
    main()
