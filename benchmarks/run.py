"""Run the benchmarks and write ``results/latest.json`` and ``results/latest.md``.

python -m benchmarks                 # the full table (about ten minutes)
python -m benchmarks --quick         # a smoke run: tiny sizes, few repeats
python -m benchmarks --only mlp      # some workloads only
python -m benchmarks --out DIR       # write the results somewhere else

MINIGRAD_BENCH_PEERS=mygrad,autograd python -m benchmarks   # only these peers
MINIGRAD_BENCH_PEERS=none python -m benchmarks              # no peers
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import re
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import numpy as np

from . import peers as P
from . import workloads as W

RESULTS = Path(__file__).resolve().parent / "results"

WORKLOADS = {
    "per-op": lambda libs, quick, peers: W.bench_per_op(libs, quick, peers),
    "deep": lambda libs, quick, peers: W.bench_deep_graph(libs, quick, peers),
    "mlp": lambda libs, quick, peers: W.bench_mlp(libs, quick, peers),
    "higher": lambda libs, quick, peers: W.bench_higher_order(libs, quick, peers),
    "import": lambda libs, quick, peers: W.bench_import(quick),
    "viz": lambda libs, quick, peers: W.bench_viz(quick),
    "sliders": lambda libs, quick, peers: W.bench_sliders(quick),
    "stepper": lambda libs, quick, peers: W.bench_stepper(quick),
    "stepper-big": lambda libs, quick, peers: W.bench_stepper_big(quick),
    "error-help": lambda libs, quick, peers: W.bench_error_help(quick),
    "nbval": lambda libs, quick, peers: W.bench_nbval(quick),
}

# What the peers cannot run, said under the table (a "–" alone would not say why).
PEER_NOTES = [
    "Peers: with the full run's 1,000 ops, the per-op rows' ms in total are µs per op.",
    "HIPS autograd's forward is its trace (`make_vjp`), its backward the VJP that returns.",
    "micrograd runs the scalar workloads only (one Python float per `Value`); its 0.1.0 "
    "release has no `tanh`/`exp`, so `benchmarks/peers.py` adds them in micrograd's own "
    "style; its recursive `backward` runs with the recursion limit raised to 50,000.",
    f"The peers run the deep graph up to N = {W.PEERS_MAX_N:,} (MyGrad needs about 17 s "
    "per forward at N = 100,000). In row 4 HIPS autograd runs its own "
    "`hessian_vector_product` and `hessian` (MyGrad and micrograd cannot differentiate "
    "a gradient); row 5 measures minigrad's own import, pictures and lessons.",
]


def pin_threads() -> Any:
    """One BLAS / OpenMP thread for every library; returns the threadpoolctl limiter."""
    import torch

    torch.set_num_threads(1)
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # the environment variables set in __init__ still apply
        return None
    return threadpool_limits(limits=1)


def environment() -> dict[str, Any]:
    """Which machine, which versions, which BLAS (and with how many threads)."""
    import torch

    import minigrad

    cpu = ""
    try:
        text = Path("/proc/cpuinfo").read_text()
        found = re.search(r"model name\s*:\s*(.+)", text)
        cpu = found.group(1).strip() if found else ""
    except OSError:
        pass
    buf = io.StringIO()
    with redirect_stdout(buf):
        np.show_config()
    numpy_blas = ""
    try:
        cfg = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
        numpy_blas = f"{cfg.get('name')} {cfg.get('version')}"
    except Exception:  # older numpy: keep the printed text only
        numpy_blas = buf.getvalue().strip()[:200]
    torch_cfg = torch.__config__.show()
    torch_blas = re.search(r"BLAS_INFO=(\w+)", torch_cfg)
    try:
        from threadpoolctl import threadpool_info

        pools = [
            {
                k: p.get(k)
                for k in (
                    "internal_api",
                    "prefix",
                    "version",
                    "num_threads",
                    "architecture",
                    "filepath",
                )
            }  # fmt: skip
            for p in threadpool_info()
        ]
    except ImportError:
        pools = "threadpoolctl not installed"
    return {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "numpy": np.__version__,
        "torch": torch.__version__,
        "minigrad": getattr(minigrad, "__version__", "dev"),
        "numpy_blas": numpy_blas,
        "torch_blas": torch_blas.group(1) if torch_blas else "unknown",
        "torch_threads": torch.get_num_threads(),
        "thread_env": {
            k: os.environ.get(k)
            for k in (
                "OMP_NUM_THREADS",
                "OPENBLAS_NUM_THREADS",
                "MKL_NUM_THREADS",
                "OPENBLAS_CORETYPE",
                "OPENBLAS_L2_SIZE",
            )  # fmt: skip
        },
        "threadpools": pools,
    }


# --- output -------------------------------------------------------------------
def _fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "–"
    if unit == "objects" and value != int(value):  # (per node: 4.50 objects)
        return f"{value:.2f} {unit}"
    if unit in ("B", "objects"):
        return f"{value:,.0f} {unit}"
    if unit == "×":
        return f"{value:.2f}×"
    if value >= 100:
        return f"{value:,.0f} {unit}"
    if value >= 1:
        return f"{value:.2f} {unit}"
    return f"{value:.3g} {unit}"


def markdown(results: dict[str, Any]) -> str:
    env = results["environment"]
    peers = env["peers"]
    versions = ", ".join(f"{name} {version}" for name, version in peers.items())
    lines = [
        f"Measured {env['date']} on {env['cpu'] or 'unknown CPU'} ({env['cores']} cores), "
        f"Python {env['python']}, numpy {env['numpy']} ({env['numpy_blas']}), "
        f"torch {env['torch']} (BLAS: {env['torch_blas']}, {env['torch_threads']} thread)"
        f"{', quick mode' if results['quick'] else ''}. "
        f"Peers: {versions}. "
        "Medians of interleaved runs; ratio = minigrad / torch; "
        "÷ fastest peer = minigrad / the fastest peer that ran the row; "
        "met: the target against torch and, where a peer ran, ahead of every peer.",
        "",
        "| workload | case | minigrad | torch | numpy | "
        + " | ".join(peers)
        + " | ratio | target | met | ÷ fastest peer |",
        "| --- | --- | ---: | ---: | ---: | "
        + "---: | " * len(peers)
        + "---: | --- | :---: | ---: |",
    ]
    columns = ("minigrad", "torch", "numpy", *peers)
    for r in results["rows"]:
        v = r["values"]
        if r["status"] == "pending":
            cells = ["–"] * (len(columns) + 1) + [r["target_text"], "pending", ""]
        else:
            met = {True: "yes", False: "**no**", None: ""}[r["met"]]
            if r["met"] is False and None not in (r["met_torch"], r["met_peer"]):
                missed = "torch" if r["met_peer"] else "peer" if r["met_torch"] else "both"
                met += f" ({missed})"
            ratio = f"{r['ratio']:.2f}" if r["ratio"] is not None else ""
            cells = [_fmt(v.get(k), r["unit"]) for k in columns]
            vs_peer = ""
            if r.get("peer_ratio") is not None:
                ahead = "ahead" if r["peer_ratio"] <= 1 else "**behind**"
                vs_peer = f"{r['peer_ratio']:.2f} ({r['fastest_peer']}: {ahead})"
            cells += [ratio, r["target_text"], met, vs_peer]
        case = r["case"] + (f" ({r['note']})" if r["note"] else "")
        lines.append("| " + " | ".join([r["workload"], case, *cells]) + " |")
    lines += ["", *(f"- {note}" for note in PEER_NOTES)]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--quick", action="store_true", help="tiny sizes, few repeats (smoke)")
    parser.add_argument("--only", nargs="+", choices=list(WORKLOADS), help="run only these")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where latest.* are written")
    args = parser.parse_args(argv)

    limiter = pin_threads()
    import torch

    import minigrad

    libs = {"minigrad": minigrad, "torch": torch}
    peers, versions = P.load()
    results: dict[str, Any] = {"quick": args.quick, "environment": environment(), "rows": []}
    results["environment"]["peers"] = versions
    for name in args.only or list(WORKLOADS):
        start = time.perf_counter()
        rows = WORKLOADS[name](libs, args.quick, peers)
        results["rows"] += rows
        print(f"{name}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
        for r in rows:
            ratio = f"  ratio {r['ratio']:.2f}" if r["ratio"] is not None else ""
            print(f"  {r['case']}: {r['values']}{ratio}", file=sys.stderr)
    del limiter

    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "latest.json").write_text(json.dumps(results, indent=1) + "\n")
    table = markdown(results)
    (args.out / "latest.md").write_text(table)
    print(table)
    return 0
