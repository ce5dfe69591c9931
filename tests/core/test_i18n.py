"""The learning aids speak the language that ``minigrad.set_language`` chose.

Every user-facing text of explain(), the figures, the widgets and the exercises'
hints lives in one catalogue per language (minigrad/i18n/<code>.py). These tests
check that the catalogues agree key for key and field for field, that every key
the code asks for exists, that Chinese really comes out of each aid, and that
torch's own messages stay in English.
"""

from __future__ import annotations

import ast
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

import minigrad
from minigrad import explain, i18n, viz
from minigrad.i18n import LANGUAGES, catalogue

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")  # characters and punctuation


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    minigrad.set_language("en")


# --- the catalogues ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_language_has_exactly_the_english_keys_and_fields(lang):
    en, other = catalogue("en"), catalogue(lang)
    assert set(other) == set(en), sorted(set(other) ^ set(en))
    for key, text in en.items():
        assert fields(other[key]) == fields(text), key
        assert other[key].strip(), key


def test_chinese_catalogue_is_chinese():
    zh = catalogue("zh")
    # names of programs, fonts and torch's classes are the same in every language
    same = {"legend.accumulate", "explain.output"}
    for key, text in zh.items():
        if key in same:
            continue
        if key == "style.font":
            assert "CJK" in text
            continue
        assert CJK.search(text), f"{key} is not translated: {text!r}"


def keys_used_in_code() -> set[str]:
    """Every string of the package that names a catalogue key (``"explain.non_leaf"``),
    plus ``prefix*`` for each ``Section("prefix")`` (a dict view of all keys under it)."""
    groups = {key.split(".")[0] for key in catalogue("en")}
    used: set[str] = set()
    for path in (ROOT / "minigrad").rglob("*.py"):
        if path.parent.name == "i18n":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Section":
                used.add(node.args[0].value + "*")
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                if re.fullmatch(r"[a-z]+\.[a-z_][\w.]*", node.value):
                    if node.value.split(".")[0] in groups:
                        used.add(node.value)
    return used


def test_every_key_the_code_uses_exists_and_every_key_is_used():
    en = catalogue("en")
    used = keys_used_in_code()
    plain = {k for k in used if not k.endswith("*")}
    assert len(plain) > 100, "the scan found too few keys: is it still reading the code?"
    assert not plain - set(en), sorted(plain - set(en))
    prefixes = {k[:-1] for k in used if k.endswith("*")}
    # a hint's closer rungs ("hint.X.n/2") are used through its first rung (lessons.rungs)
    unused = [
        k
        for k in en
        if k.split("/")[0] not in plain and not any(k.startswith(p) for p in prefixes)
    ]
    assert not unused, unused


def test_lookup_falls_back_to_english_and_rejects_unknown_languages(monkeypatch):
    monkeypatch.setitem(catalogue("zh"), "explain.ok_leaf", None)
    monkeypatch.delitem(catalogue("zh"), "explain.ok_leaf")
    minigrad.set_language("zh")
    assert i18n.text("explain.ok_leaf", t="w") == "w.grad is set: w is a leaf that requires grad."
    with pytest.raises(KeyError):
        i18n.text("no.such.key")
    with pytest.raises(ValueError, match="unknown language"):
        minigrad.set_language("xx")
    assert minigrad.get_language() == "zh"


# --- the setting -----------------------------------------------------------------------


def test_set_language_context_manager_and_switching_back():
    assert minigrad.get_language() == "en"
    with minigrad.language("zh_CN.UTF-8") as code:
        assert code == "zh" and minigrad.get_language() == "zh"
        assert viz.style.LEGEND["param"] == "叶子节点（requires_grad）"
    assert minigrad.get_language() == "en"
    assert viz.style.LEGEND["param"] == "leaf (requires_grad)"
    minigrad.set_language("zh")
    assert dict(viz.style.LEGEND)["op"] == "算子"
    minigrad.set_language("en")
    assert dict(viz.style.LEGEND)["op"] == "operator"


@pytest.mark.parametrize(("value", "expected"), [("zh", "zh"), ("zh_CN.UTF-8", "zh"), ("", "en")])
def test_environment_variable_chooses_the_language_at_import(value, expected):
    env = dict(os.environ, MINIGRAD_LANG=value, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", "import minigrad; print(minigrad.get_language())"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == expected


# --- each learning aid in Chinese ------------------------------------------------------------


def test_explain_speaks_chinese_and_quotes_torch_in_english():
    w = minigrad.tensor(2.0, requires_grad=True)
    y = w * 3
    loss = y * y
    loss.backward()
    minigrad.set_language("zh")
    e = explain(y)
    assert e.cause == "non_leaf"
    assert e.text.startswith(
        "y.grad 是 None，因为 y 不是叶子节点：它是由 MulBackward0 计算得到的。"
    )
    assert (
        sys.modules["minigrad.explain"].CAUSES["non_leaf"] == "非叶子节点，且没有调用 retain_grad()"
    )
    again = explain(loss)  # the graph was freed: torch's message is quoted as torch prints it
    assert again.cause == "freed"
    assert "计算图已经被之前的 backward() 释放了" in again.text
    assert "RuntimeError: Trying to backward through the graph a second time" in again.text
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    assert "只有标量才能隐式地创建梯度" in explain(x * 2).text
    minigrad.set_language("en")
    assert explain(y).text.startswith("y.grad is None because y is not a leaf")


def test_torch_errors_stay_english_in_chinese():
    minigrad.set_language("zh")
    x = minigrad.tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(RuntimeError, match="grad can be implicitly created only for scalar"):
        (x * 2).backward()
    assert repr(x * 2) == "tensor([2., 4.], grad_fn=<MulBackward0>)"


def test_figures_legend_caption_and_font_in_chinese():
    x = minigrad.tensor(2.0, requires_grad=True)
    y = (x + 1) * (x + 2)
    with minigrad.language("zh"):
        with viz.record() as rec:
            y.backward()
        both = viz.draw(y, recording=rec).source
        forward = viz.draw_forward(y).source
    assert 'fontname="Noto Sans CJK SC"' in forward
    assert "Helvetica" not in forward
    for text in ("叶子节点（requires_grad）", "算子", "输出（双线边框）"):
        assert text in forward
    assert "前向传播：计算过程" in both and "反向传播：梯度的流动" in both
    assert "反向流动的梯度" in both
    # x's AccumulateGrad sums what its two uses sent back, labelled from the catalogue
    assert "收到：" in both and "in: " not in both
    english = viz.draw_forward(y).source
    assert 'fontname="Helvetica"' in english and "leaf (requires_grad)" in english
    assert not CJK.search(english)


def test_step_frames_in_chinese():
    from minigrad.viz.steps import frame_sources
    from minigrad.widgets._replay import run

    x = minigrad.tensor(2.0, requires_grad=True)
    y = (x * x).sum()
    with minigrad.language("zh"):
        rec = run(y, names={id(x): "x"})
        frames = frame_sources(rec, {id(x): "x"})
    assert "尚未运行" in frames[0] and ".grad 尚未计算（不等于 0）" in frames[0]
    assert "第 1 步：运行中" in frames[1]
    assert "not run yet" not in "".join(frames)


def test_widgets_in_chinese():
    from minigrad.widgets import BackwardStepper, JacobianExplorer, interact_graph

    minigrad.set_language("zh")
    x = minigrad.tensor(2.0, requires_grad=True)
    y = (x + 1) * (x + 2)
    stepper = BackwardStepper(y)
    assert stepper.next_button.description == "下一步"
    assert stepper.prev_button.description == "上一步"
    assert "开始：输出对它自身的梯度是 1。" in stepper.text.value
    stepper.goto(1)
    assert "第 1 步（共" in stepper.text.value and "收到" in stepper.text.value
    assert repr(stepper).startswith("BackwardStepper：运行了")
    stepper.close()

    sliders = interact_graph(lambda a, b: a * b, a=(-2.0, 2.0), b=2.0)
    assert "输入" in sliders.table.value and "（输出）" in sliders.table.value
    assert "固定（无梯度）" in sliders.table.value

    explorer = JacobianExplorer(lambda t: t * t, [1.0, 2.0])
    assert explorer.ones_button.description == "全为 1（陷阱）"
    assert "雅可比矩阵 J" in explorer.matrix.value
    explorer.set_v([1.0, 1.0])
    assert "陷阱" in explorer.result.value
    explorer.row(0)
    assert "独热向量" in explorer.result.value


def test_exercise_hints_in_chinese(capsys):
    from minigrad.lessons import _TRIES, check

    _TRIES.clear()
    minigrad.set_language("zh")
    check("grad.1", 3)
    check("grad.1", 3)
    check("grad.1", ...)
    check("grad.1", 30)
    assert capsys.readouterr().out.splitlines() == [
        "还不对：backward() 是替换 x.grad，还是累加到它上面？"
        "先求 x = 1 处的 dq/dx，再数一数调用了几次。"
        "（还是没想通？再错一次，会得到更具体的提示。）",
        "还不对：x = 1 时 dq/dx = 10x = 10，而每次 backward() 都会再累加一次。"
        "（还是没想通？再错一次，会得到更具体的提示。）",
        "还没有作答：把 ... 换成你的答案，再运行这个单元格。",
        "正确！",
    ]
    _TRIES.clear()
    minigrad.set_language("en")
    check("grad.1", 30)
    assert capsys.readouterr().out == "Correct!\n"


# --- Chinese text renders --------------------------------------------------------------------


def test_the_cjk_font_is_installed_everywhere_the_figures_are_drawn():
    assert "fonts-noto-cjk" in (ROOT / "apt.txt").read_text(encoding="utf-8").split()
    assert re.search(r"^\s*- font-ttf-noto-cjk\b", (ROOT / "environment.yml").read_text(), re.M)
    script = (ROOT / "scripts/ensure_system_deps.sh").read_text(encoding="utf-8")
    assert "cjk-font)" in script and "fonts-noto-cjk" in script
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"TEST_SYSTEM_DEPS := graphviz cjk-font chromium", makefile)


def test_the_font_has_the_chinese_characters():
    done = subprocess.run(
        ["fc-list", ":lang=zh", "family"], capture_output=True, text=True, timeout=60
    )
    assert "Noto Sans CJK SC" in done.stdout, "install fonts-noto-cjk (make test does)"


def test_chinese_png_has_no_tofu(tmp_path):
    """dot draws a missing glyph as a box; with the font named, pango finds every character."""
    x = minigrad.tensor(2.0, requires_grad=True)
    y = (x + 1) * (x + 2)
    with minigrad.language("zh"):
        fig = viz.draw_forward(y, title="前向传播")
    done = subprocess.run(
        ["dot", "-Tpng", "-o", str(tmp_path / "f.png"), "-v"],
        input=fig.source,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    # the font pango chose for the labels, and no font it could not find
    assert 'resolved to: (PangoCairoFcFont) "Noto Sans CJK SC' in done.stderr, done.stderr
    assert not re.search(r"(?i)warning.*font|font.*not found", done.stderr), done.stderr
