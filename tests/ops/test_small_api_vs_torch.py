"""Small parts of torch's Tensor API, side by side with real torch: the dtype
shorthands, facts about a tensor (``nbytes``, ``storage_offset``...), other
names for comparisons and arithmetic, comparisons and shape changes in place,
``fliplr``/``flipud``/``msort``/``argwhere``, ``nan_to_num``,
``split_with_sizes``, the ``unsafe_`` splits and ``unfold`` (values, gradients
of first and second order, errors)."""

from __future__ import annotations

import pytest

from ..transcript import assert_same_as_torch

SNIPPETS = {
    "dtype_shorthands": """
x = torch.tensor([1.5, -2.7, 300.0])
print(x.byte(), x.char(), x.short(), x.short().dtype)
""",
    "facts": """
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(x.is_signed(), x.byte().is_signed(), x.int().is_signed(), x.bool().is_signed())
print(x.is_complex(), x.is_cpu, x.get_device())
print(x.is_same_size(torch.ones(2, 2)), x.is_same_size(torch.ones(4)))
print(x.nbytes, x.itemsize, x.double().nbytes, torch.tensor(True).itemsize)
print(torch.tensor([3]).is_nonzero(), torch.tensor(0.0).is_nonzero())
import pickle
print(type(x.size()), type(x.shape) is torch.Size, pickle.loads(pickle.dumps(x.shape)))
""",
    "is_nonzero_many": "torch.tensor([1, 2]).is_nonzero()",
    "is_nonzero_none": "torch.tensor([]).is_nonzero()",
    "storage_offset": """
x = torch.arange(12.0).view(3, 4)
print(x.storage_offset(), x[1:].storage_offset(), x[:, 2].storage_offset())
print(x[1, 1:].storage_offset(), x[1][1:].storage_offset(), x.t()[2].storage_offset())
""",
    "other_names": """
x = torch.tensor([1.0, 2.0, 3.0])
print(x.greater(2), x.greater_equal(2), x.less(2), x.less_equal(2), x.not_equal(2))
print(torch.greater(x, 2), torch.less_equal(x, torch.tensor([3.0, 1.0, 3.0])))
print(torch.multiply(x, 2), torch.divide(x, 2), torch.subtract(x, 1), torch.absolute(-x))
y = torch.tensor([1.0, 2.0])
print(y.multiply_(3), y.divide_(2), y.subtract_(1), y)
""",
    "comparisons_in_place": """
for op in ["eq_", "ne_", "lt_", "le_", "gt_", "ge_", "greater_", "less_"]:
    y = torch.tensor([1.0, 2.0, 3.0], requires_grad=True) * 1
    z = torch.tensor([2.0, 2.0, 2.0], requires_grad=True)
    y1, y2 = y.clone(), y.clone()
    getattr(y1, op)(2.0)
    getattr(y2, op)(z)
    print(op, y1, y2, len(y1.grad_fn.next_functions), len(y2.grad_fn.next_functions))
    (y1 * y2 * 3).sum().backward()
    print(z.grad)
a = torch.tensor([1, 2, 3])
a.gt_(1.5)
a.le_(torch.tensor([0, 1, 2]))
b = torch.tensor([True, False])
b.eq_(True)
print(a, b)
""",
    "comparison_in_place_on_a_leaf": "torch.ones(2, requires_grad=True).gt_(0)",
    "comparison_in_place_broadcast": "torch.tensor([1.0, 2.0]).lt_(torch.tensor([[1.0], [3.0]]))",
    "flips_and_msort": """
x = torch.arange(6.0, requires_grad=True)
m = x.view(2, 3)
print(m.fliplr(), torch.flipud(m), m.fliplr().grad_fn)
s = torch.tensor([[3.0, 1.0], [2.0, 4.0], [1.0, 0.0]], requires_grad=True)
y = torch.msort(s)
print(y, s.msort().grad_fn)
(y * torch.arange(6.0).view(3, 2)).sum().backward()
print(s.grad)
""",
    "fliplr_1d": "torch.arange(3.0).fliplr()",
    "flipud_0d": "torch.tensor(1.0).flipud()",
    "argwhere": """
x = torch.tensor([[1, 0], [0, 3]])
print(x.argwhere(), torch.argwhere(torch.tensor([0.0, 2.0])), torch.argwhere(torch.tensor(5)))
""",
    "nan_to_num": """
x = torch.tensor([float("nan"), float("inf"), -float("inf"), 1.0], requires_grad=True)
y = torch.nan_to_num(x, nan=0.5, posinf=9.0, neginf=-9.0)
print(x.nan_to_num(), y)
z = torch.tensor([float("nan"), -float("inf")], dtype=torch.float64).nan_to_num()
print(z, torch.tensor([1, 2]).nan_to_num())
(g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)
print(g, y.grad_fn.name())
w = torch.tensor([float("nan"), 2.0])
w.nan_to_num_(nan=-1.0)
print(w)
""",
    "split_with_sizes": """
x = torch.arange(10.0, requires_grad=True)
a, b = x.split_with_sizes([3, 7])
print(a, b, torch.split_with_sizes(x.detach(), [5, 5]))
""",
    "hsplit_vsplit_dsplit": """
print(torch.hsplit(torch.arange(6.0), 3), torch.arange(12.0).view(2, 6).hsplit([2]))
print(torch.vsplit(torch.arange(12.0).view(4, 3), [1, 3]))
print(torch.dsplit(torch.arange(8.0).view(2, 2, 2), 2))
x = torch.arange(6.0, requires_grad=True)
print(x.hsplit(3)[0].grad_fn.name())
""",
    "hsplit_not_divisible": "torch.hsplit(torch.arange(12.0).view(2, 6), 4)",
    "hsplit_zero": "torch.hsplit(torch.arange(12.0).view(2, 6), 0)",
    "hsplit_0d": "torch.hsplit(torch.tensor(1.0), 1)",
    "vsplit_1d": "torch.vsplit(torch.arange(6.0), 2)",
    "dsplit_2d": "torch.dsplit(torch.ones(2, 2), 2)",
    "split_with_sizes_bad": "torch.arange(10.0).split_with_sizes([3, 6])",
    "unsafe_split_and_chunk": """
x = torch.arange(10.0, requires_grad=True)
a, b, c = x.unsafe_chunk(3)
d, e = torch.unsafe_split(x * 1, 6)
f, g = x.unsafe_split_with_sizes([3, 7])
print(a, c, d, e, g, torch.unsafe_chunk(x.detach(), 2, dim=0))
(a.sum() + (c * c).sum() + (e * 3).sum() + (f * g[:3]).sum()).backward()
print(x.grad)
y = x * 1
p, q = y.unsafe_chunk(2)
p.mul_(2)  # not a view for autograd: no complaint, and y's data changes
print(p._base is None, y, torch.unsafe_split_with_sizes(y.detach(), [4, 6]))
""",
    "unsafe_split_list": "torch.arange(4.0).unsafe_split([1, 3])",
    "unsafe_chunk_float": "torch.arange(4.0).unsafe_chunk(2.0)",
    "unsafe_chunk_zero": "torch.arange(4.0).unsafe_chunk(0)",
    "unfold": """
x = torch.arange(7.0, requires_grad=True)
y = x.unfold(0, 3, 2)
print(y, y.grad_fn, y.shape, y.stride(), y.is_contiguous(), y._base is x)
m = torch.arange(12.0).view(3, 4)
print(m.unfold(1, 2, 1).shape, m.unfold(0, 2, 1), m.unfold(-1, 4, 3))
(g,) = torch.autograd.grad((y**2).sum(), x, create_graph=True)
print(g)
g.sum().backward()
print(x.grad)
print(torch.tensor(5.0).unfold(0, 1, 1), torch.arange(7.0).unfold(0, 0, 1).shape)
""",
    "shape_in_place": """
for op in ["unsqueeze_(0)", "squeeze_()", "squeeze_(0)", "squeeze_((0, 1))", "t_()",
           "transpose_(0, 1)", "swapdims_(0, 1)", "swapaxes_(0, 1)", "unsqueeze_(-1)"]:
    for t in (torch.ones(1, 3), torch.ones(1, 3, requires_grad=True) * 2):
        r = eval("t." + op)
        print(op, r is t, t.shape, t.grad_fn and t.grad_fn.name(), t._version, t.stride())
        if t.requires_grad:
            t.sum().backward()
a = torch.ones(3, requires_grad=True)
b = a * 1
b.unsqueeze_(0)
b.unsqueeze_(2)
print(b.shape, b.grad_fn.name(), b.grad_fn.next_functions[0][0].name())
(b * torch.arange(3.0).view(1, 3, 1)).sum().backward()
print(a.grad)
v = torch.ones(2, 3)
w = v[0]
w.unsqueeze_(0)
w.mul_(3)
print(w.shape, w._base is v, w.storage_offset(), v)
v = torch.ones(2, 3, requires_grad=True) * 1
w = v[1]
w.unsqueeze_(0)
print(w.grad_fn.name())
m = torch.arange(6.0).view(2, 3)
m.t_()
print(m, m.stride())
print(torch.ones(2, 1, 1).squeeze((0, 1)).shape, torch.ones(1, 1).squeeze((0, 1)).shape)
""",
    "shape_in_place_leaf": "torch.ones(1, 3, requires_grad=True).unsqueeze_(0)",
    "t_3d": "torch.ones(2, 2, 2).t_()",
    "transpose_bad_dim": "torch.ones(2, 3).transpose_(0, 2)",
    "unsqueeze_bad_dim": "torch.ones(2, 3).unsqueeze_(3)",
    "unfold_too_big": "torch.arange(7.0).unfold(0, 8, 1)",
    "unfold_step_0": "torch.arange(7.0).unfold(0, 2, 0)",
    "unfold_bad_dim": "torch.arange(7.0).unfold(1, 2, 1)",
}


@pytest.mark.parametrize("name", list(SNIPPETS))
def test_same_as_torch(name: str) -> None:
    assert_same_as_torch(SNIPPETS[name])
