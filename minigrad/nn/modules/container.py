"""Containers: ``Sequential`` chains modules, ``ModuleList`` holds them in a list.

>>> import minigrad as torch
>>> net = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU())
>>> net
Sequential(
  (0): Linear(in_features=2, out_features=3, bias=True)
  (1): ReLU()
)
>>> len(net), net[1]
(2, ReLU())
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Iterator
from typing import Any

from ...core.tensor import Tensor
from ..parameter import Parameter
from .module import Module, _addindent


def _index(idx: int, n: int) -> int:
    if not -n <= idx < n:
        raise IndexError(f"index {idx} is out of range")
    return idx % n


class Sequential(Module):
    """Runs its modules one after the other: the output of each is the input
    of the next. Modules are named ``'0'``, ``'1'``... unless you pass an
    ``OrderedDict`` of names."""

    def __init__(self, *args: Module) -> None:
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, module in args[0].items():
                self.add_module(name, module)
        else:
            for i, module in enumerate(args):
                self.add_module(str(i), module)

    def forward(self, input: Any) -> Any:
        for module in self:
            input = module(input)
        return input

    def __getitem__(self, idx: int | slice) -> Any:
        if isinstance(idx, slice):
            return type(self)(OrderedDict(list(self._modules.items())[idx]))
        return list(self._modules.values())[_index(idx, len(self))]

    def __setitem__(self, idx: int, module: Module) -> None:
        key = list(self._modules)[_index(idx, len(self))]
        setattr(self, key, module)

    def __delitem__(self, idx: int | slice) -> None:
        keys = list(self._modules)
        for key in keys[idx] if isinstance(idx, slice) else [keys[_index(idx, len(keys))]]:
            del self._modules[key]
        # renumber, as torch does, so the names stay 0, 1, 2...
        items = list(self._modules.values())
        self._modules.clear()
        for i, module in enumerate(items):
            self._modules[str(i)] = module

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[Module]:
        return iter(self._modules.values())

    def append(self, module: Module) -> Sequential:
        """Add ``module`` at the end."""
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules: Iterable[Module]) -> Sequential:
        for module in modules:
            self.append(module)
        return self

    def insert(self, index: int, module: Module) -> Sequential:
        items = list(self._modules.values())
        items.insert(index, module)
        self._modules.clear()
        for i, m in enumerate(items):
            self.add_module(str(i), m)
        return self


class ModuleList(Module):
    """A list of modules whose parameters the parent module can see (a plain
    Python list would hide them from ``parameters()``)."""

    def __init__(self, modules: Iterable[Module] | None = None) -> None:
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def __getitem__(self, idx: int | slice) -> Any:
        if isinstance(idx, slice):
            return type(self)(list(self._modules.values())[idx])
        return self._modules[str(_index(idx, len(self)))]

    def __setitem__(self, idx: int, module: Module) -> None:
        setattr(self, str(_index(idx, len(self))), module)

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[Module]:
        return iter(self._modules.values())

    def append(self, module: Module) -> ModuleList:
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules: Iterable[Module]) -> ModuleList:
        for module in modules:
            self.append(module)
        return self

    def __repr__(self) -> str:
        # torch groups runs of identical modules: "(0-2): 3 x Linear(...)"
        reprs = [repr(m) for m in self]
        if not reprs:
            return "ModuleList()"
        lines, start = [], 0
        for end in range(1, len(reprs) + 1):
            if end == len(reprs) or reprs[end] != reprs[start]:
                count = end - start
                text = _addindent(reprs[start], 2)
                if count == 1:
                    lines.append(f"({start}): {text}")
                else:
                    lines.append(f"({start}-{end - 1}): {count} x {text}")
                start = end
        return "ModuleList(\n  " + "\n  ".join(lines) + "\n)"


class ModuleDict(Module):
    """Modules by name, like a dict, whose parameters the parent module can see."""

    def __init__(self, modules: Any = None) -> None:
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key: str) -> Module:
        return self._modules[key]

    def __setitem__(self, key: str, module: Module) -> None:
        self.add_module(key, module)

    def __delitem__(self, key: str) -> None:
        del self._modules[key]

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __contains__(self, key: object) -> bool:
        return key in self._modules

    def clear(self) -> None:
        self._modules.clear()

    def pop(self, key: str) -> Module:
        module = self[key]
        del self[key]
        return module

    def keys(self) -> Any:
        return self._modules.keys()

    def items(self) -> Any:
        return self._modules.items()

    def values(self) -> Any:
        return self._modules.values()

    def update(self, modules: Any) -> None:
        pairs = modules.items() if hasattr(modules, "items") else modules
        for key, module in pairs:
            self[key] = module


def _parameter_line(p: Any, legacy: bool) -> str:
    size = "x".join(str(n) for n in p.shape)
    kind = p.type() if legacy else str(p.dtype)
    return f"Parameter containing: [{kind} of size {size}]"


class ParameterList(Module):
    """Parameters in a list that the parent module can see (a plain list would
    hide them from ``parameters()``); tensors put in become Parameters."""

    def __init__(self, values: Iterable[Any] | None = None) -> None:
        super().__init__()
        self._size = 0
        if values is not None:
            self.extend(values)

    def __getitem__(self, idx: int) -> Any:
        if isinstance(idx, slice):
            return type(self)(list(self)[idx])
        return getattr(self, str(_index(idx, len(self))))

    def __setitem__(self, idx: int, param: Any) -> None:
        idx = _index(idx, len(self))
        if isinstance(param, Tensor) and not isinstance(param, Parameter):
            param = Parameter(param)
        setattr(self, str(idx), param)

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Any]:
        return iter(self[i] for i in range(len(self)))

    def append(self, value: Any) -> ParameterList:
        self._size += 1
        self[self._size - 1] = value
        return self

    def extend(self, values: Iterable[Any]) -> ParameterList:
        for value in values:
            self.append(value)
        return self

    def extra_repr(self) -> str:
        return "\n".join(f"({i}): {_parameter_line(p, False)}" for i, p in enumerate(self))

    def __repr__(self) -> str:
        body = self.extra_repr()
        return (
            "ParameterList(\n" + _addindent("    " + body, 4) + "\n)" if body else "ParameterList()"
        )


class ParameterDict(Module):
    """Parameters by name, like a dict, that the parent module can see."""

    def __init__(self, parameters: Any = None) -> None:
        super().__init__()
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key: str) -> Any:
        return self._parameters[key]

    def __setitem__(self, key: str, value: Any) -> None:
        if isinstance(value, Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        self.register_parameter(key, value)

    def __delitem__(self, key: str) -> None:
        del self._parameters[key]

    def __len__(self) -> int:
        return len(self._parameters)

    def __iter__(self) -> Iterator[str]:
        return iter(self._parameters)

    def __contains__(self, key: object) -> bool:
        return key in self._parameters

    def keys(self) -> Any:
        return self._parameters.keys()

    def items(self) -> Any:
        return self._parameters.items()

    def values(self) -> Any:
        return self._parameters.values()

    def update(self, parameters: Any) -> None:
        pairs = parameters.items() if hasattr(parameters, "items") else parameters
        for key, value in pairs:
            self[key] = value

    def __repr__(self) -> str:
        lines = [f"({k}): {_parameter_line(p, True)}" for k, p in self.items()]
        if not lines:
            return "ParameterDict()"
        return "ParameterDict(\n" + _addindent("    " + "\n".join(lines), 4) + "\n)"


for _cls in (Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict):
    _cls.__module__ = "torch.nn.modules.container"
