"""minigrad: PyTorch's autograd, rebuilt small enough to read.

Write ``import minigrad as torch`` and textbook autograd code runs unchanged:

>>> import minigrad as torch
>>> x = torch.tensor(2.0, requires_grad=True)
>>> y = (x + 1) * (x + 2)
>>> y.backward()
>>> x.grad
tensor(7.)
"""

from __future__ import annotations

# The import order follows the layers (docs/reading-the-code.md; `lint-imports`
# checks them against .importlinter): the core (minigrad/core: the Tensor, the
# nodes, the engine), then autograd's API, then the operations with their
# derivative rules (minigrad/ops), then what is built on them, and last the one
# table that makes the operations Tensor's methods.
from .core import tensor as _tensor  # noqa: I001
from . import autograd
from . import ops
from .exact import dtype as _dtype
from . import accelerator, backends, cuda
from . import _tensor_methods  # the one place that attaches Tensor's methods
from ._creation import (
    arange,
    as_tensor,
    bernoulli,
    poisson,
    randint_like,
    empty,
    empty_like,
    eye,
    from_numpy,
    full,
    full_like,
    initial_seed,
    linspace,
    logspace,
    manual_seed,
    multinomial,
    normal,
    ones,
    ones_like,
    rand,
    rand_like,
    randint,
    randn,
    randn_like,
    randperm,
    seed,
    get_rng_state,
    set_rng_state,
    tensor,
    zeros,
    zeros_like,
)
from .exact.dtype import (
    bool,
    double,
    dtype,
    float,
    float16,
    float32,
    float64,
    get_default_dtype,
    half,
    int,
    int8,
    int16,
    int32,
    int64,
    long,
    set_default_dtype,
    short,
    uint8,
)
from .exact.finfo import finfo, iinfo
from .autograd.anomaly_mode import (
    is_anomaly_check_nan_enabled,
    is_anomaly_enabled,
    set_anomaly_enabled,
)
from .i18n import get_language, language, set_language
from .core.grad_mode import (
    enable_grad,
    inference_mode,
    is_grad_enabled,
    is_inference_mode_enabled,
    no_grad,
    set_grad_enabled,
)
from .exact.printing import set_printoptions
from .exact.random import Generator, default_generator
from .exact.size import Size
from .exact.device import device, get_default_device, set_default_device
from ._legacy import (
    BoolTensor,
    ByteTensor,
    CharTensor,
    DoubleTensor,
    FloatTensor,
    HalfTensor,
    IntTensor,
    LongTensor,
    ShortTensor,
)
from .core.tensor import Tensor
from .explain import explain  # a learning aid: after the names it imports from here
from .ops.elementwise import (
    abs,
    add,
    div,
    exp,
    floor_divide,
    log,
    mul,
    neg,
    pow,
    reciprocal,
    relu,
    remainder,
    sign,
    sqrt,
    square,
    sub,
)
from .ops.pointwise import (
    addcdiv,
    addcmul,
    copysign,
    float_power,
    fmod,
    hypot,
    logaddexp,
    logit,
    negative,
    positive,
    sgn,
    signbit,
    true_divide,
    xlogy,
)
from .ops.unary import (
    acos,
    asin,
    atan,
    ceil,
    cosh,
    expm1,
    frac,
    nan_to_num,
    rsqrt,
    sinh,
    tan,
    trunc,
    erf,
    exp2,
    floor,
    log1p,
    log2,
    log10,
    round,
    cos,
    sigmoid,
    sin,
    tanh,
)
from .ops.piecewise import (
    atan2,
    lerp,
    clamp,
    clamp_max,
    clamp_min,
    clip,
    masked_fill,
    maximum,
    minimum,
    where,
)
from .ops.copies import clone
from .ops.linalg import addbmm, addmm, addmv, baddbmm, bmm, dot, einsum, matmul, mm, mv, outer
from .ops.distances import cdist, dist, kron
from .ops.inverses import det, logdet
from .ops.distances import cross_default_dim as cross
from .ops.inverses import inv as inverse
from .ops.reduction import amax, amin, argmax, argmin, max, mean, min, prod, sum
from .ops.norms import cumprod, cumsum, logsumexp, norm, std, var
from .ops.special import deg2rad, digamma, erfinv, lgamma, polygamma, rad2deg, sinc
from .ops.statistics import (
    aminmax,
    bincount,
    histc,
    trapezoid,
    cummax,
    cummin,
    diff,
    kthvalue,
    logcumsumexp,
    median,
    nanmean,
    nanmedian,
    nanquantile,
    nansum,
    quantile,
    std_mean,
    var_mean,
)
from .ops.logical import (
    all,
    allclose,
    any,
    count_nonzero,
    eq,
    equal,
    ge,
    gt,
    is_floating_point,
    is_tensor,
    isclose,
    isfinite,
    isinf,
    isnan,
    le,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
    lt,
    ne,
    nonzero,
    argwhere,
    numel,
)
from .ops.ordering import (
    argsort,
    diag_embed,
    bucketize,
    searchsorted,
    tril_indices,
    triu_indices,
    diag,
    diagonal,
    flip,
    fliplr,
    flipud,
    msort,
    roll,
    sort,
    topk,
    trace,
    tril,
    triu,
    unique,
)
from .ops.indexing import (
    gather,
    take_along_dim,
    index_add,
    index_fill,
    index_select,
    masked_select,
    narrow,
    scatter,
    scatter_add,
    select,
)
from .ops.join import (
    block_diag,
    split_with_sizes,
    hsplit,
    vsplit,
    dsplit,
    broadcast_to,
    cartesian_prod,
    dstack,
    rot90,
    tensor_split,
    column_stack,
    hstack,
    meshgrid,
    movedim,
    ravel,
    repeat_interleave,
    swapaxes,
    tile,
    unflatten,
    vstack,
    cat,
    chunk,
    unsafe_chunk,
    unsafe_split,
    unsafe_split_with_sizes,
    concat,
    concatenate,
    split,
    stack,
    unbind,
)
from .ops.shape import flatten, permute, reshape, squeeze, t, transpose, unsqueeze

__version__ = "0.1.0"


def slogdet(A: Tensor) -> tuple:
    """``(sign, logabsdet)`` of the determinant (``torch.return_types.slogdet``)."""
    from .ops.inverses import slogdet as _slogdet

    return _slogdet(A, "slogdet")


# torch's constants (plain Python floats, as in torch)
pi = 3.141592653589793
e = 2.718281828459045
inf = 1e999  # (float is torch.float here)
nan = inf - inf
newaxis = None

# torch's other names for some comparisons and arithmetic
greater, greater_equal, less, less_equal, not_equal = gt, ge, lt, le, ne
multiply, divide, subtract, absolute = mul, div, sub, abs

del _dtype

from .exact.numpy_names import install as _install_numpy_names  # noqa: E402

_install_numpy_names(globals())  # torch.sum(x, axis=1, keepdims=True) works as in torch
del _install_numpy_names

from .ops._out import install as _install_out  # noqa: E402

_install_out(globals())  # torch.matmul(a, b, out=c) writes into c
del _install_out

# The rest loads on first use, as in torch and scipy: ``minigrad.nn.Linear``
# imports ``minigrad.nn`` when it is first looked up, so ``import minigrad``
# stays quick (numpy is most of what it costs).
_SUBMODULES = (
    "nn",
    "optim",
    "utils",
    "viz",
    "widgets",
    "lessons",
    "serialization",
    "func",
    "linalg",
    "profiler",
)
_FROM_SUBMODULE = {"softmax": "nn.functional", "log_softmax": "nn.functional"}
_FROM_SUBMODULE.update(
    dict.fromkeys(("rnn_tanh_cell", "rnn_relu_cell", "lstm_cell", "gru_cell"), "nn.modules.rnn")
)
_SAVING = ("save", "load")  # from minigrad.serialization, which imports pickle
_FROM_FUNC = ("vmap",)  # torch.vmap is torch.func.vmap


def __getattr__(name: str) -> object:
    import importlib

    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")  # also sets it here
    if name in _FROM_SUBMODULE:
        from .exact.numpy_names import accept_numpy_names

        module = importlib.import_module(f"{__name__}.{_FROM_SUBMODULE[name]}")
        value = globals()[name] = accept_numpy_names(getattr(module, name))
        return value
    if name in _SAVING or name in _FROM_FUNC:
        where = "serialization" if name in _SAVING else "func"
        module = importlib.import_module(f"{__name__}.{where}")
        value = globals()[name] = getattr(module, name)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(
        set(globals()) | set(_SUBMODULES) | set(_FROM_SUBMODULE) | set(_SAVING) | set(_FROM_FUNC)
    )


def load_ipython_extension(shell: object) -> None:
    """``%load_ext minigrad``: explain autograd's errors under their tracebacks."""
    from .error_help import load_ipython_extension as load

    load(shell)


def unload_ipython_extension(shell: object) -> None:
    from .error_help import unload_ipython_extension as unload

    unload(shell)
