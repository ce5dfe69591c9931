"""The losses' old ``size_average=``/``reduce=`` flags (torch.nn._reduction).

Before ``reduction=`` existed, a loss took two booleans: ``reduce=False``
returned every element's loss, otherwise ``size_average`` chose between the
mean and the sum. torch still accepts them, with a warning, in the loss
functions and in the loss modules alike; both go through ``legacy_reduction``.

>>> import warnings
>>> from minigrad.nn._reduction import legacy_reduction
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore")
...     legacy_reduction(size_average=False, reduce=None)
'sum'
"""

from __future__ import annotations

import warnings
from typing import Any

from ..exact import messages as _messages


def legacy_reduction(
    size_average: Any, reduce: Any, reduction: str = "mean", stacklevel: int = 2
) -> str:
    """``reduction`` if neither old flag is given; else the old flags' meaning,
    with torch's deprecation warning (torch's ``legacy_get_string``).

    The warning is reported at the loss's line (``stacklevel=2``), so it shows
    once per loss, as torch's; the binary cross-entropy losses and kl_div pass
    ``stacklevel=1``: torch reports theirs from its ``_reduction.py``."""
    if size_average is None and reduce is None:
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    if size_average and reduce:
        reduction = "mean"
    elif reduce:
        reduction = "sum"
    else:
        reduction = "none"
    warnings.warn(_messages.legacy_reduction(reduction), UserWarning, stacklevel=stacklevel)
    return reduction
