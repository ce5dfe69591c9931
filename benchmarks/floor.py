"""The floor: the least a Python autograd library on numpy can do per op.

``python -m benchmarks.floor`` times workload 1's forward chain (add, mul,
tanh, exp on 1-element tensors), interleaved in one process, for minigrad,
torch and ``Floor`` below: an autograd library cut to the bone. Each op makes
one node and one tensor and calls numpy once; there is no backward, no check,
no version counter, no view, no dtype promotion, no silencing of numpy's
warnings and no float32 rounding like torch's. No library written in Python
can record an op for less, so the gap between ``Floor`` and torch is the most
any design of minigrad's objects could win, and the gap between minigrad and
``Floor`` is what minigrad's exactness and checks cost.

It also times the deep graph's forward (workload 2) with Python's cyclic
garbage collector on and off, to show the collector's share.

    python -m benchmarks.floor            # about a minute
    python -m benchmarks.floor --quick
"""

from __future__ import annotations

import argparse
import gc
import itertools
from typing import Any

import numpy as np

import minigrad

from .timing import Case, measure
from .workloads import deep_chain, op_chain

_new = object.__new__
_seq = itertools.count().__next__


class _Node:
    __slots__ = ("inputs", "next", "saved", "seq")


class _Tensor:
    __slots__ = ("data", "grad_fn")

    def __add__(self, other: Any) -> _Tensor:
        return _record(np.add, self, other)

    def __mul__(self, other: Any) -> _Tensor:
        return _record(np.multiply, self, other)


def _record(ufunc: Any, *inputs: Any) -> _Tensor:
    """One op: the arrays in, one node (its inputs, where their gradients go), one tensor out."""
    arrays = [x.data if type(x) is _Tensor else x for x in inputs]
    node = _new(_Node)
    node.inputs = inputs
    node.next = tuple(x.grad_fn if type(x) is _Tensor else None for x in inputs)
    node.seq = _seq()
    out = ufunc(*arrays)
    node.saved = (out,)  # what tanh's and exp's derivatives would need
    t = _new(_Tensor)
    t.data, t.grad_fn = out, node
    return t


class Floor:
    """The library ``op_chain`` and ``deep_chain`` run on (``lib.tensor``, ``lib.tanh``...)."""

    @staticmethod
    def tensor(value: Any, requires_grad: bool = False) -> _Tensor:
        t = _new(_Tensor)
        t.data, t.grad_fn = np.asarray(value, dtype=np.float32), None
        return t

    @staticmethod
    def tanh(x: _Tensor) -> _Tensor:
        return _record(np.tanh, x)

    @staticmethod
    def exp(x: _Tensor) -> _Tensor:
        return _record(np.exp, x)


def per_op(libs: dict[str, Any], n_ops: int, repeats: int) -> dict[str, float]:
    """Median ms of the forward chain of ``n_ops`` ops, per library."""
    cases = {}
    for name, lib in libs.items():
        x, w = lib.tensor([0.3], requires_grad=True), lib.tensor([0.1], requires_grad=True)
        cases[name] = Case(lambda _, lib=lib, x=x, w=w: op_chain(lib, x, w, n_ops))
    return {k: v["median_s"] * 1e3 for k, v in measure(cases, repeats).items()}


def deep(libs: dict[str, Any], n: int, repeats: int) -> dict[str, float]:
    """Median ms of the deep chain's forward, with the cyclic GC on (as a learner has
    it) and off, per library."""
    cases = {}
    for name, lib in libs.items():
        x = lib.tensor(1.0, requires_grad=True)
        cases[name] = Case(lambda _, lib=lib, x=x: deep_chain(lib, x, n))
    result = {f"{k}, GC on": v["median_s"] * 1e3 for k, v in measure(cases, repeats).items()}
    gc.disable()
    try:
        off = measure(cases, repeats)
    finally:
        gc.enable()
    result.update({f"{k}, GC off": v["median_s"] * 1e3 for k, v in off.items()})
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.floor", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny sizes, few repeats")
    args = parser.parse_args(argv)
    import torch

    libs = {"minigrad": minigrad, "torch": torch, "floor": Floor}
    n_ops, n_deep = (40, 1_000) if args.quick else (1_000, 100_000)
    repeats, deep_repeats = (3, 1) if args.quick else (101, 5)
    ms = per_op(libs, n_ops, repeats)
    print(f"forward, {n_ops} ops (add, mul, tanh, exp) on 1-element tensors, median ms:")
    for name, t in ms.items():
        print(f"  {name:10} {t:8.3f}   {t / ms['torch']:.2f}x torch")
    ms = deep({"minigrad": minigrad, "torch": torch}, n_deep, deep_repeats)
    print(f"deep graph forward, N = {n_deep:,} (y = y * 1.0001 + 0.0001), median ms:")
    for name, t in ms.items():
        print(f"  {name:18} {t:9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
