"""Turn a numpy array into the exact text PyTorch prints for a tensor.

Printing looks simple, but torch follows a handful of precise rules, and
learners compare our output with torch's character by character:

1. **One layout for all elements.** Floats are printed in one of three
   styles, chosen by looking at the finite non-zero values only:

   - *integral*  ``1.``          every value is a whole number;
   - *fixed*     ``1.5000``      ``precision`` digits after the point;
   - *scientific* ``1.5000e-05`` when the values span more than a factor
     1000, exceed 1e8, or (non-integral only) go below 1e-4.

2. **One width for all elements.** Every element is right-aligned to the
   widest finite non-zero element, so columns line up.
3. **Rows wrap at ``linewidth``** (80) and nested brackets are indented so
   that each row starts under the bracket that opens it.
4. **Big tensors are summarised.** Above ``threshold`` (1000) elements only
   the first and last ``edgeitems`` (3) entries of every dimension are kept,
   with ``...`` in between.
5. **Suffixes** follow the data: ``size=``, ``dtype=``, then ``grad_fn=`` or
   ``requires_grad=True``; one that would overflow the line goes on a new one.

>>> import numpy as np
>>> print(tensor_repr(np.array([1.0, 2.5], dtype=np.float32), requires_grad=True))
tensor([1.0000, 2.5000], requires_grad=True)
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["format_value", "get_printoptions", "set_printoptions", "tensor_repr"]

# ---------------------------------------------------------------------------
# Print options (same names, defaults and profiles as torch.set_printoptions)
# ---------------------------------------------------------------------------

_PROFILES: dict[str, dict[str, float]] = {
    "default": {"precision": 4, "threshold": 1000, "edgeitems": 3, "linewidth": 80},
    "short": {"precision": 2, "threshold": 1000, "edgeitems": 2, "linewidth": 80},
    "full": {"precision": 4, "threshold": math.inf, "edgeitems": 3, "linewidth": 80},
}

_options: dict = {**_PROFILES["default"], "sci_mode": None}

# These dtypes are so common that torch does not print them.
_IMPLICIT_DTYPES = (np.dtype(np.float32), np.dtype(np.int64), np.dtype(np.bool_))

_PREFIX = "tensor("


def set_printoptions(
    precision: int | None = None,
    threshold: float | None = None,
    edgeitems: int | None = None,
    linewidth: int | None = None,
    profile: str | None = None,
    sci_mode: bool | None = None,
) -> None:
    """Change how tensors print, like ``torch.set_printoptions``.

    A ``profile`` ('default', 'short' or 'full') sets the four numbers first;
    explicit arguments then override it. Like torch, ``sci_mode`` is reset to
    ``None`` (automatic) on every call that does not pass it.

    >>> set_printoptions(precision=2)
    >>> get_printoptions()["precision"]
    2
    >>> set_printoptions(profile="default")
    """
    if profile is not None:
        _options.update(_PROFILES[profile])
    given = dict(precision=precision, threshold=threshold, edgeitems=edgeitems, linewidth=linewidth)
    _options.update({name: value for name, value in given.items() if value is not None})
    _options["sci_mode"] = sci_mode


def get_printoptions() -> dict:
    """Return a copy of the current print options.

    >>> get_printoptions()
    {'precision': 4, 'threshold': 1000, 'edgeitems': 3, 'linewidth': 80, 'sci_mode': None}
    """
    return dict(_options)


# ---------------------------------------------------------------------------
# Step 1: choose one layout and one width for every element
# ---------------------------------------------------------------------------


class _ElementFormat:
    """Formats single elements; all of them share one style and one width."""

    def __init__(self, values: np.ndarray) -> None:
        self.is_float = values.dtype.kind == "f"
        self.precision = _options["precision"]
        self.integral = True  # floats that are whole numbers print as `3.`
        self.scientific = False
        self.width = 1

        if not self.is_float:
            # ints and bools: the widest str() wins, e.g. ' True' next to 'False'
            self.width = max((len(str(v)) for v in values.ravel().tolist()), default=1)
            return

        # Only finite, non-zero values decide the layout; nan, inf and zeros do not count.
        useful = values[np.isfinite(values) & (values != 0)]
        if useful.size == 0:
            return
        self.integral = bool(np.all(useful == np.ceil(useful)))

        if _options["sci_mode"] is not None:
            self.scientific = _options["sci_mode"]
        else:
            magnitudes = np.abs(useful).astype(np.float64)
            smallest, largest = float(magnitudes.min()), float(magnitudes.max())
            self.scientific = largest / smallest > 1000 or largest > 1e8
            if not self.integral:
                self.scientific = self.scientific or smallest < 1e-4

        self.width = max(len(self._text(v)) for v in useful.tolist())

    def _text(self, value: float | int | bool) -> str:
        """One element, without padding."""
        if not self.is_float:
            return str(value)
        if self.scientific:
            return f"{value:.{self.precision}e}"
        if self.integral:
            # `3.` keeps the point to show it is a float; nan and inf have none
            return f"{value:.0f}" + ("" if math.isinf(value) or math.isnan(value) else ".")
        return f"{value:.{self.precision}f}"

    def __call__(self, value: float | int | bool) -> str:
        """One element, right-aligned to the common width."""
        return self._text(value).rjust(self.width)


def _edges(data: np.ndarray, edgeitems: int) -> np.ndarray:
    """Keep only the entries a summarised print shows (first/last `edgeitems` per axis)."""
    for axis, size in enumerate(data.shape):
        if size > 2 * edgeitems:
            kept = list(range(edgeitems)) + list(range(size - edgeitems, size))
            data = np.take(data, kept, axis=axis)
    return data


# ---------------------------------------------------------------------------
# Step 2: lay the formatted elements out in nested brackets
# ---------------------------------------------------------------------------


def _vector(row: np.ndarray, fmt: _ElementFormat, indent: int, summarize: bool) -> str:
    """A 1-D row, wrapped so that lines stay within `linewidth`."""
    edge = _options["edgeitems"]
    if summarize and edge == 0:
        return "[...]"
    if summarize and len(row) > 2 * edge:
        head = [fmt(v) for v in row[:edge].tolist()]
        tail = [fmt(v) for v in row[-edge:].tolist()]
        items = head + [" ..."] + tail
    else:
        items = [fmt(v) for v in row.tolist()]

    # every element takes its width plus ", "; at least one element per line
    per_line = max(1, math.floor((_options["linewidth"] - indent) / (fmt.width + 2)))
    lines = [", ".join(items[i : i + per_line]) for i in range(0, len(items), per_line)]
    return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"


def _nested(data: np.ndarray, fmt: _ElementFormat, indent: int, summarize: bool) -> str:
    """Brackets inside brackets; each level is indented by one more space."""
    if data.ndim == 0:
        return fmt(data.item())
    if data.ndim == 1:
        return _vector(data, fmt, indent, summarize)

    edge = _options["edgeitems"]
    size = data.shape[0]
    if summarize and size > 2 * edge:
        shown = list(range(edge)) + [None] + list(range(size - edge, size))  # None marks '...'
    else:
        shown = list(range(size))
    blocks = ["..." if i is None else _nested(data[i], fmt, indent + 1, summarize) for i in shown]

    # 2-D rows are separated by one newline, 3-D blocks by a blank line, ...
    separator = "," + "\n" * (data.ndim - 1) + " " * (indent + 1)
    return "[" + separator.join(blocks) + "]"


def _add_suffixes(text: str, suffixes: list[str], indent: int) -> str:
    """Append `, size=...` etc.; a suffix that would pass `linewidth` starts a new line."""
    # torch measures the current line as two characters longer than it is
    line_length = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if line_length + len(suffix) + 2 > _options["linewidth"]:
            text += ",\n" + " " * indent + suffix
            line_length = indent + len(suffix)
        else:
            text += ", " + suffix
            line_length += len(suffix) + 2
    return text + ")"


# ---------------------------------------------------------------------------
# Public entry points
# ---------------------------------------------------------------------------


def tensor_repr(
    data: np.ndarray,
    *,
    grad_fn_name: str | None = None,
    requires_grad: bool = False,
    tangent: str | None = None,
) -> str:
    """Return the text torch prints for a tensor holding `data`.

    `grad_fn_name` (e.g. ``'AddBackward0'``) is given for results of
    operations; `requires_grad` marks a leaf that asks for gradients;
    `tangent` is the text of a dual tensor's tangent (forward-mode AD).

    >>> import numpy as np
    >>> print(tensor_repr(np.ones((2, 2), dtype=np.float32), grad_fn_name="AddBackward0"))
    tensor([[1., 1.],
            [1., 1.]], grad_fn=<AddBackward0>)
    >>> tensor_repr(np.zeros((0, 3), dtype=np.float32))
    'tensor([], size=(0, 3))'
    """
    data = np.asarray(data)
    indent = len(_PREFIX)
    dtype_suffix = f"dtype=torch.{data.dtype.name}"
    suffixes = []

    if data.size == 0:
        # no elements to look at, so every dtype but float32 is spelled out
        if data.ndim != 1:
            suffixes.append(f"size={tuple(data.shape)}")
        if data.dtype != np.float32:
            suffixes.append(dtype_suffix)
        body = "[]"
    else:
        if _options["edgeitems"] == 0:
            suffixes.append(f"size={tuple(data.shape)}")
        if data.dtype not in _IMPLICIT_DTYPES:
            suffixes.append(dtype_suffix)
        summarize = data.size > _options["threshold"]
        # the layout is chosen from the elements that will actually be shown
        fmt = _ElementFormat(_edges(data, _options["edgeitems"]) if summarize else data)
        body = _nested(data, fmt, indent, summarize)

    if grad_fn_name is not None:
        suffixes.append(f"grad_fn=<{grad_fn_name}>")
    elif requires_grad:
        suffixes.append("requires_grad=True")
    if tangent is not None:
        suffixes.append(f"tangent={tangent}")
    return _add_suffixes(_PREFIX + body, suffixes, indent)


def format_value(
    data: np.ndarray,
    spec: str,
    *,
    grad_fn_name: str | None = None,
    requires_grad: bool = False,
    tangent: str | None = None,
) -> str:
    """What ``format(tensor, spec)`` (and so ``f"{t:{spec}}"``) gives.

    A 0-dim tensor formats its Python number; any other tensor only accepts
    an empty spec, which gives the usual repr.

    >>> import numpy as np
    >>> format_value(np.array(3.14159, dtype=np.float32), ".2f")
    '3.14'
    >>> format_value(np.array(2.5, dtype=np.float32), "")
    '2.5'
    """
    data = np.asarray(data)
    if data.ndim == 0:
        return format(data.item(), spec)
    if spec:
        raise TypeError("unsupported format string passed to Tensor.__format__")
    return tensor_repr(
        data, grad_fn_name=grad_fn_name, requires_grad=requires_grad, tangent=tangent
    )
