"""Special functions: erfinv, lgamma, digamma, polygamma, sinc; and angles in degrees.

numpy has no gamma-family functions for arrays, so these follow torch's own
scalar algorithms (from Cephes), element by element: that way the values agree
with torch's to the last bits in float64. Each derivative is the next function
of the family: lgamma' = digamma, digamma' = polygamma(1), polygamma(n)' =
polygamma(n + 1).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..core.node import Op
from ..core.tensor import Tensor
from ._promotion import _as_float
from .elementwise import MulBackward1, SubBackward0
from .piecewise import where


def _elementwise(fn: Any, a: np.ndarray) -> np.ndarray:
    """``fn`` on every element, in float64 (numpy's scalars: 1/0 is inf, as in C),
    rounded to ``a``'s dtype."""
    if a.size == 0:
        return a.copy()
    with np.errstate(all="ignore"):
        out = np.array([fn(v) for v in a.reshape(-1).astype(np.float64)], dtype=np.float64)
    return out.reshape(a.shape).astype(a.dtype)


# --- the scalar algorithms (torch's, from Cephes) -------------------------------------
_PSI_10 = 2.25175258906672110764
_DIGAMMA_A = (
    8.33333333333333333333e-2,
    -2.10927960927960927961e-2,
    7.57575757575757575758e-3,
    -4.16666666666666666667e-3,
    3.96825396825396825397e-3,
    -8.33333333333333333333e-3,
    8.33333333333333333333e-2,
)


def _digamma(x: float) -> float:
    if x == 0:
        return np.copysign(math.inf, -x)
    if x < 0:
        if x == np.trunc(x):
            return math.nan
        r = math.modf(x)[0]  # (tan(pi r) is more accurate than tan(pi x))
        return _digamma(1 - x) - math.pi / np.tan(math.pi * r)
    if math.isnan(x):
        return x
    result = 0.0
    while x < 10:
        result -= 1 / x
        x += 1
    if x == 10:
        return result + _PSI_10
    y = 0.0
    if x < 1.0e17:
        z = 1.0 / (x * x)
        poly = _DIGAMMA_A[0]
        for c in _DIGAMMA_A[1:]:
            poly = poly * z + c
        y = z * poly
    return result + np.log(x) - (0.5 / x) - y


def _trigamma(x: float) -> float:
    sign, result = 1.0, 0.0
    if x < 0.5:
        sign = -1.0
        sin_pi_x = np.sin(math.pi * x)
        result -= (math.pi * math.pi) / (sin_pi_x * sin_pi_x)
        x = 1 - x
    for _ in range(6):
        result += 1 / (x * x)
        x += 1
    ixx = 1 / (x * x)
    result += (1 + 1 / (2 * x) + ixx * (1.0 / 6 - ixx * (1.0 / 30 - ixx * (1.0 / 42)))) / x
    return sign * result


_ZETA_A = (
    12.0,
    -720.0,
    30240.0,
    -1209600.0,
    47900160.0,
    -1.8924375803183791606e9,
    7.47242496e10,
    -2.950130727918164224e12,
    1.1646782814350067249e14,
    -4.5979787224074726105e15,
    1.8152105401943546773e17,
    -7.1661652561756670113e18,
)
_MACHEP = 1.11022302462515654042e-16


def _zeta(x: float, q: float) -> float:
    """The Hurwitz zeta function, sum over k of (k + q)^-x."""
    if x == 1:
        return math.inf
    if x < 1:
        return math.nan
    if q <= 0:
        if q == np.floor(q):
            return math.inf
        if x != np.floor(x):
            return math.nan
    s = q**-x
    a, b, i = q, 0.0, 0
    while i < 9 or a <= 9.0:
        i += 1
        a += 1
        b = a**-x
        s += b
        if -_MACHEP * s < b < _MACHEP * s:
            return s
    w = a
    s += b * w / (x - 1)
    s -= 0.5 * b
    a, k = 1.0, 0.0
    for c in _ZETA_A:
        a *= x + k
        b /= w
        t = a * b / c
        s = s + t
        if abs(t / s) < _MACHEP:
            return s
        k += 1
        a *= x + k
        b /= w
    return s


def _polygamma(n: int, x: float) -> float:
    if n == 0:
        return _digamma(x)
    if n == 1:
        return _trigamma(x)
    return (1.0 if n % 2 else -1.0) * np.exp(math.lgamma(n + 1.0)) * _zeta(n + 1.0, x)


def _lgamma(x: float) -> float:
    try:
        return math.lgamma(x)
    except ValueError:  # the poles (0, -1, -2...): +inf, as C's lgamma
        return math.inf


def _erfinv(y: float) -> float:
    """torch's calc_erfinv: a rational first guess, then two Newton steps."""
    a = (0.886226899, -1.645349621, 0.914624893, -0.140543331)
    b = (-2.118377725, 1.442710462, -0.329097515, 0.012229801)
    c = (-1.970840454, -1.624906493, 3.429567803, 1.641345311)
    d = (3.543889200, 1.637067800)
    y_abs = abs(y)
    if not y_abs <= 1.0:
        return math.nan
    if y_abs == 1.0:
        return np.copysign(math.inf, y)
    if y_abs <= 0.7:
        z = y * y
        num = ((a[3] * z + a[2]) * z + a[1]) * z + a[0]
        dem = (((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + 1.0
        x = y * num / dem
    else:
        z = np.sqrt(-np.log((1.0 - y_abs) / 2.0))
        num = ((c[3] * z + c[2]) * z + c[1]) * z + c[0]
        dem = (d[1] * z + d[0]) * z + 1.0
        x = np.copysign(num, y) / dem
    two_over_sqrt_pi = 2.0 / np.sqrt(math.pi)
    for _ in range(2):
        x = x - (math.erf(x) - y) / (two_over_sqrt_pi * np.exp(-x * x))
    return x


# --- the rules -----------------------------------------------------------------------
class ErfinvBackward0(Op):
    """out = erfinv(a), the x with erf(x) = a          d/da = sqrt(pi)/2 exp(erfinv(a)²)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return _elementwise(_erfinv, a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        # (torch computes erfinv(a) again here, rather than use the saved result)
        return (
            MulBackward1.apply(ErfinvBackward0.apply(a).pow(2).exp(), c=0.5 * math.sqrt(math.pi))
            * grad
        )


class LgammaBackward0(Op):
    """out = log |Γ(a)|          d/da = digamma(a)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return _elementwise(_lgamma, a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * DigammaBackward0.apply(a)


class DigammaBackward0(Op):
    """out = digamma(a) = Γ'(a) / Γ(a)          d/da = polygamma(1, a)"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return _elementwise(_digamma, a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * PolygammaBackward0.apply(a, n=1)


class PolygammaBackward0(Op):
    """out = polygamma(n, a), the n-th derivative of digamma     d/da = polygamma(n + 1, a)"""

    __slots__ = ("n",)

    @staticmethod
    def forward(ctx, a, n):
        ctx.n = n
        ctx.save_for_backward(a)
        return _elementwise(lambda x: _polygamma(n, x), a)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        return grad * PolygammaBackward0.apply(a, n=ctx.n + 1)


class PolygammaBackward1(PolygammaBackward0):
    """``polygamma_(n)``, in place: torch's name for it; the same rule."""

    __slots__ = ()


class SincBackward0(Op):
    """out = sin(pi a) / (pi a), 1 at 0
    d/da = (pi a cos(pi a) - sin(pi a)) / (pi a²), 0 at 0"""

    __slots__ = ()

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        product = a * a.dtype.type(math.pi)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = np.sin(product) / product
        return np.where(a == 0, a.dtype.type(1), out).astype(a.dtype)

    @staticmethod
    def backward(ctx, grad):
        (a,) = ctx.saved_tensors
        a_pi = MulBackward1.apply(a, c=math.pi)
        a_squared_pi = MulBackward1.apply(a * a, c=math.pi)
        out = grad * (SubBackward0.apply(a_pi * a_pi.cos(), a_pi.sin()) / a_squared_pi)
        zero = Tensor._make(np.zeros((), dtype=grad._data.dtype), None)
        return where(Tensor._make(a_squared_pi._data == 0, None), zero, out)


class Deg2RadBackward0(Op):
    """out = a pi / 180          d/da = pi / 180"""

    __slots__ = ()
    _factor = math.pi / 180

    @classmethod
    def forward(cls, ctx, a):
        return np.asarray(a * a.dtype.type(cls._factor), dtype=a.dtype)

    @classmethod
    def backward(cls, ctx, grad):
        return MulBackward1.apply(grad, c=cls._factor)


class Rad2DegBackward0(Deg2RadBackward0):
    """out = a 180 / pi          d/da = 180 / pi"""

    __slots__ = ()
    _factor = 180 / math.pi


# --- the functions -------------------------------------------------------------------
def _float_unary(cls: type[Op], name: str, doc: str) -> Any:
    def fn(input: Tensor) -> Tensor:
        return cls.apply(_as_float(input))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return fn


erfinv = _float_unary(ErfinvBackward0, "erfinv", "The inverse of ``erf``: x with erf(x) = input.")
lgamma = _float_unary(LgammaBackward0, "lgamma", "The log of the size of the gamma function.")
digamma = _float_unary(DigammaBackward0, "digamma", "The derivative of ``lgamma``.")
sinc = _float_unary(SincBackward0, "sinc", "The normalized sinc, sin(pi x) / (pi x) (1 at 0).")
deg2rad = _float_unary(Deg2RadBackward0, "deg2rad", "Degrees to radians.")
rad2deg = _float_unary(Rad2DegBackward0, "rad2deg", "Radians to degrees.")


def polygamma(n: int, input: Tensor) -> Tensor:
    """The ``n``-th derivative of ``digamma`` (``n`` = 0 is digamma itself)."""
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    return PolygammaBackward0.apply(_as_float(input), n=int(n))


def polygamma_(self: Tensor, n: int) -> Tensor:
    """In place ``polygamma(n, self)`` (recorded as ``PolygammaBackward1``)."""
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    return self._inplace(lambda s: PolygammaBackward1.apply(_as_float(s), n=int(n)))
