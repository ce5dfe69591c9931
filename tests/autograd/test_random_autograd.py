"""Random autograd programs, run under torch and minigrad and compared.

Every run draws a new seed (printed in the failure message; set
``MINIGRAD_AUTOGRAD_SEED`` to replay one). A program builds a small graph from
random leaves with casts (float64, int64, bool) and ops, puts tensor hooks,
node pre/post hooks and ``retain_grad`` on random tensors, and ends with
``backward()`` (maybe with ``inputs=``, repeated and non-leaf) or
``autograd.grad`` (repeated and non-leaf inputs), sometimes in a second thread
while the first sits inside ``no_grad``. Values, gradients, ``requires_grad``,
``grad_fn`` names, errors and warnings must all agree.
"""

from __future__ import annotations

import os
import random
import threading
from typing import Any

import torch

import minigrad

from ..compare import outcome

PROGRAMS = 40

UNARY = {
    "exp": lambda t: t.exp(),
    "tanh": lambda t: t.tanh(),
    "sigmoid": lambda t: t.sigmoid(),
    "square": lambda t: t * t,
    "neg": lambda t: -t,
    "relu": lambda t: t.relu(),
    # integer and bool casts leave the graph: what they add is a constant
    "plus long": lambda t: t + t.long(),
    "times bool": lambda t: t * (t > 0).bool(),
    "plus to(int32)": lambda t: t + t.to(dtype=t.new_zeros(1).int().dtype),
    "plus type(int64)": lambda t: t - t.type(t.new_zeros(1).long().dtype),
    "sum0": lambda t: t.sum(0),
    "sum keepdim": lambda t: t.sum(-1, keepdim=True),
    "max": lambda t: t.max(),
    "amax0": lambda t: t.amax(0),
    "mean": lambda t: t.mean(),
    "times 3": lambda t: t * 3,
    "plus 1": lambda t: t + 1,
}
BINARY = {
    "add": lambda a, b: a + b,
    "mul": lambda a, b: a * b,
    "sub": lambda a, b: a - b,
    "div": lambda a, b: a / (b * b + 1),
}


def make_program(rng: random.Random) -> dict:
    """A program as plain data, so that both libraries run exactly the same one."""
    shape = rng.choice([(3,), (2, 3)])
    dtype = rng.choice(["float32", "float64"])  # one float dtype per program
    leaves = []
    for _ in range(rng.randint(1, 3)):
        values = [round(rng.uniform(-2, 2), 2) for _ in range(3 * (2 if len(shape) == 2 else 1))]
        if rng.random() < 0.3:  # a tie now and then
            values[1] = values[0]
        leaves.append((values, rng.random() < 0.85, dtype))
    end = rng.choice(["backward", "backward inputs", "grad", "grad create_graph"])
    unary = sorted(UNARY)
    if end == "grad create_graph":
        # their derivatives are recorded under other names in torch
        # (TanhBackwardBackward0, ThresholdBackwardBackward0, DivBackward1 for mean)
        unary = [u for u in unary if u not in ("tanh", "sigmoid", "relu", "mean")]
    steps = []
    n = len(leaves)
    for _ in range(rng.randint(1, 6)):
        if rng.random() < 0.6:
            steps.append(("unary", rng.choice(unary), rng.randrange(n)))
        else:
            steps.append(("binary", rng.choice(sorted(BINARY)), rng.randrange(n), rng.randrange(n)))
        n += 1
    hooks = []
    for _ in range(rng.randint(0, 3)):
        kind = rng.choice(["tensor", "tensor none", "retain", "pre", "post", "post acc"])
        hooks.append((kind, rng.randrange(n), rng.choice([0.5, 2.0, -1.0])))
    inputs = [rng.randrange(n) for _ in range(rng.randint(1, 3))]
    return {
        "shape": shape,
        "leaves": leaves,
        "steps": steps,
        "hooks": hooks,
        "end": end,
        "inputs": inputs,
        "thread": rng.random() < 0.25,
    }


def run_program(spec: dict, lib: Any) -> Any:
    if not spec["thread"]:
        return _run(spec, lib)
    # in a second thread, while this one sits inside no_grad: the program must
    # record exactly as it would on its own
    box: dict = {}

    def target() -> None:
        try:
            box["result"] = ("ok", _run(spec, lib))
        except Exception as err:  # noqa: BLE001 - re-raised below
            box["result"] = ("error", err)

    with lib.no_grad():
        t = threading.Thread(target=target)
        t.start()
        t.join(60)
        box["main still off"] = lib.is_grad_enabled()
    assert box.get("main still off") is False
    kind, value = box["result"]
    if kind == "error":
        raise value
    return value, lib.is_grad_enabled()


def _run(spec: dict, lib: Any) -> Any:
    calls: list = []
    tensors = []
    for values, requires_grad, dtype in spec["leaves"]:
        t = lib.tensor(values, dtype=getattr(lib, dtype)).reshape(spec["shape"])
        tensors.append(t.requires_grad_(requires_grad))
    for step in spec["steps"]:
        if step[0] == "unary":
            tensors.append(UNARY[step[1]](tensors[step[2]]))
        else:
            tensors.append(BINARY[step[1]](tensors[step[2]], tensors[step[3]]))
    for kind, i, c in spec["hooks"]:
        t = tensors[i]
        try:
            if kind == "tensor":
                t.register_hook(lambda g, c=c: g * c)
            elif kind == "tensor none":
                t.register_hook(lambda g, i=i: calls.append(("hook", i)))
            elif kind == "retain":
                t.retain_grad()
            elif kind == "pre" and t.grad_fn is not None:
                t.grad_fn.register_prehook(lambda go, c=c: tuple(g * c for g in go))
            elif kind == "post" and t.grad_fn is not None:
                t.grad_fn.register_hook(lambda gi, go, i=i: calls.append(("post", i)))
            elif kind == "post acc":
                t.register_post_accumulate_grad_hook(lambda p, i=i: calls.append(("acc", i)))
        except RuntimeError as err:
            calls.append(("refused", kind, str(err)))
    # the output: the sum of every computed tensor that requires grad
    terms = [t.sum() for t in tensors[len(spec["leaves"]) :] if t.requires_grad]
    out = terms[0] if terms else tensors[-1].sum()
    for t in terms[1:]:
        out = out + t
    inputs = [tensors[i] for i in spec["inputs"]]
    result = None
    if spec["end"] == "backward":
        out.backward()
    elif spec["end"] == "backward inputs":
        out.backward(inputs=inputs)
    else:
        create = spec["end"] == "grad create_graph"
        result = lib.autograd.grad(out, inputs, allow_unused=True, create_graph=create)
    leaf_grads = [t.grad for t in tensors[: len(spec["leaves"])]]
    retained = [t.grad for t in tensors if t.grad_fn is not None and t.retains_grad]
    return out, result, leaf_grads, retained, calls


def close(a: Any, b: Any) -> bool:
    """Equal, with numbers compared to float32 precision (sums may round differently)."""
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= 1e-4 * max(1.0, abs(a), abs(b))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    return a == b


def test_random_autograd_programs_match_torch() -> None:
    seed = int(os.environ.get("MINIGRAD_AUTOGRAD_SEED", random.SystemRandom().randrange(2**32)))
    rng = random.Random(seed)
    for k in range(PROGRAMS):
        spec = make_program(rng)
        expected = outcome(lambda lib, spec=spec: run_program(spec, lib), torch)
        got = outcome(lambda lib, spec=spec: run_program(spec, lib), minigrad)
        assert close(got, expected), (
            f"program {k} of seed {seed} differs (replay with MINIGRAD_AUTOGRAD_SEED={seed}):\n"
            f"{spec}\ntorch:    {expected}\nminigrad: {got}"
        )
