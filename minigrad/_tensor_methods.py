"""Every Tensor method that is not written in the class: one table, name -> function.

The class in ``core/tensor.py`` holds the data and the bookkeeping (``backward``,
``grad``, ``item``...). The operations live in ``ops/`` as plain functions,
``mul(input, other)``, next to their derivative rules. This module is the only
place that turns them into methods, so ``x * y`` is found here: ``__mul__``.
``minigrad/__init__.py`` imports it once, after every operation is defined.

>>> import minigrad as torch
>>> torch.Tensor.__mul__ is METHODS["__mul__"]
True
"""

from __future__ import annotations

from typing import Any

from . import _legacy
from ._creation import (
    _bernoulli_,
    _exponential_,
    _normal_,
    _random_,
    _uniform_,
    bernoulli,
    full,
    multinomial,
    ones,
    tensor,
    zeros,
)
from .core.tensor import Tensor
from .exact import device as _device
from .exact import dtype as _dtype
from .exact.numpy_names import NAMES as _NUMPY_NAMES
from .exact.numpy_names import accept_numpy_names
from .ops import (
    copies,
    distances,
    elementwise,
    indexing,
    inverses,
    join,
    linalg,
    logical,
    norms,
    ordering,
    piecewise,
    pointwise,
    reduction,
    shape,
    special,
    statistics,
    unary,
)
from .ops._dispatch import _forward, _inplace, _inplace_unary, _operator, _reflected
from .ops.elementwise import _rpow, _rsub


def _softmax(self: Tensor, dim: Any = None, dtype: Any = None) -> Tensor:
    from .nn.functional import _softmax_method  # nn loads on first use (__init__.py)

    return _softmax_method(self, dim, dtype)


def _log_softmax(self: Tensor, dim: Any = None, dtype: Any = None) -> Tensor:
    from .nn.functional import _log_softmax_method

    return _log_softmax_method(self, dim, dtype)


def _to(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """``t.to(dtype)`` / ``t.to('cpu')`` / ``t.to(device, dtype)`` / ``t.to(other_tensor)``."""
    target = kwargs.get("dtype")
    _device.check(kwargs.get("device"))
    for a in args:
        if isinstance(a, _dtype.dtype):
            target = a
        elif isinstance(a, Tensor):
            target = a.dtype
        elif isinstance(a, (str, _device.device)):
            _device.check(a)
    out = self if target is None else copies.to_dtype(self, target)
    if kwargs.get("copy") and out is self:
        out = copies.clone(self)
    return out


def _inplace_of(fn: Any) -> Any:
    """``x.addcmul_(t1, t2, value=2)``: ``fn``'s result written into ``x`` (the tensor
    arguments are passed on too, so that a gradient reaches them)."""

    def method(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        tensors = [a for a in args if isinstance(a, Tensor)]
        return self._inplace(lambda s, *_: fn(s, *args, **kwargs), *tensors)

    return method


def _cuda(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """A CPU-only build cannot move tensors to a GPU."""
    raise AssertionError("Torch not compiled with CUDA enabled")


def _reduce_ex(self: Tensor, protocol: int) -> Any:
    """pickle keeps values, dtype, requires_grad and the class, not the history."""
    from .serialization import reduce_tensor  # (loaded on first use: it imports pickle)

    return reduce_tensor(self)


def _deepcopy(self: Tensor, memo: dict) -> Tensor:
    from .serialization import deepcopy_tensor

    return deepcopy_tensor(self, memo)


METHODS: dict[str, Any] = {
    # --- Python's operators: x + y, x * y, -x (ops/elementwise.py) and x == y, x & y
    # (ops/logical.py); x @ y and x[i] are further down, with their families
    "__add__": _operator(elementwise.AddBackward0),
    "__radd__": _operator(elementwise.AddBackward0),
    "__sub__": _operator(elementwise.SubBackward0, no_bool=True),
    "__rsub__": _rsub,
    "__mul__": _operator(elementwise.MulBackward0),
    "__rmul__": _operator(elementwise.MulBackward0),
    "__truediv__": _operator(elementwise.DivBackward0, true_div=True),
    "__rtruediv__": _reflected(elementwise.div),
    "__floordiv__": _forward(elementwise.floor_divide),
    "__rfloordiv__": _reflected(elementwise.floor_divide),
    "__mod__": _forward(elementwise.remainder),
    "__rmod__": _reflected(elementwise.remainder),
    "__pow__": _forward(elementwise.pow),
    "__rpow__": _rpow,
    "__neg__": elementwise.neg,
    "__pos__": lambda self: self,
    "__abs__": elementwise.abs,
    "__eq__": logical.eq,
    "__ne__": logical.ne,
    "__lt__": logical.lt,
    "__le__": logical.le,
    "__gt__": logical.gt,
    "__ge__": logical.ge,
    "__and__": logical.bitwise_and,
    "__or__": logical.bitwise_or,
    "__xor__": logical.bitwise_xor,
    "__invert__": logical.bitwise_not,
    "bitwise_not": logical.bitwise_not,
    "__iadd__": _inplace(elementwise.add),
    "__isub__": _inplace(elementwise.sub, no_bool=True),
    "__imul__": _inplace(elementwise.mul),
    "__itruediv__": _inplace(elementwise.div),
    "__ifloordiv__": elementwise.floor_divide_,
    "__imod__": _inplace(elementwise.remainder),
    "__ipow__": _inplace(elementwise.pow),
    "__iand__": _inplace(logical.bitwise_and_into),
    "__ior__": _inplace(logical.bitwise_or_into),
    "__ixor__": _inplace(logical.bitwise_xor_into),
    # --- elementwise functions as methods
    "add": elementwise.add,
    "sub": elementwise.sub,
    "subtract": elementwise.sub,
    "mul": elementwise.mul,
    "multiply": elementwise.mul,
    "div": elementwise.div,
    "divide": elementwise.div,
    "true_divide": elementwise.div,
    "floor_divide": elementwise.floor_divide,
    "remainder": elementwise.remainder,
    "neg": elementwise.neg,
    "negative": elementwise.neg,
    "reciprocal": elementwise.reciprocal,
    "pow": elementwise.pow,
    "square": elementwise.square,
    "exp": elementwise.exp,
    "log": elementwise.log,
    "sqrt": elementwise.sqrt,
    "abs": elementwise.abs,
    "absolute": elementwise.abs,
    "sin": unary.sin,
    "cos": unary.cos,
    "tanh": unary.tanh,
    "sigmoid": unary.sigmoid,
    "relu": elementwise.relu,
    "sign": elementwise.sign,
    "clone": copies.clone,
    "zero_": copies.zero_,
    "fill_": copies.fill_,
    "copy_": copies.copy_,
    "eq": logical.eq,
    "ne": logical.ne,
    "lt": logical.lt,
    "le": logical.le,
    "gt": logical.gt,
    "ge": logical.ge,
    "add_": _inplace(elementwise.add),
    "sub_": _inplace(elementwise.sub, no_bool=True),
    "mul_": _inplace(elementwise.mul),
    "div_": _inplace(elementwise.div),
    "subtract_": _inplace(elementwise.sub),
    "multiply_": _inplace(elementwise.mul),
    "divide_": _inplace(elementwise.div),
    "greater": logical.gt,
    "greater_equal": logical.ge,
    "less": logical.lt,
    "less_equal": logical.le,
    "not_equal": logical.ne,
    "eq_": logical._compare_in_place(logical.EqBackward0, logical.EqBackward1),
    "ne_": logical._compare_in_place(logical.NeBackward0, logical.NeBackward1),
    "lt_": logical._compare_in_place(logical.LtBackward0, logical.LtBackward1),
    "le_": logical._compare_in_place(logical.LeBackward0, logical.LeBackward1),
    "gt_": logical._compare_in_place(logical.GtBackward0, logical.GtBackward1),
    "ge_": logical._compare_in_place(logical.GeBackward0, logical.GeBackward1),
    "greater_": logical._compare_in_place(logical.GtBackward0, logical.GtBackward1),
    "less_": logical._compare_in_place(logical.LtBackward0, logical.LtBackward1),
    "pow_": _inplace(elementwise.pow),
    "floor_divide_": elementwise.floor_divide_,
    "remainder_": _inplace(elementwise.remainder),
    "bitwise_and_": _inplace(logical.bitwise_and_into),
    "bitwise_or_": _inplace(logical.bitwise_or_into),
    "bitwise_xor_": _inplace(logical.bitwise_xor_into),
    "neg_": _inplace_unary(elementwise.neg),
    "exp_": _inplace_unary(elementwise.exp),
    "log_": _inplace_unary(elementwise.log),
    "sqrt_": _inplace_unary(elementwise.sqrt),
    "abs_": _inplace_unary(elementwise.abs),
    "sin_": _inplace_unary(unary.sin),
    "cos_": _inplace_unary(unary.cos),
    "tanh_": _inplace_unary(unary.tanh),
    "sigmoid_": _inplace_unary(unary.sigmoid),
    "relu_": _inplace_unary(elementwise.relu),
    "reciprocal_": _inplace_unary(elementwise.reciprocal),
    "log1p": unary.log1p,
    "exp2": unary.exp2,
    "log2": unary.log2,
    "log10": unary.log10,
    "erf": unary.erf,
    "floor": unary.floor,
    "ceil": unary.ceil,
    "round": unary.round,
    "clamp": piecewise.clamp,
    "clip": piecewise.clamp,
    "clamp_min": piecewise.clamp_min,
    "clamp_max": piecewise.clamp_max,
    "maximum": piecewise.maximum,
    "atan2": piecewise.atan2,
    "lerp": piecewise.lerp,
    "minimum": piecewise.minimum,
    "where": lambda self, condition, other: piecewise.where(condition, self, other),
    "masked_fill": piecewise.masked_fill,
    "masked_fill_": piecewise.masked_fill_,
    "clamp_": piecewise.clamp_,
    "clip_": piecewise.clamp_,
    "clamp_min_": piecewise.clamp_min_,
    "clamp_max_": piecewise.clamp_max_,
    "log1p_": _inplace_unary(unary.log1p),
    "exp2_": _inplace_unary(unary.exp2),
    "log2_": _inplace_unary(unary.log2),
    "log10_": _inplace_unary(unary.log10),
    "erf_": _inplace_unary(unary.erf),
    "floor_": _inplace_unary(unary.floor),
    "ceil_": _inplace_unary(unary.ceil),
    "round_": _inplace_unary(unary.round),
    "sign_": _inplace_unary(elementwise.sign),
    "tan": unary.tan,
    "tan_": _inplace_unary(unary.tan),
    "atan": unary.atan,
    "atan_": _inplace_unary(unary.atan),
    "asin": unary.asin,
    "asin_": _inplace_unary(unary.asin),
    "acos": unary.acos,
    "acos_": _inplace_unary(unary.acos),
    "sinh": unary.sinh,
    "sinh_": _inplace_unary(unary.sinh),
    "cosh": unary.cosh,
    "cosh_": _inplace_unary(unary.cosh),
    "rsqrt": unary.rsqrt,
    "rsqrt_": _inplace_unary(unary.rsqrt),
    "expm1": unary.expm1,
    "expm1_": _inplace_unary(unary.expm1),
    "trunc": unary.trunc,
    "trunc_": _inplace_unary(unary.trunc),
    "frac": unary.frac,
    "frac_": _inplace_unary(unary.frac),
    "addcmul": pointwise.addcmul,
    "addcmul_": _inplace_of(pointwise.addcmul),
    "addcdiv": pointwise.addcdiv,
    "addcdiv_": _inplace_of(pointwise.addcdiv),
    "xlogy": pointwise.xlogy,
    "xlogy_": _inplace_of(pointwise.xlogy),
    "logit": pointwise.logit,
    "logit_": _inplace_of(pointwise.logit),
    "logaddexp": pointwise.logaddexp,
    "hypot": pointwise.hypot,
    "hypot_": _inplace_of(pointwise.hypot),
    "true_divide_": _inplace(elementwise.div),
    "negative_": _inplace_unary(elementwise.neg),
    "positive": pointwise.positive,
    "square_": _inplace_unary(elementwise.square),
    "float_power": pointwise.float_power,
    "float_power_": pointwise.float_power_,
    "fmod": pointwise.fmod,
    "fmod_": _inplace_of(pointwise.fmod),
    "copysign": pointwise.copysign,
    "copysign_": _inplace_of(pointwise.copysign),
    "signbit": pointwise.signbit,
    "sgn": pointwise.sgn,
    "sgn_": _inplace_unary(pointwise.sgn),
    "erfinv": special.erfinv,
    "erfinv_": _inplace_unary(special.erfinv),
    "lgamma": special.lgamma,
    "lgamma_": _inplace_unary(special.lgamma),
    "digamma": special.digamma,
    "digamma_": _inplace_unary(special.digamma),
    "polygamma": lambda self, n: special.polygamma(n, self),
    "polygamma_": special.polygamma_,
    "sinc": special.sinc,
    "sinc_": _inplace_unary(special.sinc),
    "deg2rad": special.deg2rad,
    "deg2rad_": _inplace_unary(special.deg2rad),
    "rad2deg": special.rad2deg,
    "rad2deg_": _inplace_unary(special.rad2deg),
    "arctan": unary.atan,
    "arcsin": unary.asin,
    "arccos": unary.acos,
    "fix": unary.trunc,
    "nan_to_num": unary.nan_to_num,
    "nan_to_num_": lambda self, *a, **k: self._inplace(unary.nan_to_num, *a, **k),
    # --- conversions: dtype and device
    "to": _to,
    "type": _legacy.tensor_type,
    "float": lambda self: copies.to_dtype(self, _dtype.float32),
    "double": lambda self: copies.to_dtype(self, _dtype.float64),
    "half": lambda self: copies.to_dtype(self, _dtype.float16),
    "long": lambda self: copies.to_dtype(self, _dtype.int64),
    "int": lambda self: copies.to_dtype(self, _dtype.int32),
    "bool": lambda self: copies.to_dtype(self, _dtype.bool),
    "byte": lambda self: copies.to_dtype(self, _dtype.uint8),
    "char": lambda self: copies.to_dtype(self, _dtype.int8),
    "short": lambda self: copies.to_dtype(self, _dtype.int16),
    "cpu": lambda self: self,
    "cuda": _cuda,
    # --- shape: views, joining, cutting (ops/shape.py)
    "view": shape.view,
    "reshape": shape.reshape,
    "flatten": shape.flatten,
    "t": shape.t,
    "transpose": shape.transpose,
    "swapaxes": shape.transpose,
    "swapdims": shape.transpose,
    "permute": shape.permute,
    "unsqueeze": shape.unsqueeze,
    "squeeze": shape.squeeze,
    "expand": shape.expand,
    "expand_as": shape.expand_as,
    "view_as": shape.view_as,
    "reshape_as": shape.reshape_as,
    "contiguous": shape.contiguous,
    "T": property(shape._T),
    "mT": property(shape._mT),
    "mH": property(shape._mH),
    "H": property(shape._H),
    "repeat": join.repeat,
    "movedim": join.movedim,
    "moveaxis": join.movedim,
    "unflatten": join.unflatten,
    "ravel": join.ravel,
    "tile": lambda self, *dims: join.tile(self, dims[0] if len(dims) == 1 else dims),
    "broadcast_to": join.broadcast_to,
    "repeat_interleave": join.repeat_interleave,
    "type_as": lambda self, other: copies.to_dtype(self, other.dtype),
    "split": join.split,
    "chunk": join.chunk,
    "unsafe_chunk": join.unsafe_chunk,
    "unsafe_split": join.unsafe_split,
    "unsafe_split_with_sizes": join.unsafe_split_with_sizes,
    "unbind": join.unbind,
    "tensor_split": join.tensor_split,
    "rot90": join.rot90,
    "t_": shape.t_,
    "transpose_": shape.transpose_,
    "swapdims_": shape.transpose_,
    "swapaxes_": shape.transpose_,
    "unsqueeze_": shape.unsqueeze_,
    "squeeze_": shape.squeeze_,
    "split_with_sizes": join.split_with_sizes,
    "hsplit": join.hsplit,
    "vsplit": join.vsplit,
    "dsplit": join.dsplit,
    "unfold": join.unfold,
    # --- reductions (ops/reduction.py)
    "sum": reduction.sum,
    "mean": reduction.mean,
    "argmax": reduction.argmax,
    "argmin": reduction.argmin,
    "max": reduction.max,
    "min": reduction.min,
    "amax": reduction.amax,
    "amin": reduction.amin,
    "prod": reduction.prod,
    "norm": norms.norm,
    "var": norms.var,
    "std": norms.std,
    "logsumexp": norms.logsumexp,
    "cumsum": norms.cumsum,
    "cumprod": norms.cumprod,
    "cumprod_": lambda self, dim, *, dtype=None: self._inplace(
        lambda s: norms.cumprod(s, dim, dtype=dtype)
    ),
    # --- statistics (ops/statistics.py)
    "median": statistics.median,
    "kthvalue": statistics.kthvalue,
    "nansum": statistics.nansum,
    "nanmean": statistics.nanmean,
    "cummax": statistics.cummax,
    "cummin": statistics.cummin,
    "logcumsumexp": statistics.logcumsumexp,
    "aminmax": statistics.aminmax,
    "diff": statistics.diff,
    "quantile": statistics.quantile,
    "nanquantile": statistics.nanquantile,
    "nanmedian": statistics.nanmedian,
    "bincount": statistics.bincount,
    "histc": statistics.histc,
    # --- tests and logic (ops/logical.py)
    "isnan": logical.isnan,
    "isinf": logical.isinf,
    "isfinite": logical.isfinite,
    "logical_and": logical.logical_and,
    "logical_or": logical.logical_or,
    "logical_xor": logical.logical_xor,
    "logical_not": logical.logical_not,
    "isclose": logical.isclose,
    "allclose": logical.allclose,
    "equal": logical.equal,
    "all": logical.all,
    "any": logical.any,
    "count_nonzero": logical.count_nonzero,
    "nonzero": logical.nonzero,
    "argwhere": logical.argwhere,
    # --- indexing: a[i], and the same by name (ops/indexing.py)
    "__getitem__": indexing.getitem,
    "__setitem__": indexing.setitem,
    # --- pickle and copy.deepcopy (serialization.py)
    "__reduce_ex__": _reduce_ex,
    "__deepcopy__": _deepcopy,
    "narrow": indexing.narrow,
    "select": indexing.select,
    "index_select": indexing.index_select,
    "gather": indexing.gather,
    "scatter": indexing.scatter,
    "scatter_": lambda self, *a, **k: self._inplace(indexing.scatter, *a, **k),
    "scatter_add": indexing.scatter_add,
    "scatter_add_": lambda self, *a, **k: self._inplace(indexing.scatter_add, *a, **k),
    "index_add": indexing.index_add,
    "index_add_": lambda self, *a, **k: self._inplace(indexing.index_add, *a, **k),
    "index_fill": indexing.index_fill,
    "index_fill_": lambda self, *a, **k: self._inplace(indexing.index_fill, *a, **k),
    "masked_select": indexing.masked_select,
    "take_along_dim": indexing.take_along_dim,
    # --- linear algebra (ops/linalg.py)
    "mm": linalg.mm,
    "addmm": linalg.addmm,
    "addmv": linalg.addmv,
    "addmv_": _inplace_of(linalg.addmv),
    "baddbmm": linalg.baddbmm,
    "baddbmm_": _inplace_of(linalg.baddbmm),
    "addbmm": linalg.addbmm,
    "addbmm_": _inplace_of(linalg.addbmm),
    "mv": linalg.mv,
    "dot": linalg.dot,
    "matmul": linalg.matmul,
    "__matmul__": linalg._matmul_operator,
    "__rmatmul__": linalg._rmatmul,
    "outer": linalg.outer,
    "bmm": linalg.bmm,
    "ger": linalg.outer,
    "det": inverses.det,
    "inverse": inverses.inv,
    "logdet": inverses.logdet,
    "slogdet": lambda self: inverses.slogdet(self, "slogdet"),
    "cross": distances.cross_default_dim,
    "kron": distances.kron,
    "dist": distances.dist,
    # --- sorting, flipping, triangles, diagonals (ops/ordering.py)
    "sort": ordering.sort,
    "argsort": ordering.argsort,
    "topk": ordering.topk,
    "flip": ordering._flip_method,
    "fliplr": ordering.fliplr,
    "flipud": ordering.flipud,
    "msort": ordering.msort,
    "roll": ordering.roll,
    "tril": ordering.tril,
    "triu": ordering.triu,
    "diagonal": ordering.diagonal,
    "diag": ordering.diag,
    "diag_embed": ordering.diag_embed,
    "trace": ordering.trace,
    "unique": ordering.unique,
    # --- softmax (nn/functional.py)
    "softmax": _softmax,
    "log_softmax": _log_softmax,
    # --- random fills and new tensors like this one (_creation.py)
    "uniform_": _uniform_,
    "normal_": _normal_,
    "random_": _random_,
    "exponential_": _exponential_,
    "bernoulli": bernoulli,
    "bernoulli_": _bernoulli_,
    "multinomial": multinomial,
    "new_zeros": lambda self, *size, **kw: zeros(*size, dtype=kw.pop("dtype", self.dtype), **kw),
    # (new_empty's values are unspecified in torch; here they are zeros)
    "new_empty": lambda self, *size, **kw: zeros(*size, dtype=kw.pop("dtype", self.dtype), **kw),
    "new_ones": lambda self, *size, **kw: ones(*size, dtype=kw.pop("dtype", self.dtype), **kw),
    "new_tensor": lambda self, data, **kw: tensor(data, dtype=kw.pop("dtype", self.dtype), **kw),
    "new_full": lambda self, size, fill, **kw: full(
        size, fill, dtype=kw.pop("dtype", self.dtype), **kw
    ),
}


for _name, _fn in METHODS.items():
    setattr(Tensor, _name, _fn)

# numpy's axis=/keepdims= are accepted wherever torch accepts them (_numpy_names.py)
for _name in _NUMPY_NAMES:
    if callable(Tensor.__dict__.get(_name)):
        setattr(Tensor, _name, accept_numpy_names(Tensor.__dict__[_name]))
