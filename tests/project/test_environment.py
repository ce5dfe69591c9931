"""Checks that the ways of installing minigrad agree with each other.

pyproject.toml (pip), environment.yml (conda and Binder) and apt.txt (Binder's
system packages) are written by hand. No conda channel is needed for these
tests: they parse the files, and ask repo2docker which Dockerfile Binder would build.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import graphviz
import pytest
import yaml
from nbval.plugin import get_sanitize_patterns
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]

# PyPI name -> conda-forge name, where they differ.
CONDA_NAMES = {"graphviz": "python-graphviz", "matplotlib": "matplotlib-base"}


def load_pyproject() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def load_environment() -> dict:
    with open(ROOT / "environment.yml", encoding="utf-8") as f:
        return yaml.safe_load(f)


def conda_specs(env: dict) -> dict[str, list[tuple[str, str]]]:
    """Map each conda package in environment.yml to its (operator, version) constraints.

    >>> conda_specs({"dependencies": ["numpy>=1.24,<3", "python=3.11"]})
    {'numpy': [('>=', '1.24'), ('<', '3')], 'python': [('=', '3.11')]}
    """
    specs: dict[str, list[tuple[str, str]]] = {}
    for dep in env["dependencies"]:
        if not isinstance(dep, str):
            continue  # the "pip:" section
        match = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*", dep)
        assert match, f"cannot parse conda spec {dep!r}"
        name, rest = match.groups()
        constraints = []
        for part in filter(None, re.split(r"[,\s]+", rest)):
            op_match = re.fullmatch(r"(>=|<=|==|!=|>|<|=)?([0-9][0-9A-Za-z.*]*)", part)
            assert op_match, f"cannot parse version constraint {part!r} in {dep!r}"
            op, version = op_match.groups()
            constraints.append((op or "==", version))
        specs[name.lower()] = constraints
    return specs


def pip_section(env: dict) -> list[str]:
    for dep in env["dependencies"]:
        if isinstance(dep, dict) and "pip" in dep:
            return dep["pip"]
    return []


def lowest_version(constraints: list[tuple[str, str]]) -> Version | None:
    """The lowest version conda may pick: a lower bound, or an exact pin."""
    lows = [
        Version(version.rstrip(".*")) for op, version in constraints if op in (">=", ">", "=", "==")
    ]
    return max(lows) if lows else None


def lower_bound(specifier: SpecifierSet) -> Version | None:
    lows = [Version(s.version) for s in specifier if s.operator in (">=", ">", "==", "~=")]
    return max(lows) if lows else None


def python_requirements() -> list[Requirement]:
    """Runtime dependencies plus the `lab` and `book` extras: what a learner's (and a
    teacher's) environment needs."""
    project = load_pyproject()["project"]
    extras = project["optional-dependencies"]
    deps = project["dependencies"] + extras["lab"] + extras["book"]
    return [Requirement(dep) for dep in deps]


def test_pyproject_names_the_project():
    project = load_pyproject()["project"]
    assert project["name"] == "minigrad-lessons"
    assert SpecifierSet(project["requires-python"]).contains("3.10")
    assert not SpecifierSet(project["requires-python"]).contains("3.9")
    assert load_pyproject()["tool"]["setuptools"]["packages"]["find"]["include"] == ["minigrad*"]


def test_test_extra_pins_the_oracle_torch():
    extras = load_pyproject()["project"]["optional-dependencies"]
    torch = [Requirement(dep) for dep in extras["test"] if Requirement(dep).name == "torch"]
    assert len(torch) == 1
    assert str(torch[0].specifier) == "==2.13.0"


@pytest.mark.parametrize("requirement", python_requirements(), ids=str)
def test_environment_yml_has_every_dependency(requirement: Requirement):
    env = load_environment()
    # a package that conda-forge lacks comes from PyPI, in the pip section, as in pyproject
    from_pip = [Requirement(line) for line in pip_section(env) if not line.startswith("-")]
    if requirement.name in {r.name for r in from_pip}:
        assert requirement in from_pip, f"environment.yml's pip section differs: {requirement}"
        return
    specs = conda_specs(env)
    conda_name = CONDA_NAMES.get(requirement.name.lower(), requirement.name.lower())
    assert conda_name in specs, f"environment.yml lacks {conda_name} (pyproject: {requirement})"

    wanted_low = lower_bound(requirement.specifier)
    if wanted_low is not None:
        conda_low = lowest_version(specs[conda_name])
        assert conda_low is not None, (
            f"environment.yml must bound {conda_name} from below, like pyproject's {requirement}"
        )
        assert conda_low >= wanted_low, (
            f"environment.yml allows {conda_name} {conda_low}, below pyproject's {requirement}"
        )
        assert requirement.specifier.contains(conda_low, prereleases=True), (
            f"environment.yml's {conda_name} {conda_low} does not satisfy {requirement}"
        )


def test_environment_yml_python_satisfies_requires_python():
    env = load_environment()
    python = conda_specs(env)["python"]
    low = lowest_version(python)
    assert low is not None
    assert SpecifierSet(load_pyproject()["project"]["requires-python"]).contains(low)


def test_environment_yml_brings_dot_and_conda_forge():
    env = load_environment()
    assert "conda-forge" in env["channels"]
    # python-graphviz is only the Python wrapper; the `dot` program is conda's "graphviz".
    assert "graphviz" in conda_specs(env)


def test_environment_yml_installs_the_project_with_pip():
    env = load_environment()
    assert "pip" in conda_specs(env)
    assert {"-e .", "."} & {line.strip() for line in pip_section(env)}


def test_apt_txt_installs_graphviz_for_binder():
    lines = (ROOT / "apt.txt").read_text(encoding="utf-8").split()
    assert "graphviz" in lines


def test_repo2docker_builds_from_environment_yml_and_apt_txt():
    result = subprocess.run(
        [sys.executable, "-m", "repo2docker", "--no-build", "--no-run", "--debug", str(ROOT)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    dockerfile = result.stdout
    assert "Building conda environment for python=3.11" in result.stderr
    assert re.search(r"apt-get install --yes --no-install-recommends .*\bgraphviz\b", dockerfile)
    # The pip section installs the repository itself, so repo2docker must copy the
    # repository before it creates the conda environment from environment.yml.
    copy_repo = dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/")
    env_update = dockerfile.index('env update -p ${NB_PYTHON_PREFIX} --file "environment.yml"')
    assert copy_repo < env_update


# --- tests/nbval_sanitize.cfg ----------------------------------------------------------


def sanitize(text: str) -> str:
    """Apply the sanitize rules the way nbval does."""
    rules = get_sanitize_patterns((ROOT / "tests" / "nbval_sanitize.cfg").read_text("utf-8"))
    for regex, replace in rules:
        text = re.sub(regex, replace, text)
    return text


def test_sanitize_file_has_rules():
    rules = get_sanitize_patterns((ROOT / "tests" / "nbval_sanitize.cfg").read_text("utf-8"))
    assert len(rules) >= 3
    for regex, _ in rules:
        re.compile(regex)


def test_sanitize_hides_whole_graphviz_svg_documents():
    small = graphviz.Digraph()
    small.edge("a", "b")
    big = graphviz.Digraph()
    big.edge("x", "y", label="grad")
    big.edge("y", "z")
    svg_small = small.pipe(format="svg", encoding="utf-8")
    svg_big = big.pipe(format="svg", encoding="utf-8")
    assert svg_small != svg_big
    assert sanitize(svg_small) == sanitize(svg_big)
    assert "<g" not in sanitize(svg_big)
    assert "graphviz version" not in sanitize(svg_big).lower()
    # Text around an SVG (as in text/html outputs) survives.
    html = f"<div>before</div>{svg_big}<p>after</p>"
    assert sanitize(html).startswith("<div>before</div>")
    assert sanitize(html).endswith("<p>after</p>")


def test_sanitize_hides_memory_addresses():
    one, other = object(), object()
    assert repr(one) != repr(other)
    assert sanitize(repr(one)) == sanitize(repr(other))
    graph = graphviz.Digraph()
    text = f"<graphviz.graphs.Digraph at {hex(id(graph))}>"
    assert sanitize(text) == sanitize(text.replace(hex(id(graph)), "0x7f00deadbeef"))


def test_sanitize_hides_warning_locations_but_keeps_the_message():
    here = "/home/me/minigrad/minigrad/tensor.py:120: UserWarning: The .grad attribute"
    there = "/srv/ci/clone/minigrad/tensor.py:131: UserWarning: The .grad attribute"
    assert sanitize(here) == sanitize(there)
    cell_a = "/tmp/ipykernel_4242/3051234.py:3: UserWarning: careful\n  y.grad"
    cell_b = "/tmp/ipykernel_17/99.py:3: UserWarning: careful\n  y.grad"
    assert sanitize(cell_a) == sanitize(cell_b)
    assert "UserWarning: careful" in sanitize(cell_a)
    assert sanitize(cell_a) != sanitize(cell_a.replace("careful", "different"))


def test_sanitize_keeps_tensor_output():
    for text in [
        "tensor([1., 2., 3.], requires_grad=True)",
        "tensor(6., grad_fn=<SumBackward0>)",
        "<AddBackward0 object>",
        "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn",
        "[1.5, 2.25, 0.0]",
    ]:
        assert sanitize(text) == text


# --- scripts/ensure_system_deps.sh -------------------------------------------------------


def run_ensure(tmp_path: Path, *deps: str, uid: str = "1000", with_dot: bool = False):
    """Run the script with a PATH holding only a fake `id` (and maybe a fake `dot`)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "id").write_text(f"#!/bin/sh\necho {uid}\n")
    (bin_dir / "id").chmod(0o755)
    if with_dot:
        (bin_dir / "dot").write_text("#!/bin/sh\nexit 0\n")
        (bin_dir / "dot").chmod(0o755)
    return subprocess.run(
        ["/bin/bash", str(ROOT / "scripts" / "ensure_system_deps.sh"), *deps],
        capture_output=True,
        text=True,
        env={"PATH": str(bin_dir)},
        timeout=30,
    )


def test_missing_dot_as_non_root_explains_how_to_install(tmp_path: Path):
    result = run_ensure(tmp_path, "graphviz")
    assert result.returncode == 1
    for hint in [
        "sudo apt-get install graphviz",
        "brew install graphviz",
        "conda install -c conda-forge graphviz",
    ]:
        assert hint in result.stderr


def test_present_dot_needs_nothing(tmp_path: Path):
    result = run_ensure(tmp_path, "graphviz", with_dot=True)
    assert result.returncode == 0, result.stderr


def test_unknown_dependency_is_an_error(tmp_path: Path):
    result = run_ensure(tmp_path, "no-such-thing", with_dot=True)
    assert result.returncode == 2


def test_sanitize_hides_the_kernel_frames_of_anomaly_mode():
    def warning(root: str, line: int) -> str:
        return (
            "UserWarning: Error detected in SqrtBackward0. Traceback of forward call that "
            f'caused the error:\n  File "{root}/ipykernel_launcher.py", line {line}, in <module>\n'
            '    app.launch_new_instance()\n (Triggered internally at engine.cpp:1.)\n'
        )

    here, there = warning("/work/.venv", 18), warning("/check/.venv", 19)
    assert here != there and sanitize(here) == sanitize(there)
    assert "Error detected in SqrtBackward0" in sanitize(here)
