"""The benchmark harness runs end to end in its quick mode and writes valid results.

No timing is asserted anywhere: these machines are shared and noisy. The
test only checks that every workload ran and that the JSON and Markdown
outputs are complete and consistent with each other.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKLOADS = ["1. per-op overhead", "2. deep graph", "3. MLP training step", "4. higher order",
             "5. what a learner feels"]  # fmt: skip


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, str]:
    out = tmp_path_factory.mktemp("bench")
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads((out / "latest.json").read_text()), (out / "latest.md").read_text()


def test_every_workload_ran(results: tuple[dict, str]) -> None:
    data, _ = results
    assert data["quick"] is True
    assert sorted({r["workload"] for r in data["rows"]}) == WORKLOADS
    measured = [r for r in data["rows"] if r["status"] == "measured"]
    for r in measured:
        assert r["values"], r
        assert all(v is None or v >= 0 for v in r["values"].values()), r


def test_ratio_is_minigrad_over_torch(results: tuple[dict, str]) -> None:
    data, _ = results
    with_ratio = [r for r in data["rows"] if r["ratio"] is not None]
    assert len(with_ratio) >= 6  # per-op, deep graph, MLP, hvp, import...
    for r in with_ratio:
        v = r["values"]
        assert r["ratio"] == pytest.approx(v["minigrad"] / v["torch"])
        if r["target"] is not None:
            assert r["met"] == (r["ratio"] <= r["target"])


def test_threads_pinned_and_blas_reported(results: tuple[dict, str]) -> None:
    env = results[0]["environment"]
    assert env["torch_threads"] == 1
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        assert env["thread_env"][var] == "1"
    assert env["numpy_blas"] and env["torch_blas"]
    if isinstance(env["threadpools"], list):  # threadpoolctl installed
        assert all(p["num_threads"] == 1 for p in env["threadpools"])


def test_deep_graph_is_freed_by_reference_counting(results: tuple[dict, str]) -> None:
    rows = {r["case"]: r for r in results[0]["rows"] if r["workload"] == "2. deep graph"}
    left = next(r for case, r in rows.items() if case.startswith("left after dropping"))
    assert left["values"]["minigrad"] == 0


def test_markdown_has_one_line_per_row(results: tuple[dict, str]) -> None:
    data, md = results
    table = [line for line in md.splitlines() if line.startswith("| ") and "---" not in line]
    assert table[0].startswith("| workload | case | minigrad | torch | numpy | ratio")
    assert len(table) == 1 + len(data["rows"])  # the header, then one line per row
    for r, line in zip(data["rows"], table[1:]):
        assert r["case"] in line
        if r["status"] == "pending":
            assert "pending" in line
