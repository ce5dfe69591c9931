"""Text inside the pictures: short values, op names, and safe escaping.

Every label is a graphviz *HTML-like* label, so any text a learner provides
(a variable name, a value) goes through :func:`escape` first: ``<``, ``>``,
``&``, ``"`` and newlines cannot break the DOT text or the SVG made from it.

>>> short_value(np.array(2.0, dtype=np.float32))
'2.0'
>>> op_name("MulBackward0"), op_name("torch::autograd::AccumulateGrad")
('mul', 'accumulate_grad')
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from . import style

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


# graphviz refuses a label longer than 16 KB; a text is cut well before that
MAX_TEXT = 1000
# XML (and so graphviz) refuses these: U+FFFE, U+FFFF and lone surrogates
_NOT_XML = re.compile("[\ufffe\uffff\ud800-\udfff]")


def escape(text: Any) -> str:
    """Make ``text`` safe inside an HTML-like graphviz label (newlines become line breaks).

    Backslashes are doubled, since graphviz reads ``\\G`` or ``\\N`` as the
    graph's or node's name.

    >>> escape("a<b")
    'a&lt;b'
    """
    s = str(text)
    if len(s) > MAX_TEXT:
        s = s[: MAX_TEXT - 1] + "…"
    s = _NOT_XML.sub("\ufffd", s)
    s = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", s)  # XML forbids these
    s = s.replace("\\", "\\\\")
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    s = s.replace('"', "&quot;")
    s = s.replace("\r\n", "\n").replace("\r", "\n")
    return s.replace("\n", '<BR ALIGN="CENTER"/>')


def number(v: Any) -> str:
    """One number, short: ``2.0``, ``-0.1234``, ``1.235e+06``, ``3``, ``True``, ``1.0+2.0j``."""
    if isinstance(v, (bool, np.bool_)):
        return str(bool(v))
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, (complex, np.complexfloating)):
        return _complex(v, number)
    v = float(v)
    if v != v or v in (float("inf"), float("-inf")):
        return str(v)
    if v == 0:
        v = 0.0  # -0.0 too: a learner reads "-0.0" as a bug, and it equals 0
    if v != 0 and (abs(v) >= 1e5 or abs(v) < 1e-4):
        return f"{v:.3e}"
    return np.format_float_positional(v, precision=4, trim="0")


def compact_number(v: Any) -> str:
    """One number in three significant digits: ``2.08``, ``-0.000196``, ``-2.57e-05``."""
    if isinstance(v, (bool, np.bool_, int, np.integer)):
        return number(v)
    if isinstance(v, (complex, np.complexfloating)):
        return _complex(v, compact_number)
    v = float(v)
    if v == 0 or v != v or v in (float("inf"), float("-inf")):
        return number(v)
    if 1e-4 <= abs(v) < 1e5:
        return np.format_float_positional(v, precision=3, fractional=False, trim="0")
    return f"{v:.2e}"


def _complex(v: Any, part: Any) -> str:
    """``1.0+2.0j``, ``0.5-1.0j``: a complex number, each part written by ``part``."""
    imag = part(abs(v.imag))
    return f"{part(v.real)}{'-' if v.imag < 0 else '+'}{imag}j"


def short_value(a: np.ndarray) -> str:
    """A tensor's value for a label: a one-element tensor in full
    (``2.0``, ``[2.0]``), a bigger one as its first few values, and a big one
    (more than ``style.BIG`` elements) compactly: two values, three digits each.

    >>> short_value(np.arange(16.0) / 3)
    '[0.0, 0.333, …]'
    """
    a = np.asarray(a)
    if a.size == 1:
        text = number(a.reshape(()).item())
        return "[" * a.ndim + text + "]" * a.ndim
    if a.size > style.BIG:
        flat = a.reshape(-1)[: style.BIG_VALUES].tolist()
        return "[" + ", ".join(compact_number(v) for v in flat) + ", …]"
    flat = a.reshape(-1)[: style.MAX_VALUES]
    text = ", ".join(number(v) for v in flat.tolist())
    return f"[{text}, …]" if a.size > style.MAX_VALUES else f"[{text}]"


def shape_text(a: np.ndarray) -> str:
    """``shape [2, 3]`` for a tensor with more than one element, else ``''``."""
    a = np.asarray(a)
    if a.size == 1:
        return ""
    return "shape [" + ", ".join(str(n) for n in a.shape) + "]"


def values(t: Any) -> np.ndarray:
    """``t``'s values as a numpy array, for minigrad and torch tensors alike.

    numpy has no ``bfloat16``: such a torch tensor comes as float32, which holds
    every bfloat16 value exactly (its label still says ``bfloat16``, see
    :func:`dtype_text`).

    >>> values(np.float32(2.0) * np.ones(2, np.float32)).tolist()
    [2.0, 2.0]
    """
    if isinstance(t, np.ndarray):
        return t
    if str(t.dtype).endswith("bfloat16"):
        t = t.detach().float()
    return t.numpy(force=True)


def dtype_text(a: Any) -> str:
    """The dtype when it is not float32 (``float64``, ``int64``, ``bool``), else ``''``;
    ``a`` is a tensor or a numpy array."""
    if not isinstance(a, np.ndarray) and hasattr(a, "dtype"):
        kind = str(a.dtype).removeprefix("torch.")
        return "" if kind == "float32" else kind
    kind = np.asarray(a).dtype
    return "" if kind == np.float32 else str(kind)


def op_name(grad_fn_name: str) -> str:
    """The forward op behind a grad_fn name: ``MulBackward0`` -> ``mul``."""
    name = grad_fn_name.split("::")[-1]
    name = re.sub(r"Backwards?\d*$", "", name)
    name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name)
    return name.lower() or grad_fn_name


def node_title(grad_fn_name: str) -> str:
    """The name shown on a grad_fn box: torch's, without the C++ namespace."""
    return grad_fn_name.split("::")[-1]


def html(*lines: tuple[str, str]) -> str:
    """Join ``(kind, text)`` lines into an HTML-like label.

    ``kind`` is ``"name"`` (bold), ``"value"`` (normal), ``"small"`` (smaller),
    ``"grad"`` (blue, for gradients), or ``"raw"`` (already-escaped markup).
    """
    parts = []
    for kind, text in lines:
        if not text:
            continue
        body = text if kind == "raw" else escape(text)
        if kind == "name":
            body = f"<B>{body}</B>"
        elif kind == "small":
            body = f'<FONT POINT-SIZE="9">{body}</FONT>'
        elif kind == "grad":
            body = f'<FONT COLOR="{style.BLUE}" POINT-SIZE="10">{body}</FONT>'
        parts.append(body)
    return "<" + "<BR/>".join(parts) + ">" if parts else ""
