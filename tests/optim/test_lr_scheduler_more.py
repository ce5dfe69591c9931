"""The other schedulers of ``torch.optim.lr_scheduler`` side by side with torch's:
MultiplicativeLR, ConstantLR, LinearLR, PolynomialLR, CosineAnnealingWarmRestarts,
CyclicLR, OneCycleLR (which also change the momentum), and SequentialLR and
ChainedScheduler (which drive other schedulers). The learning rates of every
step are the same floats (compared with ``==``), and so are the groups'
settings, the state dicts, a resume, the warnings and the errors."""

from __future__ import annotations

import copy
import pickle
import warnings

import pytest
import torch

import minigrad

from .test_lr_scheduler import _comparable, _lrs

STEPS = 30


def _optimizer(lib, name: str = "SGD"):
    """Two parameter groups; SGD with momentum, or Adam (whose ``beta1`` cycles)."""
    a, b = lib.nn.Parameter(lib.ones(2)), lib.nn.Parameter(lib.ones(3))
    groups = [{"params": [a]}, {"params": [b], "lr": 0.05}]
    if name == "Adam":
        return lib.optim.Adam(groups, lr=0.1)
    return lib.optim.SGD(groups, lr=0.1, momentum=0.9)


def _run(opt, scheduler, steps: int) -> list:
    """Step the optimizer then the scheduler; what each step leaves (a ChainedScheduler,
    like torch's, has no ``last_epoch``)."""
    seen = []
    for _ in range(steps):
        opt.step()
        scheduler.step()
        epoch = getattr(scheduler, "last_epoch", None)
        seen.append((epoch, scheduler.get_last_lr(), _lrs(opt)))
    return seen


def _shrink(epoch: int) -> float:
    return 0.9 if epoch % 3 else 1.1


def _half(epoch: int) -> float:
    return 0.5


SIMPLE = {
    "MultiplicativeLR": ("MultiplicativeLR", dict(lr_lambda=_shrink)),
    "MultiplicativeLR_per_group": ("MultiplicativeLR", dict(lr_lambda=[_shrink, _half])),
    "ConstantLR": ("ConstantLR", dict()),
    "ConstantLR_half": ("ConstantLR", dict(factor=0.5, total_iters=4)),
    "LinearLR": ("LinearLR", dict()),
    "LinearLR_down": ("LinearLR", dict(start_factor=1.0, end_factor=0.1, total_iters=7)),
    "PolynomialLR": ("PolynomialLR", dict()),
    "PolynomialLR_power": ("PolynomialLR", dict(total_iters=12, power=2.5)),
    "CosineAnnealingWarmRestarts": ("CosineAnnealingWarmRestarts", dict(T_0=5)),
    "CosineAnnealingWarmRestarts_mult": (
        "CosineAnnealingWarmRestarts",
        dict(T_0=3, T_mult=2, eta_min=0.001),
    ),
    "CyclicLR": ("CyclicLR", dict(base_lr=0.01, max_lr=0.1, step_size_up=4)),
    "CyclicLR_triangular2": (
        "CyclicLR",
        dict(
            base_lr=[0.01, 0.02], max_lr=0.2, step_size_up=3, step_size_down=5, mode="triangular2"
        ),
    ),
    "CyclicLR_exp_range": (
        "CyclicLR",
        dict(base_lr=0.01, max_lr=0.1, step_size_up=3, mode="exp_range", gamma=0.9),
    ),
    "CyclicLR_no_momentum": (
        "CyclicLR",
        dict(base_lr=0.01, max_lr=0.1, step_size_up=2, cycle_momentum=False),
    ),
    "CyclicLR_scale_fn": (
        "CyclicLR",
        dict(base_lr=0.01, max_lr=0.1, step_size_up=2, scale_fn=_half, scale_mode="iterations"),
    ),
    "OneCycleLR": ("OneCycleLR", dict(max_lr=0.5, total_steps=STEPS + 1)),
    "OneCycleLR_linear": (
        "OneCycleLR",
        dict(max_lr=[0.5, 1.0], epochs=4, steps_per_epoch=8, anneal_strategy="linear"),
    ),
    "OneCycleLR_three_phase": (
        "OneCycleLR",
        dict(max_lr=0.5, total_steps=STEPS, pct_start=0.25, three_phase=True, div_factor=10.0),
    ),
}


def _make(lib, name: str, opt=None, optimizer: str = "SGD", **extra):
    cls_name, kwargs = SIMPLE[name]
    opt = opt if opt is not None else _optimizer(lib, optimizer)
    return opt, getattr(lib.optim.lr_scheduler, cls_name)(opt, **kwargs, **extra)


def _steps(name: str) -> int:
    return STEPS - 1 if name.startswith("OneCycleLR") else STEPS  # (OneCycleLR stops at its end)


@pytest.mark.parametrize("optimizer", ["SGD", "Adam"])
@pytest.mark.parametrize("name", list(SIMPLE))
def test_learning_rates_are_torchs_floats(name: str, optimizer: str) -> None:
    opt_m, sched_m = _make(minigrad, name, optimizer=optimizer)
    opt_t, sched_t = _make(torch, name, optimizer=optimizer)
    assert sched_m.get_last_lr() == sched_t.get_last_lr()
    assert _lrs(opt_m) == _lrs(opt_t)  # "initial_lr", and the momentum or betas
    assert _run(opt_m, sched_m, _steps(name)) == _run(opt_t, sched_t, _steps(name))
    state_m, state_t = sched_m.state_dict(), sched_t.state_dict()
    assert _comparable(state_m) == _comparable(state_t)
    assert list(state_m) == list(state_t)
    assert type(sched_m).__module__ == type(sched_t).__module__ == "torch.optim.lr_scheduler"


@pytest.mark.parametrize("name", list(SIMPLE))
def test_resuming_from_a_state_dict_continues_like_torch(name: str) -> None:
    results = []
    for lib in (minigrad, torch):
        opt, sched = _make(lib, name)
        _run(opt, sched, 9)
        saved_opt, saved_sched = opt.state_dict(), sched.state_dict()
        fresh_opt = _optimizer(lib)
        fresh_opt.load_state_dict(saved_opt)
        _, resumed = _make(lib, name, opt=fresh_opt, last_epoch=sched.last_epoch)
        after_init = (resumed.get_last_lr(), _lrs(fresh_opt))
        resumed.load_state_dict(saved_sched)
        results.append((after_init, _run(fresh_opt, resumed, _steps(name) - 10)))
    assert results[0] == results[1]


@pytest.mark.parametrize(
    "name", ["ConstantLR_half", "LinearLR_down", "PolynomialLR_power", "CyclicLR"]
)
def test_step_with_an_epoch_uses_the_closed_form_like_torch(name: str) -> None:
    results = []
    for lib in (minigrad, torch):
        opt, sched = _make(lib, name)
        opt.step()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for epoch in [3, 7, 4, 12, 2]:
                sched.step(epoch)
                results.append(sched.get_last_lr())
        results.append([str(w.message) for w in caught])
    half = len(results) // 2
    assert results[:half] == results[half:]


@pytest.mark.parametrize("T_mult", [1, 2, 3])
def test_warm_restarts_with_fractional_epochs_like_torch(T_mult: int) -> None:
    """Stepped after every batch: ``scheduler.step(epoch + i / iters)``, as its docs show."""
    results = []
    for lib in (minigrad, torch):
        opt = _optimizer(lib)
        sched = lib.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=T_mult)
        seen = []
        with warnings.catch_warnings(record=True) as caught:  # (none: this step takes epochs)
            warnings.simplefilter("always")
            for epoch in range(12):
                for i in range(3):
                    opt.step()
                    sched.step(epoch + i / 3)
                    seen.append((sched.last_epoch, sched.T_cur, sched.T_i, sched.get_last_lr()))
        results.append((seen, [str(w.message) for w in caught]))
    assert results[0] == results[1]


# --- schedulers of schedulers ------------------------------------------------------
def _sequential(lib, opt, **extra):
    sch = lib.optim.lr_scheduler
    warmup = sch.LinearLR(opt, start_factor=0.1, total_iters=4)
    middle = sch.ConstantLR(opt, factor=0.5, total_iters=3)
    decay = sch.CosineAnnealingLR(opt, T_max=10)
    return sch.SequentialLR(opt, [warmup, middle, decay], milestones=[5, 9], **extra)


def _chained(lib, opt):
    sch = lib.optim.lr_scheduler
    return sch.ChainedScheduler([sch.ConstantLR(opt, factor=0.3), sch.ExponentialLR(opt, 0.9)])


def _nested(lib, opt):
    """A ChainedScheduler inside a SequentialLR, as in torch's tests."""
    sch = lib.optim.lr_scheduler
    first = sch.ChainedScheduler(
        [sch.ConstantLR(opt, factor=0.5, total_iters=3), sch.ExponentialLR(opt, gamma=0.9)]
    )
    return sch.SequentialLR(opt, [first, sch.StepLR(opt, step_size=2)], milestones=[6])


COMPOSITE = {"SequentialLR": _sequential, "ChainedScheduler": _chained, "nested": _nested}


def _plain(state):
    """A composite's state dict, without the functions nobody can compare."""
    if isinstance(state, dict):
        return {k: _plain(v) for k, v in state.items() if k != "lr_lambdas"}
    if isinstance(state, list):
        return [_plain(v) for v in state]
    return state


@pytest.mark.parametrize("name", list(COMPOSITE))
def test_schedulers_of_schedulers_are_torchs(name: str) -> None:
    results = []
    for lib in (minigrad, torch):
        opt = _optimizer(lib)
        with warnings.catch_warnings(record=True) as caught:  # (nesting steps the inner ones)
            warnings.simplefilter("always")
            sched = COMPOSITE[name](lib, opt)
        first = (sched.get_last_lr(), _lrs(opt), [str(w.message) for w in caught])
        seen = _run(opt, sched, STEPS)
        state = sched.state_dict()
        results.append((first, seen, _plain(state), list(state), type(sched).__module__))
    assert results[0] == results[1]


@pytest.mark.parametrize("name", ["SequentialLR", "nested"])
def test_a_composite_resumes_from_its_state_dict_like_torch(name: str) -> None:
    results = []
    for lib in (minigrad, torch):
        opt = _optimizer(lib)
        sched = COMPOSITE[name](lib, opt)
        _run(opt, sched, 7)
        saved = copy.deepcopy(sched.state_dict())
        other_opt = _optimizer(lib)
        other = COMPOSITE[name](lib, other_opt)
        other.load_state_dict(saved)
        other_opt.load_state_dict(opt.state_dict())
        results.append(_run(other_opt, other, 12))
    assert results[0] == results[1]


# --- warnings, errors, pickling ------------------------------------------------------
def _all_made(lib):
    opt = _optimizer(lib)
    made = [_make(lib, name, opt=_optimizer(lib))[1] for name in SIMPLE]
    return made + [COMPOSITE[name](lib, opt) for name in COMPOSITE]


def test_stepping_before_the_optimizer_warns_like_torch() -> None:
    said = []
    for lib in (minigrad, torch):
        caught_per_scheduler = []
        for sched in _all_made(lib):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                sched.step()
                sched.step()
            caught_per_scheduler.append([(w.category.__name__, str(w.message)) for w in caught])
        said.append(caught_per_scheduler)
    assert said[0] == said[1]
    assert sum(1 for caught in said[0] if caught) > len(said[0]) // 2


def test_no_warning_when_the_optimizer_steps_first() -> None:
    for sched in _all_made(minigrad):
        sched.optimizer.step()
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            sched.step()


def test_get_lr_outside_step_warns_like_torch() -> None:
    said = []
    for lib in (minigrad, torch):
        made = _all_made(lib)[: len(SIMPLE)]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            for sched in made:
                sched.get_lr()
        said.append([str(w.message) for w in caught])
    assert said[0] == said[1] and len(said[0]) == len(SIMPLE)


def _error(make) -> tuple[str, str]:
    try:
        make()
    except Exception as e:  # noqa: BLE001 - the error is what is compared
        return type(e).__name__, str(e)
    raise AssertionError("no error")


def _sch(lib):
    return lib.optim.lr_scheduler


def _one_cycle_past_the_end(lib):
    opt = _optimizer(lib)
    sched = _sch(lib).OneCycleLR(opt, max_lr=0.1, total_steps=2)
    for _ in range(3):
        opt.step()
        sched.step()


ERRORS = {
    "multiplicative not callable": lambda lib: _sch(lib).MultiplicativeLR(_optimizer(lib), 0.5),
    "multiplicative count": lambda lib: _sch(lib).MultiplicativeLR(_optimizer(lib), [_half]),
    "constant factor": lambda lib: _sch(lib).ConstantLR(_optimizer(lib), factor=1.5),
    "linear start": lambda lib: _sch(lib).LinearLR(_optimizer(lib), start_factor=0),
    "linear end": lambda lib: _sch(lib).LinearLR(_optimizer(lib), end_factor=1.5),
    "warm T_0": lambda lib: _sch(lib).CosineAnnealingWarmRestarts(_optimizer(lib), T_0=0),
    "warm T_0 float": lambda lib: _sch(lib).CosineAnnealingWarmRestarts(_optimizer(lib), 2.0),
    "warm T_mult": lambda lib: _sch(lib).CosineAnnealingWarmRestarts(_optimizer(lib), 2, 0),
    "warm eta_min": lambda lib: _sch(lib).CosineAnnealingWarmRestarts(
        _optimizer(lib), 2, eta_min="0"
    ),
    "warm negative epoch": lambda lib: (
        _sch(lib).CosineAnnealingWarmRestarts(_optimizer(lib), 2).step(-1)
    ),
    "cyclic not an optimizer": lambda lib: _sch(lib).CyclicLR(None, 0.1, 0.2),
    "cyclic mode": lambda lib: _sch(lib).CyclicLR(_optimizer(lib), 0.1, 0.2, mode="sine"),
    "cyclic base_lr count": lambda lib: _sch(lib).CyclicLR(_optimizer(lib), [0.1], 0.2),
    "cyclic momentum": lambda lib: _sch(lib).CyclicLR(
        lib.optim.Adagrad([lib.nn.Parameter(lib.ones(1))]), 0.1, 0.2
    ),
    "one cycle no length": lambda lib: _sch(lib).OneCycleLR(_optimizer(lib), 0.1),
    "one cycle total_steps": lambda lib: _sch(lib).OneCycleLR(_optimizer(lib), 0.1, 0),
    "one cycle epochs": lambda lib: _sch(lib).OneCycleLR(
        _optimizer(lib), 0.1, epochs=0, steps_per_epoch=2
    ),
    "one cycle steps_per_epoch": lambda lib: _sch(lib).OneCycleLR(
        _optimizer(lib), 0.1, epochs=2, steps_per_epoch=-1
    ),
    "one cycle pct_start": lambda lib: _sch(lib).OneCycleLR(_optimizer(lib), 0.1, 10, pct_start=1),
    "one cycle anneal": lambda lib: _sch(lib).OneCycleLR(
        _optimizer(lib), 0.1, 10, anneal_strategy="step"
    ),
    "one cycle momentum": lambda lib: _sch(lib).OneCycleLR(
        lib.optim.Adagrad([lib.nn.Parameter(lib.ones(1))]), 0.1, 10
    ),
    "one cycle past the end": _one_cycle_past_the_end,
    "sequential none": lambda lib: _sch(lib).SequentialLR(_optimizer(lib), [], []),
    "sequential milestones": lambda lib: _sequential_with(lib, milestones=[]),
    "sequential not a scheduler": lambda lib: _sch(lib).SequentialLR(
        _optimizer(lib), [object()], []
    ),
    "sequential plateau": lambda lib: _sequential_with(lib, plateau=True),
    "sequential other optimizer": lambda lib: _sequential_with(lib, other=True),
    "chained none": lambda lib: _sch(lib).ChainedScheduler([]),
    "chained plateau": lambda lib: _sch(lib).ChainedScheduler(
        [_sch(lib).ReduceLROnPlateau(_optimizer(lib))]
    ),
    "chained other optimizer": lambda lib: _sch(lib).ChainedScheduler(
        [_sch(lib).StepLR(_optimizer(lib), 2), _sch(lib).StepLR(_optimizer(lib), 2)]
    ),
}


def _sequential_with(lib, milestones=(3,), plateau=False, other=False):
    opt = _optimizer(lib)
    first = _sch(lib).StepLR(opt, 2)
    second = _sch(lib).StepLR(_optimizer(lib) if other else opt, 2)
    if plateau:
        second = _sch(lib).ReduceLROnPlateau(opt)
    return _sch(lib).SequentialLR(opt, [first, second], list(milestones))


@pytest.mark.parametrize("name", list(ERRORS))
def test_errors_are_torchs(name: str) -> None:
    assert _error(lambda: ERRORS[name](minigrad)) == _error(lambda: ERRORS[name](torch))


@pytest.mark.parametrize("name", list(SIMPLE) + list(COMPOSITE))
def test_a_pickled_scheduler_carries_on_like_torchs(name: str) -> None:
    results = []
    for lib in (minigrad, torch):
        if name in COMPOSITE:
            opt = _optimizer(lib)
            sched = COMPOSITE[name](lib, opt)
        else:
            opt, sched = _make(lib, name)
        _run(opt, sched, 5)
        back = pickle.loads(pickle.dumps(sched))
        results.append((type(back).__name__, _run(back.optimizer, back, 10)))
    assert results[0] == results[1]


def test_all_schedulers_are_listed_like_torchs() -> None:
    assert minigrad.optim.lr_scheduler.__all__ == torch.optim.lr_scheduler.__all__
    for name in torch.optim.lr_scheduler.__all__:
        assert hasattr(minigrad.optim.lr_scheduler, name)
