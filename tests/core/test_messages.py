"""torch's long messages live in ``minigrad/exact/messages.py``, and read as torch's.

Two checks:

- a guard: no other module of minigrad's core holds a long string literal
  (more than ``LONG`` characters, placeholders counted as two, docstrings
  excepted). ``viz``, ``widgets``, ``explain`` and ``lessons`` are left out:
  their texts are minigrad's own, not torch's;
- a differential test: each message (but the few in ``NOT_COMPARED``, each with
  its reason) is triggered in minigrad and in torch 2.13, and the two must be
  the same (exception type and text, or warning category and text).
"""

from __future__ import annotations

import ast
import copy
import io
import json
import os
import pathlib
import pickle
import subprocess
import sys
import warnings

import pytest
import torch
import torch.autograd.forward_ad

import minigrad
from minigrad.exact import messages as _messages

LONG = 80

# torch scripts its forward-AD helpers on the first make_dual, with a warning
# (torch.jit) that no case should see: done once here, quietly.
with warnings.catch_warnings(), torch.autograd.forward_ad.dual_level():
    warnings.simplefilter("ignore")
    torch.autograd.forward_ad.make_dual(torch.ones(1), torch.ones(1))
ROOT = pathlib.Path(minigrad.__file__).parent
# (i18n: the catalogues hold minigrad's own texts, in every language.)
OWN_WORDING = ("viz", "widgets", "explain.py", "error_help.py", "lessons.py", "i18n")


def _text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def long_literals(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string literal longer than LONG, docstrings excepted."""
    tree = ast.parse(source)
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, ast.JoinedStr):  # (its pieces are measured as one text)
            skip.update(id(v) for v in node.values)
    found = []
    for node in ast.walk(tree):
        text = _text(node)
        if id(node) not in skip and text is not None and len(text) > LONG:
            found.append((node.lineno, text))
    return found


def _core_modules() -> list[pathlib.Path]:
    paths = []
    for path in sorted(ROOT.rglob("*.py")):
        relative = path.relative_to(ROOT)
        if relative.parts[0] in OWN_WORDING or relative.as_posix() == "exact/messages.py":
            continue
        paths.append(path)
    return paths


def test_the_guard_sees_a_long_message():
    source = (
        '"""A docstring may be as long as it likes, it is not a message to a learner at all."""\n'
        "def f(x):\n"
        '    raise RuntimeError(f"the value {x} is wrong, and this sentence goes on and on, '
        'long enough to be a message")\n'
        'SHORT = "a short text"\n'
    )
    assert [line for line, _ in long_literals(source)] == [3]


def test_no_long_message_outside_the_messages_module():
    assert len(_core_modules()) > 40
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {text[:60]!r}"
        for path in _core_modules()
        for line, text in long_literals(path.read_text())
    ]
    assert offenders == [], "move these into minigrad/exact/messages.py:\n" + "\n".join(offenders)


# --- the differential test ----------------------------------------------------
def _outcome(case, lib):
    """What running ``case`` with ``lib`` as torch did: the error, and the warnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            case(lib)
            error = None
        except Exception as e:  # noqa: BLE001 - the error is what is compared
            error = (type(e).__name__, str(e))
    return error, [(w.category.__name__, str(w.message)) for w in caught]


def _leaf(lib, *shape):
    return lib.ones(*shape, requires_grad=True)


def _backward_twice(lib):
    y = (_leaf(lib, 2) * 2).exp().sum()
    y.backward()
    y.backward()


def _modified_inplace(lib):
    y = _leaf(lib, 2).exp()
    y.add_(1)
    y.sum().backward()


def _saved_then_detached(lib):
    y = _leaf(lib, 2) * 2
    z = y * y
    y.detach_()
    z.sum().backward()


def _view_in_no_grad(lib):
    y = _leaf(lib, 2, 2) * 1
    with lib.no_grad():
        v = y[0]
    v.add_(1)


def _inference_tensor(lib):
    with lib.inference_mode():
        return lib.ones(2)


def _unused_input(lib):
    x, z = _leaf(lib, 2), _leaf(lib, 2)
    lib.autograd.grad((x * 2).sum(), [x, z])


def _grad_of(lib, value):
    x = _leaf(lib, 2)
    x.grad = value


def _function_without_backward(lib):
    class Double(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

    return Double


def _wrong_gradient_shape(lib):
    class Double(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, grad):
            return lib.ones(3)

    Double.apply(_leaf(lib, 2)).sum().backward()


def _load_wrong_group(lib):
    optimizer = lib.optim.SGD([_leaf(lib, 2)], lr=0.1)
    optimizer.load_state_dict({"state": {}, "param_groups": [{"params": [0, 1], "lr": 0.1}]})


def _wrong_backward_gradcheck(lib, fast_mode=False):
    class Double(lib.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, grad):
            return grad * 3

    x = lib.ones(2, dtype=lib.float64, requires_grad=True)
    lib.autograd.gradcheck(Double.apply, (x,), fast_mode=fast_mode)


def _load_whole_model(lib):
    import io

    buffer = io.BytesIO()
    lib.save(lib.nn.Linear(2, 3), buffer)
    buffer.seek(0)
    lib.load(buffer)


def _load_to_cuda(lib):
    import io

    buffer = io.BytesIO()
    lib.save(lib.ones(2), buffer)
    buffer.seek(0)
    lib.load(buffer, map_location="cuda")


def _legacy_function(lib):
    class Identity(lib.autograd.Function):
        def forward(self, x):
            return x

    Identity()(lib.ones(2))


def _shuffled_iterable(lib):
    class Numbers(lib.utils.data.IterableDataset):
        def __iter__(self):
            return iter([1])

    lib.utils.data.DataLoader(Numbers(), shuffle=True)


class _Opaque:
    pass


def _functional(lib):
    return lib.autograd.functional


def _sgd(lib):
    return lib.optim.SGD([lib.nn.Parameter(lib.ones(2))], lr=0.1)


def _scheduler_step_overridden(lib):
    opt = _sgd(lib)
    scheduler = lib.optim.lr_scheduler.StepLR(opt, step_size=1)
    opt.step = lambda: None
    scheduler.step()


def _scheduler_step_with_epoch(lib):
    opt = _sgd(lib)
    scheduler = lib.optim.lr_scheduler.StepLR(opt, step_size=1)
    opt.step()
    scheduler.step(3)


def _plateau_after_new_group(lib):
    opt = _sgd(lib)
    scheduler = lib.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=0, min_lr=[0.0])
    opt.add_param_group({"params": [lib.nn.Parameter(lib.ones(2))]})
    scheduler.step(1.0)
    scheduler.step(1.0)


def _module_hook_case(lib, kind):
    """A Linear layer with one module hook that misbehaves in the way ``kind`` says."""
    layer = lib.nn.Linear(2, 2)
    x = lib.ones(1, 2, requires_grad=kind != "no_input_grad")
    if kind == "pre_kwargs":
        layer.register_forward_pre_hook(lambda m, a, k: 3, with_kwargs=True)
        return layer(x)
    if kind == "output_type":
        layer.register_forward_hook(lambda m, a, out: [out])
        layer.register_full_backward_hook(lambda m, gi, go: None)
        return layer(x)
    if kind == "grad_input":
        layer.register_full_backward_hook(lambda m, gi, go: (gi[0], gi[0]))
    elif kind == "grad_output":
        layer.register_full_backward_pre_hook(lambda m, go: (go[0], go[0]))
    elif kind == "no_input_grad":
        layer.register_full_backward_hook(lambda m, gi, go: None)
    elif kind == "no_input_grad_result":
        x.requires_grad_(False)
        layer.register_full_backward_hook(lambda m, gi, go: go)
    return layer(x).sum().backward()


def _one_cycle_past_the_end(lib):
    optimizer = _sgd(lib)
    scheduler = lib.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=2)
    for _ in range(3):
        optimizer.step()
        scheduler.step()


class _Twice:
    """A custom Function with a backward and no jvp."""

    @staticmethod
    def of(lib):
        class Twice(lib.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                return x * 2

            @staticmethod
            def backward(ctx, g):
                return g * 2

        return Twice


class _WrongJvp:
    """A custom Function whose jvp is wrong (2 for exp's derivative)."""

    @staticmethod
    def of(lib):
        class WrongJvp(lib.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                return x.exp()

            @staticmethod
            def jvp(ctx, g):
                return g * 2

        return WrongJvp


def _in_a_dual_level(lib, make):
    with lib.autograd.forward_ad.dual_level():
        make(lib.autograd.forward_ad)


def _nested_dual_levels(lib):
    with lib.autograd.forward_ad.dual_level(), lib.autograd.forward_ad.dual_level():
        pass


CASES = {
    # the engine and the graph
    "SECOND_BACKWARD": _backward_twice,
    "CREATE_GRAPH_REFERENCE_CYCLE": lambda lib: (
        (_leaf(lib, 2) * 2).sum().backward(create_graph=True)
    ),
    "NON_LEAF_GRAD": lambda lib: (_leaf(lib, 2) * 2).grad,
    "TRUNC_NORMAL_MEAN": lambda lib: lib.nn.init.trunc_normal_(lib.empty(2), mean=5.0),
    "interpolate_dims": lambda lib: lib.nn.functional.interpolate(lib.ones(2, 2), scale_factor=2),
    "interpolate_size_dims": lambda lib: lib.nn.functional.interpolate(
        lib.ones(1, 1, 2, 2), size=(2, 2, 2)
    ),
    "instance_norm_features": lambda lib: lib.nn.InstanceNorm1d(3, affine=True)(lib.ones(2, 4, 5)),
    "instance_norm_features_ignored": lambda lib: lib.nn.InstanceNorm1d(3)(lib.ones(2, 4, 5)),
    "modified_by_inplace": _modified_inplace,
    "SAVED_DETACHED_IN_PLACE": _saved_then_detached,
    "unused_input": _unused_input,
    # tensors, in-place, views
    "REQUIRES_GRAD_OF_NON_LEAF": lambda lib: (_leaf(lib, 2) * 2).requires_grad_(False),
    "NUMPY_OF_REQUIRES_GRAD": lambda lib: _leaf(lib, 2).numpy(),
    "DETACH_VIEW_IN_PLACE": lambda lib: lib.ones(2, 2)[0].detach_(),
    "VIEW_OF_LEAF_INPLACE": lambda lib: _leaf(lib, 2, 2)[0].add_(1),
    "VIEW_INPLACE_AMBIGUOUS": _view_in_no_grad,
    "VIEW_INPLACE_MULTIPLE_VIEWS": lambda lib: (_leaf(lib, 2, 2) * 1).unbind()[0].add_(1),
    "OVERLAP": lambda lib: lib.ones(1).expand(3).add_(1),
    "PARTIAL_OVERLAP": lambda lib: (lambda t: t[1:].add_(t[:3]))(lib.arange(4.0)),
    "grad_dtype_mismatch": lambda lib: _grad_of(lib, lib.ones(2, dtype=lib.float64)),
    "grad_size_mismatch": lambda lib: _grad_of(lib, lib.ones(3)),
    "REQUIRES_GRAD_ON_INFERENCE_TENSOR": lambda lib: _inference_tensor(lib).requires_grad_(),
    "INPLACE_ON_INFERENCE_TENSOR": lambda lib: _inference_tensor(lib).add_(1),
    "INFERENCE_SAVED": lambda lib: (_leaf(lib, 2) * _inference_tensor(lib)).sum(),
    "MASKED_FILL_EXPANDED": lambda lib: (
        lib.zeros(1).expand(3).masked_fill_(lib.tensor([True, False, True]), 1.0)
    ),
    "INDEX_OF_0_DIM_TENSOR": lambda lib: lib.tensor(1.0)[0],
    # operators and shapes
    "ADDCDIV_INTEGER_DIVISION": lambda lib: lib.addcdiv(
        lib.ones(2), lib.ones(2, dtype=lib.int64), lib.ones(2, dtype=lib.int64)
    ),
    "float_power_base_dtype": lambda lib: lib.ones(2).float_power_(2),
    "BERNOULLI_P_RANGE": lambda lib: lib.bernoulli(lib.tensor([1.5])),
    "SOLVE_SINGULAR": lambda lib: lib.linalg.solve(lib.ones(2, 2), lib.ones(2)),
    "inv_singular": lambda lib: lib.linalg.inv(lib.ones(2, 2)),
    "CROSS_WITHOUT_DIM": lambda lib: lib.cross(lib.ones(3), lib.ones(3)),
    "solve_dtypes": lambda lib: lib.linalg.solve(lib.eye(2), lib.ones(2, dtype=lib.float64)),
    "solve_shapes": lambda lib: lib.linalg.solve(lib.eye(2), lib.ones(3)),
    "norm_needs_dim": lambda lib: lib.linalg.norm(lib.ones(2, 2, 2), 2),
    "searchsorted_shapes": lambda lib: lib.searchsorted(
        lib.tensor([[1, 3, 5]]), lib.tensor([3, 4])
    ),
    "block_diag_dims": lambda lib: lib.block_diag(lib.ones(2, 2), lib.ones(1, 1, 1)),
    "nanmean_dtype": lambda lib: lib.nanmean(lib.tensor([1, 2])),
    "AMINMAX_EMPTY": lambda lib: lib.aminmax(lib.tensor([])),
    "quantile_interpolation": lambda lib: lib.quantile(lib.ones(2), 0.5, interpolation="x"),
    "SUB_OF_TWO_BOOLS": lambda lib: lib.tensor([True]) - lib.tensor([False]),
    "NEG_OF_A_BOOL": lambda lib: -lib.tensor([True]),
    "size_mismatch_at_dim": lambda lib: lib.ones(2) + lib.ones(3),
    "mean_needs_float": lambda lib: lib.tensor([1, 2]).mean(),
    "T_OF_NOT_2_DIM": lambda lib: lib.ones(2, 3, 4).T,
    "VIEW_NOT_COMPATIBLE": lambda lib: lib.ones(2, 3).t().view(6),
    "expand_size_mismatch": lambda lib: lib.ones(2, 3).expand(4, 3),
    "cat_size_mismatch": lambda lib: lib.cat([lib.ones(2, 3), lib.ones(3, 4)]),
    "stack_size_mismatch": lambda lib: lib.stack([lib.ones(2), lib.ones(3)]),
    "reshape_0_elements": lambda lib: lib.ones(0, 2).reshape(-1, 0),
    "kernel_bigger_than_input": lambda lib: lib.nn.functional.conv2d(
        lib.ones(1, 1, 2, 2), lib.ones(1, 1, 3, 3)
    ),
    # nn, optim, data
    "target_size_differs": lambda lib: lib.nn.functional.mse_loss(lib.ones(2, 2), lib.ones(2)),
    "legacy_reduction": lambda lib: lib.nn.MSELoss(size_average=False),
    "HUBER_NONPOSITIVE_DELTA": lambda lib: lib.nn.functional.huber_loss(
        lib.ones(2), lib.ones(2), delta=0.0
    ),
    "HUBER_WEIGHT_SIZE": lambda lib: lib.nn.functional.huber_loss(
        lib.ones(2), lib.ones(2), weight=lib.ones(1)
    ),
    "GAUSSIAN_NLL_NEGATIVE_VAR": lambda lib: lib.nn.functional.gaussian_nll_loss(
        lib.ones(2), lib.ones(2), lib.tensor([1.0, -1.0])
    ),
    "GAUSSIAN_NLL_VAR_SIZE": lambda lib: lib.nn.functional.gaussian_nll_loss(
        lib.ones(2, 3), lib.ones(2, 3), lib.ones(3, 3)
    ),
    "gaussian_nll_invalid_reduction": lambda lib: lib.nn.functional.gaussian_nll_loss(
        lib.ones(2), lib.ones(2), lib.ones(2), reduction="avg"
    ),
    "huber_invalid_reduction": lambda lib: lib.nn.functional.huber_loss(
        lib.ones(2), lib.ones(2), reduction="avg", weight=lib.ones(2)
    ),
    "huber_delta_type": lambda lib: lib.nn.HuberLoss(delta="1"),
    "cannot_cast_result": lambda lib: lib.nn.functional.huber_loss(
        lib.tensor([1]), lib.tensor([2.0])
    ),
    "KL_DIV_MEAN": lambda lib: lib.nn.functional.kl_div(lib.zeros(2), lib.ones(2)),
    "KL_DIV_INTEGRAL": lambda lib: lib.nn.functional.kl_div(lib.tensor([1]), lib.tensor([1])),
    "SMOOTH_L1_NEGATIVE_BETA": lambda lib: lib.nn.functional.smooth_l1_loss(
        lib.ones(2), lib.ones(2), beta=-1.0
    ),
    "GRADCHECK_NO_INPUT_REQUIRES_GRAD": lambda lib: lib.autograd.gradcheck(
        lambda x: x * 2, (lib.ones(2, dtype=lib.float64),)
    ),
    "DUPLICATE_PARAMETERS": lambda lib: lib.optim.SGD([(p := _leaf(lib, 2)), p], lr=0.1),
    "NUM_WORKERS_NEGATIVE": lambda lib: lib.utils.data.DataLoader([1, 2], num_workers=-1),
    # custom Functions and autograd.functional
    "NO_BACKWARD_OR_VJP": lambda lib: (
        _function_without_backward(lib).apply(_leaf(lib, 2)).sum().backward()
    ),
    "function_instantiated": lambda lib: _function_without_backward(lib)(),
    "invalid_gradient_shape": _wrong_gradient_shape,
    "grad_output_shape_mismatch": lambda lib: lib.autograd.grad(_leaf(lib, 2) * 2, [], lib.ones(3)),
    "strict_output_independent_of_input": lambda lib: lib.autograd.functional.vjp(
        lambda x: x.detach() * 0 + lib.ones(2, requires_grad=True),
        lib.ones(2),
        lib.ones(2),
        strict=True,
    ),
    "output_does_not_require_grad": lambda lib: lib.autograd.functional.jacobian(
        lambda x: x.detach(), lib.ones(2), strict=True
    ),
    "strict_output_i_independent_of_input_j": lambda lib: lib.autograd.functional.jacobian(
        lambda x, y: x * 2, (lib.ones(2), lib.ones(2)), strict=True
    ),
    "BAD_STRATEGY": lambda lib: lib.autograd.functional.jacobian(
        lambda x: x, lib.ones(2), strategy="x"
    ),
    "JACOBIAN_STRICT_AND_VECTORIZED": lambda lib: lib.autograd.functional.jacobian(
        lambda x: x, lib.ones(2), strict=True, vectorize=True
    ),
    "V_NONE_NEEDS_SINGLE_ELEMENT_OUTPUT": lambda lib: lib.autograd.functional.vjp(
        lambda x: x * 2, lib.ones(2)
    ),
    # more tensors, operators and shapes
    "SCALAR_OF_REQUIRES_GRAD": lambda lib: float(_leaf(lib, 1)),
    "DEEPCOPY_OF_NON_LEAF": lambda lib: copy.deepcopy(_leaf(lib, 2) * 2),
    "SUB_OF_A_BOOL": lambda lib: lib.tensor([True]) - 1,
    "masked_fill_value_not_0_dim": lambda lib: lib.ones(2).masked_fill(
        lib.tensor([True, False]), lib.ones(2)
    ),
    "invalid_index_type": lambda lib: lib.ones(2)[1.5],
    "mask_shape_mismatch": lambda lib: lib.ones(2, 3)[lib.tensor([True, False, True])],
    "index_put_shape_mismatch": lambda lib: lib.ones(4).__setitem__(
        lib.tensor([0, 1]), lib.ones(3)
    ),
    "NON_TUPLE_SEQUENCE": lambda lib: lib.ones(2, 2)[[0, slice(None)]],
    "BYTE_INDEX": lambda lib: lib.ones(2)[lib.tensor([1, 0], dtype=lib.uint8)],
    "inconsistent_tensor_size": lambda lib: lib.dot(lib.ones(2), lib.ones(3)),
    "batch2_size_mismatch_bmm": lambda lib: lib.bmm(lib.ones(2, 2, 3), lib.ones(2, 2, 3)),
    "batch2_size_mismatch": lambda lib: lib.matmul(lib.ones(2, 2, 3), lib.ones(2, 2, 3)),
    "dof_not_positive": lambda lib: lib.ones(1).var(),
    "reduction_dim_needed_for_empty": lambda lib: lib.ones(0).max(),
    "permute_wrong_dims": lambda lib: lib.ones(2, 2).permute(0),
    "T_OF_0_DIM": lambda lib: lib.tensor(1.0).T,
    "MT_OF_0_DIM": lambda lib: lib.tensor(1.0).mT,
    "MH_OF_0_DIM": lambda lib: lib.tensor(1.0).mH,
    "H_OF_0_DIM": lambda lib: lib.tensor(1.0).H,
    "MH_OF_1_DIM": lambda lib: lib.ones(3).mH,
    "h_of_not_a_matrix": lambda lib: lib.ones(2, 2, 2).H,
    "expand_too_few_sizes": lambda lib: lib.ones(2, 2).expand(2),
    "expand_minus_one_leading": lambda lib: lib.ones(2).expand(-1, 2),
    "REPEAT_DIMS_TOO_FEW": lambda lib: lib.ones(2, 2).repeat(2),
    "split_sizes_sum": lambda lib: lib.ones(4).split([1, 2]),
    "split_needs_dims": lambda lib: lib.vsplit(lib.ones(4), 2),
    "split_not_divisible": lambda lib: lib.ones(2, 6).hsplit(4),
    "eye_invalid_arguments": lambda lib: lib.eye(2.5),
    "MULTINOMIAL_INF_OR_NAN": lambda lib: lib.multinomial(
        lib.tensor([1.0, float("inf")]), 2, replacement=True
    ),
    "COPY_CONSTRUCT_FROM_TENSOR": lambda lib: lib.tensor(lib.ones(2)),
    "size_must_be_tuple_of_ints": lambda lib: lib.ones(2, "a"),
    "bad_generator_state": lambda lib: lib.set_rng_state(lib.zeros(10, dtype=lib.uint8)),
    # more nn, optim, data
    "implicit_dim_deprecated": lambda lib: lib.nn.functional.softmax(lib.ones(2, 2)),
    "weight_for_all_classes": lambda lib: lib.nn.functional.cross_entropy(
        lib.ones(2, 3), lib.tensor([0, 1]), weight=lib.ones(2)
    ),
    "gather_index_too_large": lambda lib: lib.ones(2, 3).gather(1, lib.zeros(3, 2, dtype=lib.long)),
    "reduce_invalid_arguments": lambda lib: lib.ones(2).sum(1.0),
    "not_a_bool": lambda lib: lib.ones(2).requires_grad_(lib.ones(1).sum() > 0),
    "linspace_invalid_arguments": lambda lib: lib.linspace(0, 1, 2.5),
    "weight_not_broadcastable": lambda lib: lib.nn.functional.binary_cross_entropy(
        lib.ones(2, 3) / 2, lib.ones(2, 3), weight=lib.ones(4, 1)
    ),
    "bce_with_logits_not_tensor": lambda lib: lib.nn.functional.binary_cross_entropy_with_logits(
        lib.ones(2), lib.ones(2), pos_weight=[1.0]
    ),
    "target_size_differs_bce": lambda lib: lib.nn.functional.binary_cross_entropy(
        lib.ones(2, 2) / 2, lib.ones(2)
    ),
    "cannot_assign_to_parameter": lambda lib: setattr(lib.nn.Linear(1, 1), "weight", lib.ones(1)),
    "load_size_mismatch": lambda lib: lib.nn.Linear(1, 1).load_state_dict(
        {"weight": lib.ones(2, 2), "bias": lib.ones(1)}
    ),
    "conv2d_expected_3d_or_4d": lambda lib: lib.nn.functional.conv2d(
        lib.ones(2), lib.ones(1, 1, 1, 1)
    ),
    "conv2d_groups_channels": lambda lib: lib.nn.functional.conv2d(
        lib.ones(1, 2, 3, 3), lib.ones(1, 1, 1, 1)
    ),
    "SAME_PADDING_EVEN_KERNEL": lambda lib: lib.nn.functional.conv1d(
        lib.ones(1, 2, 5), lib.ones(3, 2, 2), padding="same"
    ),
    "conv1d_expected_2d_or_3d": lambda lib: lib.nn.functional.conv1d(
        lib.ones(1, 2, 5, 5), lib.ones(3, 2, 2)
    ),
    "conv_weight_dims": lambda lib: lib.nn.functional.conv1d(
        lib.ones(1, 2, 5), lib.ones(3, 2, 2, 2)
    ),
    "kernel_bigger_than_input_1d": lambda lib: lib.nn.functional.conv1d(
        lib.ones(1, 2, 2), lib.ones(3, 2, 3)
    ),
    "adaptive_pool_dims": lambda lib: lib.nn.functional.adaptive_avg_pool2d(lib.ones(3, 4), 2),
    "adaptive_pool_negative": lambda lib: lib.nn.functional.adaptive_avg_pool2d(
        lib.ones(2, 3, 4), (2, -1)
    ),
    "adaptive_pool_empty": lambda lib: lib.nn.functional.adaptive_max_pool2d(
        lib.ones(1, 3, 0, 4), 2
    ),
    "adaptive_pool1d_one_int": lambda lib: lib.nn.functional.adaptive_avg_pool1d(
        lib.ones(2, 3, 4), (2, 3)
    ),
    "expected_2_to_3_dims": lambda lib: lib.nn.functional.avg_pool1d(lib.ones(5), 2),
    "max_pool1d_dims": lambda lib: lib.nn.functional.max_pool1d(lib.ones(5), 2),
    "max_pool1d_pad_over_half": lambda lib: lib.nn.functional.max_pool1d(
        lib.ones(1, 2, 5), 2, padding=2
    ),
    "pad_not_ints": lambda lib: lib.nn.functional.pad(lib.ones(2, 3), [1.5, 1]),
    "pad_too_long": lambda lib: lib.nn.functional.pad(lib.ones(2, 3), (1, 1, 1, 1, 1, 1)),
    "pad_unsupported": lambda lib: lib.nn.functional.pad(lib.ones(3), (1, 1), mode="reflect"),
    "reflect_pad_too_big": lambda lib: lib.nn.functional.pad(
        lib.ones(1, 2, 3), (3, 3), mode="reflect"
    ),
    "pad_over_half_kernel": lambda lib: lib.nn.functional.max_pool2d(
        lib.ones(1, 1, 4, 4), 2, padding=2
    ),
    "pool_output_too_small": lambda lib: lib.nn.functional.max_pool2d(lib.ones(1, 1, 1, 1), 2),
    "params_not_iterable": lambda lib: lib.optim.SGD(_leaf(lib, 2), lr=0.1),
    "LOADED_GROUP_SIZE_MISMATCH": _load_wrong_group,
    # learning-rate schedulers
    "LR_SCHEDULER_BEFORE_OPTIMIZER": lambda lib: lib.optim.lr_scheduler.StepLR(
        _sgd(lib), step_size=1
    ).step(),
    "LR_SCHEDULER_STEP_OVERRIDDEN": _scheduler_step_overridden,
    "LR_SCHEDULER_USE_GET_LAST_LR": lambda lib: lib.optim.lr_scheduler.StepLR(
        _sgd(lib), step_size=1
    ).get_lr(),
    "LR_SCHEDULER_EPOCH_DEPRECATED": _scheduler_step_with_epoch,
    "lr_scheduler_no_initial_lr": lambda lib: lib.optim.lr_scheduler.StepLR(
        _sgd(lib), step_size=1, last_epoch=3
    ),
    "plateau_groups_changed": _plateau_after_new_group,
    "LINEAR_LR_START_FACTOR": lambda lib: lib.optim.lr_scheduler.LinearLR(
        _sgd(lib), start_factor=0
    ),
    "CYCLE_MOMENTUM_UNSUPPORTED": lambda lib: lib.optim.lr_scheduler.CyclicLR(
        lib.optim.Adagrad([_leaf(lib, 1)]), 0.1, 0.2
    ),
    "format_param_length": lambda lib: lib.optim.lr_scheduler.CyclicLR(_sgd(lib), [0.1, 0.1], 1),
    "ONE_CYCLE_TOTAL_STEPS": lambda lib: lib.optim.lr_scheduler.OneCycleLR(_sgd(lib), 0.1),
    "one_cycle_anneal_strategy": lambda lib: lib.optim.lr_scheduler.OneCycleLR(
        _sgd(lib), 0.1, 10, anneal_strategy="step"
    ),
    "one_cycle_stepped_past_end": _one_cycle_past_the_end,
    "schedulers_none_given": lambda lib: lib.optim.lr_scheduler.ChainedScheduler([]),
    "scheduler_without_optimizer": lambda lib: lib.optim.lr_scheduler.SequentialLR(
        _sgd(lib), [object()], []
    ),
    "scheduler_is_plateau": lambda lib: lib.optim.lr_scheduler.ChainedScheduler(
        [lib.optim.lr_scheduler.ReduceLROnPlateau(_sgd(lib))]
    ),
    "scheduler_other_optimizer": lambda lib: lib.optim.lr_scheduler.ChainedScheduler(
        [lib.optim.lr_scheduler.StepLR(_sgd(lib), 2), lib.optim.lr_scheduler.StepLR(_sgd(lib), 2)]
    ),
    "sequential_milestones_count": lambda lib: lib.optim.lr_scheduler.SequentialLR(
        _sgd(lib), [lib.optim.lr_scheduler.StepLR(_sgd(lib), 2)], [1]
    ),
    "PARAM_NAMES_MISSING": lambda lib: lib.optim.SGD([("w", _leaf(lib, 1)), _leaf(lib, 1)]),
    "param_names_mixed": lambda lib: lib.optim.SGD([("w", _leaf(lib, 1))]).add_param_group(
        {"params": [_leaf(lib, 1)]}
    ),
    "LBFGS_ONE_GROUP": lambda lib: lib.optim.LBFGS(
        [{"params": [_leaf(lib, 1)]}, {"params": [_leaf(lib, 1)], "lr": 0.5}]
    ),
    "BATCH_SAMPLER_EXCLUSIVE": lambda lib: lib.utils.data.DataLoader(
        [1, 2], batch_sampler=[[0]], batch_size=2
    ),
    "BATCH_SIZE_NONE_EXCLUSIVE": lambda lib: lib.utils.data.DataLoader(
        [1, 2], batch_size=None, drop_last=True
    ),
    # the rest that can be triggered on a CPU
    "arange_invalid_arguments": lambda lib: lib.arange("a"),
    "new_invalid_arguments": lambda lib: lib.FloatTensor(2, foo=1),
    "expected_tensor_options": lambda lib: lib.FloatTensor(lib.ones(2, dtype=lib.int64)),
    "size_failed_to_unpack": lambda lib: lib.ones((2, "a")),
    "CUDA_INIT_WITHOUT_ATEN_CUDA": lambda lib: lib.ones(2).type("torch.cuda.FloatTensor"),
    "CUDA_GENERATOR_WITHOUT_ATEN_CUDA": lambda lib: lib.Generator("cuda"),
    "batched_grad_shape_mismatch": lambda lib: lib.autograd.grad(
        _leaf(lib, 2) * 2, [], lib.ones(3, 3), is_grads_batched=True
    ),
    "LEGACY_AUTOGRAD_FUNCTION": _legacy_function,
    "EMBEDDING_INDICES_DTYPE": lambda lib: lib.nn.Embedding(5, 2)(lib.tensor([1.0])),
    "EMBEDDING_WEIGHT_2D": lambda lib: lib.nn.functional.embedding(lib.tensor([1]), lib.ones(3)),
    "EMBEDDING_PADDING_IDX": lambda lib: lib.nn.Embedding(5, 2, padding_idx=5),
    "EMBEDDING_WEIGHT_SHAPE": lambda lib: lib.nn.Embedding(5, 2, _weight=lib.ones(2, 2)),
    "EMBEDDING_PRETRAINED_2D": lambda lib: lib.nn.Embedding.from_pretrained(lib.ones(2)),
    "LAYER_NORM_PARAM_SHAPE": lambda lib: lib.nn.functional.layer_norm(
        lib.ones(2, 3), [3], None, lib.ones(2)
    ),
    "LAYER_NORM_INPUT_SHAPE": lambda lib: lib.nn.LayerNorm(4)(lib.ones(2, 3)),
    "BATCH_NORM_ONE_VALUE": lambda lib: lib.nn.BatchNorm1d(3)(lib.ones(1, 3)),
    "BATCH_NORM_PARAM_SIZE": lambda lib: lib.nn.BatchNorm1d(3)(lib.ones(2, 4)),
    "prelu_channels": lambda lib: lib.nn.PReLU(3)(lib.ones(2, 4)),
    "margin_ranking_dims": lambda lib: lib.nn.functional.margin_ranking_loss(
        lib.ones(3), lib.ones(2, 1), lib.ones(3)
    ),
    "not_differentiable_wrt": lambda lib: lib.nn.functional.soft_margin_loss(
        lib.ones(3), lib.ones(3, requires_grad=True)
    ),
    "cosine_embedding_dims": lambda lib: lib.nn.functional.cosine_embedding_loss(
        lib.ones(3, 2), lib.ones(3), lib.ones(3)
    ),
    "group_norm_groups": lambda lib: lib.nn.functional.group_norm(lib.ones(2, 4, 3), 3),
    "group_norm_param": lambda lib: lib.nn.functional.group_norm(lib.ones(2, 4, 3), 2, lib.ones(3)),
    "dropout2d_dims_warning": lambda lib: lib.nn.functional.dropout2d(lib.ones(3, 4)),
    "DROPOUT2D_3D_WARNING": lambda lib: lib.nn.functional.dropout2d(lib.ones(3, 4, 4)),
    "dropout1d_dims": lambda lib: lib.nn.functional.dropout1d(lib.ones(3, 4, 5, 6)),
    "BATCH_NORM_1D_DIMS": lambda lib: lib.nn.BatchNorm1d(3)(lib.ones(1, 3, 2, 2)),
    "BATCH_NORM_MIXED_DTYPE": lambda lib: lib.nn.BatchNorm1d(3)(lib.ones(2, 3, dtype=lib.float64)),
    "UNFLATTEN_NOT_TUPLE": lambda lib: lib.nn.Unflatten(1, 6),
    "UNFLATTEN_SIZES": lambda lib: lib.ones(2, 6).unflatten(1, (4, 3)),
    "UNFLATTEN_NOT_INT": lambda lib: lib.nn.Unflatten(1, [2.0, 3]),
    "HARDTANH_RANGE": lambda lib: lib.nn.Hardtanh(2.0, 1.0),
    "RNN_DROPOUT_RANGE": lambda lib: lib.nn.GRU(3, 4, dropout=1.5),
    "RNN_PROJ_SIZE": lambda lib: lib.nn.GRU(3, 4, proj_size=2),
    "RNN_PROJ_SIZE_NEGATIVE": lambda lib: lib.nn.LSTM(3, 4, proj_size=-1),
    "rnn_dropout_one_layer": lambda lib: lib.nn.LSTM(3, 4, dropout=0.2),
    "rnn_nonlinearity": lambda lib: lib.nn.RNN(3, 4, nonlinearity="sigmoid"),
    "rnn_dtype": lambda lib: lib.nn.GRU(3, 4)(lib.ones(5, 2, 3, dtype=lib.float64)),
    "rnn_input_size": lambda lib: lib.nn.LSTM(3, 4)(lib.ones(5, 2, 6)),
    "rnn_unbatched_hx": lambda lib: lib.nn.GRU(3, 4)(lib.ones(5, 3), lib.ones(1, 1, 4)),
    "rnn_batched_hx": lambda lib: lib.nn.RNN(3, 4)(lib.ones(5, 2, 3), lib.ones(1, 4)),
    "lstm_unbatched_hx": lambda lib: lib.nn.LSTM(3, 4)(
        lib.ones(5, 3), (lib.ones(1, 1, 4), lib.ones(1, 4))
    ),
    "lstm_batched_hx": lambda lib: lib.nn.LSTM(3, 4)(
        lib.ones(5, 2, 3), (lib.ones(1, 4), lib.ones(1, 4))
    ),
    "lstm_cell_hx_dims": lambda lib: lib.nn.LSTMCell(3, 4)(
        lib.ones(3), (lib.ones(4), lib.ones(1, 1, 4))
    ),
    "rnn_cell_input_size": lambda lib: lib.nn.LSTMCell(3, 4)(lib.ones(2, 5)),
    "rnn_cell_batch": lambda lib: lib.nn.GRUCell(3, 4)(lib.ones(2, 3), lib.ones(3, 4)),
    "rnn_cell_hidden_size": lambda lib: lib.nn.RNNCell(3, 4)(lib.ones(2, 3), lib.ones(2, 5)),
    "FINFO_NOT_FLOAT": lambda lib: lib.finfo(lib.int64),
    "IINFO_NOT_INT": lambda lib: lib.iinfo(lib.float32),
    "EINSUM_MORE_OPERANDS": lambda lib: lib.einsum("ij->j", lib.ones(2, 2), lib.ones(2)),
    "EINSUM_FEWER_OPERANDS": lambda lib: lib.einsum("ij,jk->ik", lib.ones(2, 2)),
    "einsum_subscripts": lambda lib: lib.einsum("ijk->", lib.ones(2, 2)),
    "einsum_output_subscript": lambda lib: lib.einsum("ij->ik", lib.ones(2, 2)),
    "clip_grad_nonfinite": lambda lib: lib.nn.utils.get_total_norm(
        [lib.tensor([float("inf"), 1.0])], error_if_nonfinite=True
    ),
    "UNINITIALIZED_PARAMETER": lambda lib: lib.nn.LazyLinear(3).weight.shape,
    "out_not_differentiable": lambda lib: lib.mul(
        lib.ones(2, requires_grad=True), 2, out=lib.zeros(2)
    ),
    "out_resized": lambda lib: lib.add(lib.ones(2), 1, out=lib.zeros(3)),
    "movedim_dims": lambda lib: lib.ones(2, 3).movedim((0, 1), (0,)),
    "MESHGRID_INDEXING": lambda lib: lib.meshgrid(lib.arange(2), lib.arange(3)),
    "INDEX_DIMS_SELF": lambda lib: lib.zeros(3, 4).scatter(1, lib.tensor([0, 1]), 1.0),
    "INDEX_DIMS_SRC": lambda lib: lib.zeros(3, 4).scatter(
        1, lib.tensor([[0, 1]]), lib.ones(1, 2, 1)
    ),
    "scatter_index_size": lambda lib: lib.zeros(3, 4).scatter(
        1, lib.tensor([[0, 1]]), lib.ones(1, 1)
    ),
    "scatter_index_size_no_src": lambda lib: lib.zeros(3, 4).scatter(
        0, lib.tensor([[0, 1, 1, 1, 1]]), 1.0
    ),
    "index_add_shapes": lambda lib: lib.zeros(3).index_add(0, lib.tensor([1]), lib.tensor(5.0)),
    "index_add_count": lambda lib: lib.zeros(3, 4).index_add(0, lib.tensor([0, 1]), lib.ones(3, 4)),
    "forward_pre_hook_with_kwargs_result": lambda lib: _module_hook_case(lib, "pre_kwargs"),
    "backward_hook_output_type": lambda lib: _module_hook_case(lib, "output_type"),
    "backward_hook_grad_count": lambda lib: _module_hook_case(lib, "grad_input"),
    "FULL_BACKWARD_HOOK_NO_INPUT_GRAD": lambda lib: _module_hook_case(lib, "no_input_grad"),
    "BACKWARD_HOOK_NO_INPUT_GRAD_RESULT": lambda lib: _module_hook_case(
        lib, "no_input_grad_result"
    ),
    "V_NONE_NEEDS_SINGLE_ELEMENT_INPUT": lambda lib: _functional(lib).jvp(
        lambda x: x.sum(), lib.ones(2)
    ),
    "not_tensor_or_tuple": lambda lib: _functional(lib).jacobian(lambda x: x, [1.0]),
    "JACOBIAN_CREATE_GRAPH_FORWARD_MODE": lambda lib: _functional(lib).jacobian(
        lambda x: x, lib.ones(2), create_graph=True, strategy="forward-mode", vectorize=True
    ),
    "JACOBIAN_STRICT_FORWARD_MODE": lambda lib: _functional(lib).jacobian(
        lambda x: x, lib.ones(2), strict=True, strategy="forward-mode", vectorize=True
    ),
    "FORWARD_AD_NEEDS_VECTORIZE": lambda lib: _functional(lib).jacobian(
        lambda x: x, lib.ones(2), strategy="forward-mode"
    ),
    "strict_independent_of_input": lambda lib: _functional(lib).hessian(
        lambda x: (x * 0).sum() + lib.ones(1, requires_grad=True).sum(), lib.ones(2), strict=True
    ),
    "strict_hessian_independent_of_input": lambda lib: _functional(lib).hessian(
        lambda x: x.sum(), lib.ones(2), strict=True
    ),
    "strict_gradient_independent_of_inputs": lambda lib: _functional(lib).hvp(
        lambda x: x.sum(), lib.ones(2), lib.ones(2), strict=True
    ),
    "STRICT_OUTPUT_INDEPENDENT": lambda lib: _functional(lib).vjp(
        lambda x: lib.ones(2, requires_grad=True) * 1, lib.ones(2), lib.ones(2), strict=True
    ),
    "strict_jacobian_not_twice_differentiable": lambda lib: _functional(lib).hvp(
        lambda x: (x * 2).sum(), lib.ones(2), lib.ones(2), strict=True
    ),
    "jacobian_mismatch": _wrong_backward_gradcheck,
    "fast_mode_recomputed": lambda lib: _wrong_backward_gradcheck(lib, fast_mode=True),
    "gradcheck_not_double": lambda lib: lib.autograd.gradcheck(lambda x: x * 2, (_leaf(lib, 2),)),
    "gradcheck_stride_0": lambda lib: lib.autograd.gradcheck(
        lambda x: x * 2, (lib.ones(1, dtype=lib.float64, requires_grad=True).expand(2),)
    ),
    "reduction_invalid_arguments": lambda lib: lib.max(lib.ones(2), "a"),
    "prod_invalid_arguments": lambda lib: lib.ones(2).prod(dim="a"),
    "load_expected_tensor": lambda lib: lib.nn.Linear(1, 1).load_state_dict(
        {"weight": 1, "bias": lib.ones(1)}
    ),
    "COLLATE_ERROR": lambda lib: list(lib.utils.data.DataLoader([_Opaque()] * 2, batch_size=2)),
    "iterable_dataset_shuffle": _shuffled_iterable,
    "PIN_MEMORY_NO_ACCELERATOR": lambda lib: iter(
        lib.utils.data.DataLoader([1, 2], pin_memory=True)
    ),
    "weights_only_refused": _load_whole_model,
    "DESERIALIZE_ON_CUDA": _load_to_cuda,
    "WEIGHTS_ONLY_WITH_PICKLE_MODULE": lambda lib: lib.load(
        io.BytesIO(), pickle_module=pickle, weights_only=True
    ),
    # torch.func
    "func_aux_not_a_pair": lambda lib: lib.func.grad(lambda x: x.sum(), has_aux=True)(lib.ones(2)),
    "func_grad_not_a_tensor": lambda lib: lib.func.grad(lambda x: 3.0)(lib.ones(2)),
    "func_grad_not_a_scalar": lambda lib: lib.func.grad(lambda x: x * 2)(lib.ones(2)),
    "func_vjp_structure": lambda lib: lib.func.vjp(lambda x: x * 2, lib.ones(2))[1](
        (lib.ones(2), lib.ones(2))
    ),
    "func_jvp_not_a_tuple": lambda lib: lib.func.jvp(lambda x: x, lib.ones(2), lib.ones(2)),
    "func_jvp_output_not_a_tensor": lambda lib: lib.func.jvp(
        lambda x: 3, (lib.ones(2),), (lib.ones(2),)
    ),
    "func_jvp_structure": lambda lib: lib.func.jvp(
        lambda x: x, (lib.ones(2),), (lib.ones(2), lib.ones(2))
    ),
    "vmap_no_inputs": lambda lib: lib.func.vmap(lambda: 1)(),
    "vmap_bad_in_dims": lambda lib: lib.func.vmap(lambda x: x, in_dims=None)(lib.ones(2)),
    "vmap_in_dims_structure": lambda lib: lib.func.vmap(lambda x: x, in_dims=(0, 0))(lib.ones(2)),
    "vmap_not_a_tensor": lambda lib: lib.func.vmap(lambda x: x)(3.0),
    "vmap_bad_dim": lambda lib: lib.func.vmap(lambda x: x, in_dims=2)(lib.ones(2, 2)),
    "VMAP_NOTHING_TO_MAP": lambda lib: lib.func.vmap(lambda x: x, in_dims=(None,))(lib.ones(2)),
    "vmap_sizes_differ": lambda lib: lib.func.vmap(lib.mul)(lib.ones(2), lib.ones(3)),
    "stack_module_state_requires_grad": lambda lib: lib.func.stack_module_state(
        [lib.nn.Linear(1, 1), lib.nn.Linear(1, 1).requires_grad_(False)]
    ),
    "functional_call_repeated": lambda lib: lib.func.functional_call(
        lib.nn.Linear(1, 1), ({"weight": lib.ones(1, 1)}, {"weight": lib.ones(1, 1)}), lib.ones(1)
    ),
    "functional_call_strict": lambda lib: lib.func.functional_call(
        lib.nn.Linear(1, 1),
        {"weight": lib.ones(1, 1), "extra": lib.ones(1)},
        lib.ones(1),
        strict=True,
    ),
    "vmap_returned_not_a_tensor": lambda lib: lib.func.vmap(lambda x: 3.0)(lib.ones(2)),
    # forward-mode AD
    "NO_JVP": lambda lib: _in_a_dual_level(
        lib, lambda fw: _Twice.of(lib).apply(fw.make_dual(lib.ones(2), lib.ones(2)))
    ),
    "forward_jacobian_mismatch": lambda lib: lib.autograd.gradcheck(
        _WrongJvp.of(lib).apply,
        (lib.ones(2, dtype=lib.float64, requires_grad=True),),
        check_forward_ad=True,
        check_backward_ad=False,
        check_undefined_grad=False,
    ),
    "MAKE_DUAL_NO_LEVEL": lambda lib: lib.autograd.forward_ad.make_dual(lib.ones(2), lib.ones(2)),
    "NESTED_DUAL_LEVEL": _nested_dual_levels,
    "DUAL_LEVEL_NOT_POSITIVE": lambda lib: lib.autograd.forward_ad.exit_dual_level(),
    "dual_not_floating": lambda lib: _in_a_dual_level(
        lib, lambda fw: fw.make_dual(lib.ones(2), lib.tensor([1, 2]))
    ),
    "tangent_size_mismatch": lambda lib: _in_a_dual_level(
        lib, lambda fw: fw.make_dual(lib.ones(2), lib.ones(3))
    ),
    "already_dual": lambda lib: _in_a_dual_level(
        lib, lambda fw: fw.make_dual(fw.make_dual(lib.ones(2), lib.ones(2)), lib.ones(2))
    ),
}


def _all_outcomes() -> dict:
    """Every case, with minigrad and with torch: {name: [ours, theirs]} (as JSON)."""
    out = {}
    for name, case in CASES.items():
        out[name] = [_outcome(case, minigrad), _outcome(case, torch)]
    return json.loads(json.dumps(out))


@pytest.fixture(scope="module")
def outcomes() -> dict:
    """The cases run in a fresh process: some warnings are shown once per process
    (the create_graph one, ``.mT`` of a 0-dim tensor...), so running them here
    would both depend on the tests before and hide them from the tests after."""
    root = pathlib.Path(__file__).resolve().parents[2]
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(root)!r})\n"
        "from tests.core.test_messages import _all_outcomes\n"
        "print(json.dumps(_all_outcomes()))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=900
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("name", list(CASES))
def test_message_is_torchs(name, outcomes):
    ours, theirs = outcomes[name]
    assert theirs != [None, []], "the case should make torch complain"
    assert ours == theirs
    message = getattr(_messages, name)
    if isinstance(message, str):  # the constant is (part of) what torch says
        said = [theirs[0][1]] if theirs[0] else [text for _, text in theirs[1]]
        start = message.split("{")[0]  # (a constant may have a blank for str.format)
        assert any(start in text for text in said)


# The messages without a case above, and why.
NOT_COMPARED = {
    "conv_padding_mode": (
        "shows a set of four names, whose order in torch's message depends on the hash seed "
        "of the process that compiled torch's .pyc (compared, sorted, in "
        "tests/nn/test_conv_pool_pad_vs_torch.py)"
    ),
    "core_piece_missing": "minigrad's own: its core loaded without the layers that fill it in",
    "pad_mode_missing": "minigrad's own: a padding mode (circular, 3-D) torch has and it has not",
    "interpolate_mode_missing": "minigrad's own: an interpolation mode torch has and it has not",
    "ANOMALY_HINT": "a part of modified_by_inplace (tests/data/programs/anomaly_detection.py)",
    "ANOMALY_ENABLED": "a warning: tests/data/programs/anomaly_detection.py compares it",
    "anomaly_error_detected": "holds a stack: tests/data/programs/anomaly_detection.py",
    "BACKWARD_HOOK_NO_INPUT_TENSORS": "a module with no tensor argument makes no hook node",
    "FAILED_NONDET_MSG": "a part of backward_not_reentrant's message",
    "FAST_FAIL_SLOW_OK_MSG": "needs a fast-mode failure that slow mode would pass",
    "ARANGE_SIGNATURES": "a part of arange_invalid_arguments, which is compared",
    "cant_convert_numpy_dtype": "lists minigrad's dtypes, fewer than torch's",
    "gradient_for_non_differentiable": "minigrad raises it for a gradient that is not a tensor",
    "backward_not_reentrant": "needs a backward that is not deterministic",
    "PARAMS_UNORDERED": "torch 2.13 accepts the sets tried here",
    "STRICT_GRADIENT_INDEPENDENT_OF_ENTRY": "no case found yet (the double-backward trick)",
    "STRICT_HESSIAN_INDEPENDENT_OF_ENTRY": "no case found yet (the double-backward trick)",
    "STRICT_JACOBIAN_INDEPENDENT": "no case found yet",
    "strict_jacobian_independent_of_input": "no case found yet",
    "CHECKPOINT_USE_REENTRANT": "tests/autograd/test_checkpoint_vs_torch.py compares it",
    "CHECKPOINT_REENTRANT_GRAD": "tests/autograd/test_checkpoint_vs_torch.py compares it",
    "CHECKPOINT_DEBUG_TIP": "a part of checkpoint_metadata and checkpoint_count",
    "checkpoint_metadata": "tests/autograd/test_checkpoint_vs_torch.py compares it",
    "checkpoint_count": "needs a block that saves fewer tensors when run again (early stop)",
}


def test_every_message_is_compared_or_says_why_not():
    names = {n for n, v in vars(_messages).items() if not n.startswith("_") and n != "annotations"}
    assert set(CASES) <= names
    assert set(NOT_COMPARED) <= names
    assert not set(CASES) & set(NOT_COMPARED)
    assert names - set(CASES) - set(NOT_COMPARED) == set()
