"""The language of minigrad's learning aids: one catalogue per language.

``explain()``, the figures' legends and captions, the widgets' labels and
sentences and the exercises' hints are looked up here by key, so a third
language is one more catalogue (a copy of :mod:`minigrad.i18n.en` with the
texts translated), not a code change. torch's own messages (errors, warnings,
reprs) are never translated: they stay as torch prints them.

>>> import minigrad
>>> minigrad.get_language()
'en'
>>> with minigrad.language("zh"):
...     print(text("legend.param"))
叶子节点（requires_grad）
>>> print(text("legend.param"))
leaf (requires_grad)

The language is chosen by ``minigrad.set_language("zh")``, by the context
manager ``minigrad.language("zh")``, or at import time by the environment
variable ``MINIGRAD_LANG`` (``en`` or ``zh``; ``zh_CN.UTF-8`` also means ``zh``).
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import Iterator, Mapping

__all__ = ["LANGUAGES", "set_language", "get_language", "language", "text", "catalogue", "Section"]

# every language with a catalogue module minigrad/i18n/<code>.py
LANGUAGES = ("en", "zh")


def _normalize(lang: str) -> str:
    if not isinstance(lang, str):
        raise TypeError(
            f"language must be a string such as 'en' or 'zh', not {type(lang).__name__}"
        )
    code = lang.strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return code


def _from_environment() -> str:
    value = os.environ.get("MINIGRAD_LANG", "")
    try:
        return _normalize(value) if value else "en"
    except ValueError:
        return "en"


_current = _from_environment()
_catalogues: dict[str, dict[str, str]] = {}


def set_language(lang: str) -> None:
    """Make the learning aids speak ``lang`` (``"en"`` or ``"zh"``) from now on."""
    global _current
    _current = _normalize(lang)


def get_language() -> str:
    """The language the learning aids speak now (``"en"`` or ``"zh"``)."""
    return _current


@contextlib.contextmanager
def language(lang: str) -> Iterator[str]:
    """``with minigrad.language("zh"): ...`` speaks ``lang`` inside the block only."""
    global _current
    before = _current
    _current = _normalize(lang)
    try:
        yield _current
    finally:
        _current = before


def catalogue(lang: str | None = None) -> dict[str, str]:
    """The catalogue of ``lang`` (default: the current language): key -> text."""
    if type(lang) is str and lang in _catalogues:  # a picture asks hundreds of times
        return _catalogues[lang]
    code = _normalize(lang) if lang is not None else _current
    if code not in _catalogues:
        _catalogues[code] = importlib.import_module(f"{__name__}.{code}").MESSAGES
    return _catalogues[code]


def text(key: str, **fields: object) -> str:
    """The text of ``key`` in the current language, with ``{fields}`` filled in.

    A key missing from a catalogue falls back to English (the tests check that
    none is missing); a key missing from English is a bug and raises KeyError.
    """
    template = catalogue().get(key)
    if template is None:
        template = catalogue("en")[key]
    return template.format(**fields) if fields else template


class Section(Mapping):
    """A read-only dict view of the keys ``prefix + name``, in the current language.

    ``LEGEND = Section("legend.")`` behaves like ``{"param": "leaf ...", ...}``
    and follows :func:`set_language` without being rebuilt.
    """

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def _names(self) -> list[str]:
        return [k[len(self.prefix) :] for k in catalogue("en") if k.startswith(self.prefix)]

    def __getitem__(self, name: str) -> str:
        if self.prefix + name not in catalogue("en"):
            raise KeyError(name)
        return text(self.prefix + name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())

    def __repr__(self) -> str:
        return repr(dict(self))
