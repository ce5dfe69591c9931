"""``torch.utils.hooks``: the handle hooks return, and how a Module's backward
hooks are attached to the graph.

``module.register_full_backward_hook(hook)`` asks for ``hook(module, grad_input,
grad_output)``. The graph knows nothing of modules, so each call of the module
passes its tensor inputs, and then its outputs, through an identity operation
(``BackwardHookFunction``, whose node is ``BackwardHookFunctionBackward``):
the node after the outputs sees ``grad_output``, the node before the inputs
sees ``grad_input``, and a hook on that second node calls the user's hook
with both.
"""

from __future__ import annotations

import warnings
from typing import Any

from ..core.grad_mode import is_grad_enabled
from ..core.tensor import Tensor
from ..exact import messages as _messages
from ..nn.modules.module import RemovableHandle

__all__ = ["RemovableHandle", "BackwardHook"]


class BackwardHook:
    """The backward hooks of one call of a module (torch's ``BackwardHook``)."""

    def __init__(self, module: Any, user_hooks: Any, user_pre_hooks: Any) -> None:
        self.user_hooks = list(user_hooks.values())
        self.user_pre_hooks = list(user_pre_hooks.values())
        self.module = module
        self.grad_outputs: tuple | None = None
        self.n_outputs = -1
        self.output_tensors_index: list | None = None
        self.n_inputs = -1
        self.input_tensors_index: list | None = None

    @staticmethod
    def _pack_with_none(indices: list, values: Any, size: int) -> tuple:
        res: list = [None] * size
        for idx, val in zip(indices, values):
            res[idx] = val
        return tuple(res)

    @staticmethod
    def _unpack_none(indices: list, values: Any) -> tuple:
        return tuple(values[idx] for idx in indices)

    def _set_user_hook(self, grad_fn: Any) -> None:
        def hook(grad_input: tuple, _: tuple) -> Any:
            if self.grad_outputs is None:
                # the gradient reached the inputs without passing through the outputs
                return None
            res = self._pack_with_none(self.input_tensors_index, grad_input, self.n_inputs)
            for user_hook in self.user_hooks:
                out = user_hook(self.module, res, self.grad_outputs)
                if out is None:
                    continue
                if len(out) != len(res):
                    raise RuntimeError(
                        _messages.backward_hook_grad_count("grad_input", len(out), len(res))
                    )
                res = out
            self.grad_outputs = None
            return self._unpack_none(self.input_tensors_index, res)

        grad_fn.register_hook(hook)

    def _apply_on_tensors(self, fn: Any, args: tuple) -> tuple:
        """Pass the tensors among ``args`` through ``BackwardHookFunction`` and
        give its node to ``fn``; returns the new args and where the tensors were."""
        from ..nn.modules._functions import BackwardHookFunction

        tensors_idx = [i for i, arg in enumerate(args) if isinstance(arg, Tensor)]
        tensors = [args[i] for i in tensors_idx]
        if not (any(t.requires_grad for t in tensors) and is_grad_enabled()):
            return args, None
        new_tensors = BackwardHookFunction.apply(*tensors)
        if len(new_tensors) == 0:
            raise RuntimeError(_messages.BACKWARD_HOOK_NO_INPUT_TENSORS)
        grad_fn = next(t.grad_fn for t in new_tensors if t.grad_fn is not None)
        fn(grad_fn)
        arg_list = list(args)
        for idx, val in zip(tensors_idx, new_tensors):
            arg_list[idx] = val
        out = tuple(arg_list) if type(args) is tuple else type(args)(*arg_list)
        return out, tensors_idx

    def setup_input_hook(self, args: tuple) -> tuple:
        res, input_idx = self._apply_on_tensors(self._set_user_hook, args)
        self.n_inputs = len(args)
        self.input_tensors_index = input_idx
        return res

    def setup_output_hook(self, args: Any) -> Any:
        def fn(grad_fn: Any) -> None:
            def hook(_: tuple, grad_output: tuple) -> Any:
                self.grad_outputs = self._pack_with_none(
                    self.output_tensors_index, grad_output, self.n_outputs
                )
                expected_len = len(self.grad_outputs)
                for user_pre_hook in self.user_pre_hooks:
                    hook_grad_outputs = user_pre_hook(self.module, self.grad_outputs)
                    if hook_grad_outputs is None:
                        continue
                    if len(hook_grad_outputs) != expected_len:
                        raise RuntimeError(
                            _messages.backward_hook_grad_count(
                                "grad_output", len(hook_grad_outputs), expected_len
                            )
                        )
                    self.grad_outputs = hook_grad_outputs
                local_grad_outputs = self.grad_outputs
                # no input requires grad: there is no later node, call the hooks now
                if self.input_tensors_index is None:
                    warnings.warn(_messages.FULL_BACKWARD_HOOK_NO_INPUT_GRAD, stacklevel=5)
                    grad_inputs = self._pack_with_none([], [], self.n_inputs)
                    for user_hook in self.user_hooks:
                        res = user_hook(self.module, grad_inputs, self.grad_outputs)
                        if res is not None and not (
                            isinstance(res, tuple) and all(el is None for el in res)
                        ):
                            raise RuntimeError(_messages.BACKWARD_HOOK_NO_INPUT_GRAD_RESULT)
                    self.grad_outputs = None
                if local_grad_outputs is not None:
                    return tuple(local_grad_outputs[i] for i in self.output_tensors_index)
                return None

            grad_fn.register_hook(hook)

        is_tuple = isinstance(args, tuple)
        if not is_tuple:
            args = (args,)
        res, output_idx = self._apply_on_tensors(fn, args)
        self.n_outputs = len(args)
        self.output_tensors_index = output_idx
        return res if is_tuple else res[0]
