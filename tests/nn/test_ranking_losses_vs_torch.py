"""MarginRankingLoss, SoftMarginLoss, CosineEmbeddingLoss and pairwise_distance
(modules and functions) against real torch: each snippet must print the same
lines (values, gradients, second derivatives, the graph's nodes) and raise the
same errors and warnings."""

from __future__ import annotations

import pytest

from ..transcript import assert_same_as_torch

_GRAPH = """
def graph(fn, depth=0):
    if fn is None:
        return ["  " * depth + "None"]
    lines = ["  " * depth + fn.name()]
    for nxt, _ in fn.next_functions:
        lines += graph(nxt, depth + 1)
    return lines
"""

SNIPPETS = {
    "margin_ranking_loss": _GRAPH
    + """
x1 = torch.tensor([0.5, -1.0, 2.0, 0.25], dtype=torch.float64, requires_grad=True)
x2 = torch.tensor([1.0, -2.0, 0.5, 0.3], dtype=torch.float64, requires_grad=True)
y = torch.tensor([1.0, -1.0, -1.0, 1.0], dtype=torch.float64)
for kw in [{}, {"margin": 0.2}, {"margin": 0.5, "reduction": "sum"}, {"reduction": "none"}]:
    loss = F.margin_ranking_loss(x1, x2, y, **kw)
    g1, g2 = torch.autograd.grad(loss.sum(), (x1, x2))
    print(kw, loss, g1, g2)
print("\\n".join(graph(F.margin_ranking_loss(x1, x2, y, margin=0.1).grad_fn)))
m = torch.nn.MarginRankingLoss(margin=0.3)
print(m, m.margin, m.reduction, m(x1, x2, y))
print(torch.nn.MarginRankingLoss(reduction="none")(x1[:2], x2[:2], y[:2]))
""",
    "soft_margin_loss": """
x = torch.tensor([[0.5, -1.0], [2.0, -0.25]], dtype=torch.float64, requires_grad=True)
y = torch.tensor([[1.0, -1.0], [-1.0, 1.0]], dtype=torch.float64)
for r in ["mean", "sum", "none"]:
    loss = F.soft_margin_loss(x, y, reduction=r)
    (g,) = torch.autograd.grad(loss.sum(), x, create_graph=True)
    (gg,) = torch.autograd.grad((g * g).sum(), x)
    print(r, loss, loss.grad_fn.name(), g.grad_fn.name(), g.detach(), gg)
    v = torch.ones_like(loss).mul(0.5).requires_grad_()
    (g,) = torch.autograd.grad(loss, x, v, create_graph=True)
    print(torch.autograd.grad((g * g * x).sum(), [x, v]))
m = torch.nn.SoftMarginLoss()
print(m, m(x.float(), torch.tensor([1.0, -1.0])))
print(F.soft_margin_loss(torch.ones(2, dtype=torch.float64), torch.ones(2)))
print(F.soft_margin_loss(torch.ones(2), torch.ones(2, dtype=torch.float64)))
print(F.soft_margin_loss(torch.ones(2), torch.ones(2, dtype=torch.int64)))
""",
    "cosine_embedding_loss": _GRAPH
    + """
a = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 3.0], [2.0, 2.0, 2.0]], requires_grad=True)
b = torch.tensor([[0.5, 1.0, 0.0], [1.0, 1.0, -1.0], [-2.0, 2.0, 1.0]], requires_grad=True)
y = torch.tensor([1.0, -1.0, -1.0])
for kw in [{}, {"margin": 0.1}, {"margin": -0.5, "reduction": "sum"}, {"reduction": "none"}]:
    loss = F.cosine_embedding_loss(a, b, y, **kw)
    ga, gb = torch.autograd.grad(loss.sum(), (a, b))
    print(kw, loss, ga, gb)
print("\\n".join(graph(F.cosine_embedding_loss(a, b, y, margin=0.1).grad_fn)))
print(F.cosine_embedding_loss(a[0], b[0], torch.tensor(1.0)))
print(F.cosine_embedding_loss(a[1], b[1], torch.tensor(-1.0), margin=-0.9))
print(F.cosine_embedding_loss(a, b, torch.tensor([1, -1, 0]), reduction="none"))
m = torch.nn.CosineEmbeddingLoss(0.2)
print(m, m.margin, m(a, b, y))
""",
    "pairwise_distance": _GRAPH
    + """
a = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 3.0]], requires_grad=True)
b = torch.tensor([[0.5, 1.0, 0.0], [1.0, 1.0, -1.0]], requires_grad=True)
for kw in [{}, {"p": 1}, {"p": 3.0, "keepdim": True}, {"eps": 0.0}]:
    d = F.pairwise_distance(a, b, **kw)
    ga, gb = torch.autograd.grad(d.sum(), (a, b))
    print(kw, d, ga, gb)
print("\\n".join(graph(F.pairwise_distance(a, b).grad_fn)))
print(F.pairwise_distance(a, b[0]), F.pairwise_distance(torch.ones(3), torch.ones(2, 3)))
m = torch.nn.PairwiseDistance(p=1, keepdim=True)
print(m, m.norm, m.eps, m.keepdim, m(a, b))
print(torch.nn.CosineSimilarity(), torch.nn.CosineSimilarity(dim=0)(a, b))
print(F.pairwise_distance(torch.tensor(1.0), torch.tensor(3.0)))
print(F.pairwise_distance(torch.tensor([1, 2]), torch.tensor([[3, 4]])))
""",
    "legacy_reduction_flags": """
x1, x2, y = torch.tensor([0.5, -1.0]), torch.tensor([1.0, -2.0]), torch.tensor([1.0, -1.0])
print(F.margin_ranking_loss(x1, x2, y, size_average=False))
print(torch.nn.SoftMarginLoss(reduce=False)(x1, y))
print(F.cosine_embedding_loss(x1[None], x2[None], y[:1], size_average=True))
""",
    "margin_ranking_dims": "F.margin_ranking_loss(torch.ones(3), torch.ones(2, 1), torch.ones(3))",
    "margin_ranking_bad_reduction": """
F.margin_ranking_loss(torch.ones(3), torch.ones(3), torch.ones(3), reduction='bad')
""",
    "margin_ranking_broadcast": """
F.margin_ranking_loss(torch.ones(3), torch.ones(2), torch.ones(1))
""",
    "soft_margin_target_grad": """
F.soft_margin_loss(torch.ones(3), torch.ones(3, requires_grad=True))
""",
    "soft_margin_long_input": "F.soft_margin_loss(torch.ones(2, dtype=torch.int64), torch.ones(2))",
    "soft_margin_broadcast_shape": "F.soft_margin_loss(torch.ones(2, 1), torch.ones(2))",
    "soft_margin_sizes": "F.soft_margin_loss(torch.ones(3), torch.ones(2))",
    "cosine_embedding_2d_target": """
F.cosine_embedding_loss(torch.ones(3), torch.ones(3), torch.ones(3, 1))
""",
    "cosine_embedding_1d_target": """
F.cosine_embedding_loss(torch.ones(3, 2), torch.ones(3), torch.ones(3))
""",
    "cosine_embedding_0d_target": """
F.cosine_embedding_loss(torch.ones(3), torch.ones(3, 2), torch.tensor(1.0))
""",
    "cosine_embedding_batch": """
F.cosine_embedding_loss(torch.ones(3, 2), torch.ones(3, 2), torch.ones(2))
""",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    assert_same_as_torch(SNIPPETS[name])
