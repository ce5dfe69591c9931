"""The reference engine (minigrad/core/reference_engine.py, the algorithm alone) and the
engine that runs ``backward()`` agree on random graphs: the same gradients, bit for
bit, and the same nodes in the same order.

The graphs come from the random autograd programs (tests/autograd/test_random_autograd.py)
and from a generator of its own that adds what those lack: broadcasting, fan-out into
many consumers, and nodes with several outputs (``unbind``, ``max(dim)``, ``split``).
A new seed every run (in the failure message; ``MINIGRAD_AUTOGRAD_SEED`` replays one).
"""

from __future__ import annotations

import os
import random
from typing import Any

import numpy as np

import minigrad
from minigrad.core import reference_engine

from .test_random_autograd import BINARY, UNARY, make_program


def fast_order(out: Any) -> list:
    """The nodes as ``out.backward()`` runs them (a post-hook on each, then removed)."""
    nodes, stack, ran = [], [out.grad_fn], []
    while stack:
        n = stack.pop()
        if n is not None and n not in nodes:
            nodes.append(n)
            stack += [f for f, _ in n.next_functions]
    handles = [n.register_hook(lambda gi, go, n=n: ran.append(n)) for n in nodes]
    out.backward()
    for h in handles:
        h.remove()
    return ran


def grads(leaves: list) -> list:
    return [None if t.grad is None else t.grad.numpy().copy() for t in leaves]


def same(a: list, b: list) -> bool:
    """The same gradients, bit for bit (None where None)."""
    as_bytes = [[None if x is None else x.tobytes() for x in g] for g in (a, b)]
    return as_bytes[0] == as_bytes[1]


def random_graph(rng: random.Random) -> tuple[list, Any]:
    """Leaves of shapes (3,), (2, 3) and (1, 3); ops that broadcast, fan out, and
    have several outputs; the output sums every tensor made."""
    torch = minigrad
    leaves = [
        torch.tensor(np.round(np.random.default_rng(rng.randrange(10**6)).normal(size=s), 2),
                     dtype=torch.float32, requires_grad=True)
        for s in rng.sample([(3,), (2, 3), (1, 3), (2, 1)], rng.randint(2, 4))
    ]  # fmt: skip
    pool = list(leaves)
    for _ in range(rng.randint(2, 9)):
        a = rng.choice(pool)
        b = rng.choice([t for t in pool if _broadcasts(a.shape, t.shape)])
        kind = rng.choice(["mul", "add", "tanh", "unbind", "max", "split", "sum", "exp"])
        if a.dim() == 0 and kind in ("unbind", "max", "split", "sum"):
            kind = "tanh"  # (these need a dimension)
        if kind == "mul":
            new = [a * b]
        elif kind == "add":
            new = [a + b * 2]
        elif kind == "tanh":
            new = [a.tanh()]
        elif kind == "exp":
            new = [(a * 0.5).exp()]
        elif kind == "sum":
            new = [a.sum(-1, keepdim=True)]
        elif kind == "unbind":  # several outputs, of which some may go unused
            new = list(a.unbind(-1))[: rng.randint(1, a.shape[-1])]
        elif kind == "max":
            new = [a.max(-1).values]
        else:
            new = list(a.split([1, a.shape[-1] - 1], dim=-1)) if a.shape[-1] > 1 else [a]
        pool += new
    out = pool[0].sum()
    for t in pool[1:]:
        out = out + t.sum() * 0.5
    return leaves, out


def _broadcasts(s: tuple, t: tuple) -> bool:
    try:
        np.broadcast_shapes(s, t)
    except ValueError:
        return False
    return True


def check(build: Any, seed: int) -> None:
    leaves, out = build()
    if out.grad_fn is None:
        return  # nothing in this program requires grad
    ran = fast_order(out)
    fast = grads(leaves)
    leaves2, out2 = build()
    plain = reference_engine.backward(out2)
    assert same(fast, grads(leaves2)), seed
    assert [type(n).__name__ for n in ran] == [type(n).__name__ for n in plain], seed
    assert len(ran) == len(plain), seed


def program_graph(spec: dict) -> tuple[list, Any]:
    """A random autograd program's graph (its leaves, casts and ops), and as its output
    the sum of every tensor it made that requires grad."""
    leaves = [
        minigrad.tensor(values, dtype=getattr(minigrad, dtype)).reshape(spec["shape"])
        for values, _, dtype in spec["leaves"]
    ]
    for t, (_, requires_grad, _) in zip(leaves, spec["leaves"]):
        t.requires_grad_(requires_grad)
    tensors = list(leaves)
    for step in spec["steps"]:
        if step[0] == "unary":
            tensors.append(UNARY[step[1]](tensors[step[2]]))
        else:
            tensors.append(BINARY[step[1]](tensors[step[2]], tensors[step[3]]))
    out = sum((t.sum() for t in tensors[len(leaves) :] if t.requires_grad), tensors[0].sum())
    return leaves, out


def test_the_reference_engine_matches_the_engine_on_random_graphs() -> None:
    seed = int(os.environ.get("MINIGRAD_AUTOGRAD_SEED", random.randrange(2**32)))
    rng = random.Random(seed)
    for _ in range(60):
        spec = make_program(rng)
        check(lambda spec=spec: program_graph(spec), seed)
        sub = rng.randrange(2**32)
        check(lambda sub=sub: random_graph(random.Random(sub)), seed)


def test_the_reference_engine_is_the_algorithm_alone() -> None:
    import inspect

    source = inspect.getsource(reference_engine)
    code = [
        line
        for line in source.split('"""', 2)[2].splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]
    assert len(code) <= 60, len(code)
    for special in ("hook", "retain_graph", "create_graph", "observe", "batched"):
        assert special not in "\n".join(code)
