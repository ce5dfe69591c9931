"""Helper autograd Functions used by ``nn.Module`` itself."""

from __future__ import annotations

from typing import Any

from ...autograd.custom_function import Function


class BackwardHookFunction(Function):
    """The identity on a module's inputs or outputs; its node
    (``BackwardHookFunctionBackward``) is where module backward hooks run."""

    @staticmethod
    def forward(ctx: Any, *args: Any) -> Any:
        ctx.mark_non_differentiable(*[arg for arg in args if not arg.requires_grad])
        return args

    @staticmethod
    def backward(ctx: Any, *args: Any) -> Any:
        return args
