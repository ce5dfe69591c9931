"""Memory of a deep graph, measured in a fresh process per library.

``python -m benchmarks.memory minigrad 100000`` builds
``y = y * 1.0001 + 0.0001`` N times (2N graph nodes) with the cyclic garbage
collector *disabled*, prints one JSON line and exits. A fresh process keeps
the numbers clean: memory freed by an earlier benchmark would otherwise be
reused and hide the growth.

What is measured:

- ``rss_per_node``: growth of the resident set size while the graph is built,
  divided by the number of nodes. The same method for both libraries (torch
  allocates its graph in C++, where tracemalloc cannot see it).
- ``traced_per_node`` (minigrad only): the exact Python-heap growth from
  ``tracemalloc``, numpy's arrays included.
- ``gc_tracked_per_node``: how many objects per node the cyclic GC has to
  watch (torch's graph lives in C++: none).
- ``objects_left``: GC-tracked objects still alive after ``del x, y`` with
  the GC still off, i.e. what reference counting did *not* free;
  ``gc_found``: how many objects ``gc.collect()`` then found (0 means no
  reference cycles); ``left_after_drop``: bytes still traced (a few hundred
  kB at most stay in Python's own free lists for small tuples and floats,
  whatever N is).
"""

from __future__ import annotations

import gc
import json
import sys
import tracemalloc


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def build(lib, n: int):
    x = lib.tensor(1.0, requires_grad=True)
    y = x
    for _ in range(n):
        y = y * 1.0001 + 0.0001
    return x, y


def measure(name: str, n: int) -> dict:
    if name == "torch":
        import torch as lib

        lib.set_num_threads(1)
    else:
        import minigrad as lib

    build(lib, 100)  # warm up the code paths (and any lazy imports) first
    nodes = 2 * n
    out = {"library": name, "n": n, "nodes": nodes}
    gc.collect()
    gc.disable()

    # pass 1: resident memory (tracemalloc off: its own bookkeeping would count)
    tracked0 = len(gc.get_objects())
    rss0 = _rss()
    x, y = build(lib, n)
    out["rss_per_node"] = (_rss() - rss0) / nodes
    out["gc_tracked_per_node"] = (len(gc.get_objects()) - tracked0) / nodes
    del x, y  # with the GC off, only reference counting can free the graph
    out["objects_left"] = len(gc.get_objects()) - tracked0
    out["gc_found"] = gc.collect()

    # pass 2 (minigrad): the exact Python-heap bytes, and what dropping gives back
    if name == "minigrad":
        tracemalloc.start()
        t0 = tracemalloc.get_traced_memory()[0]
        x, y = build(lib, n)
        current, peak = tracemalloc.get_traced_memory()
        out["traced_per_node"] = (current - t0) / nodes
        out["traced_peak_per_node"] = (peak - t0) / nodes
        del x, y
        out["left_after_drop"] = tracemalloc.get_traced_memory()[0] - t0
        tracemalloc.stop()
    gc.enable()
    return out


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1], int(sys.argv[2]))))
