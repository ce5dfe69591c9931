"""Benchmarks: minigrad against PyTorch (and plain numpy as the floor), side by side.

Run ``python -m benchmarks`` (or ``make bench``); ``--quick`` is a smoke run.
See ``benchmarks/README.md`` for the latest table and how it was measured.

BLAS gets one thread for every library. The environment variables must be set
before numpy or torch is imported, which is why they are set here, in the
package's first lines: ``python -m benchmarks`` imports this file first.
"""

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"
