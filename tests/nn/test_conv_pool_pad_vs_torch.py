"""1-D convolution and pooling, adaptive pooling and padding against real torch:
each snippet must print the same lines (reprs, values, gradients, second
derivatives, grad_fn names) and raise the same errors."""

from __future__ import annotations

import pytest

from ..transcript import assert_same_as_torch

SNIPPETS = {
    "interpolate_nearest": """
nn = torch.nn
print(nn.Upsample(scale_factor=2), nn.Upsample(size=(3, 5)), nn.Upsample(size=4))
x = torch.arange(6.0, requires_grad=True)
y = F.interpolate(x.view(1, 1, 2, 3), scale_factor=2)
print(y, y.grad_fn.name())
y = F.interpolate(x.view(1, 1, 2, 3), size=(3, 4))
(y * torch.arange(12.0).view(1, 1, 3, 4)).sum().backward()
print(y, x.grad)
for sf in (0.5, 1.7, 3, 2.5, 0.3):
    print(F.interpolate(torch.arange(7.0).view(1, 1, 7), scale_factor=sf))
for n in (3, 9, 1, 7):
    print(F.interpolate(torch.arange(7.0).view(1, 1, 7), size=n))
print(F.interpolate(torch.arange(12.0).view(1, 1, 3, 4), scale_factor=(1.5, 0.75)))
x = torch.arange(5.0, requires_grad=True, dtype=torch.float64)
(g,) = torch.autograd.grad(
    F.interpolate(x.view(1, 1, 5), scale_factor=1.7).pow(2).sum(), x, create_graph=True
)
print(g, g.grad_fn.name())
g.sum().backward()
print(x.grad)
""",
    "interpolate_no_size": "F.interpolate(torch.ones(1, 1, 2, 2))",
    "interpolate_both": "F.interpolate(torch.ones(1, 1, 2, 2), size=2, scale_factor=2)",
    "interpolate_2d_input": "F.interpolate(torch.ones(2, 2), scale_factor=2)",
    "interpolate_size_dims": "F.interpolate(torch.ones(1, 1, 2, 2), size=(2, 2, 2))",
    # --- adaptive average pooling
    "adaptive_avg_pool2d_values_and_grads": """
x = torch.arange(70.0, dtype=torch.float64).reshape(1, 2, 5, 7).sin().requires_grad_()
for size in [(2, 3), 3, (None, 2), (5, 7), (7, 9), (1, 4)]:
    y = F.adaptive_avg_pool2d(x, size)
    v = torch.linspace(-1.0, 1.0, y.numel(), dtype=torch.float64).reshape(y.shape)
    (g,) = torch.autograd.grad(y, x, v.requires_grad_(), create_graph=True)
    print(size, y.shape, y.grad_fn.name(), g.grad_fn.name())
    print(y.detach())
    print(g.detach())
    (gv,) = torch.autograd.grad((g * g).sum(), v)
    print(gv)
""",
    "adaptive_avg_pool2d_to_one_is_a_mean": """
x = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()
y = F.adaptive_avg_pool2d(x, 1)
print(y, y.grad_fn.name(), y.grad_fn.next_functions)
y = F.adaptive_avg_pool1d(x, 1)
print(y, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
print(F.adaptive_avg_pool2d(torch.ones(3, 4), 1))
""",
    "adaptive_avg_pool_modules": """
nn = torch.nn
x = torch.arange(60.0).reshape(1, 3, 4, 5).cos().requires_grad_()
for m in [nn.AdaptiveAvgPool2d((2, 3)), nn.AdaptiveAvgPool2d(2), nn.AdaptiveAvgPool2d((None, 3))]:
    y = m(x)
    print(m, y, list(m.state_dict()))
s = torch.arange(30.0).reshape(2, 3, 5).requires_grad_()
m = nn.AdaptiveAvgPool1d(3)
y = m(s)
y.pow(2).sum().backward()
print(m, y, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), s.grad)
print(nn.Sequential(nn.Conv2d(1, 2, 3), nn.AdaptiveAvgPool2d(1), nn.Flatten()))
""",
    "adaptive_max_pool": """
x = torch.tensor([[[[1.0, 5.0, 2.0, 0.0, 3.0], [4.0, 4.0, 9.0, 1.0, 2.0], [0.5, 7.0, 7.0, 6.0, 1.0],
                    [2.0, 2.0, 8.0, 8.0, 3.0]]]], dtype=torch.float64, requires_grad=True)
for size in [(2, 3), 1, (None, 2), (3, 4), (6, 7)]:
    y, i = F.adaptive_max_pool2d(x, size, return_indices=True)
    v = torch.linspace(-1.0, 1.0, y.numel(), dtype=torch.float64).reshape(y.shape).requires_grad_()
    (g,) = torch.autograd.grad(y, x, v, create_graph=True)
    (gv,) = torch.autograd.grad((g * g * x).sum(), v)
    print(size, y, i, y.grad_fn.name(), g.grad_fn.name(), g.detach(), gv)
n = torch.tensor([[[1.0, float("nan"), 3.0, float("nan")], [2.0, 2.0, 1.0, 0.0]]])
print(F.adaptive_max_pool2d(n, (1, 2), return_indices=True))
s = torch.arange(30.0).reshape(2, 3, 5).cos().requires_grad_()
y = F.adaptive_max_pool1d(s, 2)
y.sum().backward()
print(y, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), s.grad)
print(F.adaptive_max_pool1d(s, 3, return_indices=True)[1])
nn = torch.nn
for m in [nn.AdaptiveMaxPool2d(3), nn.AdaptiveMaxPool2d((2, None), True), nn.AdaptiveMaxPool1d(2)]:
    print(m, m(s[None].detach()) if isinstance(m, nn.AdaptiveMaxPool2d) else m(s.detach()))
""",
    "adaptive_max_pool2d_2d_input": "F.adaptive_max_pool2d(torch.ones(3, 4), 2)",
    "adaptive_max_pool2d_empty": "F.adaptive_max_pool2d(torch.ones(1, 3, 0, 4), 2)",
    "adaptive_max_pool2d_negative": "F.adaptive_max_pool2d(torch.ones(2, 3, 4), (2, -1))",
    "adaptive_max_pool1d_4d": "F.adaptive_max_pool1d(torch.ones(1, 3, 4, 4), 2)",
    "adaptive_max_pool1d_two_sizes": "F.adaptive_max_pool1d(torch.ones(2, 3, 4), (2, 3))",
    "adaptive_avg_pool2d_2d_input": "F.adaptive_avg_pool2d(torch.ones(3, 4), 2)",
    "adaptive_avg_pool2d_5d_input": "F.adaptive_avg_pool2d(torch.ones(1, 3, 4, 4, 2), 2)",
    "adaptive_avg_pool2d_three_sizes": "F.adaptive_avg_pool2d(torch.ones(1, 3, 4, 4), (2, 2, 2))",
    "adaptive_avg_pool2d_negative": "F.adaptive_avg_pool2d(torch.ones(2, 3, 4), (2, -1))",
    "adaptive_avg_pool2d_empty": "F.adaptive_avg_pool2d(torch.ones(1, 3, 0, 4), 2)",
    "adaptive_avg_pool2d_none_short": "F.adaptive_avg_pool2d(torch.ones(3, 4), (None, 2))",
    "adaptive_avg_pool1d_4d": "F.adaptive_avg_pool1d(torch.ones(1, 3, 4, 4), 2)",
    "adaptive_avg_pool1d_two_sizes": "F.adaptive_avg_pool1d(torch.ones(2, 3, 4), (2, 3))",
    # --- padding
    "pad_constant": """
x = torch.arange(12.0, dtype=torch.float64).reshape(1, 3, 4).requires_grad_()
for p, v in [((1, 2), None), ((1, 2, 0, 1), 3.5), ((-1, 2), None), ((0, 0, 1, 1, 2, 0), -1.0),
             ((-1, -2, 1, -1), None), ((2, -3), 1)]:
    y = F.pad(x, p, value=v) if v is not None else F.pad(x, p)
    w = torch.linspace(-2.0, 2.0, y.numel(), dtype=torch.float64).reshape(y.shape).requires_grad_()
    (g,) = torch.autograd.grad(y, x, w, create_graph=True)
    (gw,) = torch.autograd.grad((g * g).sum(), w)
    print(p, y, y.grad_fn.name(), g.grad_fn.name())
    print(g.detach(), gw)
print(F.pad(torch.tensor([1, 2]), (1, 1), value=7))
print(F.pad(torch.ones(2, 2), (1, 1), "constant", 0.5))
""",
    "pad_reflect_replicate": """
x = torch.arange(24.0, dtype=torch.float64).reshape(2, 3, 4).sqrt().requires_grad_()
for p, mode in [((1, 2), "reflect"), ((3, 3), "reflect"), ((2, 1, 1, 2), "reflect"),
                ((1, 2), "replicate"), ((5, 0), "replicate"), ((2, 1, 3, 0), "replicate")]:
    y = F.pad(x, p, mode=mode)
    w = torch.linspace(-2.0, 2.0, y.numel(), dtype=torch.float64).reshape(y.shape).requires_grad_()
    (g,) = torch.autograd.grad(y, x, w, create_graph=True)
    (gw,) = torch.autograd.grad((g * g).sum(), w)
    print(p, mode, y, y.grad_fn.name(), g.grad_fn.name())
    print(g.detach(), gw)
print(F.pad(x[0].detach(), (1, 1, 1, 1), mode="reflect").shape)
print(F.pad(x[0, 0].detach()[None], (1, 1), mode="reflect"))
""",
    "pad_modules": """
nn = torch.nn
x = torch.arange(6.0).reshape(1, 2, 3)
for m in [nn.ZeroPad2d(1), nn.ZeroPad2d((1, 2, 0, 1)), nn.ConstantPad1d(2, 3.5),
          nn.ConstantPad2d((1, 2, 3, 4), 1), nn.ZeroPad1d(2), nn.ConstantPad2d(1, -1.0),
          nn.ReflectionPad2d(1), nn.ReplicationPad2d(2), nn.ReflectionPad1d(1),
          nn.ReplicationPad1d((1, 2))]:
    y = m(x)
    print(m, m.padding, y.shape, y.grad_fn)
    print(y)
print(nn.Sequential(nn.ZeroPad2d(1), nn.Conv2d(1, 1, 3)))
""",
    "pad_odd_length": "F.pad(torch.ones(2, 3), (1,))",
    "pad_too_long": "F.pad(torch.ones(2, 3), (1, 1, 1, 1, 1, 1))",
    "pad_module_too_long": "torch.nn.ZeroPad2d(1)(torch.ones(3))",
    "pad_crop_too_much": "F.pad(torch.ones(2, 3), (-2, -2))",
    "pad_crop_too_much_right": "F.pad(torch.ones(2, 3), (2, -4))",
    "pad_float_width": "F.pad(torch.ones(2, 3), [1.5, 1])",
    "pad_bad_mode": "F.pad(torch.ones(2, 3), (1, 1), mode='bad')",
    "pad_reflect_value": "F.pad(torch.ones(2, 3), (1, 1), mode='reflect', value=2.0)",
    "pad_reflect_1d_input": "F.pad(torch.ones(3), (1, 1), mode='reflect')",
    "pad_replicate_4_on_2d": "F.pad(torch.ones(2, 3), (1, 1, 1, 1), mode='replicate')",
    "pad_reflect_too_wide": "F.pad(torch.ones(1, 2, 3), (3, 3), mode='reflect')",
    "pad_reflect_too_tall": "F.pad(torch.ones(2, 3, 3), (1, 1, 3, 3), mode='reflect')",
    "pad_reflect_both_too_big": "F.pad(torch.ones(2, 3, 3), (3, 3, 3, 3), mode='reflect')",
    # --- conv1d
    "conv1d_functional": """
r = lambda t: t.detach().round(decimals=6) + 0.0  # (no -0.0 from rounding noise)
torch.manual_seed(0)
x = torch.randn(2, 4, 9, dtype=torch.float64, requires_grad=True)
w = torch.randn(6, 2, 3, dtype=torch.float64, requires_grad=True)
b = torch.randn(6, dtype=torch.float64, requires_grad=True)
for kw in [{}, {"stride": 2}, {"padding": 2}, {"dilation": 2}, {"groups": 2},
           {"stride": (2,), "padding": [1], "dilation": 3, "groups": 2}, {"padding": "same"},
           {"padding": "valid"}]:
    groups = kw.get("groups", 1)
    ww = w if groups == 2 else w.reshape(3, 4, 3)
    y = F.conv1d(x, ww, b[: ww.shape[0]], **kw)
    v = (torch.arange(y.numel(), dtype=torch.float64) % 5 - 2).reshape(y.shape)
    gx, gw, gb = torch.autograd.grad(y, (x, w, b), v, create_graph=True)
    print(kw, y.shape, y.grad_fn.name())
    print(r(y), r(gx), r(gw), r(gb))
    gx2, gw2 = torch.autograd.grad((gx * gx).sum() + (gw * gw).sum(), (x, w))
    print(r(gx2), r(gw2))
y = F.conv1d(x[0], w.reshape(3, 4, 3))
print(y.shape, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
""",
    "conv1d_module": """
torch.manual_seed(0)
nn = torch.nn
for m in [nn.Conv1d(3, 4, 3),
          nn.Conv1d(4, 4, 3, stride=2, padding=1, dilation=2, groups=2, bias=False),
          nn.Conv1d(3, 4, 3, padding="same"), nn.Conv1d(3, 4, 3, padding="valid"),
          nn.Conv1d(3, 2, (5,))]:
    print(m, [(k, tuple(v.shape)) for k, v in m.state_dict().items()])
m = nn.Conv1d(3, 2, 3, padding=1)
print(m.weight, m.bias)
x = torch.randn(2, 3, 6)
y = m(x)
y.pow(2).sum().backward()
print(y, m.weight.grad, m.bias.grad)
""",
    "conv_padding_modes": """
torch.manual_seed(0)
nn = torch.nn
x = torch.randn(2, 2, 7, dtype=torch.float64, requires_grad=True)
for kw in [{"padding": 2, "padding_mode": "reflect"},
           {"padding": "same", "padding_mode": "replicate"},
           {"padding": (1,), "padding_mode": "replicate", "dilation": 2},
           {"padding": "same", "padding_mode": "reflect", "dilation": 3}]:
    m = nn.Conv1d(2, 3, 4 if kw["padding"] == "same" else 3, **kw).double()
    y = m(x)
    y.pow(2).sum().backward()
    print(m, y.shape, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
    print(y.sum(-1), x.grad.sum(-1), m.weight.grad.sum(-1))
    x.grad = None
img = torch.randn(1, 1, 5, 6)
m = nn.Conv2d(1, 2, 3, padding=(1, 2), padding_mode="reflect")
print(m, m(img).shape, m(img).grad_fn.next_functions[0][0].name())
""",
    "conv_bad_padding_mode": """
try:
    torch.nn.Conv2d(2, 3, 2, padding_mode="mirror")
except ValueError as e:  # (the set's order in torch's text depends on how it was compiled)
    start, rest = str(e).split("{")
    names, end = rest.split("}")
    print(start, sorted(names.split(", ")), end)
""",
    "conv_same_padding_even_kernels": """
torch.manual_seed(0)
x = torch.randn(1, 2, 6, 5, dtype=torch.float64, requires_grad=True)
for k, d in [((2, 3), 1), ((4, 4), 1), ((3, 2), 2), ((2, 2), 3)]:
    w = torch.randn(3, 2, *k, dtype=torch.float64, requires_grad=True)
    y = F.conv2d(x, w, padding="same", dilation=d)
    y.pow(2).sum().backward()
    print(k, d, y.shape, y.grad_fn.next_functions[0][0].name())
    print(y.sum(), x.grad.sum(), w.grad.sum())
    x.grad = None
s = torch.randn(2, 3, 7)
m = torch.nn.Conv1d(3, 2, 4, padding="same")
print(m(s).shape, m(s).grad_fn.next_functions[0][0].name())
print(F.conv1d(s[0], torch.ones(1, 3, 2), padding="same"))
""",
    "conv1d_4d_input": "F.conv1d(torch.ones(1, 2, 5, 5), torch.ones(3, 2, 2))",
    "conv1d_wrong_channels": "torch.nn.Conv1d(3, 4, 3)(torch.ones(2, 2, 5))",
    "conv1d_4d_weight": "F.conv1d(torch.ones(1, 2, 5), torch.ones(3, 2, 2, 2))",
    "conv1d_kernel_too_big": "F.conv1d(torch.ones(1, 2, 2), torch.ones(3, 2, 3))",
    "conv1d_same_strided": "F.conv1d(torch.ones(1, 2, 5), torch.ones(3, 2, 3), None, 2, 'same')",
    "conv1d_bad_padding_string": "F.conv1d(torch.ones(1, 2, 5), torch.ones(3, 2, 2), None, 1, 'x')",
    "conv2d_bad_padding": "F.conv2d(torch.ones(1, 2, 5, 5), torch.ones(3, 2, 2, 2), None, 1, 'x')",
    "conv1d_module_bad_padding_string": "torch.nn.Conv1d(2, 3, 2, padding='foo')",
    "conv1d_module_same_strided": "torch.nn.Conv1d(2, 3, 3, padding='same', stride=2)",
    "conv1d_dtypes": "F.conv1d(torch.ones(1, 2, 5, dtype=torch.float64), torch.ones(3, 2, 2))",
    # --- 1-D pooling
    "pool1d_functional": """
x = torch.arange(2 * 3 * 9, dtype=torch.float64).reshape(2, 3, 9).sin().requires_grad_()
for f, kw in [(F.max_pool1d, {"kernel_size": 2}),
              (F.max_pool1d, {"kernel_size": 3, "stride": 1, "padding": 1}),
              (F.max_pool1d, {"kernel_size": 2, "dilation": 2, "ceil_mode": True}),
              (F.avg_pool1d, {"kernel_size": 2}),
              (F.avg_pool1d, {"kernel_size": 3, "stride": 2, "padding": 1}),
              (F.avg_pool1d, {"kernel_size": 3, "padding": 1, "count_include_pad": False,
                              "ceil_mode": True})]:
    y = f(x, **kw)
    v = torch.linspace(-1.0, 1.0, y.numel(), dtype=torch.float64).reshape(y.shape).requires_grad_()
    (g,) = torch.autograd.grad(y, x, v, create_graph=True)
    print(f.__name__, kw, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
    print(y.detach(), g.detach())
    (gv,) = torch.autograd.grad((g * g).sum(), v)
    print(gv)
y, i = F.max_pool1d(x[0], 2, return_indices=True)
print(y.shape, i)
""",
    "pool1d_modules": """
nn = torch.nn
x = torch.arange(20.0).reshape(1, 2, 10).cos()
for m in [nn.MaxPool1d(2), nn.MaxPool1d(3, stride=1, padding=1), nn.AvgPool1d(2),
          nn.AvgPool1d(3, 1, 1), nn.MaxPool1d(2, return_indices=True)]:
    print(m, m(x))
""",
    "max_pool1d_4d": "F.max_pool1d(torch.ones(1, 2, 5, 5), 2)",
    "max_pool1d_1d": "F.max_pool1d(torch.ones(5, requires_grad=True), 2)",
    "max_pool1d_too_small": "F.max_pool1d(torch.ones(1, 2, 1), 2)",
    "max_pool1d_pad_over_half": "F.max_pool1d(torch.ones(1, 2, 5), 2, padding=2)",
    "max_pool1d_dilation_zero": "F.max_pool1d(torch.ones(1, 2, 5), 2, dilation=0)",
    "avg_pool1d_4d": "F.avg_pool1d(torch.ones(1, 2, 5, 5), 2)",
    "avg_pool1d_too_small": "F.avg_pool1d(torch.ones(1, 2, 1), 2)",
    "avg_pool1d_pad_over_half": "F.avg_pool1d(torch.ones(1, 2, 5), 2, padding=2)",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    assert_same_as_torch(SNIPPETS[name])
