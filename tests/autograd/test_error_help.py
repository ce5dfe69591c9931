"""The error explainer on autograd's errors, on minigrad and on real torch: the right
case, the right node, operation or input named, torch's own message untouched, and
every other exception left alone."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
import warnings

import pytest
import torch

import minigrad
from minigrad.error_help import explain_error
from minigrad.viz.style import VERMILLION, YELLOW

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


def _marked(dot: str) -> dict[str, str]:
    """The nodes a picture marks (vermillion border, or the yellow of the tensor in
    question), each with all its text: label, tooltip (a node's name) and note."""
    attrs: dict[str, str] = {}
    for node_id, body in re.findall(r"^  (\w+) \[(.*)\]$", dot, re.M):
        attrs[node_id] = attrs.get(node_id, "") + " " + body
    marked = {k: v for k, v in attrs.items() if VERMILLION in v or YELLOW in v}
    return {k: re.sub(r"<[^>]+>", " ", v) for k, v in marked.items()}


def _ops(marked: dict[str, str]) -> list[str]:
    """The marked operations (``MulBackward0`` or ``mul``, as ``mul``)."""
    tips = [m for v in marked.values() for m in re.findall(r'tooltip="(\w+)"', v)]
    return sorted(re.sub(r"Backward\d*$", "", t).lower() for t in tips)


# the culprit each picture must mark: node names (tooltips) or words of a tensor's label
CULPRITS = {
    freed: lambda m: _ops(m) == ["exp", "mul"],
    # the previous step's graph only, entered through the carried h (the failed
    # backward freed this step's nodes too, but they are not the problem)
    hidden_state: lambda m: _ops(m) == ["add", "addmm", "addmm", "t", "t", "tanh"]
    and [_ops({k: v}) for k, v in m.items() if "carried in" in v] == [["tanh"]],
    inplace: lambda m: _ops(m) == ["tanh"],
    non_scalar: lambda m: any("y" in v and "shape [3]" in v for v in m.values()),
    no_grad_fn: lambda m: any(" y " in v and "no grad_fn" in v for v in m.values()),
    leaf_inplace: lambda m: any(" w " in v and "changed in place" in v for v in m.values()),
    unused: lambda m: any(" b " in v and "not connected" in v for v in m.values()),
    shape: lambda m: any(" y " in v and "[2]" in v and "[3]" in v for v in m.values()),
    nan: lambda m: _ops(m) == ["sqrt"],
}


@LIBS
@pytest.mark.parametrize("fn", list(CULPRITS), ids=[f.__name__ for f in CULPRITS])
def test_the_picture_marks_the_culprit(fn, lib):
    help_ = explain_error(_raise(fn, lib))
    assert help_.explanation is not None
    dot = help_.explanation.dot_source
    marked = _marked(dot)
    assert CULPRITS[fn](marked), marked
    html = help_._repr_html_()
    assert help_.text.split("\n")[0].replace("`", "") in html.replace("`", "")


def _no_grad(lib):
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    with lib.no_grad():
        y = (x * 2).sum()
    y.backward()


def _detached_temporary(lib):
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    h = x.detach()
    y = (h * 2).sum()
    y.backward()


def _dot_data(lib):
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    loss = (x.data**2).sum()
    loss.backward()


def _through_numpy(lib):
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    y = lib.tensor(x.detach().numpy() * 2)
    y.sum().backward()


def _copied_values(lib):
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    y = lib.tensor(x)
    lib.autograd.grad(y.sum(), [x])


def _integer(lib):
    n = lib.arange(3)
    (n * 2).sum().backward()


def _plain_leaf(lib):
    x = lib.tensor([1.0, 2.0])
    x.pow(2).sum().backward()


def _inference_mode(lib):
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    with lib.inference_mode():
        y = x * 2
    out = y.sum()
    out.backward()


def _grad_disabled(lib):
    x = lib.tensor([1.0, 2.0], requires_grad=True)
    with lib.set_grad_enabled(False):
        y = x * 2
    y.sum().backward()


CUTS = {
    _no_grad: ("`with lib.no_grad():`", "`y = (x * 2).sum()`", "no_grad()"),
    _detached_temporary: (".detach()", "`h = x.detach()`", ".detach()"),
    _dot_data: (".data", "`loss = (x.data**2).sum()`", ".data"),
    _through_numpy: ("numpy", "x.detach().numpy()", "numpy"),
    _copied_values: ("new tensor", "`y = lib.tensor(x)`", "tensor(...)"),
    _integer: ("n is an integer tensor", "", None),
    _plain_leaf: ("without requires_grad=True", "`x = lib.tensor([1.0, 2.0])`", None),
    _inference_mode: ("`with lib.inference_mode():`", "`y = x * 2`", "inference_mode()"),
    _grad_disabled: ("`with lib.set_grad_enabled(False):`", "`y = x * 2`", "no_grad()"),
}


@LIBS
@pytest.mark.parametrize("fn", list(CUTS), ids=[f.__name__.strip("_") for f in CUTS])
def test_a_missing_grad_fn_is_traced_to_where_the_chain_was_cut(fn, lib):
    help_ = explain_error(_raise(fn, lib))
    assert help_.case == "no_grad_fn"
    why = help_.text.split("Why: ")[1].split("\n")[0]
    how, where, edge = CUTS[fn]
    assert how in why and where in why, why
    dot = help_.explanation.dot_source
    if edge is None:  # nothing required grad: no edge to cut
        assert "source ->" not in dot
    else:  # the tensor that requires grad, and the cut edge to what lost its history
        (line,) = [ln for ln in dot.splitlines() if ln.startswith("  source -> ")]
        assert 'arrowhead="tee"' in line and edge in line
        assert "<B>x</B>" in dot


@LIBS
def test_the_in_place_operation_is_named_with_its_line(lib):
    def changed(lib):
        x = lib.tensor([1.0, 2.0], requires_grad=True)
        y = x.tanh()
        y[0] = 5.0
        y.sum().backward()

    for fn, line in [(inplace, "`y.add_(1)`"), (changed, "`y[0] = 5.0`")]:
        help_ = explain_error(_raise(fn, lib))
        assert help_.case == "inplace" and line in help_.text, help_.text


@LIBS
def test_the_non_leaf_grad_warning_draws_the_non_leaf(lib, monkeypatch):
    from minigrad import error_help

    shown = []
    monkeypatch.setattr(error_help, "_show", shown.append)
    error_help.install()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings.showwarning = error_help._showwarning
            x = lib.ones(2, requires_grad=True)
            y = x * 2
            y.sum().backward()
            assert y.grad is None
    finally:
        error_help.uninstall()
    (help_,) = shown
    assert help_.case == "non_leaf_grad"
    marked = _marked(help_.explanation.dot_source)
    assert any(" y " in v and "not a leaf" in v for v in marked.values()), marked


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


@LIBS
def test_a_cut_made_by_a_loop_names_the_loops_head(lib):
    def looped(lib):
        xs = lib.ones(2, 2, requires_grad=True)
        total = lib.zeros(())
        for row in xs.detach():
            total = total + row.sum()
        total.backward()

    help_ = explain_error(_raise(looped, lib))
    assert help_.case == "no_grad_fn"
    assert "`for row in xs.detach():` calls .detach()" in help_.text, help_.text
