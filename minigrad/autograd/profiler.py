"""``torch.autograd.profiler``: which operations ran, how often, and for how long.

>>> import minigrad as torch
>>> x = torch.ones(3, requires_grad=True)
>>> with torch.autograd.profiler.profile() as prof:
...     y = (x * 2).sum()
>>> [e.key for e in prof.key_averages()]
['aten::mul', 'aten::sum']

Every operation is listed under torch's name (``aten::mul``), each node the
engine runs in backward as ``autograd::engine::evaluate_function: MulBackward0``,
and each ``record_function`` block under its own name. Unlike torch, the table
does not list the helper operations an operation runs inside itself
(``aten::empty``, ``aten::copy_``...), and an operation's time is the time since the
previous event, measured in Python: compare counts, not timings.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import ContextDecorator
from dataclasses import dataclass, field
from typing import Any

from . import observe

__all__ = ["profile", "record_function", "FunctionEvent", "EventList"]


def _aten_name(rule: str) -> str:
    """``MulBackward0`` -> ``aten::mul``, ``LogSoftmaxBackward0`` -> ``aten::log_softmax``."""
    m = re.fullmatch(r"(\w+?)Backward\d*", rule)
    base = m[1] if m else rule
    return "aten::" + re.sub(r"(?<!^)(?=[A-Z])", "_", base).lower()


@dataclass
class FunctionEvent:
    """One recorded event, or (from ``key_averages``) all the events of one name."""

    key: str
    count: int = 1
    cpu_time_total: float = 0.0  # microseconds
    self_cpu_time_total: float = 0.0
    children: list = field(default_factory=list, repr=False)

    @property
    def name(self) -> str:
        return self.key

    @property
    def cpu_time(self) -> float:
        return self.cpu_time_total / max(self.count, 1)


def _us(t: float) -> str:
    if t >= 1e6:
        return f"{t / 1e6:.3f}s"
    if t >= 1e3:
        return f"{t / 1e3:.3f}ms"
    return f"{t:.3f}us"


class EventList(list):
    """The events, with torch's ``table()``."""

    def table(self, sort_by: str | None = None, row_limit: int = 100, **kwargs: Any) -> str:
        rows = list(self)
        if sort_by is not None:
            if rows and hasattr(rows[0], sort_by):
                rows.sort(key=lambda e: getattr(e, sort_by), reverse=True)
        rows = rows[:row_limit] if row_limit and row_limit > 0 else rows
        total = sum(e.self_cpu_time_total for e in self) or 1.0
        width = 55  # torch's Name column; a longer name is cut to end in "..."
        heads = ["Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg", "# of Calls"]
        line = "-" * width + "  " + "  ".join(["-" * 12] * len(heads)) + "  "
        out = [
            line,
            "Name".rjust(width) + "  " + "  ".join(h.rjust(12) for h in heads) + "  ",
            line,
        ]
        for e in rows:
            cells = [
                f"{100 * e.self_cpu_time_total / total:.2f}%",
                _us(e.self_cpu_time_total),
                f"{100 * e.cpu_time_total / total:.2f}%",
                _us(e.cpu_time_total),
                _us(e.cpu_time),
                str(e.count),
            ]
            name = e.key if len(e.key) <= width else e.key[: width - 3] + "..."
            out.append(name.rjust(width) + "  " + "  ".join(c.rjust(12) for c in cells) + "  ")
        out += [line, f"Self CPU time total: {_us(sum(e.self_cpu_time_total for e in self))}", ""]
        return "\n".join(out)

    def __str__(self) -> str:
        return self.table()


class profile:
    """Records the operations run inside it (this thread).

    >>> import minigrad as torch
    >>> with torch.autograd.profiler.profile() as prof:
    ...     _ = torch.ones(2) + 1
    >>> prof.key_averages()[0].key, prof.key_averages()[0].count
    ('aten::add', 1)
    """

    _current: profile | None = None

    def __init__(self, enabled: bool = True, *args: Any, **kwargs: Any) -> None:
        self.enabled = enabled
        self._events: list[FunctionEvent] = []
        self._stack: list[list] = []  # open record_function blocks: [event, start]
        self._handles: list = []

    def _mark(self) -> float:
        now = time.perf_counter()
        spent, self._last = (now - self._last) * 1e6, now
        return spent

    def _add(self, name: str) -> None:
        spent = self._mark()
        event = FunctionEvent(name, 1, spent, spent)
        (self._stack[-1][0].children if self._stack else self._events).append(event)

    def _node(self, step: observe.Step) -> None:
        # torch lists a backward node twice: the engine's step, and the node itself in it
        name = step.node.name()
        self._add("autograd::engine::evaluate_function: " + name)
        self._events.append(FunctionEvent(name, 1, 0.0, 0.0))

    def __enter__(self) -> profile:
        if self.enabled:
            self._last = time.perf_counter()
            self._handles = [
                observe.on_op(lambda op: self._add(_aten_name(op.name))),
                observe.on_node(self._node),
            ]
            profile._current = self
        return self

    def __exit__(self, *exc: Any) -> None:
        for h in self._handles:
            h.remove()
        self._handles = []
        if profile._current is self:
            profile._current = None

    def events(self) -> EventList:
        """Every event in the order it happened, blocks before what they hold."""

        def walk(events: list) -> Iterator[FunctionEvent]:
            for e in events:
                yield e
                yield from walk(e.children)

        return EventList(walk(self._events))

    def key_averages(self, *args: Any, **kwargs: Any) -> EventList:
        """The events grouped by name, in order of first appearance."""
        groups: dict[str, FunctionEvent] = {}
        for e in self.events():
            g = groups.setdefault(e.key, FunctionEvent(e.key, 0))
            g.count += 1
            g.cpu_time_total += e.cpu_time_total
            g.self_cpu_time_total += e.self_cpu_time_total
        return EventList(groups.values())

    def table(self, *args: Any, **kwargs: Any) -> str:
        return self.events().table(*args, **kwargs)


class record_function(ContextDecorator):
    """Names a block of code in the profile (``with record_function("model"): ...``)."""

    def __init__(self, name: str, args: str | None = None) -> None:
        self.name = name

    def __enter__(self) -> record_function:
        prof = profile._current
        self._prof = prof
        if prof is not None:
            prof._mark()
            event = FunctionEvent(self.name, 1)
            (prof._stack[-1][0].children if prof._stack else prof._events).append(event)
            prof._stack.append([event, time.perf_counter()])
        return self

    def __exit__(self, *exc: Any) -> None:
        prof = self._prof
        if prof is None or not prof._stack:
            return
        event, start = prof._stack.pop()
        event.self_cpu_time_total = prof._mark()
        event.cpu_time_total = (time.perf_counter() - start) * 1e6
