"""`make lab LANG_COURSE=zh` opens JupyterLab with Chinese menus; the English course does not."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ROOT / "lab" / "settings-zh" / "@jupyterlab" / "translation-extension"


def _lab_command(lang: str) -> str:
    out = subprocess.run(
        ["make", "-n", "lab", f"LANG_COURSE={lang}"], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    return next(line for line in out.stdout.splitlines() if "jupyter lab" in line)


def test_the_chinese_settings_ask_for_zh_cn():
    text = (SETTINGS / "plugin.jupyterlab-settings").read_text(encoding="utf-8")
    settings = json.loads(re.sub(r"^\s*//.*$", "", text, flags=re.M))  # JSON5 comments
    assert settings == {"locale": "zh_CN"}


@pytest.mark.parametrize(("lang", "chinese_menus"), [("zh", True), ("en", False)])
def test_make_lab_points_jupyterlab_at_the_settings_only_for_chinese(lang, chinese_menus):
    command = _lab_command(lang)
    assert f"MINIGRAD_LANG={lang}" in command
    assert ("JUPYTERLAB_SETTINGS_DIR=" in command) == chinese_menus
    if chinese_menus:
        folder = Path(re.search(r"JUPYTERLAB_SETTINGS_DIR=(\S+)", command).group(1))
        assert folder.resolve() == SETTINGS.parents[1].resolve()


def test_the_language_pack_is_installed_with_the_lab():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    environment = (ROOT / "environment.yml").read_text(encoding="utf-8")
    assert "jupyterlab-language-pack-zh-cn" in pyproject
    assert "jupyterlab-language-pack-zh-cn" in environment
