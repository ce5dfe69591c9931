"""Where minigrad's time per op goes, counted in Python bytecodes.

``python -m benchmarks.profile`` runs the per-op chain of workload 1
(``y = exp(tanh((y + w) * 0.5))`` on 1-element float64 tensors) and counts, with
``sys.settrace`` and ``f_trace_opcodes``, the bytecodes each function of minigrad
runs, per op for the forward and per node for the backward. Unlike a time, the
count does not move with the load on the machine, so two versions of the core
can be compared on a busy one. (numpy's C code is not counted: one bytecode
calls it.)

    python -m benchmarks.profile              # the table, the 12 largest of each pass
    python -m benchmarks.profile --top 30
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import minigrad

from .workloads import op_chain


def count_bytecodes(fn: Callable[[], Any]) -> Counter:
    """Run ``fn`` and count the bytecodes of each ``minigrad`` function it runs."""
    counts: Counter = Counter()

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        code = frame.f_code
        if "minigrad" not in code.co_filename:
            return None  # (numpy's and Python's own functions are not counted)
        frame.f_trace_opcodes = True
        name = f"{code.co_filename.rsplit('minigrad/', 1)[-1]}::{code.co_qualname}"

        def local(frame: Any, event: str, arg: Any) -> Any:
            if event == "opcode":
                counts[name] += 1
            return local

        return local

    sys.settrace(tracer)
    try:
        fn()
    finally:
        sys.settrace(None)
    return counts


def per_op_profile(n_ops: int = 400) -> tuple[Counter, Counter, int]:
    """Bytecodes per function: the chain's forward, and its backward, each / n_ops."""
    x = minigrad.tensor([0.3], requires_grad=True)
    w = minigrad.tensor([0.1], requires_grad=True)
    op_chain(minigrad, x, w, n_ops).sum().backward()  # warm up (first-use imports)
    holder: dict[str, Any] = {}

    def forward() -> None:
        holder["y"] = op_chain(minigrad, x, w, n_ops).sum()

    fwd = count_bytecodes(forward)
    bwd = count_bytecodes(holder["y"].backward)
    return fwd, bwd, n_ops


def table(counts: Counter, n_ops: int, top: int) -> list[str]:
    total = sum(counts.values())
    lines = [f"  {total / n_ops:7.1f}  in all"]
    for name, k in counts.most_common(top):
        lines.append(f"  {k / n_ops:7.1f}  {name}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.profile", description=__doc__)
    parser.add_argument("--top", type=int, default=12, help="how many functions to list")
    parser.add_argument("--ops", type=int, default=400, help="length of the chain")
    args = parser.parse_args(argv)
    fwd, bwd, n = per_op_profile(args.ops)
    print(f"Python bytecodes per op, forward ({n}-op chain):")
    print("\n".join(table(fwd, n, args.top)))
    print("Python bytecodes per node, backward:")
    print("\n".join(table(bwd, n, args.top)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
