"""Every code example of the four curriculum sections (``shared/seeds``), run
under real torch and under minigrad: printed lines, errors and warnings must
agree. Where a seed's text is outdated (``ThAddBackward``, ``AddBackward``,
``<MulBackward>``), real torch 2.13 is the truth, not the seed.

The examples are typed as a student would type them into a notebook. Random
values are drawn after ``manual_seed`` so that both libraries print the same.
"""

from __future__ import annotations

import contextlib
import io
import re
import types
import warnings

import numpy as np
import pytest
import torch

import minigrad

from ..transcript import Transcript, run

# torch's create_graph warning is a once-per-process C++ warning, so whether a
# snippet shows it depends on the tests that ran before; it is checked on its
# own in test_programs.py (in a fresh process).
ONCE = "Using backward() with create_graph=True"


def _strip_import(code: str) -> str:
    """``import torch`` would rebind ``torch`` to real torch inside the snippet."""
    return "\n".join(line for line in code.splitlines() if line.strip() != "import torch")


def check(code: str) -> Transcript:
    """Run ``code`` under both libraries and assert the transcripts agree."""
    code = _strip_import(code)
    mine, theirs = run(code, minigrad), run(code, torch)
    assert mine.lines() == theirs.lines()
    assert [w for w in mine.warnings if ONCE not in w] == [
        w for w in theirs.warnings if ONCE not in w
    ]
    return theirs


_ADDR = re.compile(r"0x[0-9a-fA-F]+")


def run_cells(cells: list[str], module: types.ModuleType) -> list[Transcript]:
    """Run notebook cells one after another in one namespace, like a kernel:
    an error ends its cell only, and the next cell still runs."""
    namespace: dict = {"torch": module, "np": np, "__name__": "__notebook__"}
    out = []
    for cell in cells:
        buf = io.StringIO()
        error = None
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            with contextlib.redirect_stdout(buf):
                try:
                    exec(compile(_strip_import(cell), "<cell>", "exec"), namespace)
                except Exception as e:  # noqa: BLE001 - recorded like a notebook shows it
                    error = _ADDR.sub("0x...", f"{type(e).__name__}: {e}")
        found = [
            f"{w.category.__name__}: {w.message}" for w in caught if ONCE not in str(w.message)
        ]
        out.append(Transcript(_ADDR.sub("0x...", buf.getvalue()), error, found))
    return out


def check_cells(cells: list[str]) -> list[Transcript]:
    mine, theirs = run_cells(cells, minigrad), run_cells(cells, torch)
    for i, (m, t) in enumerate(zip(mine, theirs)):
        assert (i, m.lines(), m.warnings) == (i, t.lines(), t.warnings)
    return theirs


# --- seed 000: 2.5 Tensor and Autograd --------------------------------------
SEED000_SCALAR_1 = """
import torch
#定义输入张量x
x=torch.Tensor([2])
#初始化权重参数W,偏移量b、并设置require_grad属性为True，为自动求导
w=torch.randn(1,requires_grad=True)
b=torch.randn(1,requires_grad=True)
#实现前向传播
y=torch.mul(w,x) #等价于w*x
z=torch.add(y,b) #等价于y+b
#查看x,w，b页子节点的requite_grad属性
print("x,w,b的require_grad属性分别为：{},{},{}".format(x.requires_grad,w.requires_grad,b.requires_grad))
"""

SEED000_SCALAR_2 = """
#查看非叶子节点的requres_grad属性,
print("y，z的requires_grad属性分别为：{},{}".format(y.requires_grad,z.requires_grad))
#查看各节点是否为叶子节点
print("x，w，b，y，z的是否为叶子节点：{},{},{},{},{}".format(x.is_leaf,w.is_leaf,b.is_leaf,y.is_leaf,z.is_leaf))
#查看叶子节点的grad_fn属性
print("x，w，b的grad_fn属性：{},{},{}".format(x.grad_fn,w.grad_fn,b.grad_fn))
#查看非叶子节点的grad_fn属性
print("y，z的是否为叶子节点：{},{}".format(y.grad_fn,z.grad_fn))
"""

SEED000_SCALAR_3 = """
#基于z张量进行梯度反向传播,执行backward之后计算图会自动清空，
z.backward()
#如果需要多次使用backward，需要修改参数retain_graph为True，此时梯度是累加的
#z.backward(retain_graph=True)
#查看叶子节点的梯度，x是叶子节点但它无须求导，故其梯度为None
print("参数w,b的梯度分别为:{},{},{}".format(w.grad,b.grad,x.grad))
#非叶子节点的梯度，执行backward之后，会自动清空
print("非叶子节点y,z的梯度分别为:{},{}".format(y.grad,z.grad))
"""

# the book prints the flattened one-liners; here with their line breaks back
SEED000_JACOBIAN_SETUP = """
import torch
#定义叶子节点张量x，形状为1x2
x= torch.tensor([[2, 3]], dtype=torch.float, requires_grad=True)
#初始化Jacobian矩阵
J= torch.zeros(2 ,2)
#初始化目标张量，形状为1x2
y = torch.zeros(1, 2)
#定义y与x之间的映射关系：
#y1=x1**2+3*x2，y2=x2**2+2*x1
y[0, 0] = x[0, 0] ** 2 + 3 * x[0 ,1]
y[0, 1] = x[0, 1] ** 2 + 2 * x[0, 0]
"""

SEED000_JACOBIAN_WRONG = """
y.backward(torch.Tensor([[1, 1]]))
print(x.grad)
"""

SEED000_JACOBIAN_ROWS = """
#生成y1对x的梯度
y.backward(torch.Tensor([[1, 0]]),retain_graph=True)
J[0]=x.grad
#梯度是累加的，故需要对x的梯度清零
x.grad = torch.zeros_like(x.grad)
#生成y2对x的梯度
y.backward(torch.Tensor([[0, 1]]))
J[1]=x.grad
#显示jacobian矩阵的值
print(J)
"""


@pytest.mark.parametrize("seed", [None, 0, 7])
def test_seed000_scalar_backward(seed: int | None) -> None:
    """Section 2.5.3 in one go. Without a seed the printed lines do not depend
    on the random values (w.grad is x, b.grad is 1)."""
    prefix = "" if seed is None else f"torch.manual_seed({seed})\n"
    out = check(prefix + SEED000_SCALAR_1 + SEED000_SCALAR_2 + SEED000_SCALAR_3)
    assert "tensor([2.]),tensor([1.]),None" in out.stdout
    # the non-leaf .grad warning for y and z
    assert sum("not a leaf Tensor" in w for w in out.warnings) == 2


def test_seed000_scalar_backward_prints_random_values() -> None:
    """With a seed, the random leaves themselves print identically."""
    check(
        "torch.manual_seed(0)\n"
        + SEED000_SCALAR_1
        + "print(w, b)\nprint(y, z)\n"
        + SEED000_SCALAR_3
        + "print(w.grad, b.grad)\n"
    )


def test_seed000_scalar_backward_as_notebook_cells() -> None:
    check_cells(["torch.manual_seed(0)" + SEED000_SCALAR_1, SEED000_SCALAR_2, SEED000_SCALAR_3])


def test_seed000_scalar_backward_twice_fails_and_retain_graph_accumulates() -> None:
    """The book's comment: a second backward needs retain_graph=True, and then
    the gradients add up. Mul saves its inputs, so a second plain backward fails."""
    out = check(SEED000_SCALAR_1 + "z.backward()\nz.backward()\n")
    assert out.error.startswith("RuntimeError: Trying to backward through the graph a second")
    check(
        SEED000_SCALAR_1
        + "z.backward(retain_graph=True)\nz.backward(retain_graph=True)\n"
        + "print(w.grad, b.grad)\nz.backward()\nprint(w.grad, b.grad)\n"
    )


def test_seed000_jacobian_setup_prints() -> None:
    check(SEED000_JACOBIAN_SETUP + "print(x)\nprint(y)\nprint(J)\nprint(y.grad_fn)\n")


def test_seed000_jacobian_wrong_vector() -> None:
    """v = (1, 1) gives the sum of the Jacobian's rows: tensor([[6., 9.]])."""
    out = check(SEED000_JACOBIAN_SETUP + SEED000_JACOBIAN_WRONG)
    assert out.stdout == "tensor([[6., 9.]])\n"


def test_seed000_jacobian_row_by_row_fresh_graph() -> None:
    """What the book means: the J block on its own freshly built graph."""
    out = check(SEED000_JACOBIAN_SETUP + SEED000_JACOBIAN_ROWS)
    assert out.stdout == "tensor([[4., 3.],\n        [2., 6.]])\n"


def test_seed000_jacobian_in_one_session() -> None:
    """Typed one after the other in one notebook, the J block hits the graph
    that the first backward freed (PowBackward0 saved x[0, 0])."""
    cells = check_cells([SEED000_JACOBIAN_SETUP, SEED000_JACOBIAN_WRONG, SEED000_JACOBIAN_ROWS])
    assert cells[2].error.startswith("RuntimeError: Trying to backward through the graph")
    # and the same in one single cell
    out = check(SEED000_JACOBIAN_SETUP + SEED000_JACOBIAN_WRONG + SEED000_JACOBIAN_ROWS)
    assert out.error.startswith("RuntimeError: Trying to backward through the graph")


def test_seed000_broadcastable_gradient_is_rejected() -> None:
    """Point 5 of 2.5.1 says a broadcastable gradient is fine; torch 2.13 disagrees."""
    out = check(SEED000_JACOBIAN_SETUP + "y.backward(torch.Tensor([1, 1]))\n")
    assert out.error.startswith("RuntimeError: Mismatch in shape")


def test_seed000_no_grad_and_detach() -> None:
    """Points 2 and 8 of 2.5.1: no_grad, detach and requires_grad_()."""
    check(
        SEED000_SCALAR_1
        + """
with torch.no_grad():
    z2 = torch.add(torch.mul(w, x), b)
print(z2.requires_grad, z2.grad_fn, z2.is_leaf)
d = z.detach()
print(d.requires_grad, d.is_leaf)
x.requires_grad_()
print(x.requires_grad, torch.mul(w, x).grad_fn)
"""
    )


# --- seed 001: pytorch autograd.grad -----------------------------------------
SEED001 = {
    "requires_grad_ways": """
x=torch.tensor(1.).requires_grad_()
print(x)
x=torch.tensor(1.,requires_grad=True)
print(x)
""",
    "backward": """
x = torch.tensor(2., requires_grad=True)

a = torch.add(x, 1)
b = torch.add(x, 2)
y = torch.mul(a, b)

y.backward()
print(x.grad)

print("requires_grad: ", x.requires_grad, a.requires_grad, b.requires_grad, y.requires_grad)
print("is_leaf: ", x.is_leaf, a.is_leaf, b.is_leaf, y.is_leaf)
print("grad: ", x.grad, a.grad, b.grad, y.grad)
""",
    "autograd_grad": """
x = torch.tensor(2., requires_grad=True)

a = torch.add(x, 1)
b = torch.add(x, 2)
y = torch.mul(a, b)

grad = torch.autograd.grad(outputs=y, inputs=x)
print(grad)
""",
    "first_order_backward": """
x = torch.tensor(2., requires_grad=True)
y = torch.tensor(3., requires_grad=True)

z = x * x * y

z.backward()
print(x.grad, y.grad)
""",
    "first_order_grad": """
x = torch.tensor(2.).requires_grad_()
y = torch.tensor(3.).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x)
print(grad_x[0])
""",
    "grad_twice_fails": """
x = torch.tensor(2.).requires_grad_()
y = torch.tensor(3.).requires_grad_()

z = x * x * y

grad_x=torch.autograd.grad(outputs=z,inputs=x)
grad_y=torch.autograd.grad(outputs=z,inputs=y)
""",
    "grad_retain_graph": """
x = torch.tensor(2.).requires_grad_()
y = torch.tensor(3.).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x, retain_graph=True)
grad_y = torch.autograd.grad(outputs=z, inputs=y)

print(grad_x[0], grad_y[0])
""",
    "second_order_without_create_graph": """
x = torch.tensor(2.).requires_grad_()
y = torch.tensor(3.).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x, retain_graph=True)
grad_xx = torch.autograd.grad(outputs=grad_x, inputs=x)

print(grad_xx[0])
""",
    "grad_grad": """
# autograd.grad() + autograd.grad()
x = torch.tensor(2.).requires_grad_()
y = torch.tensor(3.).requires_grad_()

z = x * x * y

grad_x = torch.autograd.grad(outputs=z, inputs=x, create_graph=True)
grad_xx = torch.autograd.grad(outputs=grad_x, inputs=x)

print(grad_xx[0])
""",
    "grad_then_backward": """
x = torch.tensor(2.).requires_grad_()
y = torch.tensor(3.).requires_grad_()

z = x * x * y

grad = torch.autograd.grad(outputs=z, inputs=x, create_graph=True)
grad[0].backward()

print(x.grad)
""",
    "backward_then_grad": """
x = torch.tensor(2.).requires_grad_()
y = torch.tensor(3.).requires_grad_()

z = x * x * y

z.backward(create_graph=True)
grad_xx = torch.autograd.grad(outputs=x.grad, inputs=x)

print(grad_xx[0])
""",
    "backward_twice_accumulates": """
x = torch.tensor(2.).requires_grad_()
y = torch.tensor(3.).requires_grad_()

z = x * x * y

z.backward(create_graph=True) # x.grad = 12
x.grad.backward()

print(x.grad)
""",
    "backward_twice_zeroed": """
x = torch.tensor(2.).requires_grad_()
y = torch.tensor(3.).requires_grad_()

z = x * x * y

z.backward(create_graph=True)
x.grad.data.zero_()
x.grad.backward()

print(x.grad)
""",
    "non_scalar_fails": """
x = torch.tensor([1., 2.]).requires_grad_()
y = x + 1

y.backward()
print(x.grad)
""",
    "sum_backward": """
x = torch.tensor([1., 2.]).requires_grad_()
y = x * x

y.sum().backward()
print(x.grad)
""",
    "ones_like_backward": """
x = torch.tensor([1., 2.]).requires_grad_()
y = x * x

y.backward(torch.ones_like(x))
print(x.grad)
""",
    "grad_outputs": """
x = torch.tensor([1., 2.]).requires_grad_()
y = x * x

grad_x = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=torch.ones_like(x))
print(grad_x[0])
""",
    "grad_of_sum": """
x = torch.tensor([1., 2.]).requires_grad_()
y = x * x

grad_x = torch.autograd.grad(outputs=y.sum(), inputs=x)
print(grad_x[0])
""",
    "zero_grad": """
x = torch.tensor([1., 2.]).requires_grad_()
y = x * x
y.sum().backward()
print(x.grad)
x.grad.zero_()
print(x.grad)
y = x * x
y.sum().backward()
print(x.grad)
""",
    "detach": """
x = torch.tensor([2.], requires_grad=True)

a = torch.add(x, 1).detach()
b = torch.add(x, 2)
y = torch.mul(a, b)

y.backward()

print("requires_grad: ", x.requires_grad, a.requires_grad, b.requires_grad, y.requires_grad)
print("is_leaf: ", x.is_leaf, a.is_leaf, b.is_leaf, y.is_leaf)
print("grad: ", x.grad, a.grad, b.grad, y.grad)
""",
    "inplace_on_leaf": """
x = torch.tensor([2.], requires_grad=True)
print(id(x) == id(x.add_(1)))
""",
    "inplace_keeps_address": """
a = torch.tensor([2.])
before = id(a)
a.add_(1)
print(a, id(a) == before)
a = a + 1
print(a, id(a) == before)
""",
}


@pytest.mark.parametrize("name", list(SEED001))
def test_seed001(name: str) -> None:
    check(SEED001[name])


def test_seed001_outputs_match_the_book_where_it_is_current() -> None:
    """Spot checks against the printed results in the section (torch agrees)."""
    assert check(SEED001["backward"]).stdout.splitlines()[0] == "tensor(7.)"
    assert check(SEED001["autograd_grad"]).stdout == "(tensor(7.),)\n"
    assert check(SEED001["grad_grad"]).stdout == "tensor(6.)\n"
    assert check(SEED001["backward_twice_accumulates"]).stdout == (
        "tensor(18., grad_fn=<CopyBackwards>)\n"
    )
    assert check(SEED001["backward_twice_zeroed"]).stdout == "tensor(6., grad_fn=<CopyBackwards>)\n"
    out = check(SEED001["second_order_without_create_graph"])
    assert out.error == (
        "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn"
    )
    out = check(SEED001["non_scalar_fails"])
    assert out.error == "RuntimeError: grad can be implicitly created only for scalar outputs"


# --- seed 003: the PyTorch autograd tutorial ---------------------------------
# The section shows the tutorial's prose; these are its code cells.
SEED003_GRAPH = """
import torch

x = torch.ones(5)  # input tensor
y = torch.zeros(3)  # expected output
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w)+b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
"""

SEED003_CELLS = [
    SEED003_GRAPH,
    """
print(f"Gradient function for z = {z.grad_fn}")
print(f"Gradient function for loss = {loss.grad_fn}")
""",
    """
loss.backward()
print(w.grad)
print(b.grad)
""",
    """
z = torch.matmul(x, w)+b
print(z.requires_grad)

with torch.no_grad():
    z = torch.matmul(x, w)+b
print(z.requires_grad)
""",
    """
z = torch.matmul(x, w)+b
z_det = z.detach()
print(z_det.requires_grad)
""",
    """
inp = torch.eye(4, 5, requires_grad=True)
out = (inp+1).pow(2).t()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"First call\\n{inp.grad}")
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\\nSecond call\\n{inp.grad}")
inp.grad.zero_()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\\nCall after zeroing gradients\\n{inp.grad}")
""",
]


@pytest.mark.parametrize("seed", [0, 42])
def test_seed003_tutorial_as_notebook(seed: int) -> None:
    cells = [f"torch.manual_seed({seed})" + SEED003_CELLS[0], *SEED003_CELLS[1:]]
    out = check_cells(cells)
    assert out[1].stdout.splitlines()[0].startswith("Gradient function for z = <AddBackward0")
    assert out[5].stdout.startswith("First call\ntensor([[4., 2., 2., 2., 2.],")


def test_seed003_tutorial_in_one_cell_prints_values() -> None:
    check(
        "torch.manual_seed(0)\n"
        + "".join(SEED003_CELLS)
        + "print(w)\nprint(b)\nprint(loss)\nprint(z)\n"
    )


def test_seed003_tutorial_second_backward_needs_retain_graph() -> None:
    """'we can only perform gradient calculations using backward once on a given graph'."""
    out = check("torch.manual_seed(0)\n" + SEED003_GRAPH + "loss.backward()\nloss.backward()\n")
    assert out.error.startswith("RuntimeError: Trying to backward through the graph a second time")


def test_seed003_backward_is_backward_of_one() -> None:
    """The closing note: backward() equals backward(torch.tensor(1.0))."""
    check(
        "torch.manual_seed(0)\n"
        + SEED003_GRAPH
        + "loss.backward(torch.tensor(1.0))\nprint(w.grad)\nprint(b.grad)\n"
    )


# --- seed 004: Tensor and its gradient (d2l-zh) -------------------------------
SEED004 = {
    "leaf": """
x = torch.ones(2, 2, requires_grad=True)
print(x)
print(x.grad_fn)
""",
    "add": """
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
print(y)
print(y.grad_fn)
""",
    "mean_backward": """
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
out = z.mean()
print(z, out)
out.backward()
# 等价于 out.backward(torch.tensor(1.))，因为out是标量，
#所以不需要参数，否则需要加入一个与out同样大小的张量作为权重
print(x.grad)
""",
    "mean_backward_with_explicit_one": """
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
out = z.mean()
out.backward(torch.tensor(1.))
print(x.grad)
""",
    "view_backward": """
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = 2 * x
z = y.view(2, 2)
print(z)
v = torch.tensor([[1.0, 0.1], [0.01, 0.001]], dtype=torch.float)
z.backward(v)
print(x.grad)
""",
    "no_grad": """
x = torch.tensor(1.0, requires_grad=True)
y1 = x ** 2
with torch.no_grad():
    y2 = x ** 3
y3 = y1 + y2

print(x.requires_grad)
print(y1, y1.requires_grad) # True
print(y2, y2.requires_grad) # False
print(y3, y3.requires_grad) # True
y3.backward()
print(x.grad)
""",
    "data": """
x = torch.ones(1,requires_grad=True)

print(x.data) # 还是一个tensor
print(x.data.requires_grad) # 但是已经是独立于计算图之外

y = 2 * x
y.data*= 100 # 只改变了值，不会记录在计算图，所以不会影响梯度传播
y.backward()
print(x) # 更改data的值也会影响tensor的值
print(x.grad)
""",
    "inplace_recorded": """
x = torch.ones(1,requires_grad=True)

print(x.data) # 还是一个tensor
print(x.data.requires_grad) # 但是已经是独立于计算图之外

y = 2 * x
y*= 100 # 记录在计算图，会影响梯度传播
y.backward()
print(x) # 更改data的值也会影响tensor的值
print(x.grad)
""",
}


@pytest.mark.parametrize("name", list(SEED004))
def test_seed004(name: str) -> None:
    check(SEED004[name])


def test_seed004_outdated_names_are_torch_2_13_names() -> None:
    """The book shows AddBackward, MulBackward, ViewBackward, ThAddBackward."""
    assert check(SEED004["add"]).stdout.endswith(
        "grad_fn=<AddBackward0>)\n<AddBackward0 object at 0x...>\n"
    )
    out = check(SEED004["mean_backward"]).stdout
    assert "grad_fn=<MulBackward0>) tensor(27., grad_fn=<MeanBackward0>)" in out
    assert "tensor([[4.5000, 4.5000],\n        [4.5000, 4.5000]])" in out
    assert "grad_fn=<ViewBackward0>" in check(SEED004["view_backward"]).stdout
    assert "tensor(2., grad_fn=<AddBackward0>) True" in check(SEED004["no_grad"]).stdout


def test_seed004_as_one_notebook() -> None:
    """The d2l section typed top to bottom in one kernel."""
    check_cells(list(SEED004.values()))
