"""The core of minigrad: what a first read of the code is about.

- ``tensor.py``: what a tensor holds (data, ``grad``, ``grad_fn``) and ``backward()``;
- ``node.py``: a node of the graph, the tensors it saves (with their versions), and
  ``Op.apply``, which records one operation;
- ``engine.py``: ``run_backward``, the loop that walks the graph;
- ``grad_mode.py``: ``no_grad`` and friends; ``versions.py``: the version counter;
- ``reference_engine.py``: the engine's algorithm alone, to read first;
- ``registry.py``: the few pieces the core calls that the layers above own, registered
  by them when they load (the core imports nothing above it).

The derivative rules are in ``minigrad/ops/``; torch's exact wording, dtypes, float32
kernels and summation order are in ``minigrad/exact/``.
"""
