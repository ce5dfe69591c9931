"""``torch.autograd.graph``: looking at the backward graph.

- :class:`Node` is the base class of every ``grad_fn``, so
  ``isinstance(y.grad_fn, torch.autograd.graph.Node)`` is True;
  ``name()``, ``next_functions``, ``metadata``, ``register_hook`` and
  ``register_prehook`` are what the autograd documentation teaches with.
- What a node saved for its derivative can be read the way torch names it::

      y = x * w
      y.grad_fn._saved_self     # x   (the derivative by w needs x)
      y.grad_fn._saved_other    # w
      x.exp().grad_fn._saved_result

  Reading a saved tensor after a backward without ``retain_graph=True`` raises
  the "backward through the graph a second time" error, as in torch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.grad_mode import _State
from ..core.node import _FREED, Node
from ..core.tensor import Tensor
from ..exact import messages as _messages

__all__ = ["Node", "saved_field", "saved_tensors_hooks", "save_on_cpu"]


class saved_tensors_hooks:
    """Inside this block, every tensor an operation saves for backward is
    passed to ``pack_hook``, and what it returned is given to ``unpack_hook``
    when backward needs the tensor back (e.g. to keep it compressed, or on disk).

    >>> import minigrad as torch
    >>> x = torch.tensor([1.0, 2.0], requires_grad=True)
    >>> with torch.autograd.graph.saved_tensors_hooks(lambda t: t.tolist(), torch.tensor):
    ...     y = (x * x).sum()
    >>> y.backward(); x.grad
    tensor([2., 4.])
    """

    def __init__(self, pack_hook: Callable[[Any], Any], unpack_hook: Callable[[Any], Any]) -> None:
        self.pack_hook, self.unpack_hook = pack_hook, unpack_hook

    def __enter__(self) -> saved_tensors_hooks:
        _State.saved_hooks = _State.saved_hooks + ((self.pack_hook, self.unpack_hook),)
        return self

    def __exit__(self, *exc: object) -> None:
        _State.saved_hooks = _State.saved_hooks[:-1]


class save_on_cpu(saved_tensors_hooks):
    """Keep saved tensors on the CPU until backward (minigrad has only the CPU,
    so they are simply kept)."""

    def __init__(self, pin_memory: bool = False, device_type: str = "cuda") -> None:
        super().__init__(lambda t: t, lambda t: t)


def _saved(i: int) -> Callable[[Node], Any]:
    """Entry ``i`` of what the node's forward saved (None when it saved nothing there)."""

    def read(node: Node) -> Any:
        if node._saved is _FREED:
            raise RuntimeError(_messages.SECOND_BACKWARD)
        saved = node.saved_tensors
        value = saved[i] if i < len(saved) else None
        if value is not None and not isinstance(value, Tensor):
            from .._creation import tensor

            value = tensor(value)  # a number operand is shown as a 0-dim tensor
        return value

    return read


def _setting(name: str, convert: Callable[[Any], Any] = lambda v: v) -> Callable[[Node], Any]:
    """A plain value the node keeps (a dim, a shape): still readable after backward."""
    return lambda node: convert(getattr(node, name))


def _numel(node: Node) -> int:
    n = 1
    for s in node.shape:
        n *= s
    return n


_SIZES = _setting("shape", tuple)
_RESULT = {"result": _saved(0)}
_SELF = {"self": _saved(0)}

# For each node: torch's name of a saved value (``_saved_<name>``) -> how to read it.
_FIELDS: dict[str, dict[str, Callable[[Node], Any]]] = {
    "MulBackward0": {"self": _saved(1), "other": _saved(0)},
    "DivBackward0": {"self": _saved(1), "other": _saved(0)},
    "AddBackward0": {"alpha": _setting("alpha")},
    "SubBackward0": {"alpha": _setting("alpha")},
    "PowBackward0": {"self": _saved(0), "exponent": _setting("_settings", lambda s: s["c"])},
    "PowBackward1": {"self": _saved(1), "exponent": _saved(0), "result": _saved(2)},
    "ExpBackward0": _RESULT,
    "TanhBackward0": _RESULT,
    "SigmoidBackward0": _RESULT,
    "SqrtBackward0": _RESULT,
    "ReluBackward0": _RESULT,
    "LogBackward0": _SELF,
    "SinBackward0": _SELF,
    "CosBackward0": _SELF,
    "SumBackward0": {"self_sym_sizes": _SIZES},
    "SumBackward1": {
        "dim": _setting("dims", tuple),
        "keepdim": _setting("keepdim"),
        "self_sym_sizes": _SIZES,
    },
    "MeanBackward0": {"self_sym_numel": _numel, "self_sym_sizes": _SIZES},
    "MeanBackward1": {
        "dim": _setting("dims", tuple),
        "keepdim": _setting("keepdim"),
        "self_sym_numel": _numel,
        "self_sym_sizes": _SIZES,
    },
    "ViewBackward0": {"self_sym_sizes": _SIZES},
    "MmBackward0": {
        "self": _saved(1),  # (saved as (mat2, self): torch reports a changed mat2 first)
        "mat2": _saved(0),
        "self_sym_sizes": lambda node: tuple(node._inputs[0].shape),
        "mat2_sym_sizes": lambda node: tuple(node._inputs[1].shape),
    },
}


def saved_field(node: Node, attr: str) -> Any:
    """``node._saved_<name>`` (and ``_raw_saved_<name>``), or AttributeError."""
    raw = attr.startswith("_raw_saved_")
    name = attr[len("_raw_saved_") :] if raw else attr[len("_saved_") :]
    read = _FIELDS.get(type(node).__name__, {}).get(name)
    if read is None or not (raw or attr.startswith("_saved_")):
        raise AttributeError(f"'{type(node).__name__}' object has no attribute '{attr}'")
    value = read(node)
    return SavedTensor(value) if raw and isinstance(value, Tensor) else value


class _SavedField:
    """``node._saved_<name>``: reads the value, or raises AttributeError for a node
    that has no such field. (Only ``__get__``, unlike a property: a custom
    Function's ``ctx`` may still set an attribute of that name for itself.)"""

    def __init__(self, attr: str) -> None:
        self.attr = attr

    def __get__(self, node: Node | None, owner: type | None = None) -> Any:
        return self if node is None else saved_field(node, self.attr)


def _install_saved_fields() -> None:
    """Give Node each of torch's names (``_saved_self``, ``_raw_saved_self``...)."""
    names = {name for fields in _FIELDS.values() for name in fields}
    for name in sorted(names):
        for attr in ("_saved_" + name, "_raw_saved_" + name):
            setattr(Node, attr, _SavedField(attr))


_install_saved_fields()


def _node_dir(node: Node) -> list[str]:
    """``dir(grad_fn)`` lists the saved values of this kind of node only, as torch's
    does (so ``dir(x.exp().grad_fn)`` shows ``_saved_result``, not ``_saved_self``)."""
    any_node = {name for fields in _FIELDS.values() for name in fields}
    every = {attr for name in any_node for attr in _saved_attrs(name, tensor=True)}
    fields = _FIELDS.get(type(node).__name__, {})
    own = {a for name, read in fields.items() for a in _saved_attrs(name, _is_tensor(node, read))}
    names = set(object.__dir__(node)) - every - {"_saved"}  # ("_saved": minigrad's own slot)
    return sorted(names | own)


def _saved_attrs(name: str, tensor: bool) -> tuple[str, ...]:
    # torch has a _raw_saved_ handle for saved tensors only, not for sizes or numbers
    return ("_saved_" + name, "_raw_saved_" + name) if tensor else ("_saved_" + name,)


def _is_tensor(node: Node, read: Any) -> bool:
    try:
        value = read(node)
    except RuntimeError:  # freed by a backward: only tensors are freed
        return True
    return value is None or isinstance(value, Tensor)  # (None: a tensor not needed)


Node.__dir__ = _node_dir


class SavedTensor:
    """What ``_raw_saved_<name>`` gives: a handle on a saved tensor."""

    def __init__(self, value: Any) -> None:
        self._value = value

    def __repr__(self) -> str:
        return f"<torch._C._autograd.SavedTensor object at {hex(id(self))}>"
