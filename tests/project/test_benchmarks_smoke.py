"""The benchmark harness runs end to end in its quick mode and writes valid results.

No timing is asserted anywhere: these machines are shared and noisy. The
test only checks that every workload ran and that the JSON and Markdown
outputs are complete and consistent with each other.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKLOADS = ["1. per-op overhead", "2. deep graph", "3. MLP training step", "4. higher order",
             "5. what a learner feels"]  # fmt: skip
PEERS = ["mygrad", "autograd", "micrograd"]  # the optional columns (the `bench` extra)
# Which workloads each peer runs (micrograd is scalar only: no MLP).
PEER_WORKLOADS = {
    "mygrad": {"1. per-op overhead", "2. deep graph", "3. MLP training step"},
    "autograd": {"1. per-op overhead", "2. deep graph", "3. MLP training step", "4. higher order"},
    "micrograd": {"1. per-op overhead", "2. deep graph"},
}


def installed(peer: str) -> bool:
    return importlib.util.find_spec(peer) is not None


def run_quick(out: Path, *args: str, block: tuple[str, ...] = (), env: dict | None = None):
    """``python -m benchmarks --quick``; the peers in ``block`` cannot be imported
    (``sys.modules[name] = None`` makes ``import name`` raise ImportError, as if
    the package were not installed)."""
    code = (
        f"import sys; sys.modules.update(dict.fromkeys({list(block)!r}))\n"
        "from benchmarks.run import main; raise SystemExit(main(sys.argv[1:]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "--quick", "--out", str(out), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        env={**os.environ, **(env or {})},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads((out / "latest.json").read_text()), (out / "latest.md").read_text()


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, str]:
    return run_quick(tmp_path_factory.mktemp("bench"))


@pytest.fixture(scope="module")
def without_peers(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, str]:
    """micrograd made unimportable, autograd left out by MINIGRAD_BENCH_PEERS."""
    out = tmp_path_factory.mktemp("bench-no-peers")
    return run_quick(out, "--only", "per-op", "mlp", block=("micrograd",),
                     env={"MINIGRAD_BENCH_PEERS": "mygrad,micrograd"})  # fmt: skip


def md_cells(md: str, peers: dict[str, str]) -> list[dict[str, str]]:
    """The Markdown table as one {column: cell} dict per row."""
    table = [line for line in md.splitlines() if line.startswith("| ") and "---" not in line]
    header = [c.strip() for c in table[0].strip("|").split("|")]
    assert header[2 : 5 + len(peers)] == ["minigrad", "torch", "numpy", *peers]
    split = [[c.strip() for c in line.strip("|").split("|")] for line in table[1:]]
    return [dict(zip(header, cells)) for cells in split]


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
            assert r["met_torch"] == (r["ratio"] <= r["target"])


def test_met_needs_the_torch_target_and_every_peer_behind(results: tuple[dict, str]) -> None:
    data, md = results
    for r in data["rows"]:
        if r["status"] != "measured":
            continue
        parts = []
        if r["target"] is not None and r["ratio"] is not None:
            parts.append(r["ratio"] <= r["target"])
        if r["peer_ratio"] is not None and r["peer_target"] is not None:
            parts.append(r["peer_ratio"] <= r["peer_target"])
        if parts:
            assert r["met"] == all(parts), r
        if r["met"] is False and len(parts) == 2:
            missed = "torch" if parts[1] else "peer" if parts[0] else "both"
            assert f"**no** ({missed})" in md


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
    assert table[0].startswith("| workload | case | minigrad | torch | numpy | mygrad | autograd")
    assert len(table) == 1 + len(data["rows"])  # the header, then one line per row
    for r, line in zip(data["rows"], table[1:]):
        assert r["case"] in line
        if r["status"] == "pending":
            assert "pending" in line


def test_installed_peers_have_columns_and_versions(results: tuple[dict, str]) -> None:
    data, md = results
    versions = data["environment"]["peers"]
    assert list(versions) == PEERS
    rows = md_cells(md, versions)
    for peer in PEERS:
        if not installed(peer):
            assert versions[peer] == "not installed"
            assert f"{peer} not installed" in md.splitlines()[0]
            assert all(r[peer] == "–" for r in rows)
            continue
        assert versions[peer][0].isdigit(), versions[peer]
        assert f"{peer} {versions[peer]}" in md.splitlines()[0]
        for r, cells in zip(data["rows"], rows):
            # the timed rows of its workloads; not the memory and growth rows
            if r["workload"] in PEER_WORKLOADS[peer] and r["unit"] == "ms":
                assert r["values"].get(peer, 0) > 0, (peer, r["case"])
                assert cells[peer] != "–", (peer, r["case"])
            else:
                assert peer not in r["values"] and cells[peer] == "–", (peer, r["case"])


def test_a_missing_peer_shows_a_dash(without_peers: tuple[dict, str]) -> None:
    data, md = without_peers
    versions = data["environment"]["peers"]
    assert versions["micrograd"] == "not installed"
    assert versions["autograd"] == "not run"
    assert "micrograd not installed" in md.splitlines()[0]
    rows = md_cells(md, versions)
    assert [r["workload"] for r in data["rows"]] == ["1. per-op overhead"] * 2 + [
        "3. MLP training step"
    ] * 2
    for r, cells in zip(data["rows"], rows):
        assert "micrograd" not in r["values"] and "autograd" not in r["values"]
        assert cells["micrograd"] == cells["autograd"] == "–"
        assert (cells["mygrad"] != "–") == installed("mygrad")


def test_peer_ratio_is_minigrad_over_the_fastest_peer(results: tuple[dict, str]) -> None:
    data, md = results
    for r in data["rows"]:
        ran = {k: r["values"][k] for k in PEERS if r["values"].get(k)}
        if not ran or r["values"].get("minigrad") is None:
            assert r["peer_ratio"] is None
            continue
        assert r["fastest_peer"] == min(ran, key=ran.get)
        assert r["peer_ratio"] == pytest.approx(r["values"]["minigrad"] / min(ran.values()))
        assert f"{r['peer_ratio']:.2f} ({r['fastest_peer']}:" in md


def test_the_bytecode_profile_names_the_core_functions_an_op_runs() -> None:
    from benchmarks.profile import per_op_profile

    fwd, bwd, n = per_op_profile(8)
    assert n == 8
    assert fwd["core/node.py::Op.apply"] > 0 and fwd["core/tensor.py::Tensor._make"] > 0
    assert bwd["core/engine.py::run_backward"] > 0
    assert "core/engine.py::run_backward" not in fwd  # the passes are counted apart
    # the chain's ops are all alike, so the count per op does not depend on its length
    fwd16, _, _ = per_op_profile(16)
    assert abs(sum(fwd16.values()) / 16 - sum(fwd.values()) / 8) < 0.1 * sum(fwd.values()) / 8


def test_the_floor_does_the_chains_arithmetic_and_records_each_op(capsys) -> None:
    from benchmarks.floor import Floor, main
    from benchmarks.workloads import op_chain, op_chain_numpy

    x, w = Floor.tensor([0.3]), Floor.tensor([0.1])
    y = op_chain(Floor, x, w, 40)
    expected = op_chain_numpy(np.array([0.3], np.float32), np.array([0.1], np.float32), 40)
    assert y.data.dtype == np.float32 and np.array_equal(y.data, expected)
    nodes, node = 0, y.grad_fn
    while node is not None:  # one node per op, each linked to the one before
        nodes += 1
        node = node.next[0]
    assert nodes == 40
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    for name in ("minigrad", "torch", "floor", "minigrad, GC off", "torch, GC on"):
        assert f"  {name} " in out
