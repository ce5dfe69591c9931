"""``import minigrad`` loads the core only; nn, optim, the pictures, the widgets,
``autograd.functional`` and numpy's random generator load on first use, as in
torch and scipy. Each check runs in a fresh interpreter and looks at
``sys.modules`` (never at a time)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LAZY = [
    "minigrad.nn",
    "minigrad.nn.functional",
    "minigrad.optim",
    "minigrad.utils",
    "minigrad.viz",
    "minigrad.widgets",
    "minigrad.lessons",
    "minigrad.serialization",
    "minigrad.autograd.functional",
    "minigrad.autograd.forward_ad",
    "minigrad.func",
    "numpy.random",
]


def _run(code: str) -> dict:
    """Run ``code`` in a fresh interpreter; it leaves its answer in ``out``."""
    prelude = "import json, sys\nout = {}\n"
    epilogue = "\nprint(json.dumps(out))\n"
    done = subprocess.run(
        [sys.executable, "-c", prelude + code + epilogue],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_import_minigrad_loads_none_of_the_lazy_modules() -> None:
    out = _run(
        "import minigrad\n"
        "x = minigrad.tensor([1.0, 2.0], requires_grad=True)\n"
        "(x * x).sum().backward()\n"
        f"out['loaded'] = [m for m in {LAZY!r} if m in sys.modules]\n"
        "out['graphviz'] = 'graphviz' in sys.modules or 'ipywidgets' in sys.modules\n"
    )
    assert out == {"loaded": [], "graphviz": False}


def test_dir_lists_the_lazy_names() -> None:
    out = _run(
        "import minigrad\n"
        "out['dir'] = dir(minigrad)\n"
        "out['autograd'] = dir(minigrad.autograd)\n"
        f"out['loaded'] = [m for m in {LAZY!r} if m in sys.modules]\n"
    )
    assert out["loaded"] == []  # listing them does not load them
    for name in ("nn", "optim", "utils", "viz", "widgets", "lessons", "softmax", "func", "vmap"):
        assert name in out["dir"], name
    for name in ("tensor", "manual_seed", "randn", "Tensor", "autograd", "explain"):
        assert name in out["dir"], name
    assert "functional" in out["autograd"]
    assert "forward_ad" in out["autograd"]


@pytest.mark.parametrize(
    ("code", "loads"),
    [
        ("import minigrad as torch\nout['v'] = repr(torch.nn.Linear(2, 3))", "minigrad.nn"),
        ("from minigrad import nn\nout['v'] = repr(nn.Tanh())", "minigrad.nn"),
        ("import minigrad.nn\nout['v'] = repr(minigrad.nn.ReLU())", "minigrad.nn"),
        (
            "import minigrad as torch\nout['v'] = type(torch.optim.SGD).__name__",
            "minigrad.optim",
        ),
        (
            "import minigrad as torch\n"
            "out['v'] = str(torch.autograd.functional.jacobian("
            "lambda a: a * a, torch.tensor([1.0, 2.0])).tolist())",
            "minigrad.autograd.functional",
        ),
        (
            "import minigrad as torch\n"
            "out['v'] = str(torch.softmax(torch.tensor([0.0, 0.0]), dim=0).tolist())",
            "minigrad.nn.functional",
        ),
        (
            "import minigrad as torch\n"
            "out['v'] = str(torch.tensor([0.0, 0.0]).log_softmax(0).exp().tolist())",
            "minigrad.nn.functional",
        ),
        ("import minigrad as torch\nout['v'] = torch.viz.__name__", "minigrad.viz"),
        ("import minigrad as torch\nout['v'] = torch.widgets.__name__", "minigrad.widgets"),
        ("import minigrad as torch\nout['v'] = str(torch.randn(2).shape)", "numpy.random"),
        (
            "import minigrad as torch\n"
            "out['v'] = str(torch.func.grad(lambda a: a * a)(torch.tensor(3.0)).item())",
            "minigrad.func",
        ),
        (
            "import minigrad as torch\nout['v'] = str(torch.vmap(torch.dot)(torch.ones(2, 2), "
            "torch.ones(2, 2)).tolist())",
            "minigrad.func",
        ),
        (
            "import minigrad as torch\n"
            "fw = torch.autograd.forward_ad\n"
            "with fw.dual_level():\n"
            "    out['v'] = repr(fw.make_dual(torch.ones(1), torch.ones(1)))",
            "minigrad.autograd.forward_ad",
        ),
        (
            "import minigrad.autograd.forward_ad as fwAD\nout['v'] = fwAD.__name__",
            "minigrad.autograd.forward_ad",
        ),
    ],
)
def test_first_use_loads_the_module(code: str, loads: str) -> None:
    out = _run(
        "import minigrad\n"
        f"out['before'] = {loads!r} in sys.modules\n"
        + code
        + f"\nout['after'] = {loads!r} in sys.modules\n"
    )
    assert out["before"] is False
    assert out["after"] is True
    assert out["v"]


def test_the_lazy_generator_gives_torchs_numbers() -> None:
    out = _run(
        "import minigrad as torch\n"
        "torch.manual_seed(0)\n"
        "out['randn'] = torch.randn(3).tolist()\n"
        "torch.manual_seed(0)\n"
        "state = torch.get_rng_state()\n"
        "out['again'] = torch.randn(3).tolist()\n"
        "torch.set_rng_state(state)\n"
        "out['restored'] = torch.randn(3).tolist()\n"
        "out['seed'] = torch.initial_seed()\n"
    )
    # torch.manual_seed(0); torch.randn(3)
    expected = [1.5409960746765137, -0.293428897857666, -2.1787893772125244]
    assert out["randn"] == pytest.approx(expected)
    assert out["again"] == out["randn"] == out["restored"]
    assert out["seed"] == 0


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    out = _run(
        "import minigrad\n"
        "try:\n    minigrad.no_such_thing\nexcept AttributeError as e:\n    out['e'] = str(e)\n"
        "try:\n    minigrad.autograd.nope\nexcept AttributeError as e:\n    out['a'] = str(e)\n"
    )
    assert out == {
        "e": "module 'minigrad' has no attribute 'no_such_thing'",
        "a": "module 'minigrad.autograd' has no attribute 'nope'",
    }


def test_tensors_and_generators_pickle_without_the_lazy_modules() -> None:
    out = _run(
        "import pickle, minigrad as torch\n"
        "g = torch.Generator().manual_seed(3)\n"
        "t = pickle.loads(pickle.dumps(torch.tensor([1.0, 2.0])))\n"
        "g2 = pickle.loads(pickle.dumps(g))\n"
        "out['t'] = t.tolist()\n"
        "out['g'] = [torch.rand(2, generator=g).tolist(), torch.rand(2, generator=g2).tolist()]\n"
    )
    assert out["t"] == [1.0, 2.0]
    assert out["g"][0] == out["g"][1]


def test_the_aids_on_minigrad_tensors_never_import_torch() -> None:
    out = _run(
        "import minigrad as torch\n"
        "from minigrad import viz, widgets, explain\n"
        "w = torch.tensor(2.0, requires_grad=True)\n"
        "with viz.record():\n"
        "    z = w * 3\n"
        "viz.draw(z).source\n"
        "widgets.BackwardStepper(z).goto(1).source\n"
        "explain(z)\n"
        "widgets.interact_graph(lambda x, w: w * x, x=2.0, w=(-1.0, 1.0))\n"
        "widgets.JacobianExplorer(lambda x: x * x, torch.tensor([1.0, 2.0]))\n"
        "out['torch'] = [m for m in sys.modules if m == 'torch' or m.startswith('torch.')]\n"
    )
    assert out["torch"] == []


def test_handed_a_torch_tensor_the_aids_use_the_torch_already_imported() -> None:
    out = _run(
        "import minigrad\n"
        "from minigrad import viz, explain\n"
        "out['before'] = 'torch' in sys.modules\n"
        "import torch\n"
        "w = torch.tensor(2.0, requires_grad=True)\n"
        "out['ops'] = 'label=<mul>' in viz.draw_forward(w * 3).source\n"
        "out['cause'] = explain(w * 3).cause\n"
    )
    assert out == {"before": False, "ops": True, "cause": "non_leaf"}
