"""``python -m benchmarks``: run every workload and write results/latest.{json,md}."""

from .run import main

raise SystemExit(main())
