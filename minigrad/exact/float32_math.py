"""float32 sigmoid, exp2 and log1p as torch's CPU kernels compute them, so
that last bits match.

torch's float32 ``log1p`` is SLEEF's vector ``log1pf`` (1-ulp), for every
element. Its float32 ``sigmoid`` on a contiguous run of elements takes blocks of
32 (two 16-lane AVX-512 registers) through ``1 / (1 + exp(-a))`` with SLEEF's
vector ``expf``, and the elements after the last whole block through the scalar
loop, whose ``std::exp`` is the C library's ``expf`` (glibc: a table of
2**(i/32) and a cubic, in float64), which is not always correctly rounded.
``exp2`` goes the same way (SLEEF's ``exp2f`` on blocks, glibc's on the rest).

SLEEF works in float32 with fused multiply-adds and, where it needs more
precision, with "double-float" pairs (hi, lo): a value hi + lo carried as two
float32s. numpy has no fused multiply-add, so ``_fma`` computes ``a*b + c`` in
float64, where ``a*b`` is exact, and corrects the one case where rounding twice
(to float64, then to float32) differs from rounding once.

(torch's exp, sin, cos, tanh and log call Intel MKL's vector math instead,
whose algorithms are not public: minigrad rounds float64 results for those.)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

_F32 = np.float32
_BLOCK = 32  # elements per step of torch's vector loop for float32

# SLEEF's constants: ln 2 split in two (the high part has trailing zero bits,
# so q * _LN2_HI is exact), 1/ln 2, and the polynomial for exp(s) on |s| <= ln2/2
_LN2_HI = _F32(0.693145751953125)
_LN2_LO = _F32(1.428606765330187045e-06)
_INV_LN2 = _F32(1.4426950408889634)
_EXP_POLY = tuple(
    _F32(c)
    for c in (
        0.000198527617612853646278381,
        0.00139304355252534151077271,
        0.00833336077630519866943359,
        0.0416664853692054748535156,
        0.166666671633720397949219,
        0.5,
    )
)


def _fma(a: np.ndarray, b, c) -> np.ndarray:
    """float32 ``a*b + c`` rounded once, as a fused multiply-add does."""
    p = a.astype(np.float64) * b  # exact: 24 + 24 bits fit in 53
    c = np.asarray(c, dtype=np.float64)
    s = p + c
    # the float64 rounding error of s (Knuth's two-sum)
    v = s - p
    err = (p - (s - v)) + (c - v)
    # s exactly halfway between two float32s while the true sum is not:
    # step s one float64 towards the true sum before rounding to float32
    halfway = (s.view(np.uint64) & np.uint64(0x1FFFFFFF)) == np.uint64(0x10000000)
    fix = halfway & (err != 0)
    if fix.any():
        s = np.where(fix, np.nextafter(s, np.copysign(np.inf, err)), s)
    return s.astype(_F32)


def _sleef_expf(d: np.ndarray) -> np.ndarray:
    """SLEEF's vector float32 exp, step by step."""
    q = np.rint(d * _INV_LN2)
    q = np.where(np.isfinite(q), q, 0).astype(np.int32)
    qf = q.astype(_F32)
    s = _fma(qf, -_LN2_HI, d)
    s = _fma(qf, -_LN2_LO, s)
    u = np.full(s.shape, _EXP_POLY[0], dtype=_F32)
    for c in _EXP_POLY[1:]:
        u = _fma(u, s, c)
    u = _sleef_expf2_scale(_F32(1) + _fma(s * s, u, s), q)
    u = np.where(d < -104, _F32(0), u)
    u = np.where(d > 100, _F32(np.inf), u)
    return np.where(np.isnan(d), d, u)


_EXP2_POLY = tuple(
    _F32(c)
    for c in (
        0.1535920892e-3,
        0.1339262701e-2,
        0.9618384764e-2,
        0.5550347269e-1,
        0.2402264476,
        0.6931471825,
    )
)


def _sleef_expf2_scale(u: np.ndarray, q: np.ndarray) -> np.ndarray:
    """u * 2**q, the power in two factors so that neither overflows."""
    half = q >> 1
    return u * np.ldexp(_F32(1), half).astype(_F32) * np.ldexp(_F32(1), q - half).astype(_F32)


def _sleef_exp2f(d: np.ndarray) -> np.ndarray:
    """SLEEF's vector float32 exp2: 2**d = 2**q * 2**s, q = rint(d)."""
    u = np.rint(d)
    q = np.where(np.isfinite(u), u, 0).astype(np.int32)
    s = d - u
    p = np.full(s.shape, _EXP2_POLY[0], dtype=_F32)
    for c in _EXP2_POLY[1:]:
        p = _fma(p, s, c)
    p = _sleef_expf2_scale(_fma(p, s, _F32(1)), q)
    p = np.where(d >= 128, _F32(np.inf), p)
    p = np.where(d < -150, _F32(0), p)
    return np.where(np.isnan(d), d, p)


def log1p(d: np.ndarray) -> np.ndarray:
    """SLEEF's vector float32 log1p, step by step: 1 + d = m' * 2**e with
    m' in [0.75, 1.5); log1p(d) = e ln2 + 2 atanh(m / (2 + m)), m = m' - 1
    formed without rounding 1 + d, the quotient and the sum as double-floats."""
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        # e: the exponent of (1 + d) / 0.75 (AVX-512's getexp); m = (1+d)/2**e - 1
        v = (d + _F32(1)) * _F32(1 / 0.75)
        e = (np.frexp(v)[1] - 1).astype(_F32)
        e = np.where(v == 0, _F32(-np.inf), np.where(np.isinf(v), _F32(128), e))
        ie = np.where(np.isfinite(e), e, 0).astype(np.int32)
        t = (np.int32(0x3F800000) - (ie << 23)).view(_F32)  # 2**-e
        m = _fma(d, t, t - _F32(1))
        # e * ln2 as a double-float (ln2 split as SLEEF does)
        ln2_hi, ln2_lo = _F32(0.69314718246459960938), _F32(-1.904654323148236017e-09)
        s_hi = ln2_hi * e
        s_lo = _fma(np.full_like(e, ln2_lo), e, _fma(np.full_like(e, ln2_hi), e, -s_hi))
        # x = m / (2 + m) as a double-float
        den_hi = _F32(2) + m
        den_lo = (_F32(2) - den_hi) + m
        r = _F32(1) / den_hi
        x_hi = m * r
        x_lo = _fma(-den_lo, r, _fma(-den_hi, r, _F32(1)))
        x_lo = _fma(x_hi, x_lo, _fma(r, m, -x_hi))
        # 2 atanh(x) = 2x + x**3 (2/3 + ...): the polynomial in float32
        x2 = x_hi * x_hi
        p = np.full_like(x2, _F32(0.3027294874))
        p = _fma(p, x2, _F32(0.3996108174))
        p = _fma(p, x2, _F32(0.6666694880))
        hi = s_hi + _F32(2) * x_hi
        lo = (((s_hi - hi) + _F32(2) * x_hi) + s_lo) + _F32(2) * x_lo
        tail = (x2 * x_hi) * p
        hi, lo = hi + tail, ((hi - (hi + tail)) + tail) + lo
        out = hi + lo
    # SLEEF's special cases; torch stays accurate past 1e38, unlike the formula
    big = d > _F32(1e38)
    if big.any():
        out = np.where(big, np.log1p(d.astype(np.float64)).astype(_F32), out)
    out = np.where(d < -1, _F32(np.nan), out)
    out = np.where(d == -1, _F32(-np.inf), out)
    out = np.where((d == 0) & np.signbit(d), _F32(-0.0), out)
    return np.where(np.isnan(d), d, out)


# glibc's expf: x/ln2 = k/32 + r/32, exp(x) = 2**(k/32) * 2**(r/32); the table
# holds 2**(i/32)'s bits less i/32 in the exponent field, so adding k's bits
# shifted into the exponent gives 2**(k/32)
_GLIBC_N = 32
_GLIBC_TAB = np.exp2(np.arange(_GLIBC_N) / _GLIBC_N).view(np.uint64) - (
    np.arange(_GLIBC_N, dtype=np.uint64) << np.uint64(47)
)
_GLIBC_INV_LN2_N = float.fromhex("0x1.71547652b82fep+0") * _GLIBC_N
_GLIBC_POLY = (
    float.fromhex("0x1.c6af84b912394p-5") / _GLIBC_N**3,
    float.fromhex("0x1.ebfce50fac4f3p-3") / _GLIBC_N**2,
    float.fromhex("0x1.62e42ff0c52d6p-1") / _GLIBC_N,
)
_GLIBC_SHIFT = float.fromhex("0x1.8p+52")  # adding it rounds to an integer


def _glibc_expf(x: np.ndarray) -> np.ndarray:
    """glibc's scalar float32 exp, step by step."""
    z = _GLIBC_INV_LN2_N * np.where(np.isfinite(x), x, 0).astype(np.float64)
    kd = z + _GLIBC_SHIFT
    ki = kd.view(np.uint64)
    r = z - (kd - _GLIBC_SHIFT)
    s = (_GLIBC_TAB[ki % np.uint64(_GLIBC_N)] + (ki << np.uint64(47))).view(np.float64)
    c0, c1, c2 = _GLIBC_POLY
    y = (c0 * r + c1) * (r * r) + (c2 * r + 1)
    y = (y * s).astype(_F32)
    y = np.where(x > float.fromhex("0x1.62e42ep6"), _F32(np.inf), y)
    y = np.where(x < float.fromhex("-0x1.9fe368p6"), _F32(0), y)
    return np.where(np.isnan(x), x, y)


_GLIBC_EXP2_POLY = tuple(c * _GLIBC_N ** (3 - i) for i, c in enumerate(_GLIBC_POLY))


def _glibc_exp2f(x: np.ndarray) -> np.ndarray:
    """glibc's scalar float32 exp2: the same table, x = k/32 + r."""
    xd = np.where(np.isfinite(x), x, 0).astype(np.float64)
    kd = xd + _GLIBC_SHIFT / _GLIBC_N
    ki = kd.view(np.uint64)
    r = xd - (kd - _GLIBC_SHIFT / _GLIBC_N)
    s = (_GLIBC_TAB[ki % np.uint64(_GLIBC_N)] + (ki << np.uint64(47))).view(np.float64)
    c0, c1, c2 = _GLIBC_EXP2_POLY
    y = (c0 * r + c1) * (r * r) + (c2 * r + 1)
    y = (y * s).astype(_F32)
    y = np.where(x >= 128, _F32(np.inf), y)
    y = np.where(x < -150, _F32(0), y)
    return np.where(np.isnan(x), x, y)


def _runs(a: np.ndarray) -> tuple[np.ndarray, tuple[int, ...]]:
    """The elements of ``a`` in memory order as rows of torch's inner loop,
    and the axis order that gives them. torch's loop walks a tensor in memory
    order; each run of adjacent elements is one inner loop, and a strided
    innermost axis gives runs of one element (the scalar loop only)."""
    order = tuple(sorted(range(a.ndim), key=lambda d: -abs(a.strides[d])))
    v = a.transpose(order)
    run, step = 1, a.itemsize
    for size, stride in zip(v.shape[::-1], v.strides[::-1]):
        if size != 1 and stride != step:
            break
        run, step = run * size, step * size
    return v.reshape(-1, run), order


def _vector_and_scalar(a: np.ndarray, vector: Callable, scalar: Callable) -> np.ndarray:
    """``vector`` on the whole blocks of 32 of each run, ``scalar`` on the rest,
    as torch's loop does (exact for tensors up to 32768 elements; torch splits
    larger ones among threads, and the few elements before each split then
    take the scalar loop)."""
    rows, order = _runs(a)
    out = np.empty(rows.shape, dtype=_F32)
    k = rows.shape[1] - rows.shape[1] % _BLOCK
    with np.errstate(over="ignore", invalid="ignore"):
        out[:, :k] = vector(rows[:, :k])
        out[:, k:] = scalar(rows[:, k:])
    shape = tuple(a.shape[d] for d in order)
    return out.reshape(shape).transpose(np.argsort(order))


def sigmoid(a: np.ndarray) -> np.ndarray:
    """float32 ``1 / (1 + exp(-a))`` with torch's last bits."""
    return _vector_and_scalar(
        a,
        lambda x: _F32(1) / (_sleef_expf(_F32(0) - x) + _F32(1)),
        lambda x: _F32(1) / (_F32(1) + _glibc_expf(-x)),
    )


def exp2(a: np.ndarray) -> np.ndarray:
    """float32 ``2 ** a`` with torch's last bits."""
    return _vector_and_scalar(a, _sleef_exp2f, _glibc_exp2f)
