"""Interleaved timing: every library runs in turn, in one process.

A shared machine is noisy: a burst of load from elsewhere slows whichever
run happens to be going on. Running the libraries *interleaved* (minigrad,
torch, numpy, minigrad, torch, numpy, ...) spreads such bursts over all of
them, so the ratio of their medians stays meaningful even when the absolute
times drift.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass
class Case:
    """One library's version of a workload.

    ``run(state)`` is what is timed; ``setup()`` (not timed) makes its ``state``
    fresh before every run, e.g. builds the graph that a backward will consume.
    """

    run: Callable[[Any], Any]
    setup: Callable[[], Any] | None = None


def measure(cases: dict[str, Case], repeats: int, warmup: int = 1) -> dict[str, dict]:
    """Time each case ``warmup + repeats`` times, interleaved; report medians.

    Returns ``{library: {"median_s": ..., "runs_s": [...]}}``. Garbage from a
    previous run is collected before each timed run (untimed), so one library
    never pays for another's leftovers. The result of a run is dropped after
    the clock stops: freeing a graph is not part of its time here (the
    deep-graph memory benchmark looks at freeing separately).
    """
    runs: dict[str, list[float]] = {name: [] for name in cases}
    for i in range(warmup + repeats):
        # rotate the starting library so none is always first after a collection
        names = list(cases)
        names = names[i % len(names) :] + names[: i % len(names)]
        for name in names:
            case = cases[name]
            state = case.setup() if case.setup is not None else None
            gc.collect()
            start = time.perf_counter()
            result = case.run(state)
            elapsed = time.perf_counter() - start
            del result, state
            if i >= warmup:
                runs[name].append(elapsed)
    return {name: {"median_s": statistics.median(ts), "runs_s": ts} for name, ts in runs.items()}
