"""BatchNorm2d, GroupNorm and channel dropout (Dropout1d/2d) against real torch:
each snippet must print the same lines (reprs, state_dict keys, values,
gradients, second derivatives, grad_fn names, seeded masks) and raise the
same errors and warnings."""

from __future__ import annotations

import pytest

from ..transcript import assert_same_as_torch

SNIPPETS = {
    "instance_norm": """
torch.manual_seed(0)
x = torch.randn(2, 3, 4, 4, dtype=torch.float64, requires_grad=True)
m = torch.nn.InstanceNorm2d(3, affine=True).double()
y = m(x)
print(m, y.grad_fn.name(), [f[0].name() for f in y.grad_fn.next_functions[0][0].next_functions])
(y * torch.arange(96.0, dtype=torch.float64).view(2, 3, 4, 4)).sum().backward()
print(x.grad[0, 0, 0], m.weight.grad, m.bias.grad)
print(torch.nn.InstanceNorm1d(4))
print(list(torch.nn.InstanceNorm2d(3, track_running_stats=True).state_dict()))
m = torch.nn.InstanceNorm1d(3, track_running_stats=True, momentum=0.5)
print(m(torch.randn(2, 3, 5))[0, 0], m.running_mean, m.running_var, m.num_batches_tracked)
m.eval()
print(m(torch.randn(2, 3, 5))[1])
print(torch.nn.InstanceNorm1d(3)(torch.randn(3, 5)).shape)
print(F.instance_norm(torch.randn(2, 3, 5))[0, 0])
print(torch.nn.InstanceNorm1d(2)(torch.tensor([[[1.0, 3.0], [2.0, 6.0]]])))
print(torch.nn.InstanceNorm1d(3)(torch.randn(2, 4, 5)).shape)
""",
    "instance_norm_dims": "torch.nn.InstanceNorm2d(3)(torch.randn(2, 3))",
    "instance_norm_features": "torch.nn.InstanceNorm1d(3, affine=True)(torch.randn(2, 4, 5))",
    # --- BatchNorm2d
    "batch_norm_2d_train_then_eval": """
torch.manual_seed(0)
bn = torch.nn.BatchNorm2d(3).double()
print(bn, list(bn.state_dict()), isinstance(bn, torch.nn.BatchNorm1d))
x = torch.randn(4, 3, 2, 5, dtype=torch.float64, requires_grad=True)
y = bn(x)
print(y.grad_fn.name(), bn.running_mean, bn.running_var, bn.num_batches_tracked)
c = torch.arange(1.0, 4.0, dtype=torch.float64).reshape(1, 3, 1, 1)
(y.pow(3) * c).sum().backward()
print(x.grad.sum((0, 2)), bn.weight.grad, bn.bias.grad)
y = bn(x * 2 + 1)
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
bn.eval()
x.grad = None
y = bn(x)
print(y[0, :, 0])
y.pow(2).sum().backward()
print(x.grad[0, :, 0], bn.weight.grad, bn.num_batches_tracked)
""",
    "batch_norm_2d_options": """
torch.manual_seed(0)
nn = torch.nn
for bn in [nn.BatchNorm2d(2, momentum=None),
           nn.BatchNorm2d(2, eps=1e-3, momentum=0.5, affine=False),
           nn.BatchNorm2d(2, track_running_stats=False), nn.BatchNorm2d(2, bias=False)]:
    for _ in range(3):
        y = bn(torch.randn(3, 2, 2, 2))
    print(bn, list(bn.state_dict()), bn.running_mean, bn.running_var, bn.num_batches_tracked)
    print(y.grad_fn, y[0, 0])
    bn.eval()
    print(bn(torch.ones(1, 2, 1, 2)))
""",
    "batch_norm_2d_second_order": """
torch.manual_seed(0)
bn = torch.nn.BatchNorm2d(2).double()
x = torch.randn(3, 2, 2, 2, dtype=torch.float64, requires_grad=True)
y = bn(x)
(g,) = torch.autograd.grad((y * y * y).sum(), x, create_graph=True)
(g * g).sum().backward()
print(x.grad.sum((0, 2)), bn.weight.grad)
""",
    "batch_norm_2d_3d_input": "torch.nn.BatchNorm2d(3)(torch.ones(2, 3, 4))",
    "batch_norm_2d_wrong_channels": "torch.nn.BatchNorm2d(3)(torch.ones(2, 2, 4, 4))",
    "batch_norm_2d_one_value": "torch.nn.BatchNorm2d(3)(torch.ones(1, 3, 1, 1))",
    # --- GroupNorm
    "group_norm_module": """
torch.manual_seed(0)
nn = torch.nn
gn = nn.GroupNorm(2, 4).double()
print(gn, list(gn.state_dict()), nn.GroupNorm(2, 4, affine=False), nn.GroupNorm(1, 3, bias=False))
with torch.no_grad():
    gn.weight.copy_(torch.tensor([1.0, -2.0, 0.5, 3.0]))
    gn.bias.copy_(torch.tensor([0.1, 0.2, -0.3, 0.0]))
x = torch.randn(3, 4, 5, dtype=torch.float64, requires_grad=True)
y = gn(x)
print(y, y.grad_fn.name(), [f[0].name() for f in y.grad_fn.next_functions])
c = torch.arange(1.0, 5.0, dtype=torch.float64).reshape(1, 4, 1)
(y.pow(3) * c).sum().backward()
print(x.grad, gn.weight.grad, gn.bias.grad)
print(nn.GroupNorm(3, 6, eps=1e-2, affine=False)(torch.arange(24.0).reshape(2, 6, 2)))
""",
    "group_norm_functional_second_order": """
r = lambda t: t.detach().round(decimals=6) + 0.0  # (no -0.0 from rounding noise)
torch.manual_seed(1)
x = torch.randn(2, 6, 3, 2, dtype=torch.float64, requires_grad=True)
w = torch.randn(6, dtype=torch.float64, requires_grad=True)
b = torch.randn(6, dtype=torch.float64, requires_grad=True)
for args in [(3, w, b), (2, w, None), (6, None, None), (1, w, b)]:
    y = F.group_norm(x, *args, eps=1e-3)
    (g,) = torch.autograd.grad((y * y * y).sum(), x, create_graph=True)
    print(args[0], r(y.sum((0, 2, 3))), g.grad_fn.name())
    print(r(g.sum((0, 2, 3))))
    inputs = [x] + [t for t in args[1:] if t is not None]
    grads = torch.autograd.grad((g * g).sum(), inputs)
    print(r(grads[0].sum((0, 2, 3))), [r(t.sum()) for t in grads[1:]])
print(F.group_norm(torch.arange(8.0).reshape(2, 4), 2))
""",
    "group_norm_bad_groups": "torch.nn.GroupNorm(3, 4)",
    "group_norm_input_groups": "F.group_norm(torch.ones(2, 4, 3), 3)",
    "group_norm_module_channels": "torch.nn.GroupNorm(2, 4)(torch.ones(2, 3, 3))",
    "group_norm_1d": "F.group_norm(torch.ones(4), 2)",
    "group_norm_one_value": "F.group_norm(torch.ones(1, 2, 1), 2)",
    "group_norm_weight_size": "F.group_norm(torch.ones(2, 4, 3), 2, torch.ones(3))",
    "group_norm_bias_size": "F.group_norm(torch.ones(2, 4, 3), 2, torch.ones(4), torch.ones(3))",
    "group_norm_bias_size_no_weight": "F.group_norm(torch.ones(2, 4, 3), 2, None, torch.ones(3))",
    "group_norm_dtypes": "F.group_norm(torch.ones(2, 4, 3, dtype=torch.float64), 2, torch.ones(4))",
    # --- channel dropout
    "dropout2d_seeded_mask": """
torch.manual_seed(0)
x = torch.ones(4, 3, 2, 2, requires_grad=True)
y = F.dropout2d(x, 0.4)
print(y[:, :, 0, 0], y.grad_fn.name())
y.sum().backward()
print(x.grad[:, :, 1, 1])
m = torch.nn.Dropout2d(0.5)
print(m, m(torch.ones(2, 5, 1, 3))[:, :, 0, 0])
m.eval()
print(m(torch.ones(1, 2, 1, 1)), m.training)
z = torch.ones(2, 2, 2, 2)
print(F.dropout2d(z, 0.5, inplace=True) is z, z[:, :, 0, 0], torch.rand(2))
print(torch.nn.Dropout2d(0.2, True), F.dropout2d(x, 1.0).sum(), F.dropout2d(x, 0.0) is x)
print(F.dropout2d(x, training=False) is x)
""",
    "dropout2d_3d_and_5d_inputs": """
torch.manual_seed(3)
print(F.dropout2d(torch.ones(3, 4, 2)))
print(F.dropout2d(torch.ones(3, 4)))
print(F.dropout2d(torch.ones(2, 2, 1, 1, 2)).flatten())
""",
    "dropout1d_seeded_mask": """
torch.manual_seed(0)
m = torch.nn.Dropout1d(0.3)
print(m, m(torch.ones(3, 4, 2)))
y = F.dropout1d(torch.ones(4, 3, requires_grad=True))
print(y, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
""",
    "dropout2d_bad_p": "F.dropout2d(torch.ones(2, 3, 4, 4), 1.5)",
    "dropout2d_module_bad_p": "torch.nn.Dropout2d(-0.1)",
    "dropout2d_1d_input": "F.dropout2d(torch.ones(3))",
    "dropout1d_4d_input": "F.dropout1d(torch.ones(3, 4, 5, 6))",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    assert_same_as_torch(SNIPPETS[name])
