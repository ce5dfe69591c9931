"""``Module``: the base class of every layer and every model.

A Module keeps three ordered dictionaries, filled automatically when you
assign attributes in ``__init__``:

- ``_parameters``: the ``Parameter`` objects (``self.weight = nn.Parameter(...)``);
- ``_buffers``: tensors that belong to the model but are not learned;
- ``_modules``: the sub-modules (``self.fc = nn.Linear(2, 3)``).

``parameters()`` walks these dictionaries, the module's own first and then
each sub-module's in the order they were assigned, so an optimiser sees every
weight. Calling the module (``model(x)``) runs its ``forward``.

>>> import minigrad as torch
>>> class Net(torch.nn.Module):
...     def __init__(self):
...         super().__init__()
...         self.fc = torch.nn.Linear(2, 1)
...     def forward(self, x):
...         return self.fc(x)
>>> [name for name, _ in Net().named_parameters()]
['fc.weight', 'fc.bias']
"""

from __future__ import annotations

import warnings
from collections import OrderedDict, namedtuple
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from ...core.grad_mode import no_grad
from ...core.tensor import Tensor
from ...exact import messages as _messages
from ..parameter import Parameter, UninitializedParameter


def _typename(value: Any) -> str:
    """How torch names a value in its messages: ``torch.FloatTensor``, ``int``..."""
    if isinstance(value, Tensor):
        return f"torch.{value.dtype.legacy_name}"
    return type(value).__name__


def _addindent(text: str, spaces: int) -> str:
    """Indent every line but the first (for nested module reprs)."""
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    return lines[0] + "\n" + "\n".join(" " * spaces + line for line in lines[1:])


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """What ``load_state_dict`` returns: the keys that did not match."""

    __slots__ = ()

    def __repr__(self) -> str:
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


_IncompatibleKeys.__name__ = _IncompatibleKeys.__qualname__ = "_IncompatibleKeys"


class RemovableHandle:
    """Returned by the ``register_*_hook`` methods: ``handle.remove()`` undoes it."""

    def __init__(self, hooks: dict, key: int, *extra: dict) -> None:
        self._hooks, self.id, self._extra = hooks, key, extra

    def remove(self) -> None:
        for table in (self._hooks, *self._extra):
            table.pop(self.id, None)

    def __enter__(self) -> RemovableHandle:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.remove()


# forward pre-hooks common to every module (torch's ``register_module_forward_pre_hook``)
_global_forward_pre_hooks: OrderedDict = OrderedDict()


def register_module_forward_pre_hook(hook: Callable) -> RemovableHandle:
    """Call ``hook(module, args)`` before the forward of every module, before its own
    pre-hooks; a result that is not None replaces ``args``.

    >>> import minigrad as torch
    >>> seen = []
    >>> handle = torch.nn.modules.module.register_module_forward_pre_hook(
    ...     lambda m, args: seen.append(type(m).__name__))
    >>> _ = torch.nn.Linear(2, 1)(torch.ones(2)); handle.remove()
    >>> seen
    ['Linear']
    """
    key = next(Module._hook_ids)
    _global_forward_pre_hooks[key] = hook
    return RemovableHandle(_global_forward_pre_hooks, key)


class Module:
    """Base class for layers and models: subclass it, create the layers in
    ``__init__`` (after ``super().__init__()``) and write ``forward``."""

    training: bool
    _hook_ids = iter(range(1 << 62))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if args or kwargs:
            raise TypeError(
                f"{type(self).__name__}.__init__() got an unexpected keyword argument "
                f"'{next(iter(kwargs))}'"
                if kwargs
                else f"{type(self).__name__}.__init__() takes 1 positional argument but "
                f"{len(args) + 1} were given"
            )
        # object.__setattr__ because our own __setattr__ needs these dicts to exist
        object.__setattr__(self, "training", True)
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "_non_persistent_buffers_set", set())
        object.__setattr__(self, "_modules", OrderedDict())
        object.__setattr__(self, "_forward_hooks", OrderedDict())
        object.__setattr__(self, "_forward_pre_hooks", OrderedDict())
        object.__setattr__(self, "_forward_hooks_with_kwargs", OrderedDict())
        object.__setattr__(self, "_backward_hooks", OrderedDict())
        object.__setattr__(self, "_backward_pre_hooks", OrderedDict())

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(
            f'Module [{type(self).__name__}] is missing the required "forward" function'
        )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """``module(x)`` runs ``forward(x)``, and the hooks registered on the module
        in torch's order: forward pre-hooks, forward, forward hooks; backward hooks
        are attached to the graph around the call (see ``minigrad.utils.hooks``)."""
        if _global_forward_pre_hooks:  # (rare: viz.record() notes the modules called)
            for hook in list(_global_forward_pre_hooks.values()):
                result = hook(self, args)
                if result is not None:
                    args = result if isinstance(result, tuple) else (result,)
        with_kwargs = self._forward_hooks_with_kwargs
        for key, hook in list(self._forward_pre_hooks.items()):
            if key in with_kwargs:
                result = hook(self, args, kwargs)
                if result is not None:
                    if not (isinstance(result, tuple) and len(result) == 2):
                        raise RuntimeError(_messages.forward_pre_hook_with_kwargs_result(result))
                    args, kwargs = result
            else:
                result = hook(self, args)
                if result is not None:
                    args = result if isinstance(result, tuple) else (result,)
        bw_hook = None
        if self._backward_hooks or self._backward_pre_hooks:
            from ...utils.hooks import BackwardHook

            bw_hook = BackwardHook(self, self._backward_hooks, self._backward_pre_hooks)
            args = bw_hook.setup_input_hook(args)
        output = self.forward(*args, **kwargs)
        for key, hook in list(self._forward_hooks.items()):
            if key in with_kwargs:
                result = hook(self, args, kwargs, output)
            else:
                result = hook(self, args, output)
            if result is not None:
                output = result
        if bw_hook is not None:
            if not isinstance(output, (Tensor, tuple)):
                warnings.warn(_messages.backward_hook_output_type(type(output)), stacklevel=2)
            output = bw_hook.setup_output_hook(output)
        return output

    def _add_hook(self, table: OrderedDict, hook: Callable, prepend: bool) -> RemovableHandle:
        key = next(Module._hook_ids)
        table[key] = hook
        if prepend:
            table.move_to_end(key, last=False)
        return RemovableHandle(table, key, self._forward_hooks_with_kwargs)

    def register_forward_hook(
        self,
        hook: Callable,
        *,
        prepend: bool = False,
        with_kwargs: bool = False,
        always_call: bool = False,
    ) -> RemovableHandle:
        """Call ``hook(module, args, output)`` after every forward (with
        ``with_kwargs=True``: ``hook(module, args, kwargs, output)``); a result
        that is not None replaces the output."""
        handle = self._add_hook(self._forward_hooks, hook, prepend)
        if with_kwargs:
            self._forward_hooks_with_kwargs[handle.id] = True
        return handle

    def register_forward_pre_hook(
        self, hook: Callable, *, prepend: bool = False, with_kwargs: bool = False
    ) -> RemovableHandle:
        """Call ``hook(module, args)`` before every forward (with ``with_kwargs=True``:
        ``hook(module, args, kwargs)``, which may return new ``(args, kwargs)``)."""
        handle = self._add_hook(self._forward_pre_hooks, hook, prepend)
        if with_kwargs:
            self._forward_hooks_with_kwargs[handle.id] = True
        return handle

    def register_full_backward_hook(self, hook: Callable, prepend: bool = False) -> RemovableHandle:
        """Call ``hook(module, grad_input, grad_output)`` when the gradients with
        respect to the module's inputs are computed; it may return new ``grad_input``."""
        return self._add_hook(self._backward_hooks, hook, prepend)

    def register_full_backward_pre_hook(
        self, hook: Callable, prepend: bool = False
    ) -> RemovableHandle:
        """Call ``hook(module, grad_output)`` when the gradients with respect to the
        module's outputs arrive; it may return new ``grad_output``."""
        return self._add_hook(self._backward_pre_hooks, hook, prepend)

    # --- registration ------------------------------------------------------------
    def __setattr__(self, name: str, value: Any) -> None:
        params = self.__dict__.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            self._forget(name, keep="_parameters")
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(
                    f"cannot assign '{_typename(value)}' as parameter '{name}' "
                    "(torch.nn.Parameter or None expected)"
                )
            params[name] = None
        else:
            modules = self.__dict__.get("_modules")
            if isinstance(value, Module):
                if modules is None:
                    raise AttributeError("cannot assign module before Module.__init__() call")
                self._forget(name, keep="_modules")
                modules[name] = value
            elif modules is not None and name in modules:
                if value is not None:
                    raise TypeError(
                        f"cannot assign '{_typename(value)}' as child module '{name}' "
                        "(torch.nn.Module or None expected)"
                    )
                modules[name] = value
            else:
                buffers = self.__dict__.get("_buffers")
                if buffers is not None and name in buffers:
                    if value is not None and not isinstance(value, Tensor):
                        raise TypeError(
                            f"cannot assign '{_typename(value)}' as buffer '{name}' "
                            "(torch.Tensor or None expected)"
                        )
                    buffers[name] = value
                else:
                    object.__setattr__(self, name, value)

    def _forget(self, name: str, keep: str) -> None:
        """Remove ``name`` from the other registries (``keep`` keeps its place in its own)."""
        self.__dict__.pop(name, None)
        for table in ("_parameters", "_buffers", "_modules"):
            if table != keep:
                self.__dict__[table].pop(name, None)
        self._non_persistent_buffers_set.discard(name)

    def __getattr__(self, name: str) -> Any:
        # only called when normal lookup fails: look in the registries
        d = self.__dict__
        for table in ("_parameters", "_buffers", "_modules"):
            if table in d and name in d[table]:
                return d[table][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name: str) -> None:
        for table in ("_parameters", "_buffers", "_modules"):
            if name in self.__dict__.get(table, {}):
                del self.__dict__[table][name]
                self._non_persistent_buffers_set.discard(name)
                return
        object.__delattr__(self, name)

    def _check_name(self, name: Any, kind: str) -> None:
        if "_parameters" not in self.__dict__:
            raise AttributeError(f"cannot assign {kind} before Module.__init__() call")
        if not isinstance(name, str):
            raise TypeError(f"{kind} name should be a string. Got {type(name).__name__}")
        if "." in name:
            raise KeyError(f'{kind} name can\'t contain "."')
        if name == "":
            raise KeyError(f'{kind} name can\'t be empty string ""')

    def register_parameter(self, name: str, param: Parameter | None) -> None:
        """Add ``param`` under ``name`` (what ``self.name = param`` does)."""
        self._check_name(name, "parameter")
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"attribute '{name}' already exists")
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(_messages.cannot_assign_to_parameter(_typename(param), name))
        self._parameters[name] = param

    def register_buffer(self, name: str, tensor: Tensor | None, persistent: bool = True) -> None:
        """Add a tensor that is saved with the model but not learned (e.g. running means)."""
        self._check_name(name, "buffer")
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(
                f"cannot assign '{_typename(tensor)}' object to buffer '{name}' "
                "(torch Tensor or None required)"
            )
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def add_module(self, name: str, module: Module | None) -> None:
        """Add a sub-module under ``name`` (what ``self.name = module`` does)."""
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f"{_typename(module)} is not a Module subclass")
        self._check_name(name, "module")
        if hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        self._modules[name] = module

    register_module = add_module

    # --- walking the tree --------------------------------------------------------
    def named_modules(
        self, memo: set | None = None, prefix: str = "", remove_duplicate: bool = True
    ) -> Iterator[tuple[str, Module]]:
        """This module and every module inside it, with dotted names ('' for self)."""
        if memo is None:
            memo = set()
        if remove_duplicate:
            if self in memo:
                return
            memo.add(self)
        yield prefix, self
        for name, module in self._modules.items():
            if module is None:
                continue
            sub = prefix + ("." if prefix else "") + name
            yield from module.named_modules(memo, sub, remove_duplicate)

    def modules(self) -> Iterator[Module]:
        """This module and every module inside it."""
        for _, module in self.named_modules():
            yield module

    def named_children(self) -> Iterator[tuple[str, Module]]:
        """The direct sub-modules, with their names."""
        seen = set()
        for name, module in self._modules.items():
            if module is not None and module not in seen:
                seen.add(module)
                yield name, module

    def children(self) -> Iterator[Module]:
        """The direct sub-modules."""
        for _, module in self.named_children():
            yield module

    def _named_members(
        self, table: str, prefix: str, recurse: bool, remove_duplicate: bool
    ) -> Iterator[tuple[str, Any]]:
        seen = set()
        modules = (
            self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate)
            if recurse
            else [(prefix, self)]
        )
        for module_prefix, module in modules:
            for name, value in module.__dict__[table].items():
                if value is None or (remove_duplicate and id(value) in seen):
                    continue
                if remove_duplicate:
                    seen.add(id(value))
                yield module_prefix + ("." if module_prefix else "") + name, value

    def named_parameters(
        self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ) -> Iterator[tuple[str, Parameter]]:
        """Every parameter with its dotted name, e.g. ``('0.weight', Parameter ...)``."""
        yield from self._named_members("_parameters", prefix, recurse, remove_duplicate)

    def parameters(self, recurse: bool = True) -> Iterator[Parameter]:
        """Every parameter, in the order they were assigned (what optimisers take).

        >>> import minigrad as torch
        >>> [p.shape for p in torch.nn.Linear(2, 3).parameters()]
        [torch.Size([3, 2]), torch.Size([3])]
        """
        for _, param in self.named_parameters(recurse=recurse):
            yield param

    def named_buffers(
        self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ) -> Iterator[tuple[str, Tensor]]:
        yield from self._named_members("_buffers", prefix, recurse, remove_duplicate)

    def buffers(self, recurse: bool = True) -> Iterator[Tensor]:
        for _, buf in self.named_buffers(recurse=recurse):
            yield buf

    def get_submodule(self, target: str) -> Module:
        """The sub-module at a dotted path such as ``'0.fc'``."""
        module = self
        for item in target.split(".") if target else []:
            if item not in module._modules:
                raise AttributeError(f"{module._get_name()} has no attribute `{item}`")
            module = module._modules[item]
        return module

    # --- modes, gradients, conversions ------------------------------------------
    def train(self, mode: bool = True) -> Module:
        """Switch to training mode (``training=True``), here and in every sub-module."""
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self) -> Module:
        """Switch to evaluation mode (``training=False``): e.g. Dropout stops dropping."""
        return self.train(False)

    def requires_grad_(self, requires_grad: bool = True) -> Module:
        """Set ``requires_grad`` of every parameter (``False`` freezes the module)."""
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none: bool = True) -> None:
        """Forget the gradients of every parameter: set them to None (the
        default, as in torch) or fill them with zeros."""
        for p in self.parameters():
            if p._grad is None:
                continue
            if set_to_none:
                p._grad = None
            else:
                if p._grad.grad_fn is not None:
                    p._grad.detach_()
                else:
                    p._grad.requires_grad_(False)
                with no_grad():
                    p._grad.zero_()

    def apply(self, fn: Callable[[Module], None]) -> Module:
        """Call ``fn`` on every sub-module and then on this module (e.g. to initialise weights)."""
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def _apply(self, convert: Callable[[np.ndarray], np.ndarray]) -> Module:
        """Change every parameter and buffer's data in place (keeping the same objects)."""
        for module in self.modules():
            for p in module._parameters.values():
                if p is not None:
                    p._data = convert(p._data)
                    if p._grad is not None:
                        p._grad._data = convert(p._grad._data)
            for b in module._buffers.values():
                if b is not None:
                    b._data = convert(b._data)
        return self

    def _cast_floats(self, np_dtype: Any) -> Module:
        return self._apply(lambda a: a.astype(np_dtype) if a.dtype.kind == "f" else a)

    def double(self) -> Module:
        """Convert floating-point parameters and buffers to float64."""
        return self._cast_floats(np.float64)

    def float(self) -> Module:
        """Convert floating-point parameters and buffers to float32."""
        return self._cast_floats(np.float32)

    def to(self, *args: Any, **kwargs: Any) -> Module:
        """``to(dtype)`` converts floating-point parameters; devices other than the CPU
        are refused."""
        from ...exact import device as _device
        from ...exact import dtype as _dtype

        for arg in list(args) + list(kwargs.values()):
            if isinstance(arg, _dtype.dtype):
                self._cast_floats(arg.np)
            elif isinstance(arg, (str, _device.device)):
                _device.check(arg)
        return self

    def cpu(self) -> Module:
        return self

    def cuda(self, device: Any = None) -> Module:
        """Moving to a GPU fails, as on a CPU-only build of torch."""
        raise AssertionError("Torch not compiled with CUDA enabled")

    # --- saving and loading --------------------------------------------------------
    def state_dict(
        self, *args: Any, destination: Any = None, prefix: str = "", keep_vars: bool = False
    ) -> OrderedDict:
        """All parameters and persistent buffers by dotted name, detached from the graph
        (they still share data with the module)."""
        if destination is None:
            destination = OrderedDict()
        for name, p in self._parameters.items():
            if p is not None:
                # (an uninitialized parameter has nothing to detach: it is kept as it is)
                keep = keep_vars or isinstance(p, UninitializedParameter)
                destination[prefix + name] = p if keep else p.detach()
        for name, b in self._buffers.items():
            if b is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = b if keep_vars else b.detach()
        for name, module in self._modules.items():
            if module is not None:
                sub = prefix + name + "."
                module.state_dict(destination=destination, prefix=sub, keep_vars=keep_vars)
        return destination

    def load_state_dict(
        self, state_dict: dict, strict: bool = True, assign: bool = False
    ) -> _IncompatibleKeys:
        """Copy values from ``state_dict`` into the parameters and buffers (under no_grad)."""
        if not hasattr(state_dict, "keys") or not hasattr(state_dict, "__getitem__"):
            raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
        missing, errors = [], []
        expected = set()
        for prefix_name, module in self.named_modules():
            prefix = prefix_name + "." if prefix_name else ""
            own = list(module._parameters.items()) + [
                (n, b)
                for n, b in module._buffers.items()
                if n not in module._non_persistent_buffers_set
            ]
            for name, target in own:
                if target is None:
                    continue
                key = prefix + name
                expected.add(key)
                if key not in state_dict:
                    missing.append(key)
                    continue
                value = state_dict[key]
                if not isinstance(value, Tensor):
                    errors.append(_messages.load_expected_tensor(key, type(value)))
                    continue
                if value.shape != target.shape:
                    errors.append(_messages.load_size_mismatch(key, value.shape, target.shape))
                    continue
                with no_grad():
                    target.copy_(value)
        unexpected = [k for k in state_dict if k not in expected]
        if strict:
            if unexpected:
                keys = ", ".join(f'"{k}"' for k in unexpected)
                errors.insert(0, f"Unexpected key(s) in state_dict: {keys}. ")
            if missing:
                keys = ", ".join(f'"{k}"' for k in missing)
                errors.insert(0, f"Missing key(s) in state_dict: {keys}. ")
        if errors:
            raise RuntimeError(
                f"Error(s) in loading state_dict for {type(self).__name__}:\n\t"
                + "\n\t".join(errors)
            )
        return _IncompatibleKeys(missing, unexpected)

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        # a module saved before these tables existed gets them empty (torch does the same)
        for name in ("_forward_hooks_with_kwargs", "_backward_hooks", "_backward_pre_hooks"):
            self.__dict__.setdefault(name, OrderedDict())

    def __reduce_ex__(self, protocol: int) -> Any:
        # the built-in layers print as torch's classes (see the end of this file),
        # which is not where pickle would find them: name them by their minigrad module
        from ...serialization import reduce_by_minigrad_name

        return reduce_by_minigrad_name(self, protocol)

    # --- printing ------------------------------------------------------------------
    def _get_name(self) -> str:
        return type(self).__name__

    def extra_repr(self) -> str:
        """The settings shown inside the parentheses, e.g. ``in_features=2, ...``."""
        return ""

    def __repr__(self) -> str:
        extra = self.extra_repr()
        extra_lines = extra.split("\n") if extra else []
        child_lines = [
            f"({name}): " + _addindent(repr(module), 2) for name, module in self._modules.items()
        ]
        lines = extra_lines + child_lines
        text = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                text += extra_lines[0]
            else:
                text += "\n  " + "\n  ".join(lines) + "\n"
        return text + ")"

    def __dir__(self) -> list[str]:
        names = set(super().__dir__())
        for table in ("_parameters", "_buffers", "_modules"):
            names.update(self.__dict__.get(table, {}))
        return sorted(n for n in names if not n[0].isdigit())  # '0', '1'... are not attributes


Module.__module__ = "torch.nn.modules.module"  # so type() prints as in torch
