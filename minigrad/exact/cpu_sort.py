"""The order torch's CPU kernels leave *equal* elements in.

``torch.sort`` (without ``stable=True``) and ``torch.topk`` on the CPU call
the C++ standard library's ``std::sort``, ``std::partial_sort`` and
``std::nth_element`` (GNU libstdc++). These are not stable: among equal
values, the indices come out in an order that depends on the algorithm's
steps. For short slices ``std::sort`` is an insertion sort (stable), so the
difference only shows up for slices longer than 16 that contain ties.

To give the very same indices, this module replays those algorithms step by
step. ``v`` is a list of indices and ``key[i]`` the rank of element ``i`` in
the wanted order (equal elements have equal ranks), so "``a`` comes before
``b``" is ``key[a] < key[b]``. Nothing here is needed to understand autograd:
it only decides which of several equal elements comes first.
"""

from __future__ import annotations

_THRESHOLD = 16  # std::sort leaves slices this short to insertion sort


# --- std::sort: introsort, then insertion sort ------------------------------
def sort(v: list, key: list) -> None:
    """``std::sort``: ``v`` in order of ``key``, in place."""
    n = len(v)
    if n < 2:
        return
    _introsort_loop(v, 0, n, 2 * _lg(n), key)
    if n > _THRESHOLD:
        _insertion_sort(v, 0, _THRESHOLD, key)
        _unguarded_insertion_sort(v, _THRESHOLD, n, key)
    else:
        _insertion_sort(v, 0, n, key)


def partial_sort(v: list, middle: int, key: list) -> None:
    """``std::partial_sort``: the ``middle`` first (smallest key) at the front, in order."""
    _heap_select(v, 0, middle, len(v), key)
    _sort_heap(v, 0, middle, key)


def nth_element(v: list, nth: int, key: list) -> None:
    """``std::nth_element``: ``v[nth]`` is what a full sort would put there,
    nothing before it is larger, nothing after it smaller."""
    first, last = 0, len(v)
    if first == last or nth == last:
        return
    depth = 2 * _lg(last - first)
    while last - first > 3:
        if depth == 0:
            _heap_select(v, first, nth + 1, last, key)
            v[first], v[nth] = v[nth], v[first]
            return
        depth -= 1
        cut = _partition_pivot(v, first, last, key)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(v, first, last, key)


def _lg(n: int) -> int:
    return n.bit_length() - 1


def _introsort_loop(v: list, first: int, last: int, depth: int, key: list) -> None:
    while last - first > _THRESHOLD:
        if depth == 0:  # too many bad pivots: heap sort the rest
            _heap_select(v, first, last, last, key)
            _sort_heap(v, first, last, key)
            return
        depth -= 1
        cut = _partition_pivot(v, first, last, key)
        _introsort_loop(v, cut, last, depth, key)
        last = cut


def _partition_pivot(v: list, first: int, last: int, key: list) -> int:
    """Median of three as the pivot (moved to ``first``), then partition."""
    a, b, c = first + 1, first + (last - first) // 2, last - 1
    if key[v[a]] < key[v[b]]:
        m = b if key[v[b]] < key[v[c]] else (c if key[v[a]] < key[v[c]] else a)
    else:
        m = a if key[v[a]] < key[v[c]] else (c if key[v[b]] < key[v[c]] else b)
    v[first], v[m] = v[m], v[first]
    pivot = v[first]
    lo, hi = first + 1, last
    while True:
        while key[v[lo]] < key[pivot]:
            lo += 1
        hi -= 1
        while key[pivot] < key[v[hi]]:
            hi -= 1
        if not lo < hi:
            return lo
        v[lo], v[hi] = v[hi], v[lo]
        lo += 1


def _insertion_sort(v: list, first: int, last: int, key: list) -> None:
    for i in range(first + 1, last):
        val = v[i]
        if key[val] < key[v[first]]:
            v[first + 1 : i + 1] = v[first:i]
            v[first] = val
        else:
            _linear_insert(v, i, key)


def _unguarded_insertion_sort(v: list, first: int, last: int, key: list) -> None:
    for i in range(first, last):
        _linear_insert(v, i, key)


def _linear_insert(v: list, i: int, key: list) -> None:
    val = v[i]
    while key[val] < key[v[i - 1]]:
        v[i] = v[i - 1]
        i -= 1
    v[i] = val


# --- the heap functions (std::make_heap, pop_heap, sort_heap) ---------------
def _heap_select(v: list, first: int, middle: int, last: int, key: list) -> None:
    _make_heap(v, first, middle, key)
    for i in range(middle, last):
        if key[v[i]] < key[v[first]]:
            _pop_heap(v, first, middle, i, key)


def _sort_heap(v: list, first: int, last: int, key: list) -> None:
    while last - first > 1:
        last -= 1
        _pop_heap(v, first, last, last, key)


def _make_heap(v: list, first: int, last: int, key: list) -> None:
    n = last - first
    if n < 2:
        return
    for parent in range((n - 2) // 2, -1, -1):
        _adjust_heap(v, first, parent, n, v[first + parent], key)


def _pop_heap(v: list, first: int, last: int, result: int, key: list) -> None:
    value = v[result]
    v[result] = v[first]
    _adjust_heap(v, first, 0, last - first, value, key)


def _adjust_heap(v: list, first: int, hole: int, n: int, value: int, key: list) -> None:
    top = child = hole
    while child < (n - 1) // 2:
        child = 2 * (child + 1)
        if key[v[first + child]] < key[v[first + child - 1]]:
            child -= 1
        v[first + hole] = v[first + child]
        hole = child
    if n % 2 == 0 and child == (n - 2) // 2:
        child = 2 * (child + 1)
        v[first + hole] = v[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2  # push ``value`` back up from ``hole``
    while hole > top and key[v[first + parent]] < key[value]:
        v[first + hole] = v[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    v[first + hole] = value
