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

from . import error_source as _source
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
# the hidden-state case when the carried tensor is known by name
_CARRIED_TEXT = "errhelp.hidden_state_carried"
# where the chain was cut (minigrad/error_source.py), in words
_CUT_TEXT = {
    "no_grad": "errhelp.cut.no_grad",
    "inference_mode": "errhelp.cut.inference_mode",
    "detach": "errhelp.cut.detach",
    "data": "errhelp.cut.data",
    "numpy": "errhelp.cut.numpy",
    "new_tensor": "errhelp.cut.new_tensor",
    "integer": "errhelp.cut.integer",
    "leaf": "errhelp.cut.leaf",
}
# each picture's title
_TITLE = {
    "freed": "errhelp.title.freed",
    "hidden_state": "errhelp.title.hidden_state",
    "inplace": "errhelp.title.inplace",
    "non_scalar": "errhelp.title.non_scalar",
    "no_grad_fn": "errhelp.title.no_grad_fn",
    "leaf_inplace": "errhelp.title.leaf_inplace",
    "unused": "errhelp.title.unused",
    "shape": "errhelp.title.shape",
    "nan": "errhelp.title.nan",
    "non_leaf_grad": "errhelp.title.non_leaf_grad",
}
# what a cut edge from the tensor that requires grad says, by the kind of cut
_CUT_NOTES = {
    "no_grad": "no_grad()",
    "inference_mode": "inference_mode()",
    "detach": ".detach()",
    "data": ".data",
    "numpy": "numpy",
    "new_tensor": "tensor(...)",
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

    def text_html(self, picture: bool = False) -> str:
        """The text in an orange-edged box (with the picture's SVG inside: ``picture``)."""
        body = f'<pre style="white-space:pre-wrap">{html.escape(self.text)}</pre>'
        svg = self.explanation._repr_svg_() if picture and self.explanation is not None else None
        if svg:
            body += svg[svg.find("<svg") :]
        return (
            '<div style="border-left:4px solid #E69F00;padding:4px 10px;margin:6px 0;'
            f'background:#FFF8EC">{body}</div>'
        )

    def _repr_html_(self) -> str:
        return self.text_html(picture=True)


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
                arg = call.args[0]
                return {"output": read(arg), "text": ast.unparse(arg), "expr": arg}
            return {"output": read(receiver), "text": ast.unparse(receiver), "expr": receiver}
        if name == "grad" and call.args:
            arg = call.args[0]
            found = {"output": read(arg), "text": ast.unparse(arg), "expr": arg}
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
    line = linecache.getline(frame.f_code.co_filename, lineno).strip() if frame else ""
    called = _called_on(line, frame) if frame is not None and line else {}
    source = _source.learner_source(frame) if frame is not None else None
    variables = _names.tensor_variables(frame) if frame is not None else []
    scope = _names.scope(frame) if frame is not None else {}
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
    culprits: list[tuple[Any, str]] = []  # what the picture marks, with a note
    focus, source_tensor = output, None  # the tensor the picture is about
    cut_note = ""

    if case == "freed":
        freed, live = _freed_nodes(output) if output is not None else ([], [])
        facts["nodes"] = ", ".join(dict.fromkeys(n.name() for n in freed[:6])) or "?"
        in_loop = source is not None and _source.made_in_loop(source[0], lineno, out_name)
        if (freed and live) or in_loop:
            case = "hidden_state"  # this step's graph reaches into the last step's
        culprits = [(n, tr("steps.saved_freed")) for n in freed]
        carried = _carried(names, output) if case == "hidden_state" else None
        if carried is not None:  # the earlier step's graph alone, where it came in marked
            facts["carried"], entry, earlier = carried
            culprits = [(entry, tr("errhelp.mark.carried", name=facts["carried"]))]
            culprits += [(n, tr("errhelp.mark.last_step")) for n in earlier if n is not entry]
    elif case == "inplace":
        owner = next(
            (n for n, t in variables if t.grad_fn is not None and _made_by(t, match["node"])),
            None,
        )
        facts["tensor"] = owner or tr("errhelp.a_tensor")
        facts["op"] = _inplace_op(names.get(owner)) if owner else tr("errhelp.some_inplace")
        changed = _source.inplace_line(*source, lineno, owner) if owner and source else ""
        if changed:
            facts["op"] = tr("errhelp.op_in_line", op=facts["op"], line=changed)
        if owner:
            fn = names[owner].grad_fn
            saver = fn if _label(fn.name()) == match["node"] else fn.next_functions[0][0]
            facts["node"] = saver.name()
        if output is None and owner:
            output = focus = names[owner]  # backward from it meets the same saved tensor
    elif case == "non_scalar":
        facts["shape"] = list(output.shape) if output is not None else "?"
        culprits = [(output, tr("errhelp.mark.shape", shape=facts["shape"]))]
    elif case == "no_grad_fn":
        cut = None
        if source is not None and "expr" in called:
            cut = _source.cut_in_expression(*source, lineno, called["expr"], scope, line)
        if cut is not None:
            facts["why"] = tr(_CUT_TEXT[cut.kind], **vars(cut))
            source_tensor = _requiring_grad(cut, scope)
            cut_note = _CUT_NOTES.get(cut.kind, "")
        else:
            found = _explain_tensor(output, names) if output is not None else None
            facts["why"] = tr(f"cause.{found.cause}") if found is not None else "?"
        culprits = [(output, tr("errhelp.mark.no_history"))]
    elif case == "leaf_inplace":
        focus = _changed_leaf(line, scope)
        culprits = [(focus, tr("errhelp.mark.leaf"))]
    elif case == "unused":
        inputs = called.get("inputs")
        inputs = inputs if isinstance(inputs, list) else [inputs]
        i = int(match["i"])
        focus = inputs[i] if i < len(inputs) else None
        facts["input"] = by_id.get(id(focus), f"inputs[{i}]")
    elif case == "shape":
        culprits = [(output, tr("errhelp.mark.shape_vs", out=facts["out"], g=facts["g"]))]
    elif case == "nan":
        found = [_forward_line(t, match["node"]) for t in [output, *names.values()]]
        facts["where"] = next((f for f in found if f), tr("errhelp.no_forward_line"))
        culprits = [
            (n, tr("errhelp.mark.nan")) for n in _nodes(output) if n.name() == facts["node"]
        ]

    if output is None and case in ("freed", "hidden_state"):  # ``model(x).sum().backward()``
        output = focus = next((t for t in names.values() if _freed_nodes(t)[0]), None)
        culprits = [(n, tr("steps.saved_freed")) for n in _freed_nodes(output)[0]]
    text = tr(_CARRIED_TEXT if "carried" in facts else _TEXT[case], **facts)
    if line:
        text = tr("errhelp.at_line", line=line) + "\n" + text
    picture = None
    if focus is not None:
        picture = _picture(case, focus, output, names, culprits, "carried" in facts)
    if picture is not None and source_tensor is not None:
        picture.source, picture.cut_note = source_tensor, cut_note
    return ErrorHelp(case, text, picture)


def _explain_tensor(t: Any, names: dict, output: Any = None) -> Any:
    from .explain import explain

    return explain(t, output, names=names)


def _picture(
    case: str, focus: Any, output: Any, names: dict, culprits: list, own_marks: bool = False
) -> Any:
    """The learner's graph with the culprits marked, titled with what went wrong
    (``own_marks``: only those, not every problem ``explain`` finds)."""
    with_output = output if case == "unused" and output is not None else None
    try:
        picture = _explain_tensor(focus, names, with_output)
    except Exception:  # noqa: BLE001 - a picture must never hide the error itself
        return None
    if own_marks or case not in ("freed", "hidden_state", "inplace"):
        picture.problems, picture.node = [], None  # only this error's culprits are marked
    picture.marks = [(obj, note) for obj, note in culprits if obj is not None]
    picture.title = tr(_TITLE[case])
    return picture


def _requiring_grad(cut: Any, scope: dict) -> Any:
    """A tensor that requires grad on the line that cut the chain (``x`` in
    ``y = x.detach()``): where the history began."""
    try:
        tree = ast.parse(cut.line)
    except SyntaxError:  # the head of a ``for`` loop, say
        return None
    found = [scope.get(n.id) for n in ast.walk(tree) if isinstance(n, ast.Name)]
    return next((t for t in found if _is_tensor(t) and t.requires_grad), None)


def _changed_leaf(line: str, scope: dict) -> Any:
    """The leaf the failing line changes in place: ``w`` in ``w -= ...``, ``w.add_(...)``,
    ``w[0] = ...``."""
    try:
        stmt = ast.parse(line).body[0]
    except (SyntaxError, IndexError):
        return None
    target = None
    if isinstance(stmt, ast.AugAssign):
        target = stmt.target
    elif isinstance(stmt, ast.Assign):
        target = stmt.targets[0]
    elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        target = getattr(stmt.value.func, "value", None)
    while isinstance(target, ast.Subscript):
        target = target.value
    if target is None or not _simple(target):
        return None
    try:
        found = eval(ast.unparse(target), {}, scope)  # noqa: S307 - a name, read again
    except Exception:  # noqa: BLE001
        return None
    return found if _is_tensor(found) else None


def _nodes(output: Any) -> list:
    start = getattr(output, "grad_fn", None)
    return _nodes_below(start) if start is not None else []


def _carried(names: dict, output: Any) -> tuple[str, Any, list] | None:
    """A tensor carried from step to step, like an RNN's ``h = cell(x, h)``: a variable
    whose node reaches, further back in the output's graph, a node of the same kind
    (its value one step earlier). Returns its name, that earlier node, and the earlier
    step's nodes (those behind it), or None."""
    in_graph = {id(n) for n in _nodes(output)}
    for name, t in names.items():
        fn = getattr(t, "grad_fn", None) if _is_tensor(t) else None
        if fn is None or id(fn) not in in_graph:
            continue
        seen, queue = {id(fn)}, [f for f, _ in fn.next_functions if f is not None]
        while queue:  # breadth first: the nearest earlier node of the same kind
            n = queue.pop(0)
            if id(n) in seen:
                continue
            seen.add(id(n))
            if n.name() == fn.name():
                earlier = [m for m in _nodes_below(n) if type(m).__name__ != "AccumulateGrad"]
                return name, n, earlier
            queue += [f for f, _ in n.next_functions if f is not None]
    return None


def _nodes_below(start: Any) -> list:
    """``start`` and every node its gradients flow on to."""
    seen, stack, order = set(), [start], []
    while stack:
        n = stack.pop()
        if id(n) not in seen:
            seen.add(id(n))
            order.append(n)
            stack += [nxt for nxt, _ in n.next_functions if nxt is not None]
    return order


def _freed_nodes(output: Any) -> tuple[list, list]:
    """The nodes whose saved tensors were freed, and those that still hold theirs (a
    graph made in this step that reaches into an earlier step's graph)."""
    freed, live = [], []
    for n in _nodes(output):
        if hasattr(n, "is_freed"):  # minigrad
            if n.is_freed:
                freed.append(n)
            elif any(_is_tensor(v) for v in n.saved_values):
                live.append(n)
            continue
        try:  # (not those behind an unpack hook: a checkpoint's would rerun its block)
            values = [getattr(n, a) for a in readable_saved(n)]
        except RuntimeError:  # torch's own check: freed
            freed.append(n)
            continue
        if any(_is_tensor(v) for v in values):
            live.append(n)
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
        from IPython.display import HTML, display

        shell = get_ipython()
    except ImportError:
        shell = None
    if shell is not None and type(shell).__name__ == "ZMQInteractiveShell":  # a notebook
        display(HTML(help_.text_html()))
        if help_.explanation is not None:  # a Figure: a big graph opens zoomable, readable
            display(help_.explanation.figure())
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
    return head + sep + fold + rest[starts[hidden] :]


def _showwarning(message: Any, category: type, filename: str, lineno: int, *a: Any) -> None:
    if _FORWARD_TRACE in str(message):
        message = category(fold_forward_trace(str(message)))
    _state["showwarning"](message, category, filename, lineno, *a)
    if _NON_LEAF_GRAD in str(message):
        line = linecache.getline(filename, lineno).strip()
        frame = _names.outer_learner_frame()
        try:
            picture = _non_leaf_picture(line, frame) if frame is not None else None
        finally:
            del frame
        _show(ErrorHelp("non_leaf_grad", tr("errhelp.non_leaf_grad", line=line), picture))


def _non_leaf_picture(line: str, frame: FrameType) -> Any:
    """The graph of the non-leaf whose ``.grad`` the line reads (``y`` in ``print(y.grad)``)."""
    try:
        tree = ast.parse(line)
    except SyntaxError:
        return None
    scope = _names.scope(frame)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "grad" and _simple(node.value):
            try:
                t = eval(compile(ast.Expression(node.value), "<line>", "eval"), {}, scope)  # noqa: S307
            except Exception:  # noqa: BLE001
                continue
            if _is_tensor(t) and t.grad_fn is not None:
                names = {name: v for name, v in reversed(_names.tensor_variables(frame))}
                culprit = [(t, tr("errhelp.mark.non_leaf"))]
                return _picture("non_leaf_grad", t, t, names, culprit)
    return None


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
