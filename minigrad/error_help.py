"""When backward fails, say why: an explanation under autograd's error messages.

``%load_ext minigrad`` in Jupyter or IPython (``install()`` in plain Python,
``uninstall()`` to turn it off). When one of autograd's errors escapes a cell,
the traceback and torch's message stay exactly as they are; below them comes a
short explanation in the course's language: what happened, where in your graph,
and the fix. It works for minigrad and for real torch tensors alike.

How it finds "where": the error's message names the node, the versions or the
shapes; the traceback's last frame in your code gives your variables and the
line that failed (``y.backward()``: the output is ``y``). Nothing is run again:
a picture comes from :func:`minigrad.explain`, which only reads the graph.

>>> import minigrad as torch
>>> x = torch.tensor([1.0, 2.0], requires_grad=True)
>>> y = x * 2
>>> try:
...     y.backward()
... except RuntimeError as err:
...     print(explain_error(err).case)
non_scalar
"""

from __future__ import annotations

import ast
import html
import linecache
import re
import sys
import warnings
from types import FrameType, TracebackType
from typing import Any

from .exact import names as _names
from .i18n import text as tr
from .viz.untouched import readable_saved

__all__ = ["ErrorHelp", "explain_error", "install", "uninstall"]

# The messages, as torch words them (minigrad words them the same way).
_CASES = [
    ("freed", re.compile(r"Trying to backward through the graph a second time")),
    (
        "inplace",
        re.compile(
            r"modified by an inplace operation: \[(?P<what>[\w.]+) \[(?P<shape>[\d, ]*)\]\], "
            r"which is output (?P<nr>\d+) of (?P<node>[\w:]+), is at version (?P<now>\d+); "
            r"expected version (?P<then>\d+) instead"
        ),
    ),
    ("non_scalar", re.compile(r"grad can be implicitly created only for scalar outputs")),
    (
        "no_grad_fn",
        re.compile(r"element (?P<i>\d+) of tensors does not require grad and does not have"),
    ),
    (
        "leaf_inplace",
        re.compile(r"a leaf Variable that requires grad is being used in an in-place"),
    ),
    (
        "unused",
        re.compile(r"The differentiated Tensor at index (?P<i>\d+) appears to not have been used"),
    ),
    (
        "shape",
        re.compile(
            r"Mismatch in shape: grad_output\[(?P<i>\d+)\] has a shape of "
            r"torch\.Size\(\[(?P<g>[\d, ]*)\]\) and output\[\d+\] has a shape of "
            r"torch\.Size\(\[(?P<out>[\d, ]*)\]\)"
        ),
    ),
    ("nan", re.compile(r"Function '(?P<node>\w+)' returned nan values in its (?P<i>\d+)th output")),
]
# each case's explanation in the catalogue (minigrad/i18n)
_TEXT = {
    "freed": "errhelp.freed",
    "hidden_state": "errhelp.hidden_state",
    "inplace": "errhelp.inplace",
    "non_scalar": "errhelp.non_scalar",
    "no_grad_fn": "errhelp.no_grad_fn",
    "leaf_inplace": "errhelp.leaf_inplace",
    "unused": "errhelp.unused",
    "shape": "errhelp.shape",
    "nan": "errhelp.nan",
}
_NON_LEAF_GRAD = "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed"


class ErrorHelp:
    """The explanation of one error: ``case``, ``text``, and a picture when a graph is
    involved (``explanation``: the :func:`minigrad.explain` answer it comes from)."""

    def __init__(self, case: str, text: str, explanation: Any = None) -> None:
        self.case, self.text, self.explanation = case, text, explanation

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__

    def _repr_html_(self) -> str:
        body = f'<pre style="white-space:pre-wrap">{html.escape(self.text)}</pre>'
        svg = self.explanation._repr_svg_() if self.explanation is not None else None
        if svg:
            body += svg[svg.find("<svg") :]
        return (
            '<div style="border-left:4px solid #E69F00;padding:4px 10px;margin:6px 0;'
            f'background:#FFF8EC">{body}</div>'
        )


# --- finding the learner's frame, line and tensors -----------------------------------------
def _is_tensor(value: Any) -> bool:
    return _names.is_tensor(value)


def _simple(node: ast.AST) -> bool:
    """An expression that reading cannot change: ``y``, ``out.loss``, ``ys[0]``."""
    if isinstance(node, ast.Name):
        return True
    if isinstance(node, ast.Attribute):
        return _simple(node.value)
    if isinstance(node, ast.Subscript):
        return _simple(node.value) and isinstance(node.slice, ast.Constant)
    return False


def _called_on(line: str, frame: FrameType) -> dict[str, Any]:
    """What the failing line hands to backward: ``{"output": y}`` for ``y.backward()``,
    also ``"inputs"`` for ``torch.autograd.grad(y, [a, b])``. Only plain names are read."""
    try:
        tree = ast.parse(line.strip())
    except SyntaxError:
        return {}
    scope = _names.scope(frame)

    def read(node: ast.AST) -> Any:
        if isinstance(node, (ast.List, ast.Tuple)):
            return [read(e) for e in node.elts]
        if not _simple(node):
            return None
        try:
            return eval(compile(ast.Expression(node), "<line>", "eval"), {}, scope)  # noqa: S307
        except Exception:  # noqa: BLE001 - a name the line defines later, say
            return None

    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        fn = call.func
        name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
        if name == "backward" and isinstance(fn, ast.Attribute):
            receiver = fn.value
            if isinstance(receiver, ast.Attribute) and receiver.attr == "autograd":
                if not call.args:
                    return {}
                return {"output": read(call.args[0]), "text": ast.unparse(call.args[0])}
            return {"output": read(receiver), "text": ast.unparse(receiver)}
        if name == "grad" and call.args:
            found = {"output": read(call.args[0]), "text": ast.unparse(call.args[0])}
            if len(call.args) > 1:
                found["inputs"] = read(call.args[1])
            return found
    return {}


def _handed_over(tb: TracebackType | None) -> dict[str, Any]:
    """What the learner's line handed to ``backward``/``grad``, read from the library's own
    frames in the traceback (``self`` of ``Tensor.backward``, ``tensors``, ``outputs``,
    ``inputs``): the same in minigrad and in torch, and nothing is evaluated again."""
    found: dict[str, Any] = {}
    for local in _names.traceback_calls(tb, ("backward", "grad")):
        out = local.get("self") if _is_tensor(local.get("self")) else None
        out = out if out is not None else _first(local.get("tensors", local.get("outputs")))
        if out is not None and "output" not in found:
            found["output"] = out
        if "inputs" in local and "inputs" not in found and local["inputs"] is not None:
            ins = local["inputs"]
            found["inputs"] = [ins] if _is_tensor(ins) else list(ins)
    return found


def _first(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return value[0] if value and _is_tensor(value[0]) else None
    return value if _is_tensor(value) else None


# --- the explanation ----------------------------------------------------------------------
def explain_error(error: BaseException, tb: TracebackType | None = None) -> ErrorHelp | None:
    """The explanation of ``error`` (one of autograd's errors), or None for any other.

    ``tb`` defaults to the error's own traceback, whose last frame in your code
    gives the variables and the line.
    """
    message = str(error)
    case, match = next(((c, m) for c, p in _CASES if (m := p.search(message))), (None, None))
    if case is None or match is None:
        return None
    tb = tb if tb is not None else error.__traceback__
    frame, lineno = _names.traceback_learner_frame(tb)
    try:
        return _explain(case, match, frame, lineno, _handed_over(tb))
    finally:
        del frame


def _explain(
    case: str, match: re.Match, frame: FrameType | None, lineno: int, handed: dict
) -> ErrorHelp:
    from .explain import explain

    line = linecache.getline(frame.f_code.co_filename, lineno).strip() if frame else ""
    called = _called_on(line, frame) if frame is not None and line else {}
    variables = _names.tensor_variables(frame) if frame is not None else []
    names = {name: t for name, t in reversed(variables)}
    by_id = {id(t): name for name, t in variables}
    output = handed.get("output", _first(called.get("output")))
    if "inputs" in handed:
        called["inputs"] = handed["inputs"]
    text = called.get("text") or ""
    if text and not re.fullmatch(r"[\w.\[\]]+", text):
        text = f"({text})"  # ``(x * 2)``, so that ``(x * 2).sum()`` reads right
    out_name = by_id.get(id(output)) or text or tr("errhelp.the_output")
    if output is not None and id(output) not in by_id and called.get("text"):
        names[called["text"]] = output  # the picture names it as the line writes it
    facts: dict[str, Any] = {"line": line, "output": out_name}
    facts.update({k: v for k, v in match.groupdict().items() if v is not None})
    picture = None

    if case == "freed":
        freed, live = _freed_nodes(output) if output is not None else ([], [])
        facts["nodes"] = ", ".join(dict.fromkeys(freed[:6])) or "?"
        if (freed and live) or _made_in_loop(frame, lineno, out_name):
            case = "hidden_state"  # this step's graph reaches into the last step's
    elif case == "inplace":
        owner = next(
            (n for n, t in variables if t.grad_fn is not None and _made_by(t, match["node"])),
            None,
        )
        facts["tensor"] = owner or tr("errhelp.a_tensor")
        facts["op"] = _inplace_op(names.get(owner)) if owner else tr("errhelp.some_inplace")
        if owner:
            fn = names[owner].grad_fn
            saver = fn if _label(fn.name()) == match["node"] else fn.next_functions[0][0]
            facts["node"] = saver.name()
    elif case == "non_scalar":
        facts["shape"] = list(output.shape) if output is not None else "?"
    elif case == "no_grad_fn":
        found = explain(output, names=names) if output is not None else None
        facts["why"] = tr(f"cause.{found.cause}") if found is not None else "?"
        picture = found
    elif case == "unused":
        inputs = called.get("inputs")
        inputs = inputs if isinstance(inputs, list) else [inputs]
        i = int(match["i"])
        t = inputs[i] if i < len(inputs) else None
        facts["input"] = by_id.get(id(t), f"inputs[{i}]")
    elif case == "nan":
        found = [_forward_line(t, match["node"]) for t in [output, *names.values()]]
        facts["where"] = next((f for f in found if f), tr("errhelp.no_forward_line"))

    if output is None and case in ("freed", "hidden_state"):  # ``model(x).sum().backward()``
        output = next((t for t in names.values() if _freed_nodes(t)[0]), None)
    if output is None and case == "inplace" and facts["tensor"] in names:
        output = names[facts["tensor"]]  # backward from it meets the same saved tensor
    if picture is None and output is not None and case in ("freed", "hidden_state", "inplace"):
        picture = explain(output, names=names)
    text = tr(_TEXT[case], **facts)
    if line:
        text = tr("errhelp.at_line", line=line) + "\n" + text
    return ErrorHelp(case, text, picture)


def _nodes(output: Any) -> list:
    start = getattr(output, "grad_fn", None)
    seen, stack, order = set(), [start] if start is not None else [], []
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        order.append(n)
        stack += [nxt for nxt, _ in n.next_functions if nxt is not None]
    return order


def _freed_nodes(output: Any) -> tuple[list[str], list[str]]:
    """The names of the nodes whose saved tensors were freed, and of those that still
    hold theirs (a graph made in this step that reaches into an earlier step's graph)."""
    freed, live = [], []
    for n in _nodes(output):
        if hasattr(n, "is_freed"):  # minigrad
            if n.is_freed:
                freed.append(n.name())
            elif any(_is_tensor(v) for v in n.saved_values):
                live.append(n.name())
            continue
        try:  # (not those behind an unpack hook: a checkpoint's would rerun its block)
            values = [getattr(n, a) for a in readable_saved(n)]
        except RuntimeError:  # torch's own check: freed
            freed.append(n.name())
            continue
        if any(_is_tensor(v) for v in values):
            live.append(n.name())
    return freed, live


def _label(name: str) -> str:
    """How torch's message names a node: ``TanhBackward0`` -> ``Tanh``, ``PowBackward1`` ->
    ``Pow1``."""
    m = re.fullmatch(r"(\w+)Backward(\d*)", name)
    if m is None:
        return name
    return m[1] if m[2] in ("", "0") else m[1] + m[2]


def _made_by(t: Any, label: str) -> bool:
    """Was ``t`` once the output of the node torch calls ``label`` (its grad_fn, or the one
    before the in-place operation that changed it)?"""
    fn = t.grad_fn
    if _label(fn.name()) == label:
        return True
    return any(nxt is not None and _label(nxt.name()) == label for nxt, _ in fn.next_functions[:1])


def _made_in_loop(frame: FrameType | None, lineno: int, name: str) -> bool:
    """Is the failing line in a loop whose body, before it, assigns the output ``name``
    again? Then the graph is new in each step, and a freed graph means one step's graph
    reaches into the previous step's: a state carried over (an RNN's hidden state)."""
    if frame is None or not name:
        return False
    try:
        tree = ast.parse("".join(linecache.getlines(frame.f_code.co_filename)))
    except SyntaxError:
        return False
    for loop in ast.walk(tree):
        if not isinstance(loop, (ast.For, ast.While)):
            continue
        if not loop.body or not loop.body[0].lineno <= lineno <= (loop.end_lineno or 0):
            continue
        for node in ast.walk(loop):
            if isinstance(node, ast.Assign) and node.lineno < lineno:
                if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                    return True
    return False


def _inplace_op(t: Any) -> str:
    """The in-place operation that changed ``t``, as its node shows it (``AddBackward0``
    for ``add_``); ``?`` when it was not recorded (under no_grad, through .detach())."""
    name = t.grad_fn.name() if t is not None and t.grad_fn is not None else ""
    m = re.fullmatch(r"(\w+?)Backward\d*", name)
    return f"`{m[1].lower()}_()`" if m else tr("errhelp.some_inplace")


def _forward_line(output: Any, node: str) -> str:
    for n in _nodes(output) if output is not None else []:
        if n.name() == node:
            stack = getattr(n, "metadata", {}).get("traceback_")
            if stack:
                lines = "".join(stack).strip().splitlines()
                return lines[-1].strip() if lines else ""
    return ""


# --- showing it --------------------------------------------------------------------------
def _show(help_: ErrorHelp) -> None:
    try:
        from IPython import get_ipython
        from IPython.display import display

        shell = get_ipython()
    except ImportError:
        shell = None
    if shell is not None and type(shell).__name__ == "ZMQInteractiveShell":  # a notebook
        display(help_)
    else:  # a terminal: plain text
        print("\n" + help_.text, file=sys.stderr)


def _handle(error: BaseException, tb: TracebackType | None) -> None:
    try:
        found = explain_error(error, tb)
    except Exception:  # noqa: BLE001 - an explanation must never hide the error itself
        found = None
    if found is not None:
        _show(found)


_state: dict[str, Any] = {}


def _excepthook(etype: type, value: BaseException, tb: TracebackType | None) -> None:
    _state["excepthook"](etype, value, tb)
    _handle(value, tb)


_FORWARD_TRACE = "Traceback of forward call that caused the error:\n"
_FRAME = re.compile(r'^  File "(?P<file>[^"]*)"', re.M)


def fold_forward_trace(message: str) -> str:
    """Anomaly mode's warning with the frames that ran the cell or script (runpy,
    ipykernel, asyncio: Python's and installed packages' files) before the learner's
    first line folded into one line. torch's warning lists them all; only how it is
    shown changes.

    >>> text = 'Error detected in X. ' + _FORWARD_TRACE
    >>> text += '  File "<frozen runpy>", line 1, in a\\n'
    >>> text += '  File "me.py", line 2, in b\\n    y = f(x)\\n'
    >>> print(fold_forward_trace(text))  # doctest: +ELLIPSIS
    Error detected in X. Traceback of forward call that caused the error:
      [outer frames folded: 1 ...]
      File "me.py", line 2, in b
        y = f(x)
    <BLANKLINE>
    """
    head, sep, rest = message.partition(_FORWARD_TRACE)
    starts = [m.start() for m in _FRAME.finditer(rest)]
    hidden = 0
    for m in list(_FRAME.finditer(rest))[:-1]:  # the learner's last line always stays
        if not _names.is_library_file(m.group("file")):
            break
        hidden += 1
    if not sep or hidden == 0:
        return message
    fold = "  " + tr("errhelp.folded_frames", n=hidden) + "\n"
    return head + sep + fold + rest[starts[hidden]:]


def _showwarning(message: Any, category: type, filename: str, lineno: int, *a: Any) -> None:
    if _FORWARD_TRACE in str(message):
        message = category(fold_forward_trace(str(message)))
    _state["showwarning"](message, category, filename, lineno, *a)
    if _NON_LEAF_GRAD in str(message):
        line = linecache.getline(filename, lineno).strip()
        _show(ErrorHelp("non_leaf_grad", tr("errhelp.non_leaf_grad", line=line)))


def install() -> None:
    """Explain autograd's errors under their tracebacks (plain Python: ``sys.excepthook``;
    in IPython the extension does it). The ``.grad``-of-a-non-leaf warning too."""
    if "showwarning" not in _state:
        _state["showwarning"] = warnings.showwarning
        warnings.showwarning = _showwarning
    if "excepthook" not in _state:
        _state["excepthook"] = sys.excepthook
        sys.excepthook = _excepthook


def uninstall() -> None:
    """Turn the explanations off again."""
    if "showwarning" in _state:
        warnings.showwarning = _state.pop("showwarning")
    if "excepthook" in _state:
        sys.excepthook = _state.pop("excepthook")
    shell = _state.pop("shell", None)
    if shell is not None:
        shell.set_custom_exc((), None)


def load_ipython_extension(shell: Any) -> None:
    """``%load_ext minigrad``: the traceback as IPython shows it, then the explanation."""

    def handler(self: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None):
        self.showtraceback((etype, value, tb), tb_offset=tb_offset)
        _handle(value, tb)

    shell.set_custom_exc((RuntimeError,), handler)
    _state["shell"] = shell
    if "showwarning" not in _state:
        _state["showwarning"] = warnings.showwarning
        warnings.showwarning = _showwarning


def unload_ipython_extension(shell: Any) -> None:
    uninstall()
