"""Layers beyond the basics (embeddings, normalisation, more activations and
losses) against real torch: each snippet must print the same lines (reprs,
values, gradients, grad_fn names) and raise the same errors."""

from __future__ import annotations

import pytest

from ..transcript import assert_same_as_torch

SNIPPETS = {
    # --- Embedding
    "embedding_module": """
torch.manual_seed(0)
emb = torch.nn.Embedding(5, 3, padding_idx=1)
print(emb)
print(emb.weight)
y = emb(torch.tensor([[1, 2], [4, 2]]))
print(y, y.shape)
y.sum().backward()
print(emb.weight.grad)
""",
    "embedding_reprs": """
nn = torch.nn
print(nn.Embedding(10, 3, padding_idx=-1), nn.Embedding(10, 3, padding_idx=-1).padding_idx)
print(nn.Embedding(10, 3, max_norm=1.0, norm_type=1.0, scale_grad_by_freq=True, sparse=True))
print(nn.Sequential(nn.Embedding(100, 8), nn.Flatten(), nn.Linear(16, 1)))
e = nn.Embedding.from_pretrained(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(e, e.weight.requires_grad, e(torch.tensor([1, 0, 1])))
""",
    "embedding_max_norm_and_freq": """
torch.manual_seed(1)
emb = torch.nn.Embedding(5, 3, max_norm=1.0, scale_grad_by_freq=True)
y = emb(torch.tensor([[1, 2], [4, 2]]))
(y * y).sum().backward()
print(emb.weight)
print(emb.weight.grad)
""",
    "embedding_functional_double_backward": """
w = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], requires_grad=True)
y = F.embedding(torch.tensor([2, 0, 2]), w, padding_idx=0)
print(y.grad_fn.name())
v = torch.tensor([[1.0, -1.0], [2.0, 0.5], [0.25, 3.0]], requires_grad=True)
(g,) = torch.autograd.grad(y, w, v, create_graph=True)
print(g, g.grad_fn.name())
(g * g).sum().backward()
print(v.grad)
""",
    "embedding_bad_index": "torch.nn.Embedding(5, 2)(torch.tensor([5]))",
    "embedding_negative_index": "torch.nn.Embedding(5, 2)(torch.tensor([-1]))",
    "embedding_float_index": "torch.nn.Embedding(5, 2)(torch.tensor([1.0]))",
    "embedding_weight_1d": "F.embedding(torch.tensor([1]), torch.ones(3))",
    "embedding_bad_padding": "torch.nn.Embedding(5, 2, padding_idx=5)",
    "embedding_bad_weight": "torch.nn.Embedding(5, 2, _weight=torch.ones(2, 2))",
    "embedding_pretrained_1d": "torch.nn.Embedding.from_pretrained(torch.ones(2))",
    # --- LayerNorm
    "layer_norm_module": """
torch.manual_seed(0)
ln = torch.nn.LayerNorm([2, 3], dtype=torch.float64)
print(ln, torch.nn.LayerNorm(3, bias=False), torch.nn.LayerNorm(3, elementwise_affine=False))
x = torch.randn(4, 2, 3, dtype=torch.float64, requires_grad=True)
y = ln(x)
print(y, y.grad_fn.name())
(y * torch.arange(6.0).reshape(2, 3)).pow(2).sum().backward()
print(x.grad, ln.weight.grad, ln.bias.grad)
""",
    "layer_norm_functional_second_order": """
x = torch.tensor([[1.0, 2.0, 4.0], [0.5, -1.0, 3.0]], dtype=torch.float64, requires_grad=True)
w = torch.tensor([1.5, -0.5, 2.0], dtype=torch.float64, requires_grad=True)
y = F.layer_norm(x, [3], w, None, eps=1e-3)
print(y)
(g,) = torch.autograd.grad((y * y * y).sum(), x, create_graph=True)
print(g.detach())
(g * torch.tensor([1.0, 2.0, -1.0], dtype=torch.float64)).sum().backward()
print(x.grad, w.grad)
""",
    "layer_norm_no_affine": """
print(torch.nn.LayerNorm(3, elementwise_affine=False)(torch.tensor([[1.0, 5.0, 2.0]])))
""",
    "layer_norm_wrong_shape": "torch.nn.LayerNorm(4)(torch.ones(2, 3))",
    "layer_norm_wrong_weight": "F.layer_norm(torch.ones(2, 3), [2, 3], torch.ones(3))",
    # --- BatchNorm1d
    "batch_norm_train_then_eval": """
torch.manual_seed(0)
bn = torch.nn.BatchNorm1d(3).double()
print(bn, list(bn.state_dict()))
x = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
y = bn(x)
print(y, bn.running_mean, bn.running_var, bn.num_batches_tracked)
c = torch.arange(1.0, 4.0, dtype=torch.float64)
(y.pow(3) * c).sum().backward()
print(x.grad, bn.weight.grad, bn.bias.grad)
bn.eval()
x.grad = None
y = bn(x)
print(y)
y.pow(2).sum().backward()
print(x.grad, bn.weight.grad, bn.num_batches_tracked)
""",
    "batch_norm_momentum_none_3d": """
torch.manual_seed(0)
bn = torch.nn.BatchNorm1d(2, momentum=None, affine=False)
print(bn)
for _ in range(3):
    y = bn(torch.randn(5, 2, 4))
print(bn.running_mean, bn.running_var, bn.num_batches_tracked, y.grad_fn)
print(torch.nn.BatchNorm1d(2, track_running_stats=False, bias=False).running_mean)
""",
    "batch_norm_functional_second_order": """
x = torch.tensor([[1.0, 2.0], [0.5, -1.0], [3.0, 0.25]], dtype=torch.float64, requires_grad=True)
w = torch.tensor([1.5, -0.5], dtype=torch.float64, requires_grad=True)
rm, rv = torch.zeros(2, dtype=torch.float64), torch.ones(2, dtype=torch.float64)
y = F.batch_norm(x, rm, rv, w, None, training=True, momentum=0.5)
print(y, rm, rv)
(g,) = torch.autograd.grad((y * y * y).sum(), x, create_graph=True)
print(g.detach())
(g * g).sum().backward()
print(x.grad, w.grad)
""",
    "batch_norm_one_sample": "torch.nn.BatchNorm1d(3)(torch.ones(1, 3))",
    "batch_norm_4d": "torch.nn.BatchNorm1d(3)(torch.ones(2, 3, 2, 2))",
    "batch_norm_mixed_dtype": "torch.nn.BatchNorm1d(3)(torch.ones(2, 3, dtype=torch.float64))",
    "batch_norm_wrong_features": "torch.nn.BatchNorm1d(3)(torch.ones(2, 4))",
    # --- Unflatten
    "unflatten": """
nn = torch.nn
m = nn.Sequential(nn.Linear(6, 6), nn.Unflatten(1, (2, 3)))
print(m, nn.Unflatten(-1, torch.Size([2, 3])), nn.Unflatten(1, [3, 2]))
y = m(torch.ones(4, 6))
print(y.shape, y.grad_fn.name())
""",
    "unflatten_wrong_size": "torch.nn.Unflatten(1, (4, 3))(torch.ones(2, 6))",
    "unflatten_not_tuple": "torch.nn.Unflatten(1, 6)",
    "unflatten_not_int": "torch.nn.Unflatten(1, [2.0, 3])",
    # --- normalize, cosine_similarity
    "cosine_similarity": """
x1 = torch.tensor([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]], dtype=torch.float64, requires_grad=True)
x2 = torch.tensor([[1.0, -2.0, 0.5]], dtype=torch.float64, requires_grad=True)
y = F.cosine_similarity(x1, x2)
print(y)
y.sum().backward()
print(x1.grad, x2.grad)
print(F.cosine_similarity(torch.tensor([1.0, 2.0]), torch.tensor([2.0, 1.0]), dim=0))
""",
    "cosine_similarity_second_order": """
x1 = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], dtype=torch.float64, requires_grad=True)
x2 = torch.tensor([[1.0, -2.0, 0.5]], dtype=torch.float64, requires_grad=True)
(g,) = torch.autograd.grad(F.cosine_similarity(x1, x2).sum(), x1, create_graph=True)
(g * g).sum().backward()
print(x1.grad, x2.grad)
""",
    "cosine_similarity_bad_shapes": "F.cosine_similarity(torch.ones(2, 3), torch.ones(2, 4))",
    "normalize": """
x = torch.tensor([[3.0, 4.0], [0.0, 0.0], [1.0, -1.0]], requires_grad=True)
n = F.normalize(x)
print(n, F.normalize(x, p=1, dim=0), F.normalize(x, dim=-1, eps=10.0))
n.pow(3).sum().backward()
print(x.grad)
""",
    # --- activations
    "activation_reprs": """
nn = torch.nn
print(nn.ReLU6(), nn.ReLU6(True), nn.Hardtanh(), nn.Hardtanh(-2.0, 3.0, True))
print(nn.LogSigmoid(), nn.Mish(), nn.Mish(True))
""",
    "activations_values_and_grads": """
for name in ["relu6", "hardtanh", "logsigmoid", "mish"]:
    x = torch.tensor([-30.0, -7.0, -1.0, -0.5, 0.0, 0.5, 1.0, 6.0, 7.0, 30.0], requires_grad=True)
    print(getattr(F, name)(x))
    x = x.detach().double().requires_grad_()
    y = getattr(F, name)(x)
    (g,) = torch.autograd.grad(y, x, torch.ones_like(x), create_graph=True)
    print(name, y, y.grad_fn.name(), g, g.grad_fn.name())
    g.sum().backward()
    print(x.grad)
""",
    # --- robust regression losses
    "smooth_l1_modules": """
nn = torch.nn
x = torch.tensor([[-3.0, -0.4, 0.0, 0.2, 2.5]], dtype=torch.float64, requires_grad=True)
y = torch.tensor([[0.5, 0.1, 0.0, -0.1, 0.0]], dtype=torch.float64)
for m in [nn.SmoothL1Loss(), nn.SmoothL1Loss(beta=0.5), nn.SmoothL1Loss(reduction="sum"),
          nn.SmoothL1Loss(reduction="none", beta=2.0), nn.SmoothL1Loss(beta=0.0)]:
    out = m(x, y)
    (g,) = torch.autograd.grad(out, x, torch.ones_like(out), create_graph=True)
    print(m, m.beta, m.reduction, out, out.grad_fn.name(), g, g.grad_fn.name())
""",
    "huber_modules": """
nn = torch.nn
x = torch.tensor([[-3.0, -0.4, 0.0, 0.2, 2.5]], dtype=torch.float64, requires_grad=True)
y = torch.tensor([[0.5, 0.1, 0.0, -0.1, 0.0]], dtype=torch.float64)
for m in [nn.HuberLoss(), nn.HuberLoss(delta=0.5), nn.HuberLoss(reduction="sum"),
          nn.HuberLoss(reduction="none", delta=2), nn.HuberLoss("mean", 3.0)]:
    out = m(x, y)
    (g,) = torch.autograd.grad(out, x, torch.ones_like(out), create_graph=True)
    print(m, m.delta, m.reduction, out, out.grad_fn.name(), g, g.grad_fn.name())
try:
    nn.HuberLoss(delta="1")
except TypeError as e:
    print(e)
""",
    "kl_div_modules": """
nn = torch.nn
x = torch.tensor([[0.2, 0.3, 0.5], [0.6, 0.3, 0.1]], dtype=torch.float64).log().requires_grad_()
p = torch.tensor([[0.1, 0.1, 0.8], [0.3, 0.3, 0.4]], dtype=torch.float64)
for m, y in [(nn.KLDivLoss(reduction="batchmean"), p), (nn.KLDivLoss(reduction="sum"), p),
             (nn.KLDivLoss(reduction="none"), p),
             (nn.KLDivLoss(reduction="batchmean", log_target=True), p.log())]:
    out = m(x, y)
    (g,) = torch.autograd.grad(out, x, torch.ones_like(out), create_graph=True)
    print(m, m.reduction, m.log_target, out, out.grad_fn.name(), g, g.grad_fn.name())
""",
    "activation_modules": """
nn = torch.nn
x = torch.tensor([[-8.0, -0.5, 2.0, 9.0]])
for m in [nn.ReLU6(), nn.Hardtanh(-2.0, 3.0), nn.LogSigmoid(), nn.Mish()]:
    print(m, m(x))
y = x.clone()
nn.ReLU6(inplace=True)(y)
print(y)
""",
    "hardtanh_bad_range": "torch.nn.Hardtanh(2.0, 1.0)",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    assert_same_as_torch(SNIPPETS[name])
