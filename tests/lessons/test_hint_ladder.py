"""Hints are a ladder: the first hint after a wrong answer never gives the answer away,
each further wrong try climbs one rung closer, and only the last rung may state it.
An exercise that gives a function to fix prints "not answered yet" until it is changed.

What "the answer" looks like comes from tests/lessons/cases: the right answers' numbers
(a number, or a list of numbers in a row), and a case's ``"reveals"``: texts that state
the answer (a list for both languages, or one per language). A case's ``"steps"`` are
the last steps to the answer ("3x²" for the slope of x³ at 3): a second rung may take
them, the first may not.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from minigrad import lessons
from minigrad.i18n import catalogue, language

from .test_checkers import CASES, LANGUAGES, WRONG

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


@pytest.fixture(autouse=True)
def _fresh_tries():
    lessons._TRIES.clear()
    yield
    lessons._TRIES.clear()


def _number_forms(value: float) -> list[str]:
    if float(value).is_integer():
        return [str(int(value))]
    forms = {f"{value:.3f}", f"{value:g}", re.sub(r"e-0+", "e-", f"{value:g}")}
    return sorted(forms)


def _number_pattern(value: float) -> str:
    forms = "|".join(re.escape(f) for f in _number_forms(value))
    # a whole number: not a digit of a longer one ("30" is not in "300" or "3.0")
    number = rf"(?<![\d.])(?:{forms})(?:\.0*)?(?![\d])"
    if value in (0, 1):  # in every formula ("x + 1"): only a stated result counts
        return rf"(?:=|\bis\b|是|为)\s*{number}"
    return number


def _reveals(key: str, lang: str, first: bool = False) -> list[re.Pattern]:
    """Patterns that would give away exercise ``key``'s answer in language ``lang`` (in a
    first hint, its last steps too)."""
    case = CASES[key]
    patterns = []
    for answer in case["right"]:
        if isinstance(answer, (bool, str, set, frozenset, dict, tuple)) or callable(answer):
            continue
        try:
            values = lessons._numbers(answer).reshape(-1)
        except (TypeError, ValueError):
            continue
        if values.size == 1:
            patterns.append(_number_pattern(values[0]))
        elif values.size > 1:  # the whole row, in any list or tensor print
            patterns.append(r"[,\s]+".join(_number_pattern(v) for v in values))
    for field in ("reveals", "steps") if first else ("reveals",):
        texts = case.get(field, [])
        if isinstance(texts, dict):
            texts = texts[lang]
        patterns += [re.escape(text) for text in texts]
    return [re.compile(p, re.IGNORECASE) for p in patterns]


def _exercise_of(hint_key: str) -> str:
    """'hint.grad.1.1/2' -> 'grad.1'."""
    return ".".join(hint_key.split("/")[0].split(".")[1:3])


TARGETED = [(k, i, a, h) for k, i, a, h in WRONG if h is not None]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("key", "i", "answer", "hint"), TARGETED, ids=[f"{k}-wrong{i}" for k, i, _, _ in TARGETED]
)
def test_the_first_hint_does_not_give_the_answer(key, i, answer, hint, lang, capsys):
    with language(lang):
        lessons.check(key, answer)
    said = capsys.readouterr().out
    for reveal in _reveals(key, lang, first=True):
        assert not reveal.search(said), f"the first hint of {key} gives {reveal.pattern!r}: {said}"


LADDERS = sorted(k for k in catalogue("en") if k.startswith("hint.") and "/" not in k)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("first", LADDERS)
def test_only_the_last_rung_may_state_the_answer(first, lang):
    # and a first rung that is not the last takes none of the last steps
    ladder = lessons.rungs(first)
    for rung in ladder[:-1]:
        text = catalogue(lang)[rung]
        for reveal in _reveals(_exercise_of(first), lang, first=rung == first):
            assert not reveal.search(text), f"{rung} ({lang}) is not the last rung: {text}"
    assert all(rung in catalogue(lang) for rung in ladder)


CLIMBS = [(k, i, a, h) for k, i, a, h in TARGETED if len(lessons.rungs(h)) > 1]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("key", "i", "answer", "hint"), CLIMBS, ids=[f"{k}-wrong{i}" for k, i, _, _ in CLIMBS]
)
def test_each_wrong_try_climbs_one_rung(key, i, answer, hint, lang, capsys):
    ladder = lessons.rungs(hint)
    fields = lessons._verdict(key, answer).fields
    with language(lang):
        for _ in range(len(ladder) + 1):
            lessons.check(key, answer)
        said = capsys.readouterr().out.splitlines()
        not_yet, closer = catalogue(lang)["lessons.not_yet"], catalogue(lang)["lessons.closer_hint"]
        expected = [not_yet + catalogue(lang)[r].format(**fields) + closer for r in ladder[:-1]]
        last = not_yet + catalogue(lang)[ladder[-1]].format(**fields)
    assert said == expected + [last, last]


def test_a_right_answer_is_judged_the_same_after_wrong_tries(capsys):
    for _ in range(4):
        lessons.check("scalar.2", 9)
    lessons.check("scalar.2", 27)
    assert capsys.readouterr().out.splitlines()[-1] == catalogue()["lessons.correct"]


# --- the functions a lesson gives to fix ----------------------------------------------


def _cell_defining(lesson: Path, key: str) -> str:
    """The source of the code cell that ends with check("key", ...) in a jupytext lesson."""
    cells = re.split(r"^# %%.*$", lesson.read_text(encoding="utf-8"), flags=re.M)
    for cell in cells:
        if f'check("{key}",' in cell:
            return cell
    raise AssertionError(f"no cell checks {key} in {lesson}")


STARTERS = sorted(lessons._STARTERS)


def test_every_function_to_fix_is_known():
    # the exercises whose cell gives a function that runs: with a bug, or half written
    assert set(STARTERS) == {
        "derivative.2",
        "grad.2",
        "stopping.3",
        "hooks.1",
        "hooks.2",
        "training.3",
        "pytorch.3",
    }


@pytest.mark.parametrize("folder", ["py", "zh/py"])
@pytest.mark.parametrize("key", STARTERS)
def test_the_function_as_given_is_not_answered_yet(key, folder, tmp_path, capsys):
    found = [
        path
        for path in sorted((NOTEBOOKS / folder).glob("*.py"))
        if f'check("{key}",' in path.read_text(encoding="utf-8")
    ]
    assert len(found) == 1, found
    definition, call = _cell_defining(found[0], key).split(f'check("{key}",')
    name = call.strip().rstrip(")").strip()

    def run(source: str, file: str):
        # from a file, as a notebook keeps a cell, so that its source can be read back
        path = tmp_path / file
        path.write_text("import math\nimport minigrad as torch\n" + source, encoding="utf-8")
        namespace: dict = {"__name__": file}
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), namespace)
        return namespace[name]

    lessons.check(key, run(definition, "given.py"))
    assert capsys.readouterr().out.strip() == catalogue()["lessons.not_changed"]
    # a changed function (here, one more statement) is an answer, judged as any other
    changed = re.sub(r"(\n    (?:    )?)return ", r"\1_ = 0\1return ", definition, count=1)
    assert changed != definition
    assert lessons._verdict(key, run(changed, "changed.py")) != lessons.NOT_CHANGED


@pytest.mark.parametrize("key", STARTERS)
def test_a_fixed_function_is_judged(key):
    right = CASES[key]["right"]
    assert all(lessons.passes(key, answer) for answer in right)
