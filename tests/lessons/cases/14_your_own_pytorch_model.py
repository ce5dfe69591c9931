"""Answers to the exercises of lesson 14 (Your own PyTorch model), right and wrong."""

from __future__ import annotations

import torch


def _fixed(torch):
    x = torch.tensor([1.0, 2.0, 3.0])
    w = torch.full((3,), 2.0, requires_grad=True)
    (w * x).sum().backward()
    return w.grad


def _requires_grad_after(torch):
    x = torch.tensor([1.0, 2.0, 3.0])
    w = (torch.ones(3) * 2).requires_grad_()
    (w * x).sum().backward()
    return w.grad


def _as_given(torch):
    x = torch.tensor([1.0, 2.0, 3.0])
    w = torch.ones(3, requires_grad=True) * 2
    (w * x).sum().backward()
    return w.grad


def _raises(torch):
    x = torch.tensor([1.0, 2.0, 3.0])
    w = torch.full((3,), 2.0, requires_grad=True)
    (w * x).backward()  # not a scalar: backward() needs a gradient
    return w.grad


def _other_loss(torch):
    x = torch.tensor([1.0, 2.0, 3.0])
    w = torch.full((3,), 2.0, requires_grad=True)
    (w * w * x).sum().backward()
    return w.grad


class _Explained:
    def __init__(self, cause: str) -> None:
        self.cause = cause


CASES = {
    "pytorch.1": {
        "right": [4, 4.0, torch.tensor(4)],
        "wrong": [(5, "hint.pytorch.1.1"), ("four", "hint.pytorch.1.1")],
    },
    "pytorch.2": {
        "reveals": ["non_leaf", "non-leaf", "not a leaf", "不是叶子"],
        "right": [
            "non_leaf",
            "'non_leaf'",
            "non-leaf",
            "nonleaf",
            "Non Leaf",
            "not a leaf",
            "h is not a leaf",
            "not leaf",
            "非叶子节点",
            "h 不是叶子节点",
            _Explained("non_leaf"),
        ],
        "wrong": [
            (3, "hint.pytorch.2.1"),
            ("requires_grad_false", "hint.pytorch.2.2"),
            ("a leaf", "hint.pytorch.2.2"),
            ("叶子节点", "hint.pytorch.2.2"),
            (_Explained("detach"), "hint.pytorch.2.2"),
        ],
    },
    "pytorch.3": {
        "steps": ["not a leaf", "不是叶子"],
        "reveals": ["torch.full"],
        "right": [_fixed, _requires_grad_after],
        "wrong": [
            (torch.tensor([1.0, 2.0, 3.0]), "hint.pytorch.3.1"),
            (_as_given, "hint.pytorch.3.2"),
            (_raises, "hint.pytorch.3.3"),
            (_other_loss, "hint.pytorch.3.4"),
        ],
    },
}
