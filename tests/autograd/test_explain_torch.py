"""``minigrad.explain`` on real torch tensors: every cause read from torch's own
state, with the same words (in both languages) as for the same minigrad code."""

from __future__ import annotations

import pytest
import torch

import minigrad
from minigrad import explain, viz
from minigrad.i18n import language
from minigrad.viz import style


def both(code: str) -> tuple:
    """Run ``code`` with torch and with minigrad; explain ``t`` (and ``output=o`` if set)."""
    answers = []
    for lib in (torch, minigrad):
        scope: dict = {"torch": lib, "explain": explain}
        exec(
            code + "\ne = explain(t, output=scope_o) if 'scope_o' in dir() else explain(t)\n", scope
        )
        answers.append(scope["e"])
    return tuple(answers)


CASES = {
    "non_leaf": "w = torch.tensor(2.0, requires_grad=True)\nt = w * 3\nloss = t * t\n"
    "loss.backward()\n",
    "requires_grad_false": "t = torch.tensor([1.0, 2.0])\n",
    "integer": "t = torch.tensor([1, 2])\n",
    "detach": "w = torch.tensor([1.0, 2.0], requires_grad=True)\nt = w.detach()\n",
    "freed": "w = torch.tensor(2.0, requires_grad=True)\nt = (w * w).sum()\nt.backward()\n",
    "non_scalar": "w = torch.tensor([1.0, 2.0], requires_grad=True)\nt = w * w\n",
    "not_run_yet": "t = torch.tensor(2.0, requires_grad=True)\n",
    "ok": "t = torch.tensor(2.0, requires_grad=True)\n(t * t).backward()\n",
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("cause", sorted(CASES))
def test_same_cause_and_words_as_minigrad(cause: str, lang: str) -> None:
    with language(lang):
        real, ours = both(CASES[cause])
    assert real.cause == ours.cause == cause
    assert real.text == ours.text


def test_inplace_change_breaks_backward_version_counter() -> None:
    w = torch.tensor(2.0, requires_grad=True)
    x = torch.tensor([1.0, 2.0])
    q = (w * x).sum()
    x.add_(1)  # MulBackward0 saved x at version 0
    e = explain(q)
    assert e.cause == "inplace"
    assert e.modified is x
    assert "saved x" in e.text and "version 1 now, version 0 when saved" in e.text
    with pytest.raises(RuntimeError) as err:
        q.backward()
    assert str(err.value) in e.text  # torch's own message
    assert "modified in place" in e.dot_source


def test_inplace_on_a_saved_output() -> None:
    w = torch.tensor(2.0, requires_grad=True)
    a = w.exp()
    z = a * 2
    a.mul_(2)  # exp saved its own result
    e = explain(z)
    assert e.cause == "inplace" and "ExpBackward0" in e.text
    assert "its own output" in e.text


def test_made_under_no_grad_inside_record_says_by_which_op() -> None:
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    with viz.record(), torch.no_grad():
        v = w * 2
    e = explain(v)
    assert e.cause == "no_grad" and "mul" in e.text and " w " in e.text


def test_a_view_made_under_no_grad() -> None:
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    with torch.no_grad():
        v = w[:1]
    assert explain(v).cause == "no_grad"


def test_made_under_inference_mode() -> None:
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    with torch.inference_mode():
        v = w * 2
    assert v.is_inference()
    e = explain(v)
    assert e.cause == "no_grad" and "inference_mode" in e.text
    with language("zh"):
        assert "inference_mode" in explain(v).text and "推理张量" in explain(v).text


def test_data_has_its_own_version_counter() -> None:
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    d = w.data
    d.add_(0)  # d's counter moves, w's does not: not a detach()
    assert explain(d).cause == "data"


def test_a_parameter_not_on_the_loss_path() -> None:
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.Linear(2, 1))
    unused = torch.nn.Parameter(torch.ones(2))
    loss = model(torch.ones(1, 2)).sum()
    assert explain(unused, output=loss).cause == "not_connected"
    assert explain(model[0].weight, output=loss).cause == "not_run_yet"
    loss.backward()
    assert explain(model[0].weight, output=loss).cause == "freed"
    assert explain(model[0].weight).cause == "ok"


def test_the_picture_highlights_the_path() -> None:
    w = torch.tensor(2.0, requires_grad=True)
    y = w * 3
    loss = y * y
    loss.backward()
    src = explain(y).dot_source
    y_id = next(line.split()[0] for line in src.splitlines() if "<B>y</B>" in line)
    assert f'{y_id} [fillcolor="{style.YELLOW}"' in src  # the tensor asked about
    assert "<B>w</B>" in src and "label=<mul>" in src
