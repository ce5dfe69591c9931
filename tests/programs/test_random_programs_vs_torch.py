"""Random programs of mixed dtypes, broadcasting, reductions with ``keepdim``,
views changed in place and second-order gradients, run under torch and minigrad.

Each program is built line by line: a line is tried under torch first, and kept
if torch runs it (sometimes kept anyway when torch refuses it, and the program
ends there: then the error must be the same). Every value a line makes is
recorded (dtype, shape, ``requires_grad``, ``grad_fn`` name, values), and so are
the gradients at the end. Floats are compared to float32 precision; integers,
bools, names and errors exactly.

The suite runs fixed seeds (ten, and those of ``FOUND``), so that it fails only
when the code changes.
``MINIGRAD_PROGRAM_SEED=new`` draws a fresh seed (printed in the failure
message) to explore; ``MINIGRAD_PROGRAM_SEED=<seed>`` replays one. Fresh seeds
still find a few known differences: an in-place write between strided views that
overlap in memory (torch's result then depends on its loop order), a view and its
tensor that differ only in the stride of a size-1 dim (torch calls that a partial
overlap; numpy's strides there are not torch's), and the sign of a zero made
by a matrix product.
"""

from __future__ import annotations

import math
import os
import random
import zlib
from typing import Any

import pytest
import torch

import minigrad

PROGRAMS = 60

DTYPES = ["float32", "float32", "float64", "int64", "int32", "bool"]
SHAPES = [(), (3,), (2, 3), (2, 1), (1, 3), (2, 3, 1)]

UNARY = [
    "{a}.exp()",
    "{a}.log()",
    "{a}.sqrt()",
    "{a}.abs()",
    "-{a}",
    "{a}.sigmoid()",
    "{a}.tanh()",
    "{a}.relu()",
    "{a}.clamp(-1, 1)",
    "{a}.clamp(min=0.5)",
    "{a}.floor()",
    "{a}.round()",
    "{a}.sign()",
    "{a}.square()",
    "{a} ** 2",
    "{a} ** 0.5",
    "2 ** {a}",
    "{a}.reciprocal()",
    "{a}.float()",
    "{a}.double()",
    "{a}.long()",
    "{a}.bool()",
    "{a}.int()",
    "~{a}",
    "{a}.sin()",
    "{a}.cos()",
    "{a}.log1p()",
    "{a} * 0.5",
    "{a} + 1",
    "1 - {a}",
    "3 / {a}",
    "{a} // 2",
    "{a} % 2",
    "{a}.neg()",
    "{a}.exp2()",
    "{a}.erf()",
    "{a}.clone()",
    "F.leaky_relu({a}, 0.1)",
    "{a}.sigmoid() * {a}",
]
BINARY = [
    "{a} + {b}",
    "{a} - {b}",
    "{a} * {b}",
    "{a} / {b}",
    "{a} // {b}",
    "{a} % {b}",
    "{a} ** {b}",
    "torch.maximum({a}, {b})",
    "torch.minimum({a}, {b})",
    "{a} == {b}",
    "{a} < {b}",
    "{a} >= {b}",
    "{a} & {b}",
    "{a} | {b}",
    "{a} ^ {b}",
    "torch.where({a} > 0, {a}, {b})",
    "torch.where({b}, {a}, 0.)",
    "{a}.add({b}, alpha=2)",
    "{a} @ {b}",
    "torch.cat([{a}, {b}])",
    "torch.stack([{a}, {b}])",
    "{a}.expand_as({b})",
    "{a}.masked_fill({b} > 0, -1.)",
]
REDUCE = [
    "{a}.sum()",
    "{a}.sum({d})",
    "{a}.sum({d}, keepdim=True)",
    "{a}.mean()",
    "{a}.mean({d}, keepdim=True)",
    "{a}.prod({d})",
    "{a}.amax({d}, keepdim=True)",
    "{a}.amin({d})",
    "{a}.max()",
    "{a}.max({d})[0]",
    "{a}.min({d}, keepdim=True)[1]",
    "{a}.var({d})",
    "{a}.std({d}, keepdim=True)",
    "{a}.logsumexp({d})",
    "{a}.softmax({d})",
    "{a}.log_softmax({d})",
    "{a}.cumsum({d})",
    "{a}.norm()",
    "{a}.argmax({d})",
    "{a}.all()",
    "{a}.any({d})",
    "{a}.sum(({d}, -1))",
    "{a}.count_nonzero()",
    "{a}.sort({d})[0]",
    "{a}.topk(1, {d})[0]",
]
SHAPE_OPS = [
    "{a}.view(-1)",
    "{a}.reshape(-1, 1)",
    "{a}.t()",
    "{a}.transpose(0, -1)",
    "{a}.unsqueeze(0)",
    "{a}.squeeze()",
    "{a}.squeeze(-1)",
    "{a}.flatten()",
    "{a}[0]",
    "{a}[..., :1]",
    "{a}[::2]",
    "{a}[{a} > 0]",
    "{a}.expand(2, *{a}.shape)",
    "{a}.permute(*reversed(range({a}.dim())))",
    "{a}.narrow(-1, 0, 1)",
    "{a}.unbind(0)[0]",
    "{a}.split(1, -1)[0]",
    "{a}.chunk(2)[0]",
    "{a}.flip(0)",
    "{a}.roll(1, 0)",
    "{a}.contiguous()",
    "{a}.detach()",
    "{a}.tril()",
    "{a}.diagonal()",
    "{a}.mT",
]
INPLACE = [
    "{a}.add_({b})",
    "{a}.mul_(2)",
    "{a}.sub_({b}, alpha=0.5)",
    "{a}.div_(2)",
    "{a} += {b}",
    "{a} *= {b}",
    "{a} //= 2",
    "{a} %= 3",
    "{a} **= 2",
    "{a}.clamp_(0, 1)",
    "{a}.zero_()",
    "{a}.fill_(2)",
    "{a}.masked_fill_({a} > 1, 0.)",
    "{a}[0] = 7",
    "{a}[...] = {b}",
    "{a}.copy_({b})",
    "{a}.relu_()",
    "{a}.exp_()",
    "{a}.neg_()",
    "{a}.sigmoid_()",
    "{a}.requires_grad_()",
    "{a}.detach_()",
    "{a} &= {b}",
    "{a}.abs_()",
]


def _leaf(rng: random.Random) -> str:
    shape = rng.choice(SHAPES)
    dtype = rng.choice(DTYPES)
    n = math.prod(shape)
    if dtype == "bool":
        values = [rng.random() < 0.5 for _ in range(n)]
    elif dtype.startswith("int"):
        values = [rng.randint(-3, 4) for _ in range(n)]
    else:
        values = [
            rng.choice([0.0, 1.0, -1.0, 2.0])
            if rng.random() < 0.3
            else round(rng.uniform(-2, 2), 2)
            for _ in range(n)
        ]
    grad = dtype.startswith("float") and rng.random() < 0.7
    data: Any = values[0] if shape == () else values
    for size in reversed(shape[1:]):  # nested lists: the leaf is no view of another tensor
        data = [data[i : i + size] for i in range(0, len(data), size)]
    return f"torch.tensor({data!r}, dtype=torch.{dtype}).requires_grad_({grad})"


def _line(rng: random.Random, names: list[str], env: dict) -> tuple[str, bool]:
    """A random statement over the named tensors; True if it makes a new one."""
    a, b = rng.choice(names), rng.choice(names)
    if not env[a].is_floating_point() and env[b].requires_grad:
        # (torch records some writes of a gradient into integers and not others, and
        # its engine then fails an internal assert: not a behaviour to compare)
        b = f"{b}.detach()"
    d = rng.choice([0, -1, 1])
    roll = rng.random()
    if roll < 0.25:
        return rng.choice(UNARY).format(a=a), True
    if roll < 0.5:
        return rng.choice(BINARY).format(a=a, b=b), True
    if roll < 0.65:
        return rng.choice(REDUCE).format(a=a, d=d), True
    if roll < 0.8:
        return rng.choice(SHAPE_OPS).format(a=a), True
    line = rng.choice(INPLACE).format(a=a, b=b)
    if rng.random() < 0.15:
        line = f"with torch.no_grad():\n    {line}"
    return line, False


def _ends(rng: random.Random, names: list[str]) -> list[str]:
    """Backward, or autograd.grad (maybe twice: a second-order gradient)."""
    picks = rng.sample(names, min(3, len(names)))
    loss = " + ".join(f"{p}.float().sum()" for p in picks)
    lines = [f"loss = {loss}", "record('loss', loss)"]
    leaves = "[t for t in leaves if t.requires_grad]"
    kind = rng.random()
    if kind < 0.4:
        lines.append("loss.backward()")
    elif kind < 0.7:
        lines.append(f"gs = torch.autograd.grad(loss, {leaves}, allow_unused=True)")
        lines.append("record('gs', gs)")
    else:
        lines.append(
            f"gs = torch.autograd.grad(loss, {leaves}, create_graph=True, allow_unused=True)"
        )
        lines.append("record('gs', gs)")
        lines.append("g2 = sum((g * g).sum() for g in gs if g is not None)")
        lines.append("record('g2', g2)")
        lines.append("g2.backward()")
    lines.append("record('grads', [t.grad for t in leaves])")
    return lines


def make_program(rng: random.Random) -> str:
    lines = [f"t{i} = {_leaf(rng)}" for i in range(rng.randint(1, 3))]
    names = [f"t{i}" for i in range(len(lines))]
    lines.append(f"leaves = [{', '.join(names)}]")
    env = _namespace(torch, [])
    exec("\n".join(lines), env)
    for _ in range(rng.randint(2, 8)):
        line, makes = _line(rng, names, env)
        if makes:
            new = f"t{len(names)}"
            line = f"{new} = {line}\nrecord({new!r}, {new})"
        try:
            exec(line, env)
        except Exception:  # noqa: BLE001 - torch refuses: sometimes end the program there
            if rng.random() < 0.25:
                lines.append(line)
                return "\n".join(lines)
            continue
        lines.append(line)
        if makes:
            names.append(new)
    grads = [n for n in names if env[n].requires_grad]
    ends = _ends(rng, grads or names)
    # hooks and a second backward, drawn from the program's text so that the
    # programs of a seed stay those they were before these were added
    lines += _hooks_and_again(random.Random(zlib.crc32("\n".join(lines).encode())), grads, ends)
    return "\n".join(lines)


def _hooks_and_again(rng: random.Random, grads: list[str], ends: list[str]) -> list[str]:
    """``ends``, maybe after a hook or ``retain_grad`` on a tensor, and maybe with
    a second backward (through a freed graph: torch's error; or a retained one:
    the gradients add up)."""
    before, after = [], []
    if grads and rng.random() < 0.3:
        name = rng.choice(grads)
        if rng.random() < 0.5:
            before.append(f"{name}.register_hook(lambda g: g * 2)")
        else:
            before.append(f"{name}.retain_grad()")
            after.append(f"record('retained', {name}.grad)")
    if "loss.backward()" in ends and rng.random() < 0.3:
        if rng.random() < 0.5:
            ends = [e.replace("loss.backward()", "loss.backward(retain_graph=True)") for e in ends]
        after += ["loss.backward()", "record('grads again', [t.grad for t in leaves])"]
    return before + ends + after


def _namespace(lib: Any, log: list) -> dict:
    F = lib.nn.functional

    def record(name: str, value: Any) -> None:
        log.append((name, _summary(value)))

    return {"torch": lib, "F": F, "record": record}


def _summary(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_summary(v) for v in value]
    if value is None or isinstance(value, (int, float, bool)):
        return value
    fn = value.grad_fn
    return (
        str(value.dtype),
        tuple(value.shape),
        value.requires_grad,
        None if fn is None else fn.name(),
        value.detach().clone().tolist(),  # (torch's zero gradients may have no storage)
    )


def run_program(code: str, lib: Any) -> list:
    log: list = []
    try:
        exec(code, _namespace(lib, log))
    except Exception as err:  # noqa: BLE001 - the outcome records any error
        log.append(("error", f"{type(err).__name__}: {err}"))
    return log


def close(a: Any, b: Any) -> bool:
    """Equal, with floats compared to float32 precision (nan equal to nan)."""
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        if math.isinf(a) or math.isinf(b):
            return a == b
        return abs(a - b) <= 1e-4 * max(1.0, abs(a), abs(b))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def test_close_compares_what_it_should() -> None:
    assert close(
        [1.0, ("float32", (2,), True, None, [0.5, 1.0])],
        [1.00001, ("float32", (2,), True, None, [0.5, 1.0])],
    )
    assert not close([1.0], [1.1])
    assert not close(["error", "RuntimeError: a"], ["error", "RuntimeError: b"])
    assert not close([1], [True])
    assert close([float("nan")], [float("nan")])


# seeds drawn fresh that once found a difference, kept so that it stays fixed
# (the order of checks of in-place ops, gradients of squeeze, mean and rounded
# division, which saved tensor is checked first, overlaps seen with other shapes,
# the gradients of where, cumsum and max over a dim, which rule fails first)
FOUND = [100002, 100013, 200019, 300017, 300026, 300027, 400047, 400060]
FOUND += [100003, 300053, 500010, 500047, 600004, 700014]


def _seeds() -> list[int]:
    chosen = os.environ.get("MINIGRAD_PROGRAM_SEED")
    if chosen is None:
        return list(range(1, 11)) + FOUND
    return [random.SystemRandom().randrange(2**32) if chosen == "new" else int(chosen)]


@pytest.mark.parametrize("seed", _seeds())
def test_random_programs_match_torch(seed: int) -> None:
    rng = random.Random(seed)
    for k in range(PROGRAMS):
        code = make_program(rng)
        expected, got = run_program(code, torch), run_program(code, minigrad)
        assert close(got, expected), (
            f"program {k} of seed {seed} differs (replay with MINIGRAD_PROGRAM_SEED={seed}):\n"
            f"{code}\n--- torch:\n{expected}\n--- minigrad:\n{got}"
        )
