"""The one helper that names tensors after the learner's variables (minigrad.exact.names).

A frame is minigrad's when its code lives in a file of the minigrad package;
every other frame is the learner's. viz, the widgets and explain all ask it.
"""

from __future__ import annotations

import re
import sys

import minigrad as torch
from minigrad import explain, viz
from minigrad.exact import names as _names
from minigrad.widgets import interact_graph
from minigrad.widgets._common import caller_names


def labels_of(source: str) -> set[str]:
    """The first word of every node label of a DOT source (the variable names)."""
    return set(re.findall(r"<B>([^<]+)</B>", source))


def test_names_from_a_learners_function():
    def learner():
        weight = torch.tensor(2.0, requires_grad=True)
        out = weight * 3
        return viz.draw_forward(out).source

    found = labels_of(learner())
    assert {"weight", "out"} <= found
    # minigrad's own frames are skipped: draw_forward's parameter ``t`` names nothing
    assert "t" not in found


def test_nested_calls_name_from_the_innermost_learner_frame():
    def inner(a):
        hidden = a * 2
        return caller_names(), hidden

    def outer():
        leaf = torch.tensor(1.0, requires_grad=True)
        return inner(leaf), leaf

    (names, hidden), leaf = outer()
    # ``inner`` is the learner's frame: its ``a`` and ``hidden``, not outer's ``leaf``
    assert names[id(hidden)] == "hidden"
    assert names[id(leaf)] == "a"


def test_comprehension_sees_the_variables_around_it():
    def learner():
        w = torch.tensor(3.0, requires_grad=True)
        return [(dict(_names.caller_tensors()), t) for t in [w * 2]]

    [(found, t)] = learner()
    assert found["t"] is t  # the comprehension's own variable
    assert "w" in found  # and the function's, around it


def test_minigrad_frames_are_skipped_by_file_not_by_module_name():
    # a doctest runs with the globals of a minigrad module, but its code is the learner's
    scope = {"__name__": "minigrad.viz.something", "_names": _names, "torch": torch}
    code = compile(
        "x = torch.tensor(1.0)\nframe = _names.learner_frame()\n", "<doctest minigrad.viz>", "exec"
    )
    exec(code, scope)
    assert scope["frame"].f_code is code
    assert not _names.is_minigrad(scope["frame"])
    # code in a file of the package is minigrad's, whatever its globals say
    ours = {"__name__": "learner", "_names": _names}
    inside = compile("found = _names.learner_frame()\n", viz.__file__, "exec")
    frame = sys._getframe()
    exec(inside, ours)
    assert ours["found"] is frame  # the exec'd "minigrad" frame was skipped
    assert not _names.is_minigrad(frame)


def test_globals_and_underscore_names():
    found = dict(_names.caller_tensors())
    assert "GLOBAL_T" in found and "_hidden" not in found


GLOBAL_T = torch.tensor(5.0)
_hidden = torch.tensor(6.0)


def test_module_parameters_are_named_after_the_variables():
    model = torch.nn.Linear(2, 1)
    found = dict(_names.caller_tensors())
    assert found["model.weight"] is model.weight  # a layer on its own: its variable in front
    assert _names.caller_module_kinds() == {}  # a Linear has no submodules
    seq = torch.nn.Sequential(torch.nn.Linear(2, 1))
    assert _names.caller_module_kinds()["0"] == "Linear"
    assert dict(_names.caller_tensors())["0.weight"] is seq[0].weight  # a model: its paths


def test_two_layers_never_share_a_name_and_a_stray_variable_never_wins():
    enc, head = torch.nn.Linear(3, 4), torch.nn.Linear(4, 1)
    model = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Linear(2, 2))
    other = torch.nn.Sequential(torch.nn.Linear(2, 2))  # 0.weight too: both get prefixes
    first = model[0]  # part of model: named through it
    for _name, p in model.named_parameters():  # noqa: B007 - leaves p bound to model[1].bias
        pass
    pairs = _names.caller_tensors()
    by_id: dict[int, str] = {}
    for name, t in pairs:
        by_id.setdefault(id(t), name)
    assert by_id[id(enc.weight)] == "enc.weight" and by_id[id(head.weight)] == "head.weight"
    assert by_id[id(model[1].bias)] == "model.1.bias" == by_id[id(p)]  # not "p"
    assert by_id[id(first.weight)] == "model.0.weight"
    assert by_id[id(other[0].weight)] == "other.0.weight"
    names = [by_id[id(t)] for t in {id(t): t for _, t in pairs}.values()]
    assert len(names) == len(set(names))


def test_the_stepper_names_two_standalone_layers_apart():
    enc, head = torch.nn.Linear(3, 4), torch.nn.Linear(4, 1)
    loss = head(torch.relu(enc(torch.ones(2, 3)))).sum()
    from minigrad.widgets import BackwardStepper

    leaves = BackwardStepper(loss).recording.leaves
    assert sorted(leaves) == ["enc.bias", "enc.weight", "head.bias", "head.weight"]
    assert leaves["enc.weight"] is enc.weight


def test_explain_names_the_learners_variable():
    def learner():
        scale = torch.tensor([1.0, 2.0], requires_grad=True)
        doubled = scale * 2
        return explain(doubled)

    assert "doubled" in explain_text(learner())


def explain_text(e) -> str:
    return e.text


def test_interact_graph_names_the_functions_own_variables():
    def helper(u):
        return u * 2

    def f(x, w):
        scaled = w * x
        twice = helper(scaled)
        return twice + 1

    g = interact_graph(f, view="forward", x=2.0, w=(-3.0, 3.0))
    found = labels_of(g.source)
    assert {"scaled", "twice", "w", "x"} <= found
    assert "u" not in found  # the helper's variable: not f's
