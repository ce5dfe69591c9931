"""Random numbers that match PyTorch's CPU generator bit for bit.

PyTorch's CPU generator is a 32-bit Mersenne Twister (mt19937).  Every random
function turns the raw 32-bit draws into numbers in a fixed, documented way:

* ``random()``   -> one 32-bit draw
* ``random64()`` -> two 32-bit draws glued together as ``(first << 32) | second``

and then, for example, a float32 uniform number keeps 24 random bits and a
float64 uniform number keeps 53 random bits.  If we reproduce the draws and
the transformations exactly, ``minigrad.manual_seed(0); minigrad.randn(3)``
gives the very same numbers as ``torch.manual_seed(0); torch.randn(3)``.

numpy already ships the same Mersenne Twister (``np.random.MT19937``); we only
use its raw 32-bit output and do every transformation ourselves.

Example:
    >>> from minigrad import _random as R
    >>> _ = R.manual_seed(0)
    >>> R.rand((2,)).dtype
    dtype('float32')
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence

import numpy as np

from . import messages as _messages

Shape = int | Sequence[int]

# A new torch.Generator() starts from this seed.  (The global default generator
# is instead seeded from the operating system's randomness at start-up.)
DEFAULT_SEED = 67280421310721

_MT_N = 624  # size of the Mersenne Twister state
_U64 = (1 << 64) - 1
# 2^32 / 20: below this randperm uses the classic Fisher-Yates shuffle with
# 32-bit draws, above it an "inside-out" shuffle with 64-bit draws.
_RANDPERM_SMALL = 0xFFFFFFFF // 20
_STATE_BYTES = 5056  # size of torch's serialised CPU generator state


# ----------------------------------------------------------------------------
# The generator: raw 32-bit and 64-bit draws
# ----------------------------------------------------------------------------


class Generator:
    """A CPU random generator that produces the same stream as ``torch.Generator``.

    Example:
        >>> g = Generator().manual_seed(42)
        >>> g.initial_seed()
        42
    """

    def __init__(self, device: object = "cpu") -> None:
        from . import device as _device

        kind = _device.device(device).type
        if kind == "cuda":
            raise RuntimeError(_messages.CUDA_GENERATOR_WITHOUT_ATEN_CUDA)
        _device.check(device)
        self.device = _device.CPU
        self._mt: np.random.MT19937 | None = None  # made on the first draw: see _bits
        self._seed = DEFAULT_SEED
        # Box-Muller makes two normal numbers at a time; torch keeps the second
        # one for the next scalar normal draw.  Vectorised fills ignore it.
        self._next_double_normal: float | None = None
        self._next_float_normal: float | None = None
        self._fresh = True  # seeded and nothing drawn yet (only matters for get_state)
        self.manual_seed(DEFAULT_SEED)

    # -- seeding ---------------------------------------------------------------
    def manual_seed(self, seed: int) -> Generator:
        """Seed the generator (like ``torch.Generator.manual_seed``) and return it."""
        seed = int(seed)
        if seed < -(1 << 63) or seed > _U64:
            raise ValueError("Overflow when unpacking long long")
        seed &= _U64  # negative seeds wrap around like a C uint64_t
        self._seed = seed
        if self._mt is not None:  # (else _bits seeds it on the first draw)
            self._mt._legacy_seeding(seed & 0xFFFFFFFF)  # mt19937 reads the low 32 bits
        self._next_double_normal = None
        self._next_float_normal = None
        self._fresh = True
        return self

    def initial_seed(self) -> int:
        """The seed this generator was last seeded with."""
        return self._seed

    def seed(self) -> int:
        """Seed from the operating system's randomness and return the new seed."""
        new_seed = int.from_bytes(os.urandom(8), "little")
        self.manual_seed(new_seed)
        return new_seed

    @property
    def _bits(self) -> np.random.MT19937:
        """numpy's Mersenne Twister, seeded with ``self._seed``. It is made on the
        first draw, not at start-up: importing numpy.random costs about as much
        as the rest of ``import minigrad``."""
        if self._mt is None:
            self._mt = np.random.MT19937()
            self._mt._legacy_seeding(self._seed & 0xFFFFFFFF)
        return self._mt

    # -- raw draws -------------------------------------------------------------
    def random(self, n: int) -> np.ndarray:
        """``n`` raw 32-bit draws (torch's ``random()``), as uint64."""
        if n <= 0:
            return np.zeros(0, dtype=np.uint64)
        self._fresh = False
        return self._bits.random_raw(n).astype(np.uint64)

    def random64(self, n: int) -> np.ndarray:
        """``n`` 64-bit draws (torch's ``random64()``): ``(first << 32) | second``."""
        pairs = self.random(2 * n).reshape(n, 2)
        return (pairs[:, 0] << np.uint64(32)) | pairs[:, 1]

    # -- state -----------------------------------------------------------------
    def get_state(self) -> np.ndarray:
        """The full state as 5056 bytes, laid out exactly like ``torch.get_rng_state()``."""
        mt = self._bits.state["state"]
        pos = int(mt["pos"])
        buf = bytearray(_STATE_BYTES)
        view = memoryview(buf)
        # torch counts "left" down from 624 and "next" up from 0.
        nxt = 0 if (self._fresh and pos == _MT_N) else pos
        np.frombuffer(view[0:8], np.uint64)[:] = self._seed
        np.frombuffer(view[8:16], np.int32)[:] = (_MT_N + 1 - pos, 1)
        np.frombuffer(view[16:24], np.uint64)[:] = nxt
        np.frombuffer(view[24 : 24 + 8 * _MT_N], np.uint64)[:] = mt["key"]
        normal_y = np.frombuffer(view[5024:5032], np.float64)
        if self._next_double_normal is not None:
            normal_y[:] = self._next_double_normal
            np.frombuffer(view[5040:5044], np.int32)[:] = 1
        if self._next_float_normal is not None:
            np.frombuffer(view[5048:5052], np.float32)[:] = self._next_float_normal
            buf[5052] = 1
        return np.frombuffer(bytes(buf), dtype=np.uint8).copy()

    def set_state(self, state) -> None:
        """Restore a state produced by :meth:`get_state` (or by torch)."""
        raw = np.asarray(state, dtype=np.uint8).tobytes()
        if len(raw) != _STATE_BYTES:
            raise RuntimeError(_messages.bad_generator_state(_STATE_BYTES, len(raw)))
        seed = int(np.frombuffer(raw, np.uint64, 1, 0)[0])
        left = int(np.frombuffer(raw, np.int32, 1, 8)[0])
        key = np.frombuffer(raw, np.uint64, _MT_N, 24).astype(np.uint32)
        pos = _MT_N + 1 - left
        self._bits.state = {"bit_generator": "MT19937", "state": {"key": key, "pos": pos}}
        self._seed = seed
        self._fresh = int(np.frombuffer(raw, np.uint64, 1, 16)[0]) == 0 and pos == _MT_N
        has_double = int(np.frombuffer(raw, np.int32, 1, 5040)[0]) != 0
        self._next_double_normal = (
            float(np.frombuffer(raw, np.float64, 1, 5024)[0]) if has_double else None
        )
        self._next_float_normal = (
            float(np.frombuffer(raw, np.float32, 1, 5048)[0]) if raw[5052] else None
        )


# Like torch, the global generator starts from an unpredictable seed;
# call manual_seed() for reproducible numbers.
default_generator = Generator()
default_generator.seed()


def _gen(generator: Generator | None) -> Generator:
    return default_generator if generator is None else generator


def manual_seed(seed: int) -> Generator:
    """Seed the default generator, like ``torch.manual_seed``.

    Example:
        >>> manual_seed(0).initial_seed()
        0
    """
    return default_generator.manual_seed(seed)


def initial_seed() -> int:
    """The seed of the default generator, like ``torch.initial_seed``."""
    return default_generator.initial_seed()


def seed() -> int:
    """Seed the default generator non-deterministically, like ``torch.seed``."""
    return default_generator.seed()


def get_rng_state() -> np.ndarray:
    """The default generator's state (same bytes as ``torch.get_rng_state()``)."""
    return default_generator.get_state()


def set_rng_state(state) -> None:
    """Restore the default generator's state."""
    default_generator.set_state(state)


def _shape(shape: Shape) -> tuple:
    if isinstance(shape, (int, np.integer)):
        return (int(shape),)
    return tuple(int(s) for s in shape)


# ----------------------------------------------------------------------------
# Uniform numbers
# ----------------------------------------------------------------------------


def _uniform_bits(g: Generator, n: int, dtype: np.dtype) -> np.ndarray:
    """``n`` uniform numbers in [0, 1) the way torch makes them.

    float64 keeps 53 bits of a 64-bit draw, float32 keeps 24 bits of a 32-bit
    draw: ``(bits & mask) * 2**-digits``.  The result is exact, so it is
    returned as float64.
    """
    if dtype == np.float64:
        raw = g.random64(n)
        digits = 53
    elif dtype == np.float32:
        raw = g.random(n)
        digits = 24
    else:
        raise TypeError(f"random floats are only supported for float32 and float64, got {dtype}")
    mask = np.uint64((1 << digits) - 1)
    return (raw & mask).astype(np.float64) * (2.0**-digits)


def uniform_(
    arr: np.ndarray, a: float = 0.0, b: float = 1.0, generator: Generator | None = None
) -> np.ndarray:
    """Fill ``arr`` in place with numbers from [a, b), like ``Tensor.uniform_``.

    Example:
        >>> _ = manual_seed(0)
        >>> x = uniform_(np.empty(3, np.float32), -1.0, 1.0)
        >>> bool(((-1 <= x) & (x < 1)).all())
        True
    """
    dtype = arr.dtype
    if not float(a) <= float(b):
        raise RuntimeError(
            f"uniform_ expects to return a [from, to) range, but found "
            f"from={float(a):g} > to={float(b):g}"
        )
    g = _gen(generator)
    u = _uniform_bits(g, arr.size, dtype)
    # torch computes "u * (to - from) + from" as one fused multiply-add, in
    # float64 for float64 tensors and in float32 otherwise.
    if dtype == np.float64:
        lo, hi = np.float64(a), np.float64(b)
        vals = _fma64(u, hi - lo, lo)
    else:
        lo, hi = np.float32(a), np.float32(b)
        vals = _fma32(u.astype(np.float32), hi - lo, lo)
    arr[...] = vals.reshape(arr.shape).astype(dtype)
    return arr


def rand(shape: Shape, dtype=np.float32, generator: Generator | None = None) -> np.ndarray:
    """Uniform numbers in [0, 1), like ``torch.rand``.

    Example:
        >>> _ = manual_seed(0)
        >>> rand((2, 3)).shape
        (2, 3)
    """
    out = np.empty(_shape(shape), dtype=np.dtype(dtype))
    return uniform_(out, 0.0, 1.0, generator)


# ----------------------------------------------------------------------------
# Normal numbers
# ----------------------------------------------------------------------------
#
# torch has three code paths for Tensor.normal_:
#   1. float32, contiguous, 16+ elements: vectorised Box-Muller on blocks of 16
#      (8 cosines and 8 sines), using the float32 "avx_mathfun" log/sin/cos.
#      (This is torch's path on x86 CPUs with AVX2, i.e. practically every
#      laptop and cloud machine; CPUs without AVX2 give slightly different
#      float32 normals in torch itself.)  Those functions are built only from
#      +, -, *, fused multiply-adds and sqrt, which are exactly rounded, so we
#      rebuild them from numpy's float32 arithmetic (never np.log/np.sin/np.cos,
#      whose results depend on which SIMD code numpy picks for the CPU).
#   2. other dtypes, contiguous, 16+ elements: the same block scheme with the
#      C library's double-precision log/sin/cos.
#   3. everything else: one Box-Muller pair per two numbers, in double
#      precision, keeping the second number for the next call.

_F = np.float32


def _fma32(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Fused multiply-add ``a * b + c`` rounded once to float32.

    The product of two floats is exact in float64.  The sum is done in float64
    and, if it landed exactly half-way between two floats while not being
    exact, nudged towards the true value so the final rounding is correct.
    """
    p = a.astype(np.float64) * b.astype(np.float64)
    c = np.broadcast_to(c, p.shape).astype(np.float64)
    s = p + c
    bb = s - p
    err = (p - (s - bb)) + (c - bb)  # exact: s + err == p + c
    bits = s.view(np.int64)
    halfway = ((bits & 0x1FFFFFFF) == 0x10000000) & (err != 0)
    if halfway.any():
        towards_bigger = (err > 0) == (s > 0)
        bits = np.where(halfway, bits + np.where(towards_bigger, 1, -1), bits)
        s = bits.view(np.float64)
    return s.astype(_F)


def _two_sum(a: np.ndarray, b: np.ndarray) -> tuple:
    """``s, err`` with ``s = fl(a + b)`` and ``s + err == a + b`` exactly."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _split(a: np.ndarray) -> tuple:
    """Split a float64 into two halves of 26 bits each (Veltkamp)."""
    t = a * 134217729.0  # 2**27 + 1
    hi = t - (t - a)
    return hi, a - hi


def _fma64(a, b, c) -> np.ndarray:
    """Fused multiply-add ``a * b + c`` rounded once, in float64.

    The product is split exactly into ``p + e``; the sum ``c + p + e`` is then
    rounded with the "round to odd" trick (Boldo and Melquiond), which makes the
    last rounding correct.
    """
    a, b, c = np.broadcast_arrays(*(np.asarray(v, dtype=np.float64) for v in (a, b, c)))
    p = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl  # p + e == a * b exactly
    th, tl = _two_sum(c, p)
    v, verr = _two_sum(tl, e)
    bits = v.view(np.int64)
    inexact_even = (verr != 0) & ((bits & 1) == 0)
    if inexact_even.any():  # round to odd: step to the odd neighbour towards the truth
        towards_bigger = (verr > 0) == (v > 0)
        bits = np.where(inexact_even, bits + np.where(towards_bigger, 1, -1), bits)
        v = bits.view(np.float64)
    return th + v


def _log_avx(x: np.ndarray) -> np.ndarray:
    """Natural log of positive float32 values, the Cephes polynomial way.

    torch's compiled version fuses each ``a * b + c`` into one rounding
    (a fused multiply-add), so we do the same with :func:`_fma32`.
    """
    one = _F(1.0)
    x = np.maximum(x, np.float32(np.finfo(np.float32).tiny))
    bits = x.view(np.int32)
    e = ((bits >> 23) - 0x7F).astype(_F) + one
    x = ((bits & ~0x7F800000) | 0x3F000000).view(_F)  # mantissa scaled into [0.5, 1)
    small = x < _F(0.707106781186547524)
    x = x - one + np.where(small, x, _F(0.0))
    e = e - np.where(small, one, _F(0.0))
    z = x * x
    y = np.full_like(x, _F(7.0376836292e-2))
    for coef in (
        -1.1514610310e-1,
        1.1676998740e-1,
        -1.2420140846e-1,
        1.4249322787e-1,
        -1.6668057665e-1,
        2.0000714765e-1,
        -2.4999993993e-1,
        3.3333331174e-1,
    ):
        y = _fma32(y, x, _F(coef))
    y = _fma32(y * x, z, e * _F(-2.12194440e-4))
    y = y - z * _F(0.5)  # exact product, so fusing makes no difference
    return (x + y) + e * _F(0.693359375)  # exact product again


def _sincos_avx(x: np.ndarray) -> tuple:
    """Sine and cosine of non-negative float32 values (Cephes sinf/cosf)."""
    j = (x * _F(1.27323954473516)).astype(np.int32)  # truncation, x * 4/pi
    j = (j + 1) & ~1
    y = j.astype(_F)
    sin_flip = (j & 4) != 0
    cos_flip = ((j - 2) & 4) == 0
    use_sin_poly = (j & 2) == 0  # which polynomial gives the sine
    # reduce x to [-pi/4, pi/4] in three steps for extra precision
    x = _fma32(y, _F(-0.78515625), x)
    x = _fma32(y, _F(-2.4187564849853515625e-4), x)
    x = _fma32(y, _F(-3.77489497744594108e-8), x)
    z = x * x
    c = _fma32(np.full_like(z, _F(2.443315711809948e-5)), z, _F(-1.388731625493765e-3))
    c = _fma32(c, z, _F(4.166664568298827e-2))
    c = _fma32(c * z, z, -(z * _F(0.5))) + _F(1.0)
    s = _fma32(np.full_like(z, _F(-1.9515295891e-4)), z, _F(8.3321608736e-3))
    s = _fma32(s, z, _F(-1.6666654611e-1))
    s = _fma32(s * z, x, x)
    sin = np.where(use_sin_poly, s, c)
    cos = np.where(use_sin_poly, c, s)
    sin = np.where(sin_flip, -sin, sin)
    cos = np.where(cos_flip, -cos, cos)
    return sin, cos


def _box_muller_16_float32(data: np.ndarray, mean: np.float32, std: np.float32) -> None:
    """Turn rows of 16 uniform float32 numbers into 16 normal numbers (in place)."""
    u1 = _F(1.0) - data[:, :8]  # [0, 1) -> (0, 1] so the log is finite
    u2 = data[:, 8:]
    radius = np.sqrt(_F(-2.0) * _log_avx(u1))
    theta = _F(2.0 * math.pi) * u2
    sin, cos = _sincos_avx(theta)
    data[:, :8] = _fma32(radius * cos, std, mean)
    data[:, 8:] = _fma32(radius * sin, std, mean)


def _libm(fn, x: np.ndarray) -> np.ndarray:
    """Apply one of Python's ``math`` functions to every element of ``x``.

    torch's double-precision path calls the C library's log/cos/sin one element
    at a time, and so does Python's ``math`` module.  numpy's own ``np.log`` etc.
    may pick a vectorised version (e.g. on CPUs with AVX-512) that differs in the
    last bit, so we do not use them here.
    """
    flat = x.ravel().tolist()
    return np.fromiter(map(fn, flat), np.float64, len(flat)).reshape(x.shape)


def _box_muller_16_float64(data: np.ndarray, mean: float, std: float) -> None:
    """Turn rows of 16 uniform float64 numbers into 16 normal numbers (in place).

    Only +, -, *, sqrt (exactly rounded everywhere) and the C library's
    log/cos/sin are used, so the result does not depend on the CPU.
    """
    u1 = 1.0 - data[:, :8]
    u2 = data[:, 8:]
    radius = np.sqrt(-2.0 * _libm(math.log, u1))
    theta = (2.0 * math.pi) * u2
    data[:, :8] = _fma64(radius * _libm(math.cos, theta), std, mean)
    data[:, 8:] = _fma64(radius * _libm(math.sin, theta), std, mean)


def _normal_fill(g: Generator, n: int, dtype: np.dtype, mean: float, std: float) -> np.ndarray:
    """The blocked Box-Muller used for contiguous tensors of 16+ elements."""
    work = dtype.type
    transform = _box_muller_16_float32 if work is np.float32 else _box_muller_16_float64
    m, s = work(mean), work(std)
    data = _uniform_bits(g, n, dtype).astype(work)
    full = n // 16 * 16
    transform(data[:full].reshape(-1, 16), m, s)
    if n % 16:
        # torch redraws 16 fresh uniforms for the last 16 slots and
        # transforms them again (overwriting part of the last full block).
        tail = _uniform_bits(g, 16, dtype).astype(work).reshape(1, 16)
        transform(tail, m, s)
        data[n - 16 :] = tail[0]
    return data


def _normal_scalar(g: Generator, n: int, mean: float, std: float) -> np.ndarray:
    """One double-precision Box-Muller sample at a time, with torch's cache."""
    out = np.empty(n, dtype=np.float64)
    for i in range(n):
        cached = g._next_double_normal
        if cached is not None:
            g._next_double_normal = None
            out[i] = cached
            continue
        u1, u2 = _uniform_bits(g, 2, np.dtype(np.float64))
        r = math.sqrt(-2.0 * math.log1p(-float(u2)))
        theta = 2.0 * math.pi * float(u1)
        g._next_double_normal = r * math.sin(theta)
        out[i] = r * math.cos(theta)
    return _fma64(out, std, mean)  # sample * std + mean, fused like torch


def normal_(
    arr: np.ndarray, mean: float = 0.0, std: float = 1.0, generator: Generator | None = None
) -> np.ndarray:
    """Fill ``arr`` in place with normal numbers, like ``Tensor.normal_``.

    Example:
        >>> _ = manual_seed(0)
        >>> normal_(np.empty(4, np.float64)).shape
        (4,)
    """
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {float(std):g}")
    if arr.dtype not in (np.float32, np.float64):
        raise TypeError(
            f"random floats are only supported for float32 and float64, got {arr.dtype}"
        )
    g = _gen(generator)
    n = arr.size
    if n >= 16 and arr.flags.c_contiguous:
        vals = _normal_fill(g, n, arr.dtype, mean, std)
    else:
        vals = _normal_scalar(g, n, float(mean), float(std))
    arr[...] = vals.reshape(arr.shape).astype(arr.dtype)
    return arr


def randn(shape: Shape, dtype=np.float32, generator: Generator | None = None) -> np.ndarray:
    """Standard normal numbers, like ``torch.randn``.

    Example:
        >>> _ = manual_seed(0)
        >>> randn((2, 2)).shape
        (2, 2)
    """
    out = np.empty(_shape(shape), dtype=np.dtype(dtype))
    return normal_(out, 0.0, 1.0, generator)


# ----------------------------------------------------------------------------
# Integers, permutations, coin flips
# ----------------------------------------------------------------------------


def randint(
    low: int, high: int, shape: Shape, dtype=np.int64, generator: Generator | None = None
) -> np.ndarray:
    """Integers in [low, high), like ``torch.randint``: ``low + draw % (high - low)``.

    Ranges below 2**28 use one 32-bit draw per number, larger ranges a 64-bit draw.

    Example:
        >>> _ = manual_seed(0)
        >>> x = randint(0, 10, (5,))
        >>> bool(((0 <= x) & (x < 10)).all())
        True
    """
    low, high = int(low), int(high)
    if low >= high:
        raise RuntimeError(
            f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
        )
    g = _gen(generator)
    shape = _shape(shape)
    n = math.prod(shape)
    span = high - low
    raw = g.random64(n) if span >= (1 << 28) else g.random(n)
    offsets = raw % np.uint64(span)
    # low + offset fits in int64 for every valid torch range
    vals = offsets.astype(np.int64) + np.int64(low)
    return vals.astype(np.dtype(dtype)).reshape(shape)


def randperm(n: int, dtype=np.int64, generator: Generator | None = None) -> np.ndarray:
    """A random permutation of ``0..n-1``, like ``torch.randperm``.

    torch shuffles with Fisher-Yates: for each position ``i`` it swaps in the
    element at ``i + draw % (n - i)``.

    Example:
        >>> _ = manual_seed(0)
        >>> sorted(randperm(5).tolist())
        [0, 1, 2, 3, 4]
    """
    n = int(n)
    if n < 0:
        raise RuntimeError(f"Trying to create tensor with negative dimension {n}: [{n}]")
    g = _gen(generator)
    if n < _RANDPERM_SMALL:
        perm = list(range(n))
        if n > 1:
            # The draws do not depend on the shuffle, so draw them all at once.
            steps = (g.random(n - 1) % np.arange(n, 1, -1, dtype=np.uint64)).tolist()
            for i, z in enumerate(steps):
                j = i + z
                perm[i], perm[j] = perm[j], perm[i]
    else:
        # "inside-out" shuffle with 64-bit draws for huge n
        steps = (g.random64(n) % np.arange(1, n + 1, dtype=np.uint64)).tolist()
        perm = [0] * n
        for i, z in enumerate(steps):
            perm[i] = perm[z]
            perm[z] = i
    return np.array(perm, dtype=np.dtype(dtype))


def bernoulli_p(
    shape: Shape, p: float, dtype=np.float32, generator: Generator | None = None
) -> np.ndarray:
    """Coin flips that are 1 with probability ``p``, like ``torch.empty(shape).bernoulli_(p)``.

    Each flip compares one float64 uniform number with ``p``.

    Example:
        >>> _ = manual_seed(0)
        >>> set(bernoulli_p((10,), 0.5).tolist()) <= {0.0, 1.0}
        True
    """
    if not 0.0 <= p <= 1.0:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={float(p):g}")
    g = _gen(generator)
    shape = _shape(shape)
    u = _uniform_bits(g, math.prod(shape), np.dtype(np.float64))
    return (u < p).astype(np.dtype(dtype)).reshape(shape)


def bernoulli_tensor(p: np.ndarray, generator: Generator | None = None) -> np.ndarray:
    """Coin flips that are 1 with probability ``p[i]``, like ``torch.bernoulli(p)``.

    torch flips them one by one, in order: a float64 ``p`` is compared with a
    float64 uniform number (a 64-bit draw), any other with a float32 one (a 32-bit
    draw). The flips come back as booleans.

    Example:
        >>> _ = manual_seed(0)
        >>> bernoulli_tensor(np.array([0.0, 1.0], dtype=np.float32)).tolist()
        [False, True]
    """
    g = _gen(generator)
    kind = np.dtype(np.float64) if p.dtype == np.float64 else np.dtype(np.float32)
    with np.errstate(invalid="ignore"):
        bad = ~((p >= 0) & (p <= 1)).reshape(-1)
    if bad.any():  # torch checks each p as it comes to it: the ones before it drew
        _uniform_bits(g, int(np.argmax(bad)), kind)
        raise RuntimeError(_messages.BERNOULLI_P_RANGE)
    u = _uniform_bits(g, p.size, kind)
    return (u < p.reshape(-1).astype(np.float64)).reshape(p.shape)


def poisson(rates: np.ndarray, generator: Generator | None = None) -> np.ndarray:
    """Poisson counts with the rates ``rates``, like ``torch.poisson``: torch's sampler
    (Knuth's product of uniforms below rate 10, Hörmann's transformed rejection
    from 10 on), element by element, with float64 uniform numbers (64-bit draws).

    Example:
        >>> _ = manual_seed(0)
        >>> poisson(np.array([0.0, 3.0])).tolist()[0]
        0.0
    """
    g = _gen(generator)

    def uniform() -> float:
        return float(_uniform_bits(g, 1, np.dtype(np.float64))[0])

    def sample(lam: float) -> int:
        if not lam >= 0:  # (checked rate by rate: the ones before it drew)
            raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
        if lam >= 10:
            slam, loglam = math.sqrt(lam), math.log(lam)
            b = 0.931 + 2.53 * slam
            a = -0.059 + 0.02483 * b
            invalpha = 1.1239 + 1.1328 / (b - 3.4)
            vr = 0.9277 - 3.6224 / (b - 2)
            while True:
                u = uniform() - 0.5
                v = uniform()
                us = 0.5 - abs(u)
                k = math.floor((2 * a / us + b) * u + lam + 0.43)
                if us >= 0.07 and v <= vr:
                    return k
                if k < 0 or (us < 0.013 and v > us):
                    continue
                if (math.log(v) + math.log(invalpha) - math.log(a / (us * us) + b)) <= (
                    -lam + k * loglam - math.lgamma(k + 1.0)
                ):
                    return k
        if lam == 0:
            return 0
        count, prod, limit = 0, 1.0, math.exp(-lam)
        while True:
            prod *= uniform()
            if prod <= limit:
                return count
            count += 1

    counts = [sample(float(lam)) for lam in rates.reshape(-1).tolist()]
    return np.array(counts, dtype=rates.dtype).reshape(rates.shape)


def random_bits(shape: Shape, dtype=np.int64, generator: Generator | None = None) -> np.ndarray:
    """What ``torch.empty(shape, dtype=dtype).random_()`` fills in.

    Integers are uniform over [0, largest value]; floats over the integers
    [0, 2**mantissa_bits] that the type stores exactly.  int64 and float64 use
    a 64-bit draw per number, the other types a 32-bit draw.

    Example:
        >>> _ = manual_seed(0)
        >>> int(random_bits((), np.int64)) >= 0
        True
    """
    dt = np.dtype(dtype)
    g = _gen(generator)
    shape = _shape(shape)
    n = math.prod(shape)
    if dt == np.bool_:
        span = 2
    elif dt.kind == "f":
        span = (1 << (np.finfo(dt).nmant + 1)) + 1
    else:
        span = int(np.iinfo(dt).max) + 1
    raw = g.random64(n) if dt in (np.int64, np.float64) else g.random(n)
    return (raw % np.uint64(span)).astype(dt).reshape(shape)


def exponential(
    shape: Shape, lambd: float = 1.0, dtype=np.float32, generator: Generator | None = None
) -> np.ndarray:
    """Exponential numbers, like ``Tensor.exponential_``: ``-log(1 - u) / lambd``
    with ``u`` a float64 uniform number, rounded to ``dtype`` at the end.

    Example:
        >>> _ = manual_seed(0)
        >>> bool((exponential((5,)) >= 0).all())
        True
    """
    g = _gen(generator)
    shape = _shape(shape)
    u = _uniform_bits(g, math.prod(shape), np.dtype(np.float64))
    vals = _libm(math.log1p, -u)
    return (-1.0 / float(lambd) * vals).astype(np.dtype(dtype)).reshape(shape)


def multinomial(
    probs: np.ndarray,
    num_samples: int,
    replacement: bool = False,
    generator: Generator | None = None,
) -> np.ndarray:
    """Indices drawn with weights ``probs`` (one row per distribution), like
    ``torch.multinomial``.  Checks are the caller's job.

    Without replacement (or for a single sample) torch uses the "exponential
    race": each category gets ``p / E`` with ``E`` exponential, and the largest
    ``num_samples`` win.  With replacement it walks the normalised running sum
    of each row and, per sample, binary-searches where a uniform number lands.

    Example:
        >>> _ = manual_seed(0)
        >>> multinomial(np.array([0.0, 1.0]), 1).tolist()
        [1]
    """
    g = _gen(generator)
    rows = probs.reshape(-1, probs.shape[-1])
    if not replacement or num_samples == 1:
        q = rows / exponential(rows.shape, 1.0, rows.dtype, g)
        # a stable sort of -q keeps the lower index first among ties, as torch's topk does
        out = np.argsort(-q, axis=1, kind="stable")[:, :num_samples]
    else:
        out = np.empty((rows.shape[0], num_samples), dtype=np.int64)
        for i, row in enumerate(rows):
            cum = np.cumsum(row.astype(np.float64)).astype(row.dtype)
            total = cum[-1]
            if total > 0:
                cum = cum / total
            cum[-1] = 1
            u = _uniform_bits(g, num_samples, np.dtype(np.float64))
            # first slot whose running sum is >= u
            out[i] = np.searchsorted(cum.astype(np.float64), u, side="left")
    return out.astype(np.int64).reshape(probs.shape[:-1] + (num_samples,))
