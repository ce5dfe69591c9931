"""``viz.record()`` learns the modules called inside it, so a model that is no variable
of the learner's cell (``trainer.model``, a model built in a function) is still named
by its module paths, in pictures (``recording=rec``) and in the stepper (``model=rec``).
It holds them weakly, and leaves no global hook behind."""

from __future__ import annotations

import gc
import re
import weakref

import pytest
import torch as real_torch

import minigrad
from minigrad import viz
from minigrad.widgets import BackwardStepper


def labels(source: str) -> set[str]:
    return set(re.findall(r"<B>([^<]+)</B>", source))


class Trainer:
    def __init__(self, nn):
        self.model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))


def _global_hooks(lib) -> dict:
    return dict(lib.nn.modules.module._global_forward_pre_hooks)


@pytest.mark.parametrize("lib", [minigrad, real_torch], ids=["minigrad", "torch"])
def test_a_model_that_is_no_variable_is_named_by_its_paths(lib) -> None:
    trainer = Trainer(lib.nn)
    x = lib.ones(2, 3)
    before = _global_hooks(lib)
    with viz.record() as rec:
        loss = trainer.model(x).sum()
    assert _global_hooks(lib) == before  # the hook that noted the modules is gone
    assert rec.modules == [trainer.model]  # the model, not its layers
    assert {"0.weight", "0.bias", "2.weight", "2.bias"} <= labels(
        viz.draw_forward(loss, recording=rec).source
    )
    assert {"0.weight", "2.bias"} <= labels(viz.draw_backward(loss, model=rec).source)
    stepper = BackwardStepper(loss, model=rec)
    assert sorted(stepper.recording.leaves) == ["0.bias", "0.weight", "2.bias", "2.weight"]
    assert stepper.recording.leaves["2.weight"] is trainer.model[2].weight
    stepper.close()
    # without the recording nothing names them: proof the names came from it
    assert "0.weight" not in labels(viz.draw_forward(loss).source)


@pytest.mark.parametrize("lib", [minigrad, real_torch], ids=["minigrad", "torch"])
def test_two_layers_called_in_a_function_get_distinct_names(lib) -> None:
    def run(layers, x):
        return layers[1](layers[0](x)).sum()

    layers = [lib.nn.Linear(2, 2), lib.nn.Linear(2, 1)]
    with viz.record() as rec:
        out = run(layers, lib.ones(2))
    found = labels(viz.draw_backward(out, recording=rec).source)
    assert {"linear0.weight", "linear0.bias", "linear1.weight", "linear1.bias"} <= found


def test_a_variable_name_wins_over_the_class_name() -> None:
    enc = minigrad.nn.Linear(2, 2)
    with viz.record() as rec:
        out = enc(minigrad.ones(2)).sum()
    assert "enc.weight" in labels(viz.draw_forward(out, recording=rec).source)


def _recorded(lib):
    model = Trainer(lib.nn).model
    with viz.record() as rec:
        model(lib.ones(1, 3)).sum().backward()
    return weakref.ref(model), rec


@pytest.mark.parametrize("lib", [minigrad, real_torch], ids=["minigrad", "torch"])
def test_the_recording_does_not_keep_the_model_alive(lib) -> None:
    ref, rec = _recorded(lib)
    gc.collect()
    assert ref() is None
    assert rec.modules == []


def test_model_must_be_modules() -> None:
    x = minigrad.tensor(1.0, requires_grad=True)
    with pytest.raises(TypeError, match="model= takes an nn.Module"):
        viz.draw_forward(x * 2, model=3)
    with pytest.raises(TypeError, match="model= takes an nn.Module"):
        BackwardStepper(x * 2, model=[x])


@pytest.mark.parametrize("lib", [minigrad, real_torch], ids=["minigrad", "torch"])
def test_explain_names_a_frozen_parameter_by_its_path(lib) -> None:
    from minigrad import explain

    trainer = Trainer(lib.nn)
    trainer.model[2].weight.requires_grad_(False)
    with viz.record() as rec:
        loss = trainer.model(lib.ones(1, 3)).sum()
    text = explain(trainer.model[2].weight, output=loss, model=rec).text
    assert "2.weight" in text
    assert "2.weight" not in explain(trainer.model[2].weight, output=loss).text
    assert "2.weight" in explain(trainer.model[2].weight, model=trainer.model).text
