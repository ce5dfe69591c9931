"""The error explainer on autograd's errors, on minigrad and on real torch: the right
case, the right node, operation or input named, torch's own message untouched, and
every other exception left alone."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import warnings

import pytest
import torch

import minigrad
from minigrad.error_help import explain_error

LIBS = pytest.mark.parametrize("lib", [torch, minigrad], ids=["torch", "minigrad"])


def _raise(fn, lib):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            fn(lib)
        except RuntimeError as err:
            return err
    raise AssertionError("no error")


def freed(lib):
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    loss = (x.exp() * x).sum()
    loss.backward()
    loss.backward()


def hidden_state(lib):
    lib.manual_seed(0)
    cell = lib.nn.RNNCell(2, 3)
    h = lib.zeros(1, 3)
    for _step in range(2):
        h = cell(lib.ones(1, 2), h)
        loss = h.pow(2).sum()
        loss.backward()


def inplace(lib):
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    y = x.tanh()
    y.add_(1)
    y.sum().backward()


def non_scalar(lib):
    x = lib.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x * 2
    y.backward()


def no_grad_fn(lib):
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    with lib.no_grad():
        y = (x * 2).sum()
    y.backward()


def leaf_inplace(lib):
    w = lib.tensor([1.0, 2.0], requires_grad=True)
    w -= 0.1 * lib.ones(2)


def unused(lib):
    a = lib.tensor(1.0, requires_grad=True)
    b = lib.tensor(2.0, requires_grad=True)
    y = a * 3
    lib.autograd.grad(y, [a, b])


def shape(lib):
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    y.backward(lib.ones(3))


def nan(lib):
    x = lib.tensor([-1.0, 0.0, 4.0], requires_grad=True)
    with lib.autograd.detect_anomaly():
        y = lib.where(x > 0, x.sqrt(), 0.0)
        y.sum().backward()


CASES = {
    freed: ("freed", ["retain_graph=True"]),
    hidden_state: ("hidden_state", ["detach()", "loss"]),
    inplace: ("inplace", ["TanhBackward0", "y", "add_", "version 0", "version 1"]),
    non_scalar: ("non_scalar", ["y", "[3]", "gradient="]),
    no_grad_fn: ("no_grad_fn", ["y", "no_grad"]),
    leaf_inplace: ("leaf_inplace", ["torch.no_grad()", "w -= 0.1"]),
    unused: ("unused", ["b", "allow_unused=True"]),
    shape: ("shape", ["[3]", "[2]", "ones_like(y)"]),
    nan: ("nan", ["SqrtBackward0", "x.sqrt()"]),
}


@LIBS
@pytest.mark.parametrize("fn", list(CASES), ids=[f.__name__ for f in CASES])
def test_each_error_is_explained_and_names_its_culprit(fn, lib):
    err = _raise(fn, lib)
    before = str(err)
    help_ = explain_error(err)
    assert help_ is not None, before
    case, words = CASES[fn]
    assert help_.case == case, help_.text
    for word in words:
        assert word in help_.text, (word, help_.text)
    assert str(err) == before  # torch's own message is untouched


@LIBS
@pytest.mark.parametrize("fn", [freed, inplace, no_grad_fn])
def test_the_picture_marks_the_culprit(fn, lib):
    help_ = explain_error(_raise(fn, lib))
    assert help_.explanation is not None
    assert help_.explanation.dot_source  # the graph, drawn
    html = help_._repr_html_()
    assert help_.text.split("\n")[0].replace("`", "") in html.replace("`", "")


def test_the_explanation_speaks_chinese():
    minigrad.set_language("zh")
    try:
        help_ = explain_error(_raise(non_scalar, minigrad))
    finally:
        minigrad.set_language("en")
    assert "发生了什么" in help_.text and "gradient=" in help_.text


@pytest.mark.parametrize(
    "error",
    [RuntimeError("something else"), ValueError("x"), KeyError("grad"), ZeroDivisionError()],
)
def test_other_errors_are_left_alone(error):
    assert explain_error(error) is None


SCRIPT = """
import minigrad
minigrad.error_help.install()
import minigrad as torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.backward()
"""


def test_in_a_terminal_the_traceback_comes_first_then_plain_text(tmp_path):
    script = tmp_path / "learner.py"
    script.write_text(
        textwrap.dedent(
            SCRIPT.replace("minigrad.error_help", "__import__('minigrad.error_help').error_help")
        )
    )
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    err = out.stderr
    assert out.returncode == 1
    tb = err.index("RuntimeError: grad can be implicitly created only for scalar outputs")
    assert err.index("Traceback (most recent call last)") < tb < err.index("What happened")
    assert "<" not in err[tb:]  # plain text, no HTML


def test_ipython_extension_keeps_the_traceback_and_adds_the_explanation(capsys):
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        shell.run_cell("%load_ext minigrad")
        shell.run_cell(
            "import minigrad as torch\nx = torch.ones(2, requires_grad=True)\n(x * 2).backward()"
        )
        out = capsys.readouterr()
        text = out.out + out.err
        assert "grad can be implicitly created only for scalar outputs" in text
        assert text.index("scalar outputs") < text.index("What happened")
        shell.run_cell("raise RuntimeError('unrelated')")
        out = capsys.readouterr()
        assert "unrelated" in out.out + out.err and "What happened" not in out.out + out.err
        shell.run_cell("%unload_ext minigrad")
        shell.run_cell("(x * 2).backward()")
        out = capsys.readouterr()
        assert "What happened" not in out.out + out.err
    finally:
        InteractiveShell.clear_instance()


@pytest.mark.parametrize(("readme", "lang"), [("README.md", "en"), ("README.zh.md", "zh")])
def test_the_readme_example_prints_what_the_readme_shows(readme, lang):
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / readme).read_text(encoding="utf-8")
    section = text[text.index("`%load_ext minigrad`\n") :]
    code, shown = re.findall(r"```(?:python|text)\n(.*?)```", section, re.S)[:2]
    code = code.replace("%load_ext minigrad\n", "")
    namespace: dict = {}
    minigrad.set_language(lang)
    try:
        exec(compile(code, "<readme>", "exec"), namespace)
    except RuntimeError as err:
        help_ = explain_error(err)
    else:
        raise AssertionError("the example should fail")
    finally:
        minigrad.set_language("en")
    assert help_.text in shown, (help_.text, shown)


@pytest.mark.parametrize("lib", ["torch", "minigrad"])
def test_the_non_leaf_grad_warning_is_explained_after_the_warning(tmp_path, lib):
    script = tmp_path / "learner.py"
    script.write_text(
        "import minigrad.error_help\n"
        "minigrad.error_help.install()\n"
        f"import {lib} as torch\n"
        "x = torch.ones(2, requires_grad=True)\n"
        "y = x * 2\n"
        "y.sum().backward()\n"
        "print(y.grad)\n"
    )
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    err = out.stderr
    assert "is not a leaf Tensor is being accessed" in err
    assert err.index("is being accessed") < err.index("retain_grad()") < err.index("What happened")
    assert "`print(y.grad)`" in err


ANOMALY = """
import sys
import {lib} as torch
if sys.argv[1:] == ["explain"]:
    import minigrad.error_help
    minigrad.error_help.install()

def model(x):
    return x.sqrt() * 0

x = torch.tensor([-1.0, 4.0], requires_grad=True)
with torch.autograd.detect_anomaly():
    try:
        model(x).sum().backward()
    except RuntimeError:
        pass
"""


def _forward_frames(stderr: str) -> list[str]:
    trace = stderr[stderr.index("Traceback of forward call") :]
    return [line.strip() for line in trace.splitlines() if line.startswith("  ")]


@pytest.mark.parametrize("lib", ["torch", "minigrad"])
def test_the_anomaly_warnings_outer_frames_are_folded_only_when_explaining(tmp_path, lib):
    (tmp_path / "learner.py").write_text(ANOMALY.format(lib=lib))

    def run(*args):
        cmd = [sys.executable, "-m", "learner", *args]
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        return _forward_frames(out.stderr)

    plain, explained = run(), run("explain")
    assert plain[0].startswith('File "<frozen runpy>"')  # torch prints every frame
    assert explained[0].startswith("[outer frames folded: 2 ")
    assert explained[1:] == plain[2:]
    assert explained[1].startswith('File "') and "learner.py" in explained[1]
    assert "return x.sqrt() * 0" in explained  # the forward line stays
