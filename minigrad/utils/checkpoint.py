"""``torch.utils.checkpoint``: activation checkpointing, memory traded for compute.

Every operation keeps what its derivative needs (its *saved tensors*) until
backward. A checkpointed block keeps only its inputs: the tensors its operations
would save are dropped, and backward runs the block a second time, with the same
random numbers, to get them back when the first one is needed.

The way it does it is the one torch's ``use_reentrant=False`` takes, and it is
built from two public tools:

- forward runs the block inside ``saved_tensors_hooks``: each saved tensor is
  "packed" as its position in the block, nothing more;
- unpacking the first of them (in backward) runs the block again inside another
  ``saved_tensors_hooks`` that collects the saved tensors, in the same order.

>>> import minigrad as torch
>>> from minigrad.utils.checkpoint import checkpoint
>>> x = torch.tensor([1.0, 2.0], requires_grad=True)
>>> y = checkpoint(lambda t: t.sin() * t, x, use_reentrant=False)
>>> y.sum().backward()
>>> x.grad
tensor([1.3818, 0.0770])
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

from ..core.grad_mode import _State, enable_grad, is_grad_enabled, no_grad
from ..core.node import _Packed
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..exact.random import get_rng_state, set_rng_state

__all__ = ["checkpoint", "checkpoint_sequential", "CheckpointError"]  # + CheckpointFunction


class CheckpointError(RuntimeError):
    """The block did not save the same tensors when it ran again."""


def noop_context_fn() -> tuple:
    return _Nothing(), _Nothing()


class _Nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def checkpoint(
    function: Callable[..., Any],
    *args: Any,
    use_reentrant: bool | None = None,
    context_fn: Callable[[], tuple] = noop_context_fn,
    determinism_check: str = "default",
    debug: bool = False,
    early_stop: bool = True,
    **kwargs: Any,
) -> Any:
    """Run ``function(*args, **kwargs)`` keeping only its inputs for backward;
    backward runs it again to get back the tensors its operations saved.

    >>> import minigrad as torch
    >>> lin = torch.nn.Linear(2, 2)
    >>> y = checkpoint(lin, torch.ones(1, 2), use_reentrant=False)
    >>> y.grad_fn
    <AddmmBackward0 object at 0x...>
    """
    if use_reentrant is None:
        warnings.warn(_messages.CHECKPOINT_USE_REENTRANT, stacklevel=2)
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs and use_reentrant:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
    if use_reentrant:
        if context_fn is not noop_context_fn or debug is not False:
            raise ValueError(
                "Passing `context_fn` or `debug` is only supported when use_reentrant=False."
            )
        return __getattr__("CheckpointFunction").apply(function, preserve, *args)
    if not is_grad_enabled():  # nothing is saved: nothing to drop
        return function(*args, **kwargs)
    frame = _Frame(function, args, kwargs, preserve, early_stop)
    from ..autograd.graph import saved_tensors_hooks

    forward_ctx, frame.recompute_ctx = context_fn()
    with saved_tensors_hooks(frame.pack, frame.unpack), forward_ctx:
        return function(*args, **kwargs)


class _Holder:
    """What a checkpointed block's node keeps instead of a saved tensor: its position."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index


class _Stop(Exception):
    """Raised inside the rerun once every saved tensor is back (``early_stop``)."""


class _Frame:
    """One call of ``checkpoint``: the block, its inputs, and the saved tensors' shapes."""

    def __init__(
        self, function: Callable, args: tuple, kwargs: dict, preserve: bool, early_stop: bool
    ) -> None:
        self.function, self.kwargs, self.early_stop = function, kwargs, early_stop
        self.rng = get_rng_state() if preserve else None
        # The inputs are saved like any saved tensor (an outer saved_tensors_hooks sees them).
        hooks = _State.saved_hooks
        self.args = tuple(
            _Packed(hooks[-1][0](a), hooks[-1][1]) if hooks and isinstance(a, Tensor) else a
            for a in args
        )
        self.metadata: list[tuple] = []  # (shape, dtype) of each saved tensor, in order
        self.recomputed: dict[int, Tensor] = {}
        self.recompute_ctx: Any = _Nothing()

    def pack(self, t: Tensor) -> _Holder:
        self.metadata.append((t.shape, t.dtype))
        return _Holder(len(self.metadata) - 1)

    def unpack(self, holder: _Holder) -> Tensor:
        if holder.index not in self.recomputed:
            self._recompute()
        return self.recomputed.pop(holder.index)  # each is used once, then let go

    def _recompute(self) -> None:
        """Run the block again, as in forward, collecting what its operations save."""
        from ..autograd.graph import saved_tensors_hooks

        found: list[Tensor] = []

        def collect(t: Tensor) -> Tensor:
            found.append(t)
            if self.early_stop and len(found) == len(self.metadata):
                raise _Stop  # everything is back: the rest of the block need not run
            return t

        args = tuple(a.unpack() if type(a) is _Packed else a for a in self.args)
        outer_rng = get_rng_state()
        if self.rng is not None:
            set_rng_state(self.rng)  # the same random numbers as in forward (dropout)
        try:
            with enable_grad(), saved_tensors_hooks(collect, lambda t: t), self.recompute_ctx:
                self.function(*args, **self.kwargs)
        except _Stop:
            pass
        finally:
            set_rng_state(outer_rng)
        self._check(found)
        self.recomputed = dict(enumerate(found))

    def _check(self, found: list[Tensor]) -> None:
        if len(found) != len(self.metadata):
            raise CheckpointError(_messages.checkpoint_count(len(self.metadata), len(found)))
        different = [
            (i, _meta(*saved), _meta(t.shape, t.dtype))
            for i, (saved, t) in enumerate(zip(self.metadata, found))
            if (t.shape, t.dtype) != saved
        ]
        if different:
            raise CheckpointError(_messages.checkpoint_metadata(different))


def _meta(shape: Any, dtype: Any) -> str:
    return f"{{'shape': {shape!r}, 'dtype': {dtype!r}, 'device': device(type='cpu')}}"


# --- use_reentrant=True: the older way, one custom Function around the block ---------------
def _checkpoint_function() -> type:
    from ..autograd import Function, _is_checkpoint_valid, backward

    class CheckpointFunction(Function):
        """Forward runs the block under ``no_grad`` (nothing saved); backward runs it again
        with grad on and calls ``backward()`` through that new graph (a backward inside
        backward, hence "reentrant")."""

        @staticmethod
        def forward(ctx: Any, run_function: Callable, preserve_rng_state: bool, *args: Any) -> Any:
            ctx.run_function, ctx.preserve_rng_state = run_function, preserve_rng_state
            ctx.fwd_cpu_state = get_rng_state() if preserve_rng_state else None
            ctx.inputs = list(args)
            ctx.tensor_indices = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
            ctx.save_for_backward(*[a for a in args if isinstance(a, Tensor)])
            with no_grad():
                return run_function(*args)

        @staticmethod
        def backward(ctx: Any, *grads: Any) -> tuple:
            if not _is_checkpoint_valid():
                raise RuntimeError(_messages.CHECKPOINT_REENTRANT_GRAD)
            inputs = list(ctx.inputs)
            for i, t in zip(ctx.tensor_indices, ctx.saved_tensors):
                inputs[i] = t
            outer_rng = get_rng_state()
            if ctx.preserve_rng_state:
                set_rng_state(ctx.fwd_cpu_state)
            try:
                detached = [
                    a.detach().requires_grad_(a.requires_grad) if isinstance(a, Tensor) else a
                    for a in inputs
                ]
                with enable_grad():
                    outputs = ctx.run_function(*detached)
            finally:
                set_rng_state(outer_rng)
            outputs = (outputs,) if isinstance(outputs, Tensor) else outputs
            pairs = [
                (o, g) for o, g in zip(outputs, grads) if isinstance(o, Tensor) and o.requires_grad
            ]
            if not pairs:
                raise RuntimeError(
                    "none of output has requires_grad=True, this checkpoint() is not necessary"
                )
            backward([o for o, _ in pairs], [g for _, g in pairs])
            return (None, None) + tuple(a.grad if isinstance(a, Tensor) else None for a in detached)

    return CheckpointFunction


def __getattr__(name: str) -> Any:
    if name == "CheckpointFunction":  # built on first use (autograd sits beside utils)
        if name not in globals():
            globals()[name] = _checkpoint_function()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def checkpoint_sequential(
    functions: Any, segments: int, input: Any, use_reentrant: bool | None = None, **kwargs: Any
) -> Any:
    """Run a ``Sequential`` (or a list of modules) in ``segments`` checkpointed pieces;
    the last piece runs as usual, its saved tensors kept.

    >>> import minigrad as torch
    >>> net = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Tanh(), torch.nn.Linear(2, 1))
    >>> checkpoint_sequential(net, 2, torch.ones(1, 2), use_reentrant=False).shape
    torch.Size([1, 1])
    """
    if use_reentrant is None:
        warnings.warn(_messages.CHECKPOINT_USE_REENTRANT, stacklevel=2)
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
    modules = list(functions.children()) if hasattr(functions, "children") else list(functions)
    size = len(modules) // segments
    end = -1
    for start in range(0, size * (segments - 1), size):
        end = start + size - 1
        piece = _run_pieces(modules, start, end)
        input = checkpoint(piece, input, use_reentrant=use_reentrant, preserve_rng_state=preserve)
    return _run_pieces(modules, end + 1, len(modules) - 1)(input)


def _run_pieces(modules: list, start: int, end: int) -> Callable[[Any], Any]:
    def forward(x: Any) -> Any:
        for m in modules[start : end + 1]:
            x = m(x)
        return x

    return forward
