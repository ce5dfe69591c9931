"""Grad mode belongs to a thread, as in torch: ``no_grad`` in one thread, or a
backward pass running in it, does not change what another thread records.

Each scenario runs with real threads under ``torch`` and under ``minigrad``
and the observations are compared. Threads meet at barriers, so the
interleaving is fixed (the timeouts only stop a broken run from hanging).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
import torch

import minigrad
from minigrad import viz

WAIT = 60  # seconds; only reached if something is broken


def run_threads(*targets: Callable[[], None]) -> None:
    errors: list[BaseException] = []

    def guard(fn: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            try:
                fn()
            except BaseException as err:  # noqa: BLE001 - re-raised in the main thread
                errors.append(err)

        return run

    threads = [threading.Thread(target=guard(t)) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(WAIT)
    assert not any(t.is_alive() for t in threads), "a thread did not finish"
    if errors:
        raise errors[0]


def no_grad_in_another_thread(lib: Any) -> dict:
    """Thread B sits inside no_grad while the main thread records."""
    seen: dict = {}
    inside, done = threading.Barrier(2, timeout=WAIT), threading.Barrier(2, timeout=WAIT)
    x = lib.tensor([1.0, 2.0], requires_grad=True)

    def other() -> None:
        with lib.no_grad():
            inside.wait()
            seen["other enabled"] = lib.is_grad_enabled()
            seen["other records"] = (x * 2).requires_grad
            done.wait()

    def main_side() -> None:
        inside.wait()
        seen["main enabled"] = lib.is_grad_enabled()
        y = x * 2
        seen["main records"] = y.requires_grad
        seen["main grad_fn"] = y.grad_fn.name()
        done.wait()

    run_threads(other, main_side)
    seen["after"] = lib.is_grad_enabled()
    return seen


def plain_set_grad_enabled_in_a_thread(lib: Any) -> dict:
    seen: dict = {}

    def other() -> None:
        lib.set_grad_enabled(False)
        seen["other"] = lib.is_grad_enabled()

    run_threads(other)
    seen["main"] = lib.is_grad_enabled()
    seen["records"] = (lib.tensor(1.0, requires_grad=True) * 2).requires_grad

    def fresh() -> None:
        seen["new thread"] = lib.is_grad_enabled()

    with lib.no_grad():
        run_threads(fresh)  # a new thread starts with recording on
    return seen


def overlapping_backwards(lib: Any) -> dict:
    """Two backward passes (one with create_graph) run at the same time in two threads."""
    seen: dict = {}
    both_inside = threading.Barrier(2, timeout=WAIT)

    class Meet(lib.autograd.Function):
        @staticmethod
        def forward(ctx: Any, x: Any) -> Any:
            return x * 1

        @staticmethod
        def backward(ctx: Any, g: Any) -> Any:
            name = threading.current_thread().name
            both_inside.wait()  # both passes are now running
            seen[name + " inside"] = lib.is_grad_enabled()
            both_inside.wait()
            return g * 3

    def worker(create_graph: bool) -> Callable[[], None]:
        def run() -> None:
            x = lib.tensor([1.0, 2.0], requires_grad=True)
            y = (Meet.apply(x) ** 2).sum()
            y.backward(create_graph=create_graph)
            name = threading.current_thread().name
            seen[name + " grad"] = x.grad.tolist()
            seen[name + " grad requires_grad"] = x.grad.requires_grad
            seen[name + " after"] = lib.is_grad_enabled()

        return run

    a, b = worker(False), worker(True)
    threads = [threading.Thread(target=a, name="A"), threading.Thread(target=b, name="B")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(WAIT)
    assert not any(t.is_alive() for t in threads)
    seen["main after"] = lib.is_grad_enabled()
    seen["main records"] = (lib.tensor(1.0, requires_grad=True) * 2).requires_grad
    return seen


SCENARIOS = {
    "no_grad in another thread": no_grad_in_another_thread,
    "set_grad_enabled in a thread": plain_set_grad_enabled_in_a_thread,
    "overlapping backwards": overlapping_backwards,
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_grad_mode_is_per_thread_like_torch(name: str) -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # backward(create_graph=True) warns in both
        expected = SCENARIOS[name](torch)
        got = SCENARIOS[name](minigrad)
    assert got == expected


def test_record_sees_only_its_own_threads_backward() -> None:
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    started, finish = threading.Barrier(2, timeout=WAIT), threading.Barrier(2, timeout=WAIT)

    def other() -> None:
        with viz.record() as theirs:
            started.wait()
            (x.exp()).sum().backward()  # while the main thread records too
            finish.wait()
        assert [s["node"].name() for s in theirs.steps][:2] == ["SumBackward0", "ExpBackward0"]

    with viz.record() as rec:
        t = threading.Thread(target=other)
        t.start()
        started.wait()
        (x * x).sum().backward()
        finish.wait()
        t.join(WAIT)
    names = [s["node"].name() for s in rec.steps]
    assert names == ["SumBackward0", "MulBackward0", "torch::autograd::AccumulateGrad"]


def test_trace_sees_only_its_own_threads_ops() -> None:
    w = minigrad.tensor([1.0, 2.0], requires_grad=True)
    made: dict = {}

    def other() -> None:
        with minigrad.no_grad():
            made["theirs"] = w * 5

    with viz.trace() as tr:
        run_threads(other)
        with minigrad.no_grad():
            mine = w * 2
    assert id(mine) in tr.ops
    assert id(made["theirs"]) not in tr.ops
