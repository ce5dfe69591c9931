"""README.zh.md: the Chinese README, linked from the top of README.md, gives the
same two commands and the same course table (pointing at notebooks/zh/)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def course_rows(text: str) -> list[tuple[str, str]]:
    """(number, notebook file) of every row of the course table."""
    return re.findall(r"^\| (\d+) \| \[[^\]]+\]\(notebooks/(?:zh/)?(\d\d_\w+\.ipynb)\)", text, re.M)


def test_readme_links_the_chinese_readme_at_the_top():
    head = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:5]
    assert any("(README.zh.md)" in line for line in head)


def test_chinese_readme_has_the_two_commands_and_the_course_table():
    zh = (ROOT / "README.zh.md").read_text(encoding="utf-8")
    en = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(README.md)" in zh.splitlines()[2]
    assert re.search(r"^make lab LANG_COURSE=zh\b", zh, re.M)
    assert re.search(r"^make test\b", zh, re.M)
    # one row per lesson on disk, numbered as its file
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))[1:]
    assert course_rows(zh) == course_rows(en) == [(str(int(n[:2])), n) for n in lessons]
    for _, name in course_rows(zh):
        assert f"](notebooks/zh/{name})" in zh
        assert (ROOT / "notebooks" / "zh" / name).exists()


def test_make_lab_opens_the_chinese_course():
    done = subprocess.run(
        ["make", "-n", "lab", "LANG_COURSE=zh"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert re.search(
        r"MINIGRAD_LANG=zh (?:\S+=\S+ )*\S*jupyter lab --notebook-dir=notebooks/zh\b", done.stdout
    )
    english = subprocess.run(
        ["make", "-n", "lab"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert re.search(r"jupyter lab --notebook-dir=notebooks ", english.stdout)


def test_chinese_readme_states_the_differences_and_what_you_need():
    """The Chinese README does not promise identical output without naming the
    known differences, and has the sections a Chinese reader needs to install."""
    zh = (ROOT / "README.zh.md").read_text(encoding="utf-8")
    en = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "完全一样" not in zh
    pairs = {
        "## Where minigrad and torch differ": "## minigrad 与 torch 的差异",
        "### What you need": "### 需要什么",
        "### Pictures without a system graphviz": "## 没有系统 graphviz 时怎样画图",
        "## Try it online (Binder)": "## 在线试用（Binder）",
        "## Pictures": "## 画图",
        "## Learning aids": "## 学习辅助工具",
        "## Reading the code": "## 阅读代码",
        "## Speed": "## 速度",
        "## Layout": "## 目录结构",
    }
    for english, chinese in pairs.items():
        assert english in en and chinese in zh, chinese
    # every difference the English README lists has its Chinese bullet
    section = en[en.index("## Where minigrad and torch differ") :].split("\n## ")[0]
    bullets = re.findall(r"^- ", section, re.M)
    zh_section = zh[zh.index("## minigrad 与 torch 的差异") :].split("\n## ")[0]
    assert len(re.findall(r"^- ", zh_section, re.M)) == len(bullets)
    for renderer in ('"dot"', '"graphviz-pure"', '"browser"'):
        assert renderer in zh


def test_the_layout_tables_list_the_same_paths():
    def paths(text: str, heading: str) -> list[str]:
        section = text[text.index(heading) :].split("\n## ")[0]
        return re.findall(r"^\| `([^`]+)`", section, re.M)

    zh = (ROOT / "README.zh.md").read_text(encoding="utf-8")
    en = (ROOT / "README.md").read_text(encoding="utf-8")
    assert paths(zh, "## 目录结构") == paths(en, "## Layout")
    assert len(paths(en, "## Layout")) >= 10
