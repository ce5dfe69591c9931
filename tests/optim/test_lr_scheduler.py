"""``minigrad.optim.lr_scheduler`` side by side with torch's: the learning rates
of every epoch (the same floats, compared with ``==``), the state dicts, a
save-and-resume in the middle of training, and the errors."""

from __future__ import annotations

import json
import math
import pickle
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
import torch

import minigrad

EPOCHS = 30


def _optimizer(lib):
    """SGD with two parameter groups, so that every scheduler handles several ``lr``s."""
    a, b = lib.nn.Parameter(lib.ones(2)), lib.nn.Parameter(lib.ones(3))
    return lib.optim.SGD([{"params": [a]}, {"params": [b], "lr": 0.05}], lr=0.1, momentum=0.9)


def _half(epoch: int) -> float:
    return 0.5 ** (epoch // 3)


def _warmup(epoch: int) -> float:
    return min(1.0, (epoch + 1) / 5)


SCHEDULERS = {
    "StepLR": ("StepLR", dict(step_size=4)),
    "StepLR_gamma": ("StepLR", dict(step_size=3, gamma=0.7)),
    "MultiStepLR": ("MultiStepLR", dict(milestones=[2, 5, 5, 11], gamma=0.3)),
    "ExponentialLR": ("ExponentialLR", dict(gamma=0.9)),
    "CosineAnnealingLR": ("CosineAnnealingLR", dict(T_max=10)),
    "CosineAnnealingLR_eta_min": ("CosineAnnealingLR", dict(T_max=7, eta_min=0.001)),
    "LambdaLR": ("LambdaLR", dict(lr_lambda=_half)),
    "LambdaLR_per_group": ("LambdaLR", dict(lr_lambda=[_half, _warmup])),
}


def _make(lib, name: str, opt=None, **extra):
    cls_name, kwargs = SCHEDULERS[name]
    opt = opt if opt is not None else _optimizer(lib)
    return opt, getattr(lib.optim.lr_scheduler, cls_name)(opt, **kwargs, **extra)


def _run(opt, scheduler, epochs: int) -> list:
    seen = []
    for _ in range(epochs):
        opt.step()
        scheduler.step()
        seen.append((scheduler.last_epoch, scheduler.get_last_lr(), _lrs(opt)))
    return seen


def _lrs(opt) -> list:
    return [{k: v for k, v in g.items() if k != "params"} for g in opt.param_groups]


def _comparable(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "lr_lambdas"}


@pytest.mark.parametrize("name", list(SCHEDULERS))
def test_learning_rates_are_torchs_floats(name: str) -> None:
    opt_m, sched_m = _make(minigrad, name)
    opt_t, sched_t = _make(torch, name)
    assert sched_m.get_last_lr() == sched_t.get_last_lr()
    assert _lrs(opt_m) == _lrs(opt_t)  # with "initial_lr" in every group
    assert _run(opt_m, sched_m, EPOCHS) == _run(opt_t, sched_t, EPOCHS)
    assert _comparable(sched_m.state_dict()) == _comparable(sched_t.state_dict())
    assert list(sched_m.state_dict()) == list(sched_t.state_dict())
    assert type(sched_m).__module__ == type(sched_t).__module__ == "torch.optim.lr_scheduler"


@pytest.mark.parametrize("name", list(SCHEDULERS))
def test_resuming_from_a_state_dict_continues_like_torch(name: str) -> None:
    results = []
    for lib in (minigrad, torch):
        opt, sched = _make(lib, name)
        _run(opt, sched, 9)
        saved_opt, saved_sched = opt.state_dict(), sched.state_dict()
        fresh_opt = _optimizer(lib)
        fresh_opt.load_state_dict(saved_opt)  # brings "initial_lr" back
        _, resumed = _make(lib, name, opt=fresh_opt, last_epoch=sched.last_epoch)
        after_init = (resumed.get_last_lr(), _lrs(fresh_opt))
        resumed.load_state_dict(saved_sched)
        results.append((after_init, _run(fresh_opt, resumed, 21)))
    assert results[0] == results[1]


@pytest.mark.parametrize("name", [n for n in SCHEDULERS if not n.startswith("LambdaLR")])
def test_step_with_an_epoch_uses_the_closed_form_like_torch(name: str) -> None:
    results = []
    for lib in (minigrad, torch):
        opt, sched = _make(lib, name)
        opt.step()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for epoch in [3, 7, 4, 12]:
                sched.step(epoch)
        results.append(([sched.get_last_lr(), _lrs(opt)], [str(w.message) for w in caught]))
    assert results[0] == results[1]


class _Scaled:
    """A callable object: LambdaLR saves its ``__dict__`` (a plain function is not saved)."""

    def __init__(self, factor: float) -> None:
        self.factor = factor

    def __call__(self, epoch: int) -> float:
        return self.factor / (epoch + 1)


def test_lambda_lr_saves_callable_objects_but_not_functions() -> None:
    states = []
    for lib in (minigrad, torch):
        opt = _optimizer(lib)
        sched = lib.optim.lr_scheduler.LambdaLR(opt, [_Scaled(2.0), _half])
        _run(opt, sched, 3)
        state = sched.state_dict()
        other = lib.optim.lr_scheduler.LambdaLR(_optimizer(lib), [_Scaled(1.0), _half])
        other.load_state_dict(state)
        states.append((state, other.lr_lambdas[0].factor, "lr_lambdas" in state))
    assert states[0] == states[1]
    assert states[0][0]["lr_lambdas"] == [{"factor": 2.0}, None]


PLATEAU_METRICS = [5.0, 4.0, 4.0, 3.9999, 4.1, 4.0, 3.0, 3.0, 3.0, 3.0, 3.0, 2.99, 2.99]
PLATEAU_METRICS += [2.5, 2.6, 2.7, 2.8, 2.9, 3.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.9]

PLATEAUS = [
    dict(),
    dict(patience=1),
    dict(patience=2, factor=0.5, cooldown=2),
    dict(patience=0, factor=0.5, min_lr=0.02),
    dict(patience=0, factor=0.5, min_lr=[0.04, 0.001]),
    dict(patience=1, threshold=0.1, threshold_mode="abs"),
    dict(patience=1, mode="max"),
    dict(patience=1, mode="max", threshold_mode="abs", threshold=0.05, cooldown=1),
    dict(patience=0, factor=0.9, eps=0.01),
]


@pytest.mark.parametrize("kwargs", PLATEAUS, ids=str)
def test_reduce_lr_on_plateau_follows_a_metric_like_torch(kwargs: dict) -> None:
    results = []
    for lib in (minigrad, torch):
        opt = _optimizer(lib)
        sched = lib.optim.lr_scheduler.ReduceLROnPlateau(opt, **kwargs)
        seen = [sched.get_last_lr()]
        for i, metric in enumerate(PLATEAU_METRICS):
            opt.step()
            sched.step(lib.tensor(metric) if i % 2 else metric)  # a number or a 0-dim tensor
            seen.append((sched.get_last_lr(), _lrs(opt), sched.best, sched.num_bad_epochs))
        results.append((seen, sched.state_dict()))
    assert results[0] == results[1]


def test_reduce_lr_on_plateau_state_dict_round_trip() -> None:
    results = []
    for lib in (minigrad, torch):
        opt = _optimizer(lib)
        sched = lib.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=1, cooldown=1)
        for metric in PLATEAU_METRICS[:10]:
            sched.step(metric)
        other = lib.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="max")
        other.load_state_dict(sched.state_dict())
        for metric in PLATEAU_METRICS[10:]:
            other.step(metric)
        results.append((other.get_last_lr(), other.state_dict()))
    assert results[0] == results[1]


def test_no_warning_when_the_optimizer_steps_first() -> None:
    opt, sched = _make(minigrad, "StepLR")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _run(opt, sched, 3)


def test_the_step_order_warning_is_torchs() -> None:
    said = []
    for lib in (minigrad, torch):
        _, sched = _make(lib, "ExponentialLR")
        with pytest.warns(UserWarning) as caught:
            sched.step()
        said.append([str(w.message) for w in caught])
    assert said[0] == said[1]
    assert "before `optimizer.step()`" in said[0][0]


def _error(make) -> tuple[str, str]:
    try:
        make()
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        return type(e).__name__, str(e)
    raise AssertionError("no error")


ERRORS = {
    "not an optimizer": lambda lib: lib.optim.lr_scheduler.StepLR("sgd", step_size=1),
    "lambdas count": lambda lib: lib.optim.lr_scheduler.LambdaLR(_optimizer(lib), [_half]),
    "resume without initial_lr": lambda lib: lib.optim.lr_scheduler.ExponentialLR(
        _optimizer(lib), gamma=0.5, last_epoch=2
    ),
    "plateau factor": lambda lib: lib.optim.lr_scheduler.ReduceLROnPlateau(
        _optimizer(lib), factor=1.0
    ),
    "plateau mode": lambda lib: lib.optim.lr_scheduler.ReduceLROnPlateau(
        _optimizer(lib), mode="lowest"
    ),
    "plateau threshold mode": lambda lib: lib.optim.lr_scheduler.ReduceLROnPlateau(
        _optimizer(lib), threshold_mode="percent"
    ),
    "plateau min_lrs": lambda lib: lib.optim.lr_scheduler.ReduceLROnPlateau(
        _optimizer(lib), min_lr=[0.1]
    ),
    "plateau not an optimizer": lambda lib: lib.optim.lr_scheduler.ReduceLROnPlateau(None),
}


@pytest.mark.parametrize("name", list(ERRORS))
def test_errors_are_torchs(name: str) -> None:
    assert _error(lambda: ERRORS[name](minigrad)) == _error(lambda: ERRORS[name](torch))


def test_cosine_annealing_reaches_eta_min_and_comes_back() -> None:
    opt, sched = _make(minigrad, "CosineAnnealingLR_eta_min")
    lrs = [lr for _, (lr, _), _ in _run(opt, sched, 14)]
    assert math.isclose(lrs[6], 0.001) and math.isclose(lrs[13], 0.1)


def test_lr_scheduler_is_a_submodule_loaded_with_optim_only() -> None:
    root = Path(__file__).resolve().parents[2]
    code = (
        "import json, sys\n"
        "import minigrad\n"
        "before = 'minigrad.optim.lr_scheduler' in sys.modules\n"
        "import minigrad.optim.lr_scheduler as m\n"
        "optim = minigrad.optim\n"
        "print(json.dumps([before, m is optim.lr_scheduler,\n"
        "    optim.lr_scheduler.StepLR.__name__, 'lr_scheduler' in optim.__all__]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == [False, True, "StepLR", True]


@pytest.mark.parametrize("name", ["StepLR", "CosineAnnealingLR", "MultiStepLR"])
def test_a_pickled_scheduler_carries_on_like_torchs(name: str) -> None:
    results = []
    for lib in (minigrad, torch):
        opt, sched = _make(lib, name)
        _run(opt, sched, 5)
        back = pickle.loads(pickle.dumps(sched))
        results.append((type(back).__name__, _run(back.optimizer, back, 10)))
    assert results[0] == results[1]
