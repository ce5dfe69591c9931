"""Every exercise judge, in both languages: right answers pass, wrong ones get their hint.

The answers live in tests/lessons/cases/<lesson>.py, one ``CASES`` dict per lesson:
``{"key": {"right": [answers...], "wrong": [(answer, "hint.key.n" or None), ...]}}``.
None means "any message that is not a targeted hint". No answer, right or wrong,
may make the learner see an exception's text.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import minigrad
from minigrad import lessons
from minigrad.i18n import catalogue, language

CASES_DIR = Path(__file__).parent / "cases"
LANGUAGES = ("en", "zh")


def _load_cases() -> dict[str, dict]:
    cases: dict[str, dict] = {}
    for path in sorted(CASES_DIR.glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"lesson_cases_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for key, case in module.CASES.items():
            assert key not in cases, f"{key} has cases in two files"
            cases[key] = case
    return cases


CASES = _load_cases()
RIGHT = [(key, i, answer) for key, case in CASES.items() for i, answer in enumerate(case["right"])]
WRONG = [
    (key, i, answer, hint)
    for key, case in CASES.items()
    for i, (answer, hint) in enumerate(case["wrong"])
]


@pytest.fixture(autouse=True)
def _first_try():
    """Each test is a learner's first wrong try (check() counts the tries per hint)."""
    lessons._TRIES.clear()
    yield
    lessons._TRIES.clear()


def _pattern(template: str) -> re.Pattern:
    """A regex matching ``template`` with any text in place of its {fields}."""
    parts = re.split(r"\{\w+\}", template)
    return re.compile("(?s)" + "(.+?)".join(re.escape(part) for part in parts))


def _matching_hints(message: str, lang: str) -> set[str]:
    return {
        key
        for key, template in catalogue(lang).items()
        if key.startswith("hint.") and _pattern(template).fullmatch(message)
    }


def _looks_like_an_exception(message: str) -> bool:
    return bool(
        re.search(
            r"Traceback|\w+(Error|Exception): |KeyError|object is not|unexpected keyword", message
        )
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("key", "i", "answer"), RIGHT, ids=[f"{k}-right{i}" for k, i, _ in RIGHT])
def test_right_answer_passes(key, i, answer, lang, capsys):
    with language(lang):
        assert lessons.passes(key, answer), lessons._verdict(key, answer)
        lessons.check(key, answer)
    assert capsys.readouterr().out.strip() == catalogue(lang)["lessons.correct"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("key", "i", "answer", "hint"), WRONG, ids=[f"{k}-wrong{i}" for k, i, _, _ in WRONG]
)
def test_wrong_answer_gets_its_hint(key, i, answer, hint, lang, capsys):
    with language(lang):
        assert not lessons.passes(key, answer)
        message = lessons._verdict(key, answer)
        lessons.check(key, answer)
    printed = capsys.readouterr().out.strip()
    # the first wrong try: the hint's first rung, and a note when a closer rung is left
    assert printed in {
        catalogue(lang)["lessons.not_yet"] + message,
        catalogue(lang)["lessons.not_yet"] + message + catalogue(lang)["lessons.closer_hint"],
    }
    assert not _looks_like_an_exception(message), message
    fired = _matching_hints(message, lang)
    if hint is None:
        assert not fired, f"expected no targeted hint, got {fired}"
        assert message in {
            catalogue(lang)["lessons.cannot_check"],
            *(
                catalogue(lang)["lessons.function_raised"].format(kind=k)
                for k in (
                    "TypeError",
                    "ValueError",
                    "IndexError",
                    "NameError",
                    "AttributeError",
                    "RuntimeError",
                )
            ),
        }, message
    else:
        assert hint in fired, f"expected {hint}, got {message!r}"


@pytest.mark.parametrize("key", sorted(lessons._JUDGES))
def test_every_exercise_has_cases(key):
    assert key in CASES, f"exercise {key} has no cases in tests/lessons/cases/"
    assert CASES[key]["right"] and CASES[key]["wrong"]


def test_every_case_is_a_registered_exercise():
    assert set(CASES) <= set(lessons._JUDGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_targeted_hint_can_fire(lang):
    expected = {hint for case in CASES.values() for _, hint in case["wrong"] if hint}
    hints = {key for key in catalogue("en") if key.startswith("hint.") and "/" not in key}
    assert hints <= expected, f"hints no wrong case fires: {sorted(hints - expected)}"
    assert expected <= set(catalogue(lang)), (
        f"hints missing in {lang}: {sorted(expected - set(catalogue(lang)))}"
    )


def test_unanswered_is_not_a_hint(capsys):
    for key in lessons._JUDGES:
        lessons.check(key, ...)
    out = capsys.readouterr().out.splitlines()
    assert set(out) == {catalogue()["lessons.not_answered"]}


def test_minigrad_is_the_worktree_package():
    # the cases build tensors with the same minigrad the judges use
    assert Path(minigrad.__file__).parent == Path(lessons.__file__).parent
